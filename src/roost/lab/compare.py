"""Two variants of a game side by side: ``roost lab GAME --compare A.toml B.toml``.

Both variants are played as ordinary lab runs with the same plan but for the variant's
parameters (same bots, games and seed, so the same deals where the decks allow: common random
numbers), then every measure the lab gives per setting is compared:

* for every main line-up and setting: each seat's win rate, the first player's, games with no
  winner, decisions, turns, rounds and table minutes per game, the drama measures of games that
  keep a score, and the game's own measures (Egg Bound's share of games capped, ...);
* for every skill line-up and setting: the stronger bot's win rate.

Card impact is left out: dozens of card types per setting would swell the family of tests
below, and with it the bar every other difference must clear, for associations the variant
reports already show.

**The statistics.** A share's difference (B - A) has Newcombe's hybrid score interval (the two
Wilson intervals combined) and the pooled two-proportion z-test's p-value; a mean's has Welch's
interval and t-test (Welch-Satterthwaite degrees of freedom). The variants share their seeds, a
pairing these unpaired intervals ignore; it makes them, if anything, wider than they need be.
**Significant** means a Holm-adjusted p-value below 0.05, the family being every difference
compared (every measure, setting and line-up): the chance that even one of the differences
called significant is chance alone stays at 5%, as for the lab's flags (`roost.lab.stats`).

**Rules or bots?** Each measure at each setting is put as a claim, "B moves it this way" (the
way of the line-up most sure of it), and checked under every line-up the measure has, with the
lab's own claim logic (`roost.lab.claims.judge`, `robustness`): significant that way agrees,
significant the other way disagrees, and so does a line-up not significant whose interval leaves
out the estimate of the line-up most sure of it without lying wholly on that side of 0 (it
finds no such effect, or a smaller one of uncertain sign); otherwise not significant is
undecided. "holds under every line-up"
is a difference **from the rules**; agreeing where the line-ups could tell, undecided elsewhere,
is **from the rules, not contradicted**; line-ups that disagree make it **depend on the
bots**.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from roost.core.errors import RoostError
from roost.i18n import N_, format_fixed
from roost.i18n import gettext as _
from roost.lab.claims import (
    DEPENDS,
    HOLDS,
    ONE_LINEUP,
    UNSETTLED,
    Finding,
    judge,
    mark,
    robustness,
)
from roost.lab.plan import LabPlan
from roost.lab.sentence import Figure, Words, sentence
from roost.lab.stats import ALPHA, Difference, Estimate, holm, newcombe, welch
from roost.lab.summary import LabSummary, MainSummary, SkillSummary
from roost.lab.variants import Variant

Kind = Literal["share", "mean"]

FROM_RULES = "from the rules"
NOT_CONTRADICTED = "from the rules (not contradicted)"
FROM_BOTS = DEPENDS
NO_DIFFERENCE = "no significant difference"
SINGLE = ONE_LINEUP + ": rules and bots not told apart"

METHOD = N_(
    "B - A with 95% intervals: shares by Newcombe's hybrid score interval (p: pooled "
    "two-proportion z-test), means by Welch's interval (p: Welch's t-test). Significant: "
    "Holm-adjusted p < {alpha:g} over all {m} differences compared (every measure, setting and "
    "line-up). Rules or bots: the lab's claim logic over the line-ups."
)


@dataclass(frozen=True)
class Measure:
    """A measure both variants give: its label, kind and how to read it from a summary."""

    key: str
    label: str
    kind: Kind
    get: Callable[[Any], Estimate | None]

    def said(self) -> str:
        """`label` in the reader's language (compare.json keeps `label`)."""
        seat = self.key.removeprefix("seat")
        if seat != self.key and seat.isdigit():
            return _(N_("P{seat} wins")).format(seat=seat)
        return _(self.label)


def _seat(seat: int) -> Callable[[Any], Estimate | None]:
    return lambda m: m.seat_win[seat] if seat < len(m.seat_win) else None


def _extra(name: str) -> Callable[[Any], Estimate | None]:
    def get(m: MainSummary) -> Estimate | None:
        found = m.extra(name)
        return found.estimate if found else None

    return get


def main_measures(a: MainSummary) -> list[Measure]:
    """The main line-up measures of a setting, in the report's order (seats, length, drama,
    then the game's own)."""
    wins = "P{seat} wins"  # a template: the catalogue has it (`Measure.said`)
    out = [
        Measure("seat" + str(s), wins.format(seat=s), "share", _seat(s))
        for s in range(len(a.seat_win))
    ]
    out += [
        Measure("first_player", "first player wins", "share", lambda m: m.first_player_win),
        Measure("no_winner", "games with no winner", "share", lambda m: m.no_winner),
        Measure("decisions", "decisions per game", "mean", lambda m: m.decisions.mean),
        Measure("turns", "turns per game", "mean", lambda m: m.turns.mean),
        Measure("rounds", "rounds per game", "mean", lambda m: m.rounds.mean),
        Measure("minutes", "table minutes per game", "mean", lambda m: m.minutes.mean),
    ]
    if a.lead_changes is not None:
        out += [
            Measure("lead_changes", "lead changes per game", "mean",
                    lambda m: m.lead_changes.mean if m.lead_changes else None),
            Measure("half_leader_wins", "half-time leader wins", "share",
                    lambda m: m.half_leader_wins),
        ]  # fmt: skip
    for extra in a.extras:
        kind: Kind = "share" if extra.kind == "rate" else "mean"
        out.append(Measure("x." + extra.name, extra.label, kind, _extra(extra.name)))
    return out


