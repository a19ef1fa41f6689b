"""The REST lobby and the WebSocket, through Starlette's TestClient (the real app, in-process)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from roost.core.registry import registered_games
from roost.server.app import create_app
from roost.server.config import Settings


def settings_for(tmp_path: Path, **changes: Any) -> Settings:
    values: dict[str, Any] = {
        "database_url": f"sqlite:///{tmp_path / 'api.db'}",
        "bot_pause": 0.0,
        "reaction_pause": 0.0,
        "bot_workers": 0,
        **changes,
    }
    return Settings(**values)


@pytest.fixture
def client(tmp_path: Path, database_url: str) -> Iterator[TestClient]:
    """The app on SQLite and on PostgreSQL (`database_url`): each test runs on both."""
    settings = settings_for(
        tmp_path, database_url=database_url, moves_per_second=1e6, frames_per_second=1e6
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def receive_until(ws: WebSocketTestSession, kind: str, limit: int = 200) -> dict[str, Any]:
    for _ in range(limit):
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == kind:
            return frame
        assert frame["type"] != "error" or kind == "error", frame
    raise AssertionError(f"no {kind} frame")


def my_turn(ws: WebSocketTestSession, limit: int = 2000) -> dict[str, Any]:
    """The next view that offers this seat moves (or the final view)."""
    for _ in range(limit):
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == "view" and (frame["actions"] or frame["table"]["status"] == "over"):
            return frame
    raise AssertionError("no turn came")


def error_of(response: Any) -> dict[str, Any]:
    body: dict[str, Any] = response.json()
    assert set(body) == {"error"}, body
    return body["error"]  # type: ignore[no-any-return]


# --- games --------------------------------------------------------------------------------------


def test_games_are_listed_with_parameters_rules_and_cards(client: TestClient) -> None:
    games = client.get("/api/games").json()
    assert [g["name"] for g in games] == sorted(registered_games())
    for game in games:
        assert game["params"][0]["name"] == "players"
        assert all(p["help"] and p["accepts"] for p in game["params"])
        detail = client.get(f"/api/games/{game['name']}").json()
        assert detail["rules"].startswith("#")
        assert detail["cards"] is None or detail["cards"][0]["id"] == 0
    assert client.get("/api/games/eggo").json()["cards"]
    assert error_of(client.get("/api/games/chess"))["code"] == "game_not_found"
    schema = client.get("/openapi.json").json()
    assert "/api/tables/{table_id}/join" in schema["paths"]


def test_a_game_s_cards_are_those_of_its_parameters(client: TestClient) -> None:
    """A table's rules dialog shows its own cards and counts: the catalogue follows the query's
    parameters; a bad or repeated one is refused with the parameter's own message."""
    printed = client.get("/api/games/manda-huevos").json()["cards"]
    own = client.get("/api/games/manda-huevos?players=3&own_cards=egg:12x2/move:2").json()["cards"]
    assert {card["name"] for card in own} - {card["name"] for card in printed} == {
        "own 1: Move 2 Eggs"
    }
    five = client.get("/api/games/eggo?copies=demogorgon=5").json()["cards"]
    assert "the fifth one ends the game" in five[-1]["text"]
    bad = error_of(client.get("/api/games/manda-huevos?own_cards=egg:99"))
    assert bad["code"] == "bad_params" and "own_cards" in bad["message"]
    twice = error_of(client.get("/api/games/eggo?players=3&players=4"))
    assert twice["code"] == "bad_params" and "more than once" in twice["message"]
    assert error_of(client.get("/api/games/eggo?colour=red"))["code"] == "bad_params"


