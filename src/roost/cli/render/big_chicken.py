"""The BIG CHICKEN: Just Hatched table in the terminal, drawn from one seat's observation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from roost.cli.names import SeatNames
from roost.cli.render import TerminalRenderer, names_for
from roost.cli.render import cards_text as _cards_text
from roost.core.actions import Choice
from roost.core.game import Game
from roost.games.big_chicken.actions import Phase
from roost.games.big_chicken.cards import CARD_INFO, DUCK, HAND_SIZE
from roost.games.big_chicken.views import Direction, LastEggRule, Lay, read
from roost.i18n import N_, gettext, pgettext

CONTEXT: Final = "BIG CHICKEN card"
"""The context of the game's card names in the catalogue (the engine's messages use it too)."""

_STYLE: Final = {
    "blue": "bold blue",
    "green": "bold green",
    "yellow": "bold yellow",
    "orange": "bold dark_orange",
    "red": "bold red",
}
_DUCK_STYLE: Final = "bold magenta"
_DIRECTION: Final = {
    Direction.CLUCKWISE: N_("cluckwise"),
    Direction.COUNTER_CLUCKWISE: N_("counter-cluckwise"),
}
_LAY_KINDS: Final = {
    "single": N_("single"),
    "pair": N_("pair"),
    "trips": N_("trips"),
    "little_coop": N_("little coop"),
    "big_coop": N_("big coop"),
}


def card_text(card: int) -> Text:
    """A card by its type id, in its suit's colour (the Duck in magenta)."""
    info = CARD_INFO[card]
    return Text(pgettext(CONTEXT, info.name), style=_STYLE.get(info.colour or "", _DUCK_STYLE))


def lay_text(lay: Lay) -> Text:
    """A Lay as "pair: orange 9 + duck as blue 9", its cards coloured (highest first)."""
    kind = _LAY_KINDS.get(lay["kind"])
    out = Text(gettext(kind) if kind else lay["kind"].replace("_", " "))
    out.append(": ")
    real = sorted((card for card in lay["cards"] if card != DUCK), reverse=True)
    for i, card in enumerate(real):
        if i:
            out.append(" + ")
        out.append_text(card_text(card))
    duck = lay["duck_as"]
    if duck is not None:
        if real:
            out.append(" + ")
        out.append(gettext("duck as") + " ", style=_DUCK_STYLE)
        out.append_text(card_text(duck))
    return out


def cards_text(cards: list[int]) -> Text:
    return _cards_text(cards, card_text, gettext("(none)"))


