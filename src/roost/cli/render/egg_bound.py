"""The Egg Bound table in the terminal: everyone's eggs, what lies in front of them, the piles,
the card being answered and your hand."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from roost.cli.render import TerminalRenderer, cards_text

_CHICKENS = ("Mother Hen", "Golden Hen", "Baby Hen", "Rooster")
_BLUE = ("Star Egg Head", "Star Pecking Order", "Star Chicken Run", "Egg Laying Song", "Hatch It")
_GREEN = ("green Good Egg", "Cluck-Off", "Un-Bound")


def card_text(name: str) -> Text:
    """A card name in its group's colour (purple Chickens, blue, red, green)."""
    if name in _CHICKENS:
        style = "bold magenta"
    elif name in _BLUE:
        style = "bold blue"
    elif name in _GREEN:
        style = "bold green"
    else:
        style = "bold red"
    return Text(name, style=style)


def eggs_text(good: int, bad: int) -> Text:
    """Good Eggs as bright 'O', Bad Eggs as dim red 'x', empty places of the three as '.'."""
    text = Text()
    text.append("O" * good, style="bold yellow")
    text.append("x" * bad, style="red")
    text.append("." * max(0, 3 - good - bad), style="dim")
    return text


def render(obs: dict[str, Any]) -> RenderableType:
    seat = obs["seat"]
    over = "winners" in obs
    players = Table(title="Players", expand=False)
    for column in ("", "seat", "eggs", "good", "in front", "cards"):
        players.add_column(column)
    for p in range(obs["players"]):
        marker = ">" if obs["current_player"] == p else ""
        who = f"P{p}" + (" (you)" if p == seat else "")
        if over and p in obs["winners"]:
            who += " *"
        front = [
            name
            for name, on in (("Egg Bound", obs["egg_bound"][p]), ("Fowl", obs["fowl"][p]))
            if on
        ]
        players.add_row(
            marker,
            who,
            eggs_text(obs["good_eggs"][p], obs["bad_eggs"][p]),
            str(obs["good_eggs"][p]),
            Text(", ".join(front), style="red") if front else Text("-", style="dim"),
            str(obs["hand_sizes"][p]),
        )
    discard = obs["discard_pile"]
    piles = Text(
        f"Egg Pile {obs['egg_pile']}   Draw Pile {obs['draw_pile']}   "
        f"Discard Pile {len(discard)} (top: {discard[-1] if discard else '-'})   "
        f"reshuffles {obs['reshuffles']}   turn {obs['turn']} of {obs['max_turns']}",
        style="dim",
    )
    parts: list[RenderableType] = [players, piles]
    challenge = obs["challenge"]
    if challenge is not None:
        line = Text(f"P{challenge['attacker']} plays ")
        line.append_text(card_text(challenge["card"]))
        if challenge["chicken"] is not None:
            line.append(" with ")
            chicken = challenge["chicken"]
            line.append_text(
                Text("a face-down Chicken", style="magenta")
                if chicken == "face down"
                else card_text(chicken)
            )
        line.append(f" against P{challenge['target']}.")
        parts.append(line)
    if obs["last_result"]:
        parts.append(Text(obs["last_result"], style="italic"))
    if "hand" in obs and not over:
        parts.append(Text.assemble("Your hand: ", cards_text(obs["hand"], card_text)))
    if over:
        winners = ", ".join(f"P{w}" for w in obs["winners"])
        verdict = f"Winner: {winners}" if winners else "The turn limit ended the game: no winner"
        parts.append(Text(verdict, style="bold"))
    return Group(*parts)


RENDERER = TerminalRenderer(lambda game, obs: render(dict(obs)))
