"""Acknowledged means durable: a move's `ack` leaves the server only after its commit is on
stable storage.

A real `roost serve` runs under strace (its read/write/fsync system calls, every thread, with
the file or socket behind each descriptor); a person plays a few moves over a WebSocket. For each
move the trace must show, in this order: the move frame read from that person's socket, an
fsync/fdatasync of the database's files finishing, and the `ack` frame written to the socket.
The same run with ``--durability fast`` must show no such sync (so the test can tell the two
apart). PostgreSQL's half (``synchronous_commit=on`` on every connection) is checked directly.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import websockets
from sqlalchemy import create_engine, text

from roost.server.db import make_engine
from serverkit import fresh_database, start_server, wait_ready

STRACE = shutil.which("strace")
LINE = re.compile(
    r"^(?P<pid>\d+)\s+(?P<ts>\d+\.\d+)\s+"
    r"(?:<\.\.\. (?P<resumed>\w+) resumed>(?P<rest>.*)|(?P<call>\w+)\((?P<args>.*))$"
)
READS = {"read", "readv", "recvfrom", "recvmsg"}
WRITES = {"write", "writev", "sendto", "sendmsg"}
SYNCS = {"fsync", "fdatasync"}


@dataclass
class Call:
    """One system call of the trace: its name, arguments (with the descriptor's file or socket
    shown by strace -yy), when it started and when it returned, and its result."""

    name: str
    args: str
    started: float
    finished: float
    result: str


def parse_trace(path: Path) -> list[Call]:
    """The calls of an ``strace -f -ttt -yy`` output; a call split by another thread's
    (``<unfinished ...>`` then ``<... NAME resumed>``) is joined again."""
    calls: list[Call] = []
    open_calls: dict[str, tuple[str, str, float]] = {}
    for line in path.read_text(errors="replace").splitlines():
        found = LINE.match(line)
        if found is None:
            continue
        pid, stamp = found["pid"], float(found["ts"])
        if found["resumed"]:
            if pid in open_calls:
                name, args, started = open_calls.pop(pid)
                rest = found["rest"]
                calls.append(Call(name, args + rest, started, stamp, rest.rpartition("= ")[2]))
            continue
        args = found["args"]
        if args.endswith("<unfinished ...>"):
            open_calls[pid] = (found["call"], args[: -len("<unfinished ...>")], stamp)
            continue
        calls.append(Call(found["call"], args, stamp, stamp, args.rpartition("= ")[2]))
    return calls


@dataclass
class Probe:
    """One move as the client saw it: its ref, when it was sent, the client's port."""

    ref: str
    sent: float
    port: int


