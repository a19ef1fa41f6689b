"""Resampling Egg Bound: which cards the others drew, when the Draw Pile is rebuilt from discards.

A resampled state must be *genuine*: its history replays (every card drawn was in the Draw Pile
at that moment, every card shown was in that hand) and it depends only on what the seat knows.
`core/hidden.py` handles one pool drawn without replacement; here the Discard Pile (face up) is
turned into a new Draw Pile each time the Draw Pile runs out, so a card type can be drawn many
times, and the question "was this card in the pile then?" depends on *which reshuffle* it was
drawn after. This module answers it exactly.

**Epochs.** Epoch 0 is the first Draw Pile (every non-Egg card); epoch e >= 1 is the pile made by
the e-th reshuffle, whose composition `comp[e]` is public (it is the face-up Discard Pile of the
moment). A reshuffle happens only when the pile is empty, so every epoch but the current one was
drawn to the last card: the cards drawn in a finished epoch are exactly `comp[e]`, in some
order, and any order of a multiset is a possible sequence of draws. The seat's own draws are
known; `A[e] = comp[e] - own draws in e` is what the other seats drew in epoch e (finished) or a
multiset containing it (current). That is the whole of the pile constraint.

**Hands.** A player's hand obeys: every card shown (played, discarded) was held; after "holds no
Chicken" (a Star defender with no Chicken) none was held; the face-down Chicken of a Star was a
Chicken held then (taken back unseen, it stays in the hand). Within one epoch, given the hand a
player *starts* it with (S), the draws that are *needed* are fixed: walk the player's events in
order, using held copies first (first in, first out: with interchangeable copies this is never
worse, because it frees the hand earliest); a card shown that is not held must have been drawn
in this epoch before it (a *need*: type, deadline; a Chicken need also may not be drawn before
the last "no Chicken" that precedes its use). Needs are unit jobs with release times and
deadlines on the player's draw slots: earliest-deadline-first decides exactly whether they fit,
and placing them as early as possible leaves the most late slots free. The other draws are
*free*: any card left in `A[e]` after all needs, kept to the end of the epoch (so a free Chicken
must come after the player's last "no Chicken" in the epoch). The hand at the end of the epoch,
carried into the next, is (S - used) + free.

**Search.** Epoch by epoch: the per-player plans (with the Chicken chosen for each face-down
Chicken, a small product), the check that all needs fit in `A[e]`, then how the leftover cards
`L = A[e] - needs` are shared among the players' free slots. That split is the only link between
players and between epochs. It is enumerated type by type, the copies of a type going first to
the players who will show them soonest (random bonuses break ties, so any split can come
first), each partial split pruned by necessary conditions on the future:

* the next epoch's needs of the type fit its pile (and, forward-checked, every type still to be
  shared can still meet that, within the players' remaining room);
* each player's next-epoch needs still fit their draw slots in time (types not yet shared
  counted as generously as their room allows);
* the next epoch's leftover Chickens fit the slots where a Chicken may be kept;
* lower bounds on each player's copies at every later reshuffle (what they keep without free
  draws, what each later epoch needs them to start with, given that epoch's pile) fit the
  others' hands at that reshuffle (a public count) and each player's hand size.

The last epoch needs no lookahead: its free cards are uniform draws from what is left. Within
an epoch, cards are laid on the slots by earliest deadline and then shuffled by random swaps
that keep every card inside its window. The search is a complete depth-first search with
memoised dead ends, restarted with fresh random choices whenever a node budget runs out, the
budgets following Luby's sequence: it always returns a consistent history (the real one exists)
and never an inconsistent one.

Every input is public (the record of events, the reshuffled compositions) or the seat's own
(its draws, its own face-down Chicken): two states the seat cannot tell apart give the same
resample for the same seed. Limits: the draw is not from the exact posterior (splits that give
copies to players who show them soon are preferred, placements are a few random swaps); no
inconsistent history is ever drawn.

The event kinds (`EV_*`) and the record itself live in `record.py`; they are re-exported here.
"""

