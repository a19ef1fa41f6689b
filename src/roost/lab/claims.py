"""Rulebook claims: a claim, how it was put to the test, what was measured, and the verdict.

Each game's lab companion lists its claims (``LAB.claims``); each one's `check` reads the
summary of the run and says what it measured. Verdicts:

* ``holds``: every setting tested agrees with the claim as operationalised;
* ``fails``: none does;
* ``partly``: some do, some do not (the measured column says which);
* ``inconclusive``: the intervals do not decide it;
* ``not tested``: the run lacks what the claim needs (the measured column says what to run).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from roost.lab.summary import LabSummary, MainSummary
from roost.lab.timing import TimeModel

HOLDS = "holds"
FAILS = "fails"
PARTLY = "partly"
INCONCLUSIVE = "inconclusive"
NOT_TESTED = "not tested"


@dataclass(frozen=True)
class Verdict:
    verdict: str
    measured: str


@dataclass(frozen=True)
class Claim:
    """A claim of the rulebook and how the lab checks it."""

    quote: str
    """The rulebook's words."""
    source: str
    """Where in the rulebook."""
    how: str
    """How it is operationalised: what is measured and what would make it hold."""
    check: Callable[[LabSummary], Verdict]


@dataclass(frozen=True)
class ClaimResult:
    claim: Claim
    verdict: Verdict

    def to_json(self) -> dict[str, Any]:
        return {
            "claim": self.claim.quote,
            "source": self.claim.source,
            "operationalised": self.claim.how,
            "measured": self.verdict.measured,
            "verdict": self.verdict.verdict,
        }


def check_claims(claims: Sequence[Claim], summary: LabSummary) -> list[ClaimResult]:
    return [ClaimResult(claim, claim.check(summary)) for claim in claims]


def combine(parts: Sequence[tuple[str, bool | None]]) -> str:
    """The verdict over settings: each part True (agrees), False (disagrees) or None
    (undecided)."""
    if not parts:
        return NOT_TESTED
    if all(ok is True for _, ok in parts):
        return HOLDS
    if all(ok is False for _, ok in parts):
        return FAILS
    if all(ok is None for _, ok in parts):
        return INCONCLUSIVE
    return PARTLY


def combine_tested(parts: Sequence[tuple[str, bool | None]]) -> str:
    """As `combine`, but a part that is None had nothing to test (no tie happened, the card
    was never played) and does not count, unless no part had anything."""
    tested = [(text, ok) for text, ok in parts if ok is not None]
    return combine(tested) if tested else combine(parts)


def minutes_of(main: MainSummary, time: TimeModel) -> list[float]:
    return sorted(time.minutes(c, f, ch) for c, f, ch in main.steps)


def median_of(values: Sequence[float]) -> float:
    n = len(values)
    if n == 0:
        return 0.0
    mid = n // 2
    return values[mid] if n % 2 else (values[mid - 1] + values[mid]) / 2


def decision_seconds_range(
    main: MainSummary, time: TimeModel, ok: Callable[[list[float]], bool]
) -> tuple[float, float] | None:
    """The seconds per decision (0.5 to 30, in half seconds; the other figures as set) for which
    `ok(sorted minutes)` holds: its lowest and highest, or None."""
    good = [s / 2 for s in range(1, 61) if ok(minutes_of(main, time.with_decision(s / 2)))]
    return (good[0], good[-1]) if good else None


def seconds_text(span: tuple[float, float] | None) -> str:
    if span is None:
        return "at no figure from 0.5 to 30 s per decision"
    low, high = span
    if low == high:
        return f"only at {low:g} s per decision"
    return f"from {low:g} to {high:g} s per decision"


def no_runs(what: str) -> Verdict:
    return Verdict(NOT_TESTED, f"not tested: {what}")
