"""The Eggo deck as data: every count the rulebook and its public sources give, in one table.

Sources: Hasbro's announcement gives 106 Eggo cards and 7 character cards; reviews of the game
(reviewsbycole.com, ttpm.com) confirm the special cards, 4 Demogorgon, 8 Reverse, 8 Draw 2,
8 Portal and 6 All-Players Rift (34 in all), and four colours: the rulebook's examples use red,
green and yellow, and a review adds blue. The other 72 cards are character cards, inferred as
9 characters (Will, Mike, Lucas, Dustin, Eleven, Hopper, Joyce, Nancy, Jonathan) x 4 colours x
2 copies; Reverse and Draw 2 are coloured, two per colour; Portal and Rift have no colour.

Every count is a default: the game parameters `copies` (``demogorgon=3``, ``portal=4``,
``characters=1``, ``red-will=3``; keys in `COPIES_KEYS`) and `hand` change the deck and the deal
(`EggoGame` checks that the deck still makes a game); the engine reads its game's
(`EggoGame.counts`, `EggoGame.deck`), never these tables.

Card *types* are small ints; copies of a type are interchangeable, so hands and decks hold
type ids. Type ids: character cards ``colour * 9 + character`` (0-35), Reverse ``36 + colour``,
Draw 2 ``40 + colour``, Portal 44, All-Players Rift 45, Demogorgon 46. A designer's own Draw N
cards (the ``own_cards`` parameter, `parse_own_cards`) follow the Demogorgon, four colours per
N: ``47 + 4k + colour`` for the k-th N declared (`own_card_types`); the box's tables here never
hold them, the game's (`EggoGame`) do.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from roost.core.cards import CardInfo
from roost.core.decks import MOST_COPIES, key_table
from roost.core.message import Term, term

COLOURS: Final = ("red", "green", "yellow", "blue")
CHARACTERS: Final = (
    "Will", "Mike", "Lucas", "Dustin", "Eleven", "Hopper", "Joyce", "Nancy", "Jonathan",
)  # fmt: skip
PLAYER_CHARACTERS: Final = ("Will", "Mike", "Lucas", "Dustin", "Eleven", "Hopper", "Barb")
"""The seven character cards players choose from; Barb can never leave the Upside Down."""
BARB: Final = PLAYER_CHARACTERS.index("Barb")

# The deck table: kind, whether the kind comes in every colour, whether in every character,
# and the copies of each (colour, character) combination.
DECK_TABLE: Final = (
    # kind          per colour  per character  copies
    ("character",   True,       True,          2),  # 9 x 4 x 2 = 72
    ("reverse",     True,       False,         2),  # 4 x 2     =  8
    ("draw2",       True,       False,         2),  # 4 x 2     =  8
    ("portal",      False,      False,         8),
    ("rift",        False,      False,         6),
    ("demogorgon",  False,      False,         4),
)  # fmt: skip
DECK_SIZE: Final = 106
HAND_SIZE: Final = 4
"""Cards dealt to each player (the rulebook): the default of the `hand` parameter."""
DEMOGORGONS_TO_END: Final = 4
"""The Demogorgons in the box: the fourth, the last, ends the game. With the `copies`
parameter the last one drawn, however many there are, ends it (RULES.md, Parameters)."""

NO_CHARACTER: Final = len(CHARACTERS)
"""Character slot of a card or a top of pile that shows no character."""


@dataclass(frozen=True)
class CardType:
    id: int
    kind: str
    colour: int | None
    character: int | None
    copies: int
    draws: int = 0
    """Cards a Draw card makes the next player draw (2 for the printed Draw 2; 0: no draw)."""

    @property
    def name(self) -> str:
        colour = COLOURS[self.colour] if self.colour is not None else None
        if self.kind == "character":
            assert self.character is not None
            return f"{colour} {CHARACTERS[self.character]}"
        if self.kind == "draw":
            return f"{colour} Draw {self.draws}"
        label = {
            "reverse": "Reverse",
            "draw2": "Draw 2",
            "portal": "Portal",
            "rift": "All-Players Rift",
            "demogorgon": "Demogorgon",
        }[self.kind]
        return f"{colour} {label}" if colour else label


def _expand() -> tuple[CardType, ...]:
    types: list[CardType] = []
    for kind, per_colour, per_character, copies in DECK_TABLE:
        colours: list[int | None] = list(range(len(COLOURS))) if per_colour else [None]
        for colour in colours:
            characters: list[int | None] = list(range(len(CHARACTERS))) if per_character else [None]
            for character in characters:
                draws = 2 if kind == "draw2" else 0
                types.append(CardType(len(types), kind, colour, character, copies, draws))
    return tuple(types)


CARD_TYPES: Final = _expand()
NUM_TYPES: Final = len(CARD_TYPES)
CARD_NAMES: Final = tuple(card.name for card in CARD_TYPES)
PORTAL: Final = next(c.id for c in CARD_TYPES if c.kind == "portal")
RIFT: Final = next(c.id for c in CARD_TYPES if c.kind == "rift")
DEMOGORGON: Final = next(c.id for c in CARD_TYPES if c.kind == "demogorgon")
HUMAN_CARDS: Final = tuple(c.id for c in CARD_TYPES if c.kind == "character")
"""Types that may start the discard pile (a human character is shown)."""
COPIES_KEYS: Final = key_table(
    CARD_NAMES,
    {
        "characters": HUMAN_CARDS,
        **{
            name.lower(): tuple(c.id for c in CARD_TYPES if c.character == i)
            for i, name in enumerate(CHARACTERS)
        },
        "reverse": tuple(c.id for c in CARD_TYPES if c.kind == "reverse"),
        "draw-2": tuple(c.id for c in CARD_TYPES if c.kind == "draw2"),
        "rift": (RIFT,),
    },
)
"""The keys of the `copies` parameter: each card type (``red-will``, ``blue-reverse``,
``yellow-draw-2``, ``portal``, ``all-players-rift``, ``demogorgon``), then whole kinds: every
character card (``characters``), one character in every colour (``will``, ..., ``jonathan``),
each colour's Reverse (``reverse``) or Draw 2 (``draw-2``), and ``rift`` for the Rift."""
DEFAULT_COUNTS: Final = tuple(c.copies for c in CARD_TYPES)
"""Copies of each card type in the box, by type id: the default of the `copies` parameter."""


