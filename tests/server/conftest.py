"""Fixtures of the server tests: a throwaway SQLite store per test, and a throwaway PostgreSQL
cluster per test session (when PostgreSQL's binaries are installed)."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from roost.server.store import Store

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
if str(SCRIPTS) not in sys.path:  # the chaos and fuzz tests drive scripts/serverkit.py's server
    sys.path.insert(0, str(SCRIPTS))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store(f"sqlite:///{tmp_path / 'roost.db'}")
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
