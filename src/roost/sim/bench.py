"""Random-playout speed of our games and of peer engines, measured in the same run.

Every engine plays uniformly random games through its public API for the same wall time: pick a
legal action uniformly, sample chance by its probabilities, until the game ends. Our games draw
each move with `State.random_action` (one call; Manda Huevos! counts its moves instead of
listing them); the peers, which have no such call, list the legal actions and draw an index
with ``random.randrange``; ``--listed`` drives ours that way too, for the like-for-like figure.
Decision steps (a player chose) and chance steps (a shuffle, deal or draw) are counted apart,
because engines model chance differently (RLCard deals inside `reset`, OpenSpiel and Roost deal
card by card).
Ratios compare decision steps per second, the number that matters for search and learning.
The time is split in rounds: each round measures every engine in turn, and each engine's figure
adds up its rounds, so a change of load on a shared machine falls on every engine alike (the
same seeded games are replayed each round). Numbers on a shared 2-core machine still wobble by
ten percent or so between runs; ratios measured in one run are steadier than absolute figures.
"""

from __future__ import annotations

import importlib.util
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from roost.core.errors import RoostError
from roost.core.game import CHANCE
from roost.core.registry import load_game, registered_games
from roost.i18n import format_fixed, format_number
from roost.i18n import gettext as _


@dataclass(frozen=True)
class Measurement:
    engine: str
    game: str
    games: int
    decisions: int
    chance: int
    seconds: float

    def __add__(self, other: Measurement) -> Measurement:
        """Two rounds of the same measurement, added up."""
        return Measurement(
            self.engine,
            self.game,
            self.games + other.games,
            self.decisions + other.decisions,
            self.chance + other.chance,
            self.seconds + other.seconds,
        )

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds

    @property
    def chance_per_second(self) -> float:
        return self.chance / self.seconds


def measure_roost(
    name: str, seconds: float, seed: int, *, listed: bool = False, **params: object
) -> Measurement:
    """Random games of one of our games for about `seconds`: each move drawn by
    `State.random_action`, the public call for a uniform legal move (Manda Huevos! draws it
    without listing its ~43 actions), or with `listed` the way the peers are driven, listing
    the legal actions and drawing an index with ``rng.randrange``. Both pick the same moves
    from the same draws, so they play the same games."""
    game = load_game(name, **params)
    rng = random.Random(seed)
    randrange = rng.randrange
    games = decisions = chance = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        if listed:
            while not state.is_terminal():
                if state.current_player() == CHANCE:
                    state.apply_action(state.sample_chance(rng))
                    chance += 1
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[randrange(len(legal))])
                    decisions += 1
        else:
            while not state.is_terminal():
                if state.current_player() == CHANCE:
                    state.apply_action(state.sample_chance(rng))
                    chance += 1
                else:
                    state.apply_action(state.random_action(rng))
                    decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    label = f"{name} ({game.num_players}p)"
    return Measurement("roost", label, games, decisions, chance, elapsed)


def measure_rlcard_env(name: str, seconds: float, seed: int) -> Measurement:
    """RLCard through its agent API: `env.step` with a random legal action."""
    import rlcard

    env = rlcard.make(name, config={"seed": seed})
    rng = random.Random(seed)
    games = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[rng.randrange(len(legal))])
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return Measurement("rlcard env.step", name, games, decisions, 0, elapsed)