async def play_moves(base: str, moves: int) -> list[Probe]:
    """Create a table (a person and a medium bot) and make `moves` moves, each awaited to its
    `ack`."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        created = await http.post(
            "/api/tables",
            json={
                "game": "eggo",
                "players": 2,
                "seats": [{"type": "open"}, {"type": "bot", "level": "medium"}],
                "name": "Ana",
            },
        )
        assert created.status_code == 201, created.text
        table, token = created.json()["table"]["id"], created.json()["token"]
    probes: list[Probe] = []
    url = base.replace("http://", "ws://") + f"/api/tables/{table}/ws"
    # no compression: the trace must show the ack frame's text
    async with websockets.connect(url, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        port = int(ws.local_address[1])
        deadline = time.monotonic() + 60
        while len(probes) < moves and time.monotonic() < deadline:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if frame["type"] != "view" or not frame["actions"]:
                continue
            if frame["table"]["status"] == "over":
                break
            probe = Probe(f"durable-{secrets.token_hex(4)}", time.time(), port)
            action = frame["actions"][0]["action"]
            await ws.send(
                json.dumps(
                    {"type": "move", "version": frame["version"], "action": action,
                     "ref": probe.ref}
                )
            )  # fmt: skip
            while True:
                answer = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if answer.get("ref") == probe.ref:
                    break
            if answer["type"] == "ack":
                probes.append(probe)
    return probes


def windows(calls: list[Call], probes: list[Probe]) -> list[tuple[Call, Call]]:
    """For each move: (the read of its frame from the person's socket, the write of its ack)."""
    found: list[tuple[Call, Call]] = []
    for probe in probes:
        socket = f"->127.0.0.1:{probe.port}]>"
        ack = next(
            c for c in calls if c.name in WRITES and socket in c.args and probe.ref in c.args
        )
        arrival = [
            c
            for c in calls
            if c.name in READS
            and socket in c.args
            and probe.sent <= c.finished <= ack.started
            and c.result.strip() not in ("0", "-1 EAGAIN (Resource temporarily unavailable)")
        ]
        assert arrival, f"no read of move {probe.ref} before its ack in the trace"
        found.append((arrival[0], ack))
    return found


def database_syncs(calls: list[Call]) -> list[Call]:
    return [c for c in calls if c.name in SYNCS and "roost.db" in c.args and c.result == "0"]


async def _traced_run(tmp_path: Path, durability: str) -> tuple[list[Call], list[Probe]]:
    assert STRACE is not None
    trace = tmp_path / "trace.txt"
    server = start_server(
        f"sqlite:///{tmp_path / 'roost.db'}",
        tmp_path / "server.log",
        extra=["--durability", durability],
        wrapper=[
            STRACE, "-f", "-ttt", "-yy", "-s", "256", "-o", str(trace),
            "-e", "trace=" + ",".join(sorted(READS | WRITES | SYNCS)),
        ],
    )  # fmt: skip
    try:
        await wait_ready(server, timeout=120)
        probes = await play_moves(server.base, moves=5)
    finally:
        server.stop()
    return parse_trace(trace), probes


@pytest.mark.skipif(
    STRACE is None or not sys.platform.startswith("linux"),
    reason="needs strace on Linux (make test and .ci/run install it with apt, as root)",
)
@pytest.mark.timeout(240)
@pytest.mark.parametrize("durability", ["full", "fast"])
def test_a_move_is_synced_to_disk_before_its_ack(tmp_path: Path, durability: str) -> None:
    calls, probes = asyncio.run(_traced_run(tmp_path, durability))
    assert len(probes) == 5, "the person could not make five moves"
    syncs = database_syncs(calls)
    for arrival, ack in windows(calls, probes):
        between = [s for s in syncs if arrival.finished <= s.started and s.finished <= ack.started]
        if durability == "full":
            assert between, f"no fsync of the database between a move and its ack: {ack.args}"
        else:
            assert not between, "--durability fast synced the WAL at a commit"


def test_postgres_connections_commit_synchronously(postgres_url: str) -> None:
    """``full`` sets synchronous_commit=on on every connection, even where the database's own
    default is off (set so here), and ``fast`` sets it off."""
    url = fresh_database(postgres_url)
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        name = connection.execute(text("SELECT current_database()")).scalar()
        connection.execute(text(f"ALTER DATABASE {name} SET synchronous_commit TO off"))
    admin.dispose()
    for durability, expected in (("full", "on"), ("fast", "off")):
        engine = make_engine(url, durability)
        try:
            with engine.connect() as connection:
                setting = connection.execute(text("SHOW synchronous_commit")).scalar()
            assert setting == expected
        finally:
            engine.dispose()


def test_sqlite_synchronous_follows_the_durability(tmp_path: Path) -> None:
    for durability, expected in (("full", 2), ("fast", 1)):  # FULL = 2, NORMAL = 1
        engine = make_engine(f"sqlite:///{tmp_path / 'roost.db'}", durability)
        with engine.connect() as connection:
            assert connection.execute(text("PRAGMA synchronous")).scalar() == expected
        engine.dispose()
    with pytest.raises(ValueError, match="durability is one of full, fast"):
        make_engine(f"sqlite:///{tmp_path / 'roost.db'}", "sometimes")
