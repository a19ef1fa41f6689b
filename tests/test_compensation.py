"""First-player compensation parameters (``roost lab GAME --compensate``, docs/lab.md): each
changes the game as its RULES.md says, its default is the rulebook's game (the golden
playthroughs, unchanged, check the default history move for move), bad values are refused with
the parameter's name, and the compensated games pass the conformance suite."""

from __future__ import annotations

import random
from typing import Any

import pytest

import roost
from roost.core.errors import ParameterError
from roost.core.game import CHANCE, OMNISCIENT
from roost.testing.conformance import check_game


def _first_decision(params: dict[str, Any], seed: int = 3) -> Any:
    """The state at the first decision after the deal (every chance step sampled)."""
    game = roost.load_game("egg-bound", **params)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance(rng))
    return state


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("short", [0, 1, 2])
def test_the_first_player_is_dealt_short(players: int, short: int) -> None:
    state = _first_decision({"players": players, "first_short": short})
    obs = state.observation(OMNISCIENT)
    assert state.current_player() == 0
    assert obs["hand_sizes"] == [5 - short] + [5] * (players - 1)
    assert obs["good_eggs"] == [1] * players


def test_the_short_hand_is_refilled_after_the_first_turn() -> None:
    game = roost.load_game("egg-bound", players=3, first_short=2)
    state = _first_decision({"players": 3, "first_short": 2})
    assert state.observation(None)["hand_sizes"] == [3, 5, 5]
    first_turn = state.observation(None)["turn"]
    rng = random.Random(1)
    while state.observation(None)["turn"] == first_turn:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance(rng))
    if not state.is_terminal():
        assert state.observation(None)["hand_sizes"] == [game.params["hand"]] * 3


@pytest.mark.parametrize("players", [2, 5])
def test_the_first_player_may_start_without_an_egg(players: int) -> None:
    plain = _first_decision({"players": players}).observation(None)
    state = _first_decision({"players": players, "first_egg": False})
    obs = state.observation(None)
    assert obs["good_eggs"] == [0] + [1] * (players - 1)
    assert obs["egg_pile"] == plain["egg_pile"] + 1  # the egg stays on the Egg Pile
    assert obs["hand_sizes"] == [5] * players


def test_the_defaults_are_the_rulebook_game() -> None:
    """Default values deal and play exactly as no parameter at all (the golden playthroughs
    pin the default history itself)."""
    game = roost.load_game("egg-bound", players=4)
    assert game.params["first_short"] == 0 and game.params["first_egg"] is True
    explicit = roost.load_game("egg-bound", players=4, first_short=0, first_egg=True)
    for seed in range(3):
        a = _play(game, seed)
        assert a == _play(explicit, seed)


def _play(game: Any, seed: int) -> list[int]:
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return list(state.history())


@pytest.mark.parametrize(
    ("params", "said"),
    [
        ({"first_short": 5}, "'first_short' takes fewer cards than a hand"),
        ({"first_short": 3, "hand": 3}, "0 to 2"),
        ({"first_short": -1}, "'first_short' takes an integer from 0 to 9"),
        ({"first_short": "one"}, "'first_short'"),
        ({"first_egg": "maybe"}, "'first_egg' takes true or false"),
    ],
)
def test_bad_compensations_are_refused(params: dict[str, Any], said: str) -> None:
    with pytest.raises(ParameterError, match=said):
        roost.load_game("egg-bound", **params)


@pytest.mark.parametrize(
    "params",
    [
        {"players": 2, "first_short": 1},
        {"players": 4, "first_short": 2, "first_egg": False},
        {"players": 3, "first_egg": False, "reshuffle": "shuffle", "hand": 4, "first_short": 3},
    ],
    ids=str,
)
def test_compensated_games_conform(params: dict[str, Any]) -> None:
    check_game(roost.load_game("egg-bound", **params), seeds=[900 + k for k in range(3)])
