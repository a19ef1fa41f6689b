"""Speed ratios to OpenSpiel's C++ measured in CPU time, for a machine that others share, and
for two builds of the engine in the same run.

`roost bench` times wall-clock rounds: on a quiet machine that is the figure, but with the load
at 10-20 on two cores the ratio of two engines measured a second apart swings by a third. This
script gives each engine the same fixed work (seeded random games, played whole until they
add up to `--decisions` decisions; ISMCTS from the same positions as `roost bench --search`),
times it with `time.process_time` (the worker's CPU, which waiting for a core does not add
to), repeats it `--repeats` rounds and keeps each engine's fastest run (noise only ever adds
time). Each round runs every engine in a fresh worker process, in turn
(each round starts with the next engine).

``--before PYTHON`` measures a second build in the same rounds: PYTHON is the interpreter of
a venv with that build installed, which runs this script's worker on its own roost. A build
without `State.random_action` (before issue 31) draws its random moves the old way, listing
the legal actions and picking ``legal_actions()[rng.randrange(n)]`` (the same moves from the
same draws); the report says so. The search work is the same calls in both builds.

    .venv/bin/python scripts/cpu_ratios.py random --repeats 5 \
        --before /work/wt-base/.venv/bin/python
    .venv/bin/python scripts/cpu_ratios.py search --repeats 5 \
        --before /work/wt-base/.venv/bin/python

A speed change that must not change what search chooses is checked by ``roots FILE``: it writes
the root statistics (each move's visits and total reward) of the seeded searches from the same
positions, for two builds to compare byte for byte (``cmp A.json B.json``). ``searches GAME``
only runs one game's searches `--repeats` times, for a profiler:

    py-spy record --native -r 300 -f raw -o prof.txt -- \
        .venv/bin/python scripts/cpu_ratios.py searches big-chicken --repeats 8
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import random
import sys
import time
from typing import Any

from build_runs import Build, WorkerError, answer, check_python, describe_build, in_turn, run_worker
from roost.bots import search_bot
from roost.core.game import CHANCE
from roost.core.registry import load_game, registered_games
from roost.core.state import State
from roost.core.view import SeatView
from roost.sim.search_bench import ITERATIONS, fixed_positions

# The worker runs under an older build too: everything imported above is in every build since
# f53e093 (issue 31's start); newer calls are imported where used, by the peers' workers, which
# always run under this build.

WORKS = ("random", "search", "peer-random", "peer-search")
"""What a worker measures: our games' random play or search, or the peer's."""
LISTED_WAY = "listed: legal_actions()[rng.randrange(n)]"
ACTION_WAY = "State.random_action"


def ours_random(name: str, decisions: int, *, listed: bool) -> float:
    """Decisions per CPU second over seeded random games played until they add up to
    `decisions` (`listed`: as the peer is driven, a listing and ``randrange``; else
    `State.random_action`). A count of decisions, not of games: Egg Bound's first 300 games of
    seed 1 average 53 decisions against 41 over 10,000, and a game's set-up and deal weigh
    less on a longer game, so a few hundred games read it 7-10% fast."""
    game = load_game(name)
    listed = listed or not hasattr(State, "random_action")  # a build from before it
    rng = random.Random(1)
    randrange = rng.randrange
    made = 0
    start = time.process_time()
    while made < decisions:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            if listed:
                legal = state.legal_actions()
                state.apply_action(legal[randrange(len(legal))])
            else:
                state.apply_action(state.random_action(rng))
            made += 1
    return made / (time.process_time() - start)


def peer_random(decisions: int) -> float:
    """OpenSpiel's C++ ``crazy_eights`` driven as `roost.sim.bench.measure_openspiel` drives it."""
    import pyspiel

    from roost.sim.bench import play_openspiel_game

    game = pyspiel.load_game("crazy_eights")
    rng = random.Random(1)
    made = 0
    start = time.process_time()
    while made < decisions:
        made += play_openspiel_game(game, rng)[0]
    return made / (time.process_time() - start)


def ours_search(name: str, positions: list[State]) -> float:
    """ISMCTS iterations per CPU second from `positions` (the bench's)."""
    game = load_game(name)
    elapsed = 0.0
    for index, state in enumerate(positions):
        bot = search_bot(game, index, ITERATIONS)
        view = SeatView(state, state.current_player())
        start = time.process_time()
        bot.search(view)
        elapsed += time.process_time() - start
    return len(positions) * ITERATIONS / elapsed


