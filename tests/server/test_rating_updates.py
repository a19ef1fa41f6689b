"""Ratings (on SQLite and PostgreSQL): an update equals openskill's own Plackett-Luce
computation, bots take part at their fixed ratings and never move, the result and the ratings
are one transaction (a failing rating write leaves no result either), and a rated game played
to the end through the API moves the player's rating, on their profile and in their games."""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
import time
from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce
from sqlalchemy import func, select, text
from sqlalchemy.orm import Session

from roost.core.registry import load_game
from roost.server.accounts.rows import insert_user
from roost.server.app import create_app
from roost.server.config import FAST_HASHING, Settings
from roost.server.db import Store
from roost.server.errors import ServerError
from roost.server.ratings.rows import RatingHistoryRow, RatingRow
from roost.server.ratings.service import (
    bot_rating,
    bot_ratings,
    display,
    rate_result,
)
from roost.server.tables.rows import SeatRecord, TableRecord, insert_table, load_table
from tests.server.helpers import FakeConnection, make_table, play_out, run, until


def a_user(store: Store, name: str) -> int:
    user = store.run(lambda session: insert_user(session, name, "argon2id-not-a-real-hash"))
    assert user is not None
    return user.id


def four_seats(store: Store, users: list[int]) -> TableRecord:
    record = TableRecord(
        id=secrets.token_urlsafe(6),
        game="big-chicken",
        params={"players": 4},
        seed=1,
        status="over",
        seats=[
            SeatRecord(0, "person", "Ana", None, "a" * 64, user=users[0]),
            SeatRecord(1, "bot", None, "hard"),
            SeatRecord(2, "person", "Bo", None, "b" * 64, user=users[1]),
            SeatRecord(3, "bot", None, "easy"),
        ],
        creator="test",
        created_at=time.time(),
        rated=True,
    )
    store.run(lambda session: insert_table(session, record))
    return record


def test_bot_ratings_are_those_roost_ratings_measured() -> None:
    for game in ("big-chicken", "egg-bound", "manda-huevos", "eggo"):
        levels = bot_ratings()[game]
        assert set(levels) == {"easy", "medium", "hard"}
    assert bot_rating("big-chicken", "hard") == (34.38, 1.93)
    assert display(25.0, 25 / 3) == 1000 and display(-100.0, 1.0) == 0


def test_a_four_seat_update_equals_openskills_own(store: Store) -> None:
    ana, bo = a_user(store, "Ana"), a_user(store, "Bo_")
    # Bo has played before: a rating of their own
    store.run(
        lambda session: session.add(
            RatingRow(
                user_id=bo,
                game="big-chicken",
                mu=27.5,
                sigma=4.0,
                rating=0,
                games=3,
                updated_at=0.0,
            )
        )
    )
    record = four_seats(store, [ana, bo])
    returns = [0.0, 1.0, 0.0, -1.0]  # the hard bot first, Ana and Bo tied, the easy bot last
    store.run(lambda session: rate_result(session, record, {"returns": returns, "winners": [1]}))

    model = PlackettLuce()
    teams = [
        [model.rating(mu=25.0, sigma=25 / 3)],
        [model.rating(mu=34.38, sigma=1.93)],
        [model.rating(mu=27.5, sigma=4.0)],
        [model.rating(mu=21.45, sigma=1.98)],
    ]
    expected = model.rate(teams, ranks=[2.0, 1.0, 2.0, 4.0])

    def read(session: Session) -> dict[int, RatingRow]:
        return {row.user_id: row for row in session.scalars(select(RatingRow))}

    rows = store.run(read)
    assert set(rows) == {ana, bo}  # the bots' ratings are not stored: they never move
    for user, seat, games in ((ana, 0, 1), (bo, 2, 4)):
        assert rows[user].mu == pytest.approx(expected[seat][0].mu, rel=1e-12)
        assert rows[user].sigma == pytest.approx(expected[seat][0].sigma, rel=1e-12)
        assert rows[user].games == games
        assert rows[user].rating == display(expected[seat][0].mu, expected[seat][0].sigma)
    history = store.run(
        lambda session: [
            (h.user_id, h.seat, h.rating_before, h.rating)
            for h in session.scalars(select(RatingHistoryRow).order_by(RatingHistoryRow.seat))
        ]
    )
    assert history == [
        (ana, 0, 1000, rows[ana].rating),
        (bo, 2, display(27.5, 4.0), rows[bo].rating),
    ]
    # a game is rated once: the same result again is refused by the store
    with pytest.raises(Exception, match=r"(?i)unique|duplicate"):
        store.run(lambda s: rate_result(s, record, {"returns": returns, "winners": [1]}))


