"""BIG CHICKEN's numbering: every Lay of every player count, numbered once at import, as data;
the other decisions; the phases of the state machine; the texts of decisions.

Kept apart from the state machine so that bots and views can read the action encoding without
importing the rules.

A Lay is a set of cards of one number (or all Chickens), at most one Duck, which stands for a
numbered card whose number and suit the layer declares. Ids are fixed whatever the player count:

| ids | actions |
|---|---|
| 0 | Cluck (pass) |
| 1-1250 | Lays with numbered Eggs (and at most one Duck), 125 per number 1-10 |
| 1251-1281 | Lays of Chickens only (31 sets) |
| 1282, 1283 | after a Coop: flip the direction, skip the next player |
| 1284, 1285 | with one card left (strict Last Egg): say "Last Egg", stay quiet |
| 1286, 1287 | when a player stayed quiet: catch them, let it go |
| 1288-1333 | the Good Egg gives card type 0-45 (its best card) |
| 1334-1379 | the Bad Egg gives card type 0-45 back |

Within the block of a number, Lays are ordered by size, then by how high they are, so the Lays
that beat a given Lay are a run of each block: legal actions are gathered from per-hand lists
without sorting. A hand's Eggs of one number are a base-3 code of the copies held per suit
(0-2 each, 81 codes); the lists are indexed by number and code, plus whether a Duck is at hand.

Comparison (RULES.md, choices 2-4): within a size, by number (Chickens above every number),
then by the highest suit in the set, then the next; an identical set is not higher. Every Coop
beats every other kind of Lay; among Coops a Big Coop (5) beats a Little Coop (4), then number,
then suits. `KEY` encodes exactly that: compare keys of two Lays of the same size, or of two
Coops.
"""

from __future__ import annotations

from enum import StrEnum
from itertools import combinations, combinations_with_replacement
from typing import Final

from roost.core.message import Message, Term, message, term
from roost.games.big_chicken.cards import (
    CARD_NAMES,
    CHICKEN_NAMES,
    CHICKEN_NUMBER,
    CHICKENS,
    DUCK,
    EGG_COPIES,
    NUM_EGG_TYPES,
    NUM_TYPES,
    NUMBERS,
    SUITS,
    egg,
    number_of,
    suit_of,
)

CLUCK: Final = 0
LAY_BASE: Final = 1
SIZE_NAMES: Final = ("", "single", "pair", "trips", "little coop", "big coop")
COOP_SIZE: Final = 4
MAX_LAY: Final = 5
CODES: Final = 81
_POW3: Final[tuple[int, ...]] = (1, 3, 9, 27)
"""Base-3 codes of the Egg copies held of one number: suit s counts 3**s."""

_SIZE: list[int] = [0]
_NUMBER: list[int] = [0]
_CODE: list[int] = [0]
_DUCK: list[int] = [0]
_CHICKS: list[int] = [0]
_CARDS: list[tuple[int, ...]] = [()]
_DECLARED: list[int] = [-1]
_KEY: list[int] = [-1]
_TEXT: list[str] = ["cluck (pass)"]


def _key(size: int, number: int, suits: list[int]) -> int:
    base = number
    for suit in sorted(suits, reverse=True):
        base = base * 5 + suit
    for _ in range(MAX_LAY - len(suits)):
        base *= 5
    return (size - COOP_SIZE + 1) * 10_000_000 + base if size >= COOP_SIZE else base


def _real_sets(size: int) -> list[tuple[int, ...]]:
    """Multisets of `size` suits with at most two copies of each (suits high to low)."""
    return [
        tuple(sorted(combo, reverse=True))
        for combo in combinations_with_replacement(range(len(SUITS)), size)
        if all(combo.count(s) <= EGG_COPIES for s in combo)
    ]


def _add(
    size: int, number: int, code: int, duck: int, chicks: int, cards: tuple[int, ...],
    declared: int, key: int, text: str,
) -> None:  # fmt: skip
    _SIZE.append(size)
    _NUMBER.append(number)
    _CODE.append(code)
    _DUCK.append(duck)
    _CHICKS.append(chicks)
    _CARDS.append(cards)
    _DECLARED.append(declared)
    _KEY.append(key)
    _TEXT.append(text)


