"""The shortcuts the engine takes for search and random play stay exact: the chance outcome
`sample_chance` drew is trusted by `apply_action` at that node only, and never by a resampled
position."""

from __future__ import annotations

import random
from typing import Any

import pytest

import roost
from roost.core.errors import IllegalActionError, RoostError
from roost.core.view import SeatView
from roost.games.egg_bound.actions import TURN as EGG_BOUND_TURN
from roost.games.egg_bound.cards import (
    BAD_EGG_CARD,
    CHICKENS,
    EGG_BOUND_CARD,
    EGG_SPLOSION,
    EGGY_SOLDIER,
    FOWL,
    RED_ACTIONS,
    STARS,
)
from roost.games.egg_bound.state import (
    FIRST_CHICKEN,
    FIRST_RED,
    FIRST_STAR,
    lowest_bit,
    nth_bit,
)
from roost.games.eggo.actions import TURN as EGGO_TURN
from roost.games.eggo.state import plays_of
from roost.testing.conformance import random_playthrough

GAMES = sorted(roost.registered_games())


@pytest.mark.parametrize("name", GAMES)
def test_a_drawn_outcome_is_trusted_at_its_node_only(name: str) -> None:
    game = roost.load_game(name)
    chance_nodes = [
        step.state.clone()
        for step in random_playthrough(game, 3)
        if step.state.is_chance_node() and step.index > 10
    ]
    state = chance_nodes[len(chance_nodes) // 2]
    drawn = state.sample_chance(random.Random(1))
    for seat in range(game.num_players):
        for fresh in (
            state.resample_from_infostate(seat, random.Random(2)),
            SeatView(state, seat).determinize_unrecorded(random.Random(2)),
        ):
            assert fresh._sampled == -1
    with pytest.raises(IllegalActionError):
        state.apply_action(-1)
    copy = state.clone()
    copy.apply_action(drawn)
    assert copy._sampled == -1
    if copy.is_chance_node():
        with pytest.raises(IllegalActionError):
            copy.apply_action(game.max_chance_outcomes())


@pytest.mark.parametrize("name", GAMES)
def test_playing_chance_at_once_deals_what_one_draw_at_a_time_could(name: str) -> None:
    """`_play_chance` (a search's chance, which a game may play in one go, as BIG CHICKEN
    deals a round) leaves a decision or the end with no card lost or doubled: each chance run of
    a seeded game, played at once in an unrecorded copy, holds the same cards as the run played
    one outcome at a time (who got which may differ), and the game plays on to its end."""
    game = roost.load_game(name)
    checked = 0
    for step in random_playthrough(game, 5):
        state = step.state
        if not state.is_chance_node() or checked >= 6:
            continue
        fast = state.clone()
        fast.stop_recording()
        fast._play_chance(random.Random(step.index))
        assert not fast.is_chance_node()
        slow = state.clone()
        rng = random.Random(step.index)
        while slow.is_chance_node():
            slow.apply_action(slow.sample_chance(rng))
        assert sorted(card for cards in fast.card_places().values() for card in cards) == sorted(
            card for cards in slow.card_places().values() for card in cards
        )
        while not fast.is_terminal():  # and the game plays on from there
            if fast.is_chance_node():
                fast._play_chance(rng)
            else:
                legal = fast.legal_actions()
                fast.apply_action(legal[rng.randrange(len(legal))])
        checked += 1
    assert checked > 0


RANDOM_ACTION_CASES: list[tuple[str, dict[str, object]]] = [(name, {}) for name in GAMES] + [
    ("manda-huevos", {"players": 2}),
    ("manda-huevos", {"players": 6, "quick": True}),
    ("manda-huevos", {"players": 3, "copies": "swap-eggs=0/hen=0", "hand": 5}),
    ("manda-huevos", {"players": 5, "copies": "move-an-egg=0/sleep-wake=0"}),
    ("manda-huevos", {"own_cards": "egg:12x2/move:2"}),
    ("egg-bound", {"players": 6, "hand": 3}),
    ("egg-bound", {"players": 3, "hand": 7, "reshuffle": "shuffle"}),
    ("egg-bound", {"own_cards": "chicken:4-4-2x3/chicken:2-1-4:Scrawny", "copies": "chickens:4"}),
    ("eggo", {"players": 2, "characters": "assigned"}),
    ("eggo", {"players": 3, "own_cards": "draw:3x2/draw:1"}),
]


@pytest.mark.parametrize(("name", "params"), RANDOM_ACTION_CASES)
def test_random_action_picks_what_the_list_would(name: str, params: dict[str, object]) -> None:
    """`random_action` (which Manda Huevos! answers without listing a turn's moves) picks
    ``legal_actions()[rng.randrange(n)]`` from the same draws at every decision of seeded random
    games, and leaves the generator where that pick leaves it: random play with a seed is the
    same game either way, so the golden files and the builds' histories stay as they are."""
    game = roost.load_game(name, **params)
    decisions = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            listed = random.Random()
            listed.setstate(rng.getstate())
            legal = state.clone().legal_actions()
            expected = legal[listed.randrange(len(legal))]
            view = SeatView(state, state.current_player())
            picked = state.random_action(rng) if decisions % 2 else view.random_action(rng)
            assert picked == expected, (seed, state.history())
            assert rng.getstate() == listed.getstate()
            state.apply_action(picked)
            decisions += 1
    assert decisions > 100


@pytest.mark.parametrize("name", GAMES)
def test_random_action_off_a_seat_s_turn_is_a_clear_error(name: str) -> None:
    game = roost.load_game(name)
    steps = [step.state.clone() for step in random_playthrough(game, 2)]
    chance = next(state for state in steps if state.is_chance_node())
    with pytest.raises(RoostError, match="random_action called where chance is to move"):
        chance.random_action(random.Random(0))
    decision = next(state for state in steps if state.current_player() >= 0)
    other = (decision.current_player() + 1) % game.num_players
    before = decision.clone()
    with pytest.raises(RoostError, match=f"not seat {other}'s turn"):
        SeatView(decision, other).random_action(random.Random(0))
    assert decision == before


TURN_INDEX_CASES: list[tuple[str, dict[str, object]]] = [
    ("egg-bound", {}),
    ("egg-bound", {"players": 6, "hand": 3}),
    ("egg-bound", {"players": 3, "hand": 7, "reshuffle": "shuffle"}),
    ("egg-bound", {"players": 2, "composition": "classic-2025"}),
    ("eggo", {}),
    ("eggo", {"players": 2, "characters": "assigned"}),
    ("eggo", {"players": 5, "copies": "demogorgon=2/portal=1/characters=1", "hand": 6}),
    ("eggo", {"players": 3, "own_cards": "draw:3x2/draw:1"}),
]


def _turns(name: str, params: dict[str, object]) -> list[Any]:
    """The turns of ten seeded random games (each state a copy)."""
    game = roost.load_game(name, **params)
    turn = EGG_BOUND_TURN if name == "egg-bound" else EGGO_TURN
    turns = []
    for seed in range(10):
        for step in random_playthrough(game, seed):
            state: Any = step.state
            if state.current_player() >= 0 and state._phase == turn:
                turns.append(state.clone())
    return turns


def test_egg_bound_s_card_groups_are_runs_of_type_ids() -> None:
    """Egg Bound's turn, counted off the hand's bit mask, shifts each group of printed cards
    out in one go from its first type: the groups must be runs of ids, the red cards in the
    order of their actions."""
    assert CHICKENS == tuple(range(FIRST_CHICKEN, FIRST_CHICKEN + 4))
    assert STARS == tuple(range(FIRST_STAR, FIRST_STAR + 3))
    assert RED_ACTIONS == tuple(range(FIRST_RED, FIRST_RED + 5))
    assert RED_ACTIONS == (BAD_EGG_CARD, EGG_SPLOSION, EGGY_SOLDIER, EGG_BOUND_CARD, FOWL)


def test_bits_of_a_mask_are_found_by_number_or_refused() -> None:
    assert [nth_bit(0b101100, k) for k in range(3)] == [2, 3, 5]
    assert lowest_bit(0b1000) == 3
    with pytest.raises(ValueError, match="no set bit number 3"):
        nth_bit(0b101100, 3)
    with pytest.raises(ValueError, match="no set bit number 0"):
        lowest_bit(0)


@pytest.mark.parametrize(("name", "params"), TURN_INDEX_CASES)
def test_a_turn_indexed_without_its_list_is_the_list(name: str, params: dict[str, object]) -> None:
    """Egg Bound's and Eggo's turns are counted and indexed off bit masks, for random play and
    the search's playouts (`_random_legal`, `playout_move`): at every turn of seeded games each
    index gives the listed action at that index, and the count is the list's length."""
    checked = 0
    for state in _turns(name, params):
        legal = state._legal_now()
        if name == "egg-bound":
            parts = state._turn_parts()
            assert state._turn_count(parts) == len(legal)
            assert [state._turn_action_at(parts, k) for k in range(len(legal))] == legal
            with pytest.raises(IndexError):
                state._turn_action_at(parts, len(legal))
        else:
            playable = state._playable()
            if not playable:
                assert all(a >= 52 for a in legal)  # the draws
                continue
            assert plays_of(playable) == len(legal)
            assert [state._play_at(playable, k) for k in range(len(legal))] == legal
            with pytest.raises(IndexError):
                state._play_at(playable, len(legal))
        checked += 1
    assert checked > 100
