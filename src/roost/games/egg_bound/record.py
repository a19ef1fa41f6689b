"""The public record of what happened to the hands in a game of Egg Bound, cut by player and
by Draw Pile (epoch), with the bounds the resampling search prunes with (see `resample.py`).

The state appends an event for every card drawn, shown or gained, every Chicken placed face
down, every "holds no Chicken" the rules reveal, and every reshuffle. All of it is public: a
drawn card's event says only who drew (its type is in the history, which only the drawer and
the seat's own records may read).
"""

from __future__ import annotations

import heapq
from typing import Final

from roost.games.egg_bound.cards import CHICKENS, DRAW_DECK, NUM_TYPES

# Kinds of event in the public record: (kind, seat, value).
EV_DRAW: Final = 0
"""`seat` drew a card unseen by the others; value = its history index."""
EV_PLAY: Final = 1
"""`seat` showed a card from its hand and it left the hand; value = card type."""
EV_GAIN: Final = 2
"""`seat` took a known card into its hand (a kept Chicken); value = card type."""
EV_NO_CHICKEN: Final = 3
"""Everyone learnt that `seat` holds no Chicken (a Star defender placing none)."""
EV_HIDDEN: Final = 4
"""`seat` placed a Chicken face down (pending); value = history index of the Star play."""
EV_TAKEN_BACK: Final = 5
"""`seat` placed a Chicken face down and took it back unseen; value = history index."""
EV_RESHUFFLE: Final = 6
"""The Discard Pile became the Draw Pile; value = the new epoch number."""

Event = tuple[int, int, int]

CHICKEN_SET: Final = frozenset(CHICKENS)
HAND_LIMIT: Final = 8
"""More copies of one type than any hand can hold (five, six during a swap, plus one)."""


class ResampleError(RuntimeError):
    """No history fits the record: a bug in the record keeping."""


