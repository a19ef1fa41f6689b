"""Seats that survive a lost answer (issue: "A join lost in a crash holds a seat forever").

A create or a join whose answer is lost (the server died after storing it) is sent again with
the token the client chose: it gets the same table and seat, and the token works. A seat taken
by someone who never comes to the table goes back to open after the grace, and the table's log
says so; once the game has started, a stand-in plays for them instead.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from roost.core.registry import load_game
from roost.server.app import create_app
from roost.server.db import Store
from roost.server.errors import ServerError
from roost.server.tables.bots import BotRunner
from roost.server.tables.lobby import Lobby
from roost.server.tables.rows import SeatRecord, TableRecord, insert_table, load_table, save_seat
from roost.server.tables.table import Table, hash_token
from tests.server.helpers import FAST, FakeConnection, make_table, play_out, run, until
from tests.server.test_api import error_of, receive_until, settings_for


def a_token() -> str:
    """A token as a client makes it: 32 random bytes in base64url (43 characters)."""
    return secrets.token_urlsafe(32)


@pytest.fixture
def client(tmp_path: Path, database_url: str) -> Iterator[TestClient]:
    """The app on SQLite and on PostgreSQL, with a grace short enough to see it end."""
    settings = settings_for(tmp_path, database_url=database_url, grace=0.5)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def table_of(client: TestClient, table_id: str) -> dict[str, Any]:
    answer: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
    return answer


def wait_for(check: Any, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "the condition did not come true in time"
        time.sleep(0.02)


# --- through the REST API ----------------------------------------------------------------------


def test_a_join_sent_again_gets_the_same_seat_and_a_token_that_works(client: TestClient) -> None:
    seats = [{"type": "open"}] * 3 + [{"type": "bot", "level": "easy"}]
    ana = client.post("/api/tables", json={"game": "eggo", "seats": seats, "name": "Ana"}).json()
    table_id = ana["table"]["id"]
    token = a_token()
    first = client.post(f"/api/tables/{table_id}/join", json={"name": "Bo", "token": token})
    assert first.status_code == 200, first.text
    # the answer was lost: the same request again, and again asking for another seat
    for body in ({"name": "Bo", "token": token}, {"name": "Bo", "seat": 2, "token": token}):
        again = client.post(f"/api/tables/{table_id}/join", json=body)
        assert again.status_code == 200, again.text
        assert (again.json()["seat"], again.json()["token"]) == (1, token)
    info = table_of(client, table_id)
    assert [s["type"] for s in info["seats"]] == ["person", "person", "open", "bot"]
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        assert receive_until(ws, "welcome")["seat"] == 1
        log = receive_until(ws, "view")["log"]
    assert [line["text"] for line in log if "takes seat" in line["text"]] == ["Bo takes seat 2."]
    # the last seat: the table starts, and a join sent again after that is still answered
    cy = a_token()
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Cy", "token": cy})
    assert joined.json()["seat"] == 2 and joined.json()["table"]["status"] == "playing"
    again = client.post(f"/api/tables/{table_id}/join", json={"name": "Cy", "token": cy})
    assert again.status_code == 200 and (again.json()["seat"], again.json()["token"]) == (2, cy)
    # without the token it is a new join, refused as before
    late = client.post(f"/api/tables/{table_id}/join", json={"name": "Cy"})
    assert error_of(late)["code"] == "not_waiting"


def test_a_create_sent_again_answers_the_table_it_made(client: TestClient) -> None:
    token = a_token()
    seats = [{"type": "open"}, {"type": "open"}, {"type": "bot", "level": "easy"}]
    body = {"game": "manda-huevos", "players": 3, "seats": seats, "name": "Ana", "token": token}
    first = client.post("/api/tables", json=body)
    assert first.status_code == 201, first.text
    again = client.post("/api/tables", json=body)
    assert again.status_code in (200, 201), again.text
    assert again.json()["table"]["id"] == first.json()["table"]["id"]
    assert (again.json()["seat"], again.json()["token"]) == (0, token)
    listed = client.get("/api/tables?status=all").json()
    assert [t["id"] for t in listed] == [first.json()["table"]["id"]]


def test_a_token_that_cannot_be_a_claim_is_refused_and_changes_nothing(
    client: TestClient,
) -> None:
    token = a_token()
    body = {"game": "eggo", "name": "Ana", "token": token}
    assert client.post("/api/tables", json=body).status_code == 201
    refusals = [
        ({"game": "eggo", "players": 3, "name": "Ana", "token": token}, 409, "token_reused"),
        ({"game": "eggo", "token": a_token()}, 400, "bad_request"),
        ({"game": "eggo", "name": "Ana", "token": "short"}, 422, "invalid_request"),
        ({"game": "eggo", "name": "Ana", "token": "ä" * 40}, 422, "invalid_request"),
        ({"game": "eggo", "name": "Ana", "token": "x" * 129}, 422, "invalid_request"),
    ]
    for refused, status, code in refusals:
        answer = client.post("/api/tables", json=refused)
        assert (answer.status_code, error_of(answer)["code"]) == (status, code), refused
        assert error_of(answer)["message"]
    assert len(client.get("/api/tables?status=all").json()) == 1


def test_a_join_whose_answer_was_lost_and_never_retried_frees_its_seat(
    client: TestClient,
) -> None:
    """Ana connected, Bo's join stored but its answer lost, a seat still open, a bot. Bo never
    comes: after the grace seat 2 is open again, the log says so, and the table fills and
    plays."""
    seats = [{"type": "open"}] * 3 + [{"type": "bot", "level": "easy"}]
    body = {"game": "manda-huevos", "players": 4, "seats": seats, "name": "Ana"}
    ana = client.post("/api/tables", json=body).json()
    table_id = ana["table"]["id"]
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": ana["token"]})
        receive_until(ws, "welcome")
        lost = a_token()
        client.post(f"/api/tables/{table_id}/join", json={"name": "Bo", "token": lost})
        wait_for(lambda: table_of(client, table_id)["seats"][1]["type"] == "open")
        lines: list[str] = []
        while not any("did not come" in line for line in lines):
            frame = receive_until(ws, "view")
            lines += [line["text"] for line in frame["log"]]
        assert "Bo did not come to the table within 0.5 s: seat 2 is open again." in lines
        # Ana's own seat is kept: she is here
        assert table_of(client, table_id)["seats"][0]["name"] == "Ana"
        with client.websocket_connect(f"/api/tables/{table_id}/ws") as gone:
            gone.send_json({"type": "hello", "token": lost})
            assert receive_until(gone, "error")["code"] == "unauthorized"
        cy = client.post(f"/api/tables/{table_id}/join", json={"name": "Cy", "seat": 1})
        assert cy.status_code == 200 and cy.json()["seat"] == 1
        dee = client.post(f"/api/tables/{table_id}/join", json={"name": "Dee"})
        assert dee.status_code == 200 and dee.json()["table"]["status"] == "playing"


# --- the table on its own ----------------------------------------------------------------------


def test_someone_who_came_and_left_a_waiting_table_keeps_their_seat(store: Store) -> None:
    game = load_game("eggo", players=4)
    settings = replace(FAST, grace=0.05)

    async def scenario() -> None:
        kinds = ["person", "open", "open", "easy"]
        table, tokens = make_table(store, game, kinds, settings=settings)
        connection = FakeConnection()
        await table.attach(connection, tokens[0])
        await table.detach(connection)
        token = a_token()
        seat, _ = await table.join("Bo", None, token)
        await until(lambda: table.seats[seat].type == "open")
        assert table.seats[0].type == "person" and table.seats[0].arrived
        stored = store.run(lambda session: load_table(session, table.id))
        assert stored is not None
        assert [s.type for s in stored.seats] == ["person", "open", "open", "bot"]
        assert stored.seats[1].token_hash is None and stored.seats[0].arrived
        assert any("Bo did not come" in note.text for note in stored.notes)
        with pytest.raises(ServerError) as refused:
            table.authenticate(token)
        assert refused.value.code == "unauthorized"
        table.close()

    run(scenario())


def test_someone_who_never_comes_to_a_started_table_gets_a_stand_in(store: Store) -> None:
    game = load_game("eggo", players=2)
    settings = replace(FAST, grace=0.05, bot_pause=0.05)

    async def scenario() -> None:
        table, _ = make_table(store, game, ["open", "easy"], settings=settings)
        seat, _ = await table.join("Bo", None, a_token())  # the last seat: the game starts
        assert table.status == "playing"
        await until(lambda: table.seats[seat].away)
        assert table.seats[seat].type == "person"
        assert any("Bo left the table" in note.text for note in table.record.notes)
        table.close()

    run(scenario())


def test_someone_still_coming_to_a_started_table_has_the_arrival_grace(store: Store) -> None:
    """The last seat's taker starts the game before their page has connected: the grace of a
    closed tab (tiny here) must not hand their turns to a stand-in; the arrival grace does.
    Once they have come and gone, the short grace applies (seen on CI: at a table of bots the
    stand-in played a whole game of BIG CHICKEN while the page was still loading)."""
    game = load_game("eggo", players=2)
    settings = replace(FAST, grace=0.05, arrival_grace=600.0, bot_pause=0.05)

    async def scenario() -> None:
        table, _ = make_table(store, game, ["open", "easy"], settings=settings)
        token = a_token()
        seat, _ = await table.join("Bo", None, token)  # the last seat: the game starts
        assert table.status == "playing"
        deadline = table.timers.deadline(("grace", seat))
        assert deadline is not None and deadline - time.time() > 300
        assert not table.seats[seat].away
        connection = FakeConnection()
        await table.attach(connection, token)
        assert table.seats[seat].arrived and table.timers.deadline(("grace", seat)) is None
        await table.detach(connection)
        await until(lambda: table.seats[seat].away)
        table.close()

    run(scenario())


def test_a_join_stored_at_another_process_is_the_answer_to_its_retry(store: Store) -> None:
    """Two tables objects on one store stand for two server processes: the join is stored by
    one (whose answer is lost), the retry reaches the other, whose memory is older."""
    game = load_game("eggo", players=3)

    async def scenario() -> None:
        here, _ = make_table(store, game, ["person", "open", "open"])
        record = store.run(lambda session: load_table(session, here.id))
        assert record is not None
        there = Table.restore(record, store=store, bots=here.bots, settings=here.settings)
        token = a_token()
        seat, _ = await here.join("Bo", None, token)
        assert there.seats[seat].type == "open"  # it has not heard
        assert await there.join("Bo", None, token) == (seat, token)
        assert there.seats[seat].name == "Bo" and there.seats[2].type == "open"
        with pytest.raises(ServerError) as taken:
            await there.join("Cy", seat, a_token())
        assert taken.value.code == "seat_taken"
        here.close()
        there.close()

    run(scenario())


def waiting_table(store: Store, game: Any, seats: list[SeatRecord]) -> TableRecord:
    record = TableRecord(
        id=secrets.token_urlsafe(6),
        game=game.name,
        params=game.params,
        seed=12345,
        status="waiting",
        seats=seats,
        creator="test",
        created_at=time.time(),
    )
    store.run(lambda session: insert_table(session, record))
    return record


def test_after_a_restart_a_seat_nobody_came_to_opens_and_the_others_stay(store: Store) -> None:
    """A crash left a waiting table in the store whose seat 2 was taken by a join nobody ever
    used (its answer died with the server), seat 1 by someone who had come. The rebuilt table
    frees seat 2 after the grace and keeps seat 1."""
    game = load_game("manda-huevos", players=4)
    record = waiting_table(
        store,
        game,
        [
            SeatRecord(0, "person", "Ana", None, hash_token(a_token()), arrived=True),
            SeatRecord(1, "person", "Bo", None, hash_token(a_token()), arrived=False),
            SeatRecord(2, "open"),
            SeatRecord(3, "bot", None, "easy"),
        ],
    )
    settings = replace(FAST, grace=0.05)

    async def scenario() -> None:
        lobby = Lobby(store, BotRunner(0), settings)
        assert await lobby.restore_all() == 1
        table = lobby.tables[record.id]
        await until(lambda: table.seats[1].type == "open")
        await until(lambda: "did not come" in table.log_of(None).lines[-1]["text"])
        assert table.seats[0].name == "Ana" and table.status == "waiting"
        await lobby.close()

    run(scenario())
    stored = store.run(lambda session: load_table(session, record.id))
    assert stored is not None
    assert [s.type for s in stored.seats] == ["person", "open", "open", "bot"]
    assert [note.text for note in stored.notes] == [
        "Bo did not come to the table within 0.05 s: seat 2 is open again."
    ]


def test_the_issues_table_starts_after_a_restart_and_plays_to_the_end(store: Store) -> None:
    """The table of the issue, as the crash left it: waiting at version 0, seat 1 Ana, seat 2
    Bo (stored, never connected), seat 3 a bot. Rebuilt, it starts; Bo gets a stand-in after
    the grace; Ana plays; the game ends."""
    game = load_game("manda-huevos", players=3)
    ana = a_token()
    record = waiting_table(
        store,
        game,
        [
            SeatRecord(0, "person", "Ana", None, hash_token(ana), arrived=True),
            SeatRecord(1, "person", "Bo", None, hash_token(a_token()), arrived=False),
            SeatRecord(2, "bot", None, "easy"),
        ],
    )
    settings = replace(FAST, grace=0.05)

    async def scenario() -> None:
        lobby = Lobby(store, BotRunner(0), settings)
        await lobby.restore_all()
        table = lobby.tables[record.id]
        assert table.status == "playing"
        connection = FakeConnection()
        await table.attach(connection, ana)
        await until(lambda: table.seats[1].away)
        await play_out(table, {0: (ana, connection)}, random.Random(3), limit=120)
        assert any("Bo left the table" in note.text for note in table.record.notes)
        await lobby.close()

    run(scenario())
    stored = store.run(lambda session: load_table(session, record.id))
    assert stored is not None and stored.status == "over"


def test_the_owner_starts_a_table_filled_at_another_process_that_died(store: Store) -> None:
    """The last seat was stored by another process, which died before storing the start: the
    owner hears of the seat (`refresh`) and starts the table."""
    game = load_game("manda-huevos", players=3)

    async def scenario() -> None:
        owner, _ = make_table(store, game, ["person", "open", "easy"])
        seat = SeatRecord(1, "person", "Bo", None, hash_token(a_token()))
        store.run(lambda session: save_seat(session, owner.id, seat, claim=True))
        await owner.refresh()
        assert owner.status == "playing"
        stored = store.run(lambda session: load_table(session, owner.id))
        assert stored is not None and stored.status == "playing" and stored.actions
        owner.close()

    run(scenario())


def test_a_seat_changing_hands_elsewhere_closes_its_connections_here(store: Store) -> None:
    """Another process stored the seat as someone else's (or open): the connection here closes
    (4401, `seat_lost`) before the next person to sit there could be shown to it."""
    game = load_game("eggo", players=4)

    async def scenario() -> None:
        here, _ = make_table(store, game, ["person", "open", "open", "easy"])
        token = a_token()
        seat, _ = await here.join("Bo", None, token)
        connection = FakeConnection()
        await here.attach(connection, token)
        opened = SeatRecord(seat, "open", arrived=True)
        store.run(lambda session: save_seat(session, here.id, opened))
        await here.refresh()
        assert connection.ended == 4401
        assert connection.of_type("error")[-1]["code"] == "seat_lost"
        assert connection not in here.connections
        frames = len(connection.frames)
        await here.join("Cy", seat, a_token())
        assert len(connection.frames) == frames  # nothing of Cy's seat reached it
        here.close()

    run(scenario())


class OtherProcesses:
    """Peers that never tell anything (their news is still on its way)."""

    def elsewhere(self, table_id: str) -> set[int]:
        return set()

    def changed(self, table_id: str, seat: int, count: int) -> None:
        pass


def test_a_person_who_joined_at_another_process_is_seated_before_its_news_arrives(
    store: Store,
) -> None:
    """The race of CI run 34: Bo joins at one process and connects at once to another, whose
    table has not yet heard of the join: the token is looked up in the store, not refused."""
    game = load_game("manda-huevos", players=3)

    async def scenario() -> None:
        here, _ = make_table(store, game, ["person", "open", "easy"])
        record = store.run(lambda session: load_table(session, here.id))
        assert record is not None
        there = Table.restore(
            record, store=store, bots=here.bots, settings=here.settings, peers=OtherProcesses()
        )
        token = a_token()
        seat, _ = await here.join("Bo", None, token)
        assert there.seats[seat].type == "open"  # it has not heard
        connection = FakeConnection()
        assert await there.attach(connection, token) == seat
        assert connection.of_type("welcome")[0]["seat"] == seat and connection.ended is None
        stored = store.run(lambda session: load_table(session, here.id))
        assert stored is not None and stored.seats[seat].arrived
        with pytest.raises(ServerError) as wrong:  # a wrong token is still refused
            await there.attach(FakeConnection(), a_token())
        assert wrong.value.code == "unauthorized"
        here.close()
        there.close()

    run(scenario())


def test_a_person_who_came_elsewhere_is_not_given_up_by_a_stale_owner(store: Store) -> None:
    """The owner's grace ends for a person it never saw arrive, who did arrive at another
    process: the seat stays theirs (the store says they came)."""
    game = load_game("eggo", players=4)

    async def scenario() -> None:
        owner, _ = make_table(store, game, ["person", "open", "open", "easy"])
        token = a_token()
        seat, _ = await owner.join("Bo", None, token)
        record = store.run(lambda session: load_table(session, owner.id))
        assert record is not None
        there = Table.restore(
            record,
            store=store,
            bots=owner.bots,
            settings=owner.settings,
            peers=OtherProcesses(),
            owner=False,
        )
        await there.attach(FakeConnection(), token)  # stored as arrived, not yet heard of
        assert not owner.seats[seat].arrived
        await owner._grace_over(seat, hash_token(token))
        stored = store.run(lambda session: load_table(session, owner.id))
        assert stored is not None
        assert stored.seats[seat].type == "person" and stored.seats[seat].arrived
        assert owner.seats[seat].type == "person" and owner.seats[seat].arrived
        assert not [n for n in stored.notes if "did not come" in n.text]
        owner.close()
        there.close()

    run(scenario())


def test_a_person_whose_seat_was_given_up_elsewhere_is_refused_here(store: Store) -> None:
    """The other way round: the seat was given up at the owner just before its person connected
    here; the arrival is not stored over the open seat and the person is refused."""
    game = load_game("eggo", players=3)

    async def scenario() -> None:
        here, _ = make_table(store, game, ["person", "open", "easy"])
        token = a_token()
        seat, _ = await here.join("Bo", None, token)
        opened = SeatRecord(seat, "open", arrived=True)
        holder = hash_token(token)
        store.run(lambda session: save_seat(session, here.id, opened, holder=holder))
        connection = FakeConnection()
        with pytest.raises(ServerError) as refused:
            await here.attach(connection, token)
        assert refused.value.code == "unauthorized"
        assert connection not in here.connections and not connection.of_type("view")
        stored = store.run(lambda session: load_table(session, here.id))
        assert stored is not None and stored.seats[seat].type == "open"
        assert here.seats[seat].type == "open"
        here.close()

    run(scenario())
