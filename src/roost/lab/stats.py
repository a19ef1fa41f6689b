"""Estimates with 95% intervals: proportions (Wilson), means (normal), quantiles, a chi-square
test of equal win rates across seats, the Order measure of skill, and the flags the report
raises from them.

**Flags and the number of tests.** A report with 30 seats, 6 settings and 40 card types runs a
hundred tests; at 5% each, a handful come out "significant" by luck alone, and a rerun with
another seed moves them elsewhere (an Egg Bound seat flag went from p 0.005 to p 0.38). So every
family of flags (the seats of a line-up, its per-setting seat tests, its first-player tests,
one setting's card types) is corrected with **Holm's step-down method** (`holm`): a flag is raised
where the Holm-adjusted p-value is below `ALPHA`, which keeps the chance of even one false flag in
the family at 5% (family-wise error), whatever the tests' dependence. Holm rather than
Benjamini-Hochberg: a designer acts on each red mark, so each must be trustworthy on its own,
not only the marks' average. And where the 95% interval is wider than `MAX_WIDTH` (20
percentage points) the report says **too few games** instead of flagging or clearing anything.

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
ALPHA = 0.05
"""The family-wise error rate of every family of flags (Holm-corrected)."""
MAX_WIDTH = 0.20
"""An interval of a share wider than this (20 percentage points) is "too few games": the report
neither flags nor clears it. At a fair rate of 25% it takes about 75 games to get under it."""

FLAGGED = "flagged"
"""Beyond chance after the correction for the family's number of tests."""
WITHIN = "within chance"
TOO_FEW = "too few games"


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


def normal_two_sided_p(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2))


def proportion_p(successes: int, trials: int, p0: float) -> float:
    """The two-sided p-value of a score test that a share is `p0` (1.0 when it cannot tell)."""
    if trials == 0 or not 0 < p0 < 1:
        return 1.0
    z = (successes / trials - p0) / math.sqrt(p0 * (1 - p0) / trials)
    return normal_two_sided_p(z)


def two_proportions_p(w1: int, n1: int, w2: int, n2: int) -> float:
    """The two-sided p-value of a pooled z-test that two shares are equal (1.0 when it cannot
    tell: an empty side, or everyone or nobody winning on both)."""
    if n1 == 0 or n2 == 0:
        return 1.0
    pooled = (w1 + w2) / (n1 + n2)
    if pooled in (0.0, 1.0):
        return 1.0
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    return normal_two_sided_p((w1 / n1 - w2 / n2) / se)


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given: the smallest p is multiplied by
    the number of tests m, the next by m - 1, ..., each kept at least as large as the one
    before it and at most 1. Flagging where the adjusted p is below alpha keeps the chance of
    any false flag in the family at alpha.

    >>> [round(p, 3) for p in holm([0.01, 0.04, 0.03, 0.5])]
    [0.04, 0.09, 0.09, 0.5]
    """
    m = len(pvalues)
    order_ = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order_):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def mean_se(e: Estimate) -> float:
    """The standard error of a mean estimated by `mean`, read back from its interval (which is
    the mean +- `Z95` standard errors): the lab's summaries keep estimates, not samples."""
    return (e.high - e.low) / (2 * Z95) if e.n > 1 else math.nan


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularised incomplete beta function (modified Lentz's
    method; converges fast for x < (a + 1) / (a + b + 2))."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    result = d
    for m in range(1, 300):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            result *= c * d
        if abs(c * d - 1) < 1e-15:
            break
    return result


def incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b), for the t distribution's tails."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(a, b, x) / a
    return 1 - front * _beta_fraction(b, a, 1 - x) / b


def t_two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with `df` (possibly fractional) degrees of freedom.

    >>> round(t_two_sided_p(2.228, 10), 3)
    0.05
    """
    if not math.isfinite(df) or df > 1e7:
        return normal_two_sided_p(t)
    return incomplete_beta(df / 2, 0.5, df / (df + t * t))


def t_quantile(df: float, alpha: float = ALPHA) -> float:
    """The t with P(|T| >= t) = `alpha` (bisection: plain Python, to 1e-10).

    >>> round(t_quantile(10), 3)
    2.228
    """
    low, high = 0.0, 1e6
    for _ in range(200):
        mid = (low + high) / 2
        if t_two_sided_p(mid, df) > alpha:
            low = mid
        else:
            high = mid
        if high - low < 1e-10:
            break
    return (low + high) / 2


@dataclass(frozen=True)
class Difference:
    """B's value minus A's with its 95% interval and the two-sided p-value that they are equal
    (before any correction for the number of differences tested)."""

    value: float
    low: float
    high: float
    p: float


def newcombe(w1: int, n1: int, w2: int, n2: int) -> Difference:
    """The difference of two shares, w2/n2 - w1/n1, with Newcombe's hybrid score interval (each
    share's Wilson interval combined: it stays inside -1..1 and keeps its coverage near 0% and
    100%, where Wald's collapses) and the pooled z-test's p-value (`two_proportions_p`).

    >>> d = newcombe(56, 70, 48, 80)  # Newcombe (1998), example (a): 0.0524 to 0.3339
    >>> round(d.value, 4), round(d.low, 4), round(d.high, 4)
    (-0.2, -0.3339, -0.0524)
    """
    p1 = w1 / n1 if n1 else 0.0
    p2 = w2 / n2 if n2 else 0.0
    l1, u1 = wilson(w1, n1)
    l2, u2 = wilson(w2, n2)
    d = p2 - p1
    low = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return Difference(d, low, high, two_proportions_p(w1, n1, w2, n2))


def welch(a: Estimate, b: Estimate) -> Difference:
    """The difference of two means, b - a, with Welch's interval (t with the Welch-Satterthwaite
    degrees of freedom: the variants' spreads need not be equal) and Welch's t-test p-value.
    Undefined (NaN interval, p 1) with fewer than two games on a side."""
    d = b.value - a.value
    se_a, se_b = mean_se(a), mean_se(b)
    if math.isnan(se_a) or math.isnan(se_b):
        return Difference(d, math.nan, math.nan, 1.0)
    se = math.sqrt(se_a**2 + se_b**2)
    if se == 0:
        return Difference(d, d, d, 1.0 if d == 0 else 0.0)
    df = se**4 / (se_a**4 / (a.n - 1) + se_b**4 / (b.n - 1))
    half = t_quantile(df) * se
    return Difference(d, d - half, d + half, t_two_sided_p(d / se, df))


def too_wide(*estimates: Estimate, width: float = MAX_WIDTH) -> bool:
    """Whether any of these intervals is wider than `width` (or has no games at all)."""
    return any(e.n == 0 or e.high - e.low > width for e in estimates)


def flag(adjusted_p: float, *estimates: Estimate) -> str:
    """`TOO_FEW` where an interval is too wide to say, else `FLAGGED` or `WITHIN` by the
    family-corrected p-value."""
    if too_wide(*estimates):
        return TOO_FEW
    return FLAGGED if adjusted_p < ALPHA else WITHIN
