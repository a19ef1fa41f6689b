"""Terminal views of a game, one renderer per game, all built from `observation(seat)` only.

A game's renderer lives in ``roost.cli.render.<folder>`` (the folder of the game's package) and
exports ``RENDERER = TerminalRenderer(render)``, found by convention; a game without one is
shown as its plain observation.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty
from rich.text import Text

from roost.core.companions import companion
from roost.core.game import Game

Render = Callable[[Game, Mapping[str, Any]], RenderableType]
"""Draws the table from one seat's observation (the seat is ``obs["seat"]``); the game gives
the card names (`Game.card_types`)."""

MODULE = "roost.cli.render.{folder}"


@dataclass(frozen=True)
class TerminalRenderer:
    """What a game's render module exports as ``RENDERER``."""

    render: Render


def renderer_for(game: Game) -> Render:
    """The game's renderer, or a plain view of the observation if it has none."""
    found = companion(game, MODULE, "RENDERER", TerminalRenderer)
    return found.render if found is not None else _generic


def cards_text(
    cards: list[str] | list[int], card_text: Callable[[Any], Text], empty: str = "(empty)"
) -> Text:
    """Cards in a row, each drawn by the game's `card_text`, separated by commas."""
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(", ")
        out.append_text(card_text(card))
    if not cards:
        out.append(empty)
    return out


def _generic(game: Game, obs: Mapping[str, Any]) -> RenderableType:
    return Pretty(json.loads(json.dumps(obs)))
