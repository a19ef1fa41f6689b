"""NFSP (OpenSpiel's PyTorch agent) runs end to end on a Roost game through the OpenSpiel
adapter, on information-state tensors: a few episodes of self-play fill its buffers with tensors
of the information-state size, learn with finite losses, and the trained average policy plays
whole games through OpenSpiel's policy API, a distribution over legal actions only."""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pyspiel")
torch = pytest.importorskip("torch")

from roost.rl.nfsp import (  # noqa: E402
    NFSPPolicy,
    Training,
    load,
    play,
    play_against_random,
    train,
)

GAME = ("roost_manda_huevos", {"players": 2})


@pytest.fixture(scope="module")
def trained() -> tuple[Any, Training]:
    torch.set_num_threads(1)
    game = load(*GAME)
    options = {"buffer": 500, "batch": 16, "min_buffer": 16, "learn_every": 4}
    training = train(game, 12, seed=3, anticipatory=0.5, **options)
    return game, training


def test_training_fills_buffers_with_information_states(trained: tuple[Any, Training]) -> None:
    game, training = trained
    size = game.information_state_tensor_size()
    assert size > game.observation_tensor_size()
    assert training.episodes == 12 and training.decisions > 12 * 2
    for agent in training.agents:
        reservoir = agent._reservoir_buffer
        assert reservoir is not None and len(reservoir) > 0
        states = reservoir.experience.info_state[: len(reservoir)]
        assert states.shape == (len(reservoir), size)
        # Information states, not observations: the history part is written (step blocks).
        assert (states[:, : size - game.observation_tensor_size()].sum(axis=1) > 0).all()
        probs = reservoir.experience.action_probs[: len(reservoir)]
        masks = reservoir.experience.legal_actions_mask[: len(reservoir)]
        assert np.allclose(probs.sum(axis=1), 1.0, atol=1e-4)
        assert not (probs[~masks] > 1e-6).any()  # the best response chose legal actions only
    assert training.sl_losses and training.rl_losses
    assert all(math.isfinite(x) for x in training.sl_losses + training.rl_losses)


def test_the_average_policy_plays_whole_games(trained: tuple[Any, Training]) -> None:
    game, training = trained
    policy = NFSPPolicy(game, training.agents)
    rng = random.Random(5)
    state = game.new_initial_state()
    seen = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
            continue
        probabilities = policy.action_probabilities(state)
        assert set(probabilities) == set(state.legal_actions())
        assert math.isclose(sum(probabilities.values()), 1.0, rel_tol=1e-5)
        assert all(p >= 0 for p in probabilities.values())
        seen += 1
        state.apply_action(max(probabilities, key=probabilities.__getitem__))
    assert seen > 0
    returns = play(game, [policy, policy], random.Random(1))
    assert set(returns) <= {0.0, 1.0} and sum(returns) >= 1  # a winner, or a shared win
    match = play_against_random(game, policy, 6, seed=2)
    assert match.games == 6 and 0 <= match.wins <= 6
    low, high = match.interval
    assert low <= match.wins / 6 <= high


def test_training_is_deterministic() -> None:
    torch.set_num_threads(1)
    game = load(*GAME)
    options = {"buffer": 200, "batch": 8, "min_buffer": 8, "learn_every": 4, "anticipatory": 0.5}
    first = train(game, 3, seed=7, **options)
    second = train(game, 3, seed=7, **options)
    assert first.decisions == second.decisions
    assert first.sl_losses == second.sl_losses and first.rl_losses == second.rl_losses