def render(
    game: Game, observation: Mapping[str, Any], names: SeatNames | None = None, /
) -> RenderableType:
    obs = read(observation)
    names = names_for(observation, names)
    n = obs["players"]
    over = "winners" in obs
    title = gettext("Round {round} of {rounds}").format(round=obs["round"], rounds=obs["rounds"])
    players = Table(title=title, expand=False)
    for column in ("", N_("seat"), N_("cards"), N_("points"), N_("this Run"), N_("Last Egg")):
        players.add_column(gettext(column) if column else "")
    players.add_column(gettext("title"))
    last_lays = {lay["seat"]: lay for lay in obs["run"]}
    for p in range(n):
        marker = ">" if obs["current_player"] == p else ""
        who = names.seat(p)
        if p in obs["clucked"]:
            status = Text(gettext("cluck"), style="dim")
        elif p in last_lays:
            status = lay_text(last_lays[p])
        else:
            status = Text("")
        titles = []
        if obs["good_egg"] == p:
            titles.append(pgettext("BIG CHICKEN card", "Good Egg"))
        if obs["bad_egg"] == p:
            titles.append(pgettext("BIG CHICKEN card", "Bad Egg"))
        if p in obs.get("winners", []):
            titles.append(pgettext("BIG CHICKEN card", "Golden Egg").upper())
        if p in obs.get("rotten_eggs", []):
            titles.append(pgettext("BIG CHICKEN card", "Rotten Egg"))
        said = obs["last_egg"][p]
        players.add_row(
            marker,
            who,
            "-" if over else str(obs["hand_sizes"][p]),
            str(obs["scores"][p]),
            status,
            _said(str(said)) if said is not None else "",
            ", ".join(titles),
        )
    direction = obs["direction"]
    step = 1 if direction == Direction.CLUCKWISE else -1
    arrow = " -> ".join(names.seat((k * step) % n) for k in range(n + 1))
    table_line = Text(
        gettext("Direction: {direction} ({arrow})   Discard pile: {n}").format(
            direction=gettext(_DIRECTION[direction]), arrow=arrow, n=obs["discard_size"]
        )
    )
    if obs["last_egg_rule"] == LastEggRule.STRICT:
        table_line.append("   " + gettext("Last Egg: say it yourself, or be caught"))
    parts: list[RenderableType] = [players, table_line]
    to_beat = obs["to_beat"]
    if to_beat is not None:
        parts.append(Text.assemble(gettext("To beat:") + " ", lay_text(to_beat)))
    elif obs["phase"] == Phase.PLAY and obs["current_player"] is not None:
        leader = obs["current_player"]
        parts.append(
            Text(
                gettext("You lead a new Run: any Lay.")
                if leader == names.viewer
                else gettext("{name} leads a new Run: any Lay.").format(name=names.seat(leader))
            )
        )
    exchange = obs["exchange"]
    given, returned = exchange["given"], exchange["returned"]
    if given is not None and not over:
        gave = pgettext(CONTEXT, CARD_INFO[given].name)
        line = (
            gettext("Exchange: the Good Egg gave {card}; the Bad Egg gave back {back}.").format(
                card=gave, back=pgettext(CONTEXT, CARD_INFO[returned].name)
            )
            if returned is not None
            else gettext(
                "Exchange: the Good Egg gave {card}; the Bad Egg has not given a card back yet."
            ).format(card=gave)
        )
        parts.append(Text(line))
    if "quiet_player" in obs:
        quiet = names.seat(obs["quiet_player"])
        parts.append(
            Text(gettext("{name} did not say Last Egg!").format(name=quiet), style="bold red")
        )
    last_hands = obs["last_round_hands"]
    # early in a Round (about one Lay each so far), and at the end: how the last Round ended
    hand = int(game.params.get("hand", HAND_SIZE))  # the game's hand size
    early = sum(obs["hand_sizes"]) >= (hand - 1) * n
    if last_hands is not None and obs["round_scores"] and (early or over):
        last = Table(title=gettext("Last Round: cards left and points"), expand=False)
        last.add_column(gettext("seat"))
        last.add_column(gettext("cards left"))
        last.add_column(gettext("points"), justify="right")
        for p, held in enumerate(last_hands):
            last.add_row(names.seat(p), cards_text(held), str(obs["round_scores"][-1][p]))
        parts.append(last)
    if "hand" in obs and not over:
        parts.append(Text.assemble(gettext("Your hand:") + " ", cards_text(obs["hand"])))
    for draw in obs.get("tie_draws", []):
        who = names.seat(draw["seat"])
        drew = gettext("Tie draw: {name} drew").format(name=who)
        parts.append(Text.assemble(drew + " ", card_text(draw["card"])))
    if over:
        golden = ", ".join(names.seat(w) for w in obs["winners"]) or gettext("nobody")
        verdict = gettext("Golden Egg (the winner, fewest points): {names}").format(names=golden)
        parts.append(Text(verdict, style="bold yellow"))
    return Group(*parts)


def _said(state: str) -> str:
    """A seat's Last Egg state ("said", "quiet") in the reader's language."""
    words = {"said": gettext("said"), "quiet": gettext("quiet")}
    return words.get(state, state)


