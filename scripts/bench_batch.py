"""Decisions per second, per core, of the batched engine against the PettingZoo env and
OpenSpiel's C++ ``crazy_eights`` through pyspiel, in one run.

    python scripts/bench_batch.py [--seconds 5] [--players 4] [--n 64] [--games eggo,...]

One process, one thread: the figures are per core. Each loop plays random legal actions and
counts **decisions** (a seat choosing an action; chance outcomes and PettingZoo's dead agents'
``step(None)`` are not counted), for ``--seconds`` of CPU time (``time.process_time``, less
sensitive than the wall clock to the other jobs on a shared machine; the wall-clock rate is
printed too):

* ``pettingzoo``: ``roost.rl.pettingzoo.env`` in PettingZoo's benchmark loop (``last()`` with the
  observation, a random legal action from the mask, ``step``), seeded games one after another;
* ``batch random``: ``BatchEnv(game, n).step_random()`` (actions drawn inside, compiled);
* ``batch given``: ``BatchEnv.step(actions)`` with the actions drawn by numpy from the mask
  (``argmax(uniform * mask)``), as a policy outside the engine would give them;
* ``batch indexed``: ``BatchEnv.step(actions)`` with the actions drawn by numpy from the legal
  actions' index (``legal[i, floor(uniform * legal_counts[i])]``: O(n), no ``n x A`` scan), where
  the batch has it (an older batch: skipped, so the script measures main's build too);
* ``crazy_eights``: OpenSpiel's C++ game (its default 5 players) through pyspiel: the observation
  tensor and legal actions of the seat to move, a random legal action, chance sampled from its
  outcomes.

The ratio printed is each batch rate over the PettingZoo env's rate for the same game.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import time
from collections.abc import Callable

import numpy as np

from roost.core.registry import registered_games
from roost.rl.batch import BatchEnv
from roost.rl.pettingzoo import env


def timed(run: Callable[[], int], seconds: float) -> tuple[float, float]:
    """(decisions per CPU second, per wall second) of `run` (one chunk of work returning its
    decisions) repeated for `seconds` of CPU time."""
    decisions = 0
    cpu = time.process_time()
    wall = time.perf_counter()
    while time.process_time() - cpu < seconds:
        decisions += run()
    return decisions / (time.process_time() - cpu), decisions / (time.perf_counter() - wall)


def pettingzoo_loop(name: str, players: int) -> Callable[[], int]:
    table = env(name, players=players)
    choose = random.Random(0).choice
    flat = np.flatnonzero
    games = [0]

    def one_game() -> int:
        table.reset(seed=games[0])
        games[0] += 1
        decisions = 0
        for _agent in table.agent_iter():
            observation, _reward, termination, truncation, _info = table.last()
            if termination or truncation:
                table.step(None)
                continue
            table.step(choose(flat(observation["action_mask"]).tolist()))
            decisions += 1
        return decisions

    return one_game


def batch_random(name: str, players: int, n: int) -> Callable[[], int]:
    batch = BatchEnv(name, n, seed=0, players=players)
    batch.reset()

    def steps() -> int:
        for _ in range(20):
            batch.step_random()
        return 20 * n

    return steps


def batch_given(name: str, players: int, n: int) -> Callable[[], int]:
    batch = BatchEnv(name, n, seed=0, players=players)
    _obs, mask, _player = batch.reset()
    rng = np.random.default_rng(0)

    def steps() -> int:
        for _ in range(20):
            actions = (rng.random(mask.shape, np.float32) * mask).argmax(axis=1)
            batch.step(actions)
        return 20 * n

    return steps


def batch_indexed(name: str, players: int, n: int) -> Callable[[], int]:
    batch = BatchEnv(name, n, seed=0, players=players)
    batch.reset()
    rng = np.random.default_rng(0)
    rows = np.arange(n)
    legal = batch.legal
    counts = batch.legal_counts

    def steps() -> int:
        for _ in range(20):
            picks = (rng.random(n) * counts).astype(np.intp)
            batch.step(legal[rows, picks])
        return 20 * n

    return steps


def crazy_eights() -> Callable[[], int]:
    import pyspiel

    game = pyspiel.load_game("crazy_eights")
    rng = random.Random(0)

    def one_game() -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            player = state.current_player()
            state.observation_tensor(player)
            state.apply_action(rng.choice(state.legal_actions(player)))
            decisions += 1
        return decisions

    return one_game


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--n", type=int, default=64, help="games in the batch")
    parser.add_argument("--games", default="", help="comma-separated Roost games (default: all)")
    args = parser.parse_args(argv)
    names = [n for n in args.games.split(",") if n] or sorted(registered_games())
    print(f"load average {os.getloadavg()[0]:.2f}; {args.players} players, batch of {args.n}")
    print(f"{'loop':<36} {'decisions/s (CPU)':>18} {'(wall)':>10} {'x pettingzoo':>13}")
    for name in names:
        base, base_wall = timed(pettingzoo_loop(name, args.players), args.seconds)
        print(f"{name + ' pettingzoo':<36} {base:>18,.0f} {base_wall:>10,.0f} {'1.0x':>13}")
        loops = [
            ("batch random", batch_random(name, args.players, args.n)),
            ("batch given", batch_given(name, args.players, args.n)),
        ]
        if hasattr(BatchEnv(name, 1, players=args.players), "legal_counts"):
            loops.append(("batch indexed", batch_indexed(name, args.players, args.n)))
        for label, loop in loops:
            rate, wall = timed(loop, args.seconds)
            ratio = f"{rate / base:.1f}x"
            print(f"{name + ' ' + label:<36} {rate:>18,.0f} {wall:>10,.0f} {ratio:>13}")
    if importlib.util.find_spec("pyspiel"):
        rate, wall = timed(crazy_eights(), args.seconds)
        print(f"{'OpenSpiel crazy_eights (C++, 5p)':<36} {rate:>18,.0f} {wall:>10,.0f}")
    else:
        print("crazy_eights skipped: pip install open_spiel")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
