"""The BIG CHICKEN: Just Hatched table in the terminal, drawn from one seat's observation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from roost.cli.render import TerminalRenderer
from roost.cli.render import cards_text as _cards_text
from roost.core.game import Game
from roost.games.big_chicken.actions import Phase
from roost.games.big_chicken.cards import CARD_INFO, DUCK
from roost.games.big_chicken.views import Direction, Lay, read

_STYLE: Final = {
    "blue": "bold blue",
    "green": "bold green",
    "yellow": "bold yellow",
    "orange": "bold dark_orange",
    "red": "bold red",
}
_DUCK_STYLE: Final = "bold magenta"
_DIRECTION: Final = {
    Direction.CLUCKWISE: "cluckwise",
    Direction.COUNTER_CLUCKWISE: "counter-cluckwise",
}


def card_text(card: int) -> Text:
    """A card by its type id, in its suit's colour (the Duck in magenta)."""
    info = CARD_INFO[card]
    return Text(info.name, style=_STYLE.get(info.colour or "", _DUCK_STYLE))


def lay_text(lay: Lay) -> Text:
    """A Lay as "pair: orange 9 + duck as blue 9", its cards coloured (highest first)."""
    out = Text(f"{lay['kind'].replace('_', ' ')}: ")
    real = sorted((card for card in lay["cards"] if card != DUCK), reverse=True)
    for i, card in enumerate(real):
        if i:
            out.append(" + ")
        out.append_text(card_text(card))
    duck = lay["duck_as"]
    if duck is not None:
        if real:
            out.append(" + ")
        out.append("duck as ", style=_DUCK_STYLE)
        out.append_text(card_text(duck))
    return out


def cards_text(cards: list[int]) -> Text:
    return _cards_text(cards, card_text, "(none)")


def render(game: Game, observation: Mapping[str, Any]) -> RenderableType:
    obs = read(observation)
    seat = obs["seat"]
    n = obs["players"]
    players = Table(title=f"Round {obs['round']} of {obs['rounds']}", expand=False)
    for column in ("", "seat", "cards", "score", "this Run", "last egg", "title"):
        players.add_column(column)
    last_lays = {lay["seat"]: lay for lay in obs["run"]}
    for p in range(n):
        marker = ">" if obs["current_player"] == p else ""
        who = f"P{p}" + (" (you)" if p == seat else "")
        if p in obs["clucked"]:
            status = Text("cluck", style="dim")
        elif p in last_lays:
            status = lay_text(last_lays[p])
        else:
            status = Text("")
        titles = []
        if obs["good_egg"] == p:
            titles.append("Good Egg")
        if obs["bad_egg"] == p:
            titles.append("Bad Egg")
        if p in obs.get("winners", []):
            titles.append("GOLDEN EGG")
        if p in obs.get("rotten_eggs", []):
            titles.append("Rotten Egg")
        said = obs["last_egg"][p]
        players.add_row(
            marker,
            who,
            str(obs["hand_sizes"][p]),
            str(obs["scores"][p]),
            status,
            str(said) if said is not None else "",
            ", ".join(titles),
        )
    direction = obs["direction"]
    step = 1 if direction == Direction.CLUCKWISE else -1
    arrow = " -> ".join(f"P{(k * step) % n}" for k in range(n + 1))
    table_line = Text.assemble(
        f"Direction: {_DIRECTION[direction]} ({arrow})   ",
        f"discard pile: {obs['discard_size']} cards   ",
        f"Last Egg: {obs['last_egg_rule']}",
    )
    parts: list[RenderableType] = [players, table_line]
    to_beat = obs["to_beat"]
    if to_beat is not None:
        parts.append(Text.assemble("To beat: ", lay_text(to_beat)))
    elif obs["phase"] == Phase.PLAY and obs["current_player"] is not None:
        parts.append(Text(f"P{obs['current_player']} leads a new Run."))
    exchange = obs["exchange"]
    given, returned = exchange["given"], exchange["returned"]
    if given is not None:
        back = CARD_INFO[returned].name if returned is not None else "..."
        parts.append(
            Text(f"Exchange: the Good Egg gave {CARD_INFO[given].name}, the Bad Egg gave {back}.")
        )
    if "quiet_player" in obs:
        parts.append(Text(f"P{obs['quiet_player']} did not say Last Egg!", style="bold red"))
    last_hands = obs["last_round_hands"]
    if last_hands is not None and obs["round_scores"]:
        last = Table(title="Last Round: cards left and points", expand=False)
        last.add_column("seat")
        last.add_column("cards left")
        last.add_column("points", justify="right")
        for p, held in enumerate(last_hands):
            last.add_row(f"P{p}", cards_text(held), str(obs["round_scores"][-1][p]))
        parts.append(last)
    if "hand" in obs:
        parts.append(Text.assemble("Your hand: ", cards_text(obs["hand"])))
    for draw in obs.get("tie_draws", []):
        parts.append(Text.assemble(f"Tie draw: P{draw['seat']} drew ", card_text(draw["card"])))
    if "winners" in obs:
        golden = ", ".join(f"P{w}" for w in obs["winners"]) or "nobody"
        parts.append(Text(f"Golden Egg (winner): {golden}", style="bold yellow"))
    return Group(*parts)


RENDERER: Final = TerminalRenderer(render)
