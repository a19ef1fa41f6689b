"""A database written by the release before accounts (schema 0003) upgrades to today's schema
with every table, seat, action, note and chat line intact, and today's server serves it: on
SQLite (the release's own file) and on PostgreSQL (the release's database, loaded from its
``pg_dump``). The files in tests/server/data were made by scripts/release_databases.py run on
that release's source (see release.json there)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url

from roost.server.app import create_app
from roost.server.config import FAST_HASHING, Settings
from roost.server.db import MIGRATIONS, Store
from serverkit import fresh_database, postgres_bin

DATA = Path(__file__).parent / "data"
QUERIES = {
    "tables": "SELECT id, game, status, version, seed, result, creator_seat FROM roost_tables",
    "seats": "SELECT table_id, seat, type, name, level, token_hash, arrived FROM roost_seats",
    "actions": "SELECT table_id, version, action, seat, by FROM roost_actions",
    "notes": "SELECT table_id, version, seat, text FROM roost_notes",
    "chat": "SELECT table_id, room, seat, name, text, version FROM roost_chat",
}


def contents(engine: Engine) -> dict[str, list[tuple[Any, ...]]]:
    with engine.connect() as connection:
        return {
            name: sorted(tuple(map(str, row)) for row in connection.execute(text(query)))
            for name, query in QUERIES.items()
        }


def revision(engine: Engine) -> str:
    with engine.connect() as connection:
        return str(
            connection.execute(text("SELECT version_num FROM roost_alembic_version")).scalar()
        )


def upgrade_and_serve(url: str) -> None:
    engine = create_engine(url)
    try:
        assert revision(engine) == "0003"
        before = contents(engine)
        assert len(before["tables"]) == 3 and before["actions"] and before["chat"]
        store = Store(url)  # migrates to the newest revision
        store.engine.dispose()
        assert revision(engine) == ScriptDirectory(str(MIGRATIONS)).get_current_head()
        assert contents(engine) == before
        with engine.connect() as connection:
            fresh = connection.execute(
                text("SELECT rated, public, fill_after FROM roost_tables")
            ).all()
            accounts = connection.execute(
                text("SELECT count(*) FROM roost_seats WHERE user_id IS NOT NULL")
            ).scalar()
        assert {tuple(row) for row in fresh} == {(False, True, None)} and accounts == 0
    finally:
        engine.dispose()
    settings = Settings(
        database_url=url, bot_pause=0.0, reaction_pause=0.0, bot_workers=0, accounts=FAST_HASHING
    )
    with TestClient(create_app(settings)) as client:
        listed = {t["status"]: t for t in client.get("/api/tables?status=all").json()}
        assert set(listed) == {"waiting", "playing", "over"}
        finished = listed["over"]["id"]
        replay = client.get(f"/api/tables/{finished}/replay")
        assert replay.status_code == 200 and replay.json()["chat"]
        joined = client.post(f"/api/tables/{listed['waiting']['id']}/join", json={"name": "Di"})
        assert joined.status_code == 200, joined.text
        made = client.post(
            "/api/account/signup", json={"name": "Newcomer", "password": "after the upgrade"}
        )
        assert made.status_code == 201


def test_the_releases_sqlite_file_upgrades_and_is_served(tmp_path: Path) -> None:
    copy = tmp_path / "release.sqlite"
    shutil.copy(DATA / "release.sqlite", copy)
    upgrade_and_serve(f"sqlite:///{copy}")


def test_the_releases_postgresql_database_upgrades_and_is_served(postgres_url: str) -> None:
    url = fresh_database(postgres_url)
    folder = postgres_bin()
    assert folder is not None
    parsed = make_url(url)
    loaded = subprocess.run(
        [
            str(folder / "psql"),
            "-v",
            "ON_ERROR_STOP=1",
            "-q",
            "-h",
            str(parsed.query["host"]),
            "-U",
            "postgres",
            "-d",
            str(parsed.database),
            "-f",
            str(DATA / "release.postgres.sql"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    if loaded.returncode != 0:
        pytest.fail(loaded.stderr)
    upgrade_and_serve(url)
