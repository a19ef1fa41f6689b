"""The BIG CHICKEN: Just Hatched table in the terminal, drawn from one seat's observation."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from roost.cli.render import TerminalRenderer
from roost.cli.render import cards_text as _cards_text

_STYLE = {
    "blue": "bold blue",
    "green": "bold green",
    "yellow": "bold yellow",
    "orange": "bold dark_orange",
    "Blue": "bold blue",
    "Green": "bold green",
    "Yellow": "bold yellow",
    "Orange": "bold dark_orange",
    "Big": "bold red",
    "Duck": "bold magenta",
}


def card_text(name: str) -> Text:
    """A card name in its suit's colour (Chickens in bold, the Duck in magenta)."""
    return Text(name, style=_STYLE.get(name.split(" ", 1)[0], "bold"))


def lay_text(text: str) -> Text:
    """A Lay's description ("pair: orange 9 + duck as blue 9") with its cards coloured."""
    kind, _, cards = text.partition(": ")
    out = Text(f"{kind}: ")
    for i, part in enumerate(cards.split(" + ")):
        if i:
            out.append(" + ")
        if part.startswith("duck as "):
            out.append("duck as ", style="bold magenta")
            out.append_text(card_text(part[len("duck as ") :]))
        else:
            out.append_text(card_text(part))
    return out


def cards_text(names: list[str]) -> Text:
    return _cards_text(names, card_text, "(none)")


def render(obs: dict[str, Any]) -> RenderableType:
    seat = obs["seat"]
    n = obs["players"]
    players = Table(title=f"Round {obs['round']} of {obs['rounds']}", expand=False)
    for column in ("", "seat", "cards", "score", "this Run", "last egg", "title"):
        players.add_column(column)
    last_lays = {entry["seat"]: entry["lay"] for entry in obs["run"]}
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
        players.add_row(
            marker,
            who,
            str(obs["hand_sizes"][p]),
            str(obs["scores"][p]),
            status,
            obs["last_egg"][p] or "",
            ", ".join(titles),
        )
    step = 1 if obs["direction"] == "cluckwise" else -1
    arrow = " -> ".join(f"P{(k * step) % n}" for k in range(n + 1))
    table_line = Text.assemble(
        f"Direction: {obs['direction']} ({arrow})   ",
        f"discard pile: {obs['discard_size']} cards   ",
        f"Last Egg: {obs['last_egg_rule']}",
    )
    parts: list[RenderableType] = [players, table_line]
    if obs["to_beat"]:
        parts.append(Text.assemble("To beat: ", lay_text(obs["to_beat"])))
    elif obs["phase"] == "play" and obs["current_player"] is not None:
        parts.append(Text(f"P{obs['current_player']} leads a new Run."))
    exchange = obs["exchange"]
    if exchange["given"]:
        returned = exchange["returned"] or "..."
        parts.append(
            Text(f"Exchange: the Good Egg gave {exchange['given']}, the Bad Egg gave {returned}.")
        )
    if "quiet_player" in obs:
        parts.append(Text(f"P{obs['quiet_player']} did not say Last Egg!", style="bold red"))
    if obs["last_round_hands"] is not None and obs["round_scores"]:
        last = Table(title="Last Round: cards left and points", expand=False)
        last.add_column("seat")
        last.add_column("cards left")
        last.add_column("points", justify="right")
        for p, names in enumerate(obs["last_round_hands"]):
            last.add_row(f"P{p}", cards_text(names), str(obs["round_scores"][-1][p]))
        parts.append(last)
    if "hand" in obs:
        parts.append(Text.assemble("Your hand: ", cards_text(obs["hand"])))
    for draw in obs.get("tie_draws", []):
        parts.append(Text.assemble(f"Tie draw: P{draw['seat']} drew ", card_text(draw["card"])))
    if "winners" in obs:
        golden = ", ".join(f"P{w}" for w in obs["winners"]) or "nobody"
        parts.append(Text(f"Golden Egg (winner): {golden}", style="bold yellow"))
    return Group(*parts)


RENDERER = TerminalRenderer(lambda game, obs: render(dict(obs)))
