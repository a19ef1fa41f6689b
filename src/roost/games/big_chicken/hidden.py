"""BIG CHICKEN's public record of what the rules show everyone, and resampling from it.

The state machine writes to ``state._events`` (while it records) every fact a seat may use to
tell states apart: where each Round's deal starts, cards shown, face-up gifts, Lays, cleared
Runs, catches, the hands shown at each Round's end, and what the rules reveal without showing a
card (the Good Egg's "best card", the 2-player highest card). `resample` (below) rebuilds a
history from the record and one seat's own cards.

Events are tuples whose first item is the kind (`EV_ROUND` ... `EV_END` below).

Resampling: the seat knows every public event of the record, its own cards as dealt and as
drawn, and nothing else. A resample is a history that agrees with all of that, Round by Round:

* **who was dealt what** (other seats), and
* **what each caught player drew** from the shuffled discard pile (strict Last Egg only).

The second is why the generic `HiddenHands` tracker is not used here: a penalty card comes back
from the discard pile, so the cards drawn must be available in the pile *at the time*, and a
card laid later may have come from the deal or from a draw. Per card type that is a small flow
problem: for each other seat the count it holds can never go negative (it starts at what was
dealt, gains what it was given or drew, loses what it laid or gave), the cards drawn at each
catch must be in the pile then, restrictions the rules reveal (the Good Egg's "best card", the
2-player lead) fix the count of some types at that moment, and the deal adds up to the deck.

The solver walks the Round's events in order, tracking for every other seat and type the
running count relative to the deal and its lowest point (the least that seat must have been
dealt). Each unseen penalty card is a choice point ("level"): candidate types are tried first if
the drawer needs them before its next catch, then if the deal cannot supply them, in a random
order weighted by copies in the pile. A branch fails as soon as the deal can no longer cover
what the seats must have held, and the failure names the levels whose choice could change that
(conflict-directed backjumping: the search jumps straight back past levels that cannot matter).
At the end the deal is filled from the cards left, most restricted seat first (the restrictions
are nested, so this never fails when a filling exists). The search is complete, so it finds an
answer whenever one exists, and the real history is one. Without catches (the default game)
there is no choice at all.

Everything the solver reads is public or the seat's own; the random choices come from the rng
passed in, so two states the seat cannot tell apart give the same resample for the same seed.
Past Rounds are rewritten too (their hands were shown at the end, so only the order of the deal
and the attribution of penalty cards are free), so that the result does not depend on the real
past either.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from typing import TYPE_CHECKING, Any, Final

from roost.core.blank import Blank
from roost.core.rand import sample
from roost.games.big_chicken.actions import CARDS
from roost.games.big_chicken.cards import CHICKENS, DUCK, NUM_EGG_TYPES, NUM_TYPES

if TYPE_CHECKING:
    from roost.games.big_chicken.state import BigChickenState

# --- the record --------------------------------------------------------------------------------

EV_ROUND: Final = 0
"""(EV_ROUND, history index of the first card dealt, first seat dealt to, cards to deal)"""
EV_SHOW: Final = 1
"""(EV_SHOW, seat, card): shown from the hand, kept; or known to be held now without being
shown (a Bad Egg that gives back a copy of the card just given held another before)."""
EV_RESTRICT: Final = 2
"""(EV_RESTRICT, seat, mask): every card the seat holds now is of a type in the mask."""
EV_GIFT: Final = 3
"""(EV_GIFT, from seat, to seat, card): passed face up."""
EV_LAY: Final = 4
"""(EV_LAY, seat, action)"""
EV_CLEAR: Final = 5
"""(EV_CLEAR,): the Run's cards go to the discard pile."""
EV_CATCH: Final = 6
"""(EV_CATCH, seat, history index of the first card drawn, cards to draw)"""
EV_END: Final = 7
"""(EV_END, hand of each seat as sorted card types): every hand is shown at the Round's end."""


def below_or_equal(card: int) -> int:
    """Mask of the card types no better than `card` ("best card" order = type order)."""
    return (1 << (card + 1)) - 1


def set_hand(state: BigChickenState, seat: int, counts: list[int]) -> None:
    """Make `seat` hold exactly `counts` (copies per type, see `rules.py` for the shape)."""
    eggs = [0] * 10
    for card in range(NUM_EGG_TYPES):
        eggs[card >> 2] = eggs[card >> 2] + (counts[card] * 3 ** (card & 3))
    state._eggs[seat] = eggs
    state._ducks[seat] = counts[DUCK]
    state._chicks[seat] = sum(counts[card] << i for i, card in enumerate(CHICKENS))
    state._sizes[seat] = sum(counts)


