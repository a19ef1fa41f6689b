"""The learning baseline: masked PPO (sb3-contrib) on one Roost game, evaluated against random
and heuristic tables as it learns, with a learning-curve plot.

``examples/train_ppo.py`` is the command line; `train` is the whole run:

1. one seat learns in `RoostEnv` (``roost.rl.gymnasium``), its seat drawn anew every game; half
   the vectorised envs seat it with random players, half with heuristic ones;
2. the training reward is the game's return with ``train_params`` (BIG CHICKEN's default
   baseline trains on ``returns=score``, minus the points, scaled by ``reward_scale``; the
   Golden Egg alone is a sparse signal against heuristic players);
3. every ``eval_every`` steps the greedy policy plays ``eval_games`` games (the game's own
   parameters, seats rotated) against all-random and all-heuristic tables, and the win rates
   with their 95% intervals go to ``curve.csv``;
4. at the end: ``model.zip``, ``curve.png``, and `roost.sim.arena.run_arena` (what ``roost
   arena`` runs) of the saved model against each table, written to ``result.json``.

Reproducible from ``seed`` up to PyTorch's own nondeterminism (none on one CPU thread).
"""

from __future__ import annotations

import csv
import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from roost.bots import make_bot
from roost.core.game import Game
from roost.core.registry import load_game
from roost.core.runner import Bot, play_game
from roost.rl.bot import KIND, PolicyBot, greedy_policy
from roost.sim.arena import run_arena, wilson


@dataclass
class TrainConfig:
    """Everything a run depends on (saved beside the model as ``config.json``)."""

    game: str = "big-chicken"
    params: dict[str, Any] = field(default_factory=lambda: {"players": 4})
    """The game's parameters, for training and evaluation."""
    train_params: dict[str, Any] = field(default_factory=lambda: {"returns": "score"})
    """Parameters for training only (the reward)."""
    reward_scale: float = 1 / 50
    steps: int = 2_500_000
    opponents: tuple[str, ...] = ("random", "heuristic")
    """Each entry fills the other seats of an equal share of the envs (repeat a kind to give
    it more); the policy is evaluated against a table of each kind."""
    envs: int = 8
    n_steps: int = 256
    batch_size: int = 256
    epochs: int = 4
    learning_rate: float = 3e-4
    gamma: float = 0.995
    ent_coef: float = 0.01
    net: tuple[int, ...] = (128, 128)
    eval_every: int = 100_000
    eval_games: int = 200
    final_games: int = 500
    jobs: int = 2
    seed: int = 1
    threads: int = 1


@dataclass
class Point:
    """One evaluation of the learning curve."""

    steps: int
    seconds: float
    rates: dict[str, tuple[float, float, float]]
    """Opponent kind -> (win rate, low, high), 95% Wilson interval."""


def evaluate(
    game: Game, bot: Bot, opponent: str, games: int, seed: int
) -> tuple[float, float, float]:
    """Win rate of `bot` against a table of `opponent` bots, seats rotated: (rate, low, high)."""
    n = game.num_players
    rng = random.Random(seed)
    wins = 0
    for index in range(games):
        seat = index % n
        bots: list[Bot] = [
            bot if s == seat else make_bot(opponent, game, rng.randrange(2**62)) for s in range(n)
        ]
        state = play_game(game, bots, random.Random(rng.randrange(2**62)))
        wins += seat in state.winners()
    low, high = wilson(wins, games)
    return wins / games, low, high


