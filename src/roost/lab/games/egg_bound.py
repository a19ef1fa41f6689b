"""Egg Bound in the lab: games that reach the turn cap, Cluck-Offs played, and the rulebook's
"Each game normally lasts from 5 to 15 minutes"."""

from __future__ import annotations

from typing import Final

from roost.games.egg_bound.cards import DEFAULT_COMPOSITION
from roost.games.egg_bound.views import EggBoundObservation, read
from roost.i18n import N_
from roost.lab.claims import (
    Claim,
    Finding,
    Verdict,
    decision_seconds_range,
    judge,
    mark,
    median_of,
    minutes_of,
    no_runs,
    seconds_text,
)
from roost.lab.hooks import Compensation, Extra, GameMeasures, Trace
from roost.lab.plan import Setting
from roost.lab.sentence import Figure, Part, Sentence, SettingLabel, percent, sentence
from roost.lab.summary import LabSummary

NORMAL_SHARE = 2 / 3
"""'Normally': at least two games in three (about one standard deviation either side of the
middle of a bell-shaped spread)."""


FITTED: Final = sentence(
    "Note: the default composition ({composition}: how many copies of each card, which the "
    "rulebook's lost card table gave) was chosen by searching the plausible decks for the one "
    "that fits this very claim best among those whose games end (the game's RULES.md, The "
    "cards): for the default deck this check shows how well the fit went, it is not "
    "independent evidence that the game lasts 5 to 15 minutes; 'composition=classic-2025' is "
    "the first guess, not fitted.",
    composition=repr(DEFAULT_COMPOSITION),
)
"""Said with the claim's verdict: a designer must not read a fitted figure as a test."""


def default_deck(setting: Setting) -> bool:
    """Whether the setting plays the default composition (not another, no `copies`)."""
    params = dict(setting.params)
    named = params.get("composition", DEFAULT_COMPOSITION)
    return named == DEFAULT_COMPOSITION and not params.get("copies")


def _cap(obs: EggBoundObservation, _trace: Trace) -> float:
    return float(not obs.get("winners"))


def _cluck_offs(_obs: EggBoundObservation, trace: Trace) -> float:
    return float(trace.count("cluck_off"))


def _cluck_off_share(_obs: EggBoundObservation, trace: Trace) -> float | None:
    windows = trace.count("cluck_off") + trace.count("allow")
    return trace.count("cluck_off") / windows if windows else None


def _stars(_obs: EggBoundObservation, trace: Trace) -> float:
    return float(trace.count("star"))


def _final_good(obs: EggBoundObservation, _trace: Trace) -> float:
    return float(sum(obs["good_eggs"]))


def _reshuffles(obs: EggBoundObservation, _trace: Trace) -> float:
    return float(obs["reshuffles"])


def _lasts(summary: LabSummary) -> Verdict:
    if not summary.main:
        return no_runs(sentence("no games were played"))
    time = summary.plan.time
    findings = []
    fitted = False
    for m in summary.main:
        share = m.minutes.share_between(5, 15)
        ok = True if share.low >= NORMAL_SHARE else False if share.high < NORMAL_SHARE else None

        def normal(minutes: list[float]) -> bool:
            inside = sum(1 for v in minutes if 5 <= v <= 15)
            return inside >= NORMAL_SHARE * len(minutes)

        span = decision_seconds_range(m, time, normal)
        median = median_of(minutes_of(m, time))
        parts: dict[str, Part] = {
            "setting": SettingLabel(m.setting.label),
            "share": percent(share),
            "median": Figure(median),
            "p10": Figure(m.minutes.p10),
            "p90": Figure(m.minutes.p90),
            "seconds": seconds_text(span),
        }
        said: Sentence
        if default_deck(m.setting):
            fitted = True
            said = sentence(
                "{setting} [default deck, fitted to this claim]: {share} of games within 5-15 "
                "min (median {median} min, 10-90% {p10}-{p90}); it would hold {seconds}",
                **parts,
            )
        else:
            said = sentence(
                "{setting}: {share} of games within 5-15 min (median {median} min, 10-90% "
                "{p10}-{p90}); it would hold {seconds}",
                **parts,
            )
        findings.append(Finding(said, mark(ok)))
    return judge(findings, note=FITTED if fitted else None)


LAB = GameMeasures[EggBoundObservation](
    read=read,
    hands=lambda obs: obs.get("hands"),
    score=lambda obs: [float(g) for g in obs["good_eggs"]],
    score_label=N_("Good Eggs in front of each player"),
    turns=lambda obs, _trace: obs["turn"],
    extras=(
        Extra("turn_cap", "games that reach the turn cap (no winner)", "rate", _cap),
        Extra("cluck_offs", "Cluck-Offs played per game", "mean", _cluck_offs),
        Extra(
            "cluck_off_share",
            "share of Cluck-Off windows answered with a Cluck-Off",
            "mean",
            _cluck_off_share,
        ),
        Extra("stars", "Star challenges per game", "mean", _stars),
        Extra("reshuffles", "Discard Pile turned over, per game", "mean", _reshuffles),
        Extra("good_eggs_at_end", "Good Eggs on the table at the end", "mean", _final_good),
    ),
    claims=(
        Claim(
            quote="Each game normally lasts from 5 to 15 minutes.",
            source=N_("instructions, About"),
            how=N_(
                "the estimated table time of each game (the time model: seconds per decision, "
                "per forced decision, per card dealt or drawn); 'normally' read as at least two "
                "games in three within 5-15 minutes, at each player count (agrees where the 95% "
                "interval of that share lies at or above 2/3, disagrees where below); the "
                "measured column also gives the seconds per decision at which it would hold. The "
                "default composition was fitted to this claim (see the note), so for the default "
                "deck the check reports the fit, not a test"
            ),
            holds_when=N_(
                "at every player count, at least two games in three take 5-15 minutes (the 95% "
                "interval of that share at or above 2/3) under the stated time model; for the "
                "default deck, by construction of the fit more than by the game"
            ),
            check=_lasts,
        ),
    ),
    compensations=(
        Compensation(
            "first_short=1",
            "the first player is dealt one card fewer",
            (("first_short", "1"),),
        ),
        Compensation(
            "first_short=2",
            "the first player is dealt two cards fewer",
            (("first_short", "2"),),
        ),
        Compensation(
            "first_egg=false",
            "the first player starts without a Good Egg",
            (("first_egg", "false"),),
        ),
    ),
)
