"""`roost backup` of a live server mid-game and `roost restore` into a new database: every
table replays to the state it had, and a server started on the restored database plays on.

Both databases: a SQLite server backed up with SQLite's online backup API, a PostgreSQL server
backed up through one read-only snapshot; each backup restored into a new SQLite file and into a
new PostgreSQL database.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from roost.core.registry import load_game
from roost.server.db import Store
from roost.server.tables.rows import NoteRecord, TableRecord, add_note
from serverkit import fresh_database, start_server, wait_ready
from tests.server.helpers import make_table, run
from tests.server.stored import all_tables, replay_problems, sqlite_intact

ROOST = str(Path(sys.executable).parent / "roost")
BOTS = [{"type": "bot", "level": "medium"}] * 3


def roost(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([ROOST, *args], capture_output=True, text=True, timeout=120)


def tables_of(url: str) -> dict[str, TableRecord]:
    store = Store(url, run_migrations=False)
    try:
        assert sqlite_intact(store)
        return all_tables(store)
    finally:
        store.engine.dispose()


async def _busy(base: str, count: int) -> list[str]:
    """`count` bot tables of each game, playing; returns once every one has moved."""
    ids: list[str] = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        for game in ("eggo", "egg-bound", "big-chicken", "manda-huevos"):
            for _ in range(count):
                body = {"game": game, "players": 3, "seats": BOTS}
                created = await http.post("/api/tables", json=body)
                assert created.status_code == 201, created.text
                ids.append(created.json()["table"]["id"])
        deadline = time.monotonic() + 60
        for table_id in ids:
            while (await http.get(f"/api/tables/{table_id}")).json()["version"] < 5:
                assert time.monotonic() < deadline
                await asyncio.sleep(0.1)
    return ids


async def _play_on(base: str, unfinished: list[str]) -> None:
    """A server on the restored database rebuilt the unfinished tables and finishes them."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        assert (await http.get("/api/health")).json()["tables"] == len(unfinished)
        deadline = time.monotonic() + 180
        for table_id in unfinished:
            while (await http.get(f"/api/tables/{table_id}")).json()["status"] != "over":
                assert time.monotonic() < deadline, "a restored table did not play to the end"
                await asyncio.sleep(0.3)


def backup_restore_and_replay(source: str, targets: list[str], tmp_path: Path) -> None:
    server = start_server(source, tmp_path / "server.log", bot_pause=0.2)
    backup = tmp_path / "backup.db"
    try:
        asyncio.run(wait_ready(server))
        asyncio.run(_busy(server.base, 2))
        taken = roost("backup", "--db", source, str(backup))
        assert taken.returncode == 0, taken.stdout + taken.stderr
        assert "Backed up 8 tables" in taken.stdout
        time.sleep(1.0)  # the server plays on after the backup
    finally:
        server.stop()
    assert not server.errors(), server.errors()
    live = tables_of(source)
    for target in targets:
        restored = roost("restore", str(backup), "--db", target)
        assert restored.returncode == 0, restored.stdout + restored.stderr
        assert "Restored 8 tables" in restored.stdout
        copies = tables_of(target)
        assert set(copies) == set(live)
        unfinished: list[str] = []
        for table_id, copy in copies.items():
            assert not replay_problems(copy)
            later = live[table_id].actions
            assert copy.actions == later[: len(copy.actions)]  # the state it had then
            assert copy.seed == live[table_id].seed and copy.seats == live[table_id].seats
            if copy.status != "over":
                unfinished.append(table_id)
        assert unfinished, "the backup was not taken mid-game"
        ids_are_free(target, next(iter(copies)))
        again = start_server(target, tmp_path / "again.log", bot_pause=0.0)
        try:
            asyncio.run(wait_ready(again))
            asyncio.run(_play_on(again.base, unfinished))
        finally:
            again.stop()
        assert not again.errors(), again.errors()
        for copy in tables_of(target).values():
            assert copy.status == "over" and not replay_problems(copy)


def ids_are_free(url: str, table_id: str) -> None:
    """A row inserted after a restore gets a new id (PostgreSQL: the sequences were moved past
    the restored rows)."""
    store = Store(url, run_migrations=False)
    try:
        store.run(lambda s: add_note(s, table_id, NoteRecord(0, None, "after the restore")))
    finally:
        store.engine.dispose()


@pytest.mark.timeout(400)
def test_a_live_sqlite_server_backed_up_and_restored(tmp_path: Path, postgres_url: str) -> None:
    source = f"sqlite:///{tmp_path / 'live.db'}"
    targets = [f"sqlite:///{tmp_path / 'restored.db'}", fresh_database(postgres_url)]
    backup_restore_and_replay(source, targets, tmp_path)


@pytest.mark.timeout(400)
def test_a_live_postgres_server_backed_up_and_restored(tmp_path: Path, postgres_url: str) -> None:
    source = fresh_database(postgres_url)
    targets = [fresh_database(postgres_url), f"sqlite:///{tmp_path / 'restored.db'}"]
    backup_restore_and_replay(source, targets, tmp_path)


def test_bad_requests_are_one_line_and_change_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'roost.db'}"
    Store(url).engine.dispose()
    backup = tmp_path / "backup.db"
    assert roost("backup", "--db", url, str(backup)).returncode == 0
    before = backup.read_bytes()
    cases = [
        (("backup", "--db", url, str(backup)), "exists already"),
        (("backup", "--db", url, str(tmp_path / "no" / "such" / "b.db")), "does not exist"),
        (("backup", "--db", f"sqlite:///{tmp_path / 'none.db'}", str(tmp_path / "x.db")),
         "there is no database"),
        (("restore", str(backup), "--db", url), "exists already"),
        (("restore", str(tmp_path / "missing.db"), "--db", f"sqlite:///{tmp_path / 'n.db'}"),
         "there is no backup"),
    ]  # fmt: skip
    text_file = tmp_path / "notes.txt"
    text_file.write_text("not a database\n" * 100)
    cases.append((("restore", str(text_file), "--db", f"sqlite:///{tmp_path / 'n.db'}"), "not"))
    for args, words in cases:
        done = roost(*args)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert words in done.stdout and len(done.stdout.strip().splitlines()) == 1, done.stdout
        assert "Traceback" not in done.stdout + done.stderr
    assert backup.read_bytes() == before
    assert not (tmp_path / "n.db").exists() and not (tmp_path / "x.db").exists()


def test_restore_refuses_a_postgres_database_that_holds_tables(
    tmp_path: Path, postgres_url: str
) -> None:
    source = f"sqlite:///{tmp_path / 'roost.db'}"
    Store(source).engine.dispose()
    backup = tmp_path / "backup.db"
    assert roost("backup", "--db", source, str(backup)).returncode == 0
    target = fresh_database(postgres_url)
    assert roost("restore", str(backup), "--db", target).returncode == 0
    store = Store(target)
    try:

        async def stored() -> str:
            table, _ = make_table(store, load_game("eggo", players=2), ["easy", "medium"])
            table.close()
            return table.id

        table_id = run(stored())
        again = roost("restore", str(backup), "--db", target)
        assert again.returncode == 2 and "already holds roost data" in again.stdout
        assert table_id in all_tables(store)
    finally:
        store.engine.dispose()
