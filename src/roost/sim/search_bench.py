"""Search speed: ISMCTS iterations per second, ours on our games, OpenSpiel's on hearts.

Each engine searches 1000 iterations from the same fixed positions (decision points with a real
choice, a third of the way into seeded random games). OpenSpiel's ISMCTS cannot resample
crazy_eights, so its figures come from hearts, in the trick-play phase (its resampler and its
search both fail in the passing phase). OpenSpiel's Python ISMCTS occasionally hits a resampled
hearts state with no legal action and raises; such positions are skipped and counted.

The measurement runs in rounds (3 by default): each round searches every position with every
engine in turn, and each engine's rate adds up its rounds, so a change of load on a shared
machine falls on every engine alike.
"""

from __future__ import annotations

import importlib.util
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from roost.bots import search_bot
from roost.core.errors import RoostError
from roost.core.game import Game
from roost.core.registry import load_game, registered_games
from roost.core.state import State
from roost.core.view import SeatView
from roost.i18n import format_fixed, format_number
from roost.i18n import gettext as _
from roost.sim.bench import MAX_ROUNDS
from roost.testing.conformance import random_playthrough

ITERATIONS = 1000
POSITIONS = 8


@dataclass(frozen=True)
class SearchRate:
    engine: str
    game: str
    searches: int
    seconds: float
    skipped: int = 0

    def __add__(self, other: SearchRate) -> SearchRate:
        """Two rounds of the same measurement, added up."""
        return SearchRate(
            self.engine,
            self.game,
            self.searches + other.searches,
            self.seconds + other.seconds,
            self.skipped + other.skipped,
        )

    @property
    def per_second(self) -> float:
        return self.searches * ITERATIONS / self.seconds if self.seconds else 0.0


def fixed_positions(game: Game, count: int = POSITIONS) -> list[State]:
    """Decision points with more than one legal action, a third into seeded random games."""
    positions: list[State] = []
    seed = 0
    while len(positions) < count and seed < 10 * count:
        states = [step.state.clone() for step in random_playthrough(game, seed)]
        choices = [s for s in states if s.current_player() >= 0 and len(s.legal_actions()) > 1]
        if choices:
            positions.append(choices[len(choices) // 3])
        seed += 1
    return positions


def measure_ours(name: str, positions: list[State] | None = None) -> SearchRate:
    game = load_game(name)
    if positions is None:
        positions = fixed_positions(game)
    elapsed = 0.0
    for index, state in enumerate(positions):
        bot = search_bot(game, index, ITERATIONS)
        view = SeatView(state, state.current_player())
        start = time.perf_counter()
        bot.search(view)
        elapsed += time.perf_counter() - start
    return SearchRate("roost ISMCTS", f"{name} ({game.num_players}p)", len(positions), elapsed)


def _hearts_positions(count: int) -> list[object]:
    import pyspiel

    game = pyspiel.load_game("hearts")
    positions = []
    for k in range(count):
        rng = random.Random(k)
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if decisions > 13 + 3 * k:  # past the 12 passing decisions
                break
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
        positions.append(state)
    return positions


def measure_openspiel_python() -> SearchRate:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("hearts")
    elapsed = 0.0
    done = skipped = 0
    for index, state in enumerate(_hearts_positions(POSITIONS)):
        random_state = np.random.RandomState(index)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
        bot = ismcts.ISMCTSBot(
            game=game,
            evaluator=evaluator,
            uct_c=2.0,
            max_simulations=ITERATIONS,
            random_state=random_state,
        )
        start = time.perf_counter()
        try:
            bot.step(state)
        except ValueError:
            skipped += 1
            continue
        elapsed += time.perf_counter() - start
        done += 1
    return SearchRate("OpenSpiel ISMCTS (Python)", "hearts", done, elapsed, skipped)


def openspiel_cpp_seconds(positions: list[Any], clock: Callable[[], float]) -> float:
    """Seconds (by `clock`) OpenSpiel's C++ ISMCTS takes for `ITERATIONS` iterations from each
    of `positions` (hearts states), random rollouts, ``uct_c`` 2: how every peer figure of its
    search is taken (`measure_openspiel_cpp`, ``scripts/cpu_ratios.py`` with CPU time)."""
    import pyspiel

    elapsed = 0.0
    for index, state in enumerate(positions):
        evaluator = pyspiel.RandomRolloutEvaluator(1, index)  # kept alive: the bot borrows it
        bot = pyspiel.ISMCTSBot(
            index,
            evaluator,
            2.0,
            ITERATIONS,
            -1,
            pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT,
            False,
            False,
        )
        start = clock()
        bot.step(state)
        elapsed += clock() - start
        del bot, evaluator
    return elapsed


def measure_openspiel_cpp() -> SearchRate:
    positions = _hearts_positions(POSITIONS)
    elapsed = openspiel_cpp_seconds(positions, time.perf_counter)
    return SearchRate("OpenSpiel ISMCTS (C++)", "hearts", len(positions), elapsed)


def run_search_benchmarks(
    console: Console, games: list[str] | None = None, peers: bool = True, rounds: int = 3
) -> tuple[list[SearchRate], list[SearchRate]]:
    names = games or list(registered_games())
    unknown = [name for name in names if name not in registered_games()]
    if unknown:
        raise RoostError(
            f"unknown game {unknown[0]!r}; the games are: {', '.join(registered_games())}"
        )
    if not 1 <= rounds <= MAX_ROUNDS:
        raise RoostError(f"--rounds takes a whole number from 1 to {MAX_ROUNDS}; got {rounds}")
    positions = {name: fixed_positions(load_game(name)) for name in names}
    with_peers = peers and all(importlib.util.find_spec(m) for m in ("pyspiel", "open_spiel"))
    if peers and not with_peers:
        console.print(Text("OpenSpiel not installed: pip install -e '.[peers]'", style="yellow"))
    ours_by_name: dict[str, SearchRate] = {}
    theirs_by_engine: dict[str, SearchRate] = {}
    for round_ in range(rounds):
        console.print(_("round {k} of {n} ...").format(k=round_ + 1, n=rounds))
        for name in names:
            rate = measure_ours(name, positions[name])
            ours_by_name[name] = ours_by_name[name] + rate if name in ours_by_name else rate
        if with_peers:
            for rate in (measure_openspiel_python(), measure_openspiel_cpp()):
                known = theirs_by_engine.get(rate.engine)
                theirs_by_engine[rate.engine] = known + rate if known else rate
    ours = [ours_by_name[name] for name in names]
    theirs = list(theirs_by_engine.values())
    table = Table(
        title=_("ISMCTS, {iterations} iterations a move from {positions} positions").format(
            iterations=ITERATIONS, positions=POSITIONS
        )
    )
    for k, column in enumerate((_("engine"), _("game"), _("iterations/s"), _("searches"))):
        table.add_column(column, justify="right" if k else "left")
    for rate in ours + theirs:
        note = f" ({rate.skipped} failed)" if rate.skipped else ""
        per_second = format_number(round(rate.per_second))
        table.add_row(rate.engine, rate.game, per_second, f"{rate.searches}{note}")
    console.print(table)
    if theirs:
        ratios = Table(title=_("Iterations/s, ours / OpenSpiel's (hearts)"))
        ratios.add_column(_("our game"))
        for rate in theirs:
            ratios.add_column(rate.engine, justify="right")
        for rate in ours:
            ratios.add_row(
                rate.game,
                *(f"{format_fixed(rate.per_second / other.per_second, 2)}x" for other in theirs),
            )
        console.print(ratios)
    return ours, theirs