def train(config: TrainConfig, out: Path, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Train, evaluate and plot (see the module docstring); returns what ``result.json``
    holds."""
    import torch
    from gymnasium.wrappers import TransformReward
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv

    from roost.rl.gymnasium import RoostEnv

    torch.set_num_threads(config.threads)
    out.mkdir(parents=True, exist_ok=True)
    (out / "config.json").write_text(json.dumps(asdict(config), indent=2) + "\n")
    game = load_game(config.game, **config.params)
    train_params = {**config.params, **config.train_params}
    scale = config.reward_scale

    def maker(opponent: str) -> Callable[[], Any]:
        def build() -> Any:
            env = RoostEnv(config.game, opponents=opponent, **train_params)
            return Monitor(TransformReward(env, lambda r: float(r) * scale))

        return build

    shares = config.opponents
    makers = [maker(shares[i * len(shares) // config.envs]) for i in range(config.envs)]
    kinds = list(dict.fromkeys(shares))
    venv = DummyVecEnv(makers)
    venv.seed(config.seed)
    model = MaskablePPO(
        "MlpPolicy",
        venv,
        n_steps=config.n_steps,
        batch_size=config.batch_size,
        n_epochs=config.epochs,
        learning_rate=config.learning_rate,
        gamma=config.gamma,
        ent_coef=config.ent_coef,
        policy_kwargs={"net_arch": list(config.net)},
        seed=config.seed,
        device="cpu",
        verbose=0,
    )
    curve: list[Point] = []
    start = time.perf_counter()

    def checkpoint(steps: int) -> None:
        bot = PolicyBot(game, greedy_policy(model))
        rates = {
            kind: evaluate(game, bot, kind, config.eval_games, config.seed + 7919 * len(curve))
            for kind in kinds
        }
        model.policy.set_training_mode(True)
        curve.append(Point(steps, time.perf_counter() - start, rates))
        _write_curve(out / "curve.csv", curve)
        shown = ", ".join(f"vs {k} {r[0]:.1%} ({r[1]:.1%}-{r[2]:.1%})" for k, r in rates.items())
        log(f"{steps:>9} steps  {curve[-1].seconds:7.0f} s  {shown}")

    class Every(BaseCallback):
        def __init__(self) -> None:
            super().__init__()
            self.next = config.eval_every

        def _on_step(self) -> bool:
            if self.num_timesteps >= self.next:
                self.next += config.eval_every
                checkpoint(self.num_timesteps)
            return True

    checkpoint(0)
    model.learn(total_timesteps=config.steps, callback=Every())
    if model.num_timesteps - curve[-1].steps >= config.eval_every // 2:
        checkpoint(model.num_timesteps)
    seconds = time.perf_counter() - start
    model_path = out / "model.zip"
    model.save(model_path)
    plot_curve(curve, out / "curve.png", game, kinds)

    final: dict[str, Any] = {}
    for kind in kinds:
        bots = [f"{KIND}:{model_path}", *([kind] * (game.num_players - 1))]
        arena = run_arena(game, bots, config.final_games, config.seed, config.jobs)
        stats = arena.by_kind()[bots[0]]
        low, high = stats.interval()
        final[kind] = {
            "games": config.final_games,
            "win_rate": stats.win_rate,
            "interval": [low, high],
            "fair_rate": arena.fair_rate,
            "command": " ".join(
                [
                    f"roost arena {config.game} --players {game.num_players}",
                    *(f"--param {k}={v}" for k, v in config.params.items() if k != "players"),
                    f"--bots {','.join(bots)} --games {config.final_games}",
                    f"--seed {config.seed} --jobs {config.jobs}",
                ]
            ),
        }
        log(
            f"final, {config.final_games} games vs {kind}: {stats.win_rate:.1%} "
            f"({low:.1%}-{high:.1%}); fair {arena.fair_rate:.1%}"
        )
    result = {
        "game": config.game,
        "params": game.params,
        "steps": int(model.num_timesteps),
        "train_seconds": seconds,
        "final": final,
        "curve": [asdict(point) for point in curve],
    }
    (out / "result.json").write_text(json.dumps(result, indent=2) + "\n")
    return result


def _write_curve(path: Path, curve: Sequence[Point]) -> None:
    kinds = list(curve[0].rates)
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        header = ["steps", "seconds"]
        for kind in kinds:
            header += [f"{kind}_win", f"{kind}_low", f"{kind}_high"]
        writer.writerow(header)
        for point in curve:
            row: list[Any] = [point.steps, round(point.seconds, 1)]
            for kind in kinds:
                row += [round(x, 4) for x in point.rates[kind]]
            writer.writerow(row)


def plot_curve(curve: Sequence[Point], path: Path, game: Game, kinds: Sequence[str]) -> None:
    """Win rate against each table over training steps, with 95% bands and the fair rate."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4.2), dpi=110)
    steps = [point.steps for point in curve]
    for kind in kinds:
        rate = [point.rates[kind][0] for point in curve]
        low = [point.rates[kind][1] for point in curve]
        high = [point.rates[kind][2] for point in curve]
        (line,) = axes.plot(steps, rate, marker="o", markersize=3, label=f"vs 3 {kind}")
        axes.fill_between(steps, low, high, alpha=0.2, color=line.get_color())
    axes.axhline(1 / game.num_players, color="grey", linestyle="--", label="1 / players")
    axes.set_xlabel("training steps (the learning seat's decisions)")
    axes.set_ylabel("win rate (greedy policy)")
    axes.set_ylim(0, 1)
    axes.set_title(f"Masked PPO on {game.title} ({game.num_players} players)")
    axes.legend(loc="upper left")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
