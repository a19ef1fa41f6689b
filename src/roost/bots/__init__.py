"""Bots: they see a game only through a `SeatView`, never the state itself."""

from __future__ import annotations

from collections.abc import Callable

from roost.bots.random_bot import RandomBot
from roost.core.errors import ParameterError
from roost.core.game import Game
from roost.core.runner import Bot

BotFactory = Callable[[Game, int], Bot]
"""Builds a bot for a game from a seed."""

_BOTS: dict[str, BotFactory] = {
    "random": lambda game, seed: RandomBot(seed),
}


def bot_names() -> list[str]:
    """Every bot kind that `make_bot` accepts."""
    return sorted(_BOTS)


def register_bot(name: str, factory: BotFactory) -> None:
    _BOTS[name] = factory


def make_bot(name: str, game: Game, seed: int) -> Bot:
    """A bot of kind `name` for `game`, seeded for reproducible play."""
    factory = _BOTS.get(name)
    if factory is None:
        raise ParameterError(f"unknown bot {name!r}; the bots are: {', '.join(bot_names())}")
    return factory(game, seed)


__all__ = ["RandomBot", "bot_names", "make_bot", "register_bot"]