def peer_search() -> float:
    """OpenSpiel's C++ ISMCTS on hearts, as `roost bench --search` runs it."""
    from roost.sim.search_bench import _hearts_positions, openspiel_cpp_seconds

    positions = _hearts_positions(8)
    return len(positions) * ITERATIONS / openspiel_cpp_seconds(positions, time.process_time)


def fingerprint(positions: list[State]) -> str:
    """A short digest of the positions' histories: equal in two builds that search from the
    same positions."""
    text = json.dumps([state.history() for state in positions])
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def work(what: str, decisions: int, names: list[str]) -> dict[str, Any]:
    """One round of one engine's fixed work in this process, as a worker answers it (our
    games: `names`, or every game)."""
    if what == "peer-random":
        return {"rates": {"peer": peer_random(decisions)}}
    if what == "peer-search":
        return {"rates": {"peer": peer_search()}}
    rates: dict[str, float] = {}
    payload: dict[str, Any] = {**describe_build(), "rates": rates}
    if what == "random":
        has_random_action = hasattr(State, "random_action")
        payload["way"] = ACTION_WAY if has_random_action else LISTED_WAY
        for name in names or registered_games():
            rates[name] = ours_random(name, decisions, listed=False)
            if has_random_action:
                rates[f"{name} listed"] = ours_random(name, decisions, listed=True)
        return payload
    positions: dict[str, str] = {}
    for name in names or registered_games():
        searched = fixed_positions(load_game(name))
        positions[name] = fingerprint(searched)
        rates[name] = ours_search(name, searched)
    payload["positions"] = positions
    return payload


def search_roots(path: str) -> None:
    """Write every game's root statistics from the bench's positions and seeds to `path`."""
    roots: dict[str, list[tuple[int, int, str]]] = {}
    for name in registered_games():
        game = load_game(name)
        for index, state in enumerate(fixed_positions(game)):
            bot = search_bot(game, index, ITERATIONS)
            root = bot.search(SeatView(state, state.current_player()))
            children = sorted(root.children.items())
            roots[f"{name}/{index}"] = [(a, c.visits, repr(c.total)) for a, c in children]
    with open(path, "w", encoding="utf-8") as out:
        json.dump(roots, out)
    print(f"{len(roots)} searches' root statistics in {path}")


def measure_rounds(
    mode: str,
    builds: list[Build],
    *,
    repeats: int,
    decisions: int,
    peer: bool,
    names: list[str],
) -> tuple[dict[str, dict[str, float]], dict[str, dict[str, Any]], float | None]:
    """`repeats` rounds, each running every build's worker and the peer's in turn: each
    engine's fastest rate per key, each build's last answer (for its description), the peer's
    fastest rate (None without a peer)."""
    script = __file__
    engines: list[Build | None] = [*builds, None] if peer else [*builds]
    best: dict[str, dict[str, float]] = {build.label: {} for build in builds}
    answers: dict[str, dict[str, Any]] = {}
    peer_best: float | None = None
    args = ["--decisions", str(decisions), *(f"--game={name}" for name in names)]
    for round_ in range(repeats):
        print(f"round {round_ + 1} of {repeats} ...", file=sys.stderr, flush=True)
        for engine in in_turn(engines, round_):
            if engine is None:
                got = run_worker(builds[0], script, ["worker", f"peer-{mode}", *args])
                rate = float(got["rates"]["peer"])
                peer_best = rate if peer_best is None else max(peer_best, rate)
                continue
            got = run_worker(engine, script, ["worker", mode, *args])
            answers[engine.label] = got
            mine = best[engine.label]
            for key, rate in got["rates"].items():
                mine[key] = max(mine.get(key, 0.0), float(rate))
    return best, answers, peer_best


