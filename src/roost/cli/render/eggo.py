"""The Eggo table in the terminal, its help and its legend."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from roost.cli.names import SeatNames
from roost.cli.render import TerminalRenderer, cards_text, names_for
from roost.core.actions import Choice
from roost.core.cards import CardInfo
from roost.core.game import Game
from roost.games.eggo.actions import Phase
from roost.games.eggo.cards import CARD_INFO, DEMOGORGON
from roost.games.eggo.views import Side, read
from roost.i18n import N_, gettext, pgettext

CONTEXT: Final = "Eggo card"
"""The context of the game's card names in the catalogue (the engine's messages use it too)."""

_STYLE: Final = {
    "red": "bold red",
    "green": "bold green",
    "yellow": "bold yellow",
    "blue": "bold blue",
}
BARB: Final = 6
"""Barb's index among the player characters (the `character` step's value)."""


def card_text(card: int | None, catalogue: tuple[CardInfo, ...] = CARD_INFO) -> Text:
    """A card by its type id, in its colour (wild and special cards in magenta), named by the
    game's `catalogue` (`Game.card_types`: own cards follow the box's)."""
    if card is None:
        return Text("-")
    info = catalogue[card]
    return Text(pgettext(CONTEXT, info.name), style=_STYLE.get(info.colour or "", "bold magenta"))


def character_name(value: str) -> str:
    """A character ("will", "barb") by name in the reader's language (Eleven is Once in Spain)."""
    return pgettext(CONTEXT, value.title())


def colour_name(value: str) -> str:
    """A colour to match ("red") in the reader's language."""
    return pgettext(CONTEXT, value)


def _card_texts(game: Game) -> Callable[[int | None], Text]:
    catalogue = game.card_types()
    return lambda card: card_text(card, catalogue)


def render(
    game: Game, observation: Mapping[str, Any], names: SeatNames | None = None, /
) -> RenderableType:
    obs = read(observation)
    names = names_for(observation, names)
    show = _card_texts(game)
    catalogue = game.card_types()
    total = game.all_cards().count(DEMOGORGON)
    players = Table(title=gettext("Players"), expand=False)
    for column in ("", N_("seat"), N_("character"), N_("side"), N_("cards"), N_("status")):
        players.add_column(gettext(column) if column else "")
    for p in range(obs["players"]):
        marker = ">" if obs["current_player"] == p else ""
        side = obs["sides"][p]
        up = side == Side.RIGHT_SIDE_UP
        character = obs["characters"][p]
        if obs["escaped"][p]:
            status = Text(gettext("escaped"), style="bold green")
        elif obs["hand_sizes"][p] == 0 and obs["phase"] != Phase.CHOOSE_CHARACTER:
            status = Text(gettext("no cards, but Upside Down"), style="yellow")
        else:
            status = Text(gettext("in play"))
        players.add_row(
            marker,
            names.seat(p),
            character_name(character.value) if character else "?",
            Text(
                pgettext("Eggo card", "Right Side Up")
                if up
                else pgettext("Eggo card", "Upside Down"),
                style="green" if up else "red",
            ),
            str(obs["hand_sizes"][p]),
            status,
        )
    colour = obs["colour"]
    character = obs["character"]
    match = Text(gettext("Match:") + " ")
    if colour is None:
        match.append("-")
    else:
        match.append(colour_name(colour.value), style=_STYLE[colour.value])
        if character is not None:
            match.append(
                " " + gettext("or {character}").format(character=character_name(character.value))
            )
        else:
            match.append(" " + gettext("(colour only)"))
    pile = Text.assemble(gettext("Top card:") + " ", show(obs["top"]), "   ", match)
    direction = {"clockwise": gettext("clockwise"), "counterclockwise": gettext("counterclockwise")}
    table = Text(
        gettext(
            "Decks: A {a}, B {b}   Demogorgons: {demogorgons} of {total}   Play goes {direction}"
        ).format(
            a=obs["decks"][0],
            b=obs["decks"][1],
            demogorgons=obs["demogorgons"],
            total=total,
            direction=direction.get(obs["direction"].value, obs["direction"].value),
        )
    )
    parts: list[RenderableType] = [players, pile, table]
    owed = obs["draws_owed"]
    mover = obs["current_player"]
    top = obs["top"]
    if owed and mover is not None and top is not None:
        given = pgettext(CONTEXT, catalogue[top].label)  # the Draw 2 (or own Draw N) just played
        said = (
            gettext("You must first draw {n} ({card}).")
            if mover == names.viewer
            else gettext("{name} must first draw {n} ({card}).")
        )
        parts.append(Text(said.format(name=names.seat(mover), n=owed, card=given)))
    if "hand" in obs and obs["phase"] not in (Phase.OVER, Phase.CHOOSE_CHARACTER):
        parts.append(Text.assemble(gettext("Your hand:") + " ", cards_text(obs["hand"], show)))
    if "winners" in obs:
        winners = [names.seat(w) for w in obs["winners"]]
        said = ", ".join(winners) if winners else gettext("nobody")
        parts.append(
            Text(gettext("Escaped (the winners): {names}").format(names=said), style="bold")
        )
    return Group(*parts)


_GOAL: Final = N_(
    "Goal: escape the Upside Down. You escape the moment you hold no cards AND your character "
    "card is Right Side Up. Everyone starts Upside Down. Every player who escapes wins. The "
    "fourth Demogorgon drawn ends the game at once."
)

_HELP: Final = {
    Phase.CHOOSE_CHARACTER: N_(
        "Choose the character card you play as. It only decides how you look: every character "
        "plays the same, except Barb, whose card is Upside Down on both sides, so she can "
        "never escape (the rulebook lets you take her, and she 'ditches' one of the others)."
    ),
    Phase.TURN: N_(
        "Your turn: if you hold a card that matches the top card you must play one. A "
        "character card matches its colour or its character; Reverse and Draw 2 match the "
        "colour only; Portal and All-Players Rift match anything.\n"
        "- Portal: you flip your character card and announce the colour to match.\n"
        "- All-Players Rift: everyone still in play flips, you too; announce a colour.\n"
        "- Reverse: play changes direction.  Draw 2: the next player first draws two (a "
        "Draw N of your own: N).\n"
        "If nothing matches you draw from deck A or B (your choice): play the card if it "
        "matches; if not, draw once more; then your turn ends. A Demogorgon drawn is set "
        "aside (never held); drawn first, you draw again."
    ),
}


def phase_help(obs: Mapping[str, Any]) -> str:
    phase = obs.get("phase")
    text = _HELP.get(Phase(phase), _HELP[Phase.TURN]) if phase else _HELP[Phase.TURN]
    return f"{gettext(text)}\n\n{gettext(_GOAL)}"


LEGEND: Final = N_(
    "'>' marks the player to move. 'side': Right Side Up or Upside Down (the character card). "
    "'cards': cards in hand. 'Match': the colour (and character) the next card must match. "
    "Decks A and B: cards left in each (a draw may come from either; the Demogorgons are "
    "shuffled in). Demogorgons: drawn so far; the fourth ends the game."
)


def note(step: Choice) -> str | None:
    if step.kind == "character" and step.value == BARB:
        return gettext("Barb can never escape: her card is Upside Down on both sides")
    return None


RENDERER: Final = TerminalRenderer(
    render, help=phase_help, legend=LEGEND, note=note, plain_kinds=frozenset({"character"})
)
