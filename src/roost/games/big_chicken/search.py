"""A quick estimate of each player's chance to be the Golden Egg, and a cheap playout policy,
for search bots.

Search (ISMCTS) cuts its playouts short and asks `evaluate` for the rest of the game. The
estimate is a conditional logit (a softmax over the seats) of a few features of each seat: the
points so far, what the seat would score if the Round ended now, its hand size, how many Lays it
needs to go out, its Chickens, Big Red and Ducks, and whether it holds the Run. One set of
weights per number of Rounds still to come (after this one; 4 or more share one), fitted to
the outcomes of games played by `playout_action` (the search's own playouts) by
``scripts/fit_big_chicken_value.py``; the coefficients below are its output (rerun it after a
change to the rules or the policy). With ``returns=score`` the estimate is the projected final
score instead, on the same [0, 1] scale as the returns.
"""

from __future__ import annotations

import math
import random
from typing import Final

from roost.core.rand import randbelow
from roost.core.search import SearchHooks
from roost.games.big_chicken.actions import (
    BIG_RED_LAY,
    CATCH,
    CH_COOPS,
    CH_FOLLOW,
    CHICKS,
    CLUCK,
    CODE,
    CODES,
    COOP_SIZE,
    COOPS,
    DECLARE,
    FIRST_CHICKEN_LAY,
    FLIP,
    FOLLOW,
    GIVE_BACK,
    KEY,
    LAY_BASE,
    NUMBER,
    PLAY,
    SIZE,
    SKIP,
    USES_DUCK,
    beats,
)
from roost.games.big_chicken.cards import DUCK
from roost.games.big_chicken.state import BigChickenState

FEATURES: Final = (
    "points so far",
    "points if the Round ended now",
    "cards in hand",
    "Lays needed to go out",
    "Chickens but Big Red",
    "Big Red",
    "Ducks",
    "holds the Run",
)
BUCKETS: Final = 5
"""Weight sets: Rounds still to come after this one, 0 to 4 (4 or more)."""
COEFFICIENTS: Final[tuple[tuple[float, ...], ...]] = (
    (-0.5038, -0.0162, -0.1005, -0.5549, 0.3264, 0.8427, 0.0854, 0.3293),  # 0 Rounds to come
    (-0.2843, -0.0084, -0.0162, -0.3616, 0.2015, 0.6190, 0.0277, 0.2882),  # 1 Rounds to come
    (-0.2192, -0.0051, -0.0147, -0.2881, 0.1799, 0.4617, 0.0381, 0.2237),  # 2 Rounds to come
    (-0.1936, -0.0056, 0.0051, -0.2679, 0.1676, 0.4353, 0.0151, 0.1900),  # 3 Rounds to come
    (0.0000, -0.0030, -0.0336, -0.1949, 0.1587, 0.4944, 0.0561, 0.1821),  # 4 Rounds to come
)  # fmt: skip
SCORE_SHARE: Final = 0.6
"""With ``returns=score``: the share of the Round's points-if-it-ended-now expected in the end."""
SCORE_PER_ROUND: Final = 6.0
"""With ``returns=score``: points a seat expects from each Round still to come."""
EXPLORE: Final = 0.05
"""Playouts: the share of moves made at random (the policy is deterministic otherwise)."""

