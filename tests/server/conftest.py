"""Fixtures of the server tests: a throwaway SQLite store per test, and a throwaway PostgreSQL
cluster per test session (when PostgreSQL's binaries are installed)."""

from __future__ import annotations

import os
import pwd
import secrets
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from roost.server.store import Store

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
if str(SCRIPTS) not in sys.path:  # the chaos and fuzz tests drive scripts/serverkit.py's server
    sys.path.insert(0, str(SCRIPTS))


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each kind the server runs on: a SQLite file, and a database of its
    own in the session's throwaway PostgreSQL cluster (skipped when PostgreSQL is missing)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'roost.db'}"
    return fresh_postgres_database(request.getfixturevalue("postgres_url"))


def fresh_postgres_database(cluster_url: str) -> str:
    """A new, empty database in the cluster of `cluster_url`; its URL."""
    name = f"roost_{secrets.token_hex(6)}"
    engine = create_engine(cluster_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))
    engine.dispose()
    return make_url(cluster_url).set(database=name).render_as_string(hide_password=False)


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    """The server's store on SQLite and on PostgreSQL: every test that takes it runs on both."""
    opened = Store(database_url)
    yield opened
    opened.engine.dispose()


# --- a throwaway PostgreSQL cluster -------------------------------------------------------------


def _postgres_bin() -> Path | None:
    """The folder of Debian's initdb and pg_ctl (newest version), or None."""
    for folder in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    return None


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL cluster made for this test session in a temp folder, listening on a unix
    socket only, stopped and deleted at the end. Skips when PostgreSQL is not installed."""
    folder = _postgres_bin()
    if folder is None:
        pytest.skip("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    as_user: list[str] = []
    if os.geteuid() == 0:  # initdb refuses to run as root
        runuser = shutil.which("runuser")
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            runuser = None
        if runuser is None:
            pytest.skip("running as root without a 'postgres' user and runuser")
        as_user = [runuser, "-u", "postgres", "--"]
    root = Path(tempfile.mkdtemp(prefix="roost-pg-"))
    root.chmod(0o777)
    data = root / "data"
    if as_user:
        shutil.chown(root, "postgres")
    env = {**os.environ, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}

    def run(*args: str) -> None:
        subprocess.run([*as_user, *args], check=True, capture_output=True, env=env, timeout=120)

    try:
        run(
            str(folder / "initdb"),
            "-D",
            str(data),
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-sync",
        )
        options = f"-k {root} -c listen_addresses='' -c fsync=off -c max_connections=60"
        run(
            str(folder / "pg_ctl"),
            "-D",
            str(data),
            "-o",
            options,
            "-l",
            str(root / "log"),
            "-w",
            "-t",
            "60",
            "start",
        )
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as error:
        log = (root / "log").read_text() if (root / "log").exists() else ""
        shutil.rmtree(root, ignore_errors=True)
        stderr = getattr(error, "stderr", b"") or b""
        pytest.fail(
            f"could not start PostgreSQL: {error}\n{stderr.decode(errors='replace')}\n{log}"
        )
    try:
        yield f"postgresql+psycopg://postgres@/postgres?host={root}"
    finally:
        subprocess.run(
            [*as_user, str(folder / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
            capture_output=True,
            env=env,
            timeout=60,
        )
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def pg_store(postgres_url: str) -> Iterator[Store]:
    opened = Store(postgres_url)
    yield opened
    opened.engine.dispose()
