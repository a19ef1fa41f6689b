"""BIG CHICKEN: Just Hatched in the lab: the Round-1 Big Red holder's results, Last Egg
catches, Rounds per game, and the rulebook's claims on time, balance and Big Red."""

from __future__ import annotations

from roost.games.big_chicken.cards import BIG_RED
from roost.games.big_chicken.views import BigChickenObservation, LastEggRule, read
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
from roost.lab.hooks import Extra, GameMeasures, Trace
from roost.lab.sentence import Figure, Part, SettingLabel, number, percent, sentence
from roost.lab.stats import ALPHA, TOO_FEW, flag, holm, order_estimate
from roost.lab.summary import LabSummary, MainSummary

BASE_COUNTS = (3, 4, 5, 6)
"""The player counts the rulebook balances for (2 is a variant with rules of its own)."""
ABOUT = (20.0, 40.0)
"""'About 30 minutes': a median within a third of 30 either way."""
COOP_SIZE = 4
"""A Little Coop is four cards, a Big Coop five."""


def _holder(trace: Trace) -> int | None:
    return trace.holder(BIG_RED)


def _holder_won(obs: BigChickenObservation, trace: Trace) -> float | None:
    holder = _holder(trace)
    return None if holder is None else float(holder in obs.get("winners", []))


def _holder_round1(obs: BigChickenObservation, trace: Trace) -> float | None:
    holder = _holder(trace)
    if holder is None or not obs["round_scores"]:
        return None
    first = obs["round_scores"][0]
    return float(first[holder] == min(first))


def _holder_place(obs: BigChickenObservation, trace: Trace) -> float | None:
    holder = _holder(trace)
    if holder is None:
        return None
    scores = obs["scores"]
    return float(1 + sum(1 for s in scores if s < scores[holder]))


def _catches(obs: BigChickenObservation, trace: Trace) -> float | None:
    """None under the default 'auto' Last Egg, where it is said for everyone: nobody is caught."""
    if obs["last_egg_rule"] != LastEggRule.STRICT:
        return None
    return float(trace.count("catch"))


def _spread(obs: BigChickenObservation, _trace: Trace) -> float:
    return float(max(obs["scores"]) - min(obs["scores"]))


def _coops(_obs: BigChickenObservation, trace: Trace) -> float:
    """Lays of four or five cards (a Duck never goes into a Coop, so every such Lay is one);
    not the flips and skips after them, which the 2-player variant has none of."""
    return float(sum(1 for m in trace.moves if m.kind == "lay" and len(m.cards) >= COOP_SIZE))


def _base(summary: LabSummary) -> list[MainSummary]:
    return [m for m in summary.main if m.setting.players in BASE_COUNTS]


def _thirty(summary: LabSummary) -> Verdict:
    mains = _base(summary)
    if not mains:
        return no_runs(sentence("run with --players 3-6"))
    time = summary.plan.time
    findings = []
    for m in mains:
        median = median_of(minutes_of(m, time))
        span = decision_seconds_range(
            m, time, lambda minutes: ABOUT[0] <= median_of(minutes) <= ABOUT[1]
        )
        findings.append(
            Finding(
                sentence(
                    "{setting}: median {median} min (10-90% {p10}-{p90}); 20-40 min {seconds}",
                    setting=SettingLabel(m.setting.label),
                    median=Figure(median),
                    p10=Figure(m.minutes.p10),
                    p90=Figure(m.minutes.p90),
                    seconds=seconds_text(span),
                ),
                mark(ABOUT[0] <= median <= ABOUT[1]),
            )
        )
    return judge(findings)


