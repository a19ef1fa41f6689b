"""The Egg Bound table in the terminal: everyone's eggs, what lies in front of them, the piles,
the card being answered and your hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from roost.cli.render import TerminalRenderer, cards_text
from roost.core.game import Game
from roost.games.egg_bound.cards import CARD_INFO
from roost.games.egg_bound.views import read, result_text

_STYLE: Final = {"purple": "bold magenta", "blue": "bold blue", "green": "bold green"}
"""The terminal style of each card colour (red, and anything else, in bold red)."""


def card_text(card: int) -> Text:
    """A card by its type id, in its group's colour (purple Chickens, blue, red, green)."""
    info = CARD_INFO[card]
    return Text(info.name, style=_STYLE.get(info.colour or "", "bold red"))


def eggs_text(good: int, bad: int) -> Text:
    """Good Eggs as bright 'O', Bad Eggs as dim red 'x', empty places of the three as '.'."""
    text = Text()
    text.append("O" * good, style="bold yellow")
    text.append("x" * bad, style="red")
    text.append("." * max(0, 3 - good - bad), style="dim")
    return text


def render(game: Game, observation: Mapping[str, Any]) -> RenderableType:
    obs = read(observation)
    seat = obs["seat"]
    over = "winners" in obs
    winners = obs.get("winners", [])
    known = obs["known_hands"]
    columns = ["", "seat", "eggs", "good", "in front", "cards"]
    if any(known):
        columns.append("known to all")
    players = Table(title="Players", expand=False)
    for column in columns:
        players.add_column(column)
    for p in range(obs["players"]):
        marker = ">" if obs["current_player"] == p else ""
        who = f"P{p}" + (" (you)" if p == seat else "")
        if over and p in winners:
            who += " *"
        front = [
            name
            for name, on in (("Egg Bound", obs["egg_bound"][p]), ("Fowl", obs["fowl"][p]))
            if on
        ]
        row: list[str | Text] = [
            marker,
            who,
            eggs_text(obs["good_eggs"][p], obs["bad_eggs"][p]),
            str(obs["good_eggs"][p]),
            Text(", ".join(front), style="red") if front else Text("-", style="dim"),
            str(obs["hand_sizes"][p]),
        ]
        if any(known):
            row.append(cards_text(known[p], card_text, empty="-"))
        players.add_row(*row)
    discard = obs["discard_pile"]
    top = CARD_INFO[discard[-1]].name if discard else "-"
    piles = Text(
        f"Egg Pile {obs['egg_pile']}   Draw Pile {obs['draw_pile']}   "
        f"Discard Pile {len(discard)} (top: {top})   "
        f"reshuffles {obs['reshuffles']}   turn {obs['turn']} of {obs['max_turns']}",
        style="dim",
    )
    parts: list[RenderableType] = [players, piles]
    upcoming = obs["draw_pile_known"]
    if upcoming:
        parts.append(
            Text.assemble("Next from the Draw Pile: ", cards_text(upcoming[:5], card_text))
        )
    challenge = obs["challenge"]
    if challenge is not None:
        line = Text(f"P{challenge['attacker']} plays ")
        line.append_text(card_text(challenge["card"]))
        chicken = challenge["chicken"]
        if chicken is not None or challenge["face_down"]:
            line.append(" with ")
            line.append_text(
                Text("a face-down Chicken", style="magenta")
                if chicken is None
                else card_text(chicken)
            )
        line.append(f" against P{challenge['target']}.")
        parts.append(line)
    last = obs["last_result"]
    if last is not None:
        parts.append(Text(result_text(last), style="italic"))
    if "hand" in obs and not over:
        parts.append(Text.assemble("Your hand: ", cards_text(obs["hand"], card_text)))
    if over:
        names = ", ".join(f"P{w}" for w in winners)
        verdict = f"Winner: {names}" if names else "The turn limit ended the game: no winner"
        parts.append(Text(verdict, style="bold"))
    return Group(*parts)


RENDERER = TerminalRenderer(render)
