"""The Egg Bound cards as data: every count and star value, in one table.

Sources: the rulebook (the publisher's instructions page, noodle-poodles.com/egg-bound-instructions)
gives 85 game cards, the groups (Egg cards, purple Chickens, blue Chicken Actions, red Regular
Actions, green Undo cards), the name of every card and the three star scores of a Chicken
(Pecking Order, IQ, Speed; "a star score of 4 is the best, and 1 is the worst"). How many copies
of each card there are and each Chicken's stars were shown only in the card pictures, which the
text lost, and no other public source gives them.

Each Chicken's stars: each star column uses 1-4 once, so two different Chickens never tie ("if
both Chicken cards are the same then nobody wins"). Put real values in `CARD_TABLE` and nothing
else changes.

The copies are an inference, a parameter (`composition`, `copies`), in `COPIES_TABLE`:

* ``fitted-2026``, the default: the deck chosen by a search of the plausible decks for the one
  whose games best fit the rulebook's "5 to 15 minutes" at 2-6 players while they end (fewer
  than 1 game in 1,000 reaching the turn cap with heuristic bots at every player count): 21 Egg
  cards, 5 of each Chicken, 4 of each Star, Egg Laying Song 3, Hatch It 5; red Bad Egg 1,
  Egg-Splosion 1, Eggy Soldier 5, red Egg Bound 1, Fowl 4; green Good Egg 2, Cluck-Off 8,
  Un-Bound 2. The search, its score, its runner-ups and why the first guess looped are in the
  game's RULES.md (The cards: how many of each); `scripts/egg_bound_compositions.py` repeats it.
* ``classic-2025``, the first guess, kept as a variant: 18 Egg cards (six players times the
  three-egg cap, so every player can get one to start with), 4 of each Chicken, Stars and the
  Song 4 each, Hatch It 3; red Bad Egg 5, the other red cards 3 each; green Good Egg and
  Cluck-Off 6 each, Un-Bound 3. It fits the text as well, but its games do not converge: with
  heuristic bots 6% of 4-player and 22% of 6-player games reach the 300-turn cap.

Both hold the 85 cards and every card the rulebook names; the Chickens alike and the Stars
alike, as the rulebook treats each as one family.

Card *types* are small ints; copies of a type are interchangeable, so hands and piles hold type
ids. Type 0 is the two-sided Egg card (Good Egg on one side, Bad Egg on the other); it never
enters a hand. The green "Good Egg" card, the red "Bad Egg" card and the "Egg Bound" card share
their names with the egg sides and with the game, so they have ids and names of their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from roost.core.cards import CardInfo
from roost.core.decks import apply_copies, card_key, key_table
from roost.core.message import Message, Term, message, term

STAR_NAMES: Final = ("Pecking Order", "IQ", "Speed")
"""The three star scores of a Chicken, in the order of the `stars` column."""

# The card table: type id, name, group, star scores (Chickens: Pecking Order, IQ, Speed) or the
# score a Star card compares (Star cards: an index into STAR_NAMES). How many copies of each
# there are is a composition (below), a game parameter.
CARD_TABLE: Final = (
    # id  name                  group              stars         compares
    (0,   "Egg card",           "egg",             None,         None),
    (1,   "Mother Hen",         "chicken",         (3, 4, 1),    None),
    (2,   "Golden Hen",         "chicken",         (2, 3, 2),    None),
    (3,   "Baby Hen",           "chicken",         (1, 2, 4),    None),
    (4,   "Rooster",            "chicken",         (4, 1, 3),    None),
    (5,   "Star Egg Head",      "chicken action",  None,         1),     # IQ
    (6,   "Star Pecking Order", "chicken action",  None,         0),
    (7,   "Star Chicken Run",   "chicken action",  None,         2),     # Speed
    (8,   "Egg Laying Song",    "chicken action",  None,         None),
    (9,   "Hatch It",           "chicken action",  None,         None),
    (10,  "red Bad Egg",        "regular action",  None,         None),
    (11,  "Egg-Splosion",       "regular action",  None,         None),
    (12,  "Eggy Soldier",       "regular action",  None,         None),
    (13,  "red Egg Bound",      "regular action",  None,         None),
    (14,  "Fowl",               "regular action",  None,         None),
    (15,  "green Good Egg",     "undo",            None,         None),
    (16,  "Cluck-Off",          "undo",            None,         None),
    (17,  "Un-Bound",           "undo",            None,         None),
)  # fmt: skip
DECK_SIZE: Final = 85
"""Game cards in the box ("85 x Game cards"): every composition holds exactly this many."""
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
    stars: tuple[int, int, int] | None
    compares: int | None


CARD_TYPES: Final = tuple(CardType(*row) for row in CARD_TABLE)
NUM_TYPES: Final = len(CARD_TYPES)
CARD_NAMES: Final = tuple(card.name for card in CARD_TYPES)
CARD_KEYS: Final = tuple(card_key(name) for name in CARD_NAMES)
"""Each card type's name as a key of the `copies` parameter: ``egg-card``, ``mother-hen``, ...,
``red-bad-egg``, ``cluck-off``, ``un-bound``."""

EGG: Final = 0
MOTHER_HEN: Final = 1
GOLDEN_HEN: Final = 2
BABY_HEN: Final = 3
ROOSTER: Final = 4
STAR_EGG_HEAD: Final = 5
STAR_PECKING_ORDER: Final = 6
STAR_CHICKEN_RUN: Final = 7
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

STAR_SCORE: Final = tuple(
    tuple(CARD_TYPES[chicken].stars[s] for chicken in CHICKENS)  # type: ignore[index]
    for s in range(len(STAR_NAMES))
)
"""``STAR_SCORE[star score][chicken index]``: the stars a Chicken has for a score."""
STAR_COMPARES: Final = tuple(CARD_TYPES[star].compares for star in STARS)
"""The star score (index into STAR_NAMES) each Star card compares."""

assert [c.id for c in CARD_TYPES] == list(range(NUM_TYPES))
assert len(CHICKENS) == 4 and len(STARS) == 3 and len(RED_ACTIONS) == 5

# --- compositions: how many copies of each card ---------------------------------------------

COMPOSITION_NAMES: Final = ("fitted-2026", "classic-2025")
"""The named compositions, the default first (the `composition` parameter's choices)."""
# Copies of each card type in each named composition, one column per name: an inference, the
# rulebook's card table being lost (the module docstring; RULES.md, The cards: how many of each).
COPIES_TABLE: Final = (
    # card                  fitted-2026  classic-2025
    ("Egg card",            21,          18),
    ("Mother Hen",          5,           4),
    ("Golden Hen",          5,           4),
    ("Baby Hen",            5,           4),
    ("Rooster",             5,           4),
    ("Star Egg Head",       4,           4),
    ("Star Pecking Order",  4,           4),
    ("Star Chicken Run",    4,           4),
    ("Egg Laying Song",     3,           4),
    ("Hatch It",            5,           3),
    ("red Bad Egg",         1,           5),
    ("Egg-Splosion",        1,           3),
    ("Eggy Soldier",        5,           3),
    ("red Egg Bound",       1,           3),
    ("Fowl",                4,           3),
    ("green Good Egg",      2,           6),
    ("Cluck-Off",           8,           6),
    ("Un-Bound",            2,           3),
)  # fmt: skip
MOST_COPIES: Final = 40
"""The most copies of one card type (but the Egg card) a composition may hold: a sanity bound
on typed values (the Egg cards are bounded by `LEAST_OTHER_CARDS`)."""
LEAST_OTHER_CARDS: Final = HAND_SIZE * MAX_PLAYERS + 2 * MAX_PLAYERS + 1
"""The fewest cards besides the Egg cards: six full hands, an Egg Bound card and a Fowl in
front of each of six players, and one more, so a card can always be drawn (RULES.md, the length
bound)."""
GROUP_KEYS: Final = {
    "chickens": tuple(c.id for c in CARD_TYPES if c.group == "chicken"),
    "stars": tuple(c.id for c in CARD_TYPES if c.compares is not None),
}
"""Keys of the `copies` parameter that set every card of a kind at once (each Chicken, each
Star), so that changes keep the kinds alike, as the named compositions do."""
COPIES_KEYS: Final = key_table(CARD_NAMES, GROUP_KEYS)
"""Every key of the `copies` parameter: each card's, then each kind's."""


def composition_problem(counts: Sequence[int]) -> str | None:
    """What keeps `counts` (copies per card type id) from being an Egg Bound deck, or None.

    The rules come from the rulebook (85 game cards, every card it names is in the box, every
    player starts with a Good Egg) and from the engine's length bound (enough other cards that
    a draw always finds one)."""
    if len(counts) < NUM_TYPES:
        return f"{NUM_TYPES} counts are needed, one per card type; got {len(counts)}"
    missing = [CARD_KEYS[card] for card, count in enumerate(counts[:NUM_TYPES]) if count < 1]
    if missing:
        return f"every card the rulebook names is in the deck; {', '.join(missing)} would have none"
    many = [
        CARD_KEYS[card]
        for card, count in enumerate(counts[:NUM_TYPES])
        if card and count > MOST_COPIES
    ]
    if many:
        return f"at most {MOST_COPIES} copies of a card; {', '.join(many)} would have more"
    total = sum(counts)
    if total != DECK_SIZE:
        change = "add" if total < DECK_SIZE else "remove"
        own = sum(counts[NUM_TYPES:])
        mine = f", {own} of them own Chickens" if own else ""
        return (
            f"the box holds {DECK_SIZE} game cards; these counts make {total}{mine} "
            f"({change} {abs(total - DECK_SIZE)}"
            + (", e.g. with 'copies' egg-card=N or chickens=N)" if own else ")")
        )
    if counts[EGG] < MAX_PLAYERS:
        return (
            f"at least {MAX_PLAYERS} Egg cards are needed (each of up to {MAX_PLAYERS} players "
            f"starts with one); got {counts[EGG]}"
        )
    if total - counts[EGG] < LEAST_OTHER_CARDS:
        return (
            f"at least {LEAST_OTHER_CARDS} cards besides the Egg cards are needed (so a draw "
            f"always finds a card); got {total - counts[EGG]}"
        )
    return None


class Composition:
    """How many copies of each card type the deck holds, and the decks that follow.

    Immutable. The named ones are `COMPOSITIONS`; `with_copies` changes some counts, so a
    designer can try any deck the rulebook allows (`composition_problem` says which)."""

    name: str
    """The named composition, followed by the changes made to it, if any."""
    counts: tuple[int, ...]
    """Copies per card type id."""
    eggs: int
    """Egg cards: one for each player, the rest the Egg Pile."""
    draw_deck: tuple[int, ...]
    """The cards shuffled and dealt at set-up (everything but the Egg cards), by type id."""
    full_deck: tuple[int, ...]
    """Every card, the Egg cards first."""
    first_pile: tuple[int, ...]
    """The first Draw Pile before the deal, as copies per card type id (0 Egg cards)."""

    def __init__(self, name: str, counts: Sequence[int]) -> None:
        problem = composition_problem(counts)
        if problem is not None:
            raise ValueError(problem)
        self.name = name
        self.counts = tuple(counts)
        self.eggs = counts[EGG]
        self.draw_deck = tuple(card for card in range(1, len(counts)) for _ in range(counts[card]))
        self.full_deck = (EGG,) * self.eggs + self.draw_deck
        self.first_pile = (0, *self.counts[1:])

    def with_copies(self, text: str, own: Sequence[OwnChicken] = ()) -> Composition:
        """This composition with the counts `text` sets: comma-separated ``KEY=N``, a key of
        `CARD_KEYS` (one card type) or of `GROUP_KEYS` (each Chicken, each Star), e.g.
        ``"red-bad-egg=4,egg-laying-song=5"`` (read by the games' shared `apply_copies`), and
        the own Chickens `own` as card types 18 on (they count among the box's 85 cards, so
        `text` makes room for them). Raises ValueError saying what is wrong."""
        counts, changes = apply_copies(self.counts[:NUM_TYPES], text, COPIES_KEYS)
        if own:
            counts = (*counts, *(chicken.copies for chicken in own))
            changes = (*changes, own_cards_text(own))
        if not changes:
            return self
        return Composition(f"{self.name} with {','.join(changes)}", counts)

    def describe(self) -> str:
        """Every count, as ``with_copies`` reads them (for reports and the rules page)."""
        printed = zip(CARD_KEYS, self.counts[:NUM_TYPES], strict=True)
        return ",".join(f"{key}={count}" for key, count in printed)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Composition) and other.counts == self.counts

    def __hash__(self) -> int:
        return hash(self.counts)

    def __repr__(self) -> str:
        return f"Composition({self.name!r}, {self.counts!r})"


