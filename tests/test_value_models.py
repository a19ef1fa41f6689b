"""The search's value estimates, written out for speed, still compute their documented models.

Eggo's `escape_chances` and Egg Bound's `evaluate` inline their features (one pass over each
hand instead of a tuple of inputs and a scan per card type); these tests hold them to the model
their docstrings state, `features` times `COEFFICIENTS`, along seeded random games.
"""

from __future__ import annotations

import math
import random

import pytest

import roost
from roost.core.game import CHANCE
from roost.core.state import State
from roost.games.egg_bound import search as egg_bound_search
from roost.games.eggo import search as eggo_search


def _positions(name: str, seed: int, **params: object) -> list[State]:
    game = roost.load_game(name, **params)
    rng = random.Random(seed)
    state = game.new_initial_state()
    positions = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            positions.append(state.clone())
            state.apply_action(state.random_action(rng))
    positions.append(state)
    return positions


@pytest.mark.parametrize("seed", range(6))
def test_eggo_escape_chances_are_the_logistic_model_to_the_bit(seed: int) -> None:
    for state in _positions("eggo", seed):
        values = eggo_search.escape_chances(state)  # type: ignore[arg-type]
        for seat, value in enumerate(values):
            if state._escaped[seat]:  # type: ignore[attr-defined]
                assert value == 1.0
            elif state._characters[seat] == eggo_search.BARB:  # type: ignore[attr-defined]
                assert value == 0.0
            else:
                inputs = eggo_search.features(state, seat)  # type: ignore[arg-type]
                z = 0.0
                for weight, x in zip(eggo_search.COEFFICIENTS, inputs, strict=True):
                    z += weight * x
                assert value == 1.0 / (1.0 + math.exp(-z))


@pytest.mark.parametrize(
    ("seed", "params"),
    [
        (0, {}),
        (1, {}),
        (2, {"reshuffle": "shuffle"}),
        (3, {"own_cards": "chicken:4-4-2x2:Big_Red", "copies": "egg-card:19"}),
    ],
)
def test_egg_bound_evaluate_is_the_conditional_logit(seed: int, params: dict[str, object]) -> None:
    for state in _positions("egg-bound", seed, **params):
        values = egg_bound_search.evaluate(state)  # type: ignore[arg-type]
        winner = state._winner  # type: ignore[attr-defined]
        if winner >= 0:
            assert values == [1.0 if seat == winner else 0.0 for seat in range(len(values))]
            continue
        exps = []
        for seat in range(len(values)):
            inputs = egg_bound_search.features(state, seat)  # type: ignore[arg-type]
            z = sum(w * x for w, x in zip(egg_bound_search.COEFFICIENTS, inputs, strict=True))
            exps.append(math.exp(z))
        total = 1.0 + sum(exps)
        assert values == pytest.approx([e / total for e in exps], rel=1e-12, abs=1e-15)
