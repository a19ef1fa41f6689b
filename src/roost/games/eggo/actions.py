"""Eggo's numbering: decision actions, phases, the per-card-type lookup tables, decision texts.

Kept apart from the state machine so that bots and views can read the action encoding without
importing the rules. The table of ids is in RULES.md.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from roost.core.message import Message, message
from roost.games.eggo.cards import (
    CARD_NAMES,
    CARD_TYPES,
    COLOUR_TERMS,
    COLOURS,
    HUMAN_CARDS,
    NO_CHARACTER,
    NUM_TYPES,
    PLAYER_CHARACTER_TERMS,
    PLAYER_CHARACTERS,
    PORTAL,
    RIFT,
    card_term,
)

# Decision actions.
PLAY_PORTAL: Final = 44
"""44-47: play a Portal and announce colour 0-3."""
PLAY_RIFT: Final = 48
"""48-51: play an All-Players Rift and announce colour 0-3."""
DRAW_A: Final = 52
DRAW_B: Final = 53
CHOOSE: Final = 54
"""54-60: choose player character 0-6 (6 is Barb)."""
NUM_ACTIONS: Final = CHOOSE + len(PLAYER_CHARACTERS)
"""The box's decision actions (61). A game with own cards has more (`EggoGame`)."""
OWN_PLAY: Final = NUM_ACTIONS
"""61...: play an own Draw N card, type id ``action - OWN_SHIFT`` (only with ``own_cards``)."""
OWN_SHIFT: Final = NUM_ACTIONS - NUM_TYPES
"""An own card's play action minus its type id (61 - 47): the first own type, 47, is played
by 61, the first id after the box's."""

# Phases: small ints for the state machine, `Phase` for everyone else.
CHOOSING: Final = 0
START_CARD: Final = 1
DEALING: Final = 2
TURN: Final = 3
DRAWING: Final = 4
OVER: Final = 5


class Phase(StrEnum):
    """What the table is doing (the ``phase`` of an observation)."""

    CHOOSE_CHARACTER = "choose_character"
    START_CARD = "start_card"
    DEAL = "deal"
    TURN = "turn"
    DRAW = "draw"
    OVER = "over"


PHASES: Final = tuple(Phase)
"""`Phase` of each state-machine phase number."""
assert PHASES.index(Phase.DRAW) == DRAWING and PHASES.index(Phase.OVER) == OVER

DECK_NAMES: Final = ("A", "B")
KIND: Final = tuple(card.kind for card in CARD_TYPES)
HUMAN: Final = frozenset(HUMAN_CARDS)
COLOUR: Final = tuple(card.colour for card in CARD_TYPES)
CHARACTER: Final = tuple(
    card.character if card.character is not None else NO_CHARACTER for card in CARD_TYPES
)
PLAY_ACTIONS: Final = tuple(
    (PLAY_PORTAL, PLAY_PORTAL + 1, PLAY_PORTAL + 2, PLAY_PORTAL + 3)
    if card == PORTAL
    else (PLAY_RIFT, PLAY_RIFT + 1, PLAY_RIFT + 2, PLAY_RIFT + 3)
    if card == RIFT
    else (card,)
    for card in range(len(CARD_TYPES))
)
"""The decision actions that play each card type (a wild card names a colour too)."""


def seat_name(seat: int) -> str:
    return f"P{seat}"


def played_card(action: int) -> int:
    """The card type a play action plays (Portal or Rift for their colour announcements, the
    type itself for the others, type ``action - OWN_SHIFT`` for an own card)."""
    if action >= OWN_PLAY:
        return action - OWN_SHIFT
    if action >= PLAY_RIFT:
        return RIFT
    if action >= PLAY_PORTAL:
        return PORTAL
    return action


def is_play(action: int) -> bool:
    """Whether a decision action plays a card (not a draw or a character choice)."""
    return action < DRAW_A or action >= OWN_PLAY


def decision_message(
    action: int, names: tuple[str, ...] = CARD_NAMES, actions: int = NUM_ACTIONS
) -> Message:
    """Readable text of a decision action as a message (the same for every viewer: all are
    public), with the game's card `names` and its number of `actions` (own cards add some)."""
    if not 0 <= action < actions:
        raise ValueError(f"action {action} is not an Eggo action (0-{actions - 1})")
    if action >= OWN_PLAY:
        return message("play {card}", card=card_term(names[action - OWN_SHIFT]))
    if action >= CHOOSE:
        character = PLAYER_CHARACTER_TERMS[action - CHOOSE]
        return message("choose {character}", character=character)
    if action >= DRAW_A:
        return message("draw from deck {deck}", deck=DECK_NAMES[action - DRAW_A])
    if action >= PLAY_PORTAL:
        wild = RIFT if action >= PLAY_RIFT else PORTAL
        colour = COLOUR_TERMS[(action - PLAY_PORTAL) % len(COLOURS)]
        return message("play {card}, announce {colour}", card=card_term(names[wild]), colour=colour)
    return message("play {card}", card=card_term(names[action]))


def decision_string(
    action: int, names: tuple[str, ...] = CARD_NAMES, actions: int = NUM_ACTIONS
) -> str:
    """`decision_message` in English (the canonical text)."""
    return decision_message(action, names, actions).english()
