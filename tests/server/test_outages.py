"""The database away: PostgreSQL stopped for 30 s mid-game, and SQLite on a full filesystem.

A real `roost serve` process holds two tables: one with a person (over a WebSocket) and two
bots, one of three bots. At the person's turn the database is taken away. While it is away the
person's move is answered ``storage_failed`` ("not stored, try again"), never ``ack``; the bots'
table makes no progress; `/api/health` says the database is unavailable; the tables are still
served from memory. Then the database comes back and nothing else is done: the bots play on by
themselves, the person's next try is acknowledged, both games end. Finally every acknowledged
move is in the store, every stored list replays (chance draws the seed's, the result the
replay's), and SQLite's integrity check passes.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from roost.server.db import Store
from serverkit import Postgres, PostgresMissing, Server, fresh_database, start_server, wait_ready
from tests.server.disks import empty_wal, fill, mount_tmpfs
from tests.server.stored import all_tables, replay_problems, sqlite_intact

SEATS = [{"type": "open"}, {"type": "bot", "level": "medium"}, {"type": "bot", "level": "medium"}]
BOTS = [{"type": "bot", "level": "medium"}] * 3


@dataclass
class Person:
    """One person at one table over a real WebSocket; every ack it got."""

    ws: Any
    view: dict[str, Any] = field(default_factory=dict)
    acks: list[tuple[int, int]] = field(default_factory=list)
    """(version, action) of every acknowledged move."""

    async def frame(self, timeout: float) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        if frame["type"] == "view":
            self.view = frame
        return frame

    async def my_turn(self, timeout: float = 60) -> bool:
        """Until the person's turn (True) or the end (False)."""
        deadline = time.monotonic() + timeout
        while True:
            if self.view.get("table", {}).get("status") == "over":
                return False
            if self.view.get("actions"):
                return True
            await self.frame(max(0.1, deadline - time.monotonic()))

    async def move(self) -> dict[str, Any]:
        """Send the first legal move of the current view; its answer (ack or error). A
        scripted person plays faster than the server's rate limit: a move refused for rate
        is sent again a moment later."""
        while (answer := await self._move())["type"] == "error":
            if answer["code"] != "rate_limited":
                break
            await asyncio.sleep(0.3)
        return answer

    async def _move(self) -> dict[str, Any]:
        version, action = self.view["version"], self.view["actions"][0]["action"]
        ref = f"m{version}-{time.monotonic_ns()}"
        await self.ws.send(
            json.dumps({"type": "move", "version": version, "action": action, "ref": ref})
        )
        while True:
            frame = await self.frame(30)
            if frame.get("ref") == ref:
                if frame["type"] == "ack":
                    self.acks.append((version, action))
                    self.view = {**self.view, "actions": []}  # until the next view
                return frame


async def _create(http: httpx.AsyncClient, seats: list[dict[str, str]], name: str | None) -> Any:
    body: dict[str, Any] = {"game": "eggo", "players": 3, "seats": seats}
    if name:
        body["name"] = name
    created = await http.post("/api/tables", json=body)
    assert created.status_code == 201, created.text
    return created.json()


async def _version(http: httpx.AsyncClient, table_id: str) -> tuple[int, str]:
    info = (await http.get(f"/api/tables/{table_id}")).json()
    return int(info["version"]), str(info["status"])


