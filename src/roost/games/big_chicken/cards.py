"""The BIG CHICKEN: Just Hatched deck as data: every count the rulebook gives, in one table.

Sources: the publisher's Just Hatched rulebook (update of 2024-11-19) and the BIG CHICKEN deck
it is played with ("any existing BIG CHICKEN deck"): four suits, lowest to highest like a
rainbow, Blue < Green < Yellow < Orange; numbered Egg cards 1-10, two copies per suit; five
Chickens, Blue to Orange and Big Red; three wild Ducks. The rulebook says all Chickens are
always used, all Ducks but with three players, where only one is; ten cards are dealt to each
player; the lowest Egg cards are left out, "the lowest numbered cards from the lowest-valued
suits" first. Its DECK SETUP table is a picture; `DECK_SETUP` below is the one deck per player
count that follows those statements and deals exactly ten cards each.

Card *types* are small ints ordered by "best card" (Eggs by number, then suit; then the Duck;
then the Chickens, Big Red last): ``(number - 1) * 4 + suit`` for Eggs (0-39), 40 for the Duck,
41-45 for the Blue, Green, Yellow and Orange Chickens and Big Red. Copies of a type are
interchangeable, so hands and piles hold type ids. Every Egg number 1-10 has a type even when a
deck leaves it out, so that the type ids (and the action ids built on them) are the same at
every player count, and a Duck may be declared as any numbered card ("ANY other numbered (Egg)
card, no matter what suit", the rulebook), even one this deck leaves out.
"""

from __future__ import annotations

from typing import Final

from roost.core.cards import CardInfo
from roost.core.decks import key_table

SUITS: Final = ("blue", "green", "yellow", "orange")
"""Lowest to highest, like a rainbow (the Pecking Order)."""
NUMBERS: Final = tuple(range(1, 11))
EGG_COPIES: Final = 2
"""Copies of each numbered Egg card per suit."""
CHICKEN_NAMES: Final = (
    "Blue Chicken",
    "Green Chicken",
    "Yellow Chicken",
    "Orange Chicken",
    "Big Red",
)
HAND_SIZE: Final = 10
"""Cards dealt to each player (the rulebook): the default of the `hand` parameter."""
ROUNDS: Final = 5
"""Rounds in a game (the rulebook): the default of the `rounds` parameter."""
MAX_DUCKS: Final = 8
"""The most Ducks the `copies` parameter may put in a deck: the box's three, more than
doubled (a bound on typed values; the Lays hold one Duck at most whatever the count)."""

# The deck per player count: Ducks used, the lowest Egg number used in each suit (blue, green,
# yellow, orange; every number from there to 10 is used, two copies each), and the players
# whose deck it is (the 2-player variant plays with the 4-player deck and leaves 20 cards out:
# see RULES.md, "The 2-player variant").
DECK_SETUP: Final = {
    # players: (ducks, lowest number per suit)     deck
    2: (3, (7, 7, 7, 7)),  # 40, 20 dealt (the 4-player deck)
    3: (1, (8, 8, 8, 8)),  # 30: 8-10 in all suits, one Duck
    4: (3, (7, 7, 7, 7)),  # 40: 7-10 in all suits
    5: (3, (6, 6, 6, 5)),  # 50: 6-10 in all suits + both Orange 5s
    6: (3, (5, 5, 4, 4)),  # 60: 5-10 in all suits + both Yellow 4s and both Orange 4s
}  # fmt: skip

NUM_EGG_TYPES: Final = len(NUMBERS) * len(SUITS)
DUCK: Final = NUM_EGG_TYPES
CHICKENS: Final = tuple(range(DUCK + 1, DUCK + 1 + len(CHICKEN_NAMES)))
BIG_RED: Final = CHICKENS[-1]
NUM_TYPES: Final = BIG_RED + 1
CHICKEN_NUMBER: Final = 11
"""Chickens rank above every number: they compare as if numbered 11 (they are not numbers)."""

# Default CARD SCORE multipliers: the rulebook's table is a picture not given in its text, so
# these are modelled on Big Two's penalty scoring (from this many cards left, this multiplier).
# The `multipliers` parameter overrides them.
MULTIPLIERS: Final = ((1, 1), (8, 2), (10, 3))


def egg(number: int, suit: int) -> int:
    """The type id of the numbered Egg card `number` (1-10) of `suit` (0-3)."""
    return (number - 1) * len(SUITS) + suit


def number_of(card: int) -> int:
    """The number of an Egg card type (Chickens: 11, the Duck: 0)."""
    if card < NUM_EGG_TYPES:
        return card // len(SUITS) + 1
    return 0 if card == DUCK else CHICKEN_NUMBER


def suit_of(card: int) -> int:
    """The suit (0-3) of an Egg card, the colour index (0-4) of a Chicken, -1 for the Duck."""
    if card < NUM_EGG_TYPES:
        return card % len(SUITS)
    return -1 if card == DUCK else card - CHICKENS[0]


def _name(card: int) -> str:
    if card < NUM_EGG_TYPES:
        return f"{SUITS[suit_of(card)]} {number_of(card)}"
    if card == DUCK:
        return "Duck"
    return CHICKEN_NAMES[card - CHICKENS[0]]


