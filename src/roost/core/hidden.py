"""What the table knows about the cards in each hand that others have not seen.

`resample_from_infostate` must return a genuine state: its observation for the seat equals the
real one and its history replays to it. A state is its history, so resampling means rewriting
the chance outcomes a seat did not see (which card another player drew) into other values that
the public record still allows. The public record constrains them in two ways:

* a card played face up must have been in that hand; and
* a rule may reveal that a hand held no card of some kind (Eggo: a player who draws had no
  playable card), which holds for every card that player held at that moment.

`HiddenHands` keeps, per seat, one *slot* per card of that hand that is unseen by others: the
set of card types it may still be (a bitmask) and the history positions whose values depend on
it. Restrictions apply to every slot held at the time; a card played face up is matched to the
compatible slot with the fewest possibilities. When restrictions are nested (each applies to all
cards held at the moment, as in Eggo), that choice keeps exactly the set of hands the record
allows, and any filling of the slots that respects the masks rewrites into a legal history.

A `skeleton` is kept beside the history: the history with every unseen chance outcome replaced by
`UNSEEN`, and filled in once the card is matched to a face-up play. The tracker is public
information (every seat could compute it), so it is the same in a state and in its resamples.

Resampling for a seat keeps that seat's own private entries as they really were (it saw them)
and fills every other seat's slots with cards it cannot see; the rewritten history is the
skeleton with those values put in. Games whose cards can come back into a deck (a reshuffled
discard pile) need more than this: a card's type must also be free at the moment it was drawn.
"""

from __future__ import annotations

import random
from typing import Final

from roost.core.blank import Blank
from roost.core.errors import ResampleError
from roost.core.rand import randbelow

UNSEEN: Final = -1
"""Skeleton value of a history entry whose card is still hidden from the table."""

Slot = tuple[int, ...]
"""(allowed mask, history index, offset, [history index, offset, ...]): the entry at each
history index is `offset + card` once the slot's card is known."""

_SEAT_BITS: Final = 4
_SEAT_MASK: Final = (1 << _SEAT_BITS) - 1
_NO_ORDER: Final[tuple[int, tuple[tuple[int, int, int], ...]]] = (-1, ())
_TRIES: Final = 12
_ATTEMPTS: Final = 50


