"""Egg Bound's numbering: decision action ids (one table of ranges) with encoders and decoders,
the phases of the state machine, and the texts of decisions.

Kept apart from the state machine so that bots and views can read the encoding without importing
the rules. Victims are absolute seats 0-5 whatever the player count, so an id means the same
thing at every table size; ids naming a seat that is not at the table are never legal. The table
of ids is in RULES.md.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from roost.core.message import Message, message
from roost.games.egg_bound.cards import (
    CARD_TERMS,
    CHICKENS,
    MAX_PLAYERS,
    NUM_TYPES,
    PRINTED,
    RED_ACTIONS,
    STARS,
    CardSet,
    card_word,
)

# Decision actions.
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

_STARTS: Final = (
    EXPLODE_BAD,
    EXPLODE_GOOD,
    KEEP,
    DECLINE,
    DEFEND_NONE,
    DEFEND,
    CLUCK,
    ALLOW,
    LOSE_TURN,
    UNBIND,
    GOOD_EGG,
    RED,
    HATCH,
    SONG,
    STAR,
    DISCARD,
)
"""The first id of each printed range, last range first (`kind`)."""

# Own Chickens (`own_cards`): each design's ids follow the printed 178, one block per design,
# so the default game keeps its ids. Within a block, by offset:
OWN_DISCARD: Final = 0
"""Discard the own Chicken (after a swap)."""
OWN_KEEP: Final = 1
"""Keep the attacker's Chicken and discard the own Chicken (Hatch It victim)."""
OWN_SONG: Final = 2
"""Egg Laying Song with the own Chicken."""
OWN_DEFEND: Final = 3
"""Defend a Star challenge with the own Chicken."""
OWN_STAR: Final = 4
"""Star challenge ``OWN_STAR + star * 6 + victim`` with the own Chicken face down."""
OWN_HATCH: Final = OWN_STAR + len(STARS) * MAX_PLAYERS
"""Hatch It ``OWN_HATCH + victim`` with the own Chicken."""
PER_OWN: Final = OWN_HATCH + MAX_PLAYERS
"""Ids per own Chicken design (28)."""
PRINTED_CHICKENS: Final = len(CHICKENS)


def num_actions(own: int) -> int:
    """Distinct decision ids of a game with `own` own Chicken designs."""
    return NUM_ACTIONS + own * PER_OWN


def _own_block(chicken: int) -> int:
    """The first id of own Chicken index `chicken`'s block (a chicken index 4 on)."""
    return NUM_ACTIONS + (chicken - PRINTED_CHICKENS) * PER_OWN


def discard_action(card: int) -> int:
    """Discard card type `card` after a swap."""
    if card < NUM_TYPES:
        return DISCARD + card - 1
    return NUM_ACTIONS + (card - NUM_TYPES) * PER_OWN + OWN_DISCARD


def keep_action(card: int) -> int:
    """Keep the Hatch It Chicken, discarding card type `card`."""
    if card < NUM_TYPES:
        return KEEP + card - 1
    return NUM_ACTIONS + (card - NUM_TYPES) * PER_OWN + OWN_KEEP


def song_action(chicken: int) -> int:
    """The Egg Laying Song with chicken index `chicken`."""
    if chicken < PRINTED_CHICKENS:
        return SONG + chicken
    return _own_block(chicken) + OWN_SONG


def defend_action(chicken: int) -> int:
    """Defend a Star with chicken index `chicken`."""
    if chicken < PRINTED_CHICKENS:
        return DEFEND + chicken
    return _own_block(chicken) + OWN_DEFEND


def hatch_action(chicken: int, victim: int) -> int:
    """Hatch It on `victim` with chicken index `chicken`."""
    if chicken < PRINTED_CHICKENS:
        return HATCH + chicken * MAX_PLAYERS + victim
    return _own_block(chicken) + OWN_HATCH + victim


def kind(action: int) -> int:
    """What an id does, as the first id of its printed range: `SWAP`, `DISCARD`, `STAR`,
    `SONG`, `HATCH`, `RED`, `GOOD_EGG`, `UNBIND`, `LOSE_TURN`, `ALLOW`, `CLUCK`, `DEFEND`,
    `DEFEND_NONE`, `DECLINE`, `KEEP`, `EXPLODE_GOOD` or `EXPLODE_BAD` (an own Chicken's ids
    are of the kind they would be for a printed one). A table lookup: the rules, the views and
    the search ask it for nearly every id they touch."""
    if action < NUM_ACTIONS:
        return _PRINTED_KIND[action]
    return _OWN_KIND[(action - NUM_ACTIONS) % PER_OWN]