from __future__ import annotations

import heapq
import itertools
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from roost.games.egg_bound.actions import with_chicken
from roost.games.egg_bound.cards import CHICKENS, NUM_TYPES
from roost.games.egg_bound.record import (
    CHICKEN_SET,
    EV_DRAW,
    EV_GAIN,
    EV_HIDDEN,
    EV_NO_CHICKEN,
    EV_PLAY,
    EV_RESHUFFLE,
    EV_TAKEN_BACK,
    Event,
    Record,
    ResampleError,
)

_CHICKEN_SET: Final = CHICKEN_SET
_NON_CHICKENS: Final = tuple(c for c in range(1, NUM_TYPES) if c not in _CHICKEN_SET)
_CHICKEN_INDEX: Final = {chicken: i for i, chicken in enumerate(CHICKENS)}
_BUDGET_UNIT: Final = 500
_INFINITY: Final = 1 << 60


class _OutOfBudget(Exception):
    pass


@dataclass(frozen=True)
class _Plan:
    """One player's draws in one epoch, given the hand they start it with."""

    needs: tuple[tuple[int, int, int], ...]
    """(card, release, deadline) of each draw that is needed, in deadline order."""
    assign: tuple[int, ...]
    """Slot index of each need (earliest deadline first)."""
    free: tuple[int, ...]
    """Slot indices left free."""
    carry: tuple[int, ...]
    """Counts per type of the hand at the end of the epoch, without the free cards."""
    late: int
    """Free slots after the player's last "no Chicken" of the epoch (room for free Chickens)."""
    choice: tuple[int, ...]
    """The Chicken type chosen for each face-down Chicken of the epoch."""
    need_counts: tuple[int, ...]


def resample_history(
    events: list[Event],
    epochs: list[tuple[int, ...]],
    history: list[int],
    observer: int,
    num_players: int,
    rng: random.Random,
) -> list[int]:
    """A history the seat `observer` cannot tell from `history`, drawn with `rng`."""
    problem = _Problem(events, epochs, history, observer, num_players)
    return problem.solve(rng)


