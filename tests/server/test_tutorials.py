"""The tutorials' tables (roost.server.coach.tutorials), through the real app: the deal, the
draws and the bots follow the script and the learner's other moves are refused during it;
tutorials are not listed in the lobby."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from roost.coach.tutorials import tutorial_for, tutorials
from roost.server.app import create_app
from tests.server.test_api import error_of, receive_until, settings_for


@pytest.fixture
def client(tmp_path: Path, database_url: str) -> Iterator[TestClient]:
    settings = settings_for(
        tmp_path, database_url=database_url, moves_per_second=1e6, frames_per_second=1e6
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def test_every_game_has_a_tutorial_listed_with_its_lessons(client: TestClient) -> None:
    listed = client.get("/api/tutorials").json()
    assert sorted(t["game"] for t in listed) == sorted(tutorials())
    for entry in listed:
        detail = client.get(f"/api/tutorials/{entry['game']}").json()
        assert len(detail["lessons"]) == entry["lessons"] >= 7
        assert detail["moves"] and detail["length"] >= detail["moves"][-1]["version"]
    assert error_of(client.get("/api/tutorials/chess"))["code"] == "tutorial_not_found"


@pytest.mark.parametrize("game", sorted(tutorials()))
def test_a_tutorial_table_follows_its_script_and_refuses_other_moves(
    client: TestClient, game: str
) -> None:
    made = client.post(f"/api/tutorials/{game}", json={"name": "Ana"})
    assert made.status_code == 201, made.text
    grant = made.json()
    table_id, token = grant["table"]["id"], grant["token"]
    assert grant["seat"] == 0 and grant["table"]["tutorial"] == game
    assert grant["table"]["status"] == "playing"
    assert all(s["type"] == "bot" and s["level"] == "easy" for s in grant["table"]["seats"][1:])
    assert table_id not in [t["id"] for t in client.get("/api/tables?status=all").json()]
    detail = client.get(f"/api/tutorials/{game}").json()
    moves = {move["version"]: move for move in detail["moves"]}
    refused = False
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        while True:
            view = receive_until(ws, "view")
            if view["version"] >= detail["length"] or view["table"]["status"] == "over":
                break
            if not view["actions"] or view["passive"]:
                continue
            expected = moves[view["version"]]
            others = [a["action"] for a in view["actions"] if a["action"] != expected["action"]]
            if others and not refused:  # another legal move: refused, nothing changed
                ws.send_json({"type": "move", "version": view["version"], "action": others[0]})
                error = receive_until(ws, "error")
                assert error["code"] == "tutorial_move"
                assert expected["text"].split(":")[0] in error["message"]
                refused = True
            ws.send_json({"type": "move", "version": view["version"], "action": expected["action"]})
    table = client.app.state.lobby.tables[table_id]  # type: ignore[attr-defined]
    deadline = time.monotonic() + 30
    while len(table.record.actions) < detail["length"]:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    script = tutorial_for(game).history()  # type: ignore[union-attr]
    assert [entry.action for entry in table.record.actions][: len(script)] == script
    assert refused
