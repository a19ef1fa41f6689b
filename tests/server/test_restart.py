"""Stop the server mid-game (a file SQLite), start it again, finish: nothing was lost."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from roost.core.registry import load_game
from roost.server.app import create_app
from roost.server.config import Settings
from roost.server.db import Store
from roost.server.tables.rows import load_table
from roost.server.tables.table import Table
from tests.server.helpers import make_table, run, until


def _settings(url: str) -> Settings:
    return Settings(
        database_url=url,
        bot_pause=0.0,
        reaction_pause=0.0,
        bot_workers=0,
        moves_per_second=1e6,
        frames_per_second=1e6,
    )


def _play(client: TestClient, table_id: str, token: str, rng: random.Random, moves: int) -> None:
    """Make up to `moves` moves for the token's seat (by REST view + WebSocket move)."""
    auth = {"Authorization": f"Bearer {token}"}
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        made = 0
        deadline = time.monotonic() + 30
        while made < moves and time.monotonic() < deadline:
            view: dict[str, Any] = client.get(f"/api/tables/{table_id}/view", headers=auth).json()
            if view["table"]["status"] == "over":
                return
            if not view["actions"]:
                time.sleep(0.002)
                continue
            action = rng.choice(view["actions"])["action"]
            ws.send_json({"type": "move", "version": view["version"], "action": action})
            while True:
                frame = ws.receive_json()
                if frame["type"] in ("ack", "error"):
                    break
            made += 1


def test_a_restarted_server_finishes_every_game_as_its_stored_list_replays(
    tmp_path: Path,
) -> None:
    restart_scenario(f"sqlite:///{tmp_path / 'restart.db'}")


def restart_scenario(url: str) -> None:
    """Stop the app mid-game, start another on the same database, finish the game."""
    rng = random.Random(4)
    with TestClient(create_app(_settings(url))) as client:
        body = client.post(
            "/api/tables",
            json={
                "game": "eggo",
                "players": 3,
                "seats": [
                    {"type": "open"},
                    {"type": "bot", "level": "medium"},
                    {"type": "bot", "level": "easy"},
                ],
                "name": "Ana",
            },
        ).json()
        table_id, token = body["table"]["id"], body["token"]
        _play(client, table_id, token, rng, moves=4)
        before = client.get(f"/api/tables/{table_id}").json()
        assert before["status"] == "playing" and before["version"] > 4
    # the server is stopped: start another on the same file
    with TestClient(create_app(_settings(url))) as client:
        again = client.get(f"/api/tables/{table_id}").json()
        assert again["status"] == "playing" and again["version"] >= before["version"]
        assert [s["name"] for s in again["seats"]] == [s["name"] for s in before["seats"]]
        for _ in range(100):
            _play(client, table_id, token, rng, moves=1000)
            final = client.get(f"/api/tables/{table_id}").json()
            if final["status"] == "over":
                break
        assert final["status"] == "over"
    store = Store(url)
    record = store.run(lambda session: load_table(session, table_id))
    store.engine.dispose()
    assert record is not None and record.status == "over"
    game = load_game("eggo", players=3)
    replayed = game.state_from_history([entry.action for entry in record.actions])
    assert replayed.is_terminal()
    assert final["result"]["returns"] == replayed.returns()
    assert final["result"]["winners"] == replayed.winners()
    assert final["version"] == len(record.actions)


def test_a_full_table_whose_start_was_lost_starts_when_rebuilt(store: Store) -> None:
    """The server died between storing a table's last seat and storing its start (chaos.py
    found it): the rebuilt table must start, not wait forever with no open seat."""
    game = load_game("manda-huevos", players=2)

    async def scenario() -> None:
        table, _ = make_table(store, game, ["easy", "medium"])  # stored full, still 'waiting'
        record = store.run(lambda session: load_table(session, table.id))
        assert record is not None and record.status == "waiting"
        rebuilt = Table.restore(record, store=store, bots=table.bots, settings=table.settings)
        await rebuilt.resume()
        await until(lambda: rebuilt.status == "over", timeout=120)
        stored = store.run(lambda session: load_table(session, table.id))
        assert stored is not None and stored.status == "over"
        assert [a.action for a in stored.actions] == rebuilt.state.history()
        rebuilt.close()
        await store.close()

    run(scenario())