def test_a_deleted_players_seat_is_rated_as_a_newcomer_and_stores_nothing(store: Store) -> None:
    ana = a_user(store, "Ana")
    record = four_seats(store, [ana, 999_999])  # Bo's account is gone
    store.run(lambda s: rate_result(s, record, {"returns": [1.0, 0, 0, 0], "winners": [0]}))
    users = store.run(lambda s: list(s.scalars(select(RatingRow.user_id))))
    assert users == [ana]


@pytest.mark.timeout(180)
def test_the_result_and_the_ratings_are_one_transaction(store: Store) -> None:
    """The rating hook fails after writing: the final move is refused as a whole (no result,
    no final actions, no rating), the table is where it was; with a working hook it goes
    through with both."""
    ana = a_user(store, "Ana")
    game = load_game("big-chicken", players=2)
    table, tokens = make_table(store, game, ["person", "easy"], seed=5)
    table.record.rated = True
    table.seats[0].user = ana
    store.run(
        lambda s: s.execute(
            text("UPDATE roost_tables SET rated = :r WHERE id = :t"), {"r": True, "t": table.id}
        )
    )
    calls: list[str] = []

    def failing(session: Session, record: TableRecord, result: dict[str, Any]) -> None:
        rate_result(session, record, result)
        calls.append(record.id)
        raise RuntimeError("the disk is full")

    table.on_result = failing

    async def play() -> None:
        connection = FakeConnection()
        await table.attach(connection, tokens[0])
        await table.start_if_full()
        rng = random.Random(3)
        person = asyncio.get_running_loop().create_task(
            play_out(table, {0: (tokens[0], connection)}, rng, limit=120)
        )
        try:
            await until(lambda: bool(calls) or person.done(), timeout=120)
            await asyncio.sleep(0.2)  # a bot whose write failed tries again: in vain
        finally:
            table.close()
            person.cancel()
            with contextlib.suppress(asyncio.CancelledError, ServerError, TimeoutError):
                await person

    run(play())
    assert calls, "the game never reached its end"
    stored = store.run(partial(load_table, table_id=table.id))
    assert stored is not None and stored.status == "playing" and stored.result is None
    assert len(stored.actions) == table.version
    counts = store.run(
        lambda s: (
            s.scalar(select(func.count()).select_from(RatingRow)),
            s.scalar(select(func.count()).select_from(RatingHistoryRow)),
        )
    )
    assert counts == (0, 0)


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    settings = Settings(
        database_url=database_url,
        bot_pause=0.0,
        reaction_pause=0.0,
        bot_workers=0,
        accounts=FAST_HASHING,
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def play_rated_game(client: TestClient, game: str, players: int) -> str:
    """Sign-up is done: make a rated table against bots and play it to the end at random."""
    headers = {"X-CSRF-Token": client.get("/api/account").json()["csrf"]}
    seats: list[dict[str, Any]] = [{"type": "open"}]
    seats += [
        {"type": "bot", "level": level} for level in ("easy", "medium", "hard")[: players - 1]
    ]
    made = client.post(
        "/api/tables",
        json={"game": game, "players": players, "name": "me", "rated": True, "seats": seats},
        headers=headers,
    )
    assert made.status_code == 201, made.text
    table_id, token = made.json()["table"]["id"], made.json()["token"]
    rng = random.Random(9)
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        for _ in range(5000):
            frame = ws.receive_json()
            if frame["type"] != "view":
                continue
            if frame["table"]["status"] == "over":
                return str(table_id)
            if frame["actions"] and not frame["passive"]:
                action = rng.choice(frame["actions"])["action"]
                ws.send_json({"type": "move", "version": frame["version"], "action": action})
    raise AssertionError("the game did not end")


@pytest.mark.timeout(240)
def test_a_rated_game_moves_the_rating_on_the_profile(client: TestClient) -> None:
    client.post("/api/account/signup", json={"name": "Ana", "password": "long enough words"})
    table_id = play_rated_game(client, "manda-huevos", 3)
    profile = client.get("/api/users/ana").json()
    assert profile["name"] == "Ana"
    [rating] = profile["ratings"]
    assert rating["game"] == "manda-huevos" and rating["rated_games"] == 1
    assert rating["provisional"] is True and rating["rating"] != 1000
    assert [point["table_id"] for point in rating["history"]] == [table_id]
    assert profile["stats"][0]["played"] == 1
    page = client.get("/api/users/Ana/games").json()
    [played] = page["games"]
    assert played["table_id"] == table_id and played["rated"] is True
    assert played["rating_before"] == 1000 and played["rating_after"] == rating["rating"]
    assert played["replay_url"] == f"/replay/{table_id}"
    assert [p["type"] for p in played["players"]] == ["person", "bot", "bot"]
    board = client.get("/api/leaderboard/manda-huevos").json()
    assert board["min_games"] == 10 and board["entries"] == []  # provisional: not listed yet
