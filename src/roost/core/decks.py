"""Decks as data: the one reader of a game's `copies` parameter, shared by every game.

A designer asks for "one more Demogorgon" or "no Fowl" with ``--param copies=demogorgon=5`` and
no code change. Each game names its card types by key (``card_key``: the card's name in lower
case, spaces as hyphens) and may add keys for a whole kind at once (every Chicken, each colour's
Reverse); `apply_copies` sets those counts on the game's default counts. What a game's deck needs
besides (a card it cannot do without, enough cards to deal every hand) is the game's own check,
written as a `ParameterError` by `deck_error`, so every game's messages read alike.

Changes are separated by ``,`` or ``/``, and a key from its count by ``=`` or ``:``. A game
keeps the value written one way, `copies_text` (``demogorgon:3/portal:2``): ``/`` and ``:``
survive where ``,`` and ``=`` already separate parameters and their values (OpenSpiel's game
strings, ``--sweep`` lists of values), as BIG CHICKEN's ``multipliers`` does, and equal changes
make equal games.

>>> keys = {"portal": (0,), "rift": (1,), "specials": (0, 1)}
>>> apply_copies((8, 6), "portal=3/rift=0", keys)
((3, 0), ('portal=3', 'rift=0'))
>>> apply_copies((8, 6), "specials:2", keys)[0]
(2, 2)
>>> copies_text("portal=3, rift=0", keys)
'portal:3/rift:0'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableMapping, Sequence
from typing import Any, TypeVar

from roost.core.errors import ParameterError

T = TypeVar("T")

SEPARATORS = (",", "/")
"""What may separate two changes: a comma, or a slash where commas are taken."""
ASSIGNS = ("=", ":")
"""What may separate a key from its count: ``=``, or ``:`` where ``=`` is taken."""
MOST_COPIES = 100
"""The most copies of one card type a `copies` change may ask for: a sanity bound on typed values,
far above any printed deck (a game may allow fewer)."""


def card_key(name: str) -> str:
    """A card's name as a key of the `copies` parameter: ``"All-Players Rift"`` ->
    ``"all-players-rift"``, ``"Draw 2"`` -> ``"draw-2"``."""
    return name.lower().replace(" ", "-")


def parse_copies(text: str, keys: Mapping[str, tuple[int, ...]]) -> tuple[tuple[str, int], ...]:
    """The changes `text` asks for, as (key, copies) pairs in order; `ValueError` says what is
    wrong (a part that is not ``KEY=N`` with N a whole number, a key the game does not have,
    more than `MOST_COPIES`)."""
    for separator in SEPARATORS[1:]:
        text = text.replace(separator, SEPARATORS[0])
    changes: list[tuple[str, int]] = []
    for part in text.split(SEPARATORS[0]):
        part = part.strip()
        if not part:
            continue
        key, sep, value = part.replace(ASSIGNS[1], ASSIGNS[0]).partition(ASSIGNS[0])
        key = key.strip().lower()
        value = value.strip()
        if not sep or not value.isdigit():
            raise ValueError(f"{part!r} is not KEY=COPIES")
        if key not in keys:
            raise ValueError(f"unknown card {key!r}; the keys are: {', '.join(keys)}")
        copies = int(value)
        if copies > MOST_COPIES:
            raise ValueError(f"at most {MOST_COPIES} copies of a card; {key} would have {copies}")
        changes.append((key, copies))
    return tuple(changes)


def apply_copies(
    counts: Sequence[int], text: str, keys: Mapping[str, tuple[int, ...]]
) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """`counts` (copies per card type id) with the changes of `text` made, later changes
    winning, and the changes as ``key=N`` texts (empty when `text` changes nothing).

    `keys` maps each key to the card type ids it sets: one card, or every card of a kind."""
    result = list(counts)
    written: list[str] = []
    for key, copies in parse_copies(text, keys):
        for card in keys[key]:
            result[card] = copies
        written.append(f"{key}={copies}")
    return tuple(result), tuple(written)


def copies_text(text: str, keys: Mapping[str, tuple[int, ...]]) -> str:
    """`text` written the one way a game keeps it: ``key:N`` changes separated by ``/``, keys
    in lower case, in the order given (``""`` for no change). `ValueError` as `parse_copies`."""
    return SEPARATORS[1].join(f"{key}{ASSIGNS[1]}{n}" for key, n in parse_copies(text, keys))


def copies_error(game: str, text: str, example: str, problem: str) -> ParameterError:
    """The error for a `copies` value that cannot be read or makes no deck of `game`."""
    return ParameterError(
        f"{game}: parameter 'copies' takes KEY=N changes to the deck, like {example!r}; "
        f"got {text!r} ({problem})"
    )


def read_copies(
    game: str,
    params: MutableMapping[str, Any],
    keys: Mapping[str, tuple[int, ...]],
    example: str,
    apply: Callable[[str], T],
) -> tuple[T, str]:
    """Read a game's `copies` parameter in the one way every game does: `apply` makes the
    game's deck from the text (`ValueError` when it cannot), a failure becomes `copies_error`
    (naming the game, the text and `example`), and ``params["copies"]`` is rewritten the one
    way it is kept (`copies_text`), so equal changes make equal games and the value survives
    OpenSpiel's game strings and ``--sweep`` lists. Returns what `apply` made and the text as
    given (for the game's own later checks, which quote it).

    >>> params = {"copies": "rift=0, portal=3"}
    >>> read_copies("g", params, {"portal": (0,), "rift": (1,)}, "portal=3",
    ...             lambda text: apply_copies((8, 6), text, {"portal": (0,), "rift": (1,)})[0])
    ((3, 0), 'rift=0, portal=3')
    >>> params["copies"]
    'rift:0/portal:3'
    """
    text = str(params["copies"])
    try:
        made = apply(text)
    except ValueError as error:
        raise copies_error(game, text, example, str(error)) from None
    params["copies"] = copies_text(text, keys)
    return made, text


def read_copy_counts(
    game: str,
    params: MutableMapping[str, Any],
    defaults: Sequence[int],
    keys: Mapping[str, tuple[int, ...]],
    example: str,
) -> tuple[tuple[int, ...], str]:
    """`read_copies` for a game whose deck is a count per card type: `defaults` with the
    `copies` changes made (`apply_copies`). Returns the counts and the text as given."""
    return read_copies(
        game, params, keys, example, lambda text: apply_copies(defaults, text, keys)[0]
    )


def deck_error(game: str, parameter: str, value: object, problem: str) -> ParameterError:
    """The error for a parameter whose value the deck cannot serve (a hand too big to deal,
    a card the game cannot do without removed), naming the parameter and what is wrong."""
    return ParameterError(f"{game}: parameter {parameter!r} got {value!r}, but {problem}")


def short_deck_error(
    game: str, hand: int, default_hand: int, copies: str, problem: str
) -> ParameterError:
    """The error for a deck too small to deal every hand: it names ``hand`` when the hand size
    was changed (the likelier cause), else ``copies``."""
    if hand != default_hand:
        return deck_error(game, "hand", hand, problem)
    return deck_error(game, "copies", copies, problem)


def key_table(
    names: Sequence[str], groups: Mapping[str, tuple[int, ...]] | None = None
) -> dict[str, tuple[int, ...]]:
    """The keys of a game's `copies` parameter: each card type's `card_key` (type ids in
    `names` order), then the keys of whole kinds (`groups`), which must not clash."""
    table: dict[str, tuple[int, ...]] = {}
    for card, name in enumerate(names):
        key = card_key(name)
        if key in table:
            raise ValueError(f"two card types share the key {key!r}")
        table[key] = (card,)
    for key, cards in (groups or {}).items():
        if key in table:
            raise ValueError(f"the group key {key!r} is already a card's key")
        table[key] = cards
    return table