# --- the solver --------------------------------------------------------------------------------

T: Final = NUM_TYPES


class _Work(Blank):
    """The running record of one branch of the search (copied at each branch point)."""

    __slots__ = (
        "assign", "center", "chosen", "disc", "exact", "inn", "levels", "low", "low_at", "out",
        "run", "sum_def", "tot_def",
    )  # fmt: skip

    run: list[int]
    low: list[int]
    low_at: list[int]
    exact: list[int]
    disc: list[int]
    center: list[int]
    tot_def: list[int]
    sum_def: list[int]
    out: list[int]
    inn: list[int]
    assign: list[tuple[int, int]]
    levels: list[tuple[int, int, int]]
    """Each penalty card chosen so far: (seat, step, types drawable then as a bitmask)."""
    chosen: list[int]
    """Per type, a bitmask of the levels that chose it."""

    def copy(self) -> _Work:
        other = _Work.__new__(_Work)
        other.run = self.run.copy()
        other.low = self.low.copy()
        other.low_at = self.low_at.copy()
        other.exact = self.exact.copy()
        other.disc = self.disc.copy()
        other.center = self.center.copy()
        other.tot_def = self.tot_def.copy()
        other.sum_def = self.sum_def.copy()
        other.out = self.out.copy()
        other.inn = self.inn.copy()
        other.assign = self.assign.copy()
        other.levels = self.levels.copy()
        other.chosen = self.chosen.copy()
        return other

    def all_levels(self) -> int:
        return (1 << len(self.levels)) - 1

    def levels_of(self, seat: int, card: int) -> int:
        """The levels at which `seat` drew and `card` was there to draw."""
        mask = 0
        for level, (who, _, drawable) in enumerate(self.levels):
            if who == seat and drawable >> card & 1:
                mask |= 1 << level
        return mask


class _Conflict(Exception):
    """This branch cannot be completed; `levels` are the choices that could change that."""

    def __init__(self, levels: int) -> None:
        super().__init__()
        self.levels = levels


Leaf = tuple[_Work, list[list[int]], list[int]]


