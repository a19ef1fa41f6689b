"""What Eggo shows: each seat's observation, actions in words and as data, reasons for refusals.

Functions of the state, kept apart from the rules so the state machine stays short. Everything a
seat is shown goes through `observation`, `action_text` and `action_info`. Observations name
cards by type id (`Game.card_types` gives their names, colours and texts) and everything else by
an enum whose values are stable ids; words for people are built from those by the front ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final, NotRequired, TypedDict

from roost.core.actions import ActionInfo, Choice
from roost.core.game import OMNISCIENT
from roost.core.view import ObservationReader
from roost.games.eggo.actions import (
    CHOOSE,
    CHOOSING,
    DEALING,
    DECK_NAMES,
    DRAW_A,
    DRAWING,
    OVER,
    OWN_PLAY,
    PHASES,
    PLAY_PORTAL,
    START_CARD,
    TURN,
    Phase,
    decision_string,
    played_card,
    seat_name,
)
from roost.games.eggo.cards import (
    CHARACTERS,
    COLOURS,
    DEMOGORGON,
    DEMOGORGONS_TO_END,
    NO_CHARACTER,
    PLAYER_CHARACTERS,
)

if TYPE_CHECKING:
    from roost.games.eggo.state import EggoState


class Colour(StrEnum):
    RED = "red"
    GREEN = "green"
    YELLOW = "yellow"
    BLUE = "blue"


class Character(StrEnum):
    """The characters on the cards (Will to Jonathan) and Barb, who is only a player's card."""

    WILL = "will"
    MIKE = "mike"
    LUCAS = "lucas"
    DUSTIN = "dustin"
    ELEVEN = "eleven"
    HOPPER = "hopper"
    JOYCE = "joyce"
    NANCY = "nancy"
    JONATHAN = "jonathan"
    BARB = "barb"


class Side(StrEnum):
    """The side of a player's character card that is face up."""

    UPSIDE_DOWN = "upside_down"
    RIGHT_SIDE_UP = "right_side_up"


class Direction(StrEnum):
    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"


COLOUR_IDS: Final = tuple(Colour)
DECK_CHARACTERS: Final = tuple(Character)[: len(CHARACTERS)]
PLAYER_CHARACTER_IDS: Final = (*tuple(Character)[:6], Character.BARB)
assert [c.value for c in DECK_CHARACTERS] == [name.lower() for name in CHARACTERS]
assert [c.value for c in PLAYER_CHARACTER_IDS] == [name.lower() for name in PLAYER_CHARACTERS]


class EggoObservation(TypedDict):
    """What one seat sees (``observation(seat)``); a spectator gets all but the hands."""

    game: str
    players: int
    seat: int | None
    """The seat this is the view of (None: a spectator or the omniscient view)."""
    phase: Phase
    current_player: int | None
    """The seat choosing, playing or drawing; None while cards are dealt or after the end."""
    characters: list[Character | None]
    """Each seat's character card (None until chosen)."""
    sides: list[Side]
    escaped: list[bool]
    hand_sizes: list[int]
    top: int | None
    """The card on top of the discard pile (a card type id)."""
    colour: Colour | None
    """The colour to match."""
    character: Character | None
    """The character to match (None after a Reverse, Draw 2, Portal or Rift)."""
    discard: list[int]
    """Every card played, oldest first (the start card first)."""
    decks: list[int]
    """Cards left in deck A and deck B."""
    demogorgons: int
    """Demogorgons drawn so far (the fourth, or the last of the game's `copies`, ends the game)."""
    direction: Direction
    draws_owed: int
    """Cards the seat to move must still draw for a Draw 2 (or an own Draw N: the top card)."""
    draws_this_turn: int
    hand: NotRequired[list[int]]
    """The seat's own hand, sorted (absent for a spectator)."""
    hands: NotRequired[list[list[int]]]
    """Every hand (the omniscient view only)."""
    deck_pool: NotRequired[list[int]]
    """The cards in the decks (the omniscient view only)."""
    winners: NotRequired[list[int]]
    """The seats that escaped, once the game is over."""


of, read = ObservationReader[EggoObservation]("eggo")
"""`of(view)` reads a bot's seat view, `read(obs)` any mapping, as EggoObservation."""


