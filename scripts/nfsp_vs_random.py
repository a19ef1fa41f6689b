"""NFSP on a two-player Roost game through OpenSpiel, then its average policy against random.

    python scripts/nfsp_vs_random.py [--game roost_manda_huevos] [--episodes 2000] [--games 400]

Trains NFSP (OpenSpiel's PyTorch agent, `roost.rl.nfsp`) by self-play on information-state
tensors, then plays the average policy against OpenSpiel's uniform random policy, seats
alternating, and, as the yardstick in the same run, random against random the same way. Prints
the wins (a return of 1: a shared Manda Huevos! win counts for both) with 95% Wilson intervals.
"""

from __future__ import annotations

import argparse
import time

import torch
from open_spiel.python import policy as spiel_policy

from roost.rl.nfsp import NFSPPolicy, load, play_against_random, train


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="roost_manda_huevos")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--episodes", type=int, default=2000)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--buffer", type=int, default=5000)
    args = parser.parse_args(argv)
    torch.set_num_threads(1)  # one core: the machine is shared
    game = load(args.game, {"players": args.players})
    start = time.perf_counter()
    training = train(game, args.episodes, seed=args.seed, buffer=args.buffer, hidden=(128,))
    seconds = time.perf_counter() - start
    last = training.sl_losses[-50:]
    print(
        f"{game}: {training.episodes} episodes, {training.decisions} decisions in {seconds:.0f} s;"
        f" last average-policy losses (mean of {len(last)}): {sum(last) / max(1, len(last)):.3f}"
    )
    for label, policy in [
        ("NFSP average policy", NFSPPolicy(game, training.agents)),
        ("uniform random", spiel_policy.UniformRandomPolicy(game)),
    ]:
        match = play_against_random(game, policy, args.games, seed=args.seed + 1)
        low, high = match.interval
        print(
            f"{label} vs random: won {match.wins}/{match.games} = {match.wins / match.games:.1%}"
            f" (95% {low:.1%}-{high:.1%}); mean return {match.mean_return:.3f},"
            f" opponent's {match.opponent_mean_return:.3f}"
        )


if __name__ == "__main__":
    main()
