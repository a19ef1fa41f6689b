"""Eggo's public record of hidden cards, and resampling from what a seat knows.

The record is the core's `HiddenHands` (``roost.core.hidden``), kept by the state machine as the
game goes: every card dealt or drawn into a hand is an unseen slot; a card played face up is
matched to a slot; and the rules reveal more than the cards played (RULES.md, "Resampling"):

* a player who draws by choice holds no card that matches the pile (`restrict`);
* a second card drawn that the player then plays matched (`restrict_newest`);
* a turn that ends after two draws means the last card drawn did not match (`restrict`).

Each restriction applies to every card held at the time, so the restrictions on a hand are
nested, and matching each card played to the compatible slot with the fewest possibilities
keeps exactly the hands the record allows.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from roost.games.eggo.state import EggoState


def resample(state: EggoState, seat: int, rng: random.Random, *, record: bool = True) -> EggoState:
    """Redraw every card `seat` cannot see under the record's restrictions; keep the seat's
    own draws as they were; rewrite the history to match, so the result replays from it
    (`record=False`: a copy for search, which stopped recording and keeps no history)."""
    unseen = state._pool.copy()
    for other, hand in enumerate(state._hands):
        if other != seat:
            unseen.extend(hand)
    hidden = state._hidden
    filled = hidden.fill(seat, unseen, rng)
    result = state.clone() if record else state._clone_unrecorded()
    for other, cards in enumerate(filled):
        if other != seat:
            result._hands[other] = cards
    result._pool = unseen
    if record:
        result._history = hidden.rewrite(seat, filled, state._history)
    result._legal = None
    return result
