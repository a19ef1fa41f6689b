"""The loop-stall probe (`roost.server.stalls`) and the report that lines its stalls up with the
slow moves (scripts/stall_report.py): a reader of `load_server.py --stalls` must be able to tell
a busy loop from a collection, another process taking the core, and a late load generator."""

from __future__ import annotations

import asyncio
import gc
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from roost.server.stalls import STALL_LOG_ENV, LoopProbe, from_env, read_events
from stall_report import attribute, report, stall_cause, stalls

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the probe reads /proc/thread-self"
)


def _hold_the_loop(probe: LoopProbe, cpu: float) -> None:
    """Busy in the loop's thread until it has used `cpu` seconds and the watchdog has seen it
    (no wall-clock bound: a loaded machine only makes it longer)."""
    started = time.thread_time()
    while time.thread_time() - started < cpu or not any(probe._samples.values()):
        sum(range(1000))


async def _probed(block: Any, **options: Any) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    probe = LoopProbe(events.append, **options)
    probe.start()
    await asyncio.sleep(0.05)
    block(probe)
    await asyncio.sleep(0.05)
    await probe.stop()
    return events


def test_a_busy_callback_is_a_stall_of_the_loops_own_work_with_its_stack() -> None:
    events = asyncio.run(_probed(lambda probe: _hold_the_loop(probe, 0.1)))
    found = [e for e in events if e["kind"] == "stall"]
    assert found, events
    longest = max(found, key=lambda e: e["lag"])
    assert longest["lag"] >= 0.1 - 0.01
    assert longest["loop_cpu"] >= 0.1
    assert any("_hold_the_loop" in stack for stack in longest["stacks"])
    assert stall_cause(longest) in ("the loop's own work", "waiting for a core")


def test_a_collection_in_the_loop_is_recorded_in_its_stall() -> None:
    garbage = [[i] for i in range(200_000)]  # enough objects for the collection to take a while

    def collect(probe: LoopProbe) -> None:
        gc.collect()
        _hold_the_loop(probe, 0.03)

    events = asyncio.run(_probed(collect, threshold=0.02))
    del garbage
    full = [e for e in events if e["kind"] == "gc" and e["generation"] == 2]
    assert full and full[0]["thread"] == "loop"
    stall = max((e for e in events if e["kind"] == "stall"), key=lambda e: e["lag"])
    assert [2, "loop"] in [entry[:2] for entry in stall["collections"]]
    assert stall["gc_loop"] >= full[0]["seconds"]


def test_a_collection_in_another_thread_is_named_by_its_thread() -> None:
    def elsewhere(probe: LoopProbe) -> None:
        thread = threading.Thread(target=gc.collect, name="roost-commit")
        thread.start()
        thread.join()

    events = asyncio.run(_probed(elsewhere, watch=False))
    assert any(e["kind"] == "gc" and e["thread"] == "roost-commit" for e in events)


def test_the_server_writes_its_stalls_where_the_environment_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(STALL_LOG_ENV, raising=False)
    assert from_env() is None
    path = tmp_path / "stalls.jsonl"
    monkeypatch.setenv(STALL_LOG_ENV, str(path))
    probe = from_env()
    assert probe is not None

    async def serve() -> None:
        probe.start()
        await asyncio.sleep(0.03)
        _hold_the_loop(probe.probe, 0.05)
        await asyncio.sleep(1.1)  # a second's totals are written once a second
        await probe.stop()

    asyncio.run(serve())
    kinds = {e["kind"] for e in read_events(path)}
    assert {"stall", "second"} <= kinds


def test_bad_probe_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="above 0"):
        LoopProbe(lambda event: None, interval=0)


# --- the report ---------------------------------------------------------------------------------


def _stall(at: float, lag: float, **parts: float) -> dict[str, Any]:
    event = {"kind": "stall", "at": at, "span": 0.01 + lag, "lag": lag}
    event |= {"loop_cpu": 0.0, "gc": 0.0, "gc_loop": 0.0, "runqueue": 0.0, "others_cpu": 0.0}
    return event | parts


def test_a_stall_is_put_down_to_its_largest_part() -> None:
    assert stall_cause(_stall(0, 0.2, loop_cpu=0.2, gc=0.18, gc_loop=0.18)) == "collections"
    assert stall_cause(_stall(0, 0.2, loop_cpu=0.2, gc=0.01, gc_loop=0.01)) == (
        "the loop's own work"
    )
    assert stall_cause(_stall(0, 0.2, loop_cpu=0.02, runqueue=0.17)) == "waiting for a core"
    assert stall_cause(_stall(0, 0.2, others_cpu=0.19)) == "other threads"
    assert stall_cause(_stall(0, 0.2, loop_cpu=0.01)) == "unknown"


def test_each_slow_move_goes_to_the_stall_that_covered_it() -> None:
    server = stalls(
        [
            _stall(100.0, 0.3, loop_cpu=0.3, gc=0.28, gc_loop=0.28),  # late 100.01-100.31
            _stall(200.0, 0.2, runqueue=0.2),  # late 200.01-200.21
        ]
    )
    client = {1: stalls([_stall(300.0, 0.4, loop_cpu=0.4)])}
    moves = [
        (100.0, 0.35, 0),  # the server's collection
        (200.0, 0.25, 1),  # the server waiting for a core
        (300.0, 0.45, 1),  # its own client's loop
        (300.0, 0.45, 0),  # another client's stall does not explain it
        (400.0, 0.02, 0),  # fast: not counted
    ]
    count, tally = attribute(moves, server, client, slow=0.05)
    assert count == 4
    assert tally == {
        "the server's loop: collections": 1,
        "the server's loop: waiting for a core": 1,
        "the load generator's own loop": 1,
        "neither (queued behind other work, or the writer)": 1,
    }
    lines = report(
        [_stall(100.0, 0.3, loop_cpu=0.3, gc=0.28, gc_loop=0.28)],
        {0: [], 1: []},
        moves,
        start=90.0,
        stop=410.0,
        slow=0.05,
    )
    text = "\n".join(lines)
    assert "server loop: 1 stalls" in text
    assert "person's moves of 50 ms or more: 4 of 5" in text


def test_a_server_without_a_stall_log_says_so() -> None:
    text = "\n".join(report([], {0: []}, [(1.0, 0.01, 0)], 0.0, 10.0, 0.05))
    assert "no stall log" in text