def _egg_block(number: int) -> None:
    entries: list[tuple[int, int, int, tuple[int, ...], int]] = []
    for size in range(1, MAX_LAY + 1):
        for reals in _real_sets(size):
            entries.append((size, _key(size, number, list(reals)), 0, reals, -1))
        if size < COOP_SIZE:  # Ducks never go into Coops
            for reals in _real_sets(size - 1):
                for declared in range(len(SUITS)):
                    key = _key(size, number, [*reals, declared])
                    entries.append((size, key, 1, reals, declared))
    entries.sort()
    for size, key, duck, reals, declared in entries:
        cards = tuple(egg(number, s) for s in reals) + ((DUCK,) if duck else ())
        parts = [CARD_NAMES[egg(number, s)] for s in reals]
        if duck:
            parts.append(f"duck as {CARD_NAMES[egg(number, declared)]}")
        _add(
            size,
            number,
            sum(_POW3[s] for s in reals),
            duck,
            0,
            cards,
            egg(number, declared) if duck else -1,
            key,
            f"{SIZE_NAMES[size]}: {' + '.join(parts)}",
        )


def _chicken_block() -> None:
    entries = []
    for size in range(1, len(CHICKENS) + 1):
        for combo in combinations(range(len(CHICKENS)), size):
            entries.append((size, _key(size, CHICKEN_NUMBER, list(combo)), combo))
    entries.sort()
    for size, key, combo in entries:
        high_first = sorted(combo, reverse=True)
        cards = tuple(CHICKENS[i] for i in high_first)
        _add(
            size,
            CHICKEN_NUMBER,
            0,
            0,
            sum(1 << i for i in combo),
            cards,
            -1,
            key,
            f"{SIZE_NAMES[size]}: {' + '.join(CARD_NAMES[c] for c in cards)}",
        )


for _number in NUMBERS:
    _egg_block(_number)
FIRST_CHICKEN_LAY: Final = len(_SIZE)
_chicken_block()
NUM_LAYS: Final = len(_SIZE) - LAY_BASE
BIG_RED_LAY: Final = next(
    a for a in range(FIRST_CHICKEN_LAY, len(_SIZE)) if _CARDS[a] == (CHICKENS[-1],)
)

FLIP: Final = LAY_BASE + NUM_LAYS
SKIP: Final = FLIP + 1
DECLARE: Final = FLIP + 2
FORGET: Final = FLIP + 3
CATCH: Final = FLIP + 4
LET_GO: Final = FLIP + 5
GIVE_BEST: Final = FLIP + 6
GIVE_BACK: Final = GIVE_BEST + NUM_TYPES
NUM_ACTIONS: Final = GIVE_BACK + NUM_TYPES

SIZE: Final = tuple(_SIZE)
NUMBER: Final = tuple(_NUMBER)
CODE: Final = tuple(_CODE)
"""Base-3 code of the numbered Eggs a Lay takes from the hand (subtract from the number's code)."""
USES_DUCK: Final = tuple(_DUCK)
CHICKS: Final = tuple(_CHICKS)
"""Bitmask of the Chickens a Lay takes (bit i: Chicken i, Big Red is bit 4)."""
CARDS: Final = tuple(_CARDS)
DECLARED: Final = tuple(_DECLARED)
"""The Egg card type a Lay's Duck stands for, or -1 (no Duck)."""
KEY: Final = tuple(_KEY)
LAY_TEXT: Final = tuple(_TEXT)


def _digit(code: int, suit: int) -> int:
    return code // _POW3[suit] % 3


def _fits(code_needed: int, code_held: int) -> bool:
    return all(_digit(code_needed, s) <= _digit(code_held, s) for s in range(len(SUITS)))


def _build_lists() -> tuple[
    list[list[list[list[int]]]], list[list[int]], list[list[list[int]]]
]:  # fmt: skip
    """FOLLOW[size][duck][index], COOPS[index], LEAD[duck][index]; index = (number-1)*81+code."""
    indices = len(NUMBERS) * CODES
    follow: list[list[list[list[int]]]] = [
        [[[] for _ in range(indices)] for _ in range(2)] for _ in range(4)
    ]
    coops: list[list[int]] = [[] for _ in range(indices)]
    lead: list[list[list[int]]] = [[[] for _ in range(indices)] for _ in range(2)]
    for action in range(LAY_BASE, FIRST_CHICKEN_LAY):
        number, size = NUMBER[action], SIZE[action]
        for code in range(CODES):
            if not _fits(CODE[action], code):
                continue
            index = (number - 1) * CODES + code
            for duck in (0, 1):
                if USES_DUCK[action] > duck:
                    continue
                lead[duck][index].append(action)
                if size < COOP_SIZE:
                    follow[size][duck][index].append(action)
            if size >= COOP_SIZE:
                coops[index].append(action)
    return follow, coops, lead