class _Round:
    """One Round's events, solved for one seat."""

    def __init__(
        self,
        events: list[tuple[Any, ...]],
        history: list[int],
        seat: int,
        n: int,
        deck: list[int],
        rng: random.Random,
    ) -> None:

        self.history = history
        self.seat = seat
        self.n = n
        self.rng = rng
        kind, start, first, count = events[0]
        assert kind == EV_ROUND
        hlen = len(history)
        self.positions: list[list[int]] = [[] for _ in range(n)]
        for i in range(count):
            if start + i >= hlen:
                break
            self.positions[(first + i) % n].append(start + i)
        self.deal_size = [len(p) for p in self.positions]
        own = [0] * T
        for pos in self.positions[seat]:
            own[history[pos]] += 1
        self.avail = [deck[a] - own[a] for a in range(T)]
        self.steps = events[1:]
        self.final: list[list[int]] | None = None
        self.out_total = [0] * (n * T)
        self.in_total = [0] * (n * T)
        searching = False
        for event in self.steps:
            kind = event[0]
            if kind == EV_END:
                self.final = [_counts(hand) for hand in event[1]]
            elif kind == EV_LAY:
                for card in CARDS[event[2]]:
                    self.out_total[event[1] * T + card] += 1
            elif kind == EV_GIFT:
                self.out_total[event[1] * T + event[3]] += 1
                self.in_total[event[2] * T + event[3]] += 1
            elif kind == EV_CATCH and event[1] != seat:
                searching = True
        self.deltas: list[list[tuple[int, int]]] = []
        self.delta_steps: list[list[int]] = []
        self.catch_steps: list[list[int]] = [[] for _ in range(n)]
        self.dips: list[list[int]] = []
        """dips[index][k]: the lowest the running count goes, from the k-th change on, relative
        to just before it (0 if it never goes lower)."""
        if searching:
            self._prepare_search()

    def _prepare_search(self) -> None:
        """Per seat and type, the known changes to come, for the search's sense of need (the
        hands shown at the end count as cards that must be held then)."""

        deltas: list[list[tuple[int, int]]] = [[] for _ in range(self.n * T)]
        for step, event in enumerate(self.steps):
            kind = event[0]
            if kind == EV_CATCH:
                self.catch_steps[event[1]].append(step)
            elif kind == EV_END:
                for p, hand in enumerate(event[1]):
                    for card in hand:
                        deltas[p * T + card].append((step, -1))
            elif kind == EV_LAY:
                for card in CARDS[event[2]]:
                    deltas[event[1] * T + card].append((step, -1))
            elif kind == EV_GIFT:
                deltas[event[1] * T + event[3]].append((step, -1))
                deltas[event[2] * T + event[3]].append((step, 1))
            elif kind == EV_SHOW:
                deltas[event[1] * T + event[2]].extend(((step, -1), (step, 1)))
        self.deltas = deltas
        self.delta_steps = [[step for step, _ in changes] for changes in deltas]
        for changes in deltas:
            suffix = [0] * (len(changes) + 1)
            for k in range(len(changes) - 1, -1, -1):
                suffix[k] = min(0, changes[k][1] + suffix[k + 1])
            self.dips.append(suffix)

    # --- the walk ---------------------------------------------------------------------------

    def solve(self) -> Leaf:
        work = _Work()
        size = self.n * T
        work.run = [0] * size
        work.low = [0] * size
        work.low_at = [0] * size
        work.exact = [-1] * size
        work.disc = [0] * T
        work.center = []
        work.tot_def = [0] * T
        work.sum_def = [0] * self.n
        work.out = [0] * size
        work.inn = [0] * size
        work.assign = []
        work.levels = []
        work.chosen = [0] * T
        result = self._walk(0, work)
        if isinstance(result, int):
            raise RuntimeError("no history fits the public record: a bookkeeping bug")
        return result

    def _walk(self, i: int, work: _Work) -> Leaf | int:
        """Go on from step `i`: a solution, or the levels whose choices made it fail."""

        seat = self.seat
        steps = self.steps
        try:
            while i < len(steps):
                event = steps[i]
                kind = event[0]
                if kind == EV_LAY:
                    p = event[1]
                    for card in CARDS[event[2]]:
                        work.center.append(card)
                        if p != seat:
                            work.out[p * T + card] = work.out[p * T + card] + 1
                            self._take(work, p, card, i)
                elif kind == EV_CLEAR:
                    for card in work.center:
                        work.disc[card] = work.disc[card] + 1
                    work.center = []
                elif kind == EV_CATCH:
                    p, start = event[1], event[2]
                    drawn = [start + j for j in range(event[3]) if start + j < len(self.history)]
                    if p == seat:
                        for pos in drawn:
                            card = self.history[pos]
                            if not work.disc[card]:
                                raise _Conflict(work.chosen[card])
                            work.disc[card] = work.disc[card] - 1
                    elif drawn:
                        return self._draw(i, work, p, drawn, 0, 0)
                elif kind == EV_GIFT:
                    giver, taker, card = event[1], event[2], event[3]
                    if giver != seat:
                        work.out[giver * T + card] = work.out[giver * T + card] + 1
                        self._take(work, giver, card, i)
                    if taker != seat:
                        work.inn[taker * T + card] = work.inn[taker * T + card] + 1
                        work.run[taker * T + card] = work.run[taker * T + card] + 1
                elif kind == EV_SHOW:
                    p, card = event[1], event[2]
                    if p != seat:
                        self._take(work, p, card, i)
                        work.run[p * T + card] = work.run[p * T + card] + 1
                elif kind == EV_RESTRICT:
                    p, mask = event[1], event[2]
                    if p != seat:
                        self._restrict(work, p, mask)
                i += 1
        except _Conflict as conflict:
            return conflict.levels
        return self._leaf(work)

    def _take(self, work: _Work, p: int, card: int, step: int) -> None:
        """Seat `p` gave up `card`: it must have held it."""
        index = p * T + card
        work.run[index] = work.run[index] - 1
        if work.run[index] < work.low[index]:
            work.low[index] = work.run[index]
            work.low_at[index] = step
            work.tot_def[card] = work.tot_def[card] + 1
            work.sum_def[p] = work.sum_def[p] + 1
            if work.tot_def[card] > self.avail[card]:
                raise _Conflict(self._deal_conflict(work, card))
            if work.sum_def[p] > self.deal_size[p]:
                levels = 0
                for other in range(T):
                    if work.low[p * T + other] < 0:
                        levels |= self._helpers(work, p, other)
                raise _Conflict(levels)
            exact = work.exact[index]
            if exact >= 0 and exact < -work.low[index]:
                raise _Conflict(work.chosen[card] | work.levels_of(p, card))
        if self.final is not None and not self._final_fits(work, p, card):
            raise _Conflict(work.chosen[card] | work.levels_of(p, card))

    def _deal_conflict(self, work: _Work, card: int) -> int:
        """The levels that could lower what the seats need dealt of `card`."""
        levels = work.chosen[card]
        for level, (who, step, drawable) in enumerate(work.levels):
            index = who * T + card
            if drawable >> card & 1 and work.low[index] < 0 and step < work.low_at[index]:
                levels |= 1 << level
        return levels

    def _helpers(self, work: _Work, p: int, card: int) -> int:
        """The levels that could lower what `p` needs dealt of `card`: a draw of it by `p`
        before its shortfall began, or a level that took it from the pile."""
        index = p * T + card
        levels = work.chosen[card]
        for level, (who, step, drawable) in enumerate(work.levels):
            if who == p and drawable >> card & 1 and step < work.low_at[index]:
                levels |= 1 << level
        return levels

    def _final_fits(self, work: _Work, p: int, card: int) -> bool:
        """With the Round's end known: can `p` still have been dealt enough `card`s?"""
        assert self.final is not None
        index = p * T + card
        most = (
            self.final[p][card]
            - work.run[index]
            - (self.in_total[index] - work.inn[index])
            + (self.out_total[index] - work.out[index])
        )
        return most >= -work.low[index]

    def _restrict(self, work: _Work, p: int, mask: int) -> None:
        base = p * T
        for card in range(T):
            if mask >> card & 1:
                continue
            value = -work.run[base + card]
            if value < -work.low[base + card] or work.exact[base + card] not in (-1, value):
                raise _Conflict(work.all_levels())
            work.exact[base + card] = value

    def _draw(
        self, i: int, work: _Work, p: int, drawn: list[int], j: int, lowest: int
    ) -> Leaf | int:
        """Choose the j-th card of seat `p`'s penalty draw at step `i` (types in non-decreasing
        order within one draw), with conflict-directed backjumping."""
        rng = self.rng
        base = p * T
        level = len(work.levels)
        bit = 1 << level
        drawable = 0
        candidates: list[tuple[int, float, int]] = []
        for card in range(T):
            copies = work.disc[card]
            if not copies:
                continue
            drawable |= 1 << card
            if card < lowest:
                continue
            now = self._projected(work, p, card, i, 0)
            short = self._shortage(work, card, i) > 0
            if self._projected(work, p, card, i, 1) < now:
                # Useful: first what is needed before this seat's next catch, then what the
                # deal cannot supply.
                priority = 4 + 2 * self._urgent(work, p, card, i) + short
            else:
                priority = -1 if short else 0
            candidates.append((priority, rng.random() ** (1.0 / copies), card))
        candidates.sort(reverse=True)
        blame = 0
        for _, _, card in candidates:
            branch = work.copy()
            branch.levels.append((p, i, drawable))
            branch.chosen[card] = branch.chosen[card] | bit
            branch.disc[card] = branch.disc[card] - 1
            branch.run[base + card] = branch.run[base + card] + 1
            if self.final is not None and not self._final_fits(branch, p, card):
                blame |= branch.chosen[card] | branch.levels_of(p, card)
                continue
            branch.assign.append((drawn[j], card))
            if j + 1 < len(drawn):
                result = self._draw(i, branch, p, drawn, j + 1, card)
            else:
                result = self._walk(i + 1, branch)
            if not isinstance(result, int):
                return result
            if not result & bit:
                return result  # this choice had nothing to do with it: jump back further
            blame |= result
        blame &= ~bit
        # What this level could choose depended on the cards earlier levels took, and, for a
        # second card, on the first.
        for card in range(T):
            if not work.disc[card]:
                blame |= work.chosen[card]
        if j:
            blame |= bit >> 1
        return blame

    def _projected(self, work: _Work, p: int, card: int, step: int, extra: int) -> int:
        """The least `p` must have been dealt of `card`, if nothing more is drawn after
        `step` (with `extra` more held from now on)."""
        index = p * T + card
        k = bisect_left(self.delta_steps[index], step)
        lowest = work.run[index] + extra + self.dips[index][k]
        return max(-work.low[index], -lowest, 0)

    def _urgent(self, work: _Work, p: int, card: int, step: int) -> bool:
        """Whether `p`'s count of `card` falls below its low point before `p`'s next catch
        (after that, a later penalty card could still cover it)."""
        catches = self.catch_steps[p]
        k = bisect_right(catches, step)
        until = catches[k] if k < len(catches) else len(self.steps)
        index = p * T + card
        running = work.run[index]
        low = work.low[index]
        changes = self.deltas[index]
        for j in range(bisect_left(self.delta_steps[index], step), len(changes)):
            when, change = changes[j]
            if when >= until:
                break
            running += change
            if running < low:
                return True
        return False

    def _shortage(self, work: _Work, card: int, step: int) -> int:
        """How many more `card`s the other seats will need from the deal than it can give,
        if nobody draws any more of them."""
        need = sum(self._projected(work, p, card, step, 0) for p in range(self.n) if p != self.seat)
        return need - self.avail[card]

    # --- the deal ---------------------------------------------------------------------------

    def _leaf(self, work: _Work) -> Leaf | int:
        """Choose every other seat's dealt cards, or fail (blaming every level). (Loops over
        the types rather than `map` and comprehensions: mypyc compiles a loop, and this runs
        at every resample of a search.)"""
        seat, n = self.seat, self.n
        dealt: list[list[int]] = [[0] * T for _ in range(n)]
        fixed: list[list[bool]] = [[False] * T for _ in range(n)]
        fixed_count = [0] * n
        remaining = self.avail.copy()
        fail = work.all_levels()
        final = self.final
        run, low, exact = work.run, work.low, work.exact
        for p in range(n):
            if p == seat:
                continue
            base = p * T
            restricted = False
            for c in range(T):
                if exact[base + c] >= 0:
                    restricted = True
                    break
            row = [0] * T
            total = 0
            if final is not None:
                final_row = final[p]
                for c in range(T):
                    value = final_row[c] - run[base + c]
                    if value < -low[base + c]:
                        return fail
                    held = exact[base + c]
                    if held >= 0 and held != value:
                        return fail
                    row[c] = value
                    total += value
                if total != self.deal_size[p]:
                    return fail
            elif restricted:
                flags = [False] * T
                count = 0
                for c in range(T):
                    held = exact[base + c]
                    if held >= 0:
                        value = held
                        flags[c] = True
                        count += 1
                    else:
                        value = -low[base + c]
                    row[c] = value
                    total += value
                fixed[p] = flags
                fixed_count[p] = count
                if total > self.deal_size[p]:
                    return fail
            else:
                for c in range(T):
                    value = -low[base + c]
                    row[c] = value
                    total += value
                if total > self.deal_size[p]:
                    return fail
            dealt[p] = row
            for c in range(T):
                remaining[c] = remaining[c] - row[c]
        for c in range(T):
            if remaining[c] < 0:
                return fail
        pool = _cards(remaining)
        if final is None:
            # Most restricted seat first, then by seat.
            for _, p in sorted((-fixed_count[p], p) for p in range(n) if p != seat):
                row = dealt[p]
                room = self.deal_size[p]
                for c in range(T):
                    room -= row[c]
                if not room:
                    continue
                if fixed_count[p]:
                    flags = fixed[p]
                    eligible = [k for k, card in enumerate(pool) if not flags[card]]
                else:
                    eligible = list(range(len(pool)))
                if len(eligible) < room:
                    return fail
                taken = [False] * len(pool)
                for k in sample(self.rng, eligible, room):
                    taken[k] = True
                    card = pool[k]
                    row[card] = row[card] + 1
                kept: list[int] = []
                for k in range(len(pool)):
                    if not taken[k]:
                        kept.append(pool[k])
                pool = kept
        return work, dealt, pool


