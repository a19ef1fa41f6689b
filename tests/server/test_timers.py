"""A table's timers (`roost.server.tables.clock.Timers`): after every change the table cancels
its move clock and automatic answer, and keeps the grace and fill timers."""

from __future__ import annotations

import asyncio

from roost.server.tables.clock import Timers
from tests.server.helpers import run


async def _nothing() -> None:
    return None


def test_cancel_kinds_cancels_the_clock_and_reply_timers_only() -> None:
    async def check() -> tuple[list[object], list[object]]:
        timers = Timers()
        keys: list[object] = [
            ("clock", 0),
            ("clock", 2),
            ("reply", 1),
            ("grace", 0),
            ("fill", None),
        ]
        for key in keys:
            timers.set(key, 60.0, _nothing)
        handles = dict(timers._handles)
        timers.cancel_kinds("clock", "reply")
        left = [key for key in keys if timers.deadline(key) is not None]
        cancelled = [key for key, handle in handles.items() if handle.cancelled()]
        timers.cancel_all()
        await asyncio.sleep(0)
        return left, cancelled

    left, cancelled = run(check())
    assert left == [("grace", 0), ("fill", None)]
    assert cancelled == [("clock", 0), ("clock", 2), ("reply", 1)]