SKILL = Measure("skill", "stronger bot wins (skill line-up)", "share", lambda s: s.strong_win)


def difference(kind: Kind, a: Estimate, b: Estimate) -> Difference:
    """B - A: Newcombe for shares (counts read back from the estimates), Welch for means."""
    if kind == "share":
        return newcombe(round(a.value * a.n), a.n, round(b.value * b.n), b.n)
    return welch(a, b)


@dataclass(frozen=True)
class Compared:
    """One measure at one setting under one line-up, in both variants."""

    lineup: str
    a: Estimate
    b: Estimate
    diff: Difference
    p_holm: float = 1.0

    @property
    def significant(self) -> bool:
        return self.p_holm < ALPHA

    def to_json(self) -> dict[str, Any]:
        return {
            "lineup": self.lineup,
            "a": self.a.to_json(),
            "b": self.b.to_json(),
            "difference": _num(self.diff.value),
            "low": _num(self.diff.low),
            "high": _num(self.diff.high),
            "p": _num(self.diff.p),
            "p_holm": _num(self.p_holm),
            "significant": self.significant,
        }


def _num(x: float) -> float | None:
    """JSON has no NaN: an undefined interval is null."""
    return round(x, 6) if math.isfinite(x) else None


@dataclass(frozen=True)
class Row:
    """One measure at one setting: every line-up's comparison and the verdict over them."""

    setting: str
    measure: Measure
    by_lineup: tuple[Compared, ...]
    verdict: str = NO_DIFFERENCE
    robustness: str = ""
    """The claim logic's own words over the line-ups (``holds under every line-up``, ...)."""

    @property
    def significant(self) -> bool:
        return any(c.significant for c in self.by_lineup)

    def to_json(self) -> dict[str, Any]:
        return {
            "setting": self.setting,
            "measure": self.measure.key,
            "label": self.measure.label,
            "kind": self.measure.kind,
            "by_lineup": [c.to_json() for c in self.by_lineup],
            "significant": self.significant,
            "verdict": self.verdict,
            "robustness": self.robustness,
        }


def rules_or_bots(compared: Sequence[Compared], label: str) -> tuple[str, str]:
    """The verdict on a difference and the claim logic's words it rests on (see the module
    docstring): the claim "B moves `label` this way", checked under each line-up."""
    if not any(c.significant for c in compared):
        return NO_DIFFERENCE, ""
    lead = min(compared, key=lambda c: c.p_holm)
    up = lead.diff.value > 0
    by_lineup = []
    for c in compared:
        said: bool | None = None
        if c.significant:
            said = (c.diff.value > 0) == up
        elif _outside(lead.diff.value, c.diff) and not _beyond_zero(c.diff, up):
            # undecided here, its interval leaves out the lead's estimate and does not even
            # back the lead's direction: heuristic -4 points (-13 to +4) against search +36 is
            # not "not contradicted" (an interval wholly on the lead's side only says the size
            # differs: undecided, as before)
            said = False
        measure, p = Words(label), Figure(c.p_holm, ".3g")
        if c.diff.value > 0:
            text = sentence("{measure}: higher in B (p {p}, Holm)", measure=measure, p=p)
        elif c.diff.value < 0:
            text = sentence("{measure}: lower in B (p {p}, Holm)", measure=measure, p=p)
        else:
            text = sentence("{measure}: the same in B (p {p}, Holm)", measure=measure, p=p)
        by_lineup.append((c.lineup, judge([Finding(text, mark(said))])))
    words = robustness(by_lineup)
    if words == ONE_LINEUP:
        return SINGLE, words
    if words == f"{HOLDS} under every line-up":
        return FROM_RULES, words
    if words == UNSETTLED:
        return NOT_CONTRADICTED, words
    return FROM_BOTS, words


def _outside(value: float, diff: Difference) -> bool:
    """`value` is outside `diff`'s 95% interval (False where the interval is undefined)."""
    if not (math.isfinite(diff.low) and math.isfinite(diff.high)):
        return False
    return not diff.low <= value <= diff.high


def _beyond_zero(diff: Difference, up: bool) -> bool:
    """`diff`'s interval lies wholly on the side of 0 that `up` names."""
    return diff.low > 0 if up else diff.high < 0