def observation(state: EggoState, seat: int | None) -> EggoObservation:
    """Everything `seat` may see (None: a spectator; OMNISCIENT: everything)."""
    game = state._game
    phase = state._phase
    played = bool(state._discard)
    obs: EggoObservation = {
        "game": game.name,
        "players": game.num_players,
        "seat": seat if seat != OMNISCIENT else None,
        "phase": PHASES[phase],
        "current_player": state._player if phase in (TURN, CHOOSING, DRAWING) else None,
        "characters": [PLAYER_CHARACTER_IDS[c] if c >= 0 else None for c in state._characters],
        "sides": [Side.UPSIDE_DOWN if up else Side.RIGHT_SIDE_UP for up in state._upside],
        "escaped": list(state._escaped),
        "hand_sizes": [len(hand) for hand in state._hands],
        "top": state._discard[-1] if played else None,
        "colour": COLOUR_IDS[state._colour] if played else None,
        "character": (
            DECK_CHARACTERS[state._character]
            if played and state._character != NO_CHARACTER
            else None
        ),
        "discard": list(state._discard),
        "decks": list(state._decks),
        "demogorgons": state._demogorgons,
        "direction": Direction.CLOCKWISE if state._direction == 1 else Direction.COUNTERCLOCKWISE,
        "draws_owed": state._forced,
        "draws_this_turn": state._draws,
    }
    if seat is not None and seat >= 0:
        obs["hand"] = sorted(state._hands[seat])
    if seat == OMNISCIENT:
        obs["hands"] = [sorted(hand) for hand in state._hands]
        obs["deck_pool"] = sorted(state._pool)
    if phase == OVER:
        obs["winners"] = state.winners()
    return obs


def action_text(state: EggoState, action: int, viewer: int | None) -> str:
    """`action` as `viewer` may know it: cards another player draws stay hidden."""
    phase = state._phase
    game = state._game
    names = game.card_names
    if phase in (TURN, CHOOSING, OVER):
        return decision_string(action, names, game.num_distinct_actions())
    name = names[action]
    if phase == START_CARD:
        return f"start card: {name}"
    if phase == DEALING:
        n = state._game.num_players
        seat = (state._game.hand_size * n - state._deal_left) % n
        shown = name if viewer in (seat, OMNISCIENT) else "a card"
        return f"{seat_name(seat)} is dealt {shown}"
    deck = DECK_NAMES[state._draw_from]
    if action == DEMOGORGON:
        return f"{seat_name(state._player)} draws a Demogorgon from deck {deck}"
    shown = name if viewer in (state._player, OMNISCIENT) else "a card"
    return f"{seat_name(state._player)} draws {shown} from deck {deck}"


def action_info(state: EggoState, action: int) -> ActionInfo:
    """A legal decision as data: play a card (announcing a colour for Portal and Rift), draw
    from a deck, or choose a character."""
    names = state._game.card_names
    if action >= OWN_PLAY:
        card = played_card(action)
        return ActionInfo("play", (Choice("card", card, names[card]),), cards=(card,))
    if action >= CHOOSE:
        character = action - CHOOSE
        name = PLAYER_CHARACTERS[character]
        return ActionInfo("choose", (Choice("character", character, name),))
    if action >= DRAW_A:
        deck = action - DRAW_A
        return ActionInfo("draw", (Choice("deck", deck, f"draw from deck {DECK_NAMES[deck]}"),))
    if action >= PLAY_PORTAL:
        card = played_card(action)
        colour = (action - PLAY_PORTAL) % len(COLOURS)
        steps = (Choice("card", card, names[card]), Choice("colour", colour, COLOURS[colour]))
        return ActionInfo("play", steps, cards=(card,), declared={"colour": colour})
    return ActionInfo("play", (Choice("card", action, names[action]),), cards=(action,))


def why_illegal(state: EggoState, action: int) -> str:
    """Why `action` (in range, not legal) is refused, in words a player can act on."""
    phase = state._phase
    names = state._game.card_names
    if phase in (START_CARD, DEALING, DRAWING):
        if action not in state._pool:
            return f"no {names[action]} is left in the deck"
        return f"the start card must show a human character, not {names[action]}"
    if phase == CHOOSING:
        if action < CHOOSE or action >= OWN_PLAY:
            return "every player chooses a character first"
        return f"{PLAYER_CHARACTERS[action - CHOOSE]} is already taken"
    if CHOOSE <= action < OWN_PLAY:
        return "characters were chosen at the start"
    if DRAW_A <= action < OWN_PLAY:
        deck = DECK_NAMES[action - DRAW_A]
        if state._forced == 0 and _playable_cards(state):
            return "you hold a card you can play, and must play it"
        return f"deck {deck} is empty"
    card = played_card(action)
    if state._forced:
        given = names[state._discard[-1]].partition(" ")[2]  # the Draw 2 (or N) just played
        return f"you must first draw the {state._forced} card(s) a {given} gave you"
    if card not in state._hands[state._player]:
        return f"you do not hold {names[card]}"
    return f"{names[card]} does not match {_top_description(state)}"