def report(
    mode: str,
    builds: list[Build],
    best: dict[str, dict[str, float]],
    answers: dict[str, dict[str, Any]],
    peer: float | None,
    *,
    repeats: int,
    decisions: int,
) -> list[str]:
    """The printed report: what each build is, the peer, and per game each build's rate, its
    ratio to the peer and (with two builds) after / before."""
    unit = "decisions" if mode == "random" else "iterations"
    work_text = (
        f"seeded random games to {decisions:,} decisions"
        if mode == "random"
        else (f"ISMCTS, {ITERATIONS} iterations from each of the bench's positions")
    )
    lines = [
        f"{'Random play' if mode == 'random' else 'Search'}: {unit} per CPU second, {work_text}; "
        f"best of {repeats} rounds, each engine in a fresh process in turn each round"
    ]
    for build in builds:
        got = answers[build.label]
        way = f"; moves by {got['way']}" if "way" in got else ""
        if got.get("way") == LISTED_WAY:
            way += " (that build has no State.random_action)"
        lines.append(f"{build.label}: {got['build']}, roost from {got['roost']}{way}")
    if peer is None:
        lines.append("peer: OpenSpiel not installed here (pip install -e '.[peers]'): no ratios")
    else:
        lines.append(
            f"peer: OpenSpiel C++ ({'crazy_eights' if mode == 'random' else 'hearts'}): "
            f"{peer:,.0f} {unit} per CPU second"
        )
    if mode == "search" and len(builds) == 2:
        prints = [answers[build.label].get("positions", {}) for build in builds]
        same = prints[0] == prints[1]
        lines.append(f"same positions in both builds: {'yes' if same else 'NO'}")
    keys = list(dict.fromkeys(key for build in builds for key in best[build.label]))
    width = max(len(key) for key in keys) if keys else 4
    header = f"{'game':<{width}}" + "".join(f"  {build.label:>17}" for build in builds)
    if len(builds) == 2:
        header += f"  {builds[0].label + '/' + builds[1].label:>14}"
    lines.append(header)
    for key in keys:
        row = f"{key:<{width}}"
        rates: list[float | None] = []
        for build in builds:
            rate = best[build.label].get(key)
            if rate is None and key.endswith(" listed"):
                rate = best[build.label].get(key.removesuffix(" listed"))  # listed already
            rates.append(rate)
            if rate is None:
                row += f"  {'-':>17}"
            elif peer is None:
                row += f"  {rate:>17,.0f}"
            else:
                row += f"  {rate:>10,.0f} {rate / peer:5.2f}x"
        first, second = rates[0], rates[-1]
        if len(builds) == 2 and first is not None and second is not None:
            row += f"  {first / second:>13.2f}x"
        lines.append(row)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("mode", choices=("random", "search", "roots", "searches", "worker"))
    parser.add_argument(
        "file",
        nargs="?",
        help="roots: the JSON file to write; searches: the game to search; worker: "
        f"the work of one round, answered as JSON ({', '.join(WORKS)})",
    )
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument(
        "--decisions",
        type=int,
        default=200_000,
        help="random: seeded games are played whole until they add up to this many decisions",
    )
    parser.add_argument(
        "--game", action="append", default=[], help="random, search: only this game (repeatable)"
    )
    parser.add_argument(
        "--before",
        metavar="PYTHON",
        help="also measure the build this interpreter imports (e.g. "
        "/work/wt-base/.venv/bin/python), in the same rounds",
    )
    args = parser.parse_args(argv)
    if args.repeats < 1 or args.decisions < 1:
        parser.error("--repeats and --decisions take a whole number of at least 1")
    if args.before is not None:
        if args.mode not in ("random", "search"):
            parser.error("--before goes with random or search")
        problem = check_python(args.before)
        if problem:
            parser.error(f"--before: {problem}")
    if args.mode == "worker":
        if args.file not in WORKS:
            parser.error(f"worker takes the work to do: one of {', '.join(WORKS)}")
        answer(work(args.file, args.decisions, args.game))
        return 0
    if args.mode == "roots":
        if not args.file:
            parser.error("roots takes the JSON file to write")
        search_roots(args.file)
        return 0
    if args.mode == "searches":
        if args.file not in registered_games():
            parser.error(f"searches takes a game: one of {', '.join(registered_games())}")
        searched = fixed_positions(load_game(args.file))
        for _ in range(args.repeats):
            ours_search(args.file, searched)
        return 0
    if args.file:
        parser.error(f"{args.mode} takes no file")
    unknown = [name for name in args.game if name not in registered_games()]
    if unknown:
        parser.error(f"--game {unknown[0]}: the games are {', '.join(registered_games())}")
    builds = [Build("after", sys.executable)]
    if args.before is not None:
        builds.append(Build("before", args.before))
    peer = importlib.util.find_spec("pyspiel") is not None
    try:
        best, answers, peer_rate = measure_rounds(
            args.mode,
            builds,
            repeats=args.repeats,
            decisions=args.decisions,
            peer=peer,
            names=args.game,
        )
    except WorkerError as error:
        print(f"cpu_ratios: {error}", file=sys.stderr)
        return 1
    for line in report(
        args.mode,
        builds,
        best,
        answers,
        peer_rate,
        repeats=args.repeats,
        decisions=args.decisions,
    ):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
