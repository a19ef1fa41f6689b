"""The Manda Huevos! table in the terminal: every container slot by slot, action cards, hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from roost.cli.names import SeatNames
from roost.cli.render import TerminalRenderer, names_for
from roost.core.actions import Choice
from roost.core.game import Game
from roost.games.manda_huevos.actions import Phase
from roost.games.manda_huevos.cards import (
    ACTION_CARD_IDS,
    CARD_INFO,
    MOVE_AN_EGG,
    SLEEP_WAKE,
    SWAP_EGGS,
)
from roost.games.manda_huevos.views import EggCell, End, Hen, SleepingValues, read
from roost.i18n import N_, gettext, ngettext, pgettext

CONTEXT: Final = "Manda Huevos card"
"""The context of the game's card names in the catalogue (the engine's messages use it too)."""

_END: Final = {
    End.ALL_FULL: N_("every container is full"),
    End.ANY_FULL: N_("any container is full (Quick Game)"),
}
_EFFECTS: Final = {"move": N_("Move"), "swap": N_("Swap"), "sleep": N_("Sleep"), "take": N_("Take")}
"""An own action card's label word by its effect (the printed cards' labels are card words)."""


def cell_text(cell: EggCell | None) -> Text:
    """One container slot: '.' empty, '7' an awake egg, 'z7' asleep, 'zz' asleep and unknown."""
    if cell is None:
        return Text(".", style="dim")
    value = cell["egg"]
    if cell["asleep"]:
        return Text("zz" if value is None else f"z{value}", style="bold blue")
    return Text(str(value), style="bold yellow")


def actions_text(
    face_up: list[int], must_play_egg: bool, own: Sequence[Mapping[str, Any]] = ()
) -> Text:
    """The action cards (the three printed ones, then the game's own ones, `own`), face-up
    ones bright, used ones dim."""
    text = Text()
    labels = [(card, pgettext(CONTEXT, CARD_INFO[card].label)) for card in ACTION_CARD_IDS]
    labels += [(card["card"], _own_label(card)) for card in own]
    for i, (card, label) in enumerate(labels):
        if i:
            text.append(" ")
        text.append(label, style="bold green" if card in face_up else "dim strike")
    if must_play_egg:
        text.append("  " + gettext("must play an egg"), style="red")
    return text


def _own_label(card: Mapping[str, Any]) -> str:
    word = _EFFECTS.get(str(card["effect"]))
    label = gettext(word) if word else str(card["effect"]).title()
    return f"{label} {card['repeats']}"


def render(
    game: Game, observation: Mapping[str, Any], names: SeatNames | None = None, /
) -> RenderableType:
    obs = read(observation)
    names = names_for(observation, names)
    over = "winners" in obs
    table = Table(title=gettext("Containers (slots 1-6)"), expand=False)
    for column in (
        "",
        N_("seat"),
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        N_("eggs"),
        N_("points"),
        N_("hand"),
    ):
        heading = gettext(column) if column and not column.isdigit() else column
        table.add_column(heading, justify="right" if column in ("eggs", "points") else "left")
    table.add_column(gettext("action cards"))
    for p in range(obs["players"]):
        marker = ">" if obs["current_player"] == p else ""
        who = names.seat(p)
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
            _cards(obs["hand_sizes"][p]) if not over else "-",
            actions_text(
                obs["face_up_actions"][p], obs["must_play_egg"][p], obs.get("own_actions", [])
            ),
        )
    hen = (
        gettext("the hen has been played")
        if obs["hen"] == Hen.PLAYED
        else gettext("the hen is in the cards")
    )
    deck = gettext("Deck: {cards}").format(cards=_cards(obs["deck"]))
    ends = gettext("the game ends when {end}").format(end=gettext(_END[obs["end"]]))
    info = Text(f"{deck}   {hen}   {ends}")
    if obs["sleeping_values"] == SleepingValues.HIDDEN:
        info.append("   " + gettext("sleeping eggs' values are hidden (memory mode)"))
    parts: list[RenderableType] = [table, info]
    mover = obs["current_player"]
    if obs["phase"] == Phase.HEN:
        taking = (
            gettext("You are taking eggs with the hen ({n} taken so far).")
            if mover == names.viewer
            else gettext("{name} is taking eggs with the hen ({n} taken so far).")
        )
        parts.append(
            Text(
                taking.format(name=names.seat(mover), n=obs["hen_taken"]),
                style="bold magenta",
            )
        )
    acting = obs.get("acting")
    if acting is not None:
        name = next(card["name"] for card in obs["own_actions"] if card["card"] == acting)
        left = obs["acting_left"]
        carrying = (
            gettext("You are carrying out {card} ({n} to go).")
            if mover == names.viewer
            else gettext("{name} is carrying out {card} ({n} to go).")
        )
        parts.append(
            Text(
                carrying.format(name=names.seat(mover), card=name, n=left),
                style="bold magenta",
            )
        )
    if obs["passes_in_a_row"]:
        passes = gettext("Passes in a row: {n} of {players}.")
        parts.append(Text(passes.format(n=obs["passes_in_a_row"], players=obs["players"])))
    if "hand" in obs and not over:
        hand = Text(gettext("Your hand:") + " ")
        hand.append(_names(obs["hand"]) or gettext("(empty)"), style="bold")
        parts.append(hand)
    if over:
        result = Table(title=gettext("Hands at the end"), expand=False)
        for column in (N_("seat"), N_("points"), N_("hand"), N_("tie-break")):
            result.add_column(gettext(column))
        for p in range(obs["players"]):
            extra = obs["tie_break"][p]
            result.add_row(
                names.seat(p),
                str(obs["scores"][p]),
                _names(obs["final_hands"][p]) or "-",
                "" if extra is None else f"+{extra} = {obs['scores'][p] + extra}",
            )
        parts.append(result)
        winners = ", ".join(names.seat(w) for w in obs["winners"])
        verdict = (
            gettext("Winners: {names} (a shared win)")
            if len(obs["winners"]) > 1
            else gettext("Winner: {names}")
        )
        parts.append(Text(verdict.format(names=winners), style="bold"))
    return Group(*parts)


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _names(cards: list[int]) -> str:
    return ", ".join(pgettext(CONTEXT, CARD_INFO[card].name) for card in cards)


_GOAL: Final = N_(
    "Goal: the most points in YOUR container when the game ends (every egg counts, sleeping "
    "ones too). The game ends the moment every container holds 6 eggs (Quick Game: any "
    "container). A tie goes to the higher total of the egg cards left in hand."
)

_TURN: Final = N_(
    "Your turn, one of:\n"
    "- play an egg from your hand into ANY container with room (yours to gain points, or "
    "another's), then draw a card;\n"
    "- use one of your three face-up action cards: Move an Egg (an awake egg to another "
    "container with room), Swap Eggs (two awake eggs in different containers), Put to Sleep "
    "/ Wake (a sleeping egg cannot be moved, swapped or taken by the hen);\n"
    "- play the hen instead of an egg: take awake eggs from other containers into yours, "
    "one at a time, as many as you like and have room for.\n"
    "A used action card stays face down; once all three are down, your next turn must be an "
    "egg (or the hen), and after its draw all three turn face up again."
)

_HELP: Final = {
    Phase.TURN: _TURN,
    Phase.HEN: N_(
        "You played the hen: take awake eggs from other players' containers into yours, one "
        "at a time (sleeping eggs cannot be taken), then stop. It ends by itself when your "
        "container is full or nothing is left to take."
    ),
    Phase.ACT: N_(
        "You used one of this game's own action cards: carry out its effect one egg at a time "
        "(a move, a swap, a sleep / wake or a take, as the card says), as many times as it "
        "says; it stops early when nothing is left to act on."
    ),
}


def phase_help(obs: Mapping[str, Any]) -> str:
    phase = obs.get("phase")
    text = _HELP.get(Phase(phase), _TURN) if phase else _TURN
    return f"{gettext(text)}\n\n{gettext(_GOAL)}"


LEGEND: Final = N_(
    "Each row is a player's container, slots 1-6: '.' an empty slot, '7' an awake egg worth "
    "7, 'z7' a sleeping egg worth 7 (cannot be moved, swapped or taken), 'zz' a sleeping egg "
    "whose value is hidden (memory mode; '+ 1?' in points). 'eggs': eggs in the container; "
    "'points': their total. 'action cards': Move, Swap, Sleep, bright when face up, struck "
    "through when used. '>' marks the player to move."
)


_OWN_EFFECT_CARDS: Final = {"move": MOVE_AN_EGG, "swap": SWAP_EGGS, "sleep": SLEEP_WAKE}
"""The printed card whose questions an own card's effect asks (a take asks the hen's)."""


def question(path: Sequence[Choice], kind: str, obs: Mapping[str, Any]) -> str | None:
    """Which container or egg is meant, by the card played: the path's first step, or, while
    an own action card is carried out (its applications are decisions of their own, after the
    card was played), the printed card whose effect it applies."""
    card = path[0].value if path and path[0].kind == "card" else None
    if card is None and obs.get("phase") == Phase.ACT:
        effect = next(
            (own["effect"] for own in obs.get("own_actions", []) if own["card"] == obs["acting"]),
            None,
        )
        card = _OWN_EFFECT_CARDS.get(str(effect))
    eggs = sum(1 for step in path if step.kind == "egg")
    if kind == "container":
        if card is None:
            return gettext("Take an egg from which container?")  # the hen's takes
        if card == MOVE_AN_EGG:
            return (
                gettext("Move it to which container?")
                if eggs
                else "Move an egg from which container?"
            )
        if card == SWAP_EGGS:
            return (
                gettext("Swap it with an egg in which container?")
                if eggs
                else gettext("Swap an egg from which container?")
            )
        if card == SLEEP_WAKE:
            return gettext("Which container holds the egg?")
        return gettext("Into which container? (its points count for that container's owner)")
    if kind == "egg":
        if card == MOVE_AN_EGG:
            return gettext("Which egg do you move?")
        if card == SWAP_EGGS:
            return gettext("Swap which egg?") if not eggs else "With which egg?"
        if card == SLEEP_WAKE:
            return gettext("Which egg do you put to sleep or wake?")
        return gettext("Which egg do you take?")
    return None


RENDERER: Final = TerminalRenderer(
    render,
    help=phase_help,
    legend=LEGEND,
    plain_kinds=frozenset({"egg"}),
    question=question,
)