def _cards(counts: list[int]) -> list[int]:
    """Card types with repeats, sorted, from counts per type."""
    cards: list[int] = []
    for card, count in enumerate(counts):
        if count:
            cards += [card] * count
    return cards


def _counts(cards: tuple[int, ...] | list[int]) -> list[int]:
    counts = [0] * T
    for card in cards:
        counts[card] = counts[card] + 1
    return counts


def resample(state: BigChickenState, seat: int, rng: random.Random) -> BigChickenState:
    """A state `seat` cannot tell from this one: a history that agrees with the public record
    and the seat's own cards, and the current Round's hidden cards to match."""
    game = state.game
    n = game.num_players
    history = state._history
    events = state._events
    deck = _counts(game.deck)
    starts = [k for k, event in enumerate(events) if event[0] == EV_ROUND]
    new_history = history.copy()
    result = state.clone()
    for r, begin in enumerate(starts):
        end = starts[r + 1] if r + 1 < len(starts) else len(events)
        round_events = events[begin:end]
        solver = _Round(round_events, history, seat, n, deck, rng)
        work, dealt, left = solver.solve()
        for p in range(n):
            if p == seat:
                continue
            cards = _cards(dealt[p])
            for pos, card in zip(solver.positions[p], cards, strict=True):
                new_history[pos] = card
        for pos, card in work.assign:
            new_history[pos] = card
        if round_events[-1][0] != EV_END:  # the Round in progress: its hidden cards
            for p in range(n):
                if p != seat:
                    set_hand(result, p, [dealt[p][c] + work.run[p * T + c] for c in range(T)])
            result._discard = _cards(work.disc)
            result._pool = left
    result._history = new_history
    result._legal = None
    return result
