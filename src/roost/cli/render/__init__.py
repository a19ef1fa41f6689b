"""Terminal views of a game, one renderer per game, all built from `observation(seat)` only."""

from __future__ import annotations

import importlib
import json
import pkgutil
from collections.abc import Callable
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty
from rich.text import Text

Renderer = Callable[[dict[str, Any]], RenderableType]
"""Draws the table from one seat's observation (the seat is ``obs["seat"]``)."""

_RENDERERS: dict[str, Renderer] = {}


def register_renderer(game: str, renderer: Renderer) -> None:
    _RENDERERS[game] = renderer


def renderer_for(game: str) -> Renderer:
    """The game's renderer, or a plain view of the observation if it has none."""
    _load_builtin()
    return _RENDERERS.get(game, _generic)


def cards_text(names: list[str], card_text: Callable[[str], Text], empty: str = "(empty)") -> Text:
    """Card names in a row, each drawn by the game's `card_text`, separated by commas."""
    out = Text()
    for i, name in enumerate(names):
        if i:
            out.append(", ")
        out.append_text(card_text(name))
    if not names:
        out.append(empty)
    return out


def _generic(obs: dict[str, Any]) -> RenderableType:
    return Pretty(json.loads(json.dumps(obs)))


def _load_builtin() -> None:
    """Import every renderer module in this package (each registers itself)."""
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")