async def outage(
    server: Server, take_away: Callable[[], None], bring_back: Callable[[], None], away: float
) -> tuple[str, list[tuple[int, int]]]:
    """The scenario of the module docstring; the person's table and acknowledged moves."""
    async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
        grant = await _create(http, SEATS, "Ana")
        table_id, token = grant["table"]["id"], grant["token"]
        bots_id = (await _create(http, BOTS, None))["table"]["id"]
        url = f"{server.ws_base}/api/tables/{table_id}/ws"
        async with websockets.connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            ana = Person(ws)
            for _ in range(3):
                assert await ana.my_turn()
                answer = await ana.move()
                assert answer["type"] == "ack", answer
            assert await ana.my_turn()
            take_away()
            try:
                ended = time.monotonic() + away
                refused = await ana.move()
                assert refused["type"] == "error" and refused["code"] == "storage_failed"
                assert "not stored" in refused["message"] and "try again" in refused["message"]
                frozen = await _version(http, bots_id)
                health = (await http.get("/api/health")).json()
                assert health["database"] == "unavailable"
                while time.monotonic() < ended:
                    await asyncio.sleep(min(5.0, max(0.0, ended - time.monotonic())))
                    again = await ana.move()  # a person trying again: refused each time
                    assert again["type"] == "error" and again["code"] == "storage_failed"
                    assert await _version(http, bots_id) == frozen  # no bot move stored
                    page = await http.get(f"/api/tables/{table_id}")  # still served
                    assert page.status_code == 200
            finally:
                bring_back()
            back = time.monotonic()
            while (await _version(http, bots_id))[0] == frozen[0]:  # the bots play on by themselves
                assert time.monotonic() < back + 30, "the bots did not play on"
                await asyncio.sleep(0.2)
            while (answer := await ana.move())["type"] != "ack":
                assert answer["code"] == "storage_failed" and time.monotonic() < back + 30
                await asyncio.sleep(0.5)
            while await ana.my_turn(timeout=120):
                answer = await ana.move()
                assert answer["type"] == "ack", answer
        later_id = (await _create(http, BOTS, None))["table"]["id"]  # a new table is stored
        deadline = time.monotonic() + 120
        for bots in (bots_id, later_id):
            while (await _version(http, bots))[1] != "over":
                assert time.monotonic() < deadline, "the bots' games did not end"
                await asyncio.sleep(0.5)
        assert (await http.get("/api/health")).json()["database"] == "ok"
    return table_id, ana.acks


def check_store(url: str, table_id: str, acks: list[tuple[int, int]]) -> None:
    store = Store(url)
    try:
        assert sqlite_intact(store)
        tables = all_tables(store)
        assert len(tables) == 3 and all(t.status == "over" for t in tables.values())
        for record in tables.values():
            assert not replay_problems(record)
        actions = tables[table_id].actions
        for version, action in acks:
            assert actions[version].action == action and actions[version].by == "person"
    finally:
        store.engine.dispose()


@pytest.mark.timeout(300)
def test_postgres_stopped_for_30_seconds_mid_game(tmp_path: Path) -> None:
    try:
        cluster = Postgres.start()
    except PostgresMissing as missing:
        pytest.skip(str(missing))
    try:
        url = fresh_database(cluster.url)
        server = start_server(url, tmp_path / "server.log", bot_pause=0.05)
        try:
            asyncio.run(wait_ready(server))
            table_id, acks = asyncio.run(outage(server, cluster.halt, cluster.resume, away=30))
            assert server.process.poll() is None, "the server died"
        finally:
            server.stop()
        assert not server.errors(), server.errors()
        check_store(url, table_id, acks)
        logged = server.log.read_text()
        assert "the database refused a write" in logged and "the database is back" in logged
    finally:
        cluster.stop()


@pytest.mark.timeout(300)
def test_sqlite_on_a_full_filesystem(tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    disk.mkdir()
    mount_tmpfs(disk, "8m")
    try:
        url = f"sqlite:///{disk / 'roost.db'}"
        server = start_server(url, tmp_path / "server.log", bot_pause=0.05)
        filler: list[Path] = []
        try:
            asyncio.run(wait_ready(server))

            def take_away() -> None:
                empty_wal(disk / "roost.db")
                filler.append(fill(disk))

            bring_back = lambda: filler.pop().unlink()  # noqa: E731
            table_id, acks = asyncio.run(outage(server, take_away, bring_back, away=10))
            assert server.process.poll() is None, "the server died"
        finally:
            server.stop()
        assert not server.errors(), server.errors()
        check_store(url, table_id, acks)
        logged = server.log.read_text()
        assert "database or disk is full" in logged and "the database is back" in logged
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)
