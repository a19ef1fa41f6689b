"""The Egg Bound table in the terminal: everyone's eggs, what lies in front of them, the piles,
the card being answered and your hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from roost.cli.names import SeatNames
from roost.cli.render import TerminalRenderer, cards_text, names_for
from roost.core.actions import Choice
from roost.core.cards import CardInfo
from roost.core.game import Game
from roost.games.egg_bound.actions import Phase
from roost.games.egg_bound.cards import (
    CARD_INFO,
    CARD_NAMES,
    CHICKENS,
    NUM_TYPES,
    PRINTED,
    STAR_NAMES,
    STAR_SCORE,
    CardSet,
)
from roost.games.egg_bound.views import read, result_text
from roost.i18n import N_, gettext, pgettext

CONTEXT: Final = "Egg Bound card"
"""The context of the game's card names in the catalogue (the engine's messages use it too)."""

_STYLE: Final = {"purple": "bold magenta", "blue": "bold blue", "green": "bold green"}
"""The terminal style of each card colour (red, and anything else, in bold red)."""


def _card_text(card: int, infos: tuple[CardInfo, ...] = CARD_INFO) -> Text:
    """A card by its type id, in its group's colour (purple Chickens, blue, red, green);
    `infos`: the game's card types (its own Chickens after the printed cards)."""
    info = infos[card]
    return Text(pgettext(CONTEXT, info.name), style=_STYLE.get(info.colour or "", "bold red"))


def card_text(card: int) -> Text:
    """A printed card by its type id, in its group's colour."""
    return _card_text(card)


def eggs_text(good: int, bad: int) -> Text:
    """Good Eggs as bright 'O', Bad Eggs as dim red 'x', empty places of the three as '.'."""
    text = Text()
    text.append("O" * good, style="bold yellow")
    text.append("x" * bad, style="red")
    text.append("." * max(0, 3 - good - bad), style="dim")
    return text