def _kind_by_range(action: int) -> int:
    if action >= NUM_ACTIONS:
        offset = (action - NUM_ACTIONS) % PER_OWN
        if offset >= OWN_HATCH:
            return HATCH
        if offset >= OWN_STAR:
            return STAR
        return (DISCARD, KEEP, SONG, DEFEND)[offset]
    for start in _STARTS:
        if action >= start:
            return start
    return SWAP


_PRINTED_KIND: Final[list[int]] = [_kind_by_range(a) for a in range(NUM_ACTIONS)]
"""`kind` of each printed id."""
_OWN_KIND: Final[list[int]] = [_kind_by_range(NUM_ACTIONS + k) for k in range(PER_OWN)]
"""`kind` of each own-Chicken id, by its offset in its design's block."""


def chicken_of(action: int) -> int:
    """The chicken index of a Song, Hatch It or defence id (of a Star: `decode_star`)."""
    if action >= NUM_ACTIONS:
        return PRINTED_CHICKENS + (action - NUM_ACTIONS) // PER_OWN
    if action < HATCH:
        return action - SONG
    if action < RED:
        return (action - HATCH) // MAX_PLAYERS
    return action - DEFEND


def victim_of(action: int) -> int:
    """The victim seat of a Star, Hatch It or red card id."""
    if action >= NUM_ACTIONS:
        return ((action - NUM_ACTIONS) % PER_OWN - OWN_STAR) % MAX_PLAYERS
    base = STAR if action < SONG else HATCH if action < RED else RED
    return (action - base) % MAX_PLAYERS


def card_of(action: int) -> int:
    """The card type a discard or keep id discards."""
    if action >= NUM_ACTIONS:
        return NUM_TYPES + (action - NUM_ACTIONS) // PER_OWN
    if action < STAR:
        return action - DISCARD + 1
    return action - KEEP + 1


# Phases: small ints for the state machine, `Phase` for everyone else.
DEALING: Final = 0
TURN: Final = 1
SWAP_DRAW: Final = 2
SWAP_DISCARD: Final = 3
REACT: Final = 4
"""The target of a card decides whether to play Cluck-Off (the window always opens)."""
DEFENDING: Final = 5
KEEPING: Final = 6
EXPLODING: Final = 7
REFILL: Final = 8
OVER: Final = 9
CHANCE_PHASES: Final = frozenset((DEALING, SWAP_DRAW, REFILL))
"""Phases whose node is a chance node (a card dealt or drawn)."""


class Phase(StrEnum):
    """What the table is doing (the ``phase`` of an observation)."""

    DEAL = "deal"
    TURN = "turn"
    SWAP_DRAW = "swap_draw"
    """The mover swaps: a card is drawn."""
    SWAP_DISCARD = "swap_discard"
    """The mover swaps: they discard a card."""
    CLUCK_OFF_WINDOW = "cluck_off_window"
    """The target of a card may answer it with Cluck-Off."""
    STAR_DEFENCE = "star_defence"
    """The target of a Star places a Chicken (or none, holding none)."""
    KEEP_CHICKEN = "keep_chicken"
    """The victim of a Hatch It may keep the attacker's Chicken."""
    EGG_SPLOSION = "egg_splosion"
    """The attacker chooses a Good or a Bad Egg to explode."""
    REFILL = "refill"
    """Hands are refilled to five at the end of the turn."""
    OVER = "over"


PHASES: Final = tuple(Phase)
"""`Phase` of each state-machine phase number."""
assert PHASES.index(Phase.CLUCK_OFF_WINDOW) == REACT and PHASES.index(Phase.OVER) == OVER


def star_action(star: int, chicken: int, victim: int) -> int:
    """The id of a Star challenge (star index 0-2, chicken index, victim seat)."""
    if chicken >= PRINTED_CHICKENS:
        return _own_block(chicken) + OWN_STAR + star * MAX_PLAYERS + victim
    return STAR + (star * len(CHICKENS) + chicken) * MAX_PLAYERS + victim


def decode_star(action: int) -> tuple[int, int, int]:
    """(star index, chicken index, victim) of a Star challenge id."""
    if action >= NUM_ACTIONS:
        block, offset = divmod(action - NUM_ACTIONS, PER_OWN)
        star, victim = divmod(offset - OWN_STAR, MAX_PLAYERS)
        return star, PRINTED_CHICKENS + block, victim
    rest, victim = divmod(action - STAR, MAX_PLAYERS)
    star, chicken = divmod(rest, len(CHICKENS))
    return star, chicken, victim


