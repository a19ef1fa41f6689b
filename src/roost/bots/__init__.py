"""Bots: they see a game only through a `SeatView`, never the state itself.

Kinds: ``random``; ``heuristic`` (a game's hand-written policy); ``ismcts`` (search, 1000
iterations a move; ``ismcts:N`` for N iterations); and the levels for people: ``easy`` (the
heuristic with 40% random moves), ``medium`` (the heuristic) and ``hard`` (ISMCTS).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from roost.bots.heuristic import HeuristicBot
from roost.bots.ismcts import Evaluator, ISMCTSBot, PlayoutPolicy
from roost.bots.random_bot import RandomBot
from roost.core.errors import ParameterError
from roost.core.game import Game
from roost.core.runner import Bot

BotFactory = Callable[[Game, int, str], Bot]
"""Builds a bot for a game from a seed and the text after ``kind:`` (may be empty)."""

DEFAULT_ITERATIONS: Final = 1000


@dataclass(frozen=True)
class SearchSettings:
    """How ISMCTS plays out a game: decisions before it stops and asks the game's value
    estimate (None: play to the end), and where the estimate and a cheap playout policy live
    (``module:function``; None: uniformly random moves)."""

    rollout_depth: int | None = None
    evaluator: str | None = None
    playout_policy: str | None = None
    worlds: int | None = None
    """Determinizations drawn per search, reused in turn (None: a fresh one every iteration)."""


SEARCH_SETTINGS: Final[dict[str, SearchSettings]] = {
    "big-chicken": SearchSettings(
        rollout_depth=8,
        evaluator="roost.games.big_chicken.heuristics:evaluate",
        playout_policy="roost.games.big_chicken.heuristics:playout_action",
        worlds=20,
    ),
    "egg-bound": SearchSettings(
        rollout_depth=8,
        evaluator="roost.games.egg_bound.heuristics:evaluate",
        playout_policy="roost.games.egg_bound.heuristics:playout_action",
        worlds=20,
    ),
    "eggo": SearchSettings(
        rollout_depth=10,
        evaluator="roost.games.eggo.heuristics:escape_chances",
        playout_policy="roost.games.eggo.heuristics:playout_action",
    ),
    "manda-huevos": SearchSettings(
        rollout_depth=3,
        evaluator="roost.games.manda_huevos.heuristics:win_chances",
        playout_policy="roost.games.manda_huevos.heuristics:playout_action",
    ),
}


def _load(where: str | None) -> Any:
    if where is None:
        return None
    module, _, function = where.partition(":")
    return getattr(importlib.import_module(module), function)


def search_bot(game: Game, seed: int, iterations: int = DEFAULT_ITERATIONS) -> ISMCTSBot:
    """ISMCTS with the game's playout settings."""
    settings = SEARCH_SETTINGS.get(game.name, SearchSettings())
    evaluator: Evaluator | None = _load(settings.evaluator)
    policy: PlayoutPolicy | None = _load(settings.playout_policy)
    return ISMCTSBot(
        game,
        seed,
        iterations=iterations,
        rollout_depth=settings.rollout_depth,
        evaluator=evaluator,
        playout_policy=policy,
        worlds=settings.worlds,
    )


def _iterations(arg: str) -> int:
    if not arg:
        return DEFAULT_ITERATIONS
    if not arg.isdigit() or int(arg) < 1:
        raise ParameterError(f"ismcts:N takes a positive number of iterations; got {arg!r}")
    return int(arg)


def _no_arg(kind: str) -> Callable[[str], None]:
    def check(arg: str) -> None:
        if arg:
            raise ParameterError(f"bot {kind!r} takes no ':' option; got {arg!r}")

    return check


def _random(game: Game, seed: int, arg: str) -> Bot:
    _no_arg("random")(arg)
    return RandomBot(seed)


def _heuristic(game: Game, seed: int, arg: str) -> Bot:
    _no_arg("heuristic")(arg)
    return HeuristicBot(game, seed)


def _easy(game: Game, seed: int, arg: str) -> Bot:
    _no_arg("easy")(arg)
    return HeuristicBot(game, seed, noise=0.4)


def _ismcts(game: Game, seed: int, arg: str) -> Bot:
    return search_bot(game, seed, _iterations(arg))


_BOTS: dict[str, BotFactory] = {
    "random": _random,
    "heuristic": _heuristic,
    "ismcts": _ismcts,
    "easy": _easy,
    "medium": _heuristic,
    "hard": _ismcts,
}


def bot_names() -> list[str]:
    """Every bot kind that `make_bot` accepts."""
    return sorted(_BOTS)


def make_bot(kind: str, game: Game, seed: int) -> Bot:
    """A bot of `kind` (``name`` or ``name:option``) for `game`, seeded for reproducible play."""
    name, _, arg = kind.partition(":")
    factory = _BOTS.get(name)
    if factory is None:
        raise ParameterError(f"unknown bot {kind!r}; the bots are: {', '.join(bot_names())}")
    return factory(game, seed, arg)


__all__ = [
    "DEFAULT_ITERATIONS",
    "HeuristicBot",
    "ISMCTSBot",
    "RandomBot",
    "bot_names",
    "make_bot",
    "search_bot",
]
