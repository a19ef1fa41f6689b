"""Search Egg Bound's card compositions for games that end and last "5 to 15 minutes".

The rulebook lost its card table: it gives 85 game cards, the families and every card's name,
2-6 players, the three-egg cap and "Each game normally lasts from 5 to 15 minutes", not how many
copies of each card there are. This script measures candidate compositions the way `roost lab`
does (it plays the lab's own games: `roost.lab.play.run_task`, the same seeds, the same bots, the
same table-time model), so every figure it prints can be reproduced with

    roost lab egg-bound --param composition=BASE --param copies=CHANGES --games N --seed S

Modes:

* ``sample``: random compositions from the plausible space (below), each measured at every
  player count; one line of JSON per candidate (append to a file, then ``fit`` reads it);
* ``measure``: the compositions given (``--copies``, repeatable), with more games;
* ``fit``: a least-squares fit of each measure on the counts over a ``sample`` file, and the
  candidates ranked, to steer the finer search.

The plausible space: every card at least once and each count one a printed deck would have
(the ranges in `SPACE`); the four Chickens alike and the three Stars alike (as in every
composition considered: the rulebook treats them as one family each); 85 cards in all, the Egg
cards taking up the difference (rejected outside their range).

Run it with the compiled engine, one process (`--jobs 1` in the lab's terms): it plays a few
hundred games a second.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from roost.games.egg_bound.cards import COMPOSITIONS, DECK_SIZE, GROUP_KEYS
from roost.lab.play import Task, run_task
from roost.lab.timing import TimeModel

SPACE: dict[str, tuple[int, int]] = {
    # key: (least, most) copies; "chickens" and "stars" are per card of the kind.
    "egg-card": (9, 24),
    "chickens": (3, 6),
    "stars": (2, 5),
    "egg-laying-song": (2, 8),
    "hatch-it": (1, 5),
    "red-bad-egg": (1, 6),
    "egg-splosion": (1, 5),
    "eggy-soldier": (1, 5),
    "red-egg-bound": (1, 5),
    "fowl": (1, 5),
    "green-good-egg": (2, 8),
    "cluck-off": (2, 8),
    "un-bound": (1, 5),
}
"""The plausible counts: 1-2 to 5-8 copies of a card, 9-24 Egg cards (three to eight per player
at six)."""
SIZES: dict[str, int] = {key: len(GROUP_KEYS.get(key, (0,))) for key in SPACE}
"""Cards a key sets (4 for the Chickens, 3 for the Stars, else 1)."""
PLAYERS = (2, 3, 4, 5, 6)
TIME = TimeModel()


@dataclass
class Measure:
    """One candidate at one player count."""

    games: int
    capped: int
    within: int
    """Games of 5-15 minutes (the estimated table time, the lab's model)."""
    median: float
    """Median minutes."""
    p90: float
    mean_turns: float


def measure(copies: str, players: int, games: int, seed: int, bots: str, base: str) -> Measure:
    params = (("composition", base), ("copies", copies), ("players", players))
    task = Task("egg-bound", params, (bots,), seed, 0, 0, tuple(range(games)))
    records = run_task(task)
    minutes = sorted(TIME.minutes(r.choices, r.forced, r.chance) for r in records)
    return Measure(
        games=games,
        capped=sum(1 for r in records if not r.winners),
        within=sum(1 for m in minutes if 5 <= m <= 15),
        median=minutes[len(minutes) // 2],
        p90=minutes[int(0.9 * len(minutes))],
        mean_turns=sum(r.turns for r in records) / len(records),
    )


def counts_of(spec: dict[str, int]) -> str:
    return ",".join(f"{key}={value}" for key, value in spec.items())


def plausible(rng: random.Random) -> Iterator[dict[str, int]]:
    """Random compositions from `SPACE`, the Egg cards making up 85."""
    keys = [key for key in SPACE if key != "egg-card"]
    least, most = SPACE["egg-card"]
    while True:
        spec = {key: rng.randint(*SPACE[key]) for key in keys}
        eggs = DECK_SIZE - sum(SIZES[key] * value for key, value in spec.items())
        if least <= eggs <= most:
            yield {"egg-card": eggs, **spec}


def report(copies: str, results: dict[int, Measure]) -> dict[str, object]:
    return {
        "copies": copies,
        "per_players": {
            n: {
                "games": m.games,
                "capped": m.capped,
                "within": round(m.within / m.games, 4),
                "median": round(m.median, 2),
                "p90": round(m.p90, 2),
                "turns": round(m.mean_turns, 1),
            }
            for n, m in results.items()
        },
        "worst_within": round(min(m.within / m.games for m in results.values()), 4),
        "capped": sum(m.capped for m in results.values()),
    }


def run(args: argparse.Namespace, candidates: Iterator[str] | Sequence[str]) -> None:
    for copies in candidates:
        started = time.time()
        results = {
            n: measure(copies, n, args.games, args.seed, args.bots, args.base) for n in args.players
        }
        line = report(copies, results)
        line["seconds"] = round(time.time() - started, 1)
        line["bots"] = args.bots
        line["seed"] = args.seed
        line["base"] = args.base
        print(json.dumps(line), flush=True)


def fit(path: str, top: int) -> None:
    """Least squares of each measure on the counts: which cards lengthen or end games."""
    import numpy as np

    rows = [json.loads(line) for line in open(path) if line.startswith("{")]
    keys = list(SPACE)
    x = np.array(
        [[1.0, *(float(dict(_pairs(r["copies"]))[k]) for k in keys)] for r in rows], dtype=float
    )
    players = sorted(int(n) for n in rows[0]["per_players"])
    for n in players:
        for measure_name in ("capped", "within", "median"):
            y = []
            for r in rows:
                m = r["per_players"][str(n)]
                value = m[measure_name]
                if measure_name == "capped":
                    value = math.log((value + 0.5) / (m["games"] + 1))  # log rate, smoothed
                y.append(float(value))
            coef, *_ = np.linalg.lstsq(x, np.array(y), rcond=None)
            terms = ", ".join(f"{k} {c:+.3f}" for k, c in zip(keys, coef[1:], strict=True))
            print(f"{n} players, {measure_name}: {terms}")
    ranked = sorted(rows, key=lambda r: (r["capped"], -r["worst_within"]))
    for r in ranked[:top]:
        cells = " ".join(
            f"{n}p cap {m['capped']} in {m['within']:.2f} med {m['median']:.1f}"
            for n, m in r["per_players"].items()
        )
        print(f"{r['copies']}: {cells}")


def _pairs(copies: str) -> list[tuple[str, int]]:
    out = []
    for part in copies.split(","):
        key, _, value = part.partition("=")
        out.append((key, int(value)))
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=("sample", "measure", "fit"))
    parser.add_argument("--copies", action="append", default=[], help="measure: a candidate")
    parser.add_argument("--count", type=int, default=50, help="sample: candidates")
    parser.add_argument("--games", type=int, default=400, help="games per player count")
    parser.add_argument("--players", default="2,3,4,5,6")
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--base", default="classic-2025", choices=sorted(COMPOSITIONS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sample-seed", type=int, default=1)
    parser.add_argument("--file", help="fit: the sample file")
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args(argv)
    args.players = [int(n) for n in args.players.split(",")]
    if args.mode == "fit":
        fit(args.file, args.top)
        return
    if args.mode == "measure":
        run(args, args.copies)
        return
    space = plausible(random.Random(args.sample_seed))
    run(args, (counts_of(next(space)) for _ in range(args.count)))


if __name__ == "__main__":
    main(sys.argv[1:])
