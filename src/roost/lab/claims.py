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

**Rules or bots?** Bots, not people, play the games, so a finding may be the bots' rather than
the rules'. Each claim is checked under every line-up the run has (by default the heuristic and
search bots in the main games; the skill line-ups for a claim about strategies), one verdict
each, and the verdict over all their findings is marked (`robustness`) "holds under every
line-up" (or fails, ... under every one), `DEPENDS` ("depends on the bots": where they can tell,
the line-ups' findings disagree) or `UNSETTLED` (they agree where they can tell, but some could
not tell somewhere: more games, not other bots, would settle it). A run with one line-up says
so: it cannot tell the rules from the bots.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

from roost.lab.sentence import Figure, Sentence, sentence
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
    """One setting's measurement of a claim: a sentence, English in ``summary.json`` and said in
    the reader's language in the report and the terminal."""

    sentence: Sentence
    mark: Mark

    @property
    def text(self) -> str:
        """The English (``summary.json``'s)."""
        return self.sentence.english()

    def to_json(self) -> dict[str, str]:
        return {"text": self.text, "mark": str(self.mark)}


@dataclass(frozen=True)
class Verdict:
    verdict: str
    findings: tuple[Finding, ...] = ()
    notes: tuple[Sentence, ...] = ()
    """Sentences about the whole (how the findings were read together, what to run)."""

    @property
    def note(self) -> str:
        """The notes in English, one after another (``summary.json``'s)."""
        return " ".join(n.english() for n in self.notes)

    def said_note(self) -> str:
        """The notes in the reader's language."""
        return " ".join(n.said() for n in self.notes)

    @property
    def measured(self) -> str:
        """The findings and the note, one per line."""
        return "\n".join([*(f.text for f in self.findings), *([self.note] if self.note else [])])


def judge(findings: Sequence[Finding], note: Sentence | None = None) -> Verdict:
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
    return Verdict(verdict, tuple(findings), () if note is None else (note,))


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
    reads: Literal["main", "skill"] = "main"
    """Which line-ups the check reads: the main games (checked once per main line-up) or the
    skill line-ups (once per skill line-up)."""


DEPENDS = "depends on the bots"
"""Line-ups that could tell came to different verdicts."""
UNSETTLED = "undecided under some line-up"
"""One verdict where the line-ups could tell, but some could not (too few games, most often
under the slower line-ups): not yet a difference between bots."""
ONE_LINEUP = "one line-up only"
NO_LINEUP = "no line-up to check it under"
"""A claim about strategies in a run without skill line-ups."""


def robustness(by_lineup: Sequence[tuple[str, Verdict]]) -> str:
    """``holds under every line-up`` (or fails, ...), `DEPENDS` where the line-ups that could
    tell differ, `UNSETTLED` where they agree but another could not tell, `ONE_LINEUP` where
    there was only one to ask."""
    verdicts = [v.verdict for _, v in by_lineup]
    if not verdicts:
        return NO_LINEUP
    if len(verdicts) < 2:
        return ONE_LINEUP
    if len(set(verdicts)) == 1:
        return f"{verdicts[0]} under every line-up"
    said = {_says(v) for _, v in by_lineup} - {""}
    return DEPENDS if len(said) > 1 else UNSETTLED


def _says(verdict: Verdict) -> str:
    """What a line-up's findings say where they can tell: "yes" (agreements only), "no"
    (disagreements only), "mixed", or "" (nothing decided). A line-up that agrees where it can
    tell and is undecided elsewhere says the same as one that agrees everywhere: it has too few
    games, not other bots' results."""
    marks = {f.mark for f in verdict.findings}
    yes, no = Mark.AGREES in marks, Mark.DISAGREES in marks
    return "mixed" if yes and no else "yes" if yes else "no" if no else ""


@dataclass(frozen=True)
class ClaimResult:
    claim: Claim
    verdict: Verdict
    """Over the findings of every line-up."""
    by_lineup: tuple[tuple[str, Verdict], ...] = ()

    @property
    def robustness(self) -> str:
        return robustness(self.by_lineup)

    def to_json(self) -> dict[str, Any]:
        return {
            "claim": self.claim.quote,
            "source": self.claim.source,
            "operationalised": self.claim.how,
            "holds_when": self.claim.holds_when,
            "measured": self.verdict.measured,
            "findings": [f.to_json() for f in self.verdict.findings],
            "verdict": self.verdict.verdict,
            "robustness": self.robustness,
            "by_lineup": {name: v.verdict for name, v in self.by_lineup},
        }


def check_claim(claim: Claim, summary: LabSummary) -> ClaimResult:
    """Check a claim under each line-up it reads, then over all of them: a finding's text is
    prefixed with its line-up where there are several."""
    names = summary.lineup_names(claim.reads)
    if len(names) < 2:
        verdict = claim.check(summary)
        return ClaimResult(claim, verdict, tuple((name, verdict) for name in names))
    by_lineup = tuple((name, claim.check(summary.only(name, claim.reads))) for name in names)
    findings = [
        Finding(sentence("[{lineup}] {finding}", lineup=name, finding=f.sentence), f.mark)
        for name, v in by_lineup
        for f in v.findings
    ]
    notes = tuple(dict.fromkeys(n for _, v in by_lineup for n in v.notes))
    verdict = Verdict(judge(findings).verdict, tuple(findings), notes)
    if not any(f.mark in (Mark.AGREES, Mark.DISAGREES, Mark.UNDECIDED) for f in findings):
        # nothing counted (e.g. the run lacks a player count): the line-ups' own reason
        verdict = Verdict(NOT_TESTED, tuple(findings), notes)
    return ClaimResult(claim, verdict, by_lineup)


def check_claims(claims: Sequence[Claim], summary: LabSummary) -> list[ClaimResult]:
    return [check_claim(claim, summary) for claim in claims]


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


def seconds_text(span: tuple[float, float] | None) -> Sentence:
    """The seconds per decision `decision_seconds_range` found, as a phrase that ends a
    finding ("... 20-40 min from 2 to 4.5 s per decision")."""
    if span is None:
        return sentence("at no figure from 0.5 to 30 s per decision")
    low, high = span
    if low == high:
        return sentence("only at {seconds} s per decision", seconds=Figure(low, "g"))
    return sentence(
        "from {low} to {high} s per decision", low=Figure(low, "g"), high=Figure(high, "g")
    )


def no_runs(what: Sentence) -> Verdict:
    """Not tested: the run lacks what the claim needs (`what` says what to run)."""
    return Verdict(NOT_TESTED, notes=(sentence("not tested: {what}", what=what),))
