"""Egg Bound's public record of the hands, and resampling from what a seat knows.

`resample_from_infostate` must return a genuine state: its history replays (every card drawn was
in the Draw Pile at that moment, every card shown was in that hand, every "no Chicken" held) and
it depends only on what the seat knows. A state is its history, so resampling rewrites the
entries the seat did not see (the cards the others drew unseen, the Chicken another player put
face down) into values the public record still allows, and replays them.

**The record.** Beside the history the state keeps a public list of events, ``(kind, seat,
value)``: every card drawn unseen (`EV_DRAW`, with its history index, not its type), every card
shown from a hand (`EV_PLAY`), every card that entered a hand in everyone's sight (`EV_GAIN`: a
kept Chicken, a card drawn from a turned-over Draw Pile), every "holds no Chicken" the rules
reveal (`EV_NO_CHICKEN`), every Chicken placed face down (`EV_HIDDEN`, `EV_TAKEN_BACK` once
taken back unseen; an `EV_PLAY` once shown) and every new Draw Pile (`EV_RESHUFFLE`).

**Turned over (the rule).** The Discard Pile is face up, so a pile made by turning it over holds
cards in an order everyone saw: every card drawn from it is public. The only hidden cards are the
ones drawn from the original shuffled Draw Pile (the deal included), a multiset everyone knows,
drawn without replacement; and face-down Chickens. That is one *epoch* in the terms below, and
`resample` here solves it exactly:

1. **One player.** Walk the player's events, using cards known to be held first (a card shown
   while a copy of it is known to be in the hand uses that copy: copies are interchangeable, so
   this is never worse). A card shown that is not known to be held was drawn unseen before it: a
   *need* (its type, the show as deadline; a Chicken also after the player's last "no Chicken"
   before it). Needs are unit jobs on the player's hidden draws; earliest deadline first decides
   exactly whether they fit, and placing them as early as possible leaves the most late draws
   free. The other draws are *free*: still in the hand now, so a free Chicken must have been drawn
   after the player's last "no Chicken". A Chicken placed face down and still on the table is a
   card shown of one of the four types (each is tried); one taken back unseen leaves the hand as
   it was, so it needs only that a Chicken was held then: one known to be held if there is one,
   else one drawn before it (each type tried).
2. **The table.** One plan per player (with the Chicken types tried, usually one plan each), such
   that all needs fit in the pile less the seat's own draws; then the free draws are dealt at
   random from what is left, Chickens only where allowed, checking at every card that the rest
   can still be placed. That check is exact (two kinds of slot, two kinds of card), so the deal
   never fails once the needs fit. If the original pile was used up, the free draws take exactly
   what is left.
3. **The history.** Needs and free cards are laid on the draws, shuffled at random among draws
   where each may go, and the Star challenges get the Chicken types chosen.

Everything it reads is public or the seat's own (its draws, its own face-down Chicken), so two
states the seat cannot tell apart give the same resample for the same seed.

**Shuffled (the house rule).** Every new Draw Pile is a shuffled one, so cards drawn from any pile
are hidden and the same card can be drawn again after a reshuffle: `resample.py` searches across
the piles (epochs), with the same plans per player and epoch.
"""

from __future__ import annotations

import heapq
import itertools
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from roost.core.errors import ResampleError
from roost.core.rand import randbelow, shuffle
from roost.games.egg_bound.actions import decode_star, with_chicken
from roost.games.egg_bound.cards import CHICKENS, NUM_TYPES

if TYPE_CHECKING:
    from roost.games.egg_bound.state import EggBoundState

# Kinds of event in the public record: (kind, seat, value).
EV_DRAW: Final = 0
"""`seat` drew a card unseen by the others; value = its history index."""
EV_PLAY: Final = 1
"""`seat` showed a card from its hand and it left the hand; value = card type."""
EV_GAIN: Final = 2
"""`seat` took a card everyone saw into its hand (a kept Chicken, a card drawn from a
turned-over Draw Pile); value = card type."""
EV_NO_CHICKEN: Final = 3
"""Everyone learnt that `seat` holds no Chicken (a Star defender placing none)."""
EV_HIDDEN: Final = 4
"""`seat` placed a Chicken face down (pending); value = history index of the Star play."""
EV_TAKEN_BACK: Final = 5
"""`seat` placed a Chicken face down and took it back unseen; value = history index."""
EV_RESHUFFLE: Final = 6
"""The Discard Pile became the Draw Pile; value = the new pile's number (1, 2, ...)."""