def _compositions() -> dict[str, Composition]:
    assert tuple(row[0] for row in COPIES_TABLE) == CARD_NAMES
    columns: dict[str, list[int]] = {name: [] for name in COMPOSITION_NAMES}
    for _, *counts in COPIES_TABLE:
        assert len(counts) == len(COMPOSITION_NAMES)
        for name, count in zip(COMPOSITION_NAMES, counts, strict=True):
            assert isinstance(count, int)
            columns[name].append(count)
    return {name: Composition(name, counts) for name, counts in columns.items()}


COMPOSITIONS: Final = _compositions()
"""The named compositions (the `composition` parameter's choices)."""
DEFAULT_COMPOSITION: Final = COMPOSITION_NAMES[0]
DEFAULT: Final = COMPOSITIONS[DEFAULT_COMPOSITION]
"""The default composition. The engine reads its own game's (`EggBoundGame.composition`); the
names below are the default's, for tests and tools."""
FULL_DECK: Final = DEFAULT.full_deck
DRAW_DECK: Final = DEFAULT.draw_deck
EGG_COUNT: Final = DEFAULT.eggs

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


# --- own cards: Chickens with other stars ---------------------------------------------------

MAX_OWN_CHICKENS: Final = 4
"""The most own Chicken designs a game may declare (each design any number of copies)."""
OWN_NAME_LENGTH: Final = 24
"""The longest name a designer may give an own Chicken."""
_NAME_CHARS: Final = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
"""What a designer's name may hold: an underscore is shown as a space (a space or a comma would
not survive OpenSpiel's game strings)."""


