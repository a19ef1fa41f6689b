"""The single-agent Gymnasium env passes Gymnasium's checker, exposes masks, and vectorises."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from roost.core.registry import registered_games
from roost.rl.gymnasium import RoostEnv, env_id, make_vector_env

GAMES = sorted(registered_games())


@pytest.mark.parametrize("name", GAMES)
def test_check_env(name: str) -> None:
    env = RoostEnv(name, players=3, opponents="random")
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize("name", GAMES)
def test_a_game_against_heuristic_bots(name: str) -> None:
    env = RoostEnv(name, players=4, opponents=["heuristic", "random"], seat=2)
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    total = 0.0
    for _ in range(5000):
        mask = env.action_masks()
        assert np.array_equal(mask, info["action_mask"].astype(bool)) and mask.any()
        assert env.observation_space.contains(obs)
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
        if terminated:
            break
    assert terminated and not truncated
    assert total == env.state.returns()[2]
    assert not env.action_masks().any()


def test_illegal_action_ends_the_episode() -> None:
    env = RoostEnv("eggo", players=2)
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -1.0 and info["illegal_action"]
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)


def test_same_seed_same_episode() -> None:
    def play(seed: int) -> list[int]:
        env = RoostEnv("big-chicken", players=3, opponents="heuristic", rounds=1)
        _, info = env.reset(seed=seed)
        actions = []
        while True:
            action = int(np.flatnonzero(info["action_mask"])[0])
            actions.append(action)
            _, _, terminated, _, info = env.step(action)
            if terminated:
                return env.state.history()

    assert play(5) == play(5) != play(6)


def test_registered_with_gymnasium_and_vectorised() -> None:
    env = gymnasium.make(env_id("manda-huevos"), players=2, opponents="heuristic")
    obs, _ = env.reset(seed=1)
    assert obs.shape == env.observation_space.shape
    vector = make_vector_env("eggo", 3, players=2)
    obs, infos = vector.reset(seed=2)
    assert obs.shape[0] == 3 and infos["action_mask"].shape == (3, 61)
    actions = np.array([int(np.flatnonzero(m)[0]) for m in infos["action_mask"]])
    obs, rewards, _terminated, _truncated, infos = vector.step(actions)
    assert obs.shape[0] == 3 and rewards.shape == (3,)
    vector.close()
