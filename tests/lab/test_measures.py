"""The lab's measures read the games correctly: each figure is checked against what the
records of the same games say, computed a second way."""

from __future__ import annotations

import pytest

from roost.games.big_chicken.cards import BIG_RED
from roost.lab import build_plan, run_lab
from roost.lab.timing import TimeModel


def test_big_chicken_counts_coops_with_two_players_and_catches_only_when_strict() -> None:
    auto = run_lab(build_plan("big-chicken", players="2", games=10, bots="random", skill=["none"]))
    main = auto.summary.main[0]
    coops = main.extra("coops")
    catches = main.extra("last_egg_catches")
    assert coops is not None and catches is not None
    assert coops.estimate.value > 0, "random players lay Coops in the 2-player game too"
    assert catches.estimate.n == 0, "with 'auto' Last Egg nobody can be caught: not 0, n/a"
    strict = run_lab(
        build_plan(
            "big-chicken",
            players="2",
            games=10,
            bots="random",
            params=["last_egg=strict"],
            skill=["none"],
        )
    )
    caught = strict.summary.main[0].extra("last_egg_catches")
    assert caught is not None and caught.estimate.n == 10
    per_game = [dict(r.moves).get("catch", 0) for r in strict.records]
    assert caught.estimate.value == pytest.approx(sum(per_game) / 10) and sum(per_game) > 0


def test_the_big_red_holder_is_the_first_player_of_big_chicken() -> None:
    run = run_lab(build_plan("big-chicken", bots="heuristic", players="4", games=8, skill=["none"]))
    for record in run.records:
        holder = next(s for s, hand in enumerate(record.held) if BIG_RED in hand)
        assert record.first_player == holder
        assert record.extra("big_red_holder_won") == float(holder in record.winners)


def test_eggo_outcomes_agree_with_the_winners() -> None:
    run = run_lab(
        build_plan("eggo", bots="heuristic", players="3", games=30, skill=["none"], seed=2)
    )
    main = run.summary.main[0]
    nobody = sum(1 for r in run.records if not r.winners)
    every = sum(1 for r in run.records if len(r.winners) == 3)
    extra = {e.name: e.estimate for e in main.extras}
    assert extra["nobody_escapes"].value == pytest.approx(nobody / 30)
    assert extra["everyone_escapes"].value == pytest.approx(every / 30)
    assert main.no_winner.value == pytest.approx(nobody / 30)
    assert extra["escapes"].value == pytest.approx(sum(len(r.winners) for r in run.records) / 30)
    assert "barb_at_the_table" not in extra, "0% at every default setting: dropped (eggo.py)"


def test_card_impact_splits_seat_games_by_cards_held_and_played() -> None:
    run = run_lab(
        build_plan("manda-huevos", bots="heuristic", players="3", games=80, skill=["none"], seed=4)
    )
    main = run.summary.main[0]
    assert main.cards, "a card type seen often enough on both sides is measured"
    for card in main.cards:
        held = [(r, s) for r in run.records for s in range(3) if card.card in r.held[s]]
        played = [(r, s) for r in run.records for s in range(3) if card.card in r.played[s]]
        assert card.held.n == len(held) and card.not_held.n == 240 - len(held)
        assert card.played.n == len(played) and card.not_played.n == 240 - len(played)
        assert card.held.value == pytest.approx(
            sum(r.won(s) for r, s in held) / len(held) if held else 0.0
        )


def test_table_time_follows_the_documented_model() -> None:
    plan = build_plan(
        "egg-bound",
        bots="heuristic",
        players="2",
        games=6,
        skill=["none"],
        time=TimeModel(10.0, 0.0, 0.0),
    )
    run = run_lab(plan)
    minutes = sorted(10.0 * r.choices / 60 for r in run.records)
    assert run.summary.main[0].minutes.values == pytest.approx(minutes)


def test_drama_counts_lead_changes_only_for_games_with_a_score() -> None:
    eggo = run_lab(build_plan("eggo", bots="heuristic", players="2", games=4, skill=["none"]))
    assert eggo.summary.main[0].lead_changes is None, "Eggo keeps no score"
    manda = run_lab(
        build_plan("manda-huevos", bots="heuristic", players="3", games=20, skill=["none"])
    )
    main = manda.summary.main[0]
    assert main.lead_changes is not None and main.half_leader_wins is not None
    assert all(r.lead_changes >= 0 for r in manda.records)
    led = [r for r in manda.records if r.half_leader >= 0]
    assert main.half_leader_wins.n == len(led)
    assert main.half_leader_wins.value == pytest.approx(
        sum(r.won(r.half_leader) for r in led) / len(led)
    )
