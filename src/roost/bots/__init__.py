"""Bots: they see a game only through a `SeatView`, never the state itself.

Kinds: ``random``; ``heuristic`` (a game's hand-written policy); ``ismcts`` (search, 1000
iterations a move; ``ismcts:N`` for N iterations); and the levels for people: ``easy`` (the
heuristic with 40% random moves), ``medium`` (the heuristic) and ``hard`` (ISMCTS).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import metadata
from typing import Final

from roost.bots.heuristic import HeuristicBot
from roost.bots.ismcts import ISMCTSBot
from roost.bots.random_bot import RandomBot
from roost.core.errors import ParameterError
from roost.core.game import Game
from roost.core.runner import Bot
from roost.core.search import search_hooks

BotFactory = Callable[[Game, int, str], Bot]
"""Builds a bot for a game from a seed and the text after ``kind:`` (may be empty)."""

DEFAULT_ITERATIONS: Final = 1000


def search_bot(game: Game, seed: int, iterations: int = DEFAULT_ITERATIONS) -> ISMCTSBot:
    """ISMCTS with the game's search settings (``roost.games.<game>.search``, if it has one)."""
    hooks = search_hooks(game)
    return ISMCTSBot(
        game,
        seed,
        iterations=iterations,
        rollout_depth=hooks.rollout_depth,
        evaluator=hooks.evaluate,
        playout_policy=hooks.playout_action,
        worlds=hooks.worlds,
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


ENTRY_POINTS = "roost.bots"
"""The entry-point group through which other packages add bot kinds (a `BotFactory` each), e.g.
``ppo = "roost.rl.bot:make_ppo_bot"``: no table here to edit."""


def _plugged_in() -> dict[str, metadata.EntryPoint]:
    return {point.name: point for point in metadata.entry_points(group=ENTRY_POINTS)}


def bot_names() -> list[str]:
    """Every bot kind that `make_bot` accepts (those of installed plug-ins included)."""
    return sorted({*_BOTS, *_plugged_in()})


def make_bot(kind: str, game: Game, seed: int) -> Bot:
    """A bot of `kind` (``name`` or ``name:option``) for `game`, seeded for reproducible play."""
    name, _, arg = kind.partition(":")
    factory = _BOTS.get(name)
    if factory is None:
        point = _plugged_in().get(name)
        if point is None:
            raise ParameterError(f"unknown bot {kind!r}; the bots are: {', '.join(bot_names())}")
        try:
            factory = point.load()
        except ImportError as error:
            raise ParameterError(
                f"bot {name!r} needs a package that is not installed ({error.name}); "
                "see README (For researchers)"
            ) from None
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
