"""The learning baseline's smoke run: train a few steps, plot, save, and play the model as the
bot kind ``ppo:PATH`` through the arena."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")

import roost
from roost.bots import make_bot
from roost.core.errors import ParameterError
from roost.rl.train import TrainConfig, train
from roost.sim.arena import run_arena


def test_smoke_run_and_the_ppo_bot(tmp_path: Path) -> None:
    config = TrainConfig(
        game="big-chicken",
        params={"players": 3, "rounds": 1},
        steps=1024,
        envs=2,
        n_steps=256,
        batch_size=128,
        epochs=1,
        net=(32,),
        eval_every=512,
        eval_games=3,
        final_games=3,
        jobs=1,
    )
    lines: list[str] = []
    result = train(config, tmp_path, log=lines.append)
    assert result["steps"] >= 1024 and len(result["curve"]) == 3
    for name in ("model.zip", "curve.png", "curve.csv", "config.json", "result.json"):
        assert (tmp_path / name).stat().st_size > 0
    assert json.loads((tmp_path / "result.json").read_text())["final"]["heuristic"]["games"] == 3

    game = roost.load_game("big-chicken", players=3, rounds=1)
    kind = f"ppo:{tmp_path / 'model.zip'}"
    arena = run_arena(game, [kind, "random", "random"], 3, seed=2)
    assert arena.by_kind()[kind].seat_games == 3
    with pytest.raises(ParameterError, match="trained on observations"):
        make_bot(kind, roost.load_game("big-chicken", players=4), 0)
    with pytest.raises(ParameterError, match="no model"):
        make_bot(f"ppo:{tmp_path / 'missing.zip'}", game, 0)