def deck_of(counts: tuple[int, ...]) -> tuple[int, ...]:
    """Every card of a deck with `counts` copies per type id, by type id, sorted."""
    return tuple(card for card, copies in enumerate(counts) for _ in range(copies))


FULL_DECK: Final = deck_of(DEFAULT_COUNTS)
"""The box's deck (the default); the engine reads its game's (`EggoGame.deck`)."""

assert len(FULL_DECK) == DECK_SIZE
assert (PORTAL, RIFT, DEMOGORGON) == (44, 45, 46)


def playable_masks(types: tuple[CardType, ...]) -> tuple[int, ...]:
    """Bitmask of playable card types for each top of pile ``colour * 10 + character``.

    A character card matches on colour or character; Reverse, Draw 2 and an own Draw N on
    colour only; Portal and Rift always.
    """
    masks = []
    for colour in range(len(COLOURS)):
        for character in range(NO_CHARACTER + 1):
            mask = 1 << PORTAL | 1 << RIFT
            for card in types:
                if (
                    card.kind == "character"
                    and (card.colour == colour or card.character == character)
                ) or (card.kind in ("reverse", "draw2", "draw") and card.colour == colour):
                    mask |= 1 << card.id
            masks.append(mask)
    return tuple(masks)


PLAYABLE: Final = playable_masks(CARD_TYPES)

COLOUR_SYMBOLS: Final = ("R", "G", "Y", "B")
"""A letter per colour, printed on every coloured card so colour-blind players can tell them."""
DEMOGORGON_TEXT: Final = "Set aside face up the moment it is drawn; the {} one ends the game."
"""The Demogorgon's text, with the ordinal of the one that ends the game (the last: the
`copies` parameter's count, four in the box)."""
_TEXTS: Final = {
    "character": "Play on a card of the same colour or the same character.",
    "reverse": "Play on its colour: the direction of play reverses.",
    "draw2": "Play on its colour: the next player draws two cards, then takes a normal turn.",
    "portal": "Play any time: you flip between the Upside Down and the Right Side Up, and "
    "announce the colour to match.",
    "rift": "Play any time: every player still in play flips, you too; announce the colour "
    "to match.",
    "demogorgon": DEMOGORGON_TEXT.format("fourth"),
}


_DRAW_WORDS: Final = ("", "one card", "two cards", "three cards", "four cards")


def _text(card: CardType) -> str:
    if card.kind == "draw":
        return (
            f"Your own card: play on its colour: the next player draws {_DRAW_WORDS[card.draws]}, "
            "then takes a normal turn."
        )
    return _TEXTS[card.kind]