@dataclass(frozen=True)
class OwnChicken:
    """A Chicken a designer declares (`own_cards`): its stars, copies and name."""

    stars: tuple[int, int, int]
    """Pecking Order, IQ, Speed, each 1-4."""
    copies: int
    name: str
    """What the views call it: the designer's name (underscores as spaces), or
    ``Chicken P/I/S``."""
    named: bool
    """Whether the designer gave the name (it is then written back in `own_cards_text`)."""


def _own_term(part: str) -> OwnChicken:
    kind, sep, rest = part.partition(":")
    kind = kind.strip().lower()
    if not sep or not rest.strip():
        raise ValueError(f"{part!r} is not chicken:P-I-S (e.g. chicken:4-4-1x2)")
    if kind != "chicken":
        raise ValueError(
            f"{part!r}: only a Chicken with other stars composes from Egg Bound's effects "
            "(the red and green cards and the Stars do not: RULES.md, Your own cards)"
        )
    body, named, name = rest.partition(":")
    stars_text, times, copies_text = body.strip().lower().partition("x")
    parts = stars_text.split("-")
    if len(parts) != len(STAR_NAMES) or not all(p.strip().isdigit() for p in parts):
        raise ValueError(
            f"{part!r}: the stars are three numbers P-I-S ({', '.join(STAR_NAMES)}), e.g. 4-4-1"
        )
    values = [int(p) for p in parts]
    wrong = [f"{n} {v}" for n, v in zip(STAR_NAMES, values, strict=True) if not 1 <= v <= 4]
    if wrong:
        raise ValueError(f"{part!r}: each star score is 1 to 4; {', '.join(wrong)}")
    stars = (values[0], values[1], values[2])
    copies = 1
    if times:
        if not copies_text.strip().isdigit() or not 1 <= int(copies_text) <= MOST_COPIES:
            raise ValueError(f"{part!r}: the copies after 'x' are 1 to {MOST_COPIES}")
        copies = int(copies_text)
    name = name.strip()
    if named:
        if not name or len(name) > OWN_NAME_LENGTH or not set(name) <= _NAME_CHARS:
            raise ValueError(
                f"{part!r}: a name is 1 to {OWN_NAME_LENGTH} letters, digits, hyphens or "
                "underscores (shown as spaces)"
            )
        name = name.replace("_", " ")
    else:
        name = "Chicken " + "/".join(str(v) for v in stars)
    return OwnChicken(stars, copies, name, bool(named))