Event = tuple[int, int, int]

INFINITY: Final = 1 << 60


def resample(state: EggBoundState, seat: int, rng: random.Random) -> EggBoundState:
    """A state `seat` cannot tell apart from `state` (piles turned over)."""
    game = state.game
    record = Record(
        state._events, [], state._history, seat, game.num_players, game.composition.first_pile
    )
    return rebuild(state, record, record.solve_one(rng), rng)


def rebuild(
    state: EggBoundState, record: Record, solution: Solution, rng: random.Random
) -> EggBoundState:
    """`state` with the others' hidden cards of `solution`: its history rewritten, and what
    replaying that history gives (the others' hands, the Draw Pile, a face-down Chicken)
    set directly rather than by a replay, which would cost a thousand steps a resample."""
    history = record.rewrite(solution, rng)
    result = state.clone()
    result._history = history
    result._legal = None
    plans, free = solution[-1]
    left = list(record.supply[record.last])
    for p in record.others:
        plan = plans[p]
        hand = [card for card, count in enumerate(plan.carry) for _ in range(count)]
        hand += free[p]
        result._hands[p] = hand
        for card, count in enumerate(plan.need_counts):
            left[card] = left[card] - count
        for card in free[p]:
            left[card] = left[card] - 1
    if not state._open:
        result._pool = [card for card, count in enumerate(left) for _ in range(count)]
    if state._hidden_at >= 0 and state._mover in record.others:
        _, c, _ = decode_star(history[state._events[state._hidden_at][2]])
        result._chicken = record.chickens[c]
        result._table = [state._card, record.chickens[c]]
    return result


@dataclass(frozen=True, slots=True)
class Plan:
    """One player's draws in one epoch, given the hand they start it with."""

    needs: tuple[tuple[int, int, int], ...]
    """(card, release, deadline) of each draw that is needed, in event order."""
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


Solution = list[tuple[dict[int, Plan], dict[int, list[int]]]]
"""Per epoch: each other player's plan and free cards."""