def test_the_lobby_page_and_health(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "html" in page.headers["content-type"]
    assert client.get("/t/abc").status_code == 200
    assert client.get("/api/health").json()["ok"] is True


# --- a whole game over the WebSocket ------------------------------------------------------------


def test_two_people_and_a_bot_play_eggo_to_the_end_then_rematch_and_replay(
    client: TestClient,
) -> None:
    created = client.post(
        "/api/tables",
        json={
            "game": "eggo",
            "players": 3,
            "seats": [{"type": "open"}, {"type": "open"}, {"type": "bot", "level": "easy"}],
            "name": "Ana",
        },
    )
    assert created.status_code == 201, created.text
    body = created.json()
    table_id, ana = body["table"]["id"], body["token"]
    assert body["seat"] == 0 and body["table"]["status"] == "waiting"
    assert body["table"]["invite_url"].endswith(f"/t/{table_id}")
    assert table_id in [t["id"] for t in client.get("/api/tables").json()]

    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Bo"}).json()
    bo = joined["token"]
    assert joined["seat"] == 1 and joined["table"]["status"] == "playing"
    assert (
        error_of(client.post(f"/api/tables/{table_id}/join", json={"name": "Cy"}))["code"]
        == "not_waiting"
    )

    rng = random.Random(2)
    with (
        client.websocket_connect(f"/api/tables/{table_id}/ws") as ws_ana,
        client.websocket_connect(f"/api/tables/{table_id}/ws") as ws_bo,
        client.websocket_connect(f"/api/tables/{table_id}/ws") as ws_watch,
    ):
        ws_ana.send_json({"type": "hello", "token": ana})
        ws_bo.send_json({"type": "hello", "token": bo})
        ws_watch.send_json({"type": "hello"})
        assert receive_until(ws_ana, "welcome")["seat"] == 0
        assert receive_until(ws_bo, "welcome")["seat"] == 1
        assert receive_until(ws_watch, "welcome")["role"] == "spectator"
        sockets = {0: ws_ana, 1: ws_bo}
        tokens = {0: ana, 1: bo}
        moves = 0
        while True:
            info = client.get(f"/api/tables/{table_id}").json()
            if info["status"] == "over":
                break
            seat = info["to_move"]
            if seat not in sockets:
                time.sleep(0.002)
                continue
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            mine = client.get(f"/api/tables/{table_id}/view", headers=auth).json()
            if not mine["actions"]:
                continue
            action = rng.choice(mine["actions"])["action"]
            sockets[seat].send_json(
                {"type": "move", "version": mine["version"], "action": action, "ref": f"m{moves}"}
            )
            ack = receive_until(sockets[seat], "ack", limit=5000)
            assert ack["ref"] == f"m{moves}" and ack["version"] > mine["version"]
            moves += 1
        for ws in (ws_ana, ws_bo, ws_watch):
            last = receive_until(ws, "view", limit=5000)
            while last["table"]["status"] != "over":
                last = receive_until(ws, "view", limit=5000)
            assert last["table"]["result"] is not None
        final = client.get(f"/api/tables/{table_id}").json()
        assert final["status"] == "over" and final["result"]["seed"] >= 0

        rematch = client.post(
            f"/api/tables/{table_id}/rematch", headers={"Authorization": f"Bearer {bo}"}
        )
        assert rematch.status_code == 201
        again = client.post(
            f"/api/tables/{table_id}/rematch", headers={"Authorization": f"Bearer {ana}"}
        )
        assert again.status_code == 200
        new_id = rematch.json()["table"]["id"]
        assert again.json()["table"]["id"] == new_id
        assert receive_until(ws_watch, "table")["table"]["rematch"] == new_id

    new_table = client.get(f"/api/tables/{new_id}").json()
    assert new_table["status"] == "playing" and new_table["rematch_of"] == table_id
    assert [s["name"] for s in new_table["seats"]] == ["Ana", "Bo", "Easy bot"]
    # the same token sits at the rematch table
    seen = client.get(f"/api/tables/{new_id}/view", headers={"Authorization": f"Bearer {ana}"})
    assert seen.json()["seat"] == 0

    replay = client.get(f"/api/tables/{table_id}/replay").json()
    assert replay["seed"] == final["result"]["seed"]
    assert len(replay["steps"]) == final["version"] == len(replay["history"])
    mid = final["version"] // 2
    for viewer in ("all", "spectator", "0", "1"):
        step = client.get(f"/api/tables/{table_id}/replay/{mid}?viewer={viewer}")
        assert step.status_code == 200, step.text
    hands = client.get(f"/api/tables/{table_id}/replay/{mid}?viewer=all").json()["observation"]
    assert "hands" in hands
    spectator = client.get(f"/api/tables/{table_id}/replay/{mid}?viewer=spectator").json()
    assert "hands" not in spectator["observation"] and "hand" not in spectator["observation"]
    assert error_of(client.get(f"/api/tables/{new_id}/replay"))["code"] == "not_over"


# --- reconnection and refusals over the socket --------------------------------------------------


def test_reconnecting_gives_the_current_view_and_bad_frames_change_nothing(
    client: TestClient,
) -> None:
    body = client.post(
        "/api/tables",
        json={
            "game": "eggo",
            "players": 2,
            "seats": [{"type": "open"}, {"type": "open"}],
            "name": "Ana",
        },
    ).json()
    table_id, ana = body["table"]["id"], body["token"]
    bo = client.post(f"/api/tables/{table_id}/join", json={"name": "Bo"}).json()["token"]
    url = f"/api/tables/{table_id}/ws"
    with client.websocket_connect(url) as ws:
        ws.send_json({"type": "hello", "token": ana})
        receive_until(ws, "welcome")
        view = receive_until(ws, "view")
        version = view["version"]
        assert view["actions"] and view["seat"] == 0
        for bad, code in [
            ("not json", "bad_request"),
            ("[1, 2]", "bad_request"),
            ('{"type": "dance"}', "bad_request"),
            ('{"type": "move", "version": "x", "action": 1}', "bad_request"),
            ('{"type": "move", "version": 0, "action": 1, "extra": 1}', "bad_request"),
            ('{"type": "hello", "token": null}', "hello_first"),
            ("x" * 5000, "too_large"),
        ]:
            ws.send_text(bad)
            assert receive_until(ws, "error")["code"] == code
        ws.send_json({"type": "move", "version": version + 5, "action": 54, "ref": "s"})
        error = receive_until(ws, "error")
        assert (error["code"], error["ref"]) == ("stale_version", "s")
        assert receive_until(ws, "view")["version"] == version
        ws.send_json({"type": "move", "version": version, "action": 9999})
        assert receive_until(ws, "error")["code"] == "illegal_action"
        ws.send_json({"type": "ping", "ref": "p"})
        assert receive_until(ws, "pong")["ref"] == "p"
        action = view["actions"][0]["action"]
        ws.send_json({"type": "move", "version": version, "action": action})
        receive_until(ws, "ack")
        ws.send_json({"type": "move", "version": version, "action": action})
        assert receive_until(ws, "error")["code"] == "stale_version"
    after = client.get(f"/api/tables/{table_id}").json()
    with client.websocket_connect(url) as ws:
        ws.send_json({"type": "hello", "token": bo})
        receive_until(ws, "welcome")
        view = receive_until(ws, "view")
        assert view["version"] == after["version"] and view["actions"]
        assert view["log"] and view["log"][0]["n"] == 0
        assert any(line["kind"] == "move" and line["seat"] == 0 for line in view["log"])
    with client.websocket_connect(url) as ws:
        ws.send_json({"type": "hello"})
        receive_until(ws, "welcome")
        ws.send_json({"type": "move", "version": after["version"], "action": 55})
        assert receive_until(ws, "error")["code"] == "not_seated"
    with client.websocket_connect(url) as ws:
        ws.send_json({"type": "hello", "token": "forged"})
        assert receive_until(ws, "error")["code"] == "unauthorized"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4401
    with client.websocket_connect("/api/tables/nosuch/ws") as ws:
        assert ws.receive_json()["code"] == "table_not_found"
    assert client.get(f"/api/tables/{table_id}").json()["version"] == after["version"]


def test_flooding_moves_is_rate_limited(tmp_path: Path) -> None:
    settings = settings_for(tmp_path, moves_per_second=1.0, move_burst=2)
    with TestClient(create_app(settings)) as client:
        body = client.post(
            "/api/tables",
            json={
                "game": "eggo",
                "players": 2,
                "seats": [{"type": "open"}, {"type": "open"}],
                "name": "Ana",
            },
        ).json()
        with client.websocket_connect(f"/api/tables/{body['table']['id']}/ws") as ws:
            ws.send_json({"type": "hello", "token": body["token"]})
            receive_until(ws, "welcome")
            codes = []
            for _ in range(4):
                ws.send_json({"type": "move", "version": 0, "action": 54})
                codes.append(receive_until(ws, "error")["code"])
            assert codes[:2] == ["not_started", "not_started"]
            assert "rate_limited" in codes[2:]


# --- bad REST requests --------------------------------------------------------------------------


def test_bad_requests_answer_clear_errors_and_change_nothing(tmp_path: Path) -> None:
    with TestClient(create_app(settings_for(tmp_path, max_tables_per_client=2))) as client:

        def tables() -> list[str]:
            return [t["id"] for t in client.get("/api/tables?status=all").json()]

        cases: list[tuple[dict[str, Any], int, str]] = [
            ({"game": "chess"}, 404, "game_not_found"),
            ({"game": "eggo", "players": 9}, 400, "bad_params"),
            ({"game": "eggo", "params": {"colour": "red"}}, 400, "bad_params"),
            ({"game": "eggo", "params": {"characters": "random"}}, 400, "bad_params"),
            ({"game": "eggo", "players": 2, "seats": [{"type": "open"}]}, 400, "bad_seats"),
            (
                {"game": "eggo", "seats": [{"type": "bot", "level": "godlike"}]},
                422,
                "invalid_request",
            ),
            ({"game": "eggo", "players": "four"}, 422, "invalid_request"),
            ({"game": "eggo", "surprise": True}, 422, "invalid_request"),
            ({"game": "eggo", "name": "   "}, 422, "invalid_request"),
            ({"game": "eggo", "clock": 1}, 422, "invalid_request"),
            (
                {"game": "eggo", "players": 2, "seats": [{"type": "bot"}] * 2, "name": "A"},
                400,
                "bad_seats",
            ),
        ]
        for body, status, code in cases:
            response = client.post("/api/tables", json=body)
            assert response.status_code == status, (body, response.text)
            assert error_of(response)["code"] == code and error_of(response)["message"]
        assert tables() == []
        huge = client.post(
            "/api/tables",
            content=b"{" + b" " * 70000 + b"}",
            headers={"content-type": "application/json"},
        )
        assert huge.status_code == 413 and error_of(huge)["code"] == "too_large"
        assert error_of(client.post("/api/tables", content=b"{nope"))["code"] == "invalid_request"

        body = client.post("/api/tables", json={"game": "eggo", "players": 2, "name": "Ana"}).json()
        table_id, token = body["table"]["id"], body["token"]
        for path, payload, status, code in [
            (f"/api/tables/{table_id}/join", {"name": "Bo", "seat": 0}, 409, "seat_taken"),
            (f"/api/tables/{table_id}/join", {"name": "Bo", "seat": 7}, 400, "bad_seats"),
            (f"/api/tables/{table_id}/join", {"name": ""}, 422, "invalid_request"),
            ("/api/tables/nosuch/join", {"name": "Bo"}, 404, "table_not_found"),
            (f"/api/tables/{table_id}/start", {}, 401, "unauthorized"),
            (f"/api/tables/{table_id}/rematch", {}, 401, "unauthorized"),
        ]:
            response = client.post(path, json=payload)
            assert response.status_code == status, (path, response.text)
            assert error_of(response)["code"] == code
        auth = {"Authorization": f"Bearer {token}"}
        assert (
            error_of(client.post(f"/api/tables/{table_id}/start", json={}, headers=auth))["code"]
            == "seats_open"
        )
        assert (
            error_of(client.post(f"/api/tables/{table_id}/rematch", headers=auth))["code"]
            == "not_over"
        )
        bad_auth = {"Authorization": "Basic abc"}
        assert client.get(f"/api/tables/{table_id}/view", headers=bad_auth).status_code == 401
        info = client.get(f"/api/tables/{table_id}").json()
        assert info["status"] == "waiting" and info["seats"][1]["type"] == "open"
        assert "token" not in str(info) and str(info).count(token) == 0

        started = client.post(f"/api/tables/{table_id}/start", json={"fill": "easy"}, headers=auth)
        assert started.status_code == 200 and started.json()["status"] == "playing"
        assert started.json()["seats"][1]["type"] == "bot"
        client.post("/api/tables", json={"game": "eggo"})
        limited = client.post("/api/tables", json={"game": "eggo"})
        assert limited.status_code == 429 and error_of(limited)["code"] == "too_many_tables"
        assert client.get("/api/tables?status=nonsense").status_code == 400


def test_a_viewer_in_other_digits_is_a_clear_error(client: TestClient) -> None:
    """'¹' and '٣' are digits to str.isdigit but not to int (the REST fuzz found a 500)."""
    for viewer in ("¹", "٣", "-1", "1.0", "x" * 16):
        for path in ("replay", "replay/0"):
            answer = client.get(f"/api/tables/nope/{path}", params={"viewer": viewer})
            assert answer.status_code == 400, (viewer, answer.text)
            assert error_of(answer)["code"] == "bad_request"