def _balanced(summary: LabSummary) -> Verdict:
    mains = _base(summary)
    if len({m.setting.players for m in mains}) < 2:
        return no_runs(sentence("run with --players 3-6"))
    adjusted = holm([m.seats_equal_p for m in mains])  # one test per count, one family
    findings = []
    for m, p in zip(mains, adjusted, strict=True):
        rates = ", ".join(f"{100 * e.value:.0f}" for e in m.seat_win)
        state = flag(p, *m.seat_win)
        parts: dict[str, Part] = {
            "setting": SettingLabel(m.setting.label),
            "rates": rates,
            "p": Figure(m.seats_equal_p, ".3f"),
            "holm": Figure(p, ".3f"),
        }
        said = (
            sentence(
                "{setting}: seat win rates {rates}% (p = {p}, {holm} Holm-corrected over the "
                "counts); too few games to tell",
                **parts,
            )
            if state == TOO_FEW
            else sentence(
                "{setting}: seat win rates {rates}% (p = {p}, {holm} Holm-corrected over the "
                "counts)",
                **parts,
            )
        )
        findings.append(Finding(said, mark(None if state == TOO_FEW else p >= ALPHA)))
    return judge(findings)


def _same_strategies(summary: LabSummary) -> Verdict:
    """The same strategy pays at every count: the stronger bot of each skill line-up beats the
    weaker at each count 3-6 (Order above 0, the null of no edge); how much it gains is not the
    claim (see the claim's `how`)."""
    skills = [s for s in summary.skill if s.setting.players in BASE_COUNTS]
    if len({s.setting.players for s in skills}) < 2:
        return no_runs(
            sentence("run with --players 3-6 and a --skill line-up (e.g. heuristic/random)")
        )
    findings = []
    for s in skills:
        ok: bool | None = True if s.order.low > 0 else False if s.order.high < 0 else None
        setting, lineup, order = SettingLabel(s.setting.label), s.lineup.name, number(s.order, 2)
        if ok is None:
            said = sentence(
                "{setting}: {lineup}, Order {order}: no edge shown",
                setting=setting,
                lineup=lineup,
                order=order,
            )
        elif ok:
            said = sentence(
                "{setting}: {lineup}, Order {order}", setting=setting, lineup=lineup, order=order
            )
        else:
            said = sentence(
                "{setting}: {lineup}, Order {order}: the weaker plan wins here",
                setting=setting,
                lineup=lineup,
                order=order,
            )
        findings.append(Finding(said, mark(ok)))
    return judge(
        findings,
        note=sentence(
            "The size of the edge is not the claim: with more opponents any one player's lead "
            "over the fair rate shrinks, in every game (Eggo's and Egg Bound's Orders fall with "
            "the count as much), so 'the same Order at every count' fails for any game."
        ),
    )


def _big_red(summary: LabSummary) -> Verdict:
    mains = _base(summary)
    if not mains:
        return no_runs(sentence("run with --players 3-6"))
    findings = []
    for m in mains:
        won = m.extra("big_red_holder_won")
        first = m.extra("big_red_holder_round1_best")
        assert won is not None and first is not None
        n = m.setting.players
        r1 = order_estimate(round(first.estimate.value * first.estimate.n), first.estimate.n, 1 / n)
        game = order_estimate(round(won.estimate.value * won.estimate.n), won.estimate.n, m.fair)
        ok: bool | None = None  # the intervals overlap, or the game edge may be 0
        if game.high < r1.low:  # diminished: is an edge left ("somewhat"), or reversed?
            ok = True if game.low > 0 else False if game.high < 0 else None
        elif game.low > r1.high:  # it grows over the game
            ok = False
        findings.append(
            Finding(
                sentence(
                    "{setting}: the holder has the best Round 1 in {first} (Order {r1}) and "
                    "wins the game in {won} (Order {game})",
                    setting=SettingLabel(m.setting.label),
                    first=percent(first.estimate),
                    r1=number(r1, 2),
                    won=percent(won.estimate),
                    game=number(game, 2),
                ),
                mark(ok),
            )
        )
    return judge(findings)