def _build_chicken_lists() -> tuple[list[list[list[int]]], list[list[int]], list[list[int]]]:
    """CH_FOLLOW[size][mask], CH_COOPS[mask], CH_LEAD[mask] over the Chickens held."""
    masks = 1 << len(CHICKENS)
    follow: list[list[list[int]]] = [[[] for _ in range(masks)] for _ in range(4)]
    coops: list[list[int]] = [[] for _ in range(masks)]
    lead: list[list[int]] = [[] for _ in range(masks)]
    for action in range(FIRST_CHICKEN_LAY, FLIP):
        for mask in range(masks):
            if CHICKS[action] & ~mask:
                continue
            lead[mask].append(action)
            if SIZE[action] < COOP_SIZE:
                follow[SIZE[action]][mask].append(action)
            else:
                coops[mask].append(action)
    return follow, coops, lead


# Each table its own Final name, so compiled code reads it directly (a name bound by unpacking
# a tuple is looked up in the module's dictionary at every use).
_LISTS: Final = _build_lists()
FOLLOW: Final = _LISTS[0]
COOPS: Final = _LISTS[1]
LEAD: Final = _LISTS[2]
_CHICKEN_LISTS: Final = _build_chicken_lists()
CH_FOLLOW: Final = _CHICKEN_LISTS[0]
CH_COOPS: Final = _CHICKEN_LISTS[1]
CH_LEAD: Final = _CHICKEN_LISTS[2]
DUCK_ONLY_LEAD: Final = tuple(
    tuple(a for a in LEAD[1][(n - 1) * CODES] if USES_DUCK[a]) for n in NUMBERS
)


def beats(action: int, top: int) -> bool:
    """Whether Lay `action` may be laid on Lay `top` (any Lay may lead: top < 0)."""
    if top < 0:
        return True
    if top == BIG_RED_LAY:
        return False
    if SIZE[top] >= COOP_SIZE:
        return action == BIG_RED_LAY or (SIZE[action] >= COOP_SIZE and KEY[action] > KEY[top])
    if SIZE[action] >= COOP_SIZE:
        return True
    return SIZE[action] == SIZE[top] and KEY[action] > KEY[top]


assert NUM_LAYS == 1281 and FIRST_CHICKEN_LAY == 1251 and NUM_ACTIONS == 1380, NUM_LAYS
assert LAY_TEXT[BIG_RED_LAY] == "single: Big Red"


# --- Lays as data (action_info) ----------------------------------------------------------------

HAND_CARDS: Final = tuple(tuple(sorted(cards)) for cards in CARDS)
"""The card type ids each Lay takes from the hand, sorted (a Duck as the Duck's type id)."""
_MULTISETS: Final = sorted(set(HAND_CARDS[LAY_BASE:FLIP]))
CARDS_ID: Final = tuple(_MULTISETS.index(cards) if cards else -1 for cards in HAND_CARDS)
"""An id per multiset of cards a Lay takes (the step that picks the cards): Lays that differ
only in what their Duck stands for share it."""
CARDS_LABEL: Final = tuple(
    " + ".join("Duck" if card == DUCK else CARD_NAMES[card] for card in cards) for cards in CARDS
)
"""The cards of each Lay in words, highest first, the Duck last ("orange 9 + Duck")."""


# --- phases: small ints for the state machine, `Phase` for everyone else -----------------------

DEAL: Final = 0
GOOD_GIVES: Final = 1
BAD_GIVES: Final = 2
PLAY: Final = 3
FLIP_OR_SKIP: Final = 4
LAST_EGG: Final = 5
CATCHING: Final = 6
PENALTY: Final = 7
TIE_DRAW: Final = 8
OVER: Final = 9
CHANCE_PHASES: Final = frozenset((DEAL, PENALTY, TIE_DRAW))


class Phase(StrEnum):
    """What the table is doing (the ``phase`` of an observation)."""

    DEAL = "deal"
    GOOD_EGG_GIVES = "good_egg_gives"
    BAD_EGG_GIVES = "bad_egg_gives"
    PLAY = "play"
    FLIP_OR_SKIP = "flip_or_skip"
    LAST_EGG = "last_egg"
    CATCH = "catch"
    PENALTY_DRAW = "penalty_draw"
    TIE_DRAW = "tie_draw"
    OVER = "over"


PHASES: Final = tuple(Phase)
"""`Phase` of each state-machine phase number."""
assert PHASES.index(Phase.CATCH) == CATCHING and PHASES.index(Phase.OVER) == OVER


