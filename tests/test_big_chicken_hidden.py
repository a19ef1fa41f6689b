"""BIG CHICKEN: hidden information and resampling, above all with strict Last Egg, where penalty
cards come back from the discard pile. The conformance suite runs here for strict Last Egg at
every player count (the shared suite runs the default parameters)."""

from __future__ import annotations

import random

import pytest

import roost
from roost.core.game import CHANCE, OMNISCIENT
from roost.games.big_chicken.views import read
from roost.testing.conformance import check_game, seat_log
from tests.test_big_chicken_rules import (
    ROUND_ONE,
    Table,
    card,
    names,
    play_out_round_one,
    twin_given,
)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_strict_last_egg_conforms(players: int) -> None:
    game = roost.load_game("big-chicken", players=players, last_egg="strict", rounds=2)
    check_game(game, seeds=[players * 10 + k for k in range(2)], deep_every=5)


def test_other_parameters_conform() -> None:
    game = roost.load_game(
        "big-chicken",
        players=3,
        last_egg="strict",
        catch_limit=1,
        catch_penalty=3,
        multipliers="4:2,6:5",
        rounds=3,
        returns="score",
    )
    check_game(game, seeds=[7], deep_every=9)


def caught_with_the_blue_chicken() -> Table:
    """P1 lays the Blue Chicken, is caught, draws it back from the discard pile."""
    table = Table(
        {
            0: ["Big Red", "orange 9"],
            1: ["Blue Chicken", "yellow 7", "blue 7", "blue 7", "green 7", "green 7",
                "blue 8", "blue 8", "green 8", "green 8"],
        },
        last_egg="strict",
    )  # fmt: skip
    table.do("single: orange 9", "single: Blue Chicken", "cluck (pass)", "cluck (pass)")
    table.do("cluck (pass)")  # P0: the Run goes to P1
    table.do("little coop: green 7 + green 7 + blue 7 + blue 7", "skip the next player (P2)")
    table.do("cluck (pass)", "cluck (pass)")
    table.do("little coop: green 8 + green 8 + blue 8 + blue 8", "skip the next player (P2)")
    table.do("stay quiet (do not say Last Egg)", "let it go", "catch P1: Last Egg!")
    table.draw("Blue Chicken", "blue 7")
    table.do("cluck (pass)", "cluck (pass)")  # P3, P0
    table.do("single: Blue Chicken")
    return table


def test_a_penalty_draw_is_seen_only_by_the_caught_player() -> None:
    table = caught_with_the_blue_chicken()
    state = table.state
    for seat in (0, 2, 3):
        log = seat_log(table.game, state.history(), seat)
        assert "P1 draws a card from the discard pile (penalty)" in log
        assert "discard" not in state.observation(seat)
    assert "P1 draws Blue Chicken from the discard pile (penalty)" in seat_log(
        table.game, state.history(), 1
    )


def test_a_card_laid_twice_is_resampled_as_drawn_back() -> None:
    table = caught_with_the_blue_chicken()
    state = table.state
    history = state.history()
    draws = [i for i in range(len(history)) if i > 40 and history[i] == card("Blue Chicken")]
    assert len(draws) == 1
    position = draws[0]
    for seat in (0, 2, 3):
        seen = set()
        for k in range(15):
            resampled = state.resample_from_infostate(seat, random.Random(k))
            assert resampled.observation(seat) == state.observation(seat)
            assert table.game.state_from_history(resampled.history()) == resampled
            # The only Blue Chicken was discarded before the catch and laid again after it:
            # every consistent history has P1 drawing it back.
            drawn = resampled.history()[position : position + 2]
            assert card("Blue Chicken") in drawn
            seen.add(tuple(drawn))
        assert len(seen) > 1, "the other penalty card never varied"


def test_resampling_keeps_the_seats_own_cards_and_moves_the_others() -> None:
    game = roost.load_game("big-chicken", players=4, last_egg="strict")
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(300):
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    for seat in range(4):
        hands = set()
        for k in range(8):
            resampled = state.resample_from_infostate(seat, random.Random(k))
            assert resampled.observation(seat) == state.observation(seat)
            assert seat_log(game, resampled.history(), seat) == seat_log(
                game, state.history(), seat
            )
            hands.add(repr(read(resampled.observation(OMNISCIENT))["hands"]))
        assert len(hands) > 1


def test_the_good_eggs_best_card_bounds_what_it_may_hold() -> None:
    table = Table(ROUND_ONE)
    play_out_round_one(table)
    table.deal({0: ["Big Red", "Green Chicken", "blue 7"], 3: ["orange 10"]})
    table.do("give your best card, Green Chicken, to the Bad Egg (face up)")
    table.do("give orange 10 back to the Good Egg (face up)")
    big_red = set()
    for k in range(40):
        resampled = table.state.resample_from_infostate(2, random.Random(k))
        hand = names(read(resampled.observation(OMNISCIENT))["hands"][0])
        # Nothing better than the Green Chicken but (perhaps) Big Red, which the Good Egg
        # keeps: after Round 1 nobody knows where Big Red is.
        assert "Yellow Chicken" not in hand and "Orange Chicken" not in hand and "orange 10" in hand
        big_red.add("Big Red" in hand)
    assert big_red == {True, False}


def test_two_player_unused_cards_stay_hidden_and_resample() -> None:
    table = Table({1: ["Orange Chicken"]}, players=2)
    state = table.state
    assert "deck_pool" not in state.observation(0)
    pools = set()
    for k in range(10):
        resampled = read(state.resample_from_infostate(0, random.Random(k)).observation(OMNISCIENT))
        hand = names(resampled["hands"][1])
        assert "Orange Chicken" in hand and "Big Red" not in hand  # the highest card led
        pools.add(tuple(resampled["deck_pool"]))
    assert len(pools) > 1


def test_a_twin_given_back_is_still_in_the_bad_eggs_hand_in_every_resample() -> None:
    """A Bad Egg that gives back a copy of the card just given held another copy before (the
    card just given cannot go back): every resample must deal it one, or its history would not
    replay."""
    table = twin_given()
    table.do("give orange 10 back to the Good Egg (face up)")
    state = table.state
    for seat in (1, 2):
        for k in range(30):
            resampled = state.resample_from_infostate(seat, random.Random(k))
            assert "orange 10" in names(read(resampled.observation(OMNISCIENT))["hands"][3])
            assert table.game.state_from_history(resampled.history()) == resampled
            assert resampled.observation(seat) == state.observation(seat)
