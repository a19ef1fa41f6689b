"""Estimates with 95% intervals: proportions (Wilson), means (normal), quantiles, a chi-square
test of equal win rates across seats, and the Order measure of skill.

Everything here is plain Python (no numpy), so workers and the report agree to the last digit.

>>> round(order(0.5, 0.25), 3)
0.333
>>> proportion(0, 0).n
0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from roost.sim.arena import wilson

Z95 = 1.96


@dataclass(frozen=True)
class Estimate:
    """A value with its 95% interval, from `n` observations."""

    value: float
    low: float
    high: float
    n: int

    def to_json(self) -> dict[str, Any]:
        return {"value": _r(self.value), "low": _r(self.low), "high": _r(self.high), "n": self.n}

    def contains(self, x: float) -> bool:
        return self.low <= x <= self.high

    def pct(self, digits: int = 1) -> str:
        """``"42.0% (39.8-44.2)"``."""
        if self.n == 0:
            return "n/a"
        return (
            f"{100 * self.value:.{digits}f}% "
            f"({100 * self.low:.{digits}f}-{100 * self.high:.{digits}f})"
        )

    def num(self, digits: int = 1) -> str:
        """``"12.3 (11.9-12.7)"``."""
        if self.n == 0:
            return "n/a"
        return f"{self.value:.{digits}f} ({self.low:.{digits}f}-{self.high:.{digits}f})"


def _r(x: float) -> float:
    return round(x, 6) if math.isfinite(x) else x


def proportion(successes: int, trials: int) -> Estimate:
    """A proportion with its Wilson score interval."""
    low, high = wilson(successes, trials)
    return Estimate(successes / trials if trials else 0.0, low, high, trials)


def mean(values: Sequence[float]) -> Estimate:
    """A mean with its normal-approximation interval (the lab's samples are hundreds+)."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    m = math.fsum(values) / n
    if n == 1:
        return Estimate(m, m, m, 1)
    var = math.fsum((v - m) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Estimate(m, m - half, m + half, n)


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """The q-quantile of already sorted values (linear interpolation, as numpy's default)."""
    if not sorted_values:
        return 0.0
    pos = q * (len(sorted_values) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def order(win_rate: float, fair: float) -> float:
    """The Order measure of skill (CardStock): how far a player's win rate goes from the fair
    rate towards certain victory, ``(win rate - fair) / (1 - fair)``; 0 is pure luck, 1 is a
    player who always wins, negative is worse than chance."""
    return (win_rate - fair) / (1 - fair) if fair < 1 else 0.0


def order_estimate(wins: int, trials: int, fair: float) -> Estimate:
    """Order with the interval of the win rate mapped through it (the fair rate taken as
    known: it is pinned down by all seats' games, several times the strong seat's)."""
    rate = proportion(wins, trials)
    return Estimate(order(rate.value, fair), order(rate.low, fair), order(rate.high, fair), trials)


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with `df` degrees of freedom (closed forms)."""
    if x <= 0:
        return 1.0
    if df % 2 == 0:
        term = total = 1.0
        for k in range(1, df // 2):
            term *= (x / 2) / k
            total += term
        return min(1.0, math.exp(-x / 2) * total)
    total = math.erfc(math.sqrt(x / 2))
    term = math.sqrt(2 * x / math.pi) * math.exp(-x / 2)
    for k in range(1, (df + 1) // 2):
        total += term
        term *= x / (2 * k + 1)
    return min(1.0, total)


def equal_rates_p(wins: Sequence[int], trials: Sequence[int]) -> float:
    """The p-value of a chi-square test that every seat wins at the same rate (a 2 x k table
    of wins and non-wins); 1.0 when there is nothing to test."""
    total_w = sum(wins)
    total_n = sum(trials)
    if total_n == 0 or total_w in (0, total_n) or len(wins) < 2:
        return 1.0
    rate = total_w / total_n
    x = 0.0
    for w, n in zip(wins, trials, strict=True):
        expected_w = n * rate
        expected_l = n * (1 - rate)
        x += (w - expected_w) ** 2 / expected_w + ((n - w) - expected_l) ** 2 / expected_l
    return chi2_sf(x, len(wins) - 1)
