"""Rulebook claims: a claim, how it was put to the test, what was measured, and the verdict.

Each game's lab companion lists its claims (``LAB.claims``); each one's `check` reads the
summary of the run and returns a `Verdict`: one `Finding` per setting (player count, parameter
values), each marked as agreeing with the claim, disagreeing, undecided (the 95% intervals do
not decide it) or with nothing to test (no tie happened, the card was never played). Findings
with nothing to test do not count. The verdict over the findings that count:

* ``holds``: every one agrees;
* ``fails``: at least one disagrees and none agrees;
* ``partly``: some agree, others disagree or are undecided (the findings say which);
* ``inconclusive``: every one is undecided: more games would tell;
* ``not tested``: none counts, or the run lacks what the claim needs (the note says what to run).

A universal claim ("balanced for 3 to 6 players") then holds only where every count agrees, and
one clear disagreement is enough to fail it; an undecided count is never counted as agreeing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from roost.lab.summary import LabSummary, MainSummary
from roost.lab.timing import TimeModel

HOLDS = "holds"
FAILS = "fails"
PARTLY = "partly"
INCONCLUSIVE = "inconclusive"
NOT_TESTED = "not tested"
VERDICTS = (HOLDS, PARTLY, FAILS, INCONCLUSIVE, NOT_TESTED)


class Mark(StrEnum):
    """What one setting says about a claim."""

    AGREES = "agrees"
    DISAGREES = "disagrees"
    UNDECIDED = "undecided"
    NOTHING = "nothing to test"
    """The setting had nothing to test (it does not count)."""
    INFO = "info"
    """A figure the verdict reads as a whole (e.g. intervals compared across counts)."""


def mark(ok: bool | None) -> Mark:
    """True agrees, False disagrees, None undecided."""
    if ok is None:
        return Mark.UNDECIDED
    return Mark.AGREES if ok else Mark.DISAGREES


@dataclass(frozen=True)
class Finding:
    """One setting's measurement of a claim."""

    text: str
    mark: Mark

    def to_json(self) -> dict[str, str]:
        return {"text": self.text, "mark": str(self.mark)}


@dataclass(frozen=True)
class Verdict:
    verdict: str
    findings: tuple[Finding, ...] = ()
    note: str = ""
    """A sentence about the whole (how the findings were read together, what to run)."""

    @property
    def measured(self) -> str:
        """The findings and the note, one per line."""
        return "\n".join([*(f.text for f in self.findings), *([self.note] if self.note else [])])


def judge(findings: Sequence[Finding], note: str = "") -> Verdict:
    """The verdict over per-setting findings (see the module docstring)."""
    marks = [f.mark for f in findings if f.mark in (Mark.AGREES, Mark.DISAGREES, Mark.UNDECIDED)]
    if not marks:
        verdict = NOT_TESTED
    elif all(m is Mark.AGREES for m in marks):
        verdict = HOLDS
    elif Mark.AGREES in marks:
        verdict = PARTLY
    elif Mark.DISAGREES in marks:
        verdict = FAILS
    else:
        verdict = INCONCLUSIVE
    return Verdict(verdict, tuple(findings), note)


@dataclass(frozen=True)
class Claim:
    """A claim of the rulebook and how the lab checks it."""

    quote: str
    """The rulebook's words."""
    source: str
    """Where in the rulebook."""
    how: str
    """How it is operationalised: what is measured, against which reference or null."""
    holds_when: str
    """What the games would have to show for the claim to hold (the report says it beside the
    verdict, so a designer knows what a fix must change, or what a longer run must find)."""
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
            "holds_when": self.claim.holds_when,
            "measured": self.verdict.measured,
            "findings": [f.to_json() for f in self.verdict.findings],
            "verdict": self.verdict.verdict,
        }


def check_claims(claims: Sequence[Claim], summary: LabSummary) -> list[ClaimResult]:
    return [ClaimResult(claim, claim.check(summary)) for claim in claims]


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
    """Not tested: the run lacks what the claim needs (`what` says what to run)."""
    return Verdict(NOT_TESTED, note=f"not tested: {what}")
