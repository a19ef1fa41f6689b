"""A game's companions, found by convention from its package: no table to edit for a new game.

A game is a package (``roost.games.eggo``). The layers above find what belongs to it by name:

* its search settings: ``<package>.search`` exports ``SEARCH`` (a `SearchHooks`, in the game's
  own folder because it reads the game's state directly);
* its heuristic bot: ``roost.bots.heuristic.<folder>`` exports ``POLICY``;
* its terminal view: ``roost.cli.render.<folder>`` exports ``RENDERER``.

Each export is an instance of a typed class, so mypy checks what a game provides where it is
written, and `companion` checks the type again when it loads it.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import TypeVar

from roost.core.errors import RoostError
from roost.core.game import Game

T = TypeVar("T")


def companion_module(game: Game | type[Game], template: str) -> ModuleType | None:
    """The module named by `template` for this game, or None if there is none.

    `template` may use ``{package}`` (``roost.games.eggo``) and ``{folder}`` (``eggo``). A
    module that exists but fails to import raises: a broken companion is a bug to see, not a
    missing one to skip."""
    cls = game if isinstance(game, type) else type(game)
    name = template.format(package=cls.package(), folder=cls.folder())
    parent = name.rpartition(".")[0]
    try:
        if parent and importlib.util.find_spec(parent) is None:
            return None
        if importlib.util.find_spec(name) is None:
            return None
    except ModuleNotFoundError:
        return None
    return importlib.import_module(name)


def companion(game: Game | type[Game], template: str, attribute: str, kind: type[T]) -> T | None:
    """The `attribute` of the game's companion module, checked to be a `kind`; None if the
    game has no such module."""
    module = companion_module(game, template)
    if module is None:
        return None
    value = getattr(module, attribute, None)
    if not isinstance(value, kind):
        raise RoostError(
            f"{module.__name__} must export {attribute} as a {kind.__name__}; "
            f"found {type(value).__name__}"
        )
    return value
