"""Manda Huevos!'s numbering: decision actions, phases, board geometry, id tables, decision texts.

Kept apart from the state machine so that bots, views and tests can read the action encoding
without importing the rules. The table of ids is in RULES.md.

The board is ``6 x players`` cells: cell ``6 * seat + slot`` is slot ``slot`` (0-5) of
``seat``'s container; people see slots numbered 1-6.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Final

from roost.core.message import Message, Term, message, plain, term
from roost.games.manda_huevos.cards import (
    ACTION_CARDS,
    CONTAINER_SIZE,
    EGG_TYPES,
    HEN,
    MOVE_CARD,
    SLEEP_CARD,
    SWAP_CARD,
)

MAX_SEATS: Final = 6
POSITIONS: Final = MAX_SEATS * CONTAINER_SIZE
"""Board positions addressed by action ids: ``6 * seat + slot`` (ids do not depend on the
player count)."""

# Decision actions (see the table in RULES.md).
PLACE: Final = 0
"""0-125: place an egg of value ``v`` in container ``c``: ``PLACE + c * 21 + v``."""
PLAY_HEN: Final = PLACE + MAX_SEATS * EGG_TYPES
"""126: play the hen."""
HEN_TAKE: Final = PLAY_HEN + 1
"""127-162: with the hen, take the awake egg at position ``p`` into your container."""
HEN_STOP: Final = HEN_TAKE + POSITIONS
"""163: stop taking eggs with the hen."""
MOVE: Final = HEN_STOP + 1
"""164-379: Move an Egg from position ``p`` to container ``t``: ``MOVE + p * 6 + t``."""
SWAP: Final = MOVE + POSITIONS * MAX_SEATS
"""380-1675: Swap Eggs at positions ``a < b`` (different containers): ``SWAP + a * 36 + b``."""
TOGGLE: Final = SWAP + POSITIONS * POSITIONS
"""1676-1711: Put to Sleep / Wake the egg at position ``p``."""
PASS: Final = TOGGLE + POSITIONS
"""1712: pass (only with no card in hand and no usable action card)."""
NUM_ACTIONS: Final = PASS + 1
"""The printed cards' ids: 1713 (`MandaHuevosGame.num_distinct_actions` adds the own cards')."""
USE_OWN: Final = PASS + 1
"""1713-1716: use own action card ``k`` (the ``own_cards`` parameter): ``USE_OWN + k``; its
effect's targets are then chosen with the Move, Swap, Sleep / Wake and take ids above."""

# Phases: small ints for the state machine, `Phase` for everyone else.
DEALING: Final = 0
TURN: Final = 1
HEN_TAKING: Final = 2
DRAWING: Final = 3
OVER: Final = 4
ACTING: Final = 5
"""The player carries out an own action card's effect, one application per decision."""


class Phase(StrEnum):
    """What the table is doing (the ``phase`` of an observation)."""

    DEAL = "deal"
    TURN = "turn"
    HEN = "hen"
    """The player who played the hen is taking eggs with it."""
    DRAW = "draw"
    OVER = "over"
    ACT = "act"
    """The player is carrying out an own action card (`acting`), one egg at a time."""


PHASES: Final = tuple(Phase)
"""`Phase` of each state-machine phase number."""
assert PHASES.index(Phase.HEN) == HEN_TAKING and PHASES.index(Phase.OVER) == OVER
assert PHASES.index(Phase.ACT) == ACTING

MOVE_BIT: Final = 1 << MOVE_CARD
SWAP_BIT: Final = 1 << SWAP_CARD
SLEEP_BIT: Final = 1 << SLEEP_CARD
ALL_DOWN: Final = MOVE_BIT | SWAP_BIT | SLEEP_BIT

EMPTY: Final = -1
"""A cell with no egg."""
FULL: Final = (1 << CONTAINER_SIZE) - 1
"""The occupancy bits of a full container."""
BITS6: Final = tuple(
    tuple(slot for slot in range(CONTAINER_SIZE) if chunk >> slot & 1) for chunk in range(1 << 6)
)
"""The set slots of each 6-bit container mask."""
POP6: Final = tuple(len(slots) for slots in BITS6)
"""How many bits each 6-bit mask has set."""

# Id tables, so that generating legal actions costs one `extend` per container, not a Python
# step per action. A 6-bit mask is either the eggs of one container or a set of containers.
MOVE_IDS: Final = tuple(
    tuple(tuple(MOVE + p * MAX_SEATS + t for t in BITS6[targets]) for targets in range(64))
    for p in range(POSITIONS)
)
"""``MOVE_IDS[p][targets]``: moves of the egg at ``p`` to each container in ``targets``."""
SWAP_IDS: Final = tuple(
    tuple(
        tuple(SWAP + a * POSITIONS + CONTAINER_SIZE * c + s for s in BITS6[chunk])
        for c in range(MAX_SEATS)
        for chunk in range(64)
    )
    for a in range(POSITIONS)
)
"""``SWAP_IDS[a][64 * c + chunk]``: swaps of the egg at ``a`` with the eggs ``chunk`` of
container ``c``."""
TOGGLE_IDS: Final = tuple(
    tuple(tuple(TOGGLE + CONTAINER_SIZE * c + s for s in BITS6[chunk]) for chunk in range(64))
    for c in range(MAX_SEATS)
)
TAKE_IDS: Final = tuple(
    tuple(tuple(HEN_TAKE + CONTAINER_SIZE * c + s for s in BITS6[chunk]) for chunk in range(64))
    for c in range(MAX_SEATS)
)


def seat_name(seat: int) -> str:
    return f"P{seat}"