class HiddenHands(Blank):
    """Per-seat unseen card slots and the public skeleton of the history."""

    __slots__ = ("hands", "order_cache", "private", "skeleton")

    def __init__(self, num_seats: int) -> None:
        if num_seats > _SEAT_MASK:
            raise ValueError(f"HiddenHands handles at most {_SEAT_MASK} seats")
        self.skeleton: list[int] = []
        self.hands: list[list[Slot]] = [[] for _ in range(num_seats)]
        self.private: list[int] = []
        """History positions only one seat saw, as ``position << 4 | seat``."""
        self.order_cache: tuple[int, tuple[tuple[int, int, int], ...]] = _NO_ORDER
        """An observer and the slots in the order `fill` draws them for it (-1: none): a
        search fills the same record for the same seat at every iteration. One field, so a
        thread never reads one seat's order with another seat; every change to the slots
        forgets it."""

    def copy(self) -> HiddenHands:
        other = HiddenHands.__new__(HiddenHands)
        other.skeleton = self.skeleton.copy()
        other.hands = [hand.copy() for hand in self.hands]
        other.private = self.private.copy()
        other.order_cache = self.order_cache  # a tuple: shared safely
        return other

    def key(self) -> tuple[tuple[int, ...], tuple[tuple[Slot, ...], ...], tuple[int, ...]]:
        return tuple(self.skeleton), tuple(tuple(hand) for hand in self.hands), tuple(self.private)

    # --- recording -----------------------------------------------------------------------

    def public(self, action: int) -> None:
        """An action everyone saw as it is."""
        self.skeleton.append(action)

    def hidden_receipt(self, seat: int, allowed: int) -> None:
        """`seat` received an unseen card (the chance outcome just applied) of a type in
        `allowed`."""
        index = len(self.skeleton)
        self.order_cache = _NO_ORDER
        self.hands[seat].append((allowed, index, 0))
        self.private.append(index << _SEAT_BITS | seat)
        self.skeleton.append(UNSEEN)

    def restrict(self, seat: int, allowed: int) -> None:
        """Everyone has learnt that every card `seat` holds now is of a type in `allowed`."""
        self.order_cache = _NO_ORDER
        hand = self.hands[seat]
        for i in range(len(hand)):
            slot = hand[i]
            old = slot[0]
            mask = old & allowed
            if mask != old:
                # the common slot (one history entry) built directly: mypyc makes the starred
                # form a list first
                hand[i] = (mask, slot[1], slot[2]) if len(slot) == 3 else (mask, *slot[1:])

    def restrict_newest(self, seat: int, allowed: int) -> None:
        """Everyone has learnt that the card `seat` received last is of a type in `allowed`."""
        self.order_cache = _NO_ORDER
        hand = self.hands[seat]
        slot = hand[-1]
        mask = slot[0] & allowed
        hand[-1] = (mask, slot[1], slot[2]) if len(slot) == 3 else (mask, *slot[1:])

    def reveal(self, seat: int, card: int) -> None:
        """`seat` showed `card` from its hand (played it face up): retire the slot it came
        from and fill in the history entries that depend on it."""
        hand = self.hands[seat]
        best = -1
        best_count = 1 << 30
        for i, slot in enumerate(hand):
            if slot[0] >> card & 1:
                count = slot[0].bit_count()
                if count < best_count:
                    best, best_count = i, count
                    if count == 1:
                        break
        if best < 0:
            raise ResampleError(f"seat {seat} showed card {card} that no slot of its hand allows")
        slot = hand.pop(best)
        self.order_cache = _NO_ORDER
        skeleton = self.skeleton
        for j in range(1, len(slot), 2):
            skeleton[slot[j]] = slot[j + 1] + card

    # --- resampling ----------------------------------------------------------------------

    def fill(self, observer: int, unseen: list[int], rng: random.Random) -> list[list[int]]:
        """Choose a card for every slot of every seat but `observer` from `unseen` (the cards
        `observer` cannot see: other hands and face-down stocks), which is left holding the
        rest. Returns, per seat, the card of each slot in slot order (empty for `observer`).
        """
        pool_start = sorted(unseen)  # the order of the real cards must not matter
        cached = self.order_cache
        if cached[0] == observer:
            order = cached[1]
        else:
            order = tuple(
                sorted(
                    (slot[0].bit_count(), seat, i)
                    for seat, hand in enumerate(self.hands)
                    if seat != observer
                    for i, slot in enumerate(hand)
                )
            )
            self.order_cache = (observer, order)
        for _ in range(_ATTEMPTS):
            pool = list(pool_start)
            result = [
                [-1] * len(hand) if seat != observer else [] for seat, hand in enumerate(self.hands)
            ]
            if self._draw(order, pool, result, rng):
                unseen[:] = pool
                return result
        raise ResampleError("no filling of the unseen cards fits the public record")

    def _draw(
        self,
        order: tuple[tuple[int, int, int], ...],
        pool: list[int],
        result: list[list[int]],
        rng: random.Random,
    ) -> bool:
        hands = self.hands
        for _, seat, i in order:
            allowed = hands[seat][i][0]
            size = len(pool)
            pick = -1
            for _ in range(_TRIES):
                j = randbelow(rng, size) if size else -1
                if j >= 0 and allowed >> pool[j] & 1:
                    pick = j
                    break
            if pick < 0:
                candidates = [j for j in range(size) if allowed >> pool[j] & 1]
                if not candidates:
                    return False
                pick = candidates[randbelow(rng, len(candidates))]
            result[seat][i] = pool[pick]
            pool[pick] = pool[-1]
            pool.pop()
        return True

    def rewrite(self, observer: int, filled: list[list[int]], real: list[int]) -> list[int]:
        """The history as it might have been: `observer`'s private entries as they really were
        (taken from `real`), every other seat's unseen entries from the filled slots."""
        history = self.skeleton.copy()
        for seat, (hand, cards) in enumerate(zip(self.hands, filled, strict=True)):
            if seat == observer:
                continue
            for slot, card in zip(hand, cards, strict=True):
                for j in range(1, len(slot), 2):
                    history[slot[j]] = slot[j + 1] + card
        for entry in self.private:
            if entry & _SEAT_MASK == observer:
                index = entry >> _SEAT_BITS
                history[index] = real[index]
        return history
