"""Every game and state pickles (multiprocessing, Ray and checkpoints pickle them), with its
defaults and with each golden variant, mid-game included."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

import roost
from roost.core.registry import registered_games


def _variants() -> list[tuple[str, dict[str, Any]]]:
    return [
        (name, dict(variant))
        for name, cls in sorted(registered_games().items())
        for variant in [{}, *cls.golden_variants]
    ]


@pytest.mark.parametrize(("name", "params"), _variants())
def test_games_and_states_pickle(name: str, params: dict[str, Any]) -> None:
    game = roost.load_game(name, **params)
    again = pickle.loads(pickle.dumps(game))
    assert again == game and type(again) is type(game)
    state = game.new_initial_state()
    rng = random.Random(7)
    while not state.is_terminal() and len(state.history()) < 80:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    copy = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    assert copy == state and copy.history() == state.history()
    assert copy.observation(0) == state.observation(0)
    if not copy.is_terminal():  # it plays on, on its own
        action = copy.legal_actions()[0] if not copy.is_chance_node() else copy.sample_chance(rng)
        copy.apply_action(action)
        assert len(copy.history()) == len(state.history()) + 1