CARD_NAMES: Final = tuple(_name(card) for card in range(NUM_TYPES))

HIGH_RANK: Final = tuple(-1 if card == DUCK else card for card in range(NUM_TYPES))
"""How high a card is when the rulebook asks for "the highest card": its one card order (the
Golden Egg draw) is "numbered Egg cards by suit, then Chickens by suit, but Duck cards
automatically lose", so a Duck ranks below every Egg. Used for the Golden Egg draw and for the
Round-1 Bad Egg / Good Egg tie ("the highest card still in their hand"). An empty hand ranks
`NO_CARD`, lower still."""
NO_CARD: Final = -2


def build_deck(players: int) -> tuple[int, ...]:
    """Every card of the deck for `players`, sorted by type."""
    ducks, lowest = DECK_SETUP[players]
    cards: list[int] = []
    for number in NUMBERS:
        for suit in range(len(SUITS)):
            if number >= lowest[suit]:
                cards.extend([egg(number, suit)] * EGG_COPIES)
    cards.extend([DUCK] * ducks)
    cards.extend(CHICKENS)
    return tuple(sorted(cards))


def dealt_per_round(players: int, hand: int = HAND_SIZE) -> int:
    """Cards dealt each round: ten each (the whole deck, but 20 left out with two players)."""
    return hand * players


def deck_counts(players: int) -> tuple[int, ...]:
    """Copies of each card type in the deck for `players` (`DECK_SETUP`), by type id: the
    default of the `copies` parameter, which changes them."""
    counts = [0] * NUM_TYPES
    for card in build_deck(players):
        counts[card] += 1
    return tuple(counts)


def deck_of(counts: tuple[int, ...]) -> tuple[int, ...]:
    """Every card of a deck with `counts` copies per type id, sorted by type."""
    return tuple(card for card, copies in enumerate(counts) for _ in range(copies))


def most_copies(card: int) -> int:
    """How many copies of `card` a deck may hold: two of each Egg card (two copies per suit,
    which the Lays' numbering is built on), one of each Chicken (a hand's Chickens are a set),
    `MAX_DUCKS` Ducks."""
    if card < NUM_EGG_TYPES:
        return EGG_COPIES
    return MAX_DUCKS if card == DUCK else 1


COPIES_KEYS: Final = key_table(
    CARD_NAMES,
    {
        **{f"eggs-{n}": tuple(egg(n, s) for s in range(len(SUITS))) for n in NUMBERS},
        **{f"{suit}-eggs": tuple(egg(n, s) for n in NUMBERS) for s, suit in enumerate(SUITS)},
        "chickens": CHICKENS,
    },
)
"""The keys of the `copies` parameter: each card type (``blue-7``, ``orange-10``, ``duck``,
``blue-chicken``, ..., ``big-red``), then whole kinds: a number in every suit (``eggs-7``), every
number of a suit (``blue-eggs``), every Chicken (``chickens``)."""


SUIT_COLOURS: Final = ("blue", "green", "yellow", "orange", "red")
"""CSS colours of the suits, then Big Red's."""
SUIT_SYMBOLS: Final = ("B", "G", "Y", "O", "R")
"""A letter per suit (and R for Big Red), printed on the cards for colour-blind players."""
_TEXTS: Final = {
    "egg": "A numbered Egg: a higher number beats a lower one of any suit; equal numbers go by "
    "suit, blue < green < yellow < orange.",
    "duck": "Wild: stands for any numbered card you declare (one a Lay, never in a Coop or with "
    "Chickens); laying it reverses the direction of play.",
    "chicken": "Higher than every number (blue to orange); never laid with a Duck.",
    "big_red": "The highest card: laid alone he beats even a Coop, and nothing beats him.",
}


def _info(card: int) -> CardInfo:
    name = CARD_NAMES[card]
    if card < NUM_EGG_TYPES:
        suit = suit_of(card)
        label = str(number_of(card))
        return CardInfo(
            card, name, "egg", label, SUIT_COLOURS[suit], SUIT_SYMBOLS[suit], _TEXTS["egg"]
        )
    if card == DUCK:
        return CardInfo(card, name, "duck", "Duck", None, "D", _TEXTS["duck"])
    colour = card - CHICKENS[0]
    text = _TEXTS["big_red"] if card == BIG_RED else _TEXTS["chicken"]
    label = "Big Red" if card == BIG_RED else "Chicken"
    return CardInfo(card, name, "chicken", label, SUIT_COLOURS[colour], SUIT_SYMBOLS[colour], text)


CARD_INFO: Final = tuple(_info(card) for card in range(NUM_TYPES))
"""Every card type as a front end draws it (`Game.card_types`)."""

for _players in DECK_SETUP:
    _size = len(build_deck(_players))
    assert _size == HAND_SIZE * max(_players, 4 if _players == 2 else _players), _size
assert CARD_NAMES[BIG_RED] == "Big Red" and CARD_NAMES[egg(9, 3)] == "orange 9"