def with_chicken(action: int, chicken: int) -> int:
    """The same Star challenge with another chicken index (for rewriting a hidden choice)."""
    star, _, victim = decode_star(action)
    return star_action(star, chicken, victim)


def seat_name(seat: int) -> str:
    return f"P{seat}"


def star_message(action: int, chicken_shown: bool, cards: CardSet = PRINTED) -> Message:
    """A Star challenge in words; the face-down Chicken is named only to those who see it."""
    star, c, victim = decode_star(action)
    if chicken_shown:
        return message(
            "challenge {seat}: {star}, {chicken} face down",
            seat=seat_name(victim),
            star=CARD_TERMS[STARS[star]],
            chicken=card_word(cards, cards.chickens[c]),
        )
    return message(
        "challenge {seat}: {star}, a Chicken face down",
        seat=seat_name(victim),
        star=CARD_TERMS[STARS[star]],
    )


def star_string(action: int, chicken_shown: bool, cards: CardSet = PRINTED) -> str:
    """`star_message` in English (the canonical text)."""
    return star_message(action, chicken_shown, cards).english()


def decision_message(
    action: int,
    *,
    card: int = -1,
    attacker: int = -1,
    chicken: int = -1,
    target: int = -1,
    cards: CardSet = PRINTED,
) -> Message:
    """Readable text of a decision that is not a Star challenge. The answers name the card
    being answered (`card`, played by `attacker` with `chicken` against `target`)."""
    limit = num_actions(len(cards.own))
    if not 0 <= action < limit or kind(action) == STAR:
        raise ValueError(f"action {action} is not an Egg Bound decision of this kind")
    what = kind(action)
    if action == SWAP:
        return message("swap: draw a card, then discard one")
    if what == DISCARD:
        return message("discard {card}", card=card_word(cards, card_of(action)))
    if what == SONG:
        return message(
            "sing the Egg Laying Song with {chicken}: take a Good Egg from the Egg Pile",
            chicken=card_word(cards, cards.chickens[chicken_of(action)]),
        )
    if what == HATCH:
        c, victim = chicken_of(action), victim_of(action)
        return message(
            "Hatch It on {seat} with {chicken}",
            seat=seat_name(victim),
            chicken=card_word(cards, cards.chickens[c]),
        )
    if what == DEFEND:
        chicken_name = card_word(cards, cards.chickens[chicken_of(action)])
        return message("defend with {chicken}", chicken=chicken_name)
    kept = card_word(cards, chicken) if chicken >= 0 else message("the Chicken")
    if what == KEEP:
        return message(
            "keep the {chicken}, discard {card}",
            chicken=kept,
            card=card_word(cards, card_of(action)),
        )
    if action < GOOD_EGG:
        r, victim = divmod(action - RED, MAX_PLAYERS)
        return message(
            "play {card} on {seat}", card=CARD_TERMS[RED_ACTIONS[r]], seat=seat_name(victim)
        )
    if action == GOOD_EGG:
        return message("play green Good Egg: turn one of your Bad Eggs good")
    if action == UNBIND:
        return message("play Un-Bound: remove the Egg Bound card in front of you")
    if action == LOSE_TURN:
        return message("lose this turn to the Fowl")
    pending = card_word(cards, card) if card >= 0 else message("the card")
    if action == ALLOW:
        return message("let {seat}'s {card} happen", seat=seat_name(attacker), card=pending)
    if action == CLUCK:
        return message(
            "play Cluck-Off against {seat}'s {card}", seat=seat_name(attacker), card=pending
        )
    if action == DEFEND_NONE:
        return message("place no Chicken (you hold none)")
    if action == DECLINE:
        return message("do not keep the {chicken}", chicken=kept)
    whose = seat_name(target) if target >= 0 else message("the victim")
    if action == EXPLODE_GOOD:
        return message("explode one of {seat}'s Good Eggs", seat=whose)
    return message("explode one of {seat}'s Bad Eggs", seat=whose)


def decision_string(
    action: int,
    *,
    card: int = -1,
    attacker: int = -1,
    chicken: int = -1,
    target: int = -1,
    cards: CardSet = PRINTED,
) -> str:
    """`decision_message` in English (the canonical text)."""
    return decision_message(
        action, card=card, attacker=attacker, chicken=chicken, target=target, cards=cards
    ).english()
