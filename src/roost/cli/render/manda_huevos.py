"""The Manda Huevos! table in the terminal: every container slot by slot, action cards, hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from roost.cli.render import TerminalRenderer
from roost.core.game import Game
from roost.games.manda_huevos.actions import Phase
from roost.games.manda_huevos.cards import ACTION_CARD_IDS, CARD_INFO
from roost.games.manda_huevos.views import EggCell, End, Hen, SleepingValues, read

_END = {End.ALL_FULL: "all containers full", End.ANY_FULL: "any container full (Quick Game)"}
_SLEEPING = {SleepingValues.KNOWN: "known", SleepingValues.HIDDEN: "hidden (memory mode)"}


def cell_text(cell: EggCell | None) -> Text:
    """One container slot: '.' empty, '7' an awake egg, 'z7' asleep, 'zz' asleep and unknown."""
    if cell is None:
        return Text(".", style="dim")
    value = cell["egg"]
    if cell["asleep"]:
        return Text("zz" if value is None else f"z{value}", style="bold blue")
    return Text(str(value), style="bold yellow")


def actions_text(face_up: list[int], must_play_egg: bool) -> Text:
    """The three action cards, face-up ones bright, used ones dim."""
    text = Text()
    for i, card in enumerate(ACTION_CARD_IDS):
        if i:
            text.append(" ")
        text.append(CARD_INFO[card].label, style="bold green" if card in face_up else "dim strike")
    if must_play_egg:
        text.append("  must play an egg", style="red")
    return text


def render(game: Game, observation: Mapping[str, Any]) -> RenderableType:
    obs = read(observation)
    seat = obs["seat"]
    over = "winners" in obs
    table = Table(title="Containers (slots 1-6)", expand=False)
    for column in ("", "seat", "1", "2", "3", "4", "5", "6", "eggs", "points", "hand"):
        table.add_column(column, justify="right" if column in ("eggs", "points") else "left")
    table.add_column("action cards")
    for p in range(obs["players"]):
        marker = ">" if obs["current_player"] == p else ""
        who = f"P{p}" + (" (you)" if p == seat else "")
        if over and p in obs["winners"]:
            who += " *"
        points = str(obs["scores"][p] if over else obs["points"][p])
        hidden = sum(1 for cell in obs["containers"][p] if cell and cell["egg"] is None)
        if hidden:
            points += f" + {hidden}?"
        table.add_row(
            marker,
            who,
            *(cell_text(cell) for cell in obs["containers"][p]),
            str(obs["eggs_in_container"][p]),
            points,
            f"{obs['hand_sizes'][p]} cards",
            actions_text(obs["face_up_actions"][p], obs["must_play_egg"][p]),
        )
    hen = "the hen has been played" if obs["hen"] == Hen.PLAYED else "the hen is in the cards"
    info = Text(
        f"Deck: {obs['deck']} cards   {hen}   game ends when {_END[obs['end']]}   "
        f"sleeping eggs' values: {_SLEEPING[obs['sleeping_values']]}",
        style="dim",
    )
    parts: list[RenderableType] = [table, info]
    if obs["phase"] == Phase.HEN:
        parts.append(
            Text(
                f"P{obs['current_player']} is taking eggs with the hen "
                f"({obs['hen_taken']} taken so far).",
                style="bold magenta",
            )
        )
    if obs["passes_in_a_row"]:
        parts.append(Text(f"Passes in a row: {obs['passes_in_a_row']} of {obs['players']}."))
    if "hand" in obs and not over:
        hand = Text("Your hand: ")
        hand.append(_names(obs["hand"]) or "(empty)", style="bold")
        parts.append(hand)
    if over:
        result = Table(title="Result", expand=False)
        for column in ("seat", "container", "hand", "tie-break"):
            result.add_column(column)
        for p in range(obs["players"]):
            extra = obs["tie_break"][p]
            result.add_row(
                f"P{p}" + (" (winner)" if p in obs["winners"] else ""),
                str(obs["scores"][p]),
                _names(obs["final_hands"][p]) or "-",
                "" if extra is None else f"+{extra} = {obs['scores'][p] + extra}",
            )
        parts.append(result)
        winners = ", ".join(f"P{w}" for w in obs["winners"])
        shared = " (a shared win)" if len(obs["winners"]) > 1 else ""
        parts.append(Text(f"Winner: {winners}{shared}", style="bold"))
    return Group(*parts)


def _names(cards: list[int]) -> str:
    return ", ".join(CARD_INFO[card].name for card in cards)


RENDERER = TerminalRenderer(render)
