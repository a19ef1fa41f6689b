"""Train a shipped `learned` bot from nothing, with one command.

    python -m roost.rl.recipe big-chicken --out runs/recipe/big-chicken

The shipped weights are the last of a chain of runs (docs/measured/learned.md): imitation of
search (`roost.rl.learn`), then reinforcement against three ``medium`` players
(`roost.rl.reinforce`), each run starting from the one before with a seed of its own. This
module holds each game's chain as data and runs it stage by stage, so the whole recipe is one
command that needs nothing but the package (no earlier weights, no repository history).

Each stage writes ``OUT/STAGE/weights.npz``; a stage whose file is already there is not run
again (an interrupted recipe goes on where it stopped; the imitation's played games are kept
in chunks as well). At the end the last stage's file is compared, byte for byte, with the
weights the package ships, and ``--install`` copies it over them.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from roost.core.errors import RoostError
from roost.core.registry import load_game
from roost.rl.learned import install, weights_path


@dataclass(frozen=True)
class Stage:
    """One run of the chain: a trainer's module and its arguments (without ``--out`` and,
    for reinforcement, without ``--start``: the stage before is the start)."""

    name: str
    trainer: str  # "learn" (imitation of search) or "reinforce" (PPO against the league)
    args: str


RECIPES: dict[str, tuple[Stage, ...]] = {
    # The second attempt's imitation (moves head), then four PPO runs (docs/measured/learned.md).
    "big-chicken": (
        Stage(
            "imitate",
            "learn",
            "--games 1600 --iterations 500 --seed 1 --head moves --hidden 128 --epochs 12"
            " --target move",
        ),
        Stage("ppo-1", "reinforce", "--seed 1 --games 6000 --bonus 1.5 --lr 3e-4"),
        Stage("ppo-2", "reinforce", "--seed 2 --games 12800 --lr 3e-4"),
        Stage("ppo-3", "reinforce", "--seed 3 --games 25600 --lr 3e-4"),
        # self-play: a third of the other seats are past selves
        Stage("ppo-4", "reinforce", "--seed 4 --games 12800 --lr 3e-4 --past 0.34"),
    ),
    # The first attempt's imitation (one logit per action), then two PPO runs.
    "manda-huevos": (
        Stage(
            "imitate", "learn", "--games 940 --iterations 500 --seed 1 --target move --epochs 12"
        ),
        Stage("ppo-1", "reinforce", "--seed 1 --games 10240 --bonus 4 --lr 3e-4"),
        Stage("ppo-2", "reinforce", "--seed 2 --games 10240 --lr 3e-4 --past 0.34"),
    ),
}

Trainer = Callable[[list[str]], int]


def _trainer(kind: str) -> Trainer:
    if kind == "learn":
        from roost.rl.learn import main as learn

        return learn
    from roost.rl.reinforce import main as reinforce

    return reinforce


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def run(
    stages: Sequence[Stage],
    out: Path,
    *,
    game: str,
    jobs: int = 1,
    say: Callable[[str], None] = print,
) -> Path:
    """Run `stages` in order under `out` (skipping those already done); the last weights."""
    before: Path | None = None
    for stage in stages:
        folder = out / stage.name
        weights = folder / "weights.npz"
        if weights.exists():
            say(f"{stage.name}: done before ({digest(weights)})")
        else:
            args = [game, *stage.args.split(), "--out", str(folder)]
            if stage.trainer == "learn":
                args += ["--jobs", str(jobs)]
            elif before is not None:
                args += ["--start", str(before)]
            else:
                raise RoostError(f"stage {stage.name}: reinforcement needs a stage before it")
            say(f"{stage.name}: python -m roost.rl.{stage.trainer} {' '.join(args)}")
            if _trainer(stage.trainer)(args) != 0:
                raise RoostError(f"stage {stage.name} failed (its error is above)")
            say(f"{stage.name}: wrote {weights} ({digest(weights)})")
        before = weights
    assert before is not None
    return before


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m roost.rl.recipe", description=__doc__.split("\n")[0]
    )
    parser.add_argument("game", help=f"one of: {', '.join(RECIPES)}")
    parser.add_argument("--out", type=Path, required=True, help="the folder of the stages")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing imitation games")
    parser.add_argument("--install", action="store_true", help="copy over the shipped weights")
    args = parser.parse_args(argv)
    try:
        if args.game not in RECIPES:
            raise RoostError(f"no recipe for {args.game!r}: one of {', '.join(RECIPES)}")
        if args.jobs < 1:
            raise RoostError("--jobs must be positive")
        last = run(RECIPES[args.game], args.out, game=args.game, jobs=args.jobs)
        game = load_game(args.game, players=4)
        shipped = weights_path(game)
        same = shipped.exists() and shipped.read_bytes() == last.read_bytes()
        print(f"result {last} ({digest(last)}); the shipped weights {shipped.name}: "
              f"{'the same file' if same else 'different'}")  # fmt: skip
        if args.install:
            install(last, game)
    except RoostError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
