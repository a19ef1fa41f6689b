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
long as the process. `freeze_start_up` moves them to the permanent generation once, out of
every scan until the first full collection (which, since the young generation is promoted by
freezing too, unfreezes and scans everything: below).

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
CPU (about 0.02 ms a stored action).

Most of those scans find nothing: a table's move makes no reference cycle, and at 1,000 busy
tables the young collections of a steady server found 0-46 unreachable objects in ten seconds
while costing 12-16 ms of the loop's CPU a second, 5% of it. So a young collection now runs at
a tick only while the last one found garbage (more than `GARBAGE_FOUND` objects), and at every
`SAMPLE_EVERY`-th tick to look again; at the other ticks the young generation is promoted
untouched (`gc.freeze`: no scan, no cost). What garbage a promoted tick held waits for the
full collection (`collect_every`), which unfreezes everything and scans it all (the
start-up's objects too: ~50-70 ms more, once in five minutes); the next promotion freezes what
survived. A server that makes garbage (a run of new tables and connections: ~24 objects each;
a flood of requests) is caught by the next sampled collection and collected at every tick
again until it stops."""

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
SAMPLE_EVERY = 4
"""While young collections find no garbage, one tick in this many collects; the others
promote the young generation without a scan (`collect_young`)."""
GARBAGE_FOUND = 20
"""A young collection that frees more objects than this means the process is making garbage:
collect at every tick until one frees no more than this."""

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
        collect_all()
        metrics.GC_FULL.observe(time.perf_counter() - started)


def collect_all() -> int:
    """A full collection of everything, the promoted young generations included (they are
    frozen: `collect_young`, whose next promotion freezes the survivors again); returns what it
    freed."""
    gc.unfreeze()
    return gc.collect()


def freeze_start_up() -> int:
    """Collect what start-up left over, then freeze every object that remains (`gc.freeze`):
    no collection scans them until a full one (`collect_all`) unfreezes everything. Called once
    the app is built and before any table is loaded. Returns the count of frozen objects."""
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


def collects(tick: int, garbage: bool) -> bool:
    """Whether the `tick`-th tick (from 1) collects the young generation (else promotes it
    unscanned): while the last collection found garbage, every tick; else one in
    `SAMPLE_EVERY`."""
    return garbage or tick % SAMPLE_EVERY == 0


async def collect_young() -> None:
    """Turn the interpreter's automatic collections off and tend the young generation on the
    loop's clock instead (`next_young`), forever: collect it when `collects` says so, else
    promote it unscanned (see the module docstring). Cancel the task to stop, which unfreezes
    everything and turns the automatic collections back on. The scheduled full collection
    (`collect_every`) frees the cycles in the older generations and the promoted ones."""
    gc.disable()
    wait = YOUNG_FIRST
    tick = 0
    garbage = True
    try:
        while True:
            await asyncio.sleep(wait)
            tick += 1
            if not collects(tick, garbage):
                gc.freeze()
                continue
            started = time.thread_time()
            garbage = gc.collect(0) > GARBAGE_FOUND
            spent = time.thread_time() - started
            GC_YOUNG.observe(spent)
            wait = next_young(wait, spent)
    finally:
        gc.unfreeze()
        gc.enable()