def render(
    game: Game, observation: Mapping[str, Any], names: SeatNames | None = None, /
) -> RenderableType:
    obs = read(observation)
    names = names_for(observation, names)
    cards = getattr(game, "cards", PRINTED)
    assert isinstance(cards, CardSet)
    infos = cards.info

    def card_text(card: int) -> Text:
        return _card_text(card, infos)

    over = "winners" in obs
    winners = obs.get("winners", [])
    known = obs["known_hands"]
    columns = ["", N_("seat"), N_("eggs"), N_("good"), N_("in front"), N_("cards")]
    if any(known):
        columns.append(N_("known to all"))
    players = Table(title=gettext("Players"), expand=False)
    for column in columns:
        players.add_column(gettext(column) if column else "")
    for p in range(obs["players"]):
        marker = ">" if obs["current_player"] == p else ""
        who = names.seat(p)
        if over and p in winners:
            who += " " + gettext("(winner)")
        front = [
            pgettext(CONTEXT, name)
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
    top = pgettext(CONTEXT, infos[discard[-1]].name) if discard else "-"
    piles = Text(
        gettext(
            "Egg Pile {eggs}   Draw Pile {draw}   Discard Pile {discard} (top: {top})   "
            "reshuffles {reshuffles}   turn {turn} of {max}"
        ).format(
            eggs=obs["egg_pile"],
            draw=obs["draw_pile"],
            discard=len(discard),
            top=top,
            reshuffles=obs["reshuffles"],
            turn=obs["turn"],
            max=obs["max_turns"],
        ),
        style="dim",
    )
    parts: list[RenderableType] = [players, piles]
    upcoming = obs["draw_pile_known"]
    if upcoming:
        parts.append(
            Text.assemble(
                gettext("Next from the Draw Pile:") + " ", cards_text(upcoming[:5], card_text)
            )
        )
    challenge = obs["challenge"]
    if challenge is not None:
        attacker, target = challenge["attacker"], challenge["target"]
        chicken = challenge["chicken"]
        line = Text(
            gettext("Challenge:")
            + " "
            + (gettext("you") if attacker == names.viewer else names.seat(attacker))
            + " → "
            + (gettext("you") if target == names.viewer else names.seat(target))
            + ": "
        )
        line.append_text(card_text(challenge["card"]))
        if chicken is not None or challenge["face_down"]:
            line.append(" + ")
            line.append_text(
                Text(gettext("a face-down Chicken"), style="magenta")
                if chicken is None
                else card_text(chicken)
            )
        parts.append(line)
    last = obs["last_result"]
    if last is not None:
        said = names.say(result_text(last, cards))
        parts.append(Text(gettext("Last card:") + " " + said, style="italic"))
    if cards.own:
        own = ", ".join(f"{c.name} {'/'.join(map(str, c.stars))}" for c in cards.own)
        stars = " / ".join(pgettext(CONTEXT, star) for star in STAR_NAMES)
        owned = gettext("Own Chickens ({stars}): {chickens}").format(stars=stars, chickens=own)
        parts.append(Text(owned, style="magenta"))
    if "hand" in obs and not over:
        hand = cards_text(obs["hand"], card_text)
        parts.append(Text.assemble(gettext("Your hand:") + " ", hand))
    if over:
        said = ", ".join(names.seat(w) for w in winners)
        verdict = (
            gettext("Winner: {names}").format(names=said)
            if said
            else gettext("The turn limit ended the game: no winner")
        )
        parts.append(Text(verdict, style="bold"))
    return Group(*parts)


_GOAL: Final = N_(
    "Goal: be the first with three Good Eggs in front of you (you start with one). Nobody "
    "may have more than three eggs, Good or Bad."
)

_TURN: Final = N_(
    "Your turn, one of:\n"
    "- swap: draw the top card of the Draw Pile, then discard any card;\n"
    "- play a card (hands refill to five afterwards). Blue cards are played with one of your "
    "purple Chickens: a Star (Egg Head, Pecking Order, Chicken Run) challenges a player with "
    "a Good Egg: both place a Chicken and the one with more stars on that Star's score wins a "
    "Good Egg from the other; Egg Laying Song takes a Good Egg from the Egg Pile; Hatch It "
    "takes one of a player's Good Eggs (they may keep your Chicken). Red cards attack: red "
    "Bad Egg turns a Good Egg bad, Egg-Splosion sends an egg back to the pile, Eggy Soldier "
    "takes a Good Egg, red Egg Bound stops the Egg Laying Song, Fowl makes them lose a turn. "
    "Green cards undo: green Good Egg turns your Bad Egg good, Un-Bound frees you, Cluck-Off "
    "cancels a card played against you."
)

_HELP: Final = {
    Phase.TURN: _TURN,
    Phase.SWAP_DISCARD: N_("You swapped: now discard one of your six cards, face up."),
    Phase.CLUCK_OFF_WINDOW: N_(
        "A card is played against you. Answer with Cluck-Off (if you hold one) and it does "
        "nothing: the attacker's cards are discarded. Or let it happen."
    ),
    Phase.STAR_DEFENCE: N_(
        "A Star challenge against you: place one of your Chickens (you must if you hold any). "
        "Both Chickens are turned over and compared on the Star's score (Pecking Order, IQ or "
        "Speed): more stars wins a Good Egg from the other; the same stars, nobody wins."
    ),
    Phase.KEEP_CHICKEN: N_(
        "Hatch It took one of your Good Eggs. You may keep the attacker's Chicken, discarding "
        "one of your cards for it, or leave it to the Discard Pile."
    ),
    Phase.EGG_SPLOSION: N_(
        "Egg-Splosion: choose which of the victim's eggs goes back to the pile."
    ),
}


def phase_help(obs: Mapping[str, Any]) -> str:
    phase = obs.get("phase")
    text = _HELP.get(Phase(phase), _TURN) if phase else _TURN
    return f"{gettext(text)}\n\n{gettext(_GOAL)}"


_STARS: Final = ", ".join(
    f"{CARD_NAMES[chicken]} " + "/".join(str(STAR_SCORE[s][i]) for s in range(len(STAR_NAMES)))
    for i, chicken in enumerate(CHICKENS)
)

LEGEND: Final = N_(
    "'eggs': 'O' a Good Egg, 'x' a Bad Egg, '.' an empty place of the three. 'good': Good "
    "Eggs (three wins). 'in front': an Egg Bound card (no Egg Laying Song) or a Fowl (loses "
    "the next turn). 'cards': cards in hand. 'known to all': cards everyone saw that player "
    "take. Card colours: purple Chickens, blue Chicken Actions, red attacks, green undo. "
    "Chicken stars (Pecking Order / IQ / Speed): Mother Hen 3/4/1, Golden Hen 2/3/2, "
    "Baby Hen 1/2/4, Rooster 4/1/3. '>' marks the player deciding."
)
"""Marked for the catalogue as one sentence, so its stars are written out; `_STARS` is what
the game's tables say, and a test checks the two agree."""


def note(step: Choice) -> str | None:
    if step.kind == "face_down" and step.value in CHICKENS:
        stars = CARD_INFO[step.value].text.partition(":")[0]
        return gettext("{stars}; face down: only you see which").format(stars=stars)
    if step.kind == "face_down" and step.value >= NUM_TYPES:  # an own Chicken
        return gettext("your own Chicken; face down: only you see which")
    return None


RENDERER: Final = TerminalRenderer(render, help=phase_help, legend=LEGEND, note=note)
