"""Timers of a table: the per-move clock and the disconnection grace.

When a person's clock runs out, or they stay disconnected past the grace period, a stand-in
(a medium bot) plays for their seat until they are back, as Board Game Arena's "zombie" seats
do. The table decides what happens; this module only keeps the timers and says it in words.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Hashable

from roost.server.tables import notes

log = logging.getLogger("roost.server.clock")


class Timers:
    """One-shot timers by key: setting a key again replaces its timer."""

    def __init__(self) -> None:
        self._handles: dict[Hashable, asyncio.TimerHandle] = {}
        self._deadlines: dict[Hashable, float] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def set(self, key: Hashable, delay: float, callback: Callable[[], Awaitable[None]]) -> None:
        self.cancel(key)
        loop = asyncio.get_running_loop()

        def fire() -> None:
            self._handles.pop(key, None)
            self._deadlines.pop(key, None)
            task = loop.create_task(_logged(callback()))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

        self._handles[key] = loop.call_later(max(0.0, delay), fire)
        self._deadlines[key] = time.time() + max(0.0, delay)

    def cancel(self, key: Hashable) -> None:
        handle = self._handles.pop(key, None)
        self._deadlines.pop(key, None)
        if handle is not None:
            handle.cancel()

    def cancel_kinds(self, *kinds: str) -> None:
        """Cancel every timer whose key is a tuple starting with one of `kinds` (a table's
        ``("clock", seat)`` and ``("reply", seat)``, after every change): only the timers
        that are set are looked at, not every key that could be."""
        found = [k for k in self._handles if isinstance(k, tuple) and k and k[0] in kinds]
        for key in found:
            self.cancel(key)

    def deadline(self, key: Hashable) -> float | None:
        """When the timer `key` fires (Unix time), or None if it is not set."""
        return self._deadlines.get(key)

    def cancel_all(self) -> None:
        for key in list(self._handles):
            self.cancel(key)
        for task in list(self._tasks):
            task.cancel()


async def _logged(awaitable: Awaitable[None]) -> None:
    try:
        await awaitable
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("a table timer failed")


def timed_out(name: str, level: str) -> str:
    return notes.timed_out(name, level).english()


def left(name: str, level: str) -> str:
    return notes.left(name, level).english()


def back(name: str) -> str:
    return notes.back(name).english()


def never_came(name: str, seat: int, grace: float) -> str:
    return notes.never_came(name, seat, grace).english()
