"""The PettingZoo AEC envs pass PettingZoo's API and seed tests, at every player count."""

from __future__ import annotations

import pickle
import warnings
from typing import Any

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


def test_the_turn_cap_is_truncation_and_a_win_is_termination() -> None:
    """Egg Bound's ``max_turns`` ends a game with returns all 0: that is a truncation (the
    position had a value), a game won by the rules a termination."""
    seen = set()
    for seed in range(40):
        table = env("egg-bound", players=3, max_turns=3)
        table.reset(seed=seed)
        truncations: dict[str, bool] = {}
        terminations: dict[str, bool] = {}
        rng = np.random.default_rng(seed)
        for agent in table.agent_iter(20000):
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                truncations[agent] = truncation
                terminations[agent] = termination
                table.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(legal[rng.integers(len(legal))]))
        state = table.roost_state
        capped = not state.winners()
        assert len(truncations) == 3
        assert all(t == capped for t in truncations.values())
        assert all(t != capped for t in terminations.values())
        seen.add(capped)
        if seen == {True, False}:
            return
    pytest.fail(f"only seen capped={seen}")


@pytest.mark.parametrize("action", [-1, 61, None, 2.0, "3", np.int64(61)])
def test_an_action_outside_the_space_raises(action: Any) -> None:
    table = env("eggo", players=2)
    table.reset(seed=0)
    with pytest.raises(ValueError, match="must act with an int in 0-60"):
        table.step(action)
    mask = table.observe(table.agent_selection)["action_mask"]
    table.step(np.int64(np.flatnonzero(mask)[0]))  # numpy ints are ints


@pytest.mark.parametrize("name", GAMES)
def test_a_pickled_env_plays_on_exactly_as_the_original(name: str) -> None:
    """Checkpoints and worker processes pickle envs: the copy holds the same game and the same
    chance generator, so the same actions give the same game."""
    table = env(name, players=3)
    table.reset(seed=5)
    for _ in range(10):
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(int(np.flatnonzero(mask)[-1]))
    copy = pickle.loads(pickle.dumps(table))
    for one in (table, copy):
        for _agent in one.agent_iter(3000):
            observation, _, termination, truncation, _ = one.last()
            done = termination or truncation
            one.step(None if done else int(np.flatnonzero(observation["action_mask"])[-1]))
    assert copy.roost_state.history() == table.roost_state.history()
