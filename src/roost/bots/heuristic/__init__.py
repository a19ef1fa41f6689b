"""Heuristic bots: one hand-written policy per game, reading only the seat's observation.

Each game module here exposes ``choose(view, rng) -> action``; `HeuristicBot` dispatches on the
game's name. A policy plays as a sensible person would: it knows the rules and a few rules of
thumb, not the cards it cannot see.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable

from roost.core.errors import ParameterError
from roost.core.game import Game
from roost.core.view import SeatView

Policy = Callable[[SeatView, random.Random], int]

_MODULES = {
    "eggo": "roost.bots.heuristic.eggo",
    "manda-huevos": "roost.bots.heuristic.manda_huevos",
    "egg-bound": "roost.bots.heuristic.egg_bound",
    "big-chicken": "roost.bots.heuristic.big_chicken",
}


def has_heuristic(name: str) -> bool:
    """Whether the game registered as `name` has a heuristic policy that can be loaded."""
    module = _MODULES.get(name)
    return module is not None and importlib.util.find_spec(module) is not None


def policy_for(game: Game) -> Policy:
    """The heuristic policy of `game`, or an error naming the games that have one."""
    if not has_heuristic(game.name):
        known = ", ".join(name for name in sorted(_MODULES) if has_heuristic(name))
        raise ParameterError(f"no heuristic bot for {game.name!r} yet; there are: {known}")
    choose: Policy = importlib.import_module(_MODULES[game.name]).choose
    return choose


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
            return legal[self._rng.randrange(len(legal))]
        return self._policy(view, self._rng)
