"""The Egg Bound cards as data: every count and star value, in one table.

Sources: the rulebook (the publisher's instructions page, noodle-poodles.com/egg-bound-instructions)
gives 85 game cards, the groups (Egg cards, purple Chickens, blue Chicken Actions, red Regular
Actions, green Undo cards), the name of every card and the three star scores of a Chicken
(Pecking Order, IQ, Speed; "a star score of 4 is the best, and 1 is the worst"). How many copies
of each card there are and each Chicken's stars were shown only in the card pictures, which the
text lost, and no other public source gives them. The values below are defaults that fit
everything the text says: 18 Egg cards (six players times the three-egg cap, so every player can
get one to start with), 4 of each Chicken, Stars and the Song 4 each, Hatch It 3; red Bad Egg 5,
the other red cards 3 each; green Good Egg and Cluck-Off 6 each, Un-Bound 3: 85 in all. Each star
column uses 1-4 once, so two different Chickens never tie ("if both Chicken cards are the same
then nobody wins"). Put real values in `CARD_TABLE` and nothing else changes.

Card *types* are small ints; copies of a type are interchangeable, so hands and piles hold type
ids. Type 0 is the two-sided Egg card (Good Egg on one side, Bad Egg on the other); it never
enters a hand. The green "Good Egg" card, the red "Bad Egg" card and the "Egg Bound" card share
their names with the egg sides and with the game, so they have ids and names of their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from roost.core.cards import CardInfo

STAR_NAMES: Final = ("Pecking Order", "IQ", "Speed")
"""The three star scores of a Chicken, in the order of the `stars` column."""

# The card table: type id, name, group, copies, star scores (Chickens: Pecking Order, IQ, Speed)
# or the score a Star card compares (Star cards: an index into STAR_NAMES).
CARD_TABLE: Final = (
    # id  name                  group              copies  stars         compares
    (0,   "Egg card",           "egg",             18,     None,         None),  # 6 x the cap
    (1,   "Mother Hen",         "chicken",         4,      (3, 4, 1),    None),
    (2,   "Golden Hen",         "chicken",         4,      (2, 3, 2),    None),
    (3,   "Baby Hen",           "chicken",         4,      (1, 2, 4),    None),
    (4,   "Rooster",            "chicken",         4,      (4, 1, 3),    None),
    (5,   "Star Egg Head",      "chicken action",  4,      None,         1),     # IQ
    (6,   "Star Pecking Order", "chicken action",  4,      None,         0),
    (7,   "Star Chicken Run",   "chicken action",  4,      None,         2),     # Speed
    (8,   "Egg Laying Song",    "chicken action",  4,      None,         None),
    (9,   "Hatch It",           "chicken action",  3,      None,         None),
    (10,  "red Bad Egg",        "regular action",  5,      None,         None),
    (11,  "Egg-Splosion",       "regular action",  3,      None,         None),
    (12,  "Eggy Soldier",       "regular action",  3,      None,         None),
    (13,  "red Egg Bound",      "regular action",  3,      None,         None),
    (14,  "Fowl",               "regular action",  3,      None,         None),
    (15,  "green Good Egg",     "undo",            6,      None,         None),
    (16,  "Cluck-Off",          "undo",            6,      None,         None),
    (17,  "Un-Bound",           "undo",            3,      None,         None),
)  # fmt: skip
DECK_SIZE: Final = 85
HAND_SIZE: Final = 5
"""Cards in a hand after the deal and at the end of every turn."""
EGG_CAP: Final = 3
"""No player may have more than three Egg cards (Good or Bad) in front of them."""
EGGS_TO_WIN: Final = 3
"""Good Eggs face up that win the game."""
MAX_PLAYERS: Final = 6


@dataclass(frozen=True)
class CardType:
    id: int
    name: str
    group: str
    copies: int
    stars: tuple[int, int, int] | None
    compares: int | None


CARD_TYPES: Final = tuple(CardType(*row) for row in CARD_TABLE)
NUM_TYPES: Final = len(CARD_TYPES)
CARD_NAMES: Final = tuple(card.name for card in CARD_TYPES)
FULL_DECK: Final = tuple(card.id for card in CARD_TYPES for _ in range(card.copies))

EGG: Final = 0
MOTHER_HEN, GOLDEN_HEN, BABY_HEN, ROOSTER = 1, 2, 3, 4
STAR_EGG_HEAD, STAR_PECKING_ORDER, STAR_CHICKEN_RUN = 5, 6, 7
EGG_LAYING_SONG: Final = 8
HATCH_IT: Final = 9
BAD_EGG_CARD: Final = 10
EGG_SPLOSION: Final = 11
EGGY_SOLDIER: Final = 12
EGG_BOUND_CARD: Final = 13
FOWL: Final = 14
GOOD_EGG_CARD: Final = 15
CLUCK_OFF: Final = 16
UN_BOUND: Final = 17

CHICKENS: Final = tuple(c.id for c in CARD_TYPES if c.group == "chicken")
"""Chicken types, in the order their index is encoded in actions (0-3)."""
STARS: Final = tuple(c.id for c in CARD_TYPES if c.compares is not None)
"""Star card types, in the order their index is encoded in actions (0-2)."""
RED_ACTIONS: Final = tuple(c.id for c in CARD_TYPES if c.group == "regular action")
"""Red Regular Action types, in the order their index is encoded in actions (0-4)."""
EGG_COUNT: Final = CARD_TYPES[EGG].copies
DRAW_DECK: Final = tuple(card for card in FULL_DECK if card != EGG)
"""The cards shuffled and dealt at set-up (everything but the Egg cards)."""

STAR_SCORE: Final = tuple(
    tuple(CARD_TYPES[chicken].stars[s] for chicken in CHICKENS)  # type: ignore[index]
    for s in range(len(STAR_NAMES))
)
"""``STAR_SCORE[star score][chicken index]``: the stars a Chicken has for a score."""
STAR_COMPARES: Final = tuple(CARD_TYPES[star].compares for star in STARS)
"""The star score (index into STAR_NAMES) each Star card compares."""

assert len(FULL_DECK) == DECK_SIZE
assert [c.id for c in CARD_TYPES] == list(range(NUM_TYPES))
assert len(CHICKENS) == 4 and len(STARS) == 3 and len(RED_ACTIONS) == 5
assert EGG_COUNT >= MAX_PLAYERS, "every player starts with one Good Egg"

KIND_IDS: Final = {
    "egg": "egg",
    "chicken": "chicken",
    "chicken action": "chicken_action",
    "regular action": "regular_action",
    "undo": "undo",
}
"""The `CardInfo.kind` of each group (stable lowercase ids)."""
GROUP_COLOURS: Final = {
    "egg": None,
    "chicken": "purple",
    "chicken action": "blue",
    "regular action": "red",
    "undo": "green",
}
"""The colour of each group's cards, as a CSS colour name (the Egg card has none)."""
GROUP_SYMBOLS: Final = {
    "egg": "E",
    "chicken": "P",
    "chicken action": "B",
    "regular action": "R",
    "undo": "G",
}
"""A letter per group (Egg, Purple, Blue, Red, Green) for players who cannot tell the colours."""
_TEXTS: Final = {
    EGG: "Good Egg on one side, Bad Egg on the other: three Good Eggs in front of you win.",
    EGG_LAYING_SONG: "With a Chicken, take a Good Egg from the Egg Pile (not with three eggs, "
    "not while Egg Bound).",
    HATCH_IT: "With a Chicken, take a player's Good Egg; they may keep your Chicken for one of "
    "their cards.",
    BAD_EGG_CARD: "Turn one of a player's Good Eggs to its Bad side.",
    EGG_SPLOSION: "Put one of a player's eggs, Good or Bad, back on the Egg Pile.",
    EGGY_SOLDIER: "Take one of a player's Good Eggs (not with three eggs).",
    EGG_BOUND_CARD: "Put it in front of a player: no Egg Laying Song for them until they play "
    "Un-Bound.",
    FOWL: "Put it in front of a player: they lose their next turn.",
    GOOD_EGG_CARD: "Turn one of your Bad Eggs good.",
    CLUCK_OFF: "Play it at once when a card is played against you: that card does nothing.",
    UN_BOUND: "On your turn, discard it and the Egg Bound card in front of you.",
}


def _text(card: CardType) -> str:
    if card.stars is not None:
        stars = ", ".join(f"{name} {n}" for name, n in zip(STAR_NAMES, card.stars, strict=True))
        return f"{stars}: played with a blue Chicken Action."
    if card.compares is not None:
        return (
            f"With a Chicken face down, challenge a player on {STAR_NAMES[card.compares]}: "
            "more stars win a Good Egg."
        )
    return _TEXTS[card.id]


def _label(card: CardType) -> str:
    """What the card shows large: its name without the colour that tells namesakes apart."""
    if card.id == EGG:
        return "Egg"
    return card.name.removeprefix("red ").removeprefix("green ")


def _info(card: CardType) -> CardInfo:
    return CardInfo(
        card.id,
        card.name,
        KIND_IDS[card.group],
        _label(card),
        GROUP_COLOURS[card.group],
        GROUP_SYMBOLS[card.group],
        _text(card),
    )


CARD_INFO: Final = tuple(_info(card) for card in CARD_TYPES)
"""Every card type as a front end draws it (`Game.card_types`)."""