def _playable_cards(state: EggoState) -> list[int]:
    mask = state._game.playable[state._colour * 10 + state._character]
    return [card for card in state._hands[state._player] if mask >> card & 1]


def _top_description(state: EggoState) -> str:
    colour = COLOURS[state._colour]
    if state._character == NO_CHARACTER:
        return f"the colour in play ({colour})"
    return f"the top card ({colour} {CHARACTERS[state._character]})"


# --- what a player would say aloud -------------------------------------------------------------


def _seats(seats: list[int]) -> str:
    """ "P0", "P0 and P2", "P0, P1 and P2"."""
    names = [seat_name(seat) for seat in seats]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


_SIDE_WORDS: Final = {Side.RIGHT_SIDE_UP: "Right Side Up", Side.UPSIDE_DOWN: "Upside Down"}


def narrate(
    before: Mapping[str, Any], after: Mapping[str, Any], total: int = DEMOGORGONS_TO_END
) -> list[str]:
    """The events of one action a player would say aloud, from two observations of the same
    viewer (`Game.narrate`): flips, escapes, Demogorgons, a new direction, a Draw 2 owed, the
    end. Built from public fields only, and `total`, the Demogorgons in the deck (a game
    parameter, `EggoGame.narrate` passes it)."""
    lines: list[str] = []
    n = after["players"]
    flipped = [p for p in range(n) if before["sides"][p] != after["sides"][p]]
    if len(flipped) > 1:
        up = [p for p in flipped if after["sides"][p] == Side.RIGHT_SIDE_UP]
        down = [p for p in flipped if after["sides"][p] == Side.UPSIDE_DOWN]
        parts = [f"{_seats(up)} now Right Side Up"] if up else []
        parts += [f"{_seats(down)} now Upside Down"] if down else []
        lines.append(f"Everyone still in play flips: {'; '.join(parts)}")
    elif flipped:
        p = flipped[0]
        lines.append(f"{seat_name(p)} flips to {_SIDE_WORDS[Side(after['sides'][p])]}")
    for p in range(n):
        if after["escaped"][p] and not before["escaped"][p]:
            lines.append(f"{seat_name(p)} escaped: no cards left and Right Side Up")
        elif (
            not after["escaped"][p]
            and after["hand_sizes"][p] == 0
            and before["hand_sizes"][p] > 0
            and after["phase"] != Phase.DEAL
        ):
            lines.append(f"{seat_name(p)} has no cards left, but Upside Down: not escaped yet")
    demogorgons = after["demogorgons"]
    if demogorgons > before["demogorgons"]:
        if demogorgons >= total:
            lines.append(f"The {ordinal(total)} Demogorgon is out: the game ends")
        else:
            end = (
                "the next one ends the game"
                if demogorgons == total - 1
                else f"the {ordinal(total)} ends the game"
            )
            lines.append(f"Demogorgon {demogorgons} of {total} is out: {end}")
    if after["direction"] != before["direction"] and after["phase"] != Phase.OVER:
        lines.append(f"Play now goes {Direction(after['direction']).value}")
    owed = after["draws_owed"]
    if owed and not before["draws_owed"] and after["current_player"] is not None:
        # The draws owed appear the moment the card is played: `owed` is its N.
        lines.append(f"{seat_name(after['current_player'])} must first draw {owed} (Draw {owed})")
    if after["phase"] == Phase.OVER and before["phase"] != Phase.OVER:
        winners = list(after.get("winners", []))
        why = "" if demogorgons >= total else ": nobody is left in play"
        if winners:
            lines.append(f"Game over{why}. {_seats(winners)} escaped and won")
        else:
            lines.append(f"Game over{why}. Nobody escaped")
    return lines


_ORDINALS: Final = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def ordinal(number: int) -> str:
    """``4`` -> ``"fourth"`` (``"12th"`` past the words)."""
    if 1 <= number <= len(_ORDINALS):
        return _ORDINALS[number - 1]
    suffix = "th"
    if not 10 <= number % 100 <= 20:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"
