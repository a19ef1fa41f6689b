"""The coach at the server (roost.server.coach), through the real app on SQLite and PostgreSQL:
a seat's review as a background job (progress, the stored result, a cancel, who may see it)
and hints on the play WebSocket (for the seat to move only; refused on a rated table)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from roost.coach.hints import hint
from roost.coach.review import ReviewSettings, review_seat
from roost.core.registry import load_game
from roost.server.app import create_app
from roost.server.coach.hints import hint_seed
from roost.server.config import FAST_HASHING, CoachLimits
from tests.server.test_accounts import PASSWORD
from tests.server.test_api import error_of, my_turn, receive_until, settings_for

LIMITS = CoachLimits(review_iterations=60, hint_iterations=60, chunk=3)


@pytest.fixture
def client(tmp_path: Path, database_url: str) -> Iterator[TestClient]:
    settings = settings_for(
        tmp_path,
        database_url=database_url,
        moves_per_second=1e6,
        frames_per_second=1e6,
        coach=LIMITS,
        accounts=FAST_HASHING,
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def finished_bot_table(client: TestClient, game: str = "egg-bound", players: int = 3) -> str:
    seats = [{"type": "bot", "level": "medium"}] * players
    made = client.post("/api/tables", json={"game": game, "players": players, "seats": seats})
    assert made.status_code == 201, made.text
    table_id: str = made.json()["table"]["id"]
    deadline = time.monotonic() + 120
    while client.get(f"/api/tables/{table_id}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return table_id


def wait_done(client: TestClient, url: str, **kwargs: Any) -> list[dict[str, Any]]:
    """Poll a review until it is done; every answer seen."""
    seen: list[dict[str, Any]] = []
    deadline = time.monotonic() + 120
    while True:
        answer = client.get(url, **kwargs)
        assert answer.status_code == 200, answer.text
        seen.append(answer.json())
        if seen[-1]["status"] not in ("queued", "running"):
            return seen
        assert time.monotonic() < deadline, "the review did not finish"
        time.sleep(0.02)


def test_a_finished_game_is_reviewed_in_the_background_and_stored_with_it(
    client: TestClient,
) -> None:
    table_id = finished_bot_table(client)
    url = f"/api/tables/{table_id}/reviews"
    assert client.get(f"{url}/1?viewer=all").json()["status"] == "none"
    started = client.post(url, json={"seat": 1, "viewer": "all"})
    assert started.status_code == 202, started.text
    assert started.json()["status"] in ("queued", "running", "done")
    seen = wait_done(client, f"{url}/1?viewer=all")
    final = seen[-1]
    assert final["status"] == "done"
    assert final["done"] == final["total"] > 0
    assert [s["done"] for s in seen] == sorted(s["done"] for s in seen)  # progress only grows
    replay = client.get(f"/api/tables/{table_id}/replay").json()
    game = load_game(replay["table"]["game"], **replay["table"]["params"])
    expected = review_seat(
        game, replay["history"], 1, ReviewSettings.for_budget(LIMITS.review_iterations)
    )
    assert final["review"] == expected.to_json()
    assert final["upto"] == final["version"] == len(replay["history"])
    # Asked again: the stored review, not a new job; the seat's own view may read it too.
    again = client.post(url, json={"seat": 1, "viewer": 1})
    assert again.status_code == 202 and again.json()["review"] == final["review"]
    assert client.get(f"{url}/1?viewer=1").json()["review"] == final["review"]


def test_a_review_is_shown_only_with_its_seat_s_view_or_the_full_deal(
    client: TestClient,
) -> None:
    table_id = finished_bot_table(client)
    url = f"/api/tables/{table_id}/reviews"
    for query in ("?viewer=0", "?viewer=spectator", ""):
        answer = client.get(f"{url}/1{query}")
        assert answer.status_code == 403, query
        assert error_of(answer)["code"] == "review_forbidden"
    refused = client.post(url, json={"seat": 1, "viewer": 2})
    assert refused.status_code == 403 and error_of(refused)["code"] == "review_forbidden"
    assert error_of(client.post(url, json={"seat": 5, "viewer": "all"}))["code"] == "bad_request"
    assert error_of(client.get(f"{url}/1?viewer=nobody"))["code"] == "bad_request"
    assert client.get("/api/tables/nope/reviews/0?viewer=all").status_code == 404
    forged = client.get(f"{url}/1?viewer=all", headers={"Authorization": "Bearer " + "x" * 40})
    assert forged.status_code == 401


def test_a_running_review_can_be_cancelled(tmp_path: Path, database_url: str) -> None:
    slow = CoachLimits(review_iterations=3000, chunk=1)
    settings = settings_for(tmp_path, database_url=database_url, coach=slow)
    with TestClient(create_app(settings)) as client:
        table_id = finished_bot_table(client, "big-chicken", 4)
        url = f"/api/tables/{table_id}/reviews"
        client.post(url, json={"seat": 0, "viewer": "all"})
        cancelled = client.delete(f"{url}/0?viewer=all")
        assert cancelled.status_code == 200
        assert cancelled.json()["status"] == "cancelled"
        seen = wait_done(client, f"{url}/0?viewer=all")
        assert seen[-1]["status"] == "cancelled" and seen[-1]["review"] is None
        # Stopped part way, or before it had counted its decisions (total still 0).
        last = seen[-1]
        assert last["done"] < last["total"] or last["done"] == last["total"] == 0


def test_a_player_reviews_their_own_seat_during_the_game_and_nobody_else_does(
    client: TestClient,
) -> None:
    seats = [{"type": "open"}, {"type": "bot", "level": "medium"}]
    made = client.post(
        "/api/tables", json={"game": "big-chicken", "players": 2, "seats": seats, "name": "Ana"}
    ).json()
    table_id, token = made["table"]["id"], made["token"]
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        view = my_turn(ws)
        choices = 0
        while choices < 3:  # three decisions with a choice, then the review
            choices += len(view["actions"]) > 1
            ws.send_json({"type": "move", "version": view["version"],
                          "action": view["actions"][0]["action"]})  # fmt: skip
            view = my_turn(ws)
    url = f"/api/tables/{table_id}/reviews"
    mine = {"Authorization": f"Bearer {token}"}
    assert error_of(client.post(url, json={"seat": 0, "viewer": "all"}))["code"] == (
        "review_forbidden"
    )
    assert error_of(client.post(url, json={"seat": 1}, headers=mine))["code"] == (
        "review_forbidden"
    )
    assert client.post(url, json={"seat": 0}, headers=mine).status_code == 202
    final = wait_done(client, f"{url}/0", headers=mine)[-1]
    assert final["status"] == "done"
    assert final["upto"] <= final["version"] < final["upto"] + 40
    assert 1 <= len(final["review"]["decisions"]) <= 3
    assert client.get(f"{url}/0").status_code == 403


def test_hints_for_the_seat_to_move_only(client: TestClient) -> None:
    seats = [{"type": "open"}, {"type": "bot", "level": "medium"}, {"type": "open"}]
    made = client.post(
        "/api/tables", json={"game": "egg-bound", "players": 3, "seats": seats, "name": "Ana"}
    ).json()
    table_id, token = made["table"]["id"], made["token"]
    assert made["table"]["hints"] is True
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Bo"}).json()
    with (
        client.websocket_connect(f"/api/tables/{table_id}/ws") as ana,
        client.websocket_connect(f"/api/tables/{table_id}/ws") as bo,
        client.websocket_connect(f"/api/tables/{table_id}/ws") as watcher,
    ):
        ana.send_json({"type": "hello", "token": token})
        bo.send_json({"type": "hello", "token": joined["token"]})
        watcher.send_json({"type": "hello"})
        view = my_turn(ana)
        ana.send_json({"type": "hint", "ref": "h1"})
        answer = receive_until(ana, "hint")
        assert answer["ref"] == "h1" and answer["version"] == view["version"]
        assert answer["seat"] == 0 and answer["measure"] == "win chance"
        legal = {a["action"] for a in view["actions"]}
        assert answer["moves"] and {m["action"] for m in answer["moves"]} <= legal
        assert all(0.0 <= m["value"] <= 1.0 for m in answer["moves"])
        bo.send_json({"type": "hint", "ref": "h2"})
        refused = receive_until(bo, "error")
        assert refused["code"] == "not_your_turn" and refused["ref"] == "h2"
        watcher.send_json({"type": "hint"})
        assert receive_until(watcher, "error")["code"] == "not_seated"


def test_a_hint_is_the_engine_s_hint_for_the_seat(client: TestClient) -> None:
    seats = [{"type": "open"}, {"type": "bot", "level": "medium"}]
    made = client.post(
        "/api/tables", json={"game": "big-chicken", "players": 2, "seats": seats, "name": "Ana"}
    ).json()
    table_id, token = made["table"]["id"], made["token"]
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        view = my_turn(ws)
        ws.send_json({"type": "hint"})
        answer = receive_until(ws, "hint")
    table = client.app.state.lobby.tables[table_id]  # type: ignore[attr-defined]
    history = [entry.action for entry in table.record.actions][: view["version"]]
    state = table.game.state_from_history(history)
    seed = hint_seed(table, view["version"], 0)
    expected = hint(state, 0, iterations=LIMITS.hint_iterations, seed=seed)
    assert answer["moves"] == [move.to_json() for move in expected.moves]


def test_a_rated_table_gives_no_hint_and_no_review_before_the_end(client: TestClient) -> None:
    signed_up = client.post("/api/account/signup", json={"name": "Ana", "password": PASSWORD})
    assert signed_up.status_code == 201, signed_up.text
    seats = [{"type": "open"}, {"type": "bot", "level": "medium"}]
    body = {"game": "big-chicken", "players": 2, "seats": seats, "name": "Ana", "rated": True}
    made = client.post(
        "/api/tables", json=body, headers={"X-CSRF-Token": signed_up.json()["csrf"]}
    ).json()
    assert made["table"]["rated"] is True
    table_id, token = made["table"]["id"], made["token"]
    assert made["table"]["hints"] is False
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        my_turn(ws)
        ws.send_json({"type": "hint", "ref": "r"})
        refused = receive_until(ws, "error")
        assert refused["code"] == "hints_off"
    answer = client.post(
        f"/api/tables/{table_id}/reviews",
        json={"seat": 0},
        headers={"Authorization": f"Bearer {token}", "X-CSRF-Token": signed_up.json()["csrf"]},
    )
    assert answer.status_code == 403
    assert "rated" in error_of(answer)["message"]
