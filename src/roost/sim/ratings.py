"""Rated levels: a round robin of bot kinds in every game, rated with openskill.

For each game, every combination of as many kinds as the game has seats (all of them at one
table when there are as many kinds as seats) plays arena games with the seats rotated
(`roost.sim.arena`), so every kind meets every other kind, from every seat, in every game.

**Ratings.** Each game is a multiplayer result: the seats ranked by their returns, ties sharing
a rank. The Plackett-Luce model of Weng and Lin (openskill's ``PlackettLuce``) rates each kind
as one player: a mean skill ``mu`` and an uncertainty ``sigma``, with ``mu - 3 sigma`` (the
*ordinal*) as a cautious figure to sort by. Games are fed in their arena order, so a fit is
reproducible from the seed. Ratings are per game: skill in Eggo says nothing of skill in Egg
Bound.

**Head to head.** For two kinds that sat at the same tables, the share of games in which the
first finished strictly ahead of the second, over the games that did not tie them, with its 95%
Wilson interval. A level *beats the one below with a clear interval* when that interval lies
above 50%.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from openskill.models import PlackettLuce

from roost.core.errors import RoostError
from roost.core.game import Game
from roost.sim.arena import ArenaResult, GameRecord, run_arena, wilson


@dataclass(frozen=True)
class Rating:
    kind: str
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``: the skill the kind has almost surely."""
        return self.mu - 3.0 * self.sigma


@dataclass(frozen=True)
class HeadToHead:
    """How often `first` finished strictly ahead of `second` at a shared table."""

    first: str
    second: str
    ahead: int
    behind: int
    ties: int

    @property
    def decided(self) -> int:
        return self.ahead + self.behind

    @property
    def share(self) -> float:
        return self.ahead / self.decided if self.decided else 0.5

    def interval(self) -> tuple[float, float]:
        return wilson(self.ahead, self.decided)

    @property
    def clear(self) -> bool:
        """True when the 95% interval of the share lies above one half."""
        return self.decided > 0 and self.interval()[0] > 0.5


@dataclass
class GameRatings:
    """The round robin of one game and the ratings fitted to it."""

    game: str
    players: int
    kinds: tuple[str, ...]
    results: list[ArenaResult] = field(default_factory=list)

    @property
    def records(self) -> list[GameRecord]:
        return [record for result in self.results for record in result.records]

    def ratings(self) -> list[Rating]:
        """Every kind's rating, strongest (by ordinal) first."""
        return sorted(fit_ratings(self.kinds, self.records), key=lambda r: -r.ordinal)

    def head_to_head(self, first: str, second: str) -> HeadToHead:
        return head_to_head(self.records, first, second)

    def win_rates(self) -> dict[str, tuple[int, int]]:
        """Per kind: (wins, seat-games) over the whole round robin."""
        counts = {kind: [0, 0] for kind in self.kinds}
        for record in self.records:
            for seat, kind in enumerate(record.kinds):
                counts[kind][0] += seat in record.winners
                counts[kind][1] += 1
        return {kind: (wins, seats) for kind, (wins, seats) in counts.items()}

    @property
    def fair_rate(self) -> float:
        records = self.records
        seat_games = sum(len(record.kinds) for record in records)
        return sum(len(record.winners) for record in records) / seat_games if seat_games else 0.0


def _ranks(returns: Sequence[float]) -> list[float]:
    """1 + the number of seats with a strictly higher return (ties share a rank)."""
    return [1.0 + sum(1 for other in returns if other > mine) for mine in returns]


def fit_ratings(kinds: Sequence[str], records: Sequence[GameRecord]) -> list[Rating]:
    """openskill Plackett-Luce ratings of the kinds from the games, in the order given. A kind
    sits at most once at a table (each kind is one player)."""
    model = PlackettLuce()
    current: dict[str, Any] = {kind: model.rating(name=kind) for kind in kinds}
    for record in records:
        if len(set(record.kinds)) < len(record.kinds):
            raise RoostError(f"game {record.index}: a kind sat twice at one table")
        teams = [[current[kind]] for kind in record.kinds]
        rated = model.rate(teams, ranks=_ranks(record.returns))
        for kind, team in zip(record.kinds, rated, strict=True):
            current[kind] = team[0]
    return [Rating(kind, float(current[kind].mu), float(current[kind].sigma)) for kind in kinds]


def head_to_head(records: Sequence[GameRecord], first: str, second: str) -> HeadToHead:
    ahead = behind = ties = 0
    for record in records:
        if first not in record.kinds or second not in record.kinds:
            continue
        mine = record.returns[record.kinds.index(first)]
        theirs = record.returns[record.kinds.index(second)]
        if mine > theirs:
            ahead += 1
        elif mine < theirs:
            behind += 1
        else:
            ties += 1
    return HeadToHead(first, second, ahead, behind, ties)


def tables(kinds: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The tables of the round robin: every combination of `players` kinds."""
    if len(set(kinds)) != len(kinds):
        raise RoostError(f"--bots names a kind twice: {','.join(kinds)}")
    if len(kinds) < players:
        raise RoostError(
            f"--bots names {len(kinds)} kinds but a table has {players} seats: give at least "
            f"{players} kinds (each kind is one rated player, so it sits once at a table)"
        )
    return list(combinations(kinds, players))


def run_round_robin(
    game: Game,
    kinds: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> GameRatings:
    """Play `games` games at every table of the round robin of `game`."""
    rated = GameRatings(game.name, game.num_players, tuple(kinds))
    for number, table in enumerate(tables(kinds, game.num_players)):
        rated.results.append(run_arena(game, table, games, seed + 7919 * number, jobs, progress))
    return rated