class _Problem(Record):
    """The search over a seat's record."""

    def __init__(
        self,
        events: list[Event],
        epochs: list[tuple[int, ...]],
        history: list[int],
        observer: int,
        num_players: int,
    ) -> None:
        super().__init__(events, epochs, history, observer, num_players)
        self.nodes = 0
        self.budget = _BUDGET_UNIT

    # --- plans ----------------------------------------------------------------------------

    def _plan(
        self, p: int, e: int, start: tuple[int, ...], choice: tuple[int, ...]
    ) -> _Plan | None:
        held = list(start)
        needs: list[tuple[int, int, int]] = []
        ban = -1
        w = 0
        for time, kind, value in self.evs[p][e]:
            if kind == EV_GAIN:
                held[value] += 1
                continue
            if kind == EV_NO_CHICKEN:
                for chicken in CHICKENS:
                    if held[chicken]:
                        return None
                ban = time
                continue
            if kind == EV_PLAY:
                card = value
            else:
                card = choice[w]
                w += 1
            if held[card]:
                held[card] -= 1
            else:
                needs.append((card, ban if card in _CHICKEN_SET else -1, time))
            if kind == EV_TAKEN_BACK:
                held[card] += 1
        slots = self.slots[p][e]
        order = sorted(range(len(needs)), key=lambda i: needs[i][1])
        assign = [0] * len(needs)
        free: list[int] = []
        heap: list[tuple[int, int]] = []
        k = 0
        for index, (time, _) in enumerate(slots):
            while k < len(order) and needs[order[k]][1] < time:
                i = order[k]
                heapq.heappush(heap, (needs[i][2], i))
                k += 1
            if heap:
                deadline, i = heapq.heappop(heap)
                if deadline < time:
                    return None
                assign[i] = index
            else:
                free.append(index)
        if heap or k < len(order):
            return None
        last_ban = self.last_ban[p][e]
        late = sum(1 for index in free if slots[index][0] > last_ban)
        counts = [0] * NUM_TYPES
        for card, _, _ in needs:
            counts[card] += 1
        return _Plan(
            tuple(needs), tuple(assign), tuple(free), tuple(held), late, choice, tuple(counts)
        )

    def _options(self, p: int, e: int, start: tuple[int, ...], rng: random.Random) -> list[_Plan]:
        """The distinct plans of `p` for epoch `e` (one random representative of each)."""
        wild = len(self.wild[p][e])
        choices = itertools.product(CHICKENS, repeat=wild) if wild else [()]
        groups: dict[tuple[object, ...], list[_Plan]] = {}
        for choice in choices:
            self._tick()
            plan = self._plan(p, e, start, tuple(choice))
            if plan is not None:
                key = (plan.need_counts, plan.carry, len(plan.free), plan.late)
                groups.setdefault(key, []).append(plan)
        plans = [group[rng.randrange(len(group))] for group in groups.values()]
        rng.shuffle(plans)
        return plans

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget

    # --- search ----------------------------------------------------------------------------

    def solve(self, rng: random.Random) -> list[int]:
        """Depth-first search, restarted with fresh random choices whenever a node budget
        runs out. Budgets follow Luby's sequence (1, 1, 2, 1, 1, 2, 4, ... units), which
        grows without bound (so the search is complete) while cutting off the long
        unlucky runs that a depth-first search over random choices sometimes makes."""
        empty = tuple([0] * NUM_TYPES)
        attempt = 0
        while True:
            attempt += 1
            self.nodes = 0
            self.budget = _BUDGET_UNIT * _luby(attempt)
            try:
                solution = self._epoch(0, dict.fromkeys(self.others, empty), rng)
            except _OutOfBudget:
                continue
            if solution is None:
                raise ResampleError("no history fits the public record")
            return self._rewrite(solution, rng)

    def _epoch(
        self, e: int, starts: dict[int, tuple[int, ...]], rng: random.Random
    ) -> list[tuple[dict[int, _Plan], dict[int, list[int]]]] | None:
        key = (e, tuple(starts[p] for p in self.others))
        if key in self.failed:
            return None
        options = {}
        for p in self.others:
            choices = self._options(p, e, starts[p], rng)
            if not choices:
                self.failed.add(key)
                return None
            options[p] = choices
        supply = self.supply[e]
        for combo in _combinations([options[p] for p in self.others], supply):
            plans = dict(zip(self.others, combo, strict=True))
            left = list(supply)
            for plan in combo:
                for card, count in enumerate(plan.need_counts):
                    left[card] -= count
            if min(left) < 0:
                continue
            if e == self.last:
                free = self._last_free(left, plans, rng)
                if free is not None:
                    return [(plans, free)]
                continue
            for split in self._splits(e, left, plans, rng):
                nexts = {}
                for p in self.others:
                    carry = list(plans[p].carry)
                    for card in split[p]:
                        carry[card] += 1
                    nexts[p] = tuple(carry)
                rest = self._epoch(e + 1, nexts, rng)
                if rest is not None:
                    return [(plans, split), *rest]
        self.failed.add(key)
        return None

    def _last_free(
        self, left: list[int], plans: dict[int, _Plan], rng: random.Random
    ) -> dict[int, list[int]] | None:
        """Free cards of the current epoch: uniform draws from what is left, each player's
        free Chickens limited to their late slots."""
        room = {p: len(plans[p].free) for p in self.others}
        chicken_room = {p: plans[p].late for p in self.others}
        chickens = sum(left[c] for c in CHICKENS)
        others = sum(left) - chickens
        if not _can_fill(room, chicken_room, chickens, others):
            return None
        left = left.copy()
        free: dict[int, list[int]] = {p: [] for p in self.others}
        turns = [p for p in self.others for _ in range(room[p])]
        rng.shuffle(turns)
        for p in turns:
            allowed: list[int] = []
            room[p] -= 1
            if chicken_room[p] and chickens:
                chicken_room[p] -= 1
                if _can_fill(room, chicken_room, chickens - 1, others):
                    allowed.extend(CHICKENS)
                chicken_room[p] += 1
            if others and _can_fill(room, chicken_room, chickens, others - 1):
                allowed.extend(_NON_CHICKENS)
            card = _weighted(allowed, left, rng)
            left[card] -= 1
            if card in _CHICKEN_SET:
                chickens -= 1
                chicken_room[p] -= 1
            else:
                others -= 1
            free[p].append(card)
        return free

    def _splits(
        self, e: int, left: list[int], plans: dict[int, _Plan], rng: random.Random
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
            for c in _NON_CHICKENS
        }
        types = [*CHICKENS, *sorted(_NON_CHICKENS, key=lambda c: -pressure[c])]

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
        last_chicken = max((i for i, c in enumerate(active) if c in _CHICKEN_SET), default=-1)

        def timing_ok(i: int, card: int) -> bool:
            """Each player who shows `card` next epoch can still get their needs in time:
            types given so far count exactly, the others as generously as room allows."""
            done = settled + active[: i + 1]
            for p in self.others:
                if card not in self._shown[p][nxt]:
                    continue
                start = list(plans[p].carry)
                for c in active[: i + 1]:
                    start[c] += given_counts[p][c]
                if p in room:
                    for c in active[i + 1 :]:
                        cap = room[p] if c not in _CHICKEN_SET else min(room[p], chicken_room[p])
                        start[c] += min(cap, left[c])
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
                chicken = c in _CHICKEN_SET
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
                starts = {c: plans[p].carry[c] + given_counts[p][c] for c in CHICKENS}
                needs += sum(self._walk(p, nxt, c, starts[c])[0] for c in CHICKENS)
                needs += len(self.wild[p][nxt])
                room_next += self._late_room(p, nxt, starts)
            spare = sum(self.supply[nxt][c] for c in CHICKENS) - needs
            return spare <= room_next

        given_counts = {p: [0] * NUM_TYPES for p in self.others}
        if not supply_possible(-1) or (last_chicken < 0 and not chickens_fit()):
            return iter(())

        def depth(i: int) -> Iterator[dict[int, list[int]]]:
            if i == len(active):
                yield {p: list(cards) for p, cards in given.items()}
                return
            card = active[i]
            is_chicken = card in _CHICKEN_SET
            caps = {p: min(room[p], chicken_room[p]) if is_chicken else room[p] for p in players}
            old = base[card]
            worth = {
                p: self._worth(p, nxt, card, plans[p].carry[card], min(caps[p], left[card]))
                for p in players
            }
            for vector in _vectors(left[card], players, caps, worth, rng):
                self._tick()
                lows = fits(card, vector)
                if lows is None:
                    continue
                for j, row in enumerate(lows):
                    for p, low in row.items():
                        totals[j][p] += low - old[j][p]
                for p, k in vector.items():
                    room[p] -= k
                    if is_chicken:
                        chicken_room[p] -= k
                    given[p].extend([card] * k)
                    given_counts[p][card] += k
                chickens_left = sum(left[c] for c in active[i + 1 :] if c in _CHICKEN_SET)
                if (
                    chickens_left <= sum(min(room[p], chicken_room[p]) for p in players)
                    and supply_possible(i)
                    and timing_ok(i, card)
                    and (i != last_chicken or chickens_fit())
                ):
                    yield from depth(i + 1)
                for p, k in vector.items():
                    room[p] += k
                    if is_chicken:
                        chicken_room[p] += k
                    given_counts[p][card] -= k
                    if k:
                        del given[p][-k:]
                for j, row in enumerate(lows):
                    for p, low in row.items():
                        totals[j][p] -= low - old[j][p]

        return depth(0)

    # --- the history ----------------------------------------------------------------------

    def _rewrite(
        self,
        solution: list[tuple[dict[int, _Plan], dict[int, list[int]]]],
        rng: random.Random,
    ) -> list[int]:
        history = self.history.copy()
        for e, (plans, free) in enumerate(solution):
            for p in self.others:
                plan = plans[p]
                slots = self.slots[p][e]
                windows: list[tuple[int, int, int]] = [(0, -1, _INFINITY)] * len(slots)
                for need, index in zip(plan.needs, plan.assign, strict=True):
                    windows[index] = need
                last_ban = self.last_ban[p][e]
                late = [i for i in plan.free if slots[i][0] > last_ban]
                early = [i for i in plan.free if slots[i][0] <= last_ban]
                rng.shuffle(late)
                cards = sorted(free[p], key=lambda c: c not in _CHICKEN_SET)
                chickens = [c for c in cards if c in _CHICKEN_SET]
                rest = [c for c in cards if c not in _CHICKEN_SET]
                rng.shuffle(rest)
                places = late[: len(chickens)]
                spare = late[len(chickens) :] + early
                rng.shuffle(spare)
                for card, index in zip(chickens, places, strict=True):
                    windows[index] = (card, last_ban, _INFINITY)
                for card, index in zip(rest, spare, strict=True):
                    windows[index] = (card, -1, _INFINITY)
                _shuffle_within_windows(windows, [time for time, _ in slots], rng)
                for (card, _, _), (_, at) in zip(windows, slots, strict=True):
                    history[at] = card
                for (_, at), chicken in zip(self.wild[p][e], plan.choice, strict=True):
                    history[at] = with_chicken(history[at], _CHICKEN_INDEX[chicken])
        return history


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


