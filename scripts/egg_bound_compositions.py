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
* ``measure``: the compositions given (``--copies``, repeatable; without ``egg-card`` the Egg
  cards make up 85), with more games;
* ``fit``: a least-squares fit of each measure on the counts over a ``sample`` file, and the
  candidates ranked, to steer the finer search;
* ``climb``: a local search from ``--copies``: moves one copy from a card to another (or one
  copy of every Chicken, every Star, against Egg cards), keeps a move when the score rises by
  more than ``--step``; the score is the mean share of games within 5-15 minutes over the
  player counts, less ``--cap-penalty`` per game that reached the cap and ``--tail-penalty``
  times the share of games longer than 100 turns (summed over the counts). Every game of every
  candidate uses the same seeds (common random numbers), so candidates differ by their decks,
  not their luck.

The plausible space: every card at least once and each count one a printed deck would have
(the ranges in `SPACE`); the four Chickens alike and the three Stars alike (as in every
composition considered: the rulebook treats them as one family each); an answer card no more
than one copy more common than the card it answers (`ANSWERS`); 85 cards in all, the Egg cards
taking up the difference (rejected outside their range).

The search that chose the default deck, `fitted-2026` (its steps, score, result and runner-ups:
the game's RULES.md, The cards: How many of each): 550 `sample` decks at 300 games per player
count, a `fit`, 29 `measure`d decks at 1,000, five `climb`s at 1,000 (the last two with
``--tail-penalty 3``; all with ``--cap-penalty 0.02``), the best measured again at 2,000 games
per count with ``--seed 21``.

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
ANSWERS: dict[str, str] = {"green-good-egg": "red-bad-egg", "un-bound": "red-egg-bound"}
"""An answer card and the card it answers: a printed deck would not hold many more of the
answer than there is to answer (the surplus would be dead cards, which a search would otherwise
use as padding to lengthen games): at most `SLACK` more."""
SLACK = 1
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
    over: dict[int, int]
    """Games longer than 100, 150, 200 turns: the tail that ends at the cap."""


TAILS = (100, 150, 200)


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
        over={t: sum(1 for r in records if r.turns > t) for t in TAILS},
    )


def counts_of(spec: dict[str, int]) -> str:
    return ",".join(f"{key}={value}" for key, value in spec.items())


def plausible(rng: random.Random, space: dict[str, tuple[int, int]]) -> Iterator[dict[str, int]]:
    """Random compositions from `space` (a part of `SPACE`), the Egg cards making up 85."""
    keys = [key for key in space if key != "egg-card"]
    least, most = space["egg-card"]
    while True:
        spec = {key: rng.randint(*space[key]) for key in keys}
        eggs = DECK_SIZE - sum(SIZES[key] * value for key, value in spec.items())
        if least <= eggs <= most and answered(spec):
            yield {"egg-card": eggs, **spec}


def answered(spec: dict[str, int]) -> bool:
    """Whether every answer card is within `SLACK` of the card it answers."""
    return all(spec[answer] <= spec[card] + SLACK for answer, card in ANSWERS.items())


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
                "over": m.over,
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


def score(line: dict[str, object], penalty: float, tail: float = 0.0) -> float:
    """The mean share of games within 5-15 minutes, less `penalty` per capped game and `tail`
    times the share of games longer than 100 turns (summed over the player counts): caps are
    too rare to count in a thousand games once a deck is near the target, but the tail they
    come from is not."""
    cells = line["per_players"]
    assert isinstance(cells, dict)
    within: float = sum(cell["within"] for cell in cells.values()) / len(cells)
    long: float = sum(cell["over"][100] / cell["games"] for cell in cells.values())
    capped = line["capped"]
    assert isinstance(capped, int)
    return within - penalty * capped - tail * long


def neighbours(spec: dict[str, int], rng: random.Random) -> list[dict[str, int]]:
    """Every plausible composition one move away from `spec`, in random order."""
    single = [key for key in SPACE if SIZES[key] == 1]
    moves: list[dict[str, int]] = []
    for giver in single:
        for taker in single:
            if giver != taker:
                moves.append({**spec, giver: spec[giver] - 1, taker: spec[taker] + 1})
    for group in ("chickens", "stars"):
        size = SIZES[group]
        for sign in (1, -1):
            moves.append(
                {**spec, group: spec[group] + sign, "egg-card": spec["egg-card"] - sign * size}
            )
    fine = [m for m in moves if answered(m) and all(_inside(k, v) for k, v in m.items())]
    rng.shuffle(fine)
    return fine


