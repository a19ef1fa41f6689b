"""Full garbage collections on a schedule, in a `roost serve` process.

`roost serve` raises the cyclic collector's thresholds (`config.GC_THRESHOLDS`) so that the
full collections that paused a busy server several times a minute become rare. But some
garbage only a full collection frees: every closed WebSocket connection leaves a reference
cycle in the libraries under the server (websockets' protocol object with its
per-message-deflate state and zlib's buffers, uvicorn's HTTP protocol object), about 34 KiB a
connection. An hour-long soak with one connection closing per finished game grew 1.7 MiB a
minute that way, long after the tables had settled (scripts/soak.py; a `gc.collect()` freed all
of it). One full collection every `FULL_EVERY` seconds bounds that garbage (50 games a minute:
under 10 MiB) for one pause of the process each time, whose length `/metrics` shows
(`roost_gc_full_seconds`).

What a full collection scans is every container object the process holds; most of those
made at start-up (modules, classes, the app, the models' schemas, the games' tables) live as
long as the process. `freeze_start_up` moves them to the permanent generation once, so that
every later collection scans only what the tables made.

The young collections are paced too (`collect_young`). The interpreter starts one when 50,000
more container objects have been made than freed (`config.GC_THRESHOLDS`), but a freed object
of any age counts: a table's move makes a new state and frees the last, so the count barely
moves while the young generation fills with every table's current objects. With 1,000 Eggo
tables in one process each automatic young collection scanned ~110,000 objects, 50-80 ms of
CPU in one pause (50-110 ms at 3,000 tables, and every twentieth, a gen-1 collection, 390 ms),
which is what a person's move waited behind at the tail (docs/measured/server-speed.md, "The
3,000-table tail"). Collected on a clock instead, each young collection scans only what was
made since the last one and still lives: at 1,000 tables under load, 5 ms (at most 16 ms)
instead of 77-82 ms, and no gen-1 collection is left to come, for 2.6 times the collector's
CPU (about 0.02 ms a stored action)."""

from __future__ import annotations

import asyncio
import gc
import time

from prometheus_client import Histogram

from roost.server import metrics

FULL_EVERY = 300.0
"""Seconds between two scheduled full collections in `roost serve` (`Settings.gc_every`)."""

YOUNG_PAUSE = 0.01
"""Seconds of CPU a paced young collection aims at (`next_young`)."""
YOUNG_FIRST = 0.2
"""Seconds before the first paced young collection."""
YOUNG_BOUNDS = (0.05, 1.0)
"""The shortest and longest wait between two paced young collections (seconds)."""

GC_YOUNG = Histogram(
    "roost_gc_young_seconds",
    "The paced young collections (a pause of the whole process each), in CPU seconds",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25),
)


async def collect_every(seconds: float) -> None:
    """Run a full collection every `seconds`, forever (cancel the task to stop)."""
    while True:
        await asyncio.sleep(seconds)
        started = time.perf_counter()
        gc.collect()
        metrics.GC_FULL.observe(time.perf_counter() - started)


def freeze_start_up() -> int:
    """Collect what start-up left over, then freeze every object that remains (`gc.freeze`):
    no later collection scans them again. Called once the app is built and before any table
    is loaded, so a table (whose cycles a collection must free when it leaves memory) is never
    frozen. Returns the count of frozen objects."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


def next_young(wait: float, spent: float) -> float:
    """The wait before the next young collection, after one that took `spent` CPU seconds
    `wait` seconds after the one before. A young collection scans what was made since the last
    and still lives, so its length grows with the wait: scale the wait toward `YOUNG_PAUSE`, by
    at most a factor of 2 a step (one odd collection does not swing it), within
    `YOUNG_BOUNDS`."""
    factor = YOUNG_PAUSE / spent if spent > 0 else 2.0
    shortest, longest = YOUNG_BOUNDS
    return min(longest, max(shortest, wait * min(2.0, max(0.5, factor))))


async def collect_young() -> None:
    """Turn the interpreter's automatic collections off and collect the young generation on
    the loop's clock instead (`next_young`), forever; cancel the task to stop, which turns them
    back on. What survives goes to the older generations as before, and the scheduled full
    collection (`collect_every`) frees the cycles there."""
    gc.disable()
    wait = YOUNG_FIRST
    try:
        while True:
            await asyncio.sleep(wait)
            started = time.thread_time()
            gc.collect(0)
            spent = time.thread_time() - started
            GC_YOUNG.observe(spent)
            wait = next_young(wait, spent)
    finally:
        gc.enable()