class Record:
    """The public record cut by player and by epoch (Draw Pile), as one seat (the observer)
    knows it: the other players' events and hidden draws per epoch, and each epoch's supply
    (its pile less the observer's own draws from it).

    `first_pile` is the first Draw Pile as counts per card type (the game's composition, less
    the Egg cards); `epochs` are the compositions of the piles after the first (none when the
    piles were turned over: then every draw after the first pile is public, an `EV_GAIN`)."""

    def __init__(
        self,
        events: list[Event],
        epochs: list[tuple[int, ...]],
        history: list[int],
        observer: int,
        num_players: int,
        first_pile: tuple[int, ...],
    ) -> None:
        self.num_types = len(first_pile)
        """Card types in the game: the printed ones, then its own Chickens."""
        self.chickens: tuple[int, ...] = CHICKENS + tuple(range(NUM_TYPES, self.num_types))
        """Chicken types by their index in actions (`cards.CardSet.chickens`)."""
        self.chicken_set: frozenset[int] = frozenset(self.chickens)
        self.non_chickens: tuple[int, ...] = tuple(
            c for c in range(1, self.num_types) if c not in self.chicken_set
        )
        self.chicken_index: dict[int, int] = {c: i for i, c in enumerate(self.chickens)}
        comps = [first_pile, *epochs]
        m = self.epochs = len(comps)
        self.last = m - 1
        n = num_players
        self.others = [p for p in range(n) if p != observer]
        self.history = history
        supply = [list(comp) for comp in comps]
        self.evs: list[list[list[tuple[int, int, int]]]] = [
            [[] for _ in range(m)] for _ in range(n)
        ]
        """Per player and epoch: (event index, kind, value) of every event but draws."""
        self.slots: list[list[list[tuple[int, int]]]] = [[[] for _ in range(m)] for _ in range(n)]
        """Per player and epoch: (event index, history index) of every hidden draw."""
        self.wild: list[list[list[tuple[int, int]]]] = [[[] for _ in range(m)] for _ in range(n)]
        """Per player and epoch: (kind, history index of the Star) of every face-down Chicken."""
        self.last_ban: list[list[int]] = [[-1] * m for _ in range(n)]
        many = m > 1
        epoch = 0
        for time, (kind, seat, value) in enumerate(events):
            if kind == EV_RESHUFFLE:
                if many:
                    epoch += 1
                continue
            if seat == observer:
                if kind == EV_DRAW:
                    supply[epoch][history[value]] = supply[epoch][history[value]] - 1
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

    # --- one player, one epoch ------------------------------------------------------------

    def plan(self, p: int, e: int, start: tuple[int, ...], choice: tuple[int, ...]) -> Plan | None:
        """`p`'s plan for epoch `e` from the hand `start` (counts per type), the face-down
        Chickens of the epoch being of the types `choice`; None if the needs do not fit."""
        held = list(start)
        needs: list[tuple[int, int, int]] = []
        ban = -1
        w = 0
        for time, kind, value in self.evs[p][e]:
            if kind == EV_GAIN:
                held[value] = held[value] + 1
                continue
            if kind == EV_NO_CHICKEN:
                for chicken in self.chickens:
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
                held[card] = held[card] - 1
            else:
                needs.append((card, ban if card in self.chicken_set else -1, time))
            if kind == EV_TAKEN_BACK:
                held[card] = held[card] + 1
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
        counts = [0] * self.num_types
        for card, _, _ in needs:
            counts[card] = counts[card] + 1
        return Plan(
            tuple(needs), tuple(assign), tuple(free), tuple(held), late, choice, tuple(counts)
        )

    def choices(
        self, p: int, e: int, start: tuple[int, ...], rng: random.Random
    ) -> list[tuple[int, ...]]:
        """The Chicken types worth trying for `p`'s face-down Chickens in epoch `e`.

        One still face down is a card shown: every type is tried. One taken back leaves the
        hand as it was: if a Chicken is known to be held then, one of those types is chosen at
        random (any other choice would only add a draw that must come earlier); otherwise
        every type is tried, as a Chicken drawn before it and held after."""
        wild = self.wild[p][e]
        if not wild:
            return [()]
        held = list(start)
        found: list[tuple[int, ...]] = []

        def walk(i: int, w: int, held: list[int], chosen: tuple[int, ...]) -> None:
            evs = self.evs[p][e]
            while i < len(evs):
                _, kind, value = evs[i]
                i += 1
                if kind == EV_GAIN:
                    held[value] = held[value] + 1
                elif kind == EV_PLAY:
                    if held[value]:
                        held[value] = held[value] - 1
                elif kind == EV_NO_CHICKEN:
                    for chicken in self.chickens:
                        held[chicken] = 0  # (a plan holding one is refused by `plan`)
                else:
                    w += 1
                    have = [c for c in self.chickens if held[c]]
                    if kind == EV_TAKEN_BACK and have:
                        chosen = (*chosen, have[randbelow(rng, len(have))])
                        continue
                    for chicken in self.chickens:
                        after = held.copy()
                        if after[chicken]:
                            after[chicken] = after[chicken] - 1
                        if kind == EV_TAKEN_BACK:
                            after[chicken] = after[chicken] + 1
                        walk(i, w, after, (*chosen, chicken))
                    return
            found.append(chosen)

        walk(0, 0, held, ())
        return found

    def options(self, p: int, e: int, start: tuple[int, ...], rng: random.Random) -> list[Plan]:
        """The distinct plans of `p` for epoch `e` (one random representative of each), in a
        random order."""
        groups: dict[tuple[object, ...], list[Plan]] = {}
        for choice in self.choices(p, e, start, rng):
            self.tick()
            plan = self.plan(p, e, start, choice)
            if plan is not None:
                key = (plan.need_counts, plan.carry, len(plan.free), plan.late)
                groups.setdefault(key, []).append(plan)
        plans = [group[randbelow(rng, len(group))] for group in groups.values()]
        shuffle(rng, plans)
        return plans

    def tick(self) -> None:
        """One step of search (the shuffle solver counts them against a budget)."""

    # --- the last epoch -------------------------------------------------------------------

    def last_free(
        self, left: list[int], plans: dict[int, Plan], rng: random.Random
    ) -> dict[int, list[int]] | None:
        """Free cards of the current epoch: uniform draws from what is left, each player's
        free Chickens limited to their late slots (None if they cannot all be placed)."""
        room = {p: len(plans[p].free) for p in self.others}
        chicken_room = {p: plans[p].late for p in self.others}
        chickens = sum(left[c] for c in self.chickens)
        others = sum(left) - chickens
        if not can_fill(room, chicken_room, chickens, others):
            return None
        left = left.copy()
        free: dict[int, list[int]] = {p: [] for p in self.others}
        turns = [p for p in self.others for _ in range(room[p])]
        shuffle(rng, turns)
        for p in turns:
            allowed: list[int] = []
            room[p] = room[p] - 1
            if chicken_room[p] and chickens:
                chicken_room[p] = chicken_room[p] - 1
                if can_fill(room, chicken_room, chickens - 1, others):
                    allowed.extend(self.chickens)
                chicken_room[p] = chicken_room[p] + 1
            if others and can_fill(room, chicken_room, chickens, others - 1):
                allowed.extend(self.non_chickens)
            card = _weighted(allowed, left, rng)
            left[card] = left[card] - 1
            if card in self.chicken_set:
                chickens -= 1
                chicken_room[p] = chicken_room[p] - 1
            else:
                others -= 1
            free[p].append(card)
        return free

    def solve_one(self, rng: random.Random) -> Solution:
        """A solution for a record with one hidden epoch (piles turned over, or no reshuffle
        yet): every combination of plans, then the free cards."""
        empty = (0,) * self.num_types
        options = [self.options(p, 0, empty, rng) for p in self.others]
        supply = self.supply[0]
        for combo in combinations(options, supply):
            plans = dict(zip(self.others, combo, strict=True))
            left = list(supply)
            for plan in combo:
                for card, count in enumerate(plan.need_counts):
                    left[card] = left[card] - count
            if min(left) < 0:
                continue
            free = self.last_free(left, plans, rng)
            if free is not None:
                return [(plans, free)]
        raise ResampleError("no history fits the public record")

    # --- the history ----------------------------------------------------------------------

    def rewrite(self, solution: Solution, rng: random.Random) -> list[int]:
        """The history with every hidden draw and face-down Chicken of the others set from
        `solution` (per epoch: the plans and the free cards)."""
        history = self.history.copy()
        for e, (plans, free) in enumerate(solution):
            for p in self.others:
                plan = plans[p]
                slots = self.slots[p][e]
                windows: list[tuple[int, int, int]] = [(0, -1, INFINITY)] * len(slots)
                for need, index in zip(plan.needs, plan.assign, strict=True):
                    windows[index] = need
                last_ban = self.last_ban[p][e]
                late = [i for i in plan.free if slots[i][0] > last_ban]
                early = [i for i in plan.free if slots[i][0] <= last_ban]
                shuffle(rng, late)
                chickens = [c for c in free[p] if c in self.chicken_set]
                rest = [c for c in free[p] if c not in self.chicken_set]
                shuffle(rng, rest)
                places = late[: len(chickens)]
                spare = late[len(chickens) :] + early
                shuffle(rng, spare)
                for card, index in zip(chickens, places, strict=True):
                    windows[index] = (card, last_ban, INFINITY)
                for card, index in zip(rest, spare, strict=True):
                    windows[index] = (card, -1, INFINITY)
                _shuffle_within_windows(windows, [time for time, _ in slots], rng)
                for (card, _, _), (_, at) in zip(windows, slots, strict=True):
                    history[at] = card
                for (_, at), chicken in zip(self.wild[p][e], plan.choice, strict=True):
                    history[at] = with_chicken(history[at], self.chicken_index[chicken])
        return history


