"""Terminal views of a game, one renderer per game, all built from `observation(seat)` only.

A game's renderer lives in ``roost.cli.render.<folder>`` (the folder of the game's package) and
exports ``RENDERER = TerminalRenderer(render, ...)``, found by convention; a game without one is
shown as its plain observation. Besides the table, a renderer gives the help a player gets in
the prompt (`?`): the rules of the phase being played and a legend of the symbols on screen,
and notes on choices whose consequences the rulebook spells out (Eggo's Barb).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from rich.console import RenderableType
from rich.pretty import Pretty
from rich.text import Text

from roost.cli.names import SeatNames
from roost.core.actions import Choice
from roost.core.companions import companion
from roost.core.game import Game
from roost.i18n import gettext


class Render(Protocol):
    """Draws the table from one seat's observation (the seat is ``obs["seat"]``), naming the
    seats with `names` ("You" for the viewer; default ``P<n>``); the game gives the card names
    (`Game.card_types`)."""

    def __call__(
        self, game: Game, observation: Mapping[str, Any], names: SeatNames | None = None, /
    ) -> RenderableType: ...


PhaseHelp = Callable[[Mapping[str, Any]], str]
"""The rules that matter now, in a few lines, from the observation (its ``phase`` mostly)."""

Note = Callable[[Choice], str | None]
"""What the rulebook says about choosing this step, when a newcomer could not guess it."""

Question = Callable[[Sequence[Choice], str, Mapping[str, Any]], str | None]
"""The question to ask for the next step of kind `kind` after the steps taken (`path`), given
the asking seat's observation (a decision can continue a card played earlier, which the path
does not show), when the generic one ("Which container?") would not say enough; None for the
generic one."""

MODULE = "roost.cli.render.{folder}"


def _no_help(obs: Mapping[str, Any]) -> str:
    return gettext("Choose one of the moves offered; `rules` shows the whole rulebook.")


def _no_note(step: Choice) -> str | None:
    return None


def _no_question(path: Sequence[Choice], kind: str, obs: Mapping[str, Any]) -> str | None:
    return None


@dataclass(frozen=True)
class TerminalRenderer:
    """What a game's render module exports as ``RENDERER``."""

    render: Render
    help: PhaseHelp = _no_help
    """The rules of the current phase (plain text, a few short paragraphs)."""
    legend: str = ""
    """What the symbols and columns on screen mean (plain text, marked with `N_`: translated by
    `terminal_renderer`)."""
    note: Note = _no_note
    """A note on a choice; card steps also get the card's text unless its kind is plain."""
    plain_kinds: frozenset[str] = field(default_factory=frozenset)
    """Card kinds too ordinary to need their text beside every choice (numbered eggs ...)."""
    question: Question = _no_question
    """The question for a step, where the generic one would not say enough."""


def terminal_renderer(game: Game) -> TerminalRenderer:
    """The game's renderer, or a plain view of the observation if it has none; its legend in
    the reader's language (a renderer marks it with `N_`: the language is chosen after import)."""
    found = companion(game, MODULE, "RENDERER", TerminalRenderer)
    if found is None:
        return TerminalRenderer(_generic)
    return replace(found, legend=gettext(found.legend)) if found.legend else found


def renderer_for(game: Game) -> Render:
    """The game's `render` function (`terminal_renderer(game).render`)."""
    return terminal_renderer(game).render


def names_for(observation: Mapping[str, Any], names: SeatNames | None) -> SeatNames:
    """`names`, or the games' own ``P<n>`` with "You" for the observation's seat."""
    if names is not None:
        return names
    players = int(observation.get("players", 0))
    return SeatNames(tuple(f"P{p}" for p in range(players)), observation.get("seat"))


def cards_text(
    cards: list[str] | list[int], card_text: Callable[[Any], Text], empty: str | None = None
) -> Text:
    """Cards in a row, each drawn by the game's `card_text`, separated by commas."""
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(", ")
        out.append_text(card_text(card))
    if not cards:
        out.append(gettext("(empty)") if empty is None else empty)
    return out


def _generic(
    game: Game, obs: Mapping[str, Any], names: SeatNames | None = None, /
) -> RenderableType:
    return Pretty(json.loads(json.dumps(obs)))