class Record:
    """The record of a game as one seat (the observer) knows it: the other players' events
    and draw slots per epoch, each epoch's supply (its pile less the observer's draws), and
    the public counts (the others' hands together at each reshuffle, each hand's size)."""

    def __init__(
        self,
        events: list[Event],
        epochs: list[tuple[int, ...]],
        history: list[int],
        observer: int,
        num_players: int,
    ) -> None:
        first = [0] * NUM_TYPES
        for card in DRAW_DECK:
            first[card] += 1
        comps = [tuple(first), *epochs]
        self.epochs = len(comps)
        self.last = self.epochs - 1
        self.others = [p for p in range(num_players) if p != observer]
        self.history = history
        supply = [list(comp) for comp in comps]
        n, m = num_players, self.epochs
        self.evs: list[list[list[tuple[int, int, int]]]] = [
            [[] for _ in range(m)] for _ in range(n)
        ]
        self.slots: list[list[list[tuple[int, int]]]] = [[[] for _ in range(m)] for _ in range(n)]
        self.wild: list[list[list[tuple[int, int]]]] = [[[] for _ in range(m)] for _ in range(n)]
        self.last_ban: list[list[int]] = [[-1] * m for _ in range(n)]
        epoch = 0
        for time, (kind, seat, value) in enumerate(events):
            if kind == EV_RESHUFFLE:
                epoch += 1
                continue
            if seat == observer:
                if kind == EV_DRAW:
                    supply[epoch][history[value]] -= 1
                continue
            if kind == EV_DRAW:
                self.slots[seat][epoch].append((time, value))
                continue
            self.evs[seat][epoch].append((time, kind, value))
            if kind in (EV_HIDDEN, EV_TAKEN_BACK):
                self.wild[seat][epoch].append((kind, value))
            elif kind == EV_NO_CHICKEN:
                self.last_ban[seat][epoch] = time
        if any(count < 0 for counts in supply for count in counts):
            raise ResampleError("the seat drew more of a card than its Draw Pile held")
        self.supply = [tuple(counts) for counts in supply]
        self.slot_times = [[[time for time, _ in slots] for slots in seat] for seat in self.slots]
        self._shown = [
            [
                {value for _, kind, value in evs if kind == EV_PLAY}
                | (
                    CHICKEN_SET
                    if any(kind in (EV_HIDDEN, EV_TAKEN_BACK) for _, kind, _ in evs)
                    else set()
                )
                for evs in seat
            ]
            for seat in self.evs
        ]
        # The others' hands together at the start of each epoch (public: what they drew in
        # finished epochs, plus what they gained, less what they showed), and at most what
        # they may hold now (their hands and the Draw Pile together).
        held = [0] * NUM_TYPES
        self.held = [tuple(held)]
        for e in range(self.epochs):
            for p in self.others:
                for _, kind, value in self.evs[p][e]:
                    if kind == EV_PLAY:
                        held[value] -= 1
                    elif kind == EV_GAIN:
                        held[value] += 1
            for card in range(NUM_TYPES):
                held[card] += self.supply[e][card]
            self.held.append(tuple(held))
        self.unseen = self.held[-1]
        # Each other player's hand size at the start of each epoch, and now (public counts).
        size = [0] * num_players
        self.sizes: list[dict[int, int]] = []
        for kind, seat, _ in events:
            if kind == EV_RESHUFFLE:
                self.sizes.append({p: size[p] for p in self.others})
            elif kind in (EV_DRAW, EV_GAIN):
                size[seat] += 1
            elif kind in (EV_PLAY, EV_HIDDEN):
                size[seat] -= 1
        self.sizes.insert(0, dict.fromkeys(self.others, 0))
        self.sizes.append({p: size[p] for p in self.others})
        self.pending = [
            sum(1 for _, kind, _ in self.evs[p][self.last] if kind == EV_HIDDEN)
            for p in range(num_players)
        ]
        self.failed: set[tuple[object, ...]] = set()
        self._walks: dict[tuple[int, int, int, int], tuple[int, bool, int]] = {}
        self._least_cache: dict[tuple[int, int, int], int] = {}
        self._lows_cache: dict[tuple[object, ...], list[dict[int, int]] | None] = {}
        self._ops = self._type_ops()

    # --- per-type summaries for lookahead --------------------------------------------------

    def _type_ops(self) -> list[list[list[list[int]]]]:
        """Per player, epoch and type: the known events of that type in order: +1 a gain,
        -1 a card shown, 0 a "no Chicken" (Chicken types only). Face-down Chickens are left
        out: they only add needs, so the walks below stay necessary conditions."""
        n = len(self.evs)
        ops: list[list[list[list[int]]]] = [
            [[[] for _ in range(NUM_TYPES)] for _ in range(self.epochs)] for _ in range(n)
        ]
        for p in self.others:
            for e in range(self.epochs):
                for _, kind, value in self.evs[p][e]:
                    if kind == EV_PLAY:
                        ops[p][e][value].append(-1)
                    elif kind == EV_GAIN:
                        ops[p][e][value].append(1)
                    elif kind == EV_NO_CHICKEN:
                        for chicken in CHICKENS:
                            ops[p][e][chicken].append(0)
        return ops

    def _walk(self, p: int, e: int, card: int, start: int) -> tuple[int, bool, int]:
        """For `p` starting epoch `e` with `start` copies of `card` (face-down Chickens left
        out): the copies it must draw, whether each "no Chicken" holds, and the copies it
        holds at the end without free draws."""
        key = (p, e, card, start)
        cached = self._walks.get(key)
        if cached is not None:
            return cached
        held = start
        needs = 0
        ok = True
        for op in self._ops[p][e][card]:
            if op > 0:
                held += 1
            elif op < 0:
                if held:
                    held -= 1
                else:
                    needs += 1
            elif held:
                ok = False
        result = (needs, ok, held)
        self._walks[key] = result
        return result

    def _least(self, p: int, e: int, card: int) -> int:
        """The fewest copies of `card` `p` can start epoch `e` with and still draw the rest
        in time (that type alone on `p`'s draw slots) from what the epoch's pile holds of it:
        a lower bound on any plan."""
        key = (p, e, card)
        cached = self._least_cache.get(key)
        if cached is not None:
            return cached
        times = self.slot_times[p][e]
        result = HAND_LIMIT
        supply = self.supply[e][card]
        for start in range(HAND_LIMIT):
            if self._walk(p, e, card, start)[0] > supply:
                continue
            held = start
            ban = -1
            needs: list[tuple[int, int]] = []
            for time, kind, value in self.evs[p][e]:
                if kind == EV_PLAY and value == card:
                    if held:
                        held -= 1
                    else:
                        needs.append((ban if card in CHICKEN_SET else -1, time))
                elif kind == EV_GAIN and value == card:
                    held += 1
                elif kind == EV_NO_CHICKEN:
                    ban = time
                    held = 0 if card in CHICKEN_SET else held
            if edf_fits(needs, times):
                result = start
                break
        self._least_cache[key] = result
        return result

    def _lows(self, e: int, card: int, starts: dict[int, int]) -> list[dict[int, int]] | None:
        """Lower bounds on each player's copies of `card` at every reshuffle after the start
        of epoch `e` and now (the last entry), from `starts` (their copies when `e` starts):
        what they keep without free draws, and at least what the next epoch needs them to
        start with. None when the bounds already break a rule: a "no Chicken", or more copies
        than the others' hands held together at a reshuffle."""
        key = (e, card, tuple(starts[p] for p in self.others))
        if key in self._lows_cache:
            return self._lows_cache[key]
        result = self._compute_lows(e, card, starts)
        self._lows_cache[key] = result
        return result

    def _compute_lows(
        self, e: int, card: int, starts: dict[int, int]
    ) -> list[dict[int, int]] | None:
        lows = dict(starts)
        result: list[dict[int, int]] = []
        for later in range(e, self.last):
            total = 0
            nxt: dict[int, int] = {}
            for p in self.others:
                _, ok, end = self._walk(p, later, card, lows[p])
                if not ok:
                    return None
                low = max(end, self._least(p, later + 1, card))
                nxt[p] = low
                total += low
            # Whatever the next epoch's pile lacks for the needs left at these bounds must
            # be held on top of them (each copy more held is one need fewer).
            needs = sum(self._walk(p, later + 1, card, nxt[p])[0] for p in self.others)
            short = max(0, needs - self.supply[later + 1][card])
            if total + short > self.held[later + 1][card]:
                return None
            lows = nxt
            result.append(nxt)
        total = 0
        final: dict[int, int] = {}
        for p in self.others:
            _, ok, end = self._walk(p, self.last, card, lows[p])
            if not ok:
                return None
            if card in CHICKEN_SET:
                end = max(0, end - self.pending[p])  # a face-down Chicken may be this one
            final[p] = end
            total += end
        if total > self.unseen[card]:
            return None
        result.append(final)
        return result

    def _worth(self, p: int, e: int, card: int, held: int, most: int) -> list[float]:
        """What each of `most` more copies of `card` at the start of epoch `e` is worth to
        `p`: a copy that will be shown in epoch `e` is worth 2, in `e + 1` 1, and so on
        halving; one never shown (kept to the end, taking room) -0.25."""
        uncovered: list[int] = []
        for later in range(e, self.epochs):
            for op in self._ops[p][later][card]:
                if op > 0:
                    held += 1
                elif op < 0:
                    if held:
                        held -= 1
                    else:
                        uncovered.append(later)
            if len(uncovered) >= most:
                break
        worth = [2.0 / (1 << (later - e)) for later in uncovered[:most]]
        worth.extend([-0.25] * (most - len(worth)))
        return worth

    def _late_room(self, p: int, e: int, starts: dict[int, int]) -> int:
        """At most how many free Chickens `p` can keep in epoch `e` starting it with
        `starts` Chickens: their draw slots after their last "no Chicken", less the Chickens
        they must draw after it (face-down Chickens left out: they only add needs)."""
        ban = self.last_ban[p][e]
        times = self.slot_times[p][e]
        if ban < 0:
            return len(times)
        held = dict(starts)
        late_needs = 0
        for time, kind, value in self.evs[p][e]:
            if kind == EV_PLAY and value in CHICKEN_SET:
                if held[value]:
                    held[value] -= 1
                elif time > ban:
                    late_needs += 1
            elif kind == EV_GAIN and value in CHICKEN_SET:
                held[value] += 1
        return max(0, sum(1 for time in times if time > ban) - late_needs)

    def _timing_ok(self, p: int, e: int, start: list[int], exact: list[int]) -> bool:
        """A necessary condition for `p`'s plan in epoch `e`: with `start` (exact for the
        types in `exact`, an upper bound for the others) the needs fit the draw slots in time.
        Face-down Chickens are left out (they only add needs)."""
        held = start
        needs: list[tuple[int, int]] = []
        ban = -1
        wild = 0  # Chickens of a type not yet chosen, drawn for a face-down Chicken
        for time, kind, value in self.evs[p][e]:
            if kind == EV_PLAY:
                if held[value]:
                    held[value] -= 1
                elif wild and value in CHICKEN_SET:
                    wild -= 1
                else:
                    needs.append((ban if value in CHICKEN_SET else -1, time))
            elif kind == EV_GAIN:
                held[value] += 1
            elif kind == EV_NO_CHICKEN:
                if wild:
                    return False
                for chicken in CHICKENS:
                    if held[chicken]:
                        if chicken in exact:
                            return False
                        held[chicken] = 0
                ban = time
            elif not wild and not any(held[chicken] for chicken in CHICKENS):
                # A face-down Chicken with none held: one must be drawn before it (and, taken
                # back, it is held after, as a Chicken of any type).
                needs.append((ban, time))
                if kind == EV_TAKEN_BACK:
                    wild = 1
        return edf_fits(needs, self.slot_times[p][e])


def edf_fits(needs: list[tuple[int, int]], times: list[int]) -> bool:
    """Do unit jobs (release, deadline) fit one each into the slots at `times` (strictly
    between release and deadline)? Earliest deadline first among released jobs decides it."""
    if not needs:
        return True
    if len(needs) > len(times):
        return False
    needs = sorted(needs)
    heap: list[int] = []
    k = 0
    for time in times:
        while k < len(needs) and needs[k][0] < time:
            heapq.heappush(heap, needs[k][1])
            k += 1
        if heap and heapq.heappop(heap) < time:
            return False
    return not heap and k == len(needs)