def card_info(card: CardType) -> CardInfo:
    """A card type as a front end draws it (`Game.card_types`)."""
    colour = COLOURS[card.colour] if card.colour is not None else None
    if card.kind == "character":
        assert card.character is not None
        label = CHARACTERS[card.character]
    else:
        label = card.name.removeprefix(f"{colour} ") if colour else card.name
    symbol = COLOUR_SYMBOLS[card.colour] if card.colour is not None else "*"
    if card.kind == "demogorgon":
        symbol = "!"
    return CardInfo(card.id, card.name, card.kind, label, colour, symbol, _text(card))


CARD_INFO: Final = tuple(card_info(card) for card in CARD_TYPES)
"""Every card type as a front end draws it (`Game.card_types`)."""
HAND_MASK: Final = (1 << NUM_TYPES) - 1 - (1 << DEMOGORGON)
"""Types a hand may hold: a Demogorgon is set aside the moment it is drawn."""


# --- Your own cards: the ``own_cards`` parameter (RULES.md, "Your own cards") ----------------

OWN_DRAWS: Final = (1, 3, 4)
"""The N of a Draw N a designer may add: 1 to `MOST_DRAW`, but not 2, the printed Draw 2 (how
many of those the deck holds is ``copies=draw-2=N``)."""
MOST_DRAW: Final = 4
"""The largest N: a Draw 4 deals the next player the rulebook's whole hand of four again, the
most one card should do to a game whose hands start at four."""
_OWN_TERM: Final = re.compile(r"draw:(\d+)(?:x(\d+))?")


def parse_own_cards(text: str) -> tuple[tuple[int, int], ...]:
    """The own cards `text` declares, as (N, copies per colour) by N; `ValueError` says what
    is wrong.

    Terms are separated by ``/`` (or ``,`` where the text is not in a game string): ``draw:N``
    is a Draw N in each of the four colours, ``draw:NxC`` C of them per colour (the printed
    Draw 2 is ``x2``). The same N twice adds up.

    >>> parse_own_cards("draw:3x2/draw:1")
    ((1, 1), (3, 2))
    """
    copies = dict.fromkeys(OWN_DRAWS, 0)
    for part in text.replace(" ", "").lower().replace(",", "/").split("/"):
        if not part:
            continue
        match = _OWN_TERM.fullmatch(part)
        if match is None:
            raise ValueError(
                f"{part!r} is not a card like 'draw:3' or 'draw:3x2' (a Draw 3 in each colour, "
                "once or twice; terms are separated by '/')"
            )
        draws = int(match.group(1))
        times = int(match.group(2)) if match.group(2) is not None else 1
        if draws == 2:
            raise ValueError(
                f"{part!r}: the Draw 2 is printed; change how many with copies=draw-2:N"
            )
        if draws not in copies:
            raise ValueError(
                f"{part!r}: a Draw N draws 1 to {MOST_DRAW} cards "
                f"({', '.join(str(n) for n in OWN_DRAWS)}; 2 is printed)"
            )
        if times < 1:
            raise ValueError(f"{part!r}: the number of copies per colour must be at least 1")
        copies[draws] += times
        if copies[draws] > MOST_COPIES:
            raise ValueError(
                f"{part!r}: at most {MOST_COPIES} copies of a card; the Draw {draws} of each "
                f"colour would have {copies[draws]}"
            )
    return tuple((draws, n) for draws, n in copies.items() if n)


def own_cards_text(draws: tuple[tuple[int, int], ...]) -> str:
    """The own cards written the one way a game keeps them: by N, ``xC`` only when C > 1,
    separated by ``/`` (no ``,`` or ``=``: the value survives OpenSpiel's game strings and
    ``--sweep`` lists).

    >>> own_cards_text(parse_own_cards("draw:3, draw:1, draw:3"))
    'draw:1/draw:3x2'
    """
    return "/".join(f"draw:{n}" if c == 1 else f"draw:{n}x{c}" for n, c in draws)


def own_card_types(draws: tuple[tuple[int, int], ...]) -> tuple[CardType, ...]:
    """The card types of own Draw N cards (ids after the Demogorgon: ``47 + 4k + colour``)."""
    types: list[CardType] = []
    for n, copies in draws:
        for colour in range(len(COLOURS)):
            types.append(CardType(NUM_TYPES + len(types), "draw", colour, None, copies, n))
    return tuple(types)


# --- the cards' names as words of the game (roost.core.message) -------------------------------

