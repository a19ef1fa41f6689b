"""Speed ratios to OpenSpiel's C++ measured in CPU time, for a machine that others share.

`roost bench` times wall-clock rounds: on a quiet machine that is the figure, but with the load
at 10-20 on two cores the ratio of two engines measured a second apart swings by a third. This
script gives each engine the same fixed work (seeded random games; ISMCTS from the same
positions as `roost bench --search`), times it with `time.process_time` (this process's CPU,
which waiting for a core does not add to), repeats it `--repeats` times in turn and keeps each
engine's fastest run (noise only ever adds time). Run it under two builds one after the other
for an A/B of a change.

    .venv/bin/python scripts/cpu_ratios.py random --repeats 5
    .venv/bin/python scripts/cpu_ratios.py search --repeats 5

A speed change that must not change what search chooses is checked by ``roots FILE``: it writes
the root statistics (each move's visits and total reward) of the seeded searches from the same
positions, for two builds to compare byte for byte (``cmp A.json B.json``). ``searches GAME``
only runs one game's searches `--repeats` times, for a profiler:

    py-spy record --native -r 300 -f raw -o prof.txt -- \
        .venv/bin/python scripts/cpu_ratios.py searches big-chicken --repeats 8
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from functools import partial

from roost.bots import search_bot
from roost.core.game import CHANCE
from roost.core.registry import load_game, registered_games
from roost.core.state import State
from roost.core.view import SeatView
from roost.sim.bench import play_openspiel_game
from roost.sim.search_bench import (
    ITERATIONS,
    _hearts_positions,
    fixed_positions,
    openspiel_cpp_seconds,
)


def ours_random(name: str, games: int, *, listed: bool) -> float:
    """Decisions per CPU second over `games` seeded random games (`listed`: as the peer is
    driven, a listing and ``randrange``; else `State.random_action`)."""
    game = load_game(name)
    listed = listed or not hasattr(State, "random_action")  # a build from before it (an A/B)
    rng = random.Random(1)
    randrange = rng.randrange
    decisions = 0
    start = time.process_time()
    for _ in range(games):
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
            decisions += 1
    return decisions / (time.process_time() - start)


def peer_random(games: int) -> float:
    """OpenSpiel's C++ ``crazy_eights`` driven as `roost.sim.bench.measure_openspiel` drives it."""
    import pyspiel

    game = pyspiel.load_game("crazy_eights")
    rng = random.Random(1)
    decisions = 0
    start = time.process_time()
    for _ in range(games):
        decisions += play_openspiel_game(game, rng)[0]
    return decisions / (time.process_time() - start)


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
    positions = _hearts_positions(8)
    return len(positions) * ITERATIONS / openspiel_cpp_seconds(positions, time.process_time)


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=("random", "search", "roots", "searches"))
    parser.add_argument(
        "file", nargs="?", help="roots: the JSON file to write; searches: the game to search"
    )
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--games", type=int, default=100, help="random games per measurement")
    args = parser.parse_args()
    if args.repeats < 1 or args.games < 1:
        parser.error("--repeats and --games take a whole number of at least 1")
    if args.mode == "roots":
        if not args.file:
            parser.error("roots takes the JSON file to write")
        search_roots(args.file)
        return
    if args.mode == "searches":
        if args.file not in registered_games():
            parser.error(f"searches takes a game: one of {', '.join(registered_games())}")
        searched = fixed_positions(load_game(args.file))
        for _ in range(args.repeats):
            ours_search(args.file, searched)
        return
    names = list(registered_games())
    best: dict[str, float] = {}
    runs: dict[str, Callable[[], float]] = {}
    if args.mode == "random":
        runs["peer"] = partial(peer_random, args.games)
        for name in names:
            runs[name] = partial(ours_random, name, args.games, listed=False)
            runs[f"{name} listed"] = partial(ours_random, name, args.games, listed=True)
    else:
        positions = {name: fixed_positions(load_game(name)) for name in names}
        runs["peer"] = peer_search
        for name in names:
            runs[name] = partial(ours_search, name, positions[name])
    for _ in range(args.repeats):
        for key, run in runs.items():
            best[key] = max(best.get(key, 0.0), run())
    peer = best.pop("peer")
    unit = "decisions" if args.mode == "random" else "iterations"
    print(
        f"OpenSpiel C++ ({'crazy_eights' if args.mode == 'random' else 'hearts'}): "
        f"{peer:,.0f} {unit} per CPU second"
    )
    for key, rate in best.items():
        print(f"{key}: {rate:,.0f} ({rate / peer:.2f}x)")


if __name__ == "__main__":
    main()
