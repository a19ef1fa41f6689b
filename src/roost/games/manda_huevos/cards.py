"""The Manda Huevos! cards as data: every count the rulebook and the rules notes give, in one place.

Sources: the rulebook (../shared/rules/manda-huevos.txt) gives 81 oval cards: 54 egg cards,
18 action cards, 1 hen card and 8 blank cards; 3 action cards and 3 egg cards per player; a
container of 6 spaces. The rules notes (NOTES.md section 2) infer the action cards as 3 types x
6 copies (one of each per player, hence 2-6 players) and the hen shuffled into the egg deck. The
egg values were printed in a picture that is lost: the DEFAULT is values 1-9, 6 copies each,
and the distribution is the game parameter ``egg_values`` (parsed here) so that the real one can
be put in without touching the rules.

Card *types* are small ints: an egg card's type is its point value (0-20), the hen is type 21.
Copies of a type are interchangeable, so hands, containers and the deck hold type ids.
"""

from __future__ import annotations

import re
from typing import Final

# The rulebook's numbers (the box, the set-up, the container).
EGG_CARDS: Final = 54
"""Egg cards in the box (rulebook). The default distribution below has exactly this many."""
HENS: Final = 1
"""'There is only one hen card in the game' (rulebook)."""
BLANK_CARDS: Final = 8
"""Cards with a white face for individual design (rulebook): not used (NOTES.md)."""
HAND_SIZE: Final = 3
"""Egg cards dealt to each player, and kept in hand by drawing after every egg play."""
CONTAINER_SIZE: Final = 6
"""'Each player has an invisible container ... made up of 6 empty spaces' (rulebook)."""

# The action cards: 3 kinds x 6 copies = 18 (NOTES.md section 2, inferred); each player gets
# one of each, so at most 6 players.
ACTION_CARDS: Final = ("Move an Egg", "Swap Eggs", "Put to Sleep / Wake")
ACTION_COPIES: Final = 6
MOVE_CARD: Final = 0
SWAP_CARD: Final = 1
SLEEP_CARD: Final = 2

# Egg values. The default distribution is the NOTES.md DEFAULT (the real one is not known).
DEFAULT_EGG_VALUES: Final = "1-9x6"
MAX_VALUE: Final = 20
"""Egg values a distribution may use: 0 to MAX_VALUE points."""
MAX_EGG_CARDS: Final = 500
"""A sanity limit on the size of a distribution (the box has 54)."""

EGG_TYPES: Final = MAX_VALUE + 1
"""Egg card types 0..MAX_VALUE: the type of an egg card is its value."""
HEN: Final = EGG_TYPES
"""The hen's type id."""
NUM_TYPES: Final = EGG_TYPES + HENS
HEN_POINTS: Final = 0
"""What the hen adds to a hand in the tie-break (NOTES.md resolution 5)."""

CARD_NAMES: Final = (*(f"egg {value}" for value in range(EGG_TYPES)), "hen")

_TERM = re.compile(r"(\d+)(?:-(\d+))?(?:x(\d+))?")


def parse_egg_values(text: str) -> tuple[int, ...]:
    """Copies of each value 0..MAX_VALUE described by `text`; `ValueError` says what is wrong.

    The text is a comma-separated list of terms ``V`` (one card of value V), ``VxN`` (N cards of
    value V), ``A-B`` (one card of each value A to B) or ``A-BxN`` (N of each); terms add up.

    >>> parse_egg_values("1-3x2,9")[:10]
    (0, 2, 2, 2, 0, 0, 0, 0, 0, 1)
    >>> sum(parse_egg_values(DEFAULT_EGG_VALUES))
    54
    """
    counts = [0] * EGG_TYPES
    cleaned = text.replace(" ", "")
    if not cleaned:
        raise ValueError("it is empty; write it like '1-9x6'")
    for term in cleaned.split(","):
        match = _TERM.fullmatch(term)
        if match is None:
            raise ValueError(
                f"{term!r} is not a term like '7', '7x3', '1-9' or '1-9x6' (terms are "
                "separated by commas)"
            )
        low = int(match.group(1))
        high = int(match.group(2)) if match.group(2) is not None else low
        copies = int(match.group(3)) if match.group(3) is not None else 1
        if high > MAX_VALUE:
            raise ValueError(f"{term!r}: egg values go from 0 to {MAX_VALUE}")
        if low > high:
            raise ValueError(f"{term!r}: a range goes from the low value to the high one")
        if copies < 1:
            raise ValueError(f"{term!r}: the number of copies must be at least 1")
        for value in range(low, high + 1):
            counts[value] += copies
    total = sum(counts)
    if total > MAX_EGG_CARDS:
        raise ValueError(f"it makes {total} egg cards; at most {MAX_EGG_CARDS} are allowed")
    return tuple(counts)


def egg_deck(counts: tuple[int, ...]) -> tuple[int, ...]:
    """Every egg card of a distribution, by type id (= value), with repeats, sorted."""
    return tuple(value for value, copies in enumerate(counts) for _ in range(copies))


def describe_distribution(counts: tuple[int, ...]) -> str:
    """A short text of a distribution, e.g. '54 egg cards: 1-9 x6'."""
    parts = []
    value = 0
    while value < EGG_TYPES:
        copies = counts[value]
        if not copies:
            value += 1
            continue
        end = value
        while end + 1 < EGG_TYPES and counts[end + 1] == copies:
            end += 1
        span = str(value) if end == value else f"{value}-{end}"
        parts.append(f"{span} x{copies}")
        value = end + 1
    return f"{sum(counts)} egg cards: " + ", ".join(parts)


assert sum(parse_egg_values(DEFAULT_EGG_VALUES)) == EGG_CARDS
assert len(CARD_NAMES) == NUM_TYPES