@dataclass(frozen=True)
class Comparison:
    game: str
    title: str
    a: Variant
    b: Variant
    rows: tuple[Row, ...]

    @property
    def tests(self) -> int:
        """The size of the Holm family: every difference compared."""
        return sum(len(r.by_lineup) for r in self.rows)

    @property
    def method(self) -> str:
        return METHOD.format(alpha=ALPHA, m=self.tests)

    def significant(self) -> list[Row]:
        return [r for r in self.rows if r.significant]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "a": self.a.to_json(),
            "b": self.b.to_json(),
            "method": self.method,
            "alpha": ALPHA,
            "correction": "holm",
            "tests": self.tests,
            "rows": [r.to_json() for r in self.rows],
        }


def _key(setting_label: str, lineup: str) -> tuple[str, str]:
    return setting_label, lineup


def check_pairable(a: LabPlan, b: LabPlan) -> None:
    """Refuse, before any game, two variants that would not be played at the same settings (a
    setting is matched by its label: player count and swept values)."""
    labels_a = [s.label for s in a.settings]
    labels_b = [s.label for s in b.settings]
    if labels_a != labels_b:
        raise RoostError(
            f"the variants are played at different settings ({', '.join(labels_a)} against "
            f"{', '.join(labels_b)}): give both the same players (--players)"
        )


def _pairs(a: LabSummary, b: LabSummary) -> list[tuple[str, list[tuple[Any, Any]]]]:
    """The settings of A with their B twins, each with its (A, B) summaries: main line-ups
    first, then skill line-ups."""
    check_pairable(a.plan, b.plan)
    labels_a = [s.label for s in a.plan.settings]
    main_b = {_key(m.setting.label, m.lineup.name): m for m in b.main}
    skill_b = {_key(s.setting.label, s.lineup.name): s for s in b.skill}
    out: list[tuple[str, list[tuple[Any, Any]]]] = []
    for label in labels_a:
        pairs: list[tuple[Any, Any]] = []
        for m in a.main:
            if m.setting.label == label and _key(label, m.lineup.name) in main_b:
                pairs.append((m, main_b[_key(label, m.lineup.name)]))
        for s in a.skill:
            if s.setting.label == label and _key(label, s.lineup.name) in skill_b:
                pairs.append((s, skill_b[_key(label, s.lineup.name)]))
        out.append((label, pairs))
    return out


def compare(a: LabSummary, b: LabSummary, variant_a: Variant, variant_b: Variant) -> Comparison:
    """Every measure of A against B (see the module docstring)."""
    raw: list[tuple[str, Measure, list[Compared]]] = []
    for label, pairs in _pairs(a, b):
        mains = [(x, y) for x, y in pairs if isinstance(x, MainSummary)]
        skills = [(x, y) for x, y in pairs if isinstance(x, SkillSummary)]
        measures = main_measures(mains[0][0]) if mains else []
        for measure, group in [(m, mains) for m in measures] + [(SKILL, skills)]:
            found: list[Compared] = []
            for x, y in group:
                ea, eb = measure.get(x), measure.get(y)
                if ea is None or eb is None or ea.n == 0 or eb.n == 0:
                    continue
                found.append(Compared(x.lineup.name, ea, eb, difference(measure.kind, ea, eb)))
            if found:
                raw.append((label, measure, found))
    adjusted = iter(holm([c.diff.p for _, _, found in raw for c in found]))
    rows: list[Row] = []
    for label, measure, found in raw:
        done = tuple(Compared(c.lineup, c.a, c.b, c.diff, next(adjusted)) for c in found)
        verdict, words = rules_or_bots(done, measure.label)
        rows.append(Row(label, measure, done, verdict, words))
    return Comparison(a.plan.game, a.plan.title, variant_a, variant_b, tuple(rows))


# --- words and numbers, shared by the terminal and the report ----------------------------------


def value_text(kind: Kind, e: Estimate) -> str:
    """A variant's value: ``"12.5%"`` or ``"23.40"`` (the interval is in the reports)."""
    if e.n == 0:
        return _("n/a")
    return f"{format_fixed(100 * e.value, 1)}%" if kind == "share" else format_fixed(e.value, 2)


def diff_text(kind: Kind, d: Difference) -> str:
    """``"+3.2 pts (+1.0 to +5.4)"`` for shares, ``"+1.20 (+0.50 to +1.90)"`` for means."""
    if kind == "share":
        scale, digits, unit = 100.0, 1, _(" pts")
    else:
        scale, digits, unit = 1.0, 2, ""
    value = format_fixed(scale * d.value, digits, sign=True) + unit
    if not (math.isfinite(d.low) and math.isfinite(d.high)):
        return _("{value} (too few games)").format(value=value)
    return _("{value} ({low} to {high})").format(
        value=value,
        low=format_fixed(scale * d.low, digits, sign=True),
        high=format_fixed(scale * d.high, digits, sign=True),
    )


def p_text(p: float) -> str:
    return "<" + format_fixed(0.001, 3) if p < 0.001 else format_fixed(p, 3)
