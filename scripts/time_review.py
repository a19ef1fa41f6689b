"""How long does a whole review take? Every seat of a 4-player game of each game, reviewed at
the hard bot's budget (1000 iterations a decision, the estimates of the move chosen and of the
best move each topped up to 1000), in `--jobs` processes.

    python scripts/time_review.py                   # every game, 3 games each, 2 processes
    python scripts/time_review.py --game eggo --games 5 --jobs 1

The games are played by heuristic and easy bots (seats rotated); the time is the wall clock of
`review_seat` for all four seats of a game, the load average is printed beside it (the machine
is shared).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from roost.bots import make_bot
from roost.coach.review import ReviewSettings, decision_points, review_seat
from roost.core.registry import load_game, registered_games
from roost.core.runner import play_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", choices=sorted(registered_games()))
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    settings = ReviewSettings.for_budget(args.iterations)
    print(
        f"whole-game reviews: {args.players} players, every seat, {args.iterations} iterations "
        f"a decision (+ top-ups to {settings.least_visits}), {args.jobs} processes"
    )
    for name in args.game or sorted(registered_games()):
        game = load_game(name, players=args.players)
        times: list[float] = []
        decisions: list[int] = []
        loads: list[float] = []
        for index in range(args.games):
            rng = random.Random(f"time:{args.seed}:{index}")
            kinds = ["medium", "easy"] * args.players
            bots = [
                make_bot(kinds[s + index], game, rng.randrange(2**62)) for s in range(args.players)
            ]
            history = play_game(game, bots, random.Random(rng.randrange(2**62))).history()
            started = time.perf_counter()
            for seat in range(args.players):
                review_seat(game, history, seat, settings, jobs=args.jobs)
            times.append(time.perf_counter() - started)
            decisions.append(
                sum(len(decision_points(game, history, s)) for s in range(args.players))
            )
            loads.append(os.getloadavg()[0])
        print(
            f"{name}: {statistics.median(times):.1f} s median (min {min(times):.1f}, max "
            f"{max(times):.1f}) for {statistics.median(decisions):.0f} decisions with a choice "
            f"(median); load {min(loads):.1f}-{max(loads):.1f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