CARD_TERMS: Final = (
    term("Eggo card", "red Will"),
    term("Eggo card", "red Mike"),
    term("Eggo card", "red Lucas"),
    term("Eggo card", "red Dustin"),
    term("Eggo card", "red Eleven"),
    term("Eggo card", "red Hopper"),
    term("Eggo card", "red Joyce"),
    term("Eggo card", "red Nancy"),
    term("Eggo card", "red Jonathan"),
    term("Eggo card", "green Will"),
    term("Eggo card", "green Mike"),
    term("Eggo card", "green Lucas"),
    term("Eggo card", "green Dustin"),
    term("Eggo card", "green Eleven"),
    term("Eggo card", "green Hopper"),
    term("Eggo card", "green Joyce"),
    term("Eggo card", "green Nancy"),
    term("Eggo card", "green Jonathan"),
    term("Eggo card", "yellow Will"),
    term("Eggo card", "yellow Mike"),
    term("Eggo card", "yellow Lucas"),
    term("Eggo card", "yellow Dustin"),
    term("Eggo card", "yellow Eleven"),
    term("Eggo card", "yellow Hopper"),
    term("Eggo card", "yellow Joyce"),
    term("Eggo card", "yellow Nancy"),
    term("Eggo card", "yellow Jonathan"),
    term("Eggo card", "blue Will"),
    term("Eggo card", "blue Mike"),
    term("Eggo card", "blue Lucas"),
    term("Eggo card", "blue Dustin"),
    term("Eggo card", "blue Eleven"),
    term("Eggo card", "blue Hopper"),
    term("Eggo card", "blue Joyce"),
    term("Eggo card", "blue Nancy"),
    term("Eggo card", "blue Jonathan"),
    term("Eggo card", "red Reverse"),
    term("Eggo card", "green Reverse"),
    term("Eggo card", "yellow Reverse"),
    term("Eggo card", "blue Reverse"),
    term("Eggo card", "red Draw 2"),
    term("Eggo card", "green Draw 2"),
    term("Eggo card", "yellow Draw 2"),
    term("Eggo card", "blue Draw 2"),
    term("Eggo card", "Portal"),
    term("Eggo card", "All-Players Rift"),
    term("Eggo card", "Demogorgon"),
)
"""Each box card type's name as a term of the game's vocabulary, by type id (the catalogue's
extractor reads the literal names, so each is written out)."""
OWN_CARD_TERMS: Final = (
    term("Eggo card", "red Draw 1"),
    term("Eggo card", "green Draw 1"),
    term("Eggo card", "yellow Draw 1"),
    term("Eggo card", "blue Draw 1"),
    term("Eggo card", "red Draw 3"),
    term("Eggo card", "green Draw 3"),
    term("Eggo card", "yellow Draw 3"),
    term("Eggo card", "blue Draw 3"),
    term("Eggo card", "red Draw 4"),
    term("Eggo card", "green Draw 4"),
    term("Eggo card", "yellow Draw 4"),
    term("Eggo card", "blue Draw 4"),
)
"""Every own Draw N a designer may add (`OWN_DRAWS` in each colour), named as the box's are."""
DRAW_TERMS: Final = (
    term("Eggo card", "Draw 1"),
    term("Eggo card", "Draw 2"),
    term("Eggo card", "Draw 3"),
    term("Eggo card", "Draw 4"),
)
"""A Draw N without its colour (a refusal says which kind of card gave the draws), N 1-4."""
COLOUR_TERMS: Final = (
    term("Eggo colour", "red"),
    term("Eggo colour", "green"),
    term("Eggo colour", "yellow"),
    term("Eggo colour", "blue"),
)
"""The colours, by colour index (a Portal or Rift announces one)."""
PLAYER_CHARACTER_TERMS: Final = (
    term("Eggo character", "Will"),
    term("Eggo character", "Mike"),
    term("Eggo character", "Lucas"),
    term("Eggo character", "Dustin"),
    term("Eggo character", "Eleven"),
    term("Eggo character", "Hopper"),
    term("Eggo character", "Barb"),
)
"""The seven character cards players choose from, by index."""
_TERM_OF_NAME: Final = {card.text: card for card in CARD_TERMS + OWN_CARD_TERMS}

assert tuple(card.text for card in CARD_TERMS) == CARD_NAMES
assert tuple(card.text for card in COLOUR_TERMS) == COLOURS
assert tuple(card.text for card in PLAYER_CHARACTER_TERMS) == PLAYER_CHARACTERS
assert {card.text for card in OWN_CARD_TERMS} == {
    f"{colour} Draw {n}" for n in OWN_DRAWS for colour in COLOURS
}
assert tuple(card.text for card in DRAW_TERMS) == tuple(
    f"Draw {n}" for n in range(1, MOST_DRAW + 1)
)


def card_term(name: str) -> Term:
    """The term of a card named `name` (a game's `card_names` entry: the box's or an own
    Draw N); `KeyError` for a name no card has."""
    return _TERM_OF_NAME[name]