def measure_rlcard_run(name: str, seconds: float, seed: int) -> Measurement:
    """RLCard's own game loop: `env.run` with its RandomAgent in every seat."""
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make(name, config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    games = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        trajectories, _ = env.run(is_training=False)
        decisions += sum((len(t) - 1) // 2 for t in trajectories)
        games += 1
    elapsed = time.perf_counter() - start
    return Measurement("rlcard env.run", name, games, decisions, 0, elapsed)


def play_openspiel_game(game: Any, rng: random.Random) -> tuple[int, int]:
    """One game of an OpenSpiel game (a ``pyspiel.Game``) by uniformly random players, chance
    sampled from `chance_outcomes`: (decisions, chance outcomes). How every peer figure of
    OpenSpiel's random play is driven (`measure_openspiel`, ``scripts/cpu_ratios.py``)."""
    decisions = chance = 0
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            point = rng.random()
            chosen = outcomes[-1][0]
            for outcome, probability in outcomes:
                point -= probability
                if point < 0:
                    chosen = outcome
                    break
            state.apply_action(chosen)
            chance += 1
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions, chance


def measure_openspiel(name: str, seconds: float, seed: int) -> Measurement:
    """OpenSpiel's C++ game driven from Python, chance sampled from `chance_outcomes`."""
    import pyspiel

    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    games = decisions = chance = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        made, drawn = play_openspiel_game(game, rng)
        decisions += made
        chance += drawn
        games += 1
    elapsed = time.perf_counter() - start
    return Measurement("open_spiel", name, games, decisions, chance, elapsed)


@dataclass(frozen=True)
class Peer:
    label: str
    module: str
    measure: Callable[[str, float, int], Measurement]
    game: str


MAX_SECONDS = 3600.0
MAX_ROUNDS = 1000
"""The longest measurement `--seconds` accepts."""

PEERS: dict[str, tuple[Peer, ...]] = {
    "eggo": (
        Peer("RLCard uno (env.step)", "rlcard", measure_rlcard_env, "uno"),
        Peer("RLCard uno (env.run)", "rlcard", measure_rlcard_run, "uno"),
        Peer("OpenSpiel crazy_eights", "pyspiel", measure_openspiel, "crazy_eights"),
    ),
    "big-chicken": (
        Peer("RLCard doudizhu (env.step)", "rlcard", measure_rlcard_env, "doudizhu"),
        Peer("RLCard doudizhu (env.run)", "rlcard", measure_rlcard_run, "doudizhu"),
        Peer("OpenSpiel dou_dizhu", "pyspiel", measure_openspiel, "dou_dizhu"),
    ),
}
"""The closest peer games for each of our games: shedding games for Eggo, climbing games for
BIG CHICKEN. Manda Huevos! and Egg Bound have no close peer."""
REFERENCE: Peer = PEERS["eggo"][2]
"""OpenSpiel's C++ `crazy_eights`, the yardstick every game is also compared with (the speed
targets of the compiled build are set against it)."""


def peers_available() -> dict[str, bool]:
    return {
        module: importlib.util.find_spec(module) is not None for module in ("rlcard", "pyspiel")
    }


def run_benchmarks(
    console: Console,
    *,
    seconds: float = 3.0,
    games: Sequence[str] | None = None,
    peers: bool = True,
    seed: int = 1,
    rounds: int = 5,
    listed: bool = False,
) -> list[tuple[Measurement, list[tuple[str, Measurement]]]]:
    """Measure our games (and their peers) for `seconds` each, in `rounds` interleaved rounds;
    print a table and the ratios, return them. `listed` drives our games as the peers are
    driven (`measure_roost`)."""
    if not (math.isfinite(seconds) and 0 < seconds <= MAX_SECONDS):
        raise RoostError(
            f"--seconds takes a number of seconds above 0 and at most {MAX_SECONDS:g}; "
            f"got {seconds:g}"
        )
    if not 1 <= rounds <= MAX_ROUNDS:
        raise RoostError(f"--rounds takes a whole number from 1 to {MAX_ROUNDS}; got {rounds}")
    names = list(games) if games else list(registered_games())
    unknown = [name for name in names if name not in registered_games()]
    if unknown:
        raise RoostError(
            f"unknown game {unknown[0]!r}; the games are: {', '.join(registered_games())}"
        )
    available = peers_available()
    if peers and not all(available.values()):
        missing = ", ".join(m for m, ok in available.items() if not ok)
        console.print(
            Text(
                f"Peers not installed ({missing}): install the extra with "
                "`pip install -e '.[peers]'` to measure them in the same run.",
                style="yellow",
            )
        )
    share = seconds / rounds
    ours: dict[str, Measurement] = {}
    theirs: dict[str, Measurement] = {}
    peer_list = {
        peer.label: peer
        for name in names
        for peer in ((*PEERS.get(name, ()), REFERENCE) if peers else ())
        if available.get(peer.module, False)
    }
    for round_ in range(rounds):
        console.print(_("round {k} of {n} ...").format(k=round_ + 1, n=rounds))
        for name in names:
            m = measure_roost(name, share, seed, listed=listed)
            ours[name] = ours[name] + m if name in ours else m
        for label, peer in peer_list.items():
            m = peer.measure(peer.game, share, seed)
            theirs[label] = theirs[label] + m if label in theirs else m
    results: list[tuple[Measurement, list[tuple[str, Measurement]]]] = []
    for name in names:
        own = PEERS.get(name, ())
        measured = [
            (peer.label, theirs[peer.label])
            for peer in ((*own, REFERENCE) if REFERENCE not in own else own)
            if peers and peer.label in theirs
        ]
        results.append((ours[name], measured))
    _print(console, results)
    return results


def _print(
    console: Console, results: list[tuple[Measurement, list[tuple[str, Measurement]]]]
) -> None:
    table = Table(title=_("Random playouts (one process)"))
    for k, column in enumerate(
        (_("engine"), _("game"), _("games/s"), _("decision steps/s"), _("chance steps/s"))
    ):
        table.add_column(column, justify="right" if k >= 2 else "left")
    shown: set[str] = set()
    for ours, peers in results:
        rows = [(ours.engine, ours)] + [(label, m) for label, m in peers]
        for label, m in rows:
            key = f"{label}/{m.game}"
            if key in shown:
                continue
            shown.add(key)
            table.add_row(
                label if m.engine != "roost" else "roost",
                m.game,
                format_number(round(m.games_per_second)),
                format_number(round(m.decisions_per_second)),
                format_number(round(m.chance_per_second)) if m.chance else _("(in reset)"),
            )
    console.print(table)
    ratios = Table(title=_("Decision steps/s, ours / theirs"))
    ratios.add_column(_("our game"))
    ratios.add_column(_("peer"))
    ratios.add_column(_("ratio"), justify="right")
    for ours, peers in results:
        for label, m in peers:
            ratio = ours.decisions_per_second / m.decisions_per_second
            ratios.add_row(ours.game, label, f"{format_fixed(ratio, 2)}x")
    if ratios.row_count:
        console.print(ratios)
