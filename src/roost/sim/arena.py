"""Bots against bots over many games: who wins, by how much, from which seat.

Seats are rotated: in game g, seat i is played by the bot kind at position (g + i) mod k of the
list given, so every kind plays every seat equally often over a multiple of k games. Every game
draws its chance and its bots' seeds from (seed, g) alone, so results are the same whatever the
number of worker processes.

A seat *wins* when the game lists it among its winners (shared wins count for each; a game may
have no winner). A kind's win rate is its wins over the seat-games it played, with a 95% Wilson
interval; the *fair rate* is the win rate every seat would have if all seats won alike (all wins
over all seat-games). Place is 1 + the number of seats with a strictly higher return.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import signal
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from roost.bots import make_bot
from roost.core.errors import RoostError
from roost.core.game import CHANCE, Game
from roost.core.registry import load_game
from roost.core.runner import play_game


@dataclass(frozen=True)
class GameRecord:
    """The outcome of one arena game."""

    index: int
    kinds: tuple[str, ...]
    returns: tuple[float, ...]
    winners: tuple[int, ...]
    decisions: int
    length: int

    def place(self, seat: int) -> int:
        mine = self.returns[seat]
        return 1 + sum(1 for r in self.returns if r > mine)


@dataclass
class KindStats:
    seat_games: int = 0
    wins: int = 0
    total_return: float = 0.0
    total_place: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.seat_games if self.seat_games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.seat_games)


@dataclass
class ArenaResult:
    game: str
    players: int
    kinds: tuple[str, ...]
    records: list[GameRecord] = field(default_factory=list)

    def by_kind(self) -> dict[str, KindStats]:
        stats: dict[str, KindStats] = {kind: KindStats() for kind in dict.fromkeys(self.kinds)}
        for record in self.records:
            for seat, kind in enumerate(record.kinds):
                entry = stats[kind]
                entry.seat_games += 1
                entry.wins += seat in record.winners
                entry.total_return += record.returns[seat]
                entry.total_place += record.place(seat)
        return stats

    def by_seat(self) -> list[KindStats]:
        stats = [KindStats() for _ in range(self.players)]
        for record in self.records:
            for seat in range(self.players):
                entry = stats[seat]
                entry.seat_games += 1
                entry.wins += seat in record.winners
                entry.total_return += record.returns[seat]
                entry.total_place += record.place(seat)
        return stats

    @property
    def fair_rate(self) -> float:
        seat_games = len(self.records) * self.players
        wins = sum(len(record.winners) for record in self.records)
        return wins / seat_games if seat_games else 0.0

    @property
    def mean_decisions(self) -> float:
        return sum(r.decisions for r in self.records) / max(1, len(self.records))

    @property
    def mean_length(self) -> float:
        return sum(r.length for r in self.records) / max(1, len(self.records))


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def seat_kinds(kinds: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The bot kind at each seat in game `index` (rotation)."""
    return tuple(kinds[(index + seat) % len(kinds)] for seat in range(players))


def _derive(seed: int, index: int, salt: int) -> int:
    return random.Random(f"{seed}/{index}/{salt}").randrange(2**62)


def play_one(
    name: str, params: dict[str, Any], kinds: Sequence[str], seed: int, index: int
) -> GameRecord:
    """Play arena game `index` (importable, so worker processes can run it)."""
    game = load_game(name, **params)
    seated = seat_kinds(kinds, game.num_players, index)
    bots = [
        make_bot(kind, game, _derive(seed, index, 1 + seat)) for seat, kind in enumerate(seated)
    ]
    decisions = 0

    def count(_state: object, player: int, _action: int) -> None:
        nonlocal decisions
        decisions += player != CHANCE

    state = play_game(game, bots, random.Random(_derive(seed, index, 0)), observer=count)
    winners = state.winners()
    return GameRecord(
        index=index,
        kinds=seated,
        returns=tuple(state.returns()),
        winners=tuple(winners),
        decisions=decisions,
        length=len(state.history()),
    )


MAX_JOBS: Final = 64
"""The most worker processes an arena starts."""
POLL_SECONDS: Final = 0.2
"""How often the parent wakes while it waits for a worker (so Ctrl-C is seen at once)."""


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C is the parent's to handle (it stops the workers itself), so a worker
    never prints a traceback of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_chunk(
    args: tuple[str, dict[str, Any], tuple[str, ...], int, list[int]],
) -> list[GameRecord]:
    name, params, kinds, seed, indices = args
    return [play_one(name, params, kinds, seed, index) for index in indices]


def run_arena(
    game: Game,
    kinds: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> ArenaResult:
    """Play `games` games; `progress` is called with the number of games just finished."""
    if games < 1:
        raise RoostError(f"--games must be at least 1; got {games}")
    if not 1 <= jobs <= MAX_JOBS:
        raise RoostError(f"--jobs takes 1 to {MAX_JOBS} worker processes; got {jobs}")
    if not kinds:
        raise RoostError("--bots needs at least one bot kind")
    for kind in dict.fromkeys(kinds):
        make_bot(kind, game, 0)  # an unknown kind fails here, before any work
    params = game.params
    result = ArenaResult(game.name, game.num_players, tuple(kinds))
    chunk = max(1, min(20, games // (jobs * 8) or 1))
    batches = [list(range(start, min(games, start + chunk))) for start in range(0, games, chunk)]
    work = [(game.name, params, tuple(kinds), seed, batch) for batch in batches]
    if jobs == 1:
        for item in work:
            records = _play_chunk(item)
            result.records.extend(records)
            if progress:
                progress(len(records))
    else:
        _run_parallel(work, jobs, result, progress)
    result.records.sort(key=lambda r: r.index)
    return result


def _run_parallel(
    work: list[tuple[str, dict[str, Any], tuple[str, ...], int, list[int]]],
    jobs: int,
    result: ArenaResult,
    progress: Callable[[int], None] | None,
) -> None:
    """Play the batches in `jobs` worker processes. On Ctrl-C (or any error) the workers are
    terminated at once, not left to finish their batches: the interrupt reaches the caller
    within a fraction of a second, with no traceback from a worker."""
    pool = multiprocessing.get_context().Pool(jobs, initializer=_ignore_interrupts)
    try:
        pending = pool.imap_unordered(_play_chunk, work)
        for _ in work:
            while True:
                try:
                    records = pending.next(timeout=POLL_SECONDS)
                    break
                except multiprocessing.TimeoutError:
                    continue
            result.records.extend(records)
            if progress:
                progress(len(records))
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
