"""The PettingZoo AEC envs pass PettingZoo's API and seed tests, at every player count."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from roost.core.registry import registered_games
from roost.rl.pettingzoo import env

GAMES = sorted(registered_games())
# PettingZoo's api_test warns about every Dict observation space and every classic env's
# observation dict ("not a NumPy array"): its own classic environments draw the same warnings.
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_api(name: str, players: int) -> None:
    api_test(env(name, players=players), num_cycles=200)


@pytest.mark.parametrize("name", GAMES)
def test_seed(name: str) -> None:
    seed_test(lambda: env(name, players=3), num_cycles=200)


def test_out_of_turn_decisions_are_agent_turns() -> None:
    """Egg Bound's Cluck-Off window is a turn of the card's target, not of the mover."""
    table = env("egg-bound", players=3)
    table.reset(seed=3)
    rng = np.random.default_rng(3)
    for agent in table.agent_iter(5000):
        observation, _, termination, truncation, _ = table.last()
        if termination or truncation:
            table.step(None)
            continue
        phase = table.roost_state.observation(None)["phase"]
        if phase == "cluck_off_window":
            challenge = table.roost_state.observation(None)["challenge"]
            assert agent == f"player_{challenge['target']}"
            assert challenge["target"] != challenge["attacker"]
            return
        legal = np.flatnonzero(observation["action_mask"])
        table.step(int(legal[rng.integers(len(legal))]))
    pytest.fail("no Cluck-Off window in the games played")


def test_an_illegal_action_ends_the_game_the_pettingzoo_way() -> None:
    table = env("eggo", players=3)
    table.reset(seed=1)
    agent = table.agent_selection
    mask = table.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table.step(illegal)
    assert all(table.terminations.values())
    assert table.rewards[agent] == -1.0
    assert table.infos[agent] == {"illegal_move": True}
    assert sum(table.rewards.values()) == -1.0
    live = env("eggo", players=2)
    live.reset(seed=0)
    with pytest.raises(ValueError):
        live.step(None)


def test_rewards_are_the_returns() -> None:
    table = env("big-chicken", players=3, rounds=1)
    table.reset(seed=11)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        totals[agent] += float(reward)
        if termination or truncation:
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        table.step(int(legal[rng.integers(len(legal))]))
    assert sorted(totals.values()) == [0.0, 0.0, 1.0]
