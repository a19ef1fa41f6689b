"""The paced young collections of `roost serve` (`roost.server.collector.collect_young`): the
interpreter's own collections are off while the task runs and back on after it; the young
generation is collected on the loop's clock; the wait between collections moves toward the
pause it aims at; while collections find no garbage most ticks promote the young generation
unscanned, a process that makes garbage is collected at every tick, and what a promotion took
waits for the full collection."""

from __future__ import annotations

import asyncio
import gc
import weakref
from typing import Any

import pytest

from roost.server import collector
from roost.server.collector import (
    GARBAGE_FOUND,
    SAMPLE_EVERY,
    YOUNG_BOUNDS,
    YOUNG_PAUSE,
    collect_all,
    collect_young,
    collects,
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


def test_a_tick_collects_while_there_is_garbage_else_one_in_a_few() -> None:
    assert [collects(tick, garbage=False) for tick in range(1, 9)] == [
        tick % SAMPLE_EVERY == 0 for tick in range(1, 9)
    ]
    assert any(not collects(tick, garbage=False) for tick in range(1, SAMPLE_EVERY))
    assert all(collects(tick, garbage=True) for tick in range(1, 9))


class _Node:
    """An object in a reference cycle with itself: garbage only a collection frees."""

    def __init__(self) -> None:
        self.me: _Node | None = self


class _Ticks:
    """What each tick of `collect_young` did, in order: "collect" or "promote"."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.done: list[str] = []
        freeze = gc.freeze

        def promote() -> None:
            self.done.append("promote")
            freeze()

        def watch(phase: str, info: dict[str, Any]) -> None:
            if phase == "stop" and info["generation"] == 0:
                self.done.append("collect")

        monkeypatch.setattr(gc, "freeze", promote)
        monkeypatch.setattr(collector, "YOUNG_FIRST", 0.01)
        monkeypatch.setattr(collector, "YOUNG_BOUNDS", (0.01, 0.01))
        self.watch = watch


def _tend(ticks: _Ticks, during: Any) -> None:
    """Run `collect_young` around the coroutine function `during`, watching its ticks."""

    async def scenario() -> None:
        gc.collect()  # earlier tests' garbage is not the question
        task = asyncio.create_task(collect_young())
        gc.callbacks.append(ticks.watch)
        try:
            await during()
        finally:
            gc.callbacks.remove(ticks.watch)
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    run(scenario())
    assert gc.get_freeze_count() == 0  # the task unfroze everything when it stopped


def test_ticks_that_find_no_garbage_promote_the_young_generation_unscanned(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ticks = _Ticks(monkeypatch)

    async def quiet() -> None:
        await until(lambda: len(ticks.done) >= 6 * SAMPLE_EVERY)

    _tend(ticks, quiet)
    settled = ticks.done[-4 * SAMPLE_EVERY :]
    assert settled.count("collect") <= 5  # one in SAMPLE_EVERY, give or take stray garbage
    assert settled.count("promote") >= 3 * SAMPLE_EVERY - 5


def test_a_process_making_garbage_is_collected_at_every_tick(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ticks = _Ticks(monkeypatch)
    flooding = [True]

    async def flood() -> None:
        while flooding[0]:
            for _ in range(10 * GARBAGE_FOUND):
                _Node()
            await asyncio.sleep(0.002)

    async def with_garbage() -> None:
        maker = asyncio.create_task(flood())
        try:
            await until(lambda: ticks.done.count("collect") >= 3)  # seen at a sampled tick
            seen = len(ticks.done)
            await until(lambda: len(ticks.done) >= seen + 3 * SAMPLE_EVERY)
        finally:
            flooding[0] = False
            await maker
        assert "promote" not in ticks.done[seen:]

    _tend(ticks, with_garbage)


def test_a_cycle_a_promotion_took_waits_for_the_full_collection(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ticks = _Ticks(monkeypatch)
    freed: list[bool] = []

    async def promoted() -> None:
        node = _Node()
        gone = weakref.ref(node)
        promotions = ticks.done.count("promote")
        await until(lambda: ticks.done.count("promote") > promotions)  # took it, alive
        del node  # garbage now
        collections = ticks.done.count("collect")
        await until(lambda: ticks.done.count("collect") >= collections + 2)
        freed.append(gone() is None)  # the young collections no longer see it
        collect_all()
        freed.append(gone() is None)

    _tend(ticks, promoted)
    assert freed == [False, True]
