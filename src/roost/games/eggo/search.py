"""What search needs to know about Eggo: a value estimate, a playout policy, its settings.

Search (ISMCTS) cuts its playouts short after `SEARCH.rollout_depth` decisions and asks
`escape_chances` for the rest of the game.
It is a logistic model over a few features of a seat's position, fitted to the outcomes of
games played by `playout_action` (the search's own playouts) by ``scripts/fit_eggo_value.py``
(the coefficients below are its output; rerun it after a change to the rules or the policy).
Escaped players are worth 1; Barb, who cannot escape, 0.
"""

from __future__ import annotations

import math
import random
from typing import Final

from roost.core.rand import randbelow
from roost.core.search import SearchHooks
from roost.games.eggo.actions import (
    CHOOSE,
    DRAW_A,
    DRAW_B,
    OWN_PLAY,
    PLAY_PORTAL,
    TURN,
    is_play,
)
from roost.games.eggo.cards import BARB, DEMOGORGONS_TO_END, PORTAL, RIFT
from roost.games.eggo.state import FLIP_TYPES, EggoState, plays_of

FEATURES: Final = (
    "bias",
    "right side up",
    "cards in hand",
    "right side up x cards in hand",
    "flip cards held (max 3)",
    "flip cards held while upside down",
    "demogorgons drawn",
    "players in play",
)
COEFFICIENTS: Final[tuple[float, ...]] = (
    1.0613, 0.2241, -0.1820, -0.0337, 0.3695, 0.2289, -0.5216, -0.1635,
)  # fmt: skip


def playout_action(state: EggoState, legal: list[int], rng: random.Random) -> int:
    """A cheap move for search playouts: do not flip away from the Right Side Up, and keep a
    flip card for the last card when Upside Down; otherwise a random legal move."""
    player = state._player
    if is_play(legal[0]):  # a play decision (draws and choices are never mixed with plays)
        ordinary = [a for a in legal if not _is_flip(a)]
        if len(ordinary) < len(legal):
            hand = state._hands[player]
            if len(hand) == 1 and state._upside[player]:
                flips = [a for a in legal if _is_flip(a)]
                return flips[randbelow(rng, len(flips))]  # the last card, flipped: escape
            if ordinary:
                return ordinary[randbelow(rng, len(ordinary))]
    return legal[randbelow(rng, len(legal))]


def playout_move(state: EggoState, rng: random.Random) -> int:
    """`playout_action`'s move at the state's own legal actions, from the same draws (a single
    legal action drawn as the search draws it), without listing a turn's moves: the playable
    card types as a bit mask, the pick indexed in it (`EggoState._play_at`); a choice of
    character from the list."""
    if state._phase != TURN:
        legal = state._legal_cached()
        if len(legal) > 1:
            return playout_action(state, legal, rng)
        return legal[randbelow(rng, 1)]
    playable = state._playable()
    if not playable:
        return state._draw_at(rng)
    count = plays_of(playable)
    flips = playable & FLIP_TYPES
    if flips and count > 1:
        player = state._player
        if len(state._hands[player]) == 1 and state._upside[player]:
            return state._play_at(flips, randbelow(rng, plays_of(flips)))  # escape
        ordinary = playable & ~FLIP_TYPES
        if ordinary:
            return state._play_at(ordinary, randbelow(rng, plays_of(ordinary)))
    return state._play_at(playable, randbelow(rng, count))


def _is_flip(action: int) -> bool:
    """Whether an action plays a Portal or a Rift (with a colour)."""
    return PLAY_PORTAL <= action < DRAW_A


def candidates(state: EggoState, legal: list[int]) -> list[int]:
    """The moves worth telling apart. Both decks deal a uniform draw from the same unseen cards
    (RULES.md, Chance), so which one is drawn from changes nothing: keep the bigger. A
    player's character only matters if it is Barb, who can never escape: keep the first of
    the others. Every other choice (which card, which colour) is kept."""
    first = legal[0]
    if CHOOSE <= first < OWN_PLAY:
        for action in legal:
            if action - CHOOSE != BARB:
                return [action]
        return legal
    if first == DRAW_A and len(legal) == 2:
        decks = state._decks
        return [DRAW_A] if decks[0] >= decks[1] else [DRAW_B]
    return legal


def features(state: EggoState, seat: int) -> tuple[float, ...]:
    """The model's inputs for one seat still in play."""
    hand = state._hands[seat]
    upright = 0.0 if state._upside[seat] else 1.0
    flips = min(3, hand.count(PORTAL) + hand.count(RIFT))
    size = len(hand)
    return (
        1.0,
        upright,
        float(size),
        upright * size,
        float(flips),
        (1.0 - upright) * flips,
        # As if the deck held the box's four: what the fit learnt is how near the end is.
        float(state._demogorgons + DEMOGORGONS_TO_END - state._game.demogorgons),
        float(state._escaped.count(False)),
    )


def escape_chances(state: EggoState) -> list[float]:
    """Estimated chance that each seat escapes, in [0, 1]: `features` times `COEFFICIENTS`,
    written out (no tuple of inputs, one pass over each hand), summed in the same order, so
    the values are the same to the last bit."""
    c_bias, c_upright, c_size, c_upright_size, c_flips, c_flips_upside, c_demo, c_play = (
        COEFFICIENTS
    )
    game = state._game
    escaped = state._escaped
    demogorgons = float(state._demogorgons + DEMOGORGONS_TO_END - game.demogorgons)
    in_play = float(escaped.count(False))
    values = []
    for seat in range(game.num_players):
        if escaped[seat]:
            values.append(1.0)
        elif state._characters[seat] == BARB:
            values.append(0.0)
        else:
            hand = state._hands[seat]
            flips = 0
            for card in hand:
                if card == PORTAL or card == RIFT:  # noqa: SIM109 (two compares of ints)
                    flips += 1
            held = float(min(3, flips))
            upright = 0.0 if state._upside[seat] else 1.0
            z = 0.0
            z += c_bias * 1.0
            z += c_upright * upright
            z += c_size * float(len(hand))
            z += c_upright_size * (upright * len(hand))
            z += c_flips * held
            z += c_flips_upside * ((1.0 - upright) * held)
            z += c_demo * demogorgons
            z += c_play * in_play
            values.append(1.0 / (1.0 + math.exp(-z)))
    return values


SEARCH: Final = SearchHooks[EggoState](
    evaluate=escape_chances,
    playout_action=playout_action,
    playout_move=playout_move,
    rollout_depth=10,
    candidates=candidates,
)
"""Eggo's search settings: short playouts (10 decisions), then the escape estimate. No
progressive bias: toward `playout_action` (nearly random moves) it made the search weaker
(ISMCTS against three heuristic players, 400 games: 66.0% (61.2-70.5) with bias 1, 71.2%
(66.6-75.5) without; fair 65%)."""
