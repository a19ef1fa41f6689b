"""The RLlib multi-agent env: RLlib's own checks pass, turns, rewards, ends and bad actions behave
as documented, and PPO with RLlib's action-masking module trains on it as it is."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

pytest.importorskip("ray.rllib", reason="the rllib extra (make test installs it)")

import ray
from ray.rllib.utils.pre_checks.env import check_multiagent_environments

from roost.core.registry import registered_games
from roost.rl.rllib import RoostMultiAgentEnv, ppo_config

GAMES = sorted(registered_games())


@pytest.mark.parametrize("name", GAMES)
def test_rllibs_own_check_passes(name: str) -> None:
    check_multiagent_environments(RoostMultiAgentEnv({"game": name, "players": 3}))


def play(env: RoostMultiAgentEnv, seed: int) -> tuple[list[tuple[str, int]], Any, Any, Any]:
    """A random game to its end; (agent, action) of each step, and the last step's rewards,
    terminateds and truncateds."""
    observations, _ = env.reset(seed=seed)
    pick = random.Random(seed)
    steps: list[tuple[str, int]] = []
    while True:
        [agent] = observations
        seat = env.possible_agents.index(agent)
        assert seat == env._driver.state.current_player()
        seen = observations[agent]
        assert env.observation_spaces[agent].contains(seen)
        legal = [int(a) for a in np.flatnonzero(seen["action_mask"])]
        assert legal == env._driver.legal
        assert np.array_equal(seen["observations"], env._driver.tensor(seat))
        action = pick.choice(legal)
        steps.append((agent, action))
        observations, rewards, terminateds, truncateds, _ = env.step({agent: action})
        if terminateds["__all__"] or truncateds["__all__"]:
            return steps, observations, rewards, (terminateds, truncateds)
        assert rewards == {agent: 0.0}


@pytest.mark.parametrize("name", GAMES)
def test_a_game_to_its_end_gives_every_agent_its_return(name: str) -> None:
    env = RoostMultiAgentEnv({"game": name, "players": 4})
    steps, last, rewards, (terminateds, truncateds) = play(env, seed=11)
    state = env._driver.state
    assert set(last) == set(env.possible_agents)  # every agent's episode closes
    assert all(not observation["action_mask"].any() for observation in last.values())
    expected = dict(zip(env.possible_agents, state.returns(), strict=True))
    assert rewards == expected
    assert terminateds["__all__"] is not state.is_truncated()
    assert truncateds["__all__"] is state.is_truncated()
    again = RoostMultiAgentEnv({"game": name, "players": 4})
    assert play(again, seed=11)[0] == steps  # the same seed, the same game


def test_a_length_cap_is_truncation() -> None:
    env = RoostMultiAgentEnv({"game": "egg-bound", "players": 3, "max_turns": 2})
    _, _, rewards, (terminateds, truncateds) = play(env, seed=2)
    assert truncateds["__all__"] and not terminateds["__all__"]
    assert set(rewards.values()) == {0.0}


def test_bad_actions() -> None:
    env = RoostMultiAgentEnv({"game": "eggo", "players": 2})
    observations, _ = env.reset(seed=5)
    [agent] = observations
    other = next(a for a in env.possible_agents if a != agent)
    before = list(env._driver.state.history())
    for bad in ({agent: env.num_actions}, {agent: -1}, {agent: "7"}, {other: 0}, {}):
        with pytest.raises(ValueError):
            env.step(bad)
    assert list(env._driver.state.history()) == before  # nothing was played
    illegal = next(a for a in range(env.num_actions) if a not in env._driver.legal)
    last, rewards, terminateds, _, infos = env.step({agent: illegal})
    assert terminateds["__all__"] and rewards[agent] == -1.0 and rewards[other] == 0.0
    assert infos[agent]["illegal_move"] and set(last) == {agent, other}
    with pytest.raises(ValueError, match="reset"):
        env.step({agent: 0})


def test_a_config_that_names_no_game_is_refused() -> None:
    with pytest.raises(ValueError, match="name a game"):
        RoostMultiAgentEnv({"players": 2})


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.timeout(300)
@pytest.mark.parametrize("shared", [True, False], ids=["shared", "per-seat"])
def test_one_ppo_iteration_with_rllibs_action_masking(local_ray: None, shared: bool) -> None:
    config = (
        ppo_config("eggo", shared=shared, hidden=(32,), players=2)
        .env_runners(num_env_runners=0, rollout_fragment_length=100)
        .training(train_batch_size_per_learner=200, minibatch_size=100, num_epochs=1)
        .debugging(seed=1)
    )
    algorithm = config.build_algo()
    try:
        result = algorithm.train()
    finally:
        algorithm.stop()
    assert result["env_runners"]["num_env_steps_sampled"] >= 200
    modules = {"shared"} if shared else {"player_0", "player_1"}
    learned = {m for m in result["learners"] if m in modules}
    assert learned == modules
    for module in modules:
        loss = result["learners"][module]["total_loss"]
        assert math.isfinite(float(loss))
