"""The Eggo table in the terminal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from roost.cli.render import TerminalRenderer, cards_text
from roost.core.game import Game
from roost.games.eggo.cards import CARD_INFO
from roost.games.eggo.views import Side, read

_STYLE = {"red": "bold red", "green": "bold green", "yellow": "bold yellow", "blue": "bold blue"}


def card_text(card: int | None) -> Text:
    """A card by its type id, in its colour (wild and special cards in magenta)."""
    if card is None:
        return Text("-")
    info = CARD_INFO[card]
    return Text(info.name, style=_STYLE.get(info.colour or "", "bold magenta"))


def render(game: Game, observation: Mapping[str, Any]) -> RenderableType:
    obs = read(observation)
    seat = obs["seat"]
    players = Table(title="Players", expand=False)
    for column in ("", "seat", "character", "side", "cards", "status"):
        players.add_column(column)
    for p in range(obs["players"]):
        marker = ">" if obs["current_player"] == p else ""
        who = f"P{p}" + (" (you)" if p == seat else "")
        side = obs["sides"][p]
        status = "escaped" if obs["escaped"][p] else "in play"
        character = obs["characters"][p]
        players.add_row(
            marker,
            who,
            character.value.title() if character else "?",
            Text(
                "Right Side Up" if side == Side.RIGHT_SIDE_UP else "Upside Down",
                style="green" if side == Side.RIGHT_SIDE_UP else "red",
            ),
            str(obs["hand_sizes"][p]),
            Text(status, style="bold green" if obs["escaped"][p] else ""),
        )
    colour = obs["colour"]
    pile = Text.assemble(
        "Top: ",
        card_text(obs["top"]),
        "   colour to match: ",
        Text(colour.value, style=_STYLE[colour.value]) if colour else "-",
        f"   decks A {obs['decks'][0]} / B {obs['decks'][1]}",
        f"   Demogorgons {obs['demogorgons']}/4",
        f"   play goes {obs['direction'].value}",
    )
    parts: list[RenderableType] = [players, pile]
    if obs["draws_owed"]:
        parts.append(Text(f"P{obs['current_player']} must draw {obs['draws_owed']} (Draw 2)."))
    if "hand" in obs:
        parts.append(Text.assemble("Your hand: ", cards_text(obs["hand"], card_text)))
    if "winners" in obs:
        winners = ", ".join(f"P{w}" for w in obs["winners"]) or "nobody"
        parts.append(Text(f"Escaped (winners): {winners}", style="bold"))
    return Group(*parts)


RENDERER = TerminalRenderer(render)
