"""The paced young collections of `roost serve` (`roost.server.collector.collect_young`): the
interpreter's own collections are off while the task runs and back on after it; the young
generation is collected on the loop's clock; the wait between collections moves toward the
pause it aims at."""

from __future__ import annotations

import asyncio
import gc
from typing import Any

from roost.server.collector import (
    YOUNG_BOUNDS,
    YOUNG_PAUSE,
    collect_young,
    next_young,
)
from tests.server.helpers import run, until


def test_the_wait_moves_toward_the_aimed_pause_a_step_at_a_time() -> None:
    assert next_young(0.2, YOUNG_PAUSE) == 0.2
    assert next_young(0.2, YOUNG_PAUSE * 2) == 0.1  # twice too long: half the wait
    assert next_young(0.2, YOUNG_PAUSE * 10) == 0.1  # never more than halved a step
    assert next_young(0.2, YOUNG_PAUSE / 10) == 0.4  # nor more than doubled
    assert next_young(0.2, 0.0) == 0.4  # nothing to scan: wait longer
    shortest, longest = YOUNG_BOUNDS
    assert next_young(shortest, 1.0) == shortest
    assert next_young(longest, 0.0) == longest


def test_young_collections_run_on_the_clock_with_the_automatic_ones_off() -> None:
    seen: list[int] = []

    def watch(phase: str, info: dict[str, Any]) -> None:
        if phase == "stop":
            seen.append(info["generation"])

    async def scenario() -> tuple[bool, bool]:
        task = asyncio.create_task(collect_young())
        await asyncio.sleep(0)
        automatic_while_running = gc.isenabled()
        gc.callbacks.append(watch)
        try:
            await until(lambda: len(seen) >= 2)
        finally:
            gc.callbacks.remove(watch)
            task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return automatic_while_running, gc.isenabled()

    assert gc.isenabled()
    during, after = run(scenario())
    assert not during
    assert after
    assert set(seen) == {0}  # young ones only: the older generations are the full one's
