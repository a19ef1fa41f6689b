"""Bots: they see a game only through a `SeatView`, never the state itself.

Kinds: ``random``; ``heuristic`` (a game's hand-written policy); ``ismcts`` (search, 1000
iterations a move, with the game's search settings); and the levels for people: ``easy`` (the
heuristic with 40% random moves), ``medium`` (the heuristic) and ``hard`` (ISMCTS).

``ismcts`` (and ``hard``) take options after a colon: ``ismcts:N`` for N iterations a move,
``ismcts:Ss`` for a think time of S seconds a move (e.g. ``ismcts:0.5s``; not reproducible,
since it depends on the machine), and ``/key=value`` settings that replace the game's for
experiments: ``bias``, ``c`` (exploration), ``worlds`` (0: a fresh one every iteration),
``depth`` (playout decisions before the estimate), ``widen`` (root widening along the
heuristic's order; 0: off), e.g. ``ismcts:2000/bias=0/worlds=40``.

``learned`` is a network trained to imitate search (`roost.rl.learned`; needs numpy).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from importlib import metadata
from typing import Any, Final

from roost.bots.heuristic import HeuristicBot, find_policy
from roost.bots.ismcts import ISMCTSBot
from roost.bots.random_bot import RandomBot
from roost.core.errors import ParameterError
from roost.core.game import Game
from roost.core.runner import Bot
from roost.core.search import SearchHooks, search_hooks
from roost.core.view import SeatView

BotFactory = Callable[[Game, int, str], Bot]
"""Builds a bot for a game from a seed and the text after ``kind:`` (may be empty)."""

DEFAULT_ITERATIONS: Final = 1000


def search_bot(
    game: Game,
    seed: int,
    iterations: int = DEFAULT_ITERATIONS,
    *,
    seconds: float | None = None,
    hooks: SearchHooks[Any] | None = None,
) -> ISMCTSBot:
    """ISMCTS with the game's search settings (``roost.games.<game>.search``, if it has one),
    or with `hooks` given; `seconds` makes the budget a think time instead."""
    if hooks is None:
        hooks = search_hooks(game)
    return ISMCTSBot(
        game,
        seed,
        iterations=iterations,
        seconds=seconds,
        exploration=hooks.exploration,
        rollout_depth=hooks.rollout_depth,
        evaluator=hooks.evaluate,
        playout_policy=hooks.playout_action,
        playout_move=hooks.playout_move,
        worlds=hooks.worlds,
        bias=hooks.bias,
        candidates=hooks.candidates,
        widening=hooks.widening,
        ranking=_ranking(game) if hooks.widening > 0.0 else None,
    )


def _ranking(game: Game) -> Callable[[SeatView], list[int]]:
    """The game's heuristic order of the moves, for a search that widens along it."""
    found = find_policy(game)
    if found is None or found.rank is None:
        raise ParameterError(f"{game.name!r} has no heuristic order of the moves to widen along")
    return found.rank


_SETTINGS: Final = {
    "bias": "bias",
    "c": "exploration",
    "worlds": "worlds",
    "depth": "rollout_depth",
    "widen": "widening",
}
"""The ``/key=value`` settings of ``ismcts:`` and the `SearchHooks` field each replaces."""


def _search_options(game: Game, arg: str) -> tuple[int, float | None, SearchHooks[Any]]:
    """Iterations, seconds and settings from the text after ``ismcts:``."""
    budget, *settings = arg.split("/")
    iterations, seconds = DEFAULT_ITERATIONS, None
    if budget.endswith("s"):
        try:
            seconds = float(budget[:-1])
        except ValueError:
            seconds = -1.0
        if not 0.0 < seconds < 3600.0:
            raise ParameterError(
                f"ismcts:Ss takes a think time in seconds a move, e.g. 0.5s; got {budget!r}"
            )
    elif budget:
        if not budget.isdigit() or int(budget) < 1:
            raise ParameterError(f"ismcts:N takes a positive number of iterations; got {budget!r}")
        iterations = int(budget)
    hooks = search_hooks(game)
    changes: dict[str, Any] = {}
    for item in settings:
        key, _, text = item.partition("=")
        field = _SETTINGS.get(key)
        if field is None:
            raise ParameterError(
                f"ismcts: unknown setting {item!r}; the settings are "
                f"{', '.join(f'{k}=' for k in _SETTINGS)}"
            )
        try:
            value: float = int(text) if key in ("worlds", "depth") else float(text)
        except ValueError:
            raise ParameterError(f"ismcts: {key}= takes a number; got {text!r}") from None
        changes[field] = None if key == "worlds" and value == 0 else value
    if changes:
        try:
            hooks = replace(hooks, **changes)
        except ValueError as error:
            raise ParameterError(f"ismcts: {error}") from None
    return iterations, seconds, hooks


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
    iterations, seconds, hooks = _search_options(game, arg)
    return search_bot(game, seed, iterations, seconds=seconds, hooks=hooks)


def _learned(game: Game, seed: int, arg: str) -> Bot:
    try:
        from roost.rl.learned import make_learned_bot
    except ImportError as error:
        raise ParameterError(
            f"bot 'learned' needs a package that is not installed ({error.name}); "
            "pip install roost[rl]"
        ) from None
    return make_learned_bot(game, seed, arg)


_BOTS: dict[str, BotFactory] = {
    "random": _random,
    "heuristic": _heuristic,
    "ismcts": _ismcts,
    "easy": _easy,
    "medium": _heuristic,
    "hard": _ismcts,
    "learned": _learned,
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
