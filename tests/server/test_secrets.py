"""Secrets stay secret: seat tokens are compared in constant time on their hashes and never
logged; the table's seed and the hidden cards are in no answer, frame, log line or error message
before the game ends."""

from __future__ import annotations

import hmac
import logging
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from roost.core.errors import IllegalActionError
from roost.core.registry import load_game, registered_games
from roost.core.state import State
from roost.server.app import create_app
from roost.server.config import Settings
from roost.server.db import Store
from roost.server.errors import ServerError
from tests.server.helpers import make_table


def drain(ws: WebSocketTestSession, ref: str) -> list[str]:
    """Every frame the server sent this socket so far (a ping fences them)."""
    ws.send_json({"type": "ping", "ref": ref})
    texts: list[str] = []
    while True:
        text = ws.receive_text()
        if '"type":"pong"' in text and f'"ref":"{ref}"' in text:
            return texts
        texts.append(text)


def test_no_token_or_seed_in_any_answer_frame_or_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    caplog.set_level(logging.INFO, logger="sqlalchemy")  # statements, not rows
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'secrets.db'}",
        bot_pause=0.0,
        reaction_pause=0.0,
        bot_workers=0,
        moves_per_second=1e6,
        frames_per_second=1e6,
    )
    game = load_game("manda-huevos", players=3)
    rng = random.Random(8)
    before_end: list[str] = []
    """Every answer and frame any client got before the game ended."""
    with TestClient(create_app(settings)) as client:
        seats: list[dict[str, Any]] = [{"type": "open"}, {"type": "open"}]
        seats.append({"type": "bot", "level": "easy"})
        body = {"game": game.name, "players": 3, "seats": seats, "name": "Ana"}
        created = client.post("/api/tables", json=body)
        table_id, ana = created.json()["table"]["id"], created.json()["token"]
        joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Bo"})
        bo = joined.json()["token"]
        grants = {ana: created.text, bo: joined.text}
        tokens = {0: ana, 1: bo}
        forged = {"Authorization": "Bearer not-a-token"}
        with (
            client.websocket_connect(f"/api/tables/{table_id}/ws") as ws_ana,
            client.websocket_connect(f"/api/tables/{table_id}/ws") as ws_bo,
            client.websocket_connect(f"/api/tables/{table_id}/ws") as ws_watch,
        ):
            sockets = {0: ws_ana, 1: ws_bo}
            ws_ana.send_json({"type": "hello", "token": ana})
            ws_bo.send_json({"type": "hello", "token": bo})
            ws_watch.send_json({"type": "hello"})
            refusals = 0
            for turn in range(2000):
                info = client.get(f"/api/tables/{table_id}")
                if info.json()["status"] == "over":
                    break
                before_end.append(info.text)
                seat = info.json()["to_move"]
                if seat not in sockets:
                    for ws in (ws_ana, ws_bo, ws_watch):
                        before_end += drain(ws, f"t{turn}")
                    continue
                auth = {"Authorization": f"Bearer {tokens[seat]}"}
                view = client.get(f"/api/tables/{table_id}/view", headers=auth)
                before_end.append(view.text)
                version, legal = view.json()["version"], view.json()["actions"]
                if not legal:
                    continue
                # hostile attempts: each is refused with an error message, which is checked
                illegal = rng.choice(
                    [a for a in range(game.num_distinct_actions()) if a not in legal]
                )
                move = {"type": "move", "version": version}
                sockets[seat].send_json({**move, "action": illegal})
                sockets[1 - seat].send_json({**move, "action": legal[0]["action"]})
                ws_watch.send_json({**move, "action": legal[0]["action"]})
                for path in ("view", "start", "rematch", "replay", f"replay/{version}"):
                    method = client.get if path in ("view",) or "replay" in path else client.post
                    answer = method(f"/api/tables/{table_id}/{path}", headers=forged)
                    before_end.append(answer.text)
                    refusals += answer.status_code >= 400
                sockets[seat].send_json({**move, "action": rng.choice(legal)["action"]})
                for ws in (ws_ana, ws_bo, ws_watch):
                    before_end += drain(ws, f"t{turn}")
            final = client.get(f"/api/tables/{table_id}").json()
            assert final["status"] == "over"
    seed = str(final["result"]["seed"])
    errors = [text for text in before_end if '"error"' in text]
    assert refusals > 10 and len(errors) > 30  # the hostile attempts were made and refused
    before_end = [text for text in before_end if '"status":"over"' not in text]  # the end
    assert not [text for text in before_end if seed in text]
    logged = caplog.text
    assert seed not in logged
    for token, grant in grants.items():
        assert token not in logged
        assert [text for text in before_end if token in text] == []
        assert token in grant  # a seat's token is told once, to the one who took the seat
    assert "roost server ready" in logged  # the capture did see the server's own log


def test_a_token_is_checked_against_every_seat_in_constant_time_on_hashes(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = load_game("eggo", players=4)
    table, tokens = make_table(store, game, ["person", "person", "easy", "person"])
    compared: list[tuple[str, str]] = []

    def compare(a: str | bytes, b: str | bytes) -> bool:
        compared.append((str(a), str(b)))
        return a == b

    monkeypatch.setattr(hmac, "compare_digest", compare)
    for token, seat in [(tokens[0], 0), (tokens[3], 3), ("forged", None)]:
        compared.clear()
        if seat is None:
            with pytest.raises(ServerError) as refused:
                table.authenticate(token)
            assert refused.value.code == "unauthorized" and token not in refused.value.message
        else:
            assert table.authenticate(token) == seat
        assert len(compared) == 4  # every seat, wherever the match is (no early exit)
        for given, stored in compared:
            assert len(given) == len(stored) == 64 and token not in (given, stored)


def _refusal(state: State, action: int) -> str:
    try:
        state.clone().apply_action(action)
    except IllegalActionError as error:
        return error.reason
    return "legal"


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_refusals_read_the_same_whatever_the_hidden_cards(name: str) -> None:
    """The reason an action is refused (the server's `illegal_action` message) is the same in
    every deal the mover cannot tell from the real one: it tells nothing hidden."""
    game = load_game(name, players=3)
    rng = random.Random(21)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        if rng.random() < 0.15:
            seat = state.current_player()
            other = state.resample_from_infostate(seat, rng)
            for action in range(game.num_distinct_actions()):
                assert _refusal(state, action) == _refusal(other, action), action
                checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 0