def parse_own_cards(text: str) -> tuple[OwnChicken, ...]:
    """The own Chickens `text` declares: terms ``chicken:P-I-S[xN][:Name]`` separated by ``/``
    (``,`` would split an OpenSpiel game string). `ValueError` says which term is wrong and how:
    the kind (only a Chicken composes), the stars (three, each 1-4), the copies, the name, a
    design that repeats a printed Chicken's or another own one's stars, or too many designs."""
    own: list[OwnChicken] = []
    for part in text.split("/"):
        if not part.strip():
            continue
        chicken = _own_term(part.strip())
        for card in CARD_TYPES:
            if card.stars == chicken.stars:
                raise ValueError(
                    f"{part.strip()!r}: {card.name} has these stars; change its count with "
                    "'copies' instead"
                )
        for other in own:
            if other.stars == chicken.stars:
                raise ValueError(
                    f"{part.strip()!r}: another own Chicken has these stars; declare it once "
                    "with xN"
                )
        names = {c.name.lower() for c in CARD_TYPES} | {c.name.lower() for c in own}
        if chicken.name.lower() in names:
            raise ValueError(f"{part.strip()!r}: the name {chicken.name!r} is taken")
        own.append(chicken)
    if len(own) > MAX_OWN_CHICKENS:
        raise ValueError(f"at most {MAX_OWN_CHICKENS} own Chicken designs; got {len(own)}")
    return tuple(own)


