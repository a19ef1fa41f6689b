"""The server's children (bot workers, multiprocessing's resource tracker) end with it.

A real `roost serve` process with two bot workers plays a table of hard bots (the workers are
busy); then only the server's own pid gets the signal (not its process group, which would kill
the children directly and hide the bug). Every descendant recorded from /proc before the signal
must be gone (or a zombie) 5 seconds after it.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

import httpx
import pytest

from serverkit import Server, start_server, wait_ready

BOUND = 5.0
"""Seconds after the signal by which every child must be dead."""


def _stat(pid: int) -> tuple[int, str, str] | None:
    """(parent pid, state, start time) of a live process, None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rsplit(")", 1)[1].split()
    # after the name: state (3), ppid (4), ..., starttime (22)
    return int(fields[1]), fields[0], fields[19]


def descendants(root: int) -> dict[int, str]:
    """Every live descendant of `root` with its start time (to tell a reused pid)."""
    children: dict[int, list[int]] = {}
    started: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        stat = _stat(int(entry.name))
        if stat is not None:
            children.setdefault(stat[0], []).append(int(entry.name))
            started[int(entry.name)] = stat[2]
    found: dict[int, str] = {}
    todo = list(children.get(root, []))
    while todo:
        pid = todo.pop()
        if pid in started:
            found[pid] = started[pid]
            todo.extend(children.get(pid, []))
    return found


def alive(pid: int, started: str) -> bool:
    """The same process (same start time) still exists and is not a zombie."""
    stat = _stat(pid)
    return stat is not None and stat[2] == started and stat[1] != "Z"


async def _busy_server(tmp_path: Path) -> Server:
    server = start_server(
        f"sqlite:///{tmp_path / 'roost.db'}", tmp_path / "server.log", bot_workers=2
    )
    try:
        await wait_ready(server)
        async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
            for _ in range(2):  # hard bots think in the workers: they are mid-job when killed
                created = await http.post(
                    "/api/tables",
                    json={
                        "game": "big-chicken",
                        "players": 3,
                        "seats": [{"type": "bot", "level": "hard"}] * 3,
                    },
                )
                assert created.status_code == 201, created.text
                assert created.json()["table"]["status"] == "playing"
    except BaseException:
        server.kill()
        raise
    return server


@pytest.mark.timeout(90)
@pytest.mark.parametrize(
    "signum", [signal.SIGKILL, signal.SIGTERM, signal.SIGINT], ids=lambda s: s.name
)
def test_no_child_outlives_the_server(tmp_path: Path, signum: signal.Signals) -> None:
    server = asyncio.run(_busy_server(tmp_path))
    try:
        deadline = time.monotonic() + 20
        children = descendants(server.pid)
        while len(children) < 3 and time.monotonic() < deadline:  # 2 workers + the tracker
            time.sleep(0.1)
            children = descendants(server.pid)
        assert len(children) >= 3, f"expected two bot workers and a resource tracker: {children}"
        time.sleep(1.0)  # the hard bots are thinking
        os.kill(server.pid, signum)
        signalled = time.monotonic()
        left = dict(children)
        while left and time.monotonic() < signalled + BOUND:
            left = {pid: start for pid, start in left.items() if alive(pid, start)}
            time.sleep(0.1)
        assert not left, f"alive {BOUND:.0f} s after {signum.name}: {sorted(left)}"
        if signum != signal.SIGKILL:  # a clean stop: the server itself ends too, with no error
            server.process.wait(20)
            assert "Traceback" not in server.log.read_text(errors="replace")
    finally:
        server.kill()  # the whole group: whatever a failed run left behind
