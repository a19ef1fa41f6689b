"""The Manda Huevos! cards as data: every count the rulebook gives, and what follows from it.

The rulebook's list of components: 81 oval cards, namely 54 egg cards, 18 action cards, 1 hen
card and 8 cards with a white face "for individual design"; at set-up each player receives 3
action cards and is dealt 3 egg cards; each player's (invisible) container has 6 spaces.

What follows from those numbers: the rulebook describes three action cards (Move an Egg, Swap
Eggs, Put to Sleep / Wake) and gives each player 3, so the 18 are 3 kinds x 6 copies, one of each
per player, which makes 2-6 players. The hen is shuffled with the egg cards and dealt and drawn
like one: the rulebook speaks of having "the hen among your 3 cards in hand". The 8 blank cards
are the designer's: the ``own_cards`` parameter (`parse_own_cards`) writes eggs of any value and
action cards built from the game's own effects on them (RULES.md, "Your own cards").

The egg values were printed in a picture of the rulebook (its illustration 2) that is lost from
the text, and no public source gives them. The default is values 1-9, 6 copies each (54 cards, as
the box holds), and the distribution is the game parameter ``egg_values`` (parsed here) so that
the real one can be put in without touching the rules.

Card *types* are small ints: an egg card's type is its point value (0-20), the hen is type 21,
and the three action cards (never in a hand or the deck, but shown on the table) are 22-24.
Copies of a type are interchangeable, so hands, containers and the deck hold type ids.
"""

from __future__ import annotations

import re
from typing import Final

from roost.core.cards import CardInfo

# The rulebook's numbers (the box, the set-up, the container).
EGG_CARDS: Final = 54
"""Egg cards in the box (rulebook). The default distribution below has exactly this many."""
HENS: Final = 1
"""'There is only one hen card in the game' (rulebook)."""
BLANK_CARDS: Final = 8
"""Cards with a white face "for individual design" (rulebook): the `own_cards` parameter."""
HAND_SIZE: Final = 3
"""Egg cards dealt to each player, and kept in hand by drawing after every egg play: the default
of the `hand` parameter (the engine reads its game's, `MandaHuevosGame.hand_size`)."""
CONTAINER_SIZE: Final = 6
"""'Each player has an invisible container ... made up of 6 empty spaces' (rulebook)."""

# The action cards: 18 in the box (rulebook), 3 kinds described, 3 per player: 3 x 6, one of
# each per player, so at most 6 players.
ACTION_CARDS: Final = ("Move an Egg", "Swap Eggs", "Put to Sleep / Wake")
ACTION_COPIES: Final = 6
MOVE_CARD: Final = 0
SWAP_CARD: Final = 1
SLEEP_CARD: Final = 2
"""Each player's action cards by index 0-2 (the bits of a face-down mask)."""

# The `copies` parameter: how many of each action card a player gets (0 or 1: a player holds at
# most one of each kind, face up or down) and whether the hen is shuffled in (0 or 1: "There is
# only one hen card in the game"). Indexes of the counts, and the defaults: the box.
HEN_COPY: Final = len(ACTION_CARDS)
"""The hen's index in the `copies` counts (after the three action cards)."""
DEFAULT_COPIES: Final = (1, 1, 1, HENS)
"""One of each action card per player (the box's 18 for up to 6 players) and the one hen."""
COPIES_KEYS: Final = {
    "move-an-egg": (MOVE_CARD,),
    "swap-eggs": (SWAP_CARD,),
    "sleep-wake": (SLEEP_CARD,),
    "actions": (MOVE_CARD, SWAP_CARD, SLEEP_CARD),
    "hen": (HEN_COPY,),
}
"""The keys of the `copies` parameter: each action card (per player), all three, the hen."""
MAX_HAND: Final = 10
"""The largest `hand` parameter: a bound on typed values (the rulebook's is 3)."""

# Egg values: the picture is lost; the default is a proposal, the parameter can replace it.
DEFAULT_EGG_VALUES: Final = "1-9x6"
MAX_VALUE: Final = 20
"""Egg values a distribution may use: 0 to MAX_VALUE points."""
MAX_EGG_CARDS: Final = 500
"""A sanity limit on the size of a distribution (the box has 54)."""