_GOAL: Final = N_(
    "Goal: get rid of your cards. A Round ends when someone lays their last card; everyone "
    "else scores points for the cards they still hold (more cards, bigger multiplier). After "
    "the last Round the fewest points wins (the Golden Egg)."
)

_PLAY: Final = N_(
    "A Run: its leader lays any Lay (a single card, a pair, trips, or a Coop of 4 or 5 of one "
    "number). Everyone after must lay the SAME kind and strictly higher, or cluck (pass; you "
    "may still lay later in the Run). Higher = bigger number; on equal numbers the highest "
    "suit, blue < green < yellow < orange. Chickens beat every number; Big Red alone beats "
    "anything. A Coop may be laid on any Lay; only a higher Coop (or Big Red alone) beats it. "
    "When play comes back to the last Lay's player, they win the Run and lead the next.\n"
    "Ducks are wild: a Duck stands for any numbered card you declare, and every Duck laid "
    "flips the direction of play. After a Coop you choose: flip the direction or skip the next "
    "player."
)

_HELP: Final = {
    Phase.PLAY: _PLAY,
    Phase.FLIP_OR_SKIP: N_(
        "You laid a Coop: now you must either flip the direction of play or skip the next "
        "player (who counts as clucking). One or the other, never both."
    ),
    Phase.LAST_EGG: N_(
        "You have one card left: say 'Last Egg', or stay quiet. If you stay quiet, each other "
        "player in turn may catch you; a caught player draws two cards from the discard pile."
    ),
    Phase.CATCH: N_(
        "A player with one card left did not say 'Last Egg'. Catch them (they draw two cards "
        "from the discard pile) or let it go."
    ),
    Phase.GOOD_EGG_GIVES: N_(
        "The exchange: last Round's Good Egg (fewest points) gives their best card except Big "
        "Red to the Bad Egg (most points), face up: Chickens, then Ducks, then the highest "
        "Egg. There is never a choice. Then the Bad Egg gives any other card back."
    ),
    Phase.BAD_EGG_GIVES: N_(
        "The exchange: you are the Bad Egg and just got the Good Egg's best card. Give any "
        "other card back, face up: not the card you were just given, though a copy of it you "
        "held before may go back."
    ),
}


def phase_help(obs: Mapping[str, Any]) -> str:
    phase = obs.get("phase")
    text = _HELP.get(Phase(phase), _PLAY) if phase else _PLAY
    return f"{gettext(text)}\n\n{gettext(_GOAL)}"


LEGEND: Final = N_(
    "'>' marks the player to decide. 'cards': cards in hand. 'points': points so far (the "
    "lowest wins). 'this Run': each player's last Lay in this Run, or 'cluck' (passed). "
    "'Last Egg': said / quiet. Lays read 'pair: orange 9 + duck as blue 9': the cards, "
    "highest first; 'duck as' is what a Duck stands for. Suits, low to high: blue, green, "
    "yellow, orange. Direction: the order of play (cluckwise = seat order)."
)


def note(step: Choice) -> str | None:
    if step.kind == "lay":
        said = {
            1: N_("one card"),
            2: N_("two of one number (or two Chickens)"),
            3: N_("three of one number (or three Chickens)"),
            4: N_("Coop: beats any Lay; then flip or skip"),
            5: N_("Coop: beats any Lay; then flip or skip"),
        }.get(step.value)
        return gettext(said) if said else None
    if step.kind == "pass":
        return gettext("you may still lay later in this Run")
    if step.kind == "number":
        return gettext("any number 1-10, even one this deck lacks")
    if step.kind == "suit":
        return gettext("the suit the Duck stands for")
    if step.kind == "cards" and "Duck" in step.label:
        return gettext("a Duck flips the direction of play")
    return None


RENDERER: Final = TerminalRenderer(
    render, help=phase_help, legend=LEGEND, note=note, plain_kinds=frozenset({"egg"})
)
