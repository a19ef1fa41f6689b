"""Resampling Egg Bound with the shuffling house rule: which cards the others drew, when every
new Draw Pile is a shuffled Discard Pile.

With piles turned over (the rule) only the first pile is hidden (`hidden.py`). Shuffled, a card
type can be drawn again after every reshuffle, and whether a card was in the pile when a player
drew it depends on *which* pile (epoch) it came from. This module searches across epochs; the
plans of one player in one epoch, the last epoch's free cards and the rewritten history are
`hidden.Record`'s.

**Epochs.** Epoch 0 is the first Draw Pile (every non-Egg card); epoch e >= 1 is the pile made by
the e-th reshuffle, whose composition is public (it is the face-up Discard Pile of the moment). A
reshuffle happens only when the pile is empty, so every epoch but the current one was drawn to
the last card: the cards the other seats drew in a finished epoch are exactly its pile less the
seat's own draws, in some order, and any order of a multiset is a possible sequence of draws.

**Hands.** Given the hand a player *starts* an epoch with, its plan for the epoch is fixed
(`hidden.Record.plan`: needs placed earliest deadline first, the rest free). The free cards of a
finished epoch are kept to its end and carried into the next: how the epoch's leftover cards
(its pile less every need) are shared among the players' free draws is the only link between
players and between epochs.

**Search.** Epoch by epoch: the per-player plans, the check that all needs fit in the pile, then
the split of the leftover cards, enumerated type by type, the copies of a type going first to the
players who will show them soonest (random bonuses break ties, so any split can come first), each
partial split pruned by necessary conditions on the future:

* the next epoch's needs of the type fit its pile (and, forward-checked, every type still to be
  shared can still meet that, within the players' remaining room);
* each player's next-epoch needs still fit their draw slots in time (types not yet shared
  counted as generously as their room allows);
* the next epoch's leftover Chickens fit the slots where a Chicken may be kept;
* lower bounds on each player's copies at every later reshuffle (what they keep without free
  draws, what each later epoch needs them to start with, given that epoch's pile) fit the
  others' hands at that reshuffle (a public count) and each player's hand size.

The last epoch needs no lookahead: its free cards are uniform draws from what is left. The search
is a complete depth-first search with memoised dead ends, restarted with fresh random choices
whenever a node budget runs out, the budgets following Luby's sequence: it always returns a
consistent history (the real one exists) and never an inconsistent one.

Limits: the draw is not from the exact posterior (splits that give copies to players who show
them soon are preferred, placements are a few random swaps); no inconsistent history is ever
drawn.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from roost.core.errors import ResampleError
from roost.games.egg_bound.hidden import (
    EV_DRAW,
    EV_GAIN,
    EV_HIDDEN,
    EV_NO_CHICKEN,
    EV_PLAY,
    EV_RESHUFFLE,
    EV_TAKEN_BACK,
    Event,
    Plan,
    Record,
    Solution,
    combinations,
    edf_fits,
    rebuild,
)

if TYPE_CHECKING:
    from roost.games.egg_bound.state import EggBoundState

HAND_LIMIT: Final = 8
"""More copies of one type than a hand of the rulebook's five can hold (five, six during a swap,
plus one); `hand_limit` keeps the same margin for the game's own `hand`."""


def hand_limit(hand_size: int) -> int:
    """More copies of one type than a hand of `hand_size` can hold (`HAND_LIMIT` for five)."""
    return hand_size + HAND_LIMIT - 5


_BUDGET_UNIT: Final = 500


class _OutOfBudget(Exception):
    pass


def resample(state: EggBoundState, seat: int, rng: random.Random) -> EggBoundState:
    """A state `seat` cannot tell apart from `state` (piles shuffled)."""
    events, epochs, history = state._events, state._epochs, state._history
    game = state.game
    first = game.composition.first_pile
    own = tuple(history[value] for kind, who, value in events if who == seat and kind == EV_DRAW)
    key = (tuple(events), tuple(epochs), seat, own, first)
    bounds = _BOUNDS.pop(key, None)
    if bounds is None:
        bounds = Bounds()
        if len(_BOUNDS) >= _KEPT:
            del _BOUNDS[next(iter(_BOUNDS))]
    _BOUNDS[key] = bounds
    search = Search(
        events, epochs, history, seat, game.num_players, first, bounds, hand_limit(game.hand_size)
    )
    return rebuild(state, search, search.solve(rng), rng)