# --- decisions in words ------------------------------------------------------------------------


def seat_name(seat: int) -> str:
    return f"P{seat}"


# --- decisions as messages (roost.core.message): the texts above, in any reader's language ------

CARD: Final = "BIG CHICKEN card"
"""The catalogue context of BIG CHICKEN's card words (suits, Chickens, the Duck)."""
LAY_KIND: Final = "BIG CHICKEN lay"
"""The catalogue context of the kinds of Lay (single, pair, ... big coop)."""

_SUIT_TERMS: Final = (
    term("BIG CHICKEN card", "blue"),
    term("BIG CHICKEN card", "green"),
    term("BIG CHICKEN card", "yellow"),
    term("BIG CHICKEN card", "orange"),
)
_CHICKEN_TERMS: Final = (
    term("BIG CHICKEN card", "Blue Chicken"),
    term("BIG CHICKEN card", "Green Chicken"),
    term("BIG CHICKEN card", "Yellow Chicken"),
    term("BIG CHICKEN card", "Orange Chicken"),
    term("BIG CHICKEN card", "Big Red"),
)
_DUCK_TERM: Final = term("BIG CHICKEN card", "Duck")
_SIZE_TERMS: Final = (
    term("BIG CHICKEN lay", "single"),
    term("BIG CHICKEN lay", "pair"),
    term("BIG CHICKEN lay", "trips"),
    term("BIG CHICKEN lay", "little coop"),
    term("BIG CHICKEN lay", "big coop"),
)
assert tuple(t.text for t in _SUIT_TERMS) == SUITS
assert tuple(t.text for t in _CHICKEN_TERMS) == CHICKEN_NAMES
assert tuple(t.text for t in _SIZE_TERMS) == SIZE_NAMES[1:]


def card_word(card: int) -> Term | Message:
    """A card's name (`CARD_NAMES`) as words a catalogue translates: "blue 3" is its suit and
    number, each language in its own order."""
    if card < NUM_EGG_TYPES:
        return message("{suit} {number}", suit=_SUIT_TERMS[suit_of(card)], number=number_of(card))
    if card == DUCK:
        return _DUCK_TERM
    return _CHICKEN_TERMS[card - CHICKENS[0]]


def size_word(size: int) -> Term:
    """The kind of a Lay of `size` (1-5) cards (`SIZE_NAMES`)."""
    return _SIZE_TERMS[size - 1]


def lay_message(action: int) -> Message:
    """`LAY_TEXT[action]` as a message: "pair: blue 3 + green 3", "single: duck as orange 9"."""
    if action == CLUCK:
        return message("cluck (pass)")
    parts: list[Term | Message] = [card_word(card) for card in CARDS[action] if card != DUCK]
    if USES_DUCK[action]:
        parts.append(message("duck as {card}", card=card_word(DECLARED[action])))
    cards = parts[0]
    for part in parts[1:]:
        cards = message("{cards} + {card}", cards=cards, card=part)
    return message("{kind}: {cards}", kind=size_word(SIZE[action]), cards=cards)


def decision_message(action: int, skipped: int | None = None, caught: int | None = None) -> Message:
    """`decision_string` as a message."""
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action {action} is not a BIG CHICKEN action (0-{NUM_ACTIONS - 1})")
    if action < FLIP:
        return lay_message(action)
    if action == FLIP:
        return message("flip: reverse the direction of play")
    if action == SKIP:
        if skipped is None:
            return message("skip the next player")
        return message("skip the next player ({seat})", seat=seat_name(skipped))
    if action == DECLARE:
        return message("say Last Egg")
    if action == FORGET:
        return message("stay quiet (do not say Last Egg)")
    if action == CATCH:
        if caught is None:
            return message("catch them: Last Egg!")
        return message("catch {seat}: Last Egg!", seat=seat_name(caught))
    if action == LET_GO:
        return message("let it go")
    if action < GIVE_BACK:
        return message(
            "give your best card, {card}, to the Bad Egg (face up)",
            card=card_word(action - GIVE_BEST),
        )
    return message("give {card} back to the Good Egg (face up)", card=card_word(action - GIVE_BACK))


def decision_string(action: int, skipped: int | None = None, caught: int | None = None) -> str:
    """Readable text of a decision action (the same for every viewer: all are public); a skip
    names the `skipped` seat and a catch the `caught` one when they are given."""
    return decision_message(action, skipped, caught).english()