def _inside(key: str, value: int) -> bool:
    least, most = SPACE[key]
    return least <= value <= most


def climb(args: argparse.Namespace) -> None:
    rng = random.Random(args.sample_seed)
    spec = dict(_pairs(with_eggs(args.copies[0])))
    assert list(spec) == list(SPACE), "give every key of SPACE, in its order"

    def evaluate(candidate: dict[str, int]) -> tuple[float, dict[str, object]]:
        copies = counts_of(candidate)
        results = {
            n: measure(copies, n, args.games, args.seed, args.bots, args.base) for n in args.players
        }
        line = report(copies, results)
        value = score(line, args.cap_penalty, args.tail_penalty)
        line["score"] = round(value, 4)
        print(json.dumps(line), flush=True)
        return value, line

    best, _ = evaluate(spec)
    improved = True
    while improved:
        improved = False
        for candidate in neighbours(spec, rng):
            value, _ = evaluate(candidate)
            if value > best + args.step:
                print(f"# accepted {best:.4f} -> {value:.4f}: {counts_of(candidate)}", flush=True)
                spec, best, improved = candidate, value, True
                break
    print(f"# local best {best:.4f}: {counts_of(spec)}", flush=True)


def fit(path: str, top: int) -> None:
    """Least squares of each measure on the counts: which cards lengthen or end games."""
    import numpy as np

    with open(path) as lines:
        rows = [json.loads(line) for line in lines if line.startswith("{")]
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


def with_eggs(copies: str) -> str:
    """`copies` of every key in `SPACE` but the Egg cards: the Egg cards make up 85."""
    if not copies or "egg-card=" in copies:
        return copies
    others = sum(SIZES[key] * value for key, value in _pairs(copies))
    return f"egg-card={DECK_SIZE - others},{copies}"


def _pairs(copies: str) -> list[tuple[str, int]]:
    out = []
    for part in copies.split(","):
        key, _, value = part.partition("=")
        out.append((key, int(value)))
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=("sample", "measure", "fit", "climb"))
    parser.add_argument("--copies", action="append", default=[], help="measure: a candidate")
    parser.add_argument("--count", type=int, default=50, help="sample: candidates")
    parser.add_argument("--games", type=int, default=400, help="games per player count")
    parser.add_argument("--players", default="2,3,4,5,6")
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--base", default="classic-2025", choices=sorted(COMPOSITIONS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sample-seed", type=int, default=1)
    parser.add_argument(
        "--space", default="", help="sample: narrower ranges, e.g. 'red-bad-egg=1-3,fowl=2-5'"
    )
    parser.add_argument("--file", help="fit: the sample file")
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--step", type=float, default=0.01, help="climb: least gain kept")
    parser.add_argument("--cap-penalty", type=float, default=0.02, help="climb: per capped game")
    parser.add_argument(
        "--tail-penalty", type=float, default=0.0, help="climb: per share of games over 100 turns"
    )
    args = parser.parse_args(argv)
    args.players = [int(n) for n in args.players.split(",")]
    if args.mode == "fit":
        fit(args.file, args.top)
        return
    if args.mode == "climb":
        climb(args)
        return
    if args.mode == "measure":
        run(args, [with_eggs(copies) for copies in args.copies])
        return
    space = dict(SPACE)
    for part in filter(None, args.space.split(",")):
        key, _, span = part.partition("=")
        low, _, high = span.partition("-")
        least, most = SPACE[key]
        if not least <= int(low) <= int(high) <= most:
            parser.error(f"{part}: outside the plausible space {key}={least}-{most}")
        space[key] = (int(low), int(high))
    candidates = plausible(random.Random(args.sample_seed), space)
    run(args, (counts_of(next(candidates)) for _ in range(args.count)))


if __name__ == "__main__":
    main(sys.argv[1:])