LAB = GameMeasures[BigChickenObservation](
    read=read,
    hands=lambda obs: obs.get("hands"),
    score=lambda obs: [-float(s) for s in obs["scores"]],
    score_label=N_("minus each player's points (the lowest score leads)"),
    rounds=lambda obs, _trace: obs["round"],
    extras=(
        Extra("big_red_holder_won", "games won by the Round-1 Big Red holder", "rate", _holder_won),
        Extra(
            "big_red_holder_round1_best",
            "Round 1 best score (shared counts) for the Big Red holder",
            "rate",
            _holder_round1,
        ),
        Extra("big_red_holder_place", "the Big Red holder's final place", "mean", _holder_place),
        Extra("last_egg_catches", "Last Egg catches per game", "mean", _catches),
        Extra("coops", "Coops laid per game", "mean", _coops),
        Extra("points_spread", "points spread at the end (worst - best)", "mean", _spread),
    ),
    bots_ignore=(
        (
            "multipliers",
            N_(
                "the heuristic bot never reads the Card Score multipliers, and the search bot "
                "only through one feature of its evaluation ('points if the Round ended now', "
                "weighted as fitted at the default multipliers; its playouts ignore them): so a "
                "change of multipliers re-scores nearly the same games, and the lab measures "
                "what the scoring does to who wins, not whether players who knew it would hurry "
                "to empty their hands"
            ),
        ),
    ),
    claims=(
        Claim(
            quote="plays in about 30 minutes (once everyone knows how to play)",
            source=N_("rulebook, Players / Age / Time"),
            how=N_(
                "the median estimated table time at each player count 3-6 (the time model), "
                "'about 30' read as 20-40 minutes; the measured column gives the seconds per "
                "decision at which it would hold"
            ),
            holds_when=N_(
                "at every count 3-6 the median game takes 20-40 minutes under the stated time "
                "model (the findings give the seconds per decision at which it would)"
            ),
            check=_thirty,
        ),
        Claim(
            quote="balanced for 3 to 6 players",
            source=N_("rulebook, Balanced for 3 to 6 Players"),
            how=N_(
                "at each player count 3-6, a chi-square test that every seat wins alike (the "
                "null: balanced), the four p-values Holm-corrected as one family; a count whose "
                "seat intervals are wider than 20 percentage points is undecided (too few games)"
            ),
            holds_when=N_(
                "at no count 3-6 do the seats differ beyond chance: every Holm-corrected p at or "
                "above 0.05, with enough games that every seat's interval is narrower than 20 "
                "percentage points"
            ),
            check=_balanced,
        ),
        Claim(
            quote="the same strategies and planning can be applied to any player count",
            source=N_("rulebook, Balanced for 3 to 6 Players"),
            how=N_(
                "read as: a plan that pays at one count pays at every count. For each skill "
                "line-up (a stronger strategy against a weaker one, e.g. the heuristic against "
                "random play, search against the heuristic) and each count 3-6, the stronger "
                "one's Order, (win rate - fair) / (1 - fair), against the null of no edge (0): "
                "agrees where its interval lies above 0, disagrees where below (the weaker plan "
                "wins at that count), undecided where it holds 0. Not 'the same Order at every "
                "count': any one player's edge shrinks as opponents are added, in every game, "
                "so that reading fails for Eggo and Egg Bound too and says nothing of this one"
            ),
            holds_when=N_(
                "at every count 3-6, for every skill line-up, the stronger strategy wins more "
                "than the fair rate (Order interval above 0): the ranking of plans never flips "
                "with the number of players"
            ),
            check=_same_strategies,
            reads="skill",
        ),
        Claim(
            quote=(
                "all other players now know that the player has Big Red, so the advantage is "
                "somewhat diminished, and the game starts with some balance"
            ),
            source=N_("rulebook, Game Start"),
            how=N_(
                "the Round-1 Big Red holder's edge (Order against the fair rate) in Round 1 "
                "(best Round-1 score) and over the whole game (the Golden Egg): agrees where the "
                "game edge is above 0 and below the Round-1 edge (intervals apart); disagrees "
                "where it is above the Round-1 edge or below 0"
            ),
            holds_when=N_(
                "at every count 3-6, the holder's whole-game edge is above 0 (some advantage is "
                "left) and below its Round-1 edge (it is diminished), both intervals apart"
            ),
            check=_big_red,
        ),
    ),
)