EGG_TYPES: Final = MAX_VALUE + 1
"""Egg card types 0..MAX_VALUE: the type of an egg card is its value."""
HEN: Final = EGG_TYPES
"""The hen's type id."""
DECK_TYPES: Final = EGG_TYPES + HENS
"""Types that can be dealt or drawn (the chance outcomes): the eggs and the hen."""
MOVE_AN_EGG: Final = DECK_TYPES + MOVE_CARD
SWAP_EGGS: Final = DECK_TYPES + SWAP_CARD
SLEEP_WAKE: Final = DECK_TYPES + SLEEP_CARD
ACTION_CARD_IDS: Final = (MOVE_AN_EGG, SWAP_EGGS, SLEEP_WAKE)
"""The type ids of the three action cards, by index (`MOVE_CARD`, `SWAP_CARD`, `SLEEP_CARD`)."""
NUM_TYPES: Final = DECK_TYPES + len(ACTION_CARDS)
HEN_POINTS: Final = 0
"""What the hen adds to a hand in the tie-break: it has no printed value, so 0."""

CARD_NAMES: Final = (*(f"egg {value}" for value in range(EGG_TYPES)), "hen", *ACTION_CARDS)

# Own cards: the blank cards written by a designer (the `own_cards` parameter).
EFFECTS: Final = ("move", "swap", "sleep", "take")
"""The effects an own action card may use, each an effect printed on a card of the game: Move an
Egg, Swap Eggs, Put to Sleep / Wake, and the hen's take (one awake egg from another container into
yours). An own card applies one of them up to `MOST_REPEATS` times."""
MOVE_EFFECT: Final = 0
SWAP_EFFECT: Final = 1
SLEEP_EFFECT: Final = 2
TAKE_EFFECT: Final = 3
MOST_REPEATS: Final = 3
"""The most times an own action card applies its effect (a bound on typed values: "move three
eggs" already empties most of a container)."""
MOST_OWN_ACTIONS: Final = BLANK_CARDS // 2
"""Own action cards a game may have: every player holds one of each, so each costs a blank card
per player, and the smallest table (2 players) can make 8 // 2 of them."""
OWN_ACTION_IDS: Final = tuple(range(NUM_TYPES, NUM_TYPES + MOST_OWN_ACTIONS))
"""Card type ids of the own action cards, in the order `own_cards` declares them (25-28)."""
_EFFECT_WORDS: Final = (
    ("Move", "Move an Egg", "Move {} Eggs", "M"),
    ("Swap", "Swap Eggs", "Swap Eggs {} Times", "S"),
    ("Sleep", "Put to Sleep / Wake", "Put to Sleep / Wake {} Eggs", "Z"),
    ("Take", "Take an Egg", "Take {} Eggs", "T"),
)
_EFFECT_TEXTS: Final = (
    "Move an awake egg from any container to another container with room",
    "Swap two awake eggs in two different containers",
    "Put an awake egg to sleep, or wake a sleeping one",
    "Take an awake egg from another player's container into yours, if it has room",
)
_OWN_TERM = re.compile(r"(egg|move|swap|sleep|take):(\d+)(?:x(\d+))?")


def parse_own_cards(text: str) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """The own cards `text` declares: copies of each egg value 0..MAX_VALUE, and the action
    cards as (effect, repeats) in the order given; `ValueError` says what is wrong.

    Terms are separated by ``/`` (or ``,`` where the text is not in a game string): ``egg:V``
    (an egg of value V), ``egg:VxN`` (N of them), ``EFFECT:K`` (an action card applying
    EFFECT, one of `EFFECTS`, K times: ``move:2`` moves two eggs). The blank cards they take
    are counted by `blank_cards_used`, which needs the player count.

    >>> eggs, actions = parse_own_cards("egg:12x2/move:2")
    >>> eggs[12], actions
    (2, ((0, 2),))
    """
    eggs = [0] * EGG_TYPES
    actions: list[tuple[int, int]] = []
    for term in text.replace(" ", "").lower().replace(",", "/").split("/"):
        if not term:
            continue
        match = _OWN_TERM.fullmatch(term)
        if match is None:
            raise ValueError(
                f"{term!r} is not a card like 'egg:12', 'egg:12x2' or 'move:2' (the effects: "
                f"{', '.join(EFFECTS)}; terms are separated by '/')"
            )
        kind, number, times = match.group(1), int(match.group(2)), match.group(3)
        if kind == "egg":
            copies = int(times) if times is not None else 1
            if number > MAX_VALUE:
                raise ValueError(f"{term!r}: egg values go from 0 to {MAX_VALUE}")
            if copies < 1:
                raise ValueError(f"{term!r}: the number of copies must be at least 1")
            if copies > BLANK_CARDS:
                raise ValueError(f"{term!r}: the box has {BLANK_CARDS} blank cards")
            eggs[number] += copies
            continue
        if times is not None:
            raise ValueError(
                f"{term!r}: every player holds one of each action card, so an action card "
                "takes no 'xN'; declare another card for another effect"
            )
        if not 1 <= number <= MOST_REPEATS:
            raise ValueError(
                f"{term!r}: an own action card applies its effect 1 to {MOST_REPEATS} times"
            )
        if len(actions) == MOST_OWN_ACTIONS:
            raise ValueError(
                f"at most {MOST_OWN_ACTIONS} own action cards (each takes a blank card per "
                f"player, and the box has {BLANK_CARDS})"
            )
        actions.append((EFFECTS.index(kind), number))
    return tuple(eggs), tuple(actions)