@dataclass
class Bounds:
    """The lookahead bounds a search works out for one seat's information: pure functions of
    it, so they are kept for the next resample from the same information (search draws many
    states in a row from one, and a seat's information changes only as the game goes on)."""

    walks: dict[tuple[int, int, int, int], tuple[int, bool, int]] = field(default_factory=dict)
    least: dict[tuple[int, int, int], int] = field(default_factory=dict)
    lows: dict[tuple[object, ...], list[dict[int, int]] | None] = field(default_factory=dict)
    worths: dict[tuple[int, int, int, int, int], list[float]] = field(default_factory=dict)


_BOUNDS: Final[dict[tuple[object, ...], Bounds]] = {}
"""The bounds of the last few seats' information, oldest first."""
_KEPT: Final = 8


class Search(Record):
    """The search over a seat's record, with the public counts it prunes with: the others'
    hands together at each reshuffle and each hand's size."""

    def __init__(
        self,
        events: list[Event],
        epochs: list[tuple[int, ...]],
        history: list[int],
        observer: int,
        num_players: int,
        first_pile: tuple[int, ...],
        bounds: Bounds | None = None,
        limit: int = HAND_LIMIT,
    ) -> None:
        super().__init__(events, epochs, history, observer, num_players, first_pile)
        self.limit = limit
        """More copies of one type than any hand can hold (`hand_limit` of the game's hand)."""
        self.nodes = 0
        self.budget = _BUDGET_UNIT
        self.slot_times = [[[time for time, _ in slots] for slots in seat] for seat in self.slots]
        self._shown = [
            [
                {value for _, kind, value in evs if kind == EV_PLAY}
                | (
                    self.chicken_set
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
        held = [0] * self.num_types
        self.held = [tuple(held)]
        for e in range(self.epochs):
            for p in self.others:
                for _, kind, value in self.evs[p][e]:
                    if kind == EV_PLAY:
                        held[value] = held[value] - 1
                    elif kind == EV_GAIN:
                        held[value] = held[value] + 1
            for card in range(self.num_types):
                held[card] = held[card] + self.supply[e][card]
            self.held.append(tuple(held))
        self.unseen = self.held[-1]
        # Each other player's hand size at the start of each epoch, and now (public counts).
        size = [0] * num_players
        self.sizes: list[dict[int, int]] = []
        for kind, seat, _ in events:
            if kind == EV_RESHUFFLE:
                self.sizes.append({p: size[p] for p in self.others})
            elif kind in (EV_DRAW, EV_GAIN):
                size[seat] = size[seat] + 1
            elif kind in (EV_PLAY, EV_HIDDEN):
                size[seat] = size[seat] - 1
        self.sizes.insert(0, dict.fromkeys(self.others, 0))
        self.sizes.append({p: size[p] for p in self.others})
        self.pending = [
            sum(1 for _, kind, _ in self.evs[p][self.last] if kind == EV_HIDDEN)
            for p in range(num_players)
        ]
        self.failed: set[tuple[object, ...]] = set()
        bounds = bounds if bounds is not None else Bounds()
        self._walks = bounds.walks
        self._least_cache = bounds.least
        self._lows_cache = bounds.lows
        self._worths = bounds.worths
        self._ops = self._type_ops()

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget

    # --- per-type summaries for lookahead --------------------------------------------------

    def _type_ops(self) -> list[list[list[list[int]]]]:
        """Per player, epoch and type: the known events of that type in order: +1 a gain,
        -1 a card shown, 0 a "no Chicken" (Chicken types only). Face-down Chickens are left
        out: they only add needs, so the walks below stay necessary conditions."""
        n = len(self.evs)
        ops: list[list[list[list[int]]]] = [
            [[[] for _ in range(self.num_types)] for _ in range(self.epochs)] for _ in range(n)
        ]
        for p in self.others:
            for e in range(self.epochs):
                for _, kind, value in self.evs[p][e]:
                    if kind == EV_PLAY:
                        ops[p][e][value].append(-1)
                    elif kind == EV_GAIN:
                        ops[p][e][value].append(1)
                    elif kind == EV_NO_CHICKEN:
                        for chicken in self.chickens:
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
        result = self.limit
        supply = self.supply[e][card]
        for start in range(self.limit):
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
                        needs.append((ban if card in self.chicken_set else -1, time))
                elif kind == EV_GAIN and value == card:
                    held += 1
                elif kind == EV_NO_CHICKEN:
                    ban = time
                    held = 0 if card in self.chicken_set else held
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
            if card in self.chicken_set:
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
        key = (p, e, card, held, most)
        cached = self._worths.get(key)
        if cached is not None:
            return cached
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
        self._worths[key] = worth
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
            if kind == EV_PLAY and value in self.chicken_set:
                if held[value]:
                    held[value] = held[value] - 1
                elif time > ban:
                    late_needs += 1
            elif kind == EV_GAIN and value in self.chicken_set:
                held[value] = held[value] + 1
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
                    held[value] = held[value] - 1
                elif wild and value in self.chicken_set:
                    wild -= 1
                else:
                    needs.append((ban if value in self.chicken_set else -1, time))
            elif kind == EV_GAIN:
                held[value] = held[value] + 1
            elif kind == EV_NO_CHICKEN:
                if wild:
                    return False
                for chicken in self.chickens:
                    if held[chicken]:
                        if chicken in exact:
                            return False
                        held[chicken] = 0
                ban = time
            elif not wild and not any(held[chicken] for chicken in self.chickens):
                # A face-down Chicken with none held: one must be drawn before it (and, taken
                # back, it is held after, as a Chicken of any type).
                needs.append((ban, time))
                if kind == EV_TAKEN_BACK:
                    wild = 1
        return edf_fits(needs, self.slot_times[p][e])

    # --- search ----------------------------------------------------------------------------

    def solve(self, rng: random.Random) -> Solution:
        """Depth-first search, restarted with fresh random choices whenever a node budget
        runs out. Budgets follow Luby's sequence (1, 1, 2, 1, 1, 2, 4, ... units), which
        grows without bound (so the search is complete) while cutting off the long
        unlucky runs that a depth-first search over random choices sometimes makes."""
        empty = tuple([0] * self.num_types)
        attempt = 0
        while True:
            attempt += 1
            self.nodes = 0
            self.budget = _BUDGET_UNIT * luby(attempt)
            try:
                solution = self._epoch(0, dict.fromkeys(self.others, empty), rng)
            except _OutOfBudget:
                continue
            if solution is None:
                raise ResampleError("no history fits the public record")
            return solution

    def _epoch(
        self, e: int, starts: dict[int, tuple[int, ...]], rng: random.Random
    ) -> list[tuple[dict[int, Plan], dict[int, list[int]]]] | None:
        key = (e, tuple(starts[p] for p in self.others))
        if key in self.failed:
            return None
        options = {}
        for p in self.others:
            choices = self.options(p, e, starts[p], rng)
            if not choices:
                self.failed.add(key)
                return None
            options[p] = choices
        supply = self.supply[e]
        for combo in combinations([options[p] for p in self.others], supply):
            plans = dict(zip(self.others, combo, strict=True))
            left = list(supply)
            for plan in combo:
                for card, count in enumerate(plan.need_counts):
                    left[card] = left[card] - count
            if min(left) < 0:
                continue
            if e == self.last:
                free = self.last_free(left, plans, rng)
                if free is not None:
                    return [(plans, free)]
                continue
            for split in self._splits(e, left, plans, rng):
                nexts = {}
                for p in self.others:
                    carry = list(plans[p].carry)
                    for card in split[p]:
                        carry[card] = carry[card] + 1
                    nexts[p] = tuple(carry)
                rest = self._epoch(e + 1, nexts, rng)
                if rest is not None:
                    return [(plans, split), *rest]
        self.failed.add(key)
        return None

    def _splits(
        self, e: int, left: list[int], plans: dict[int, Plan], rng: random.Random
    ) -> Iterator[dict[int, list[int]]]:
        """Every way to share the leftover cards of a finished epoch among the players' free
        slots, type by type (Chickens first, then the types the next epoch presses hardest),
        the first one random, each partial split pruned by the next epoch."""
        players = [p for p in self.others if plans[p].free]
        room = {p: len(plans[p].free) for p in players}
        chicken_room = {p: plans[p].late for p in players}
        given: dict[int, list[int]] = {p: [] for p in self.others}
        nxt = e + 1
        pressure = {
            c: sum(self._walk(p, nxt, c, plans[p].carry[c])[0] for p in self.others)
            - self.supply[nxt][c]
            for c in self.non_chickens
        }
        types = [*self.chickens, *sorted(self.non_chickens, key=lambda c: -pressure[c])]

        # Lower bounds on every player's hand at every later reshuffle, type by type: for
        # the types not yet shared out, from what they carry alone; they must fit the hands.
        base: dict[int, list[dict[int, int]]] = {}
        for c in types:
            lows = self._lows(nxt, c, {p: plans[p].carry[c] for p in self.others})
            if lows is None:
                return iter(())
            base[c] = lows
        sizes = self.sizes[nxt + 1 :]
        totals = [
            {p: sum(base[c][j][p] for c in types) for p in self.others} for j in range(len(sizes))
        ]
        if any(totals[j][p] > sizes[j][p] for j in range(len(sizes)) for p in self.others):
            return iter(())

        def fits(card: int, vector: dict[int, int]) -> list[dict[int, int]] | None:
            total = 0
            starts = {}
            for p in self.others:
                start = plans[p].carry[card] + vector.get(p, 0)
                needs, ok, _ = self._walk(p, nxt, card, start)
                if not ok:
                    return None
                total += needs
                starts[p] = start
            if total > self.supply[nxt][card]:
                return None
            lows = self._lows(nxt, card, starts)
            if lows is None:
                return None
            old = base[card]
            for j, size in enumerate(sizes):
                for p in self.others:
                    if totals[j][p] - old[j][p] + lows[j][p] > size[p]:
                        return None
            return lows

        # Types with no copy left over are settled now; the search shares out the others.
        for c in types:
            if not left[c] and fits(c, {}) is None:
                return iter(())
        active = [c for c in types if left[c]]
        settled = [c for c in types if not left[c]]
        last_chicken = max((i for i, c in enumerate(active) if c in self.chicken_set), default=-1)

        def timing_ok(i: int, card: int) -> bool:
            """Each player who shows `card` next epoch can still get their needs in time:
            types given so far count exactly, the others as generously as room allows."""
            done = settled + active[: i + 1]
            for p in self.others:
                if card not in self._shown[p][nxt]:
                    continue
                start = list(plans[p].carry)
                for c in active[: i + 1]:
                    start[c] = start[c] + given_counts[p][c]
                if p in room:
                    for c in active[i + 1 :]:
                        cap = (
                            room[p] if c not in self.chicken_set else min(room[p], chicken_room[p])
                        )
                        start[c] = start[c] + (min(cap, left[c]))
                if not self._timing_ok(p, nxt, start, done):
                    return False
            return True

        needs0 = {
            c: {p: self._walk(p, nxt, c, plans[p].carry[c])[0] for p in self.others} for c in active
        }

        def supply_possible(i: int) -> bool:
            """Forward check: each type not yet shared out can still meet the next epoch's
            needs of it, giving its copies to the players who need them, within their room."""
            for c in active[i + 1 :]:
                short = sum(needs0[c].values()) - self.supply[nxt][c]
                if short <= 0:
                    continue
                chicken = c in self.chicken_set
                deliverable = sum(
                    min(needs0[c][p], min(room[p], chicken_room[p]) if chicken else room[p])
                    for p in players
                )
                if min(left[c], deliverable) < short:
                    return False
            return True

        def chickens_fit() -> bool:
            """Once every Chicken is shared out: the Chickens the next epoch will have left
            over (its pile's, less at most what the players can need) must fit in the slots
            where the players may keep a Chicken (after their last "no Chicken")."""
            if nxt == self.last:
                return True  # the current pile keeps what nobody draws
            needs = 0
            room_next = 0
            for p in self.others:
                starts = {c: plans[p].carry[c] + given_counts[p][c] for c in self.chickens}
                needs += sum(self._walk(p, nxt, c, starts[c])[0] for c in self.chickens)
                needs += len(self.wild[p][nxt])
                room_next += self._late_room(p, nxt, starts)
            spare = sum(self.supply[nxt][c] for c in self.chickens) - needs
            return spare <= room_next

        given_counts = {p: [0] * self.num_types for p in self.others}
        if not supply_possible(-1) or (last_chicken < 0 and not chickens_fit()):
            return iter(())
        # A player who shows next only types with no copy left over starts the next epoch
        # with them whatever the split: their timing is decided now.
        for p in self.others:
            shown = self._shown[p][nxt]
            settled_only = shown and not any(c in shown for c in active)
            if settled_only and not self._timing_ok(p, nxt, list(plans[p].carry), settled):
                return iter(())

        def depth(i: int) -> Iterator[dict[int, list[int]]]:
            if i == len(active):
                yield {p: list(cards) for p, cards in given.items()}
                return
            card = active[i]
            is_chicken = card in self.chicken_set
            caps = {p: min(room[p], chicken_room[p]) if is_chicken else room[p] for p in players}
            old = base[card]
            worth = {
                p: self._worth(p, nxt, card, plans[p].carry[card], min(caps[p], left[card]))
                for p in players
            }
            for vector in _vectors(left[card], players, caps, worth, rng):
                self.tick()
                lows = fits(card, vector)
                if lows is None:
                    continue
                for j, row in enumerate(lows):
                    for p, low in row.items():
                        totals[j][p] = totals[j][p] + (low - old[j][p])
                for p, k in vector.items():
                    room[p] = room[p] - k
                    if is_chicken:
                        chicken_room[p] = chicken_room[p] - k
                    given[p].extend([card] * k)
                    given_counts[p][card] = given_counts[p][card] + k
                chickens_left = sum(left[c] for c in active[i + 1 :] if c in self.chicken_set)
                if (
                    chickens_left <= sum(min(room[p], chicken_room[p]) for p in players)
                    and supply_possible(i)
                    and timing_ok(i, card)
                    and (i != last_chicken or chickens_fit())
                ):
                    yield from depth(i + 1)
                for p, k in vector.items():
                    room[p] = room[p] + k
                    if is_chicken:
                        chicken_room[p] = chicken_room[p] + k
                    given_counts[p][card] = given_counts[p][card] - k
                    if k:
                        del given[p][-k:]
                for j, row in enumerate(lows):
                    for p, low in row.items():
                        totals[j][p] = totals[j][p] - (low - old[j][p])

        return depth(0)


def _vectors(
    count: int,
    players: list[int],
    caps: dict[int, int],
    worth: dict[int, list[float]],
    rng: random.Random,
) -> Iterator[dict[int, int]]:
    """Every way to give `count` copies to `players` within `caps`, most useful first:
    ``worth[p][j]`` is what a (j+1)-th copy is worth to `p`, and a random bonus in [0, 1)
    per way breaks ties (and near ties). The first way is found greedily, then come the
    ways one copy away from it; the full list is built only if the search comes back for
    more."""
    if count == 0:
        yield {}
        return
    if sum(caps[p] for p in players) < count:
        return
    first: dict[int, int] = {}
    noise = {p: rng.random() / count for p in players}
    for _ in range(count):
        best, best_value = -1, float("-inf")
        for p in players:
            k = first.get(p, 0)
            if k < caps[p]:
                value = worth[p][k] + noise[p]
                if value > best_value:
                    best, best_value = p, value
        first[best] = first.get(best, 0) + 1
    yield first
    # Then the ways one copy away from the first (the cheap repairs), best first.
    seen = [first]
    near: list[tuple[float, dict[int, int]]] = []
    for giver, k in first.items():
        for taker in players:
            if taker != giver and first.get(taker, 0) < caps[taker]:
                other = dict(first)
                other[giver] = k - 1
                if not other[giver]:
                    del other[giver]
                other[taker] = other.get(taker, 0) + 1
                value = worth[taker][other[taker] - 1] - worth[giver][k - 1]
                near.append((value + rng.random(), other))
    near.sort(key=lambda item: -item[0])
    for _, vector in near:
        seen.append(vector)
        yield vector
    scored: list[tuple[float, dict[int, int]]] = []

    def build(i: int, left: int, current: dict[int, int], score: float) -> None:
        if i == len(players):
            if left == 0 and current not in seen:
                scored.append((score + rng.random(), dict(current)))
            return
        p = players[i]
        gain = 0.0
        for k in range(min(left, caps[p]) + 1):
            if k:
                current[p] = k
                gain += worth[p][k - 1]
            build(i + 1, left - k, current, score + gain)
        current.pop(p, None)

    build(0, count, {}, 0.0)
    scored.sort(key=lambda item: -item[0])
    for _, vector in scored:
        yield vector


def luby(i: int) -> int:
    """The i-th term (from 1) of Luby's restart sequence 1, 1, 2, 1, 1, 2, 4, 1, ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)
