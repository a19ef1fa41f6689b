"""Two `roost serve` processes on one PostgreSQL: a game whose players sit on different
processes is played; the process that owns the table (its bot) is killed with SIGKILL midway;
the other adopts the table, its bot plays on, the players reconnect to it and the game ends with
no acknowledged move lost and every view any client saw equal to the stored list's replay."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import text
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from chaos import digest
from roost.core.game import CHANCE
from roost.core.registry import load_game
from roost.server.db import Store
from roost.server.tables.rows import load_table
from serverkit import Server, fresh_database, start_server, wait_ready


@dataclass
class Client:
    """A person (or spectator) who plays from its views and goes to the next server when the
    one it is on goes away."""

    table_id: str
    seat: int | None
    token: str | None
    bases: list[str]
    rng: random.Random
    acks: list[tuple[int, int]] = field(default_factory=list)
    """(version, action) of every acknowledged move."""
    views: dict[int, str] = field(default_factory=dict)
    """Version -> digest of the observation sent."""
    origins: set[str] = field(default_factory=set)
    """Servers this client was connected to."""
    last: tuple[int, str] = (-1, "")
    refused: list[dict[str, Any]] = field(default_factory=list)

    async def run(self, give_up: float = 240.0) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + give_up
        index = 0
        while loop.time() < deadline:
            base = self.bases[index % len(self.bases)]
            try:
                await self._session(base)
                return
            except (OSError, WebSocketException, TimeoutError):
                index += 1
                await asyncio.sleep(0.2)
        raise AssertionError(f"seat {self.seat} never saw the end")

    async def _session(self, base: str) -> None:
        url = f"{base.replace('http', 'ws')}/api/tables/{self.table_id}/ws"
        async with connect(url, open_timeout=10, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "token": self.token}))
            pending: tuple[int, int] | None = None
            async for raw in ws:
                frame = json.loads(raw)
                if frame["type"] == "welcome":
                    self.origins.add(base)
                elif frame["type"] == "view":
                    self.views[frame["version"]] = digest(frame["observation"])
                    self.last = (frame["version"], frame["table"]["status"])
                    if frame["table"]["status"] == "over":
                        return
                    if frame["actions"] and pending is None:
                        await asyncio.sleep(self.rng.uniform(0.0, 0.05))
                        action = self.rng.choice(frame["actions"])["action"]
                        pending = (frame["version"], action)
                        move = {"type": "move", "version": frame["version"], "action": action}
                        await ws.send(json.dumps(move))
                elif frame["type"] == "ack":
                    assert pending is not None
                    self.acks.append(pending)
                    pending = None
                elif frame["type"] == "error":
                    if frame["code"] != "stale_version":
                        self.refused.append(frame)
                    pending = None


async def scenario(url: str, folder: Path) -> None:
    one = start_server(url, folder / "one.log", bot_pause=0.05, grace=60.0)
    two = start_server(url, folder / "two.log", bot_pause=0.05, grace=60.0)
    servers: list[Server] = [one, two]
    try:
        await asyncio.gather(wait_ready(one), wait_ready(two))
        async with httpx.AsyncClient(timeout=60) as http:
            seats = [{"type": "open"}, {"type": "open"}, {"type": "bot", "level": "medium"}]
            body = {"game": "manda-huevos", "players": 3, "seats": seats, "name": "Ana"}
            created = (await http.post(f"{one.base}/api/tables", json=body)).json()
            table_id = created["table"]["id"]  # process one made it: it owns it (and the bot)
            joined = await http.post(f"{two.base}/api/tables/{table_id}/join", json={"name": "Bo"})
            assert joined.status_code == 200, joined.text
            # the join made at process two is seen by process one
            for _ in range(600):
                seen = (await http.get(f"{one.base}/api/tables/{table_id}")).json()
                if seen["status"] == "playing":
                    break
                await asyncio.sleep(0.05)
            assert seen["status"] == "playing" and seen["seats"][1]["name"] == "Bo"
        ana = Client(table_id, 0, created["token"], [one.base, two.base], random.Random(1))
        bo = Client(table_id, 1, joined.json()["token"], [two.base], random.Random(2))
        watcher = Client(table_id, None, None, [two.base], random.Random(3))
        clients = [ana, bo, watcher]
        tasks = [asyncio.create_task(client.run()) for client in clients]
        for _ in range(2400):  # both people have moved, on their own processes
            if (len(ana.acks) >= 3 and len(bo.acks) >= 3) or all(t.done() for t in tasks):
                break
            await asyncio.sleep(0.05)
        assert len(ana.acks) >= 3 and len(bo.acks) >= 3
        one.kill()  # the owner of the table, its bot and Ana's connection, at once
        killed_at = max(ana.last[0], bo.last[0])
        await asyncio.wait_for(asyncio.gather(*tasks), 300)
        assert two.process.poll() is None and not two.errors(), two.errors()
    finally:
        for server in servers:
            server.stop()

    store = Store(url, run_migrations=False)
    try:
        record = store.run(lambda session: load_table(session, table_id))
    finally:
        store.engine.dispose()
    assert record is not None and record.status == "over"
    assert len(record.actions) > killed_at + 1  # the game went on after the kill
    stored = record.actions
    for client in (ana, bo):
        assert client.refused == []
        for version, action in client.acks:  # no acknowledged move was lost
            assert (stored[version].action, stored[version].seat) == (action, client.seat)
    assert {one.base, two.base} <= ana.origins  # Ana played on both processes
    assert any(version > killed_at for version, _ in ana.acks)
    # bots moved after the kill: process two adopted the table
    assert any(a.by == "bot" for a in stored[killed_at + 1 :])
    game = load_game(record.game, **record.params)
    state = game.new_initial_state()
    for version in range(len(stored) + 1):
        for client in clients:
            if version in client.views:
                assert client.views[version] == digest(dict(state.observation(client.seat)))
        if version == len(stored):
            break
        if state.current_player() == CHANCE:
            draw = state.sample_chance(random.Random(f"{record.seed}:{version}"))
            assert stored[version].action == draw
        state.apply_action(stored[version].action)
    assert state.is_terminal() and record.result is not None
    assert record.result["returns"] == list(state.returns())
    for client in clients:
        assert client.last == (len(stored), "over")


def test_two_processes_share_a_table_and_one_dies_without_losing_a_move(
    postgres_url: str, tmp_path: Path
) -> None:
    url = fresh_database(postgres_url)
    asyncio.run(scenario(url, tmp_path))


def silent_move(url: str, table_id: str, seat: int, action: int) -> int:
    """Store a move (and the chance draws that follow, as the server draws them) straight into
    the database with no NOTIFY: news that a server missed. Returns the new version."""
    store = Store(url, run_migrations=False)
    try:
        record = store.run(lambda session: load_table(session, table_id))
        assert record is not None
        state = load_game(record.game, **record.params).state_from_history(
            [a.action for a in record.actions]
        )
        rows: list[tuple[int, int | None, str]] = [(action, seat, "person")]
        state.apply_action(action)
        while state.current_player() == CHANCE:
            version = len(record.actions) + len(rows)
            draw = state.sample_chance(random.Random(f"{record.seed}:{version}"))
            state.apply_action(draw)
            rows.append((draw, None, "chance"))
        start = len(record.actions)

        def write(session: Any) -> None:
            for offset, (act, who, by) in enumerate(rows):
                session.execute(
                    text(
                        "INSERT INTO roost_actions (table_id, version, action, seat, by, at) "
                        "VALUES (:t, :v, :a, :s, :b, 0)"
                    ),
                    {"t": table_id, "v": start + offset, "a": act, "s": who, "b": by},
                )
            session.execute(
                text("UPDATE roost_tables SET version = :v WHERE id = :t"),
                {"v": start + len(rows), "t": table_id},
            )

        store.run(write)
        return start + len(rows)
    finally:
        store.engine.dispose()


async def missed_news(url: str, folder: Path) -> None:
    server = start_server(url, folder / "one.log", bot_pause=0.05, grace=60.0)
    try:
        await wait_ready(server)
        async with httpx.AsyncClient(base_url=server.base, timeout=60) as http:
            seats = [{"type": "open"}, {"type": "open"}]
            body = {"game": "manda-huevos", "players": 2, "seats": seats, "name": "Ana"}
            created = (await http.post("/api/tables", json=body)).json()
            table_id = created["table"]["id"]
            joined = (await http.post(f"/api/tables/{table_id}/join", json={"name": "Bo"})).json()
            tokens = {0: created["token"], 1: joined["token"]}
            info = (await http.get(f"/api/tables/{table_id}")).json()
            mover = info["to_move"]
            auth = {"Authorization": f"Bearer {tokens[mover]}"}
            view = (await http.get(f"/api/tables/{table_id}/view", headers=auth)).json()
            version = await asyncio.to_thread(
                silent_move, url, table_id, mover, view["actions"][0]["action"]
            )
            for _ in range(1200):  # generous: the server reloads within about a second
                seen = (await http.get(f"/api/tables/{table_id}/view", headers=auth)).json()
                if seen["version"] == version:
                    break
                await asyncio.sleep(0.05)
            assert seen["version"] == version
    finally:
        server.stop()


def test_a_change_whose_news_was_missed_is_picked_up(postgres_url: str, tmp_path: Path) -> None:
    asyncio.run(missed_news(fresh_database(postgres_url), tmp_path))
