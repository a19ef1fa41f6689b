"""Eggo in the lab: how often nobody escapes, escapes per game, and the rulebook's promise that
"two people might survive, everyone might survive ... or sometimes no one will escape".

Eggo keeps no score (a player escapes or does not), so it has no drama measures.

There is no "someone plays Barb" measure any more: it was 0% at every setting of every default
run, because Barb can never escape and the heuristic and search bots (who pick what escapes)
never choose her; only random bots pick her, one pick in seven, which measures the bot, not the
game. A designer asking "would anyone pick Barb?" needs people, not these bots.
"""

from __future__ import annotations

from roost.games.eggo.views import EggoObservation, read
from roost.i18n import N_
from roost.lab.claims import Claim, Finding, Verdict, judge, mark, no_runs
from roost.lab.hooks import Extra, GameMeasures, Trace
from roost.lab.sentence import SettingLabel, percent, sentence
from roost.lab.stats import Estimate
from roost.lab.summary import LabSummary


def _nobody(obs: EggoObservation, _trace: Trace) -> float:
    return float(not obs.get("winners"))


def _escapes(obs: EggoObservation, _trace: Trace) -> float:
    return float(len(obs.get("winners", [])))


def _two_or_more(obs: EggoObservation, _trace: Trace) -> float:
    return float(len(obs.get("winners", [])) >= 2)


def _everyone(obs: EggoObservation, _trace: Trace) -> float:
    return float(len(obs.get("winners", [])) == obs["players"])


def _demogorgon(obs: EggoObservation, _trace: Trace) -> float:
    # The game ends when everyone has escaped or on the last Demogorgon (a draw by a player
    # still in play): a seat not escaped at the end means the Demogorgon, whatever the deck's
    # count (the `copies` parameter).
    return float(not all(obs["escaped"]))


def _happens(rate: Estimate) -> bool | None:
    """Seen (True), not seen in enough games to call it impossible in practice (False, under
    0.5% at 95%), or not seen in too few to tell (None)."""
    if rate.low > 0:
        return True
    return False if rate.high < 0.005 else None


def _sometimes_nobody(summary: LabSummary) -> Verdict:
    mains = summary.main
    if not mains:
        return no_runs(sentence("no games were played"))
    findings = []
    for m in mains:
        e = m.extra("nobody_escapes")
        assert e is not None
        est = e.estimate
        ok: bool | None = None
        if est.low > 0 and est.high < 0.5:
            ok = True  # it happens, in a minority of games
        elif est.low >= 0.5 or (est.value == 0 and est.high < 0.005):
            ok = False  # most games, or so rare that 'sometimes' is wrong
        findings.append(
            Finding(
                sentence(
                    "{setting}: {rate}", setting=SettingLabel(m.setting.label), rate=percent(est)
                ),
                mark(ok),
            )
        )
    return judge(findings)


def _might_survive(summary: LabSummary) -> Verdict:
    if not summary.main:
        return no_runs(sentence("no games were played"))
    findings = []
    for m in summary.main:
        two = m.extra("two_or_more_escape")
        every = m.extra("everyone_escapes")
        assert two is not None and every is not None
        findings.append(
            Finding(
                sentence(
                    "{setting}: two or more {two}, everyone {every}",
                    setting=SettingLabel(m.setting.label),
                    two=percent(two.estimate),
                    every=percent(every.estimate),
                ),
                mark(_happens(two.estimate) and _happens(every.estimate)),
            )
        )
    return judge(findings)


LAB = GameMeasures[EggoObservation](
    read=read,
    hands=lambda obs: obs.get("hands"),
    extras=(
        Extra("nobody_escapes", "games where nobody escapes", "rate", _nobody),
        Extra("escapes", "escapes per game", "mean", _escapes),
        Extra("two_or_more_escape", "games where two or more escape", "rate", _two_or_more),
        Extra("everyone_escapes", "games where everyone escapes", "rate", _everyone),
        Extra(
            "ended_by_demogorgon",
            "games ended by the last Demogorgon (not by everyone leaving)",
            "rate",
            _demogorgon,
        ),
    ),
    played_impact=N_(
        "Eggo is won by emptying your hand: whoever escapes early plays fewer kinds of card "
        "than whoever stays, so every card 'played' looked like a loser and the panel said how "
        "long a seat stayed in, not what the card does; only 'held at the start' is shown"
    ),
    claims=(
        Claim(
            quote="sometimes no one will escape the Demogorgon!",
            source=N_("rulebook, Special Cards (the note after All-Players Rift)"),
            how=N_(
                "the share of games with no winner, per player count, with its 95% interval: "
                "'sometimes' agrees where the interval lies above 0 and below 50% (it happens, "
                "but not in most games), disagrees where it lies at or above 50% or where it "
                "never happened and the interval ends below 0.5%"
            ),
            holds_when=N_(
                "at every player count, games where nobody escapes happen (interval above 0) "
                "but in fewer than half of the games (interval below 50%)"
            ),
            check=_sometimes_nobody,
        ),
        Claim(
            quote="two people might survive, everyone might survive",
            source=N_("rulebook, Special Cards (the same note)"),
            how=N_(
                "the shares of games in which two or more players escape and in which every "
                "player escapes: agrees where both intervals lie above 0"
            ),
            holds_when=N_(
                "at every player count, games where two or more escape and games where everyone "
                "escapes are both seen often enough that their intervals lie above 0"
            ),
            check=_might_survive,
        ),
    ),
)
