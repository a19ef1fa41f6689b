"""Manda Huevos! in the lab: the points spread, ties and how the hand settles them, the hen,
and the Quick Game."""

from __future__ import annotations

from roost.games.manda_huevos.views import MandaHuevosObservation, read
from roost.i18n import N_
from roost.lab.claims import Claim, Finding, Mark, Verdict, judge, mark, no_runs
from roost.lab.hooks import Extra, GameMeasures, Trace
from roost.lab.sentence import Figure, SettingLabel, number, percent, sentence
from roost.lab.summary import LabSummary

SETTLED_SHARE = 0.9
"""The tie-break 'works' when it leaves at most one tie in ten unsettled."""


def _scores(obs: MandaHuevosObservation) -> list[int]:
    return obs.get("scores", obs["points"])


def _spread(obs: MandaHuevosObservation, _trace: Trace) -> float:
    scores = _scores(obs)
    return float(max(scores) - min(scores))


def _margin(obs: MandaHuevosObservation, _trace: Trace) -> float:
    scores = sorted(_scores(obs), reverse=True)
    return float(scores[0] - scores[1])


def _tie_for_best(obs: MandaHuevosObservation, _trace: Trace) -> float:
    scores = _scores(obs)
    return float(scores.count(max(scores)) >= 2)


def _shared_win(obs: MandaHuevosObservation, _trace: Trace) -> float:
    return float(len(obs.get("winners", [])) >= 2)


def _settled(obs: MandaHuevosObservation, trace: Trace) -> float | None:
    if not _tie_for_best(obs, trace):
        return None
    return float(len(obs.get("winners", [])) == 1)


def _hen_played(_obs: MandaHuevosObservation, trace: Trace) -> float:
    return float(trace.count("hen") > 0)


def _hen_player_won(obs: MandaHuevosObservation, trace: Trace) -> float | None:
    player = next((m.seat for m in trace.moves if m.kind == "hen"), None)
    if player is None:
        return None
    return float(player in obs.get("winners", []))


def _hen_eggs(_obs: MandaHuevosObservation, trace: Trace) -> float | None:
    return float(trace.count("take")) if trace.count("hen") else None


def _tie_break(summary: LabSummary) -> Verdict:
    if not summary.main:
        return no_runs(sentence("no games were played"))
    findings: list[Finding] = []
    for m in summary.main:
        tie = m.extra("tie_for_best")
        settled = m.extra("tie_settled")
        assert tie is not None and settled is not None
        if settled.estimate.n == 0:
            findings.append(
                Finding(
                    sentence(
                        "{setting}: no tie for the best", setting=SettingLabel(m.setting.label)
                    ),
                    Mark.NOTHING,
                )
            )
            continue
        est = settled.estimate
        ok = True if est.low >= SETTLED_SHARE else False if est.high < SETTLED_SHARE else None
        findings.append(
            Finding(
                sentence(
                    "{setting}: ties for the best container in {tie} of games; the hand settles "
                    "{settled} of them",
                    setting=SettingLabel(m.setting.label),
                    tie=percent(tie.estimate),
                    settled=percent(est),
                ),
                mark(ok),
            )
        )
    return judge(findings)


def _quick(summary: LabSummary) -> Verdict:
    findings: list[Finding] = []
    for quick in summary.mains(quick="true"):
        players = quick.setting.players
        fixed = {k: v for k, v in quick.setting.swept if k != "quick"}
        standard = next(
            (m for m in summary.mains(quick="false", **fixed) if m.setting.players == players),
            None,
        )
        if standard is None:
            continue
        a, b = standard.minutes.mean, quick.minutes.mean
        ok = True if b.high < a.low else False if b.low > a.high else None
        findings.append(
            Finding(
                sentence(
                    "{setting}: {quick} min against {standard} min ({shorter} shorter)",
                    setting=SettingLabel(quick.setting.label),
                    quick=number(b),
                    standard=number(a),
                    shorter=Figure(100 * (1 - b.value / a.value), ".0f", "%"),
                ),
                mark(ok),
            )
        )
    if not findings:
        return no_runs(sentence("run with --sweep quick=false,true"))
    return judge(findings)