def combinations(options: list[list[Plan]], supply: tuple[int, ...]) -> Iterable[tuple[Plan, ...]]:
    """Every choice of one plan per player (usually exactly one each)."""
    if all(len(plans) == 1 for plans in options):
        combo = tuple(plans[0] for plans in options)
        return [combo] if _within(combo, supply) else []
    return itertools.product(*options)


def _within(combo: tuple[Plan, ...], supply: tuple[int, ...]) -> bool:
    total = [0] * len(supply)
    for plan in combo:
        for card, count in enumerate(plan.need_counts):
            total[card] = total[card] + count
    return all(t <= s for t, s in zip(total, supply, strict=True))


def can_fill(
    room: dict[int, int], chicken_room: dict[int, int], chickens: int, others: int
) -> bool:
    """Can the open slots take at least the cards they must (every slot filled, Chickens only
    where allowed)? `chickens`/`others` are the cards still available."""
    slots = sum(room.values())
    chicken_slots = sum(min(room[p], chicken_room[p]) for p in room)
    return slots <= others + min(chickens, chicken_slots)


def _weighted(allowed: list[int], counts: list[int], rng: random.Random) -> int:
    total = sum(counts[c] for c in allowed)
    point = randbelow(rng, total)
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
        i = randbelow(rng, size)
        j = randbelow(rng, size)
        a, b = windows[i], windows[j]
        if a[1] < times[j] < a[2] and b[1] < times[i] < b[2]:
            windows[i], windows[j] = b, a


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
