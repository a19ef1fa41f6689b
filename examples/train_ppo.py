"""Train masked PPO on a Roost game, plot its learning curve, and play it in ``roost arena``.

    pip install -e '.[rl]'
    nice python examples/train_ppo.py --out runs/big-chicken            # about an hour, 2 cores
    python examples/train_ppo.py --out /tmp/smoke --smoke               # a minute: checks it runs

Then the trained agent is a bot kind like any other:

    roost arena big-chicken --players 4 \\
        --bots ppo:runs/big-chicken/model.zip,heuristic,heuristic,heuristic --games 500 --jobs 2

What it does, step by step, is in `roost.rl.train` (its docstring); every setting is a field of
`roost.rl.train.TrainConfig`, and a run writes ``config.json``, ``curve.csv``, ``curve.png``,
``model.zip`` and ``result.json`` to ``--out``.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path

from roost.rl.train import TrainConfig, train


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="folder for the run's files")
    parser.add_argument("--game", default="big-chicken")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--steps", type=int, default=TrainConfig.steps)
    parser.add_argument("--eval-every", type=int, default=TrainConfig.eval_every)
    parser.add_argument("--eval-games", type=int, default=TrainConfig.eval_games)
    parser.add_argument("--final-games", type=int, default=TrainConfig.final_games)
    parser.add_argument(
        "--opponents",
        default=",".join(TrainConfig.opponents),
        help="bot kinds, comma-separated: each fills the other seats of an equal share of the "
        "envs (repeat one to give it more)",
    )
    parser.add_argument("--net", default=",".join(map(str, TrainConfig.net)))
    parser.add_argument("--seed", type=int, default=TrainConfig.seed)
    parser.add_argument("--jobs", type=int, default=TrainConfig.jobs)
    parser.add_argument("--smoke", action="store_true", help="a tiny run that checks it all works")
    args = parser.parse_args(argv)
    config = TrainConfig(
        game=args.game,
        params={"players": args.players},
        train_params={"returns": "score"} if args.game == "big-chicken" else {},
        steps=args.steps,
        opponents=tuple(k for k in args.opponents.split(",") if k),
        net=tuple(int(width) for width in args.net.split(",")),
        eval_every=args.eval_every,
        eval_games=args.eval_games,
        final_games=args.final_games,
        seed=args.seed,
        jobs=args.jobs,
    )
    if args.smoke:
        config = replace(
            config, steps=2048, eval_every=1024, eval_games=4, final_games=4, envs=4, jobs=1
        )
    result = train(config, args.out)
    print(json.dumps(result["final"], indent=2))


if __name__ == "__main__":
    main()
