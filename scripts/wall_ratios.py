"""The issue's wall-clock benches, `roost bench --seconds 5 --rounds 3` and `roost bench
--search --rounds 2`, for two builds alternately in one run, with both builds' ratios.

Each run is one whole bench in a fresh worker process under one build's interpreter, calling
what the `roost bench` command calls (`roost.sim.bench.run_benchmarks`,
`roost.sim.search_bench.run_search_benchmarks`: both builds have them), so every figure is the
command's own, peers measured in the same process as ever. The builds alternate before, after,
after, before, ... so a drift of the machine's load over the run falls on both alike.

    .venv/bin/python scripts/wall_ratios.py random --seconds 5 --rounds 3 --runs 2 \
        --before /work/wt-base/.venv/bin/python
    .venv/bin/python scripts/wall_ratios.py search --rounds 2 --runs 2 \
        --before /work/wt-base/.venv/bin/python

A build from before `State.random_action` (f53e093) plays its random games the way its
`roost bench` did, listing the legal actions and drawing an index; the report says which.
"""

from __future__ import annotations

import argparse
import io
import sys
from typing import Any

from build_runs import Build, WorkerError, answer, check_python, describe_build, run_worker

PEER_RANDOM = "OpenSpiel crazy_eights"
"""The yardstick of random play (`roost.sim.bench.REFERENCE`'s label in every build)."""
PEER_SEARCH = "OpenSpiel ISMCTS (C++)"
"""The yardstick of search (`roost.sim.search_bench.measure_openspiel_cpp`'s engine)."""


def work(mode: str, seconds: float, rounds: int) -> dict[str, Any]:
    """One whole bench in this process: per game our rate and each peer's, as a worker
    answers it. The bench's tables go to a string, not to the answer's stdout."""
    from rich.console import Console

    from roost.core.state import State

    console = Console(file=io.StringIO(), width=200)
    games: dict[str, dict[str, Any]] = {}
    payload: dict[str, Any] = {**describe_build(), "games": games}
    if mode == "random":
        from roost.sim.bench import run_benchmarks

        payload["way"] = (
            "State.random_action"
            if hasattr(State, "random_action")
            else "listed: legal_actions()[rng.randrange(n)]"
        )
        for ours, peers in run_benchmarks(console, seconds=seconds, rounds=rounds):
            games[ours.game] = {
                "rate": ours.decisions_per_second,
                "peers": {label: m.decisions_per_second for label, m in peers},
            }
        return payload
    from roost.sim.search_bench import run_search_benchmarks

    mine, theirs = run_search_benchmarks(console, rounds=rounds)
    searched = {rate.engine: rate.per_second for rate in theirs}
    for rate in mine:
        games[rate.game] = {"rate": rate.per_second, "peers": searched}
    return payload


def order(builds: list[Build], runs: int) -> list[Build]:
    """Each build `runs` times, alternating and mirrored: B A A B B A ... (the last build
    given first), so neither is always measured first."""
    pair = list(reversed(builds))
    sequence: list[Build] = []
    for run in range(runs):
        sequence += pair if run % 2 == 0 else list(reversed(pair))
    return sequence


def report(mode: str, results: list[tuple[Build, dict[str, Any]]]) -> list[str]:
    """Per game and build, each run's ratio to the yardstick (and to a game's own peer), in the
    order measured."""
    yardstick = PEER_RANDOM if mode == "random" else PEER_SEARCH
    lines = [
        f"`roost bench{' --search' if mode == 'search' else ''}`, wall clock, one whole bench "
        f"a run, in the order {', '.join(build.label for build, _ in results)}"
    ]
    for label in dict.fromkeys(build.label for build, _ in results):
        got = next(payload for build, payload in results if build.label == label)
        way = f"; moves by {got['way']}" if "way" in got else ""
        lines.append(f"{label}: {got['build']}, roost from {got['roost']}{way}")
    lines.append(f"yardstick: {yardstick}, each run's own rate (per second):")
    for build, payload in results:
        rates = {
            game: entry["peers"][yardstick]
            for game, entry in payload["games"].items()
            if yardstick in entry["peers"]
        }
        shown = ", ".join(f"{rate:,.0f}" for rate in dict.fromkeys(rates.values()))
        lines.append(f"  {build.label}: {shown or 'not measured (OpenSpiel not installed)'}")
    games = list(dict.fromkeys(game for _, payload in results for game in payload["games"]))
    for game in games:
        cells = []
        for build, payload in results:
            entry = payload["games"].get(game)
            if entry is None:
                cells.append(f"{build.label} -")
                continue
            text = f"{build.label} {entry['rate']:,.0f}"
            if yardstick in entry["peers"]:
                text += f" {entry['rate'] / entry['peers'][yardstick]:.2f}x"
            others = [
                f"{peer.removeprefix('OpenSpiel ')} {entry['rate'] / rate:.2f}x"
                for peer, rate in entry["peers"].items()
                if mode == "random" and peer != yardstick and peer.startswith("OpenSpiel")
            ]
            cells.append(text + (f" ({', '.join(others)})" if others else ""))
        lines.append(f"{game}: " + "; ".join(cells))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("mode", choices=("random", "search", "worker"))
    parser.add_argument("work", nargs="?", help="worker only: random or search")
    parser.add_argument("--seconds", type=float, default=5.0, help="random: --seconds")
    parser.add_argument("--rounds", type=int, help="the bench's --rounds (3 random, 2 search)")
    parser.add_argument("--runs", type=int, default=2, help="whole benches per build")
    parser.add_argument(
        "--before",
        metavar="PYTHON",
        help="also run the benches under this interpreter's build "
        "(e.g. /work/wt-base/.venv/bin/python), alternating with this one",
    )
    args = parser.parse_args(argv)
    if not 0 < args.seconds <= 3600:
        parser.error("--seconds takes a number of seconds above 0 and at most 3600")
    if args.runs < 1 or (args.rounds is not None and not 1 <= args.rounds <= 1000):
        parser.error("--runs takes a whole number of at least 1, --rounds one from 1 to 1000")
    rounds = args.rounds or (3 if (args.work or args.mode) == "random" else 2)
    if args.mode == "worker":
        if args.work not in ("random", "search"):
            parser.error("worker takes the bench to run: random or search")
        answer(work(args.work, args.seconds, rounds))
        return 0
    if args.work:
        parser.error(f"{args.mode} takes no work argument (that is the worker's)")
    builds = [Build("after", sys.executable)]
    if args.before is not None:
        problem = check_python(args.before)
        if problem:
            parser.error(f"--before: {problem}")
        builds.append(Build("before", args.before))
    bench = [args.mode, "--seconds", str(args.seconds), "--rounds", str(rounds)]
    results: list[tuple[Build, dict[str, Any]]] = []
    try:
        for run, build in enumerate(order(builds, args.runs)):
            print(f"run {run + 1}: {build.label} ...", file=sys.stderr, flush=True)
            results.append((build, run_worker(build, __file__, ["worker", *bench])))
    except WorkerError as error:
        print(f"wall_ratios: {error}", file=sys.stderr)
        return 1
    for line in report(args.mode, results):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