def own_cards_text(eggs: tuple[int, ...], actions: tuple[tuple[int, int], ...]) -> str:
    """The own cards written the one way a game keeps them: the action cards in their order
    (their ids follow it), then the eggs by value, separated by ``/`` (no ``,`` or ``=``, so
    the value survives OpenSpiel's game strings and ``--sweep`` lists).

    >>> own_cards_text(*parse_own_cards("egg:12, move:2, egg:12"))
    'move:2/egg:12x2'
    """
    terms = [f"{EFFECTS[effect]}:{repeats}" for effect, repeats in actions]
    for value, copies in enumerate(eggs):
        if copies:
            terms.append(f"egg:{value}" if copies == 1 else f"egg:{value}x{copies}")
    return "/".join(terms)


def blank_cards_used(
    eggs: tuple[int, ...], actions: tuple[tuple[int, int], ...], players: int
) -> int:
    """The blank cards own cards take: one per egg, and one per player for each action card
    (every player holds one of each, as with the printed ones)."""
    return sum(eggs) + len(actions) * players


def own_action_info(index: int, effect: int, repeats: int) -> CardInfo:
    """The catalogue entry of own action card `index` (type id ``OWN_ACTION_IDS[index]``)."""
    label, one, many, symbol = _EFFECT_WORDS[effect]
    name = one if repeats == 1 else many.format(repeats)
    text = _EFFECT_TEXTS[effect]
    text = (
        f"Your own card: {text[0].lower()}{text[1:]}."
        if repeats == 1
        else f"Your own card: {text[0].lower()}{text[1:]}; then again, {repeats} times in all "
        "(while it can: it stops when nothing is left to act on)."
    )
    return CardInfo(
        OWN_ACTION_IDS[index],
        f"own {index + 1}: {name}",
        "action",
        f"{label} {repeats}",
        None,
        symbol,
        text,
    )


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


_TEXTS: Final = {
    "egg": "Worth its value in points in the container it ends in; play it into any container "
    "with room, then draw.",
    "hen": "Play it instead of an egg: take any number of awake eggs from other containers into "
    "yours, then it leaves the game and you draw.",
    MOVE_AN_EGG: "Move one awake egg from any container to another container with room.",
    SWAP_EGGS: "Swap two awake eggs in two different containers.",
    SLEEP_WAKE: "Put one awake egg to sleep (it cannot be moved, swapped or taken), or wake a "
    "sleeping one.",
}
_ACTION_LABELS: Final = ("Move", "Swap", "Sleep")
_ACTION_SYMBOLS: Final = ("M", "S", "Z")


def _info(card: int) -> CardInfo:
    name = CARD_NAMES[card]
    if card < EGG_TYPES:
        return CardInfo(card, name, "egg", str(card), None, "E", _TEXTS["egg"])
    if card == HEN:
        return CardInfo(card, name, "hen", "Hen", None, "H", _TEXTS["hen"])
    index = card - DECK_TYPES
    label, symbol = _ACTION_LABELS[index], _ACTION_SYMBOLS[index]
    return CardInfo(card, name, "action", label, None, symbol, _TEXTS[card])


CARD_INFO: Final = tuple(_info(card) for card in range(NUM_TYPES))
"""Every card type as a front end draws it (`Game.card_types`): the eggs 0-20 (kind ``egg``,
labelled with their value), the hen (``hen``) and the three action cards (``action``)."""

assert sum(parse_egg_values(DEFAULT_EGG_VALUES)) == EGG_CARDS
assert len(CARD_NAMES) == NUM_TYPES
assert ACTION_CARD_IDS == (22, 23, 24)
