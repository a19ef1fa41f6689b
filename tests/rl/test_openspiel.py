"""Every game registered with OpenSpiel passes its random simulation test, and OpenSpiel's
ISMCTS bot plays whole games through the registration."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from roost.rl.openspiel import register  # noqa: E402

# Small configurations keep the Python-game simulations short.
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("roost_eggo", {"players": 3}),
    ("roost_manda_huevos", {"players": 2}),
    ("roost_egg_bound", {"players": 3, "max_turns": 40}),
    ("roost_big_chicken", {"players": 3, "rounds": 1, "last_egg": "strict"}),
]


def test_every_game_is_registered() -> None:
    names = register()
    assert names == sorted(name for name, _ in CONFIGS)
    assert set(names) <= set(pyspiel.registered_names())
    game = pyspiel.load_game("roost_big_chicken")
    assert game.num_players() == 4 and game.num_distinct_actions() == 1380
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


@pytest.mark.parametrize(("name", "params"), CONFIGS)
def test_random_simulation(name: str, params: dict[str, Any]) -> None:
    register()
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


@pytest.mark.parametrize(("name", "params"), CONFIGS)
def test_ismcts_plays_whole_games(name: str, params: dict[str, Any]) -> None:
    """OpenSpiel's ISMCTS checks at every simulation that the resampled state has the same
    information state as the real one (its `assert root_infostate_key == ...`)."""
    register()
    game = pyspiel.load_game(name, {**params, "players": 2})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng)
        for _ in range(2)
    ]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert len(state.returns()) == 2


def test_tensors_strings_and_resampling() -> None:
    register()
    game = pyspiel.load_game("roost_eggo", {"players": 3})
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    while state.is_chance_node() or state.current_player() != 1 or len(state.history()) < 40:
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    tensor = np.array(state.observation_tensor(1))
    assert tensor.shape == (game.observation_tensor_size(),)
    infostate = state.information_state_string(1)
    other = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(1) == infostate
    assert np.array_equal(np.array(other.observation_tensor(1)), tensor)
    assert other.observation_string(1) == state.observation_string(1)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.information_state_string(1) == infostate
