"""Fixtures of the server tests: a throwaway SQLite store per test, and a throwaway PostgreSQL
cluster per test session (when PostgreSQL's binaries are installed)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from roost.server.db import Store

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
if str(SCRIPTS) not in sys.path:  # the chaos and fuzz tests drive scripts/serverkit.py's server
    sys.path.insert(0, str(SCRIPTS))

from serverkit import Postgres, PostgresMissing, fresh_database  # noqa: E402  (from scripts/, just put on the path)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each kind the server runs on: a SQLite file, and a database of its
    own in the session's throwaway PostgreSQL cluster (skipped when PostgreSQL is missing)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'roost.db'}"
    return fresh_database(request.getfixturevalue("postgres_url"))


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    """The server's store on SQLite and on PostgreSQL: every test that takes it runs on both."""
    opened = Store(database_url)
    yield opened
    opened.engine.dispose()


# --- a throwaway PostgreSQL cluster -------------------------------------------------------------


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL cluster made for this test session in a temp folder, listening on a unix
    socket only, stopped and deleted at the end (`serverkit.Postgres`). Skips when PostgreSQL
    is not installed."""
    try:
        cluster = Postgres.start()
    except PostgresMissing as missing:
        pytest.skip(str(missing))
    except RuntimeError as error:
        pytest.fail(str(error))
    try:
        yield cluster.url
    finally:
        cluster.stop()


@pytest.fixture
def pg_store(postgres_url: str) -> Iterator[Store]:
    opened = Store(postgres_url)
    yield opened
    opened.engine.dispose()