def own_cards_text(own: Sequence[OwnChicken]) -> str:
    """`own` written the one way a game keeps it (``chicken:4-4-1x2/chicken:2-3-3:Big_Red``)."""
    terms = []
    for chicken in own:
        part = "chicken:" + "-".join(str(v) for v in chicken.stars)
        if chicken.copies != 1:
            part += f"x{chicken.copies}"
        if chicken.named:
            part += ":" + chicken.name.replace(" ", "_")
        terms.append(part)
    return "/".join(terms)


class CardSet:
    """The card types of one game: the printed ones (ids 0-17), then its own Chickens (ids
    18 on). Immutable; the engine reads the game's (`EggBoundGame.cards`), never the module's
    printed tables, wherever an own Chicken may appear."""

    def __init__(self, own: Sequence[OwnChicken] = ()) -> None:
        self.own = tuple(own)
        extra = tuple(
            CardType(NUM_TYPES + i, c.name, "chicken", c.stars, None) for i, c in enumerate(own)
        )
        self.types: tuple[CardType, ...] = CARD_TYPES + extra
        self.num_types = len(self.types)
        self.names: tuple[str, ...] = tuple(card.name for card in self.types)
        self.chickens: tuple[int, ...] = CHICKENS + tuple(card.id for card in extra)
        """Chicken type ids in the order of their index in actions (printed 0-3, own 4 on)."""
        self.chicken_index: dict[int, int] = {c: i for i, c in enumerate(self.chickens)}
        self.chicken_set: frozenset[int] = frozenset(self.chickens)
        self.non_chickens: tuple[int, ...] = tuple(
            c for c in range(1, self.num_types) if c not in self.chicken_set
        )
        self.star_score: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.types[c].stars[s] for c in self.chickens)  # type: ignore[index]
            for s in range(len(STAR_NAMES))
        )
        """``star_score[star score][chicken index]``, as `STAR_SCORE` with the own ones."""
        self.info: tuple[CardInfo, ...] = CARD_INFO + tuple(_info(card) for card in extra)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.own == self.own

    def __hash__(self) -> int:
        return hash(self.own)

    def stars_of(self, score: int, chicken: int) -> int:
        """The stars Chicken type `chicken` has for star score `score`."""
        return self.star_score[score][self.chicken_index[chicken]]


PRINTED: Final = CardSet()
"""The printed cards only (a game without `own_cards`)."""


# --- the cards' names as words of the game (roost.core.message) -------------------------------

CARD_TERMS: Final = (
    term("Egg Bound card", "Egg card"),
    term("Egg Bound card", "Mother Hen"),
    term("Egg Bound card", "Golden Hen"),
    term("Egg Bound card", "Baby Hen"),
    term("Egg Bound card", "Rooster"),
    term("Egg Bound card", "Star Egg Head"),
    term("Egg Bound card", "Star Pecking Order"),
    term("Egg Bound card", "Star Chicken Run"),
    term("Egg Bound card", "Egg Laying Song"),
    term("Egg Bound card", "Hatch It"),
    term("Egg Bound card", "red Bad Egg"),
    term("Egg Bound card", "Egg-Splosion"),
    term("Egg Bound card", "Eggy Soldier"),
    term("Egg Bound card", "red Egg Bound"),
    term("Egg Bound card", "Fowl"),
    term("Egg Bound card", "green Good Egg"),
    term("Egg Bound card", "Cluck-Off"),
    term("Egg Bound card", "Un-Bound"),
)
"""Each printed card type's name as a term of the game's vocabulary, by type id (the
catalogue's extractor reads the literal names, so each is written out)."""
A_CHICKEN: Final = term("Egg Bound card", "Chicken")
"""A Chicken not named (a face-down one, or one not known)."""
STAR_NAME_TERMS: Final = (
    term("Egg Bound star", "Pecking Order"),
    term("Egg Bound star", "IQ"),
    term("Egg Bound star", "Speed"),
)
"""The three star scores, by star score index (`STAR_NAMES`)."""

assert tuple(card.text for card in CARD_TERMS) == CARD_NAMES
assert tuple(score.text for score in STAR_NAME_TERMS) == STAR_NAMES


def card_word(cards: CardSet, card: int) -> Term | Message | str:
    """Card type `card`'s name as a message field: a printed card's term; an own Chicken's
    name as its designer gave it (a name, said as it is) or, unnamed, "Chicken P/I/S" (its
    word translated, its stars kept)."""
    if card < NUM_TYPES:
        return CARD_TERMS[card]
    own = cards.own[card - NUM_TYPES]
    if own.named:
        return own.name
    return message("Chicken {stars}", stars="/".join(str(value) for value in own.stars))