def _hen(summary: LabSummary) -> Verdict:
    if not summary.main:
        return no_runs(sentence("no games were played"))
    findings: list[Finding] = []
    for m in summary.main:
        won = m.extra("hen_player_won")
        assert won is not None
        if won.estimate.n == 0:
            findings.append(
                Finding(
                    sentence(
                        "{setting}: the hen was never played", setting=SettingLabel(m.setting.label)
                    ),
                    Mark.NOTHING,
                )
            )
            continue
        est = won.estimate
        ok = True if est.low > m.fair else False if est.high < m.fair else None
        findings.append(
            Finding(
                sentence(
                    "{setting}: the hen's player won {won} (fair {fair})",
                    setting=SettingLabel(m.setting.label),
                    won=percent(est),
                    fair=Figure(100 * m.fair, ".1f", "%"),
                ),
                mark(ok),
            )
        )
    return judge(findings)


LAB = GameMeasures[MandaHuevosObservation](
    read=read,
    hands=lambda obs: obs.get("hands"),
    score=lambda obs: [float(p) for p in obs["points"]],
    score_label=N_("points in each container (sleeping eggs' values as the viewer knows them)"),
    extras=(
        Extra("points_spread", "points spread (best container - worst)", "mean", _spread),
        Extra("winning_margin", "winning margin (best container - second)", "mean", _margin),
        Extra("tie_for_best", "games tied for the best container", "rate", _tie_for_best),
        Extra("tie_settled", "ties settled by the eggs in hand", "rate", _settled),
        Extra("shared_win", "games with a shared win", "rate", _shared_win),
        Extra("hen_played", "games in which the hen is played", "rate", _hen_played),
        Extra("hen_player_won", "games won by the hen's player", "rate", _hen_player_won),
        Extra("hen_eggs", "eggs taken with the hen", "mean", _hen_eggs),
    ),
    claims=(
        Claim(
            quote=(
                "In case of a tie, the tied players add to the value of their containers the "
                "values of the egg cards they still hold in hand."
            ),
            source=N_("rulebook, Winner"),
            how=N_(
                "of the games tied for the best container, the share that the eggs in hand "
                "settle (one winner): the tie-break does its job where the 95% interval of "
                "that share lies at or above {share}% (fails where below; "
                "a player count without a tie has nothing to test)"
            ).format(share=f"{100 * SETTLED_SHARE:.0f}"),
            holds_when=N_(
                "at every player count with ties, the eggs in hand settle at least "
                "{share}% of them (the interval at or above it)"
            ).format(share=f"{100 * SETTLED_SHARE:.0f}"),
            check=_tie_break,
        ),
        Claim(
            quote="Quick Game: ... it ends at the moment any player gathers 6 eggs",
            source=N_("rulebook, Quick Game"),
            how=N_(
                "the mean table time of the Quick Game against the standard game at the same "
                "player count (--sweep quick=false,true): quicker where the intervals lie apart, "
                "the other way round it fails"
            ),
            holds_when=N_(
                "at every player count, the Quick Game's mean table time lies wholly below the "
                "standard game's (the two intervals apart)"
            ),
            check=_quick,
        ),
        Claim(
            quote="In this way you can gather the highest-point eggs into your container.",
            source=N_("rulebook, Special Card: Hen"),
            how=N_(
                "the win rate of the player who plays the hen against the fair rate: the hen "
                "is worth having where the interval lies above fair, not where it lies below (a "
                "player count where the hen was never played has nothing to test)"
            ),
            holds_when=N_(
                "at every player count where the hen is played, its player wins more often than "
                "the fair rate (the interval above it)"
            ),
            check=_hen,
        ),
    ),
)
