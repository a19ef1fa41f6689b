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
every later collection scans only what the tables made."""

from __future__ import annotations

import asyncio
import gc
import time

from roost.server import metrics

FULL_EVERY = 300.0
"""Seconds between two scheduled full collections in `roost serve` (`Settings.gc_every`)."""


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
