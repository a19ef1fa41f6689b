"""Heuristic bots: one hand-written policy per game, reading only the seat's observation.

A game's policy lives in ``roost.bots.heuristic.<folder>`` (the folder of the game's package,
e.g. ``egg_bound``) and exports ``POLICY = HeuristicPolicy(choose)``, found by convention: a new
game adds its module and edits nothing here. A policy plays as a sensible person would: it knows
the rules and a few rules of thumb, not the cards it cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from roost.core.companions import companion
from roost.core.errors import ParameterError
from roost.core.game import Game
from roost.core.rand import randbelow
from roost.core.registry import registered_games
from roost.core.view import SeatView

MODULE = "roost.bots.heuristic.{folder}"

Choose = Callable[[SeatView, random.Random], int]
"""Picks one of `view.legal_actions()` (there are at least two) for the seat shown."""
Rank = Callable[[SeatView], list[int]]
"""Every one of `view.legal_actions()`, best first by the same rules of thumb."""


@dataclass(frozen=True)
class HeuristicPolicy:
    """What a game's heuristic module exports as ``POLICY``."""

    choose: Choose
    rank: Rank | None = None
    """The policy's order of all the legal moves, for search to widen its root along (see
    `roost.core.search.SearchHooks.widening`); None if the policy only names its one move."""


def find_policy(game: Game | type[Game]) -> HeuristicPolicy | None:
    """The game's heuristic policy, or None if it has none."""
    return companion(game, MODULE, "POLICY", HeuristicPolicy)


def has_heuristic(game: Game | type[Game]) -> bool:
    return find_policy(game) is not None


def policy_for(game: Game) -> Choose:
    """The heuristic policy of `game`, or an error naming the games that have one."""
    found = find_policy(game)
    if found is None:
        known = ", ".join(name for name, cls in registered_games().items() if has_heuristic(cls))
        raise ParameterError(f"no heuristic bot for {game.name!r} yet; there are: {known}")
    return found.choose


class HeuristicBot:
    """A game's hand-written policy; with `noise`, a random legal move that often instead."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int, *, noise: float = 0.0) -> None:
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be between 0 and 1; got {noise}")
        self._policy = policy_for(game)
        self._rng = random.Random(seed)
        self._noise = noise

    def choose(self, view: SeatView) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self._noise and self._rng.random() < self._noise:
            return legal[randbelow(self._rng, len(legal))]
        return self._policy(view, self._rng)
