"""The batched engine (`roost.rl.batch`) plays the same games as the PettingZoo env, slot by
slot: the same observations (of the seat to move, and of every seat), masks, rewards and ends,
with auto-reset; it refuses bad actions without changing anything, and is deterministic."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

from roost.core.registry import registered_games
from roost.rl.batch import BatchEnv
from roost.rl.pettingzoo import RoostAECEnv, env

GAMES = sorted(registered_games())


def _finish(table: RoostAECEnv) -> None:
    """The PettingZoo way out of a finished game: every dead agent steps None."""
    while table.agents:
        table.step(None)


def _compare_slot(batch: BatchEnv, table: RoostAECEnv, i: int, every_seat: list[Any]) -> None:
    agent = table.agent_selection
    seat = int(agent.split("_")[1])
    assert batch.player[i] == seat
    observation = table.observe(agent)
    assert np.array_equal(batch.obs[i], observation["observation"])
    # the row the batch rewrote in place is the tensor made from scratch from the observation
    from_scratch = batch.encoding.encode(batch.state(i).observation(seat))
    assert batch.obs[i].tobytes() == from_scratch.tobytes()
    assert np.array_equal(batch.mask[i], observation["action_mask"].astype(bool))
    legal = batch.legal[i, : batch.legal_counts[i]]
    assert legal.tolist() == np.flatnonzero(observation["action_mask"]).tolist()
    for other in range(batch.players):  # hidden information: each seat sees what it sees
        expected = table.observe(f"player_{other}")["observation"]
        assert np.array_equal(every_seat[other][i], expected)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("how", ["random", "given", "indexed"])
def test_slots_play_the_pettingzoo_games(name: str, how: str) -> None:
    params: dict[str, Any] = {"players": 3}
    if name == "egg-bound":
        params["max_turns"] = 6  # short enough for truncations to happen
    n = 3
    batch = BatchEnv(name, n, seed=11, **params)
    tables = [env(name, **params) for _ in range(n)]
    for table, seed in zip(tables, batch.seeds, strict=True):
        table.reset(seed=seed)
    batch.reset()
    rng = np.random.default_rng(5)
    ends = {"terminated": 0, "truncated": 0}
    for _ in range(400):
        every_seat = [batch.observe(seat) for seat in range(batch.players)]
        for i, table in enumerate(tables):
            _compare_slot(batch, table, i, every_seat)
        if how == "random":
            _, _, rewards, terminated, truncated, _ = batch.step_random()
            actions = batch.actions.tolist()
        elif how == "given":
            actions = [int(rng.choice(np.flatnonzero(row))) for row in batch.mask]
            _, _, rewards, terminated, truncated, _ = batch.step(np.array(actions))
        else:  # sampled from the legal-action index, as its docstring shows
            picks = (rng.random(n) * batch.legal_counts).astype(np.intp)
            chosen = batch.legal[np.arange(n), picks]
            actions = chosen.tolist()
            _, _, rewards, terminated, truncated, _ = batch.step(chosen)
        for i, table in enumerate(tables):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                table.step(actions[i])
            over = bool(table.terminations[table.agent_selection]) or bool(
                table.truncations[table.agent_selection]
            )
            assert terminated[i] == any(table.terminations.values())
            assert truncated[i] == any(table.truncations.values())
            expected = [table.rewards[f"player_{s}"] for s in range(batch.players)]
            assert rewards[i].tolist() == (expected if over else [0.0] * batch.players)
            if over:
                ends["truncated" if truncated[i] else "terminated"] += 1
                _finish(table)
                table.reset()  # no seed: the env's chance generator goes on, as the slot's
    assert ends["terminated"] > 0
    if name == "egg-bound":
        assert ends["truncated"] > 0


def test_bad_actions_are_refused_and_nothing_changes() -> None:
    batch = BatchEnv("eggo", 4, seed=2, players=3)
    batch.reset()
    before = (batch.obs.copy(), batch.mask.copy(), batch.player.copy())
    histories = [batch.state(i).history() for i in range(4)]
    legal = [int(np.flatnonzero(row)[0]) for row in batch.mask]
    illegal = int(np.flatnonzero(~batch.mask[2])[0])
    cases: list[tuple[Any, str]] = [
        ([*legal[:2], illegal, legal[3]], f"game 2: action {illegal} is not legal for seat"),
        ([*legal[:3], 61], r"game 3: action 61 is out of range \(0..60\)"),
        ([-1, *legal[1:]], "game 0: action -1 is out of range"),
        ([legal[0], 1.0, *legal[2:]], "game 1: the action must be an int; got 1.0"),
        ([legal[0], True, *legal[2:]], "game 1: the action must be an int; got True"),
        (legal[:3], "3 actions for 4 games"),
    ]
    for actions, message in cases:
        with pytest.raises(ValueError, match=message):
            batch.step(actions)
        assert [batch.state(i).history() for i in range(4)] == histories
        assert np.array_equal(batch.obs, before[0]) and np.array_equal(batch.mask, before[1])
        assert np.array_equal(batch.player, before[2])
    batch.step(np.array(legal, dtype=np.int64))  # and the legal ones still play
    assert [len(batch.state(i).history()) for i in range(4)] != [len(h) for h in histories]


def test_deterministic_and_reset_replays() -> None:
    def run(batch: BatchEnv) -> list[np.ndarray]:
        seen = [batch.reset()[0].copy()]
        for _ in range(60):
            seen.append(batch.step_random()[0].copy())
            seen.append(batch.rewards.copy())
        return seen

    first = BatchEnv("big-chicken", 5, seed=3, players=4)
    again = run(first)
    assert all(np.array_equal(a, b) for a, b in zip(run(first), again, strict=True))
    other = run(BatchEnv("big-chicken", 5, seed=3, players=4))
    assert all(np.array_equal(a, b) for a, b in zip(other, again, strict=True))
    different = run(BatchEnv("big-chicken", 5, seed=4, players=4))
    assert not all(np.array_equal(a, b) for a, b in zip(different, again, strict=True))


def test_auto_reset_leaves_a_live_mask_and_returns_each_games_rewards() -> None:
    batch = BatchEnv("manda-huevos", 6, seed=0, players=2)
    batch.reset()
    finished = 0
    for _ in range(300):
        _, mask, rewards, terminated, truncated, player = batch.step_random()
        assert mask.any(axis=1).all()  # every slot has a decision, new game or not
        assert ((player >= 0) & (player < 2)).all()
        ended = terminated | truncated
        assert not rewards[~ended].any()
        assert (rewards[ended].sum(axis=1) >= 1).all()  # a winner, or a shared win
        finished += int(ended.sum())
    assert finished > 6


def test_before_reset_and_bad_sizes() -> None:
    batch = BatchEnv("eggo", 2, players=2)
    with pytest.raises(RuntimeError, match="reset"):
        batch.step_random()
    with pytest.raises(ValueError, match="at least one game"):
        BatchEnv("eggo", 0)
    batch.reset()
    with pytest.raises(ValueError, match="seat 2 is out of range"):
        batch.observe(2)
