"""Egg Bound's action ids: one table of ranges, with encoders and decoders.

Victims are absolute seats 0-5 whatever the player count, so an id means the same thing at
every table size; ids naming a seat that is not at the table are never legal.
"""

from __future__ import annotations

from typing import Final

from roost.games.egg_bound.cards import (
    CHICKENS,
    MAX_PLAYERS,
    NUM_TYPES,
    RED_ACTIONS,
    STARS,
)

SWAP: Final = 0
"""Swap: take the top card of the Draw Pile, then discard a card."""
DISCARD: Final = 1
"""1-17: discard card type ``action - DISCARD + 1`` (after a swap; the id is the type)."""
STAR: Final = DISCARD + NUM_TYPES - 1
"""18-89: Star challenge ``STAR + (star * 4 + chicken) * 6 + victim``."""
SONG: Final = STAR + len(STARS) * len(CHICKENS) * MAX_PLAYERS
"""90-93: Egg Laying Song with chicken 0-3."""
HATCH: Final = SONG + len(CHICKENS)
"""94-117: Hatch It ``HATCH + chicken * 6 + victim``."""
RED: Final = HATCH + len(CHICKENS) * MAX_PLAYERS
"""118-147: red Regular Action ``RED + red index * 6 + victim``."""
GOOD_EGG: Final = RED + len(RED_ACTIONS) * MAX_PLAYERS
"""148: green Good Egg (turn one of your Bad Eggs good)."""
UNBIND: Final = GOOD_EGG + 1
"""149: Un-Bound (remove the Egg Bound card in front of you)."""
LOSE_TURN: Final = UNBIND + 1
"""150: a Fowled player discards the Fowl and loses the turn."""
ALLOW: Final = LOSE_TURN + 1
"""151: the target lets the card against them happen."""
CLUCK: Final = ALLOW + 1
"""152: the target plays Cluck-Off."""
DEFEND: Final = CLUCK + 1
"""153-156: the defender of a Star challenge places chicken 0-3."""
DEFEND_NONE: Final = DEFEND + len(CHICKENS)
"""157: the defender places no Chicken (legal only when holding none)."""
DECLINE: Final = DEFEND_NONE + 1
"""158: the Hatch It victim does not keep the attacker's Chicken."""
KEEP: Final = DECLINE + 1
"""159-175: the victim keeps the Chicken and discards card type ``action - KEEP + 1``."""
EXPLODE_GOOD: Final = KEEP + NUM_TYPES - 1
"""176: Egg-Splosion removes one of the victim's Good Eggs."""
EXPLODE_BAD: Final = EXPLODE_GOOD + 1
"""177: Egg-Splosion removes one of the victim's Bad Eggs."""
NUM_ACTIONS: Final = EXPLODE_BAD + 1

assert NUM_ACTIONS == 178


def star_action(star: int, chicken: int, victim: int) -> int:
    """The id of a Star challenge (star index 0-2, chicken index 0-3, victim seat)."""
    return STAR + (star * len(CHICKENS) + chicken) * MAX_PLAYERS + victim


def decode_star(action: int) -> tuple[int, int, int]:
    """(star index, chicken index, victim) of a Star challenge id."""
    rest, victim = divmod(action - STAR, MAX_PLAYERS)
    star, chicken = divmod(rest, len(CHICKENS))
    return star, chicken, victim


def with_chicken(action: int, chicken: int) -> int:
    """The same Star challenge with another chicken index (for rewriting a hidden choice)."""
    star, _, victim = decode_star(action)
    return star_action(star, chicken, victim)
