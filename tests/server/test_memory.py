"""A table that leaves memory is freed at once by reference counting.

`roost serve` tunes the cyclic garbage collector so that full collections are rare
(`GC_THRESHOLDS`); anything caught in a reference cycle then waits minutes to be freed. An
evicted table used to be such a cycle (a closure over the table, held by the table), so the
soak test saw the server grow by half a MiB a finished game (scripts/soak.py)."""

from __future__ import annotations

import asyncio
import gc
import random
import subprocess
import sys
import weakref
from dataclasses import replace

from roost.server import metrics
from roost.server.collector import collect_every
from roost.server.db import Store
from roost.server.protocol import CreateTable
from roost.server.tables.bots import BotRunner
from roost.server.tables.lobby import Lobby
from roost.server.tables.table import Table
from tests.server.helpers import FAST, FakeConnection, play_out, run, until


def test_a_finished_table_leaves_memory_without_the_cycle_collector(store: Store) -> None:
    settings = replace(FAST, keep_finished=0.0, bot_pause=0.0)

    async def scenario() -> weakref.ref[Table]:
        lobby = Lobby(store, BotRunner(0), settings)
        seats = [{"type": "open"}, {"type": "bot", "level": "easy"}]
        request = CreateTable.model_validate(
            {"game": "eggo", "players": 2, "seats": seats, "name": "Ana"}
        )
        grant = await lobby.create(request, creator="test")
        assert grant.seat is not None and grant.token is not None
        table = lobby.tables[grant.table.id]
        connection = FakeConnection()
        await table.attach(connection, grant.token)
        await play_out(table, {grant.seat: (grant.token, connection)}, random.Random(5))
        await table.detach(connection)
        await until(lambda: grant.table.id not in lobby.tables)  # evicted
        gone = weakref.ref(table)
        gc.collect()  # older garbage is not the question
        gc.disable()  # from here on, only reference counting frees anything
        del table, connection
        await lobby.close()
        return gone

    try:
        gone = run(scenario())
        assert gone() is None, "the evicted table waits for the cycle collector"
    finally:
        gc.enable()


class _Node:
    """An object in a reference cycle with itself: garbage only a collection frees."""

    def __init__(self) -> None:
        self.me: _Node | None = self


def test_the_scheduled_full_collection_frees_cycles_the_tuned_collector_leaves() -> None:
    """With the collector off (its thresholds make full collections rare in `roost serve`),
    a cycle like the one a closed WebSocket connection leaves is freed by the scheduled
    collection, and each collection is counted in /metrics."""

    async def scenario() -> tuple[bool, float]:
        before = _collections()
        enabled = gc.isenabled()
        gc.disable()
        try:
            node = _Node()
            gone = weakref.ref(node)
            del node
            assert gone() is not None  # only a collection can free it
            task = asyncio.create_task(collect_every(0.05))
            await until(lambda: gone() is None, timeout=30)
            task.cancel()
            return gone() is None, _collections() - before
        finally:
            if enabled:
                gc.enable()

    freed, collections = run(scenario())
    assert freed and collections >= 1


def _collections() -> float:
    """How many scheduled full collections /metrics has counted."""
    for family in metrics.GC_FULL.collect():
        for sample in family.samples:
            if sample.name.endswith("_count"):
                return float(sample.value)
    return 0.0


FREEZE_PROBE = """
import gc
from roost.server.app import create_app
from roost.server.collector import freeze_start_up
from roost.server.config import Settings

create_app(Settings(gc_every=300.0))
frozen = freeze_start_up()
# a cycle made after start-up (as a table's) is still the collector's to free
class Node:
    pass
node = Node()
node.me = node
tracked = any(o is node for o in gc.get_objects())
del node
print(frozen, gc.get_freeze_count() == frozen, tracked, gc.collect() >= 1)
"""


def test_start_up_objects_are_frozen_and_later_cycles_still_collected() -> None:
    """`freeze_start_up` (what `roost serve` runs before loading any table) takes the objects
    of start-up out of the collections' scans, but not what comes after: a cycle made later is
    scanned and freed. In a process of its own (freezing is until a full collection of
    `roost.server.collector.collect_all`)."""
    done = subprocess.run(
        [sys.executable, "-c", FREEZE_PROBE], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    frozen, counted, tracked, freed = done.stdout.split()
    assert int(frozen) > 10_000  # modules, classes, the app, the models' schemas
    assert (counted, tracked, freed) == ("True", "True", "True")