CARD: Final = "Manda Huevos card"
"""The catalogue context of Manda Huevos!'s card words (the hen, the action cards)."""
_HEN_TERM: Final = term("Manda Huevos card", "hen")
_ACTION_TERMS: Final = (
    term("Manda Huevos card", "Move an Egg"),
    term("Manda Huevos card", "Swap Eggs"),
    term("Manda Huevos card", "Put to Sleep / Wake"),
)
assert tuple(t.text for t in _ACTION_TERMS) == ACTION_CARDS


def action_card_word(card: int) -> Term:
    """An action card's name (`ACTION_CARDS`), by index 0-2."""
    return _ACTION_TERMS[card]


def card_word(card: int) -> Term | Message:
    """A card type's name (`CARD_NAMES`) as words a catalogue translates."""
    if card < EGG_TYPES:
        return message("egg {value}", value=card)
    if card == HEN:
        return _HEN_TERM
    return _ACTION_TERMS[card - HEN - 1]


def container_message(seat: int) -> Message:
    """ "P1's container" (`CONTAINER_NAMES`)."""
    return message("{seat}'s container", seat=seat_name(seat))


def position_message(position: int) -> Message:
    """ "P1's slot 3" (`POSITION_NAMES`)."""
    return message(
        "{seat}'s slot {slot}",
        seat=seat_name(position // CONTAINER_SIZE),
        slot=position % CONTAINER_SIZE + 1,
    )


CONTAINER_NAMES: Final = tuple(container_message(seat).english() for seat in range(MAX_SEATS))
POSITION_NAMES: Final = tuple(position_message(p).english() for p in range(POSITIONS))
"""Where each cell is, for people: slots are numbered 1-6 on screen (0-5 in action ids)."""


def egg_text(position: int, value: int | None, asleep: bool) -> str:
    """The egg at `position` in words: "egg 7 (P1's slot 3)"; a sleeping egg whose value the
    viewer may not know (`value` None) is "the sleeping egg in P1's slot 3"."""
    return egg_message(position, value, asleep).english()


def egg_message(position: int, value: int | None, asleep: bool) -> Message:
    """`egg_text` as a message."""
    where = position_message(position)
    if value is None:
        if asleep:
            return message("the sleeping egg in {where}", where=where)
        return message("the egg in {where}", where=where)
    return message("egg {value} ({where})", value=value, where=where)


def played_card(action: int) -> int:
    """The card type a placement or hen play shows (used to rewrite receipts)."""
    if action == PLAY_HEN:
        return HEN
    return (action - PLACE) % EGG_TYPES


def place_id(container: int, value: int) -> int:
    """The action that places an egg of `value` in `container`."""
    return PLACE + container * EGG_TYPES + value


def take_id(position: int) -> int:
    """The hen's take of the egg at `position`."""
    return HEN_TAKE + position


def move_id(position: int, target: int) -> int:
    """Move an Egg from `position` to container `target`."""
    return MOVE + position * MAX_SEATS + target


def swap_id(a: int, b: int) -> int:
    """Swap Eggs at positions `a` and `b` (in either order)."""
    return SWAP + min(a, b) * POSITIONS + max(a, b)


def toggle_id(position: int) -> int:
    """Put to Sleep / Wake the egg at `position`."""
    return TOGGLE + position


def decision_string(
    action: int, egg_at: Callable[[int], str], asleep: int, own_names: tuple[str, ...] = ()
) -> str:
    """Readable text of a decision action; `egg_at(position)` describes an egg as the viewer
    may know it (`egg_text`), `asleep` is the mask of sleeping positions, `own_names` the
    game's own action cards' names (the ids after pass)."""

    def said_egg(position: int) -> Message:
        return plain(egg_at(position))

    return decision_message(action, said_egg, asleep, own_names).english()


def decision_message(
    action: int, egg_at: Callable[[int], Message], asleep: int, own_names: tuple[str, ...] = ()
) -> Message:
    """`decision_string` as a message (`egg_at` gives `egg_message`s; own cards' names are the
    designer's words, said as written)."""
    if not 0 <= action < NUM_ACTIONS + len(own_names):
        raise ValueError(
            f"action {action} is not a Manda Huevos! action (0-{PASS + len(own_names)})"
        )
    if action > PASS:
        return message("use {card}", card=own_names[action - USE_OWN])
    if action == PASS:
        return message("pass (no card to play and no usable action card)")
    if action < PLAY_HEN:
        container, value = divmod(action - PLACE, EGG_TYPES)
        return message(
            "place egg {value} in {container}", value=value, container=container_message(container)
        )
    if action == PLAY_HEN:
        return message("play the hen")
    what = effect_message(action, egg_at, asleep)
    if action >= TOGGLE:
        if asleep >> (action - TOGGLE) & 1:
            return message("Wake: {what}", what=what)
        return message("Put to Sleep: {what}", what=what)
    if action >= SWAP:
        return message("Swap Eggs: {what}", what=what)
    if action >= MOVE:
        return message("Move an Egg: {what}", what=what)
    return message("hen: {what}", what=what)


def effect_message(action: int, egg_at: Callable[[int], Message], asleep: int) -> Message:
    """What a take, a stop, a move, a swap or a sleep / wake does, without the card's name
    (what follows the colon of its text): an own action card's application says it after the
    own card's name."""
    if action >= TOGGLE:
        return egg_at(action - TOGGLE)
    if action >= SWAP:
        a, b = divmod(action - SWAP, POSITIONS)
        return message("{egg} with {other}", egg=egg_at(a), other=egg_at(b))
    if action >= MOVE:
        position, target = divmod(action - MOVE, MAX_SEATS)
        return message(
            "{egg} to {container}", egg=egg_at(position), container=container_message(target)
        )
    if action == HEN_STOP:
        return message("stop taking eggs")
    return message("take {egg}", egg=egg_at(action - HEN_TAKE))
