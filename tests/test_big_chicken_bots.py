"""BIG CHICKEN's bots: the heuristic's rules of thumb in scenarios, the search helpers' range
and legality. (Legality over many games and determinism are in test_bots.py.)

Scenarios deal a Round, then give the seats chosen hands and put a Lay on the table directly
(the heuristic reads only the observation, so how the cards got there does not matter).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import roost
from roost.bots import SEARCH_SETTINGS, search_bot
from roost.bots.heuristic.big_chicken import choose
from roost.core.game import CHANCE
from roost.core.view import SeatView
from roost.games.big_chicken.cards import CARD_NAMES, NUM_TYPES
from roost.games.big_chicken.lays import (
    CATCH,
    DECLARE,
    GIVE_BACK,
    LAY_TEXT,
    LET_GO,
    SKIP,
)
from roost.games.big_chicken.search import evaluate, lays_needed, playout_action
from roost.games.big_chicken.state import BigChickenState
from roost.games.big_chicken.table import BAD_GIVES, CATCHING, FLIP_OR_SKIP, LAST_EGG
from roost.testing.conformance import random_playthrough

FILLER = ("blue 7", "green 8", "yellow 9", "orange 10", "blue 8", "green 9", "yellow 10")


def position(
    hands: Sequence[Sequence[str]],
    *,
    player: int = 0,
    top: str | None = None,
    by: int | None = None,
    **params: object,
) -> BigChickenState:
    """Seat `player` to move with these hands, and `top` (laid by seat `by`) to beat."""
    game = roost.load_game("big-chicken", **params)
    state = game.new_initial_state()
    assert isinstance(state, BigChickenState)
    rng = random.Random(0)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance(rng))
    for seat, names in enumerate(hands):
        counts = [0] * NUM_TYPES
        for name in names:
            counts[CARD_NAMES.index(name)] += 1
        state._set_hand(seat, counts)
    state._player = player
    if top is None:
        state._top, state._last = -1, player
        state._run_actions, state._run_seats = [], []
    else:
        action = LAY_TEXT.index(top)
        assert by is not None
        state._top, state._last = action, by
        state._run_actions, state._run_seats = [action], [by]
    state._legal = None
    return state


def move(state: BigChickenState) -> str:
    action = choose(SeatView(state, state.current_player()), random.Random(0))
    assert action in state.legal_actions()
    return state.decision_string(action)


def test_goes_out_when_one_lay_empties_the_hand() -> None:
    state = position(
        [["blue 9", "orange 9"], FILLER, FILLER, FILLER], top="pair: green 8 + blue 8", by=1
    )
    assert move(state) == "pair: orange 9 + blue 9"


def test_leads_the_lowest_whole_group() -> None:
    hand = ["green 7", "orange 7", "blue 8", "yellow 9", "orange 9", "Big Red", "Blue Chicken"]
    state = position([hand, FILLER, FILLER, FILLER])
    assert move(state) == "pair: orange 7 + green 7"


def test_does_not_lead_a_single_to_a_player_with_one_card() -> None:
    hand = ["green 7", "blue 8", "orange 8", "yellow 9", "orange 10"]
    state = position([hand, ["blue 10"], FILLER, FILLER])
    assert move(state) == "pair: orange 8 + blue 8"


def test_with_two_lays_left_leads_big_red_first() -> None:
    state = position([["green 7", "orange 7", "Big Red"], FILLER, FILLER, FILLER])
    assert move(state) == "single: Big Red"


def test_follows_with_a_whole_group_not_a_broken_one() -> None:
    hand = ["blue 8", "green 8", "yellow 9", "green 10", "orange 10", "Orange Chicken"]
    state = position([hand, FILLER, FILLER, FILLER], top="single: blue 7", by=3)
    assert move(state) == "single: yellow 9"


def test_a_duck_completes_a_set_rather_than_playing_alone() -> None:
    hand = ["yellow 10", "Duck", "blue 7", "green 7", "yellow 8", "orange 8"]
    state = position([hand, FILLER, FILLER, FILLER], top="pair: green 9 + blue 9", by=2)
    assert move(state) == "pair: yellow 10 + duck as blue 10"


def test_spends_a_chicken_rather_than_cluck() -> None:
    hand = ["blue 7", "green 8", "yellow 9", "Big Red", "Blue Chicken", "green 9"]
    state = position([hand, FILLER, FILLER, FILLER], top="single: orange 10", by=2)
    assert move(state) == "single: Blue Chicken"


def test_keeps_big_red_when_nothing_is_at_stake() -> None:
    hand = ["blue 7", "green 8", "yellow 9", "Big Red", "green 9"]
    state = position([hand, FILLER, FILLER, FILLER], top="single: Orange Chicken", by=2)
    assert move(state) == "cluck (pass)"


def test_spends_big_red_when_the_runs_winner_is_about_to_go_out() -> None:
    hand = ["blue 7", "green 8", "yellow 9", "Big Red", "green 9"]
    state = position([hand, FILLER, ["orange 9"], FILLER], top="single: Orange Chicken", by=2)
    assert move(state) == "single: Big Red"


def test_spends_big_red_to_win_the_run_that_lets_it_go_out() -> None:
    hand = ["Big Red", "blue 8", "yellow 8"]
    state = position([hand, FILLER, FILLER, FILLER], top="single: orange 10", by=3)
    assert move(state) == "single: Big Red"


def test_skips_after_a_coop_says_last_egg_and_catches() -> None:
    state = position([["blue 7", "green 8"], FILLER, FILLER, FILLER], last_egg="strict")
    state._phase = FLIP_OR_SKIP
    assert choose(SeatView(state, 0), random.Random(0)) == SKIP
    state._phase = LAST_EGG
    state._legal = None
    assert choose(SeatView(state, 0), random.Random(0)) == DECLARE
    state._phase, state._caught, state._queue, state._player = CATCHING, 1, [0, 2, 3], 0
    state._legal = None
    assert state.legal_actions() == [CATCH, LET_GO]
    assert choose(SeatView(state, 0), random.Random(0)) == CATCH


def test_the_bad_egg_gives_back_a_lone_low_card() -> None:
    hand = ["blue 7", "green 7", "yellow 8", "orange 10", "Duck", "Orange Chicken"]
    state = position([FILLER, hand, FILLER, FILLER], player=1)
    state._phase, state._good, state._bad = BAD_GIVES, 0, 1
    state._given = CARD_NAMES.index("Orange Chicken")
    state._legal = None
    action = choose(SeatView(state, 1), random.Random(0))
    assert action == GIVE_BACK + CARD_NAMES.index("yellow 8")


def test_lays_needed_counts_whole_groups_and_loose_ducks() -> None:
    state = position([["blue 7", "green 7", "orange 9", "Duck", "Duck", "Big Red"]] + [FILLER] * 3)
    # A pair of 7s, a 9 (each can take a Duck), the Chickens: 3 Lays.
    assert lays_needed(state._eggs[0], state._ducks[0], state._chicks[0]) == 3


@pytest.mark.parametrize("params", [{}, {"players": 2}, {"players": 6}, {"returns": "score"}])
def test_the_estimate_is_in_range_and_the_playout_policy_is_legal(
    params: dict[str, object],
) -> None:
    game = roost.load_game("big-chicken", **params)
    for seed in range(3):
        for step in random_playthrough(game, seed):
            state = step.state
            assert isinstance(state, BigChickenState)
            if state.current_player() < 0:
                continue
            values = evaluate(state)
            assert len(values) == game.num_players
            assert all(0.0 <= v <= 1.0 for v in values)
            if params.get("returns") != "score":
                assert sum(values) == pytest.approx(1.0)
            legal = state.legal_actions()
            assert playout_action(state, legal, random.Random(seed)) in legal


def test_the_search_uses_the_games_settings_and_plays_legally() -> None:
    settings = SEARCH_SETTINGS["big-chicken"]
    assert settings.evaluator is not None and settings.worlds is not None
    game = roost.load_game("big-chicken")
    states = [s.state.clone() for s in random_playthrough(game, 5)]
    state = next(s for s in states[len(states) // 3 :] if len(s.legal_actions()) > 2)
    seat = state.current_player()
    bot = search_bot(game, 1, iterations=200)
    assert bot.choose(SeatView(state, seat)) in state.legal_actions()
    assert bot.last_iterations == 200
