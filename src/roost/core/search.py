"""What a game tells search about itself: a value estimate, a playout policy, settings.

A game's ``search.py`` exports ``SEARCH = SearchHooks(...)``; the search bot finds it by the
game's package (`roost.core.companions`). Everything is optional: a game without a ``search.py``
is searched with uniformly random playouts to the end.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from mypy_extensions import mypyc_attr

from roost.core.companions import companion
from roost.core.game import Game
from roost.core.state import State

S = TypeVar("S", bound=State)


@mypyc_attr(native_class=False)  # a frozen generic dataclass: mypyc cannot make it native
@dataclass(frozen=True)
class SearchHooks(Generic[S]):
    """How search plays out a game of this kind."""

    evaluate: Callable[[S], list[float]] | None = None
    """Estimated final values in [0, 1] per seat of a state that is not over: lets a playout
    stop after `rollout_depth` decisions."""
    playout_action: Callable[[S, list[int], random.Random], int] | None = None
    """A cheap move for playouts (rules of thumb, no search), from the legal actions given."""
    playout_move: Callable[[S, random.Random], int] | None = None
    """The playout step worked out without listing the legal actions where the game can
    (BIG CHICKEN's lead with a full hand, Egg Bound's and Eggo's turns): the playouts ask it
    instead of `playout_action`. It must give what the step it replaces gives from the same
    draws, ``playout_action(state, legal, rng)`` with two or more legal actions and
    ``legal[randbelow(rng, 1)]`` with one, so a seeded search is the same with it or without
    it (tests/test_playout_moves.py); the playouts apply its move unchecked, as they apply a
    listed one (a check would list the actions in a game that cannot check one move)."""
    rollout_depth: int | None = None
    """Decisions a playout makes before it asks `evaluate` (None: play to the end)."""
    worlds: int | None = None
    """Determinizations drawn per search and reused in turn (None: a fresh one every
    iteration), for games whose resampling is costly."""
    bias: float = 0.0
    """Progressive bias toward `playout_action`'s move in the tree (0: none; see
    `roost.bots.ismcts`)."""
    exploration: float = 0.7
    """The UCB1 exploration constant (rewards are in [0, 1])."""
    candidates: Callable[[S, list[int]], list[int]] | None = None
    """The legal moves search tells apart, from the legal actions given (None: all of them).
    A game drops moves that lead to the same game as one it keeps (Eggo's two decks, its
    characters other than Barb), so the tree does not split its iterations between twins; one
    move left is played without a search. It must read only what every seat sees: the bot
    asks it of a determinization at the root. It returns the list given or a new one, never
    changes it."""
    widening: float = 0.0
    """Progressive widening of the root along the game's heuristic order of the moves (its
    policy's `rank`): the search considers only the ``ceil(widening * sqrt(visits + 1))`` best
    of them, so a small budget is spent on the sensible moves and a larger one reaches the
    rest (0: every move from the start; see `roost.bots.ismcts`)."""

    def __post_init__(self) -> None:
        if self.rollout_depth is not None and self.evaluate is None:
            raise ValueError("a rollout_depth needs an evaluate function for where it stops")
        if self.rollout_depth is not None and self.rollout_depth < 0:
            raise ValueError(f"rollout_depth must be 0 or more; got {self.rollout_depth}")
        if self.worlds is not None and self.worlds < 1:
            raise ValueError(f"worlds must be at least 1; got {self.worlds}")
        if self.bias < 0.0:
            raise ValueError(f"bias must be 0 or more; got {self.bias}")
        if self.playout_move is not None and self.playout_action is None:
            raise ValueError("a playout_move stands for a playout_action, which is missing")
        if self.bias > 0.0 and self.playout_action is None:
            raise ValueError("a bias needs a playout_action to name the moves it favours")
        if self.exploration < 0.0:
            raise ValueError(f"exploration must be 0 or more; got {self.exploration}")
        if self.widening < 0.0:
            raise ValueError(f"widening must be 0 or more; got {self.widening}")


def search_hooks(game: Game | type[Game]) -> SearchHooks[Any]:
    """The game's ``SEARCH`` (from ``<package>.search``), or plain random playouts."""
    found = companion(game, "{package}.search", "SEARCH", SearchHooks)
    return found if found is not None else SearchHooks()
