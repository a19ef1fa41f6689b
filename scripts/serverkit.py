"""What the server scripts share (chaos, load, bench): start `roost serve` as a real process on
loopback, wait for it, read its memory, and summarise latencies.

Not a test and not part of the package: `scripts/chaos.py` and `scripts/load_server.py` import
it (they run as ``python scripts/NAME.py``, so this folder is on their path).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Server:
    """One `roost serve` process."""

    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        return self.process.pid

    def kill(self) -> None:
        """SIGKILL the server (and its bot workers, its process group): no cleanup runs."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(30)

    def stop(self) -> None:
        """Stop it as Ctrl-C would (SIGINT), then SIGKILL whatever is left."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(20)
        self.kill()

    def errors(self) -> str:
        """The tail of the server's log when it holds a traceback, else ''."""
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return text[-4000:] if "Traceback" in text else ""


def start_server(
    db_url: str,
    log: Path,
    *,
    port: int | None = None,
    bot_pause: float = 0.0,
    reaction_pause: float = 0.0,
    bot_workers: int = 0,
    grace: float = 60.0,
    arrival_grace: float | None = None,
    extra: Sequence[str] = (),
    wrapper: Sequence[str] = (),
) -> Server:
    """`roost serve` on 127.0.0.1 in a process group of its own (so kill() reaches its bot
    workers too), its output in `log`. `wrapper` goes before the command (e.g. strace and its
    options: the process is then the wrapper's)."""
    roost = Path(sys.executable).parent / "roost"
    port = port or free_port()
    command = [
        *wrapper,
        str(roost),
        "serve",
        "--port",
        str(port),
        "--db",
        db_url,
        "--bot-pause",
        str(bot_pause),
        "--reaction-pause",
        str(reaction_pause),
        "--bot-workers",
        str(bot_workers),
        "--grace",
        str(grace),
        "--max-tables-per-client",
        "1000000",
        *(() if arrival_grace is None else ("--arrival-grace", str(arrival_grace))),
        *extra,
    ]
    handle = log.open("ab")
    process = subprocess.Popen(
        command, stdout=handle, stderr=subprocess.STDOUT, start_new_session=True
    )
    handle.close()
    return Server(process, port, log)


async def wait_ready(server: Server, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    async with httpx.AsyncClient() as client:
        while time.monotonic() < deadline:
            if server.process.poll() is not None:
                raise RuntimeError(f"the server stopped at start:\n{server.errors()}")
            try:
                if (await client.get(f"{server.base}/api/health")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.05)
    raise RuntimeError("the server did not start in time")


def rss_mib(pid: int) -> float:
    """Resident memory of one process (MiB), 0 if it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a process and its waited-for children have used so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    # fields[0] is the state (field 3 of stat): utime, stime, cutime, cstime are fields 14-17
    return sum(int(fields[i]) for i in (11, 12, 13, 14)) / ticks


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def load_average() -> str:
    """The machine's 1/5/15-minute load averages (what `uptime` shows)."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


# --- a throwaway PostgreSQL cluster -------------------------------------------------------------


class PostgresMissing(RuntimeError):
    """PostgreSQL's binaries (or, as root, a 'postgres' user to run them) are not here."""


def postgres_bin() -> Path | None:
    """The folder of Debian's initdb and pg_ctl (newest version), or None."""
    for folder in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    return None


@dataclass
class Postgres:
    """A PostgreSQL cluster in a temp folder, on a unix socket only (no TCP), made and removed
    by this program (tests, chaos.py --postgres). `url` is its ``postgres`` database."""

    root: Path
    bin: Path
    as_user: list[str]
    options: str = ""
    """The server's options (``pg_ctl -o``), to start it again the same way (`resume`)."""

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@/postgres?host={self.root}"

    def _run(self, *args: str, check: bool = True) -> None:
        env = {**os.environ, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}
        subprocess.run(
            [*self.as_user, *args], check=check, capture_output=True, env=env, timeout=120
        )

    @classmethod
    def start(cls, max_connections: int = 60) -> Postgres:
        folder = postgres_bin()
        if folder is None:
            raise PostgresMissing(
                "PostgreSQL is not installed (Debian: apt-get install postgresql)"
            )
        as_user: list[str] = []
        if os.geteuid() == 0:  # initdb refuses to run as root
            runuser = shutil.which("runuser")
            try:
                pwd.getpwnam("postgres")
            except KeyError:
                runuser = None
            if runuser is None:
                raise PostgresMissing("running as root without a 'postgres' user and runuser")
            as_user = [runuser, "-u", "postgres", "--"]
        root = Path(tempfile.mkdtemp(prefix="roost-pg-"))
        root.chmod(0o777)
        if as_user:
            shutil.chown(root, "postgres")
        options = (
            f"-k {root} -c listen_addresses='' -c fsync=off -c max_connections={max_connections}"
        )
        cluster = cls(root, folder, as_user, options)
        data = str(root / "data")
        try:
            cluster._run(
                str(folder / "initdb"), "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8",
                "--no-sync",
            )  # fmt: skip
            cluster._run(
                str(folder / "pg_ctl"), "-D", data, "-o", options, "-l", str(root / "log"), "-w",
                "-t", "60", "start",
            )  # fmt: skip
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as error:
            log = (root / "log").read_text() if (root / "log").exists() else ""
            shutil.rmtree(root, ignore_errors=True)
            stderr = getattr(error, "stderr", b"") or b""
            raise RuntimeError(
                f"could not start PostgreSQL: {error}\n{stderr.decode(errors='replace')}\n{log}"
            ) from None
        return cluster

    def halt(self) -> None:
        """Stop the server (fast shutdown: sessions are ended), keeping its data: the database
        is away until `resume`."""
        data = str(self.root / "data")
        self._run(str(self.bin / "pg_ctl"), "-D", data, "-m", "fast", "-w", "stop")

    def resume(self) -> None:
        """Start the server `halt` stopped, on the same socket and data."""
        data = str(self.root / "data")
        self._run(
            str(self.bin / "pg_ctl"), "-D", data, "-o", self.options, "-l",
            str(self.root / "log"), "-w", "-t", "60", "start",
        )  # fmt: skip

    def stop(self) -> None:
        data = str(self.root / "data")
        self._run(
            str(self.bin / "pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop", check=False
        )
        shutil.rmtree(self.root, ignore_errors=True)


def fresh_database(cluster_url: str) -> str:
    """A new, empty database in the PostgreSQL cluster of `cluster_url`; its URL."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"roost_{secrets.token_hex(6)}"
    engine = create_engine(cluster_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))
    engine.dispose()
    return make_url(cluster_url).set(database=name).render_as_string(hide_password=False)
