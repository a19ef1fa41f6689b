"""A table that leaves memory is freed at once by reference counting.

`roost serve` tunes the cyclic garbage collector so that full collections are rare
(`GC_THRESHOLDS`); anything caught in a reference cycle then waits minutes to be freed. An
evicted table used to be such a cycle (a closure over the table, held by the table), so the
soak test saw the server grow by half a MiB a finished game (scripts/soak.py)."""

from __future__ import annotations

import gc
import random
import weakref
from dataclasses import replace

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
