"""The single-agent Gymnasium env passes Gymnasium's checker, exposes masks, and vectorises."""

from __future__ import annotations

import pickle
from typing import Any

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
    assert env.action_masks().all()  # nothing is played next: see RoostEnv's docstring


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


def test_the_turn_cap_is_truncation_and_a_win_is_termination() -> None:
    """Egg Bound's ``max_turns`` ends the episode as truncated (reward 0), a win as
    terminated; either way the mask then allows everything (nothing is played next)."""
    seen = set()
    rng = np.random.default_rng(0)
    for seed in range(40):
        env = RoostEnv("egg-bound", players=3, max_turns=3, seat=0)
        _, info = env.reset(seed=seed)
        terminated = truncated = False
        while not (terminated or truncated):
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, reward, terminated, truncated, info = env.step(action)
        capped = not env.state.winners()
        assert (terminated, truncated) == (not capped, capped)
        if capped:
            assert reward == 0.0
        assert info["action_mask"].all() and env.action_masks().all()
        seen.add(capped)
        if seen == {True, False}:
            return
    pytest.fail(f"only seen capped={seen}")


@pytest.mark.parametrize("action", [-1, 61, None, 2.0, "3", np.int64(61)])
def test_an_action_outside_the_space_raises_as_in_pettingzoo(action: Any) -> None:
    """Out of the action space is a caller's bug (ValueError), not an illegal move: the
    episode goes on and a legal numpy int is still played."""
    env = RoostEnv("eggo", players=2)
    _, info = env.reset(seed=0)
    with pytest.raises(ValueError, match="must act with an int in 0-60"):
        env.step(action)
    _, _, _, _, info = env.step(np.int64(np.flatnonzero(info["action_mask"])[0]))
    assert "illegal_action" not in info


def test_a_naive_masked_sampler_runs_a_vector_env_across_episode_ends() -> None:
    """Next-step autoreset: the step that ends an episode gives a mask row of all ones, the
    action sent on the step after is ignored and that env comes back reset."""
    vector = make_vector_env("manda-huevos", 2, players=2, opponents="random")
    _, infos = vector.reset(seed=3)
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(400):
        actions = np.array([int(rng.choice(np.flatnonzero(row))) for row in infos["action_mask"]])
        _, rewards, terminated, truncated, infos = vector.step(actions)
        done = terminated | truncated
        assert infos["action_mask"][done].all()
        if done.any():
            ended += 1
            actions = np.array([int(rng.choice(np.flatnonzero(r))) for r in infos["action_mask"]])
            _, rewards, terminated, truncated, infos = vector.step(actions)
            assert not (terminated[done] | truncated[done]).any()
            assert (rewards[done] == 0).all()
            assert not infos["action_mask"][done].all()
    vector.close()
    assert ended >= 2


@pytest.mark.parametrize("name", GAMES)
def test_a_pickled_env_plays_on_exactly_as_the_original(name: str) -> None:
    """The copy holds the same game, generator and bots: the same actions give the same game."""
    env = RoostEnv(name, players=3, opponents=["heuristic", "random"], seat=1)
    _, info = env.reset(seed=8)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    copy = pickle.loads(pickle.dumps(env))
    for one in (env, copy):
        done = False
        while not done:
            action = int(np.flatnonzero(one.action_masks())[0])
            _, _, terminated, truncated, _ = one.step(action)
            done = terminated or truncated
    assert copy.state.history() == env.state.history()
