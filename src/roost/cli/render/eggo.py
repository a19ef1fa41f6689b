"""The Eggo table in the terminal."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from roost.cli.render import cards_text, register_renderer

_STYLE = {"red": "bold red", "green": "bold green", "yellow": "bold yellow", "blue": "bold blue"}


def card_text(name: str | None) -> Text:
    """A card name in its colour (wild and special cards in magenta)."""
    if name is None:
        return Text("-")
    colour = name.split(" ", 1)[0]
    return Text(name, style=_STYLE.get(colour, "bold magenta"))


def render(obs: dict[str, Any]) -> RenderableType:
    seat = obs["seat"]
    players = Table(title="Players", expand=False)
    for column in ("", "seat", "character", "side", "cards", "status"):
        players.add_column(column)
    for p in range(obs["players"]):
        marker = ">" if obs["current_player"] == p else ""
        who = f"P{p}" + (" (you)" if p == seat else "")
        side = obs["sides"][p]
        status = "escaped" if obs["escaped"][p] else "in play"
        players.add_row(
            marker,
            who,
            obs["characters"][p] or "?",
            Text(side, style="green" if side == "Right Side Up" else "red"),
            str(obs["hand_sizes"][p]),
            Text(status, style="bold green" if obs["escaped"][p] else ""),
        )
    pile = Text.assemble(
        "Top: ",
        card_text(obs["top"]),
        "   colour to match: ",
        card_text(obs["colour"]) if obs["colour"] else "-",
        f"   decks A {obs['decks']['A']} / B {obs['decks']['B']}",
        f"   Demogorgons {obs['demogorgons']}/4",
        f"   play goes {obs['direction']}",
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


register_renderer("eggo", render)
