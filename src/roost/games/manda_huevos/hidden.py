"""Manda Huevos!'s public record of hidden cards, and resampling from what a seat knows.

Hands are unseen by the other players and the deck by everyone; in memory mode the values of
sleeping eggs are unseen by everyone until the end. Nothing in the rules ever reveals anything
about a hand short of a card being played (an egg play is always possible, so no forced play
reveals what is *not* held), so any way of putting the unseen cards in the unseen places is
consistent with the public record.

To rewrite the history consistently, the state keeps (while it records) a public record:

* each hand as *slots*, the history positions of the cards it received, oldest first
  (``_slots``); a card shown from a hand (placed, or the hen played) is matched to its oldest
  slot, a public rule, so the matching is the same in every state a seat cannot tell apart from
  this one, and ``_canon`` keeps (receipt position, play position, seat) for every retired slot;
* for each egg on the board, the history position of its placement (``_origin``), where a
  sleeping egg's value is rewritten in memory mode (and, through ``_canon``, in its receipt).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from roost.games.manda_huevos.actions import OVER, played_card
from roost.games.manda_huevos.cards import HEN

if TYPE_CHECKING:
    from roost.games.manda_huevos.state import MandaHuevosState


def resample(state: MandaHuevosState, seat: int, rng: random.Random) -> MandaHuevosState:
    """A state `seat` cannot tell apart from `state`: the cards it cannot see (the deck, the
    other hands, and in memory mode the sleeping eggs) dealt again at random, with the history
    rewritten to match, so the result replays from its own history."""
    n = state._game.num_players
    memory = state._game.memory
    hands = state._hands
    hands_hidden = state._phase != OVER  # every hand is shown at the end
    cells = state._cells
    unseen = list(state._pool)
    if hands_hidden:
        for other in range(n):
            if other != seat:
                unseen.extend(hands[other])
    sleeping: list[int] = []
    if state._sleeping_hidden():
        mask = state._asleep
        while mask:
            low = mask & -mask
            position = low.bit_length() - 1
            sleeping.append(position)
            unseen.append(cells[position])
            mask ^= low
    unseen.sort()  # the order of the real cards must not steer the sample
    # Sleeping eggs first, never the hen: it is the largest type, so it sits at the end of the
    # sorted pool, and the sleeping eggs' own values guarantee enough eggs.
    new_values: list[int] = []
    for _ in sleeping:
        limit = len(unseen) - (1 if unseen[-1] == HEN else 0)
        new_values.append(unseen.pop(rng.randrange(limit)))
    new_hands: list[list[int]] = []
    for other in range(n):
        if other == seat or not hands_hidden:
            new_hands.append(sorted(hands[other]))
        else:
            size = len(hands[other])
            new_hands.append([unseen.pop(rng.randrange(len(unseen))) for _ in range(size)])
    history = state._history.copy()
    origin = state._origin
    for position, value in zip(sleeping, new_values, strict=True):
        history[origin[position]] += value - cells[position]
    for receipt, play, owner in state._canon:
        if memory or owner != seat:
            history[receipt] = played_card(history[play])
    for other in range(n):
        if other == seat and not memory:
            continue  # the seat remembers its own draws as they were
        for receipt, card in zip(state._slots[other], new_hands[other], strict=True):
            history[receipt] = card
    result = state.clone()
    for position, value in zip(sleeping, new_values, strict=True):
        result._cells[position] = value
    for other in range(n):
        if other != seat:
            result._hands[other] = new_hands[other]
    result._pool = unseen
    result._history = history
    result._legal = None
    return result
