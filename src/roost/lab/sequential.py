"""Run until the headline intervals are narrow enough: ``roost lab GAME --until-width 10``.

Looking at the results after every batch and stopping once they look good is the classic way to
fool oneself: each look is another chance for chance. So the looks are fixed before the first
game, and the error is spent over them:

* **a fixed schedule of looks**: the run is played at ``--games`` a setting, then twice as many,
  four times, ... up to ``--max-games`` (K looks in all, known in advance). Games are seeded
  by their index, so look k is exactly the run ``--games N_k`` would give (each look replays
  the last one's games, which doubling keeps to at most twice the final look's work);
* **alpha spent by Bonferroni over the K looks**: at every look the headline intervals are
  computed at level 1 - 0.05/K (Wilson, z from the normal quantile), so the chance that any
  interval at any look misses its true value is at most 5%, whatever the looks' dependence;
  the run stops at the first look where every one of them is narrower than the target width.

The intervals a designer may quote after such a stop are these wider ones (the report lists
them); the report's other 95% intervals are those of a fixed-size run of the games played.

The **headline intervals** are, for every main line-up and setting, each seat's win rate, the
first player's, and the game's headline share (its first measure, when it is a share).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any, TypeVar

from roost.core.errors import RoostError
from roost.lab.stats import ALPHA, Estimate
from roost.lab.summary import LabSummary
from roost.sim.arena import wilson

R = TypeVar("R")


def schedule(start: int, most: int) -> list[int]:
    """The looks: `start`, doubling, up to `most` (which is the last look if doubling skips
    it).

    >>> schedule(100, 1000)
    [100, 200, 400, 800, 1000]
    >>> schedule(100, 100)
    [100]
    """
    if start < 1 or most < start:
        raise RoostError(f"--max-games must be at least --games ({start}); got {most}")
    looks = [start]
    while looks[-1] * 2 <= most:
        looks.append(looks[-1] * 2)
    if looks[-1] < most:
        looks.append(most)
    return looks


def look_z(looks: int, alpha: float = ALPHA) -> float:
    """The two-sided z of each look's intervals: alpha spent equally over the looks."""
    return NormalDist().inv_cdf(1 - alpha / (2 * looks))


@dataclass(frozen=True)
class Widest:
    """The widest headline interval at a look (at the look's level)."""

    what: str
    low: float
    high: float

    @property
    def width(self) -> float:
        return self.high - self.low


def _wide(label: str, e: Estimate, z: float) -> Widest:
    low, high = wilson(round(e.value * e.n), e.n, z)
    return Widest(label, low, high)


def headline(summary: LabSummary, z: float) -> list[Widest]:
    """Every headline interval of the run at this z (see the module docstring)."""
    out: list[Widest] = []
    for m in summary.main:
        where = f"{m.setting.label}, {m.lineup.name}"
        for seat, e in enumerate(m.seat_win):
            out.append(_wide(f"P{seat} wins ({where})", e, z))
        if m.first_player_win.n:
            out.append(_wide(f"the first player wins ({where})", m.first_player_win, z))
        if m.extras and m.extras[0].kind == "rate" and m.extras[0].estimate.n:
            out.append(_wide(f"{m.extras[0].label} ({where})", m.extras[0].estimate, z))
    return out


@dataclass(frozen=True)
class Sequential:
    """How a run sized by `run_until` stopped."""

    target: float
    """The widest a headline interval may be (a share: 0.10 is 10 percentage points)."""
    looks: tuple[int, ...]
    """The planned schedule of games per setting (of the first line-up)."""
    done: tuple[tuple[int, Widest], ...]
    """Per look taken: its games and its widest headline interval."""
    z: float

    @property
    def reached(self) -> bool:
        return bool(self.done) and self.done[-1][1].width <= self.target

    @property
    def level(self) -> float:
        return 1 - ALPHA / len(self.looks)

    def describe(self) -> str:
        games, widest = self.done[-1]
        k, total = len(self.done), len(self.looks)
        how = (
            f"looks planned at {', '.join(str(n) for n in self.looks)} games a setting, "
            f"each at {100 * self.level:.2f}% (5% spent equally over the {total} looks)"
        )
        if self.reached:
            return (
                f"Stopped at look {k} of {total} ({games} games a setting): every headline "
                f"interval is narrower than {100 * self.target:g} percentage points (widest: "
                f"{widest.what}, {100 * widest.low:.1f}-{100 * widest.high:.1f}%); {how}."
            )
        return (
            f"The target was not reached by the last look ({games} games a setting): the "
            f"widest headline interval is {widest.what}, {100 * widest.low:.1f}-"
            f"{100 * widest.high:.1f}% ({100 * widest.width:.1f} points against "
            f"{100 * self.target:g}); {how}. Raise --max-games."
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "target_width": self.target,
            "looks_planned": list(self.looks),
            "level_per_look": round(self.level, 6),
            "z": round(self.z, 6),
            "looks": [
                {"games": n, "widest": w.what, "low": round(w.low, 6), "high": round(w.high, 6)}
                for n, w in self.done
            ],
            "reached": self.reached,
        }


def run_until(
    play: Callable[[int], R],
    summary_of: Callable[[R], LabSummary],
    target: float,
    start: int,
    most: int,
    on_look: Callable[[int, Widest], None] | None = None,
) -> tuple[R, Sequential]:
    """Play look after look of the schedule until every headline interval is narrower than
    `target` (or the schedule ends); `play(games)` plays the run of that size."""
    if not 0 < target < 1:
        raise RoostError(f"--until-width takes percentage points between 0 and 100; got {target}")
    looks = schedule(start, most)
    z = look_z(len(looks))
    done: list[tuple[int, Widest]] = []
    run: R | None = None
    for games in looks:
        run = play(games)
        intervals = headline(summary_of(run), z)
        widest = max(intervals, key=lambda w: w.width) if intervals else Widest("nothing", 0, 0)
        done.append((games, widest))
        if on_look:
            on_look(games, widest)
        if widest.width <= target:
            break
    assert run is not None
    return run, Sequential(target, tuple(looks), tuple(done), z)