def _combinations(
    options: list[list[_Plan]], supply: tuple[int, ...]
) -> Iterable[tuple[_Plan, ...]]:
    """Every choice of one plan per player (usually exactly one each)."""
    if all(len(plans) == 1 for plans in options):
        combo = tuple(plans[0] for plans in options)
        return [combo] if _within(combo, supply) else []
    return itertools.product(*options)


def _within(combo: tuple[_Plan, ...], supply: tuple[int, ...]) -> bool:
    total = [0] * NUM_TYPES
    for plan in combo:
        for card, count in enumerate(plan.need_counts):
            total[card] += count
    return all(t <= s for t, s in zip(total, supply, strict=True))


def _luby(i: int) -> int:
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


def _can_fill(
    room: dict[int, int], chicken_room: dict[int, int], chickens: int, others: int
) -> bool:
    """Can the open slots take at least the cards they must (every slot filled, Chickens only
    where allowed)? `chickens`/`others` are the cards still available."""
    slots = sum(room.values())
    chicken_slots = sum(min(room[p], chicken_room[p]) for p in room)
    return slots <= others + min(chickens, chicken_slots)


def _weighted(allowed: list[int], counts: list[int], rng: random.Random) -> int:
    total = sum(counts[c] for c in allowed)
    point = rng.randrange(total)
    for card in allowed:
        point -= counts[card]
        if point < 0:
            return card
    raise ResampleError("no card left to draw")


def _shuffle_within_windows(
    windows: list[tuple[int, int, int]], times: list[int], rng: random.Random
) -> None:
    """Swap cards between slots at random, each staying inside its (release, deadline)."""
    size = len(windows)
    if size < 2:
        return
    for _ in range(2 * size):
        i = rng.randrange(size)
        j = rng.randrange(size)
        a, b = windows[i], windows[j]
        if a[1] < times[j] < a[2] and b[1] < times[i] < b[2]:
            windows[i], windows[j] = b, a


__all__ = [
    "EV_DRAW",
    "EV_GAIN",
    "EV_HIDDEN",
    "EV_NO_CHICKEN",
    "EV_PLAY",
    "EV_RESHUFFLE",
    "EV_TAKEN_BACK",
    "Event",
    "ResampleError",
    "resample_history",
]