_POW3: Final[tuple[int, ...]] = (1, 3, 9, 27)
_CHICKENS_HELD: Final[tuple[int, ...]] = tuple(bin(bits).count("1") for bits in range(16))
"""The Chickens in a hand's four Chicken bits (``int.bit_count`` is a Python method call for
mypyc: a boxed call per seat and estimate)."""
COUNT: Final = tuple(sum(code // _POW3[s] % 3 for s in range(4)) for code in range(CODES))
"""Cards in a number's base-3 code."""


def _natural() -> tuple[int, ...]:
    """Per (number - 1) * 81 + code: the Lay of exactly those Eggs (no Duck), or 0."""
    table = [0] * (10 * CODES)
    for action in range(LAY_BASE, FIRST_CHICKEN_LAY):
        if not USES_DUCK[action]:
            table[(NUMBER[action] - 1) * CODES + CODE[action]] = action
    return tuple(table)


NATURAL: Final = _natural()
WHOLE_CHICKENS: Final = tuple(
    next((a for a in range(FIRST_CHICKEN_LAY, FLIP) if CHICKS[a] == mask), 0) for mask in range(32)
)
"""Per bitmask of Chickens: the Lay of exactly those Chickens (0 for none)."""


_GROUPS: Final = tuple(0 if not c else 1 if c <= 5 else 2 for c in COUNT)
"""Lays a number's Eggs take (at most five cards a Lay)."""
_ABSORBS: Final = tuple(1 if 0 < c <= 2 else 0 for c in COUNT)
"""Whether a number's Eggs can take a Duck (a single or a pair)."""


def lays_needed(eggs: list[int], ducks: int, chicks: int) -> int:
    """About how many Lays it takes to empty a hand (a Duck joins a single or a pair)."""
    groups = 1 if chicks else 0
    absorb = 0
    for code in eggs:
        if code:
            groups += _GROUPS[code]
            absorb += _ABSORBS[code]
    if ducks > absorb:
        groups += ducks - absorb
    return groups


def _cost(action: int, eggs: list[int], chicks: int) -> float:
    """What a Lay costs the hand, as the heuristic bot counts it: a whole group is cheap (a higher
    one a little dearer), then a Duck completing one, a lone Duck, a broken set, Chickens, a Coop
    and Big Red."""
    number = NUMBER[action]
    size = SIZE[action]
    if number > 10:
        if CHICKS[action] & 16:
            return 8.0 + size
        return 3.0 + (0.0 if CHICKS[action] == chicks & 15 else 0.5) + 0.1 * size
    if size >= COOP_SIZE:
        return 6.0 + number / 100
    code = CODE[action]
    if not code:
        return 2.0  # a lone Duck
    if code != eggs[number - 1]:
        return (4.0 if COUNT[eggs[number - 1]] >= COOP_SIZE else 2.5) + number / 20
    return (0.6 if USES_DUCK[action] else 0.0) + number / 20


def playout_action(state: BigChickenState, legal: list[int], rng: random.Random) -> int:
    """A cheap move for search playouts, the heuristic bot's rules of thumb on the state's
    internals: go out when one Lay does it; with two Lays left lead the stronger; otherwise lead
    the lowest whole group (not of a size an opponent with one or two cards could go out on);
    follow with the cheapest Lay that beats the Run, Big Red only when the Run's winner is about
    to go out or winning it lets me lead my last Lay; skip after a Coop, say Last Egg, catch; give
    back the lowest lone card. A small share of moves is random."""
    first = legal[0]
    p = state._player
    eggs = state._eggs[p]
    if state._phase != PLAY:
        if first == FLIP:
            return SKIP
        if first == DECLARE:
            return DECLARE
        if first == CATCH:
            return CATCH
        for action in legal:  # the exchange: the lowest lone Egg back
            card = action - GIVE_BACK
            if card < DUCK and COUNT[eggs[card >> 2]] == 1:
                return action
        return first
    if rng.random() < EXPLORE:
        return legal[randbelow(rng, len(legal))]
    sizes = state._sizes
    size = sizes[p]
    if size <= 5:
        for action in legal:
            if SIZE[action] == size:
                return action
    chicks = state._chicks[p]
    ducks = state._ducks[p]
    if first != CLUCK:
        return _lead(state, legal, p, eggs, ducks, chicks)
    if len(legal) == 1:
        return CLUCK
    best = CLUCK
    best_cost = 100.0 if sizes[state._last] <= 2 else 7.0
    top = state._top
    if top != BIG_RED_LAY and SIZE[top] < COOP_SIZE:  # the cheapest, without a pass
        cheapest, cost = _cheapest_follow(eggs, ducks, chicks, top)
        if cost < best_cost:
            best = cheapest
    else:
        for action in legal[1:]:  # (legal[0] is the Cluck)
            cost = _cost(action, eggs, chicks)
            if cost < best_cost:
                best, best_cost = action, cost
    if (
        best == CLUCK
        and chicks & 16
        and BIG_RED_LAY in legal
        and lays_needed(eggs, ducks, chicks & 15) <= 1
    ):
        return BIG_RED_LAY  # win the Run, then lead the last Lay
    return best


def _cheapest_first() -> list[list[list[list[int]]]]:
    """Per `FOLLOW[size][duck][index]`: the same Lays in the order of `_cost` (a stable sort:
    Lays of equal cost keep the list's order). A Lay of numbered Eggs costs what the hand holds
    of its number only, and the index says that (``index = (number - 1) * 81 + code held``)."""
    eggs = [0] * 10
    table: list[list[list[list[int]]]] = []
    for by_duck in FOLLOW:
        sized: list[list[list[int]]] = []
        for lists in by_duck:
            ordered: list[list[int]] = []
            for index, lays in enumerate(lists):
                number, code = divmod(index, CODES)
                eggs[number] = code
                ordered.append(sorted(lays, key=lambda a: _cost(a, eggs, 0)))
                eggs[number] = 0
            sized.append(ordered)
        table.append(sized)
    return table


CHEAPEST_FOLLOW: Final = _cheapest_first()
"""`FOLLOW`'s lists, cheapest Lay first (`_cost`), for a follow picked without the listing."""
_INDICES: Final = 10 * CODES


def _firsts() -> tuple[list[int], list[float]]:
    """Each `CHEAPEST_FOLLOW` list's first Lay (0: none) and its `_cost`, in one flat list
    indexed by ``(size * 2 + duck) * 810 + index`` (a single look-up in the playouts)."""
    firsts: list[int] = []
    costs: list[float] = []
    eggs = [0] * 10
    for by_duck in CHEAPEST_FOLLOW:
        for lists in by_duck:
            for index, lays in enumerate(lists):
                number = index // CODES
                eggs[number] = index % CODES
                firsts.append(lays[0] if lays else 0)
                costs.append(_cost(lays[0], eggs, 0) if lays else 0.0)
                eggs[number] = 0
    return firsts, costs


_FIRSTS: Final = _firsts()
FIRST_FOLLOW: Final = _FIRSTS[0]
FIRST_FOLLOW_COST: Final = _FIRSTS[1]
FIRST_COOP: Final = [coops[0] if coops else 0 for coops in COOPS]
"""A number's first Coop per index (0: none); every Coop of a number costs the same."""
FIRST_COOP_COST: Final = [_cost(a, [0] * 10, 0) if a else 0.0 for a in FIRST_COOP]
"""`_cost` of each `FIRST_COOP` Lay (a Coop's cost reads nothing of the hand)."""


def playout_move(state: BigChickenState, rng: random.Random) -> int:
    """`playout_action`'s move at the state's own legal actions, from the same draws (the
    playout's single legal action drawn as the search draws it). With more than five cards in
    hand, the playouts' longest lists of Lays, the move is chosen from the hand's tables
    without listing the Lays: a lead (a hand of six or more always has two Lays to lead: two
    different single cards, or a Duck), and a follow of anything but a Coop or Big Red (the
    cheapest Lay of each number and of the Chickens, `_cheapest_follow`)."""
    if state._phase == PLAY:
        p = state._player
        if state._sizes[p] > 5:
            top = state._top
            if top < 0:
                if rng.random() < EXPLORE:
                    legal = state._legal_cached()
                    return legal[randbelow(rng, len(legal))]
                return _lead(state, None, p, state._eggs[p], state._ducks[p], state._chicks[p])
            if top != BIG_RED_LAY and SIZE[top] < COOP_SIZE:
                return _follow(state, rng, p, top)
    legal = state._legal_cached()
    if len(legal) > 1:
        return playout_action(state, legal, rng)
    return legal[randbelow(rng, 1)]


def _follow(state: BigChickenState, rng: random.Random, p: int, top: int) -> int:
    """`playout_action`'s follow of `top` (not a Coop, not Big Red) by a hand of more than
    five cards (so no Lay goes out), from the same draws, listing the Lays only for a random
    move."""
    eggs = state._eggs[p]
    ducks = state._ducks[p]
    chicks = state._chicks[p]
    best, cost = _cheapest_follow(eggs, ducks, chicks, top)
    if best < 0:  # a Cluck is the only legal action
        return CLUCK + randbelow(rng, 1)
    if rng.random() < EXPLORE:
        legal = state._legal_cached()
        return legal[randbelow(rng, len(legal))]
    if cost < (100.0 if state._sizes[state._last] <= 2 else 7.0):
        return best
    if chicks & 16 and beats(BIG_RED_LAY, top) and lays_needed(eggs, ducks, chicks & 15) <= 1:
        return BIG_RED_LAY  # win the Run, then lead the last Lay
    return CLUCK


def _cheapest_follow(eggs: list[int], ducks: int, chicks: int, top: int) -> tuple[int, float]:
    """The legal Lay on `top` (not a Coop, not Big Red) of least `_cost`, the first in the legal
    list's order among equals, and its cost; (-1, 0.0) when none is legal. It walks the groups
    `BigChickenState._legal_now` lists, in the same order, taking from each only its cheapest
    Lay: the first of `CHEAPEST_FOLLOW`'s list that beats `top`, a number's first Coop (all of
    a number's Coops cost the same), every Chicken Lay (a few)."""
    size = SIZE[top]
    key = KEY[top]
    top_number = NUMBER[top] - 1
    duck = 1 if ducks else 0
    block = (size * 2 + duck) * _INDICES
    singles_by_duck = duck == 1 and size == 1
    best = -1
    best_cost = 0.0
    for number in range(10):
        code = eggs[number]
        if not code and not singles_by_duck:
            continue
        index = number * CODES + code
        if number > top_number:
            a = FIRST_FOLLOW[block + index]
            if a:
                cost = FIRST_FOLLOW_COST[block + index]
                if best < 0 or cost < best_cost:
                    best, best_cost = a, cost
        elif number == top_number:
            for a in CHEAPEST_FOLLOW[size][duck][index]:
                if KEY[a] > key:
                    cost = _cost(a, eggs, chicks)
                    if best < 0 or cost < best_cost:
                        best, best_cost = a, cost
                    break
        if code:
            a = FIRST_COOP[index]
            if a:
                cost = FIRST_COOP_COST[index]
                if best < 0 or cost < best_cost:
                    best, best_cost = a, cost
    if chicks:
        for a in CH_FOLLOW[size][chicks]:
            if top_number != 10 or KEY[a] > key:
                cost = _cost(a, eggs, chicks)
                if best < 0 or cost < best_cost:
                    best, best_cost = a, cost
        for a in CH_COOPS[chicks]:
            cost = _cost(a, eggs, chicks)
            if best < 0 or cost < best_cost:
                best, best_cost = a, cost
    return best, best_cost


def _lead(
    state: BigChickenState,
    legal: list[int] | None,
    p: int,
    eggs: list[int],
    ducks: int,
    chicks: int,
) -> int:
    """The lead `playout_action` picks; `legal` may be None (the state's own are listed only
    if the last resort needs them)."""
    if lays_needed(eggs, ducks, chicks) <= 2:
        if chicks & 16:
            return BIG_RED_LAY
        if chicks:
            return WHOLE_CHICKENS[chicks]
        for number in range(9, -1, -1):
            code = eggs[number]
            if code and COUNT[code] <= 5:
                return NATURAL[number * CODES + code]
    sizes = state._sizes
    threats = 0
    for seat, held in enumerate(sizes):
        if held <= 2 and seat != p:
            threats |= 1 << held
    fallback = 0
    for number in range(10):
        code = eggs[number]
        if code:
            count = COUNT[code]
            if count < COOP_SIZE:
                if not threats >> count & 1:
                    return NATURAL[number * CODES + code]
                fallback = NATURAL[number * CODES + code]
    if fallback:
        return fallback  # the highest, hardest to beat
    if chicks & 15:
        return WHOLE_CHICKENS[chicks & 15]
    if legal is None:
        legal = state._legal_cached()
    return legal[-1]  # Big Red, else the highest Duck or Coop


def features(state: BigChickenState, seat: int) -> tuple[float, ...]:
    """The model's inputs for one seat."""
    size = state._sizes[seat]
    chicks = state._chicks[seat]
    return (
        float(state._totals[seat]),
        float(size * state._game.multiplier(size)),
        float(size),
        float(lays_needed(state._eggs[seat], state._ducks[seat], chicks)),
        float(_CHICKENS_HELD[chicks & 15]),
        float(chicks >> 4),
        float(state._ducks[seat]),
        1.0 if state._last == seat else 0.0,
    )


def bucket(state: BigChickenState) -> int:
    """Which weight set applies: Rounds still to come after the current one (at most 4)."""
    return min(BUCKETS - 1, max(0, state._game.rounds - state._round - 1))


def evaluate(state: BigChickenState) -> list[float]:
    """Each seat's estimated chance to be the Golden Egg (or, with ``returns=score``, its
    projected final score on the returns' [0, 1] scale)."""
    game = state._game
    n = game.num_players
    if game.score_returns:
        left = max(0, game.rounds - state._round - 1)
        most = float(game.max_score()) or 1.0
        values = []
        for seat in range(n):
            size = state._sizes[seat]
            points = float(state._totals[seat] + state._penalties[seat])
            points += SCORE_SHARE * size * game.multiplier(size) + SCORE_PER_ROUND * left
            values.append(min(1.0, max(0.0, 1.0 - points / most)))
        return values
    w_total, w_now, w_size, w_lays, w_chickens, w_red, w_ducks, w_run = COEFFICIENTS[bucket(state)]
    totals = state._totals
    sizes = state._sizes
    all_eggs = state._eggs
    all_ducks = state._ducks
    all_chicks = state._chicks
    last = state._last
    groups_of = _GROUPS
    absorbs = _ABSORBS
    scores = []
    for seat in range(n):
        size = sizes[seat]
        chicks = all_chicks[seat]
        ducks = all_ducks[seat]
        groups = 1 if chicks else 0
        absorb = 0
        for code in all_eggs[seat]:
            if code:
                groups += groups_of[code]
                absorb += absorbs[code]
        if ducks > absorb:
            groups += ducks - absorb
        z = (
            w_total * totals[seat]
            + w_now * size * game.multiplier(size)
            + w_size * size
            + w_lays * groups
            + w_chickens * _CHICKENS_HELD[chicks & 15]
            + w_red * (chicks >> 4)
            + w_ducks * ducks
        )
        if seat == last:
            z += w_run
        scores.append(z)
    top = scores[0]
    for z in scores:
        if z > top:
            top = z
    exps = [math.exp(z - top) for z in scores]
    total = 0.0
    for e in exps:
        total += e
    return [e / total for e in exps]


SEARCH: Final = SearchHooks[BigChickenState](
    evaluate=evaluate,
    playout_action=playout_action,
    playout_move=playout_move,
    rollout_depth=8,
    worlds=20,
    bias=1.0,
)
"""BIG CHICKEN's search settings: playouts of 8 decisions, then the Golden Egg estimate; 20
determinizations reused in turn (resampling with penalty draws is a search of its own); a
progressive bias of 1 toward `playout_action`'s move in the tree (ISMCTS against three heuristic
players: 42.8% of 1,000 games on three seeds with it, 36.5% (31.9-41.3) of 400 without; fair
25%)."""
