"""Are the review's chances calibrated? Bot games per game, the search's estimate at random
decisions beside each seat's final result (roost.coach.calibration, roost.coach.chances).

    python scripts/calibration.py                       # every game, 1000 games each, 4 players
    python scripts/calibration.py --game eggo --games 200 --samples eggo.json
    python scripts/calibration.py --from-samples eggo.json     # the figures again, no games

Prints per game the samples, the base rate, and for the search's raw estimates, then for the
calibrated chances (each game's map fitted on the other half of the games: out of sample), the
Brier score and the base rate's, the improvement (Brier skill score, 1 - Brier / base Brier)
with 95% bootstrap intervals (whole games resampled) and the reliability table (predicted
against observed, per bin); and the map fitted on all the games, for `roost.coach.chances.MAPS`.
One process: the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import asdict

from roost.coach.calibration import (
    Calibration,
    Sample,
    collect,
    cross_validated,
    fit_platt,
    summarise,
)
from roost.coach.review import ReviewSettings
from roost.core.registry import load_game, registered_games


def report(name: str, result: Calibration, seconds: float) -> str:
    lines = [
        f"{name}: {result.samples} estimates from {result.games} games ({seconds:.0f} s)",
        f"  base rate {result.base_rate:.3f}; Brier {result.brier:.4f} "
        f"({result.brier_interval[0]:.4f}-{result.brier_interval[1]:.4f}), "
        f"base rate's {result.base_brier:.4f}",
        f"  improvement (Brier skill score) {result.skill:.3f} "
        f"({result.skill_interval[0]:.3f}-{result.skill_interval[1]:.3f})",
        "  predicted   count   mean predicted   observed",
    ]
    for b in result.bins:
        lines.append(
            f"  {b.low:.1f}-{b.high:.1f}   {b.count:6d}   {b.predicted:14.3f}   {b.observed:8.3f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", choices=sorted(registered_games()))
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--per-seat", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--bots", default="medium,easy", help="kinds rotated over the seats")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", dest="json_out", help="write every game's figures here")
    parser.add_argument("--samples", help="write every (game, seat, predicted, outcome) here")
    parser.add_argument("--from-samples", help="read the samples written by --samples instead")
    args = parser.parse_args(argv)
    settings = ReviewSettings(
        iterations=args.iterations, least_visits=args.iterations, calibrated=False
    )
    load = os.getloadavg()[0]
    print(
        f"calibration: {args.games} games a game, {args.players} players, bots {args.bots}, "
        f"{args.per_seat} estimates a seat, {args.iterations} iterations; load {load:.1f}",
        flush=True,
    )
    out: dict[str, object] = {}
    raw: dict[str, list[list[float]]] = {}
    saved: dict[str, list[list[float]]] = {}
    if args.from_samples:
        with open(args.from_samples, encoding="utf-8") as handle:
            saved = json.load(handle)
    for name in args.game or sorted(saved or registered_games()):
        game = load_game(name, players=args.players)
        started = time.perf_counter()

        def tick(done: int, name: str = name) -> None:
            if done % 100 == 0:
                print(f"  {name}: {done} games", file=sys.stderr, flush=True)

        if name in saved:
            samples = [Sample(int(g), int(s), p, o) for g, s, p, o in saved[name]]
        else:
            samples = collect(
                game,
                args.games,
                args.seed,
                bots=args.bots.split(","),
                per_seat=args.per_seat,
                settings=settings,
                progress=tick,
            )
        raw[name] = [[s.game, s.seat, s.predicted, s.outcome] for s in samples]
        seconds = time.perf_counter() - started
        result = summarise(samples, seed=args.seed)
        held_out = summarise(cross_validated(samples), seed=args.seed)
        fitted = fit_platt(samples)
        print(report(f"{name}, the search's raw estimates", result, seconds), flush=True)
        print(report(f"{name}, calibrated (map fitted on the other half)", held_out, 0.0))
        print(f"  the map fitted on all: {fitted}", flush=True)
        out[name] = {
            "raw": asdict(result),
            "calibrated": asdict(held_out),
            "map": asdict(fitted),
            "seconds": seconds,
            "load": os.getloadavg()[0],
        }
        if args.json_out:
            with open(args.json_out, "w", encoding="utf-8") as handle:
                json.dump(out, handle, indent=1)
        if args.samples:
            with open(args.samples, "w", encoding="utf-8") as handle:
                json.dump(raw, handle)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
