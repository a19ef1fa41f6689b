"""What search needs to know about Manda Huevos!: a value estimate, a playout policy, settings.

Search (ISMCTS) stops its playouts after a few decisions and asks `win_chances` for the rest of
the game. Each seat gets a strength, a weighted sum of a few features of its position (its
points, its empty slots, its awake eggs' value above average, which a swap, a move or the hen
can take away, its hand, whether it holds the hen, its face-up action cards, whether it moves
now or next), each weight moving linearly with the share of slots filled; the chance to win is
the softmax of the strengths over the seats (a conditional logit). The weights are fitted to
the winners of games played by the heuristic bot by ``scripts/fit_manda_huevos_value.py`` (the
coefficients below are its output; rerun it after a change to the rules or the bot). The
estimate is weak until late: players go after the leader, so the points leader with 20 of 24
slots filled still wins only about 40% of heuristic games; the fit's log loss is 1.41 against
1.45 for a uniform guess.

`playout_action` plays the obvious move at once: the best of a few candidates scored with simple
arithmetic (my best swap, taking an opponent's best awake egg, putting my best awake egg to
sleep, my best egg play, the hen), never a scan of every legal move; one move in ten is random.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left
from typing import Final

from roost.core.rand import randbelow
from roost.core.search import SearchHooks
from roost.games.manda_huevos.actions import (
    ACTING,
    ALL_DOWN,
    EMPTY,
    HEN_STOP,
    HEN_TAKE,
    HEN_TAKING,
    MAX_SEATS,
    MOVE,
    MOVE_BIT,
    PLACE,
    PLAY_HEN,
    POSITIONS,
    SLEEP_BIT,
    SWAP,
    SWAP_BIT,
    TOGGLE,
    TURN,
)
from roost.games.manda_huevos.cards import CONTAINER_SIZE, EGG_TYPES, HEN
from roost.games.manda_huevos.state import MandaHuevosState

FEATURES: Final = (
    "points",
    "empty slots x average egg",
    "awake value above average",
    "hand value above average",
    "holds the hen",
    "face-up action cards",
    "moves now",
    "moves next",
)
"""Each feature enters twice: as it is, and multiplied by the share of slots filled."""
COEFFICIENTS: Final[tuple[float, ...]] = (
    -0.0413, -0.0341, -0.0828, 0.0135, 0.4165, -0.1165, -0.0719, -0.0726,
    0.1746, 0.1317, 0.0686, 0.0489, -0.0814, 0.2570, 0.3451, 0.2147,
)  # fmt: skip

RANDOM_MOVES: Final = 0.1
"""Share of playout moves chosen at random (keeps playouts from repeating one line)."""


_MEAN: Final[list[tuple[tuple[int, ...], float]]] = []
"""The counts `_mean` last worked out, with their mean: every playout step asks it for the
same game's counts. (`Final`, so the compiled build holds it in a C static: a module global
that is not final is looked up in the module's dict at every reading.)"""


def _mean(counts: tuple[int, ...]) -> float:
    """The average egg value of a deck with these counts per value."""
    if _MEAN and _MEAN[0][0] is counts:
        return _MEAN[0][1]
    total = eggs = 0
    for value in range(len(counts)):
        count = counts[value]
        total += value * count
        eggs += count
    mean = total / eggs
    if _MEAN:
        _MEAN[0] = (counts, mean)
    else:
        _MEAN.append((counts, mean))
    return mean


def features(state: MandaHuevosState, seat: int) -> tuple[float, ...]:
    """The model's inputs for one seat (before the 'late' copies)."""
    return tuple(_all_features(state)[seat])


def _all_features(state: MandaHuevosState) -> list[list[float]]:
    """Every seat's features, in one pass over the table."""
    game = state._game
    n = game.num_players
    mean = _mean(game.egg_counts)
    cells = state._cells
    asleep = state._asleep
    turn = state._player if state._phase in (TURN, HEN_TAKING, ACTING) else (state._player + 1) % n
    cards = game.all_down.bit_count()  # action cards a player holds: 3 and the own ones
    rows = []
    p = 0
    for seat in range(n):
        points = 0.0
        empty = 0
        awake_high = 0.0
        for q in range(p, p + CONTAINER_SIZE):
            v = cells[q]
            if v == EMPTY:
                empty += 1
            else:
                points += v
                if v > mean and not asleep >> p & 1:
                    awake_high += v - mean
            p += 1
        hand = state._hands[seat]
        hand_high = 0.0
        hen = 0.0
        for v in hand:
            if v == HEN:
                hen = 1.0
            elif v > mean:
                hand_high += v - mean
        down = state._down[seat]
        rows.append(
            [
                points,
                empty * mean,
                awake_high,
                hand_high,
                hen,
                float(cards - down.bit_count()) if down != game.all_down else 0.0,
                1.0 if turn == seat else 0.0,
                1.0 if (turn + 1) % n == seat else 0.0,
            ]
        )
    return rows


def filled_share(state: MandaHuevosState) -> float:
    """The share of the table's slots that hold an egg (how late in the game it is)."""
    return state._occupied.bit_count() / (CONTAINER_SIZE * state._game.num_players)


def strengths(
    state: MandaHuevosState, coefficients: tuple[float, ...] = COEFFICIENTS
) -> list[float]:
    """Each seat's strength: the linear part of the model."""
    late = filled_share(state)
    k = len(FEATURES)
    weights = [coefficients[i] + late * coefficients[k + i] for i in range(k)]
    result = []
    for row in _all_features(state):
        total = 0.0
        for i in range(k):
            total += weights[i] * row[i]
        result.append(total)
    return result


def win_chances(state: MandaHuevosState) -> list[float]:
    """Estimated chance that each seat wins, in [0, 1] (they add up to 1)."""
    s = strengths(state)
    top = s[0]
    for x in s:
        if x > top:
            top = x
    e = [math.exp(x - top) for x in s]
    total = 0.0
    for x in e:
        total += x
    return [x / total for x in e]


def _legal(legal: list[int], action: int) -> bool:
    i = bisect_left(legal, action)
    return i < len(legal) and legal[i] == action


def playout_action(state: MandaHuevosState, legal: list[int], rng: random.Random) -> int:
    """A cheap sensible move: the best of a handful of candidates, sometimes a random one."""
    if rng.random() < RANDOM_MOVES:
        return legal[randbelow(rng, len(legal))]
    if state._phase == HEN_TAKING:
        return _hen_take(state, legal)
    if state._phase == ACTING:  # an own card's application: the greedy turn's pick if legal
        action = _greedy_turn(state, acting=True)
        if action >= 0 and _legal(legal, action):
            return action
        return legal[randbelow(rng, len(legal))]
    action = _greedy_turn(state)
    return action if action >= 0 and _legal(legal, action) else legal[randbelow(rng, len(legal))]


def _hen_take(state: MandaHuevosState, legal: list[int]) -> int:
    mean = _mean(state._game.egg_counts)
    cells = state._cells
    best, best_value = HEN_STOP, mean
    for action in legal:
        if action < HEN_STOP and cells[action - HEN_TAKE] > best_value:
            best, best_value = action, float(cells[action - HEN_TAKE])
    return best


def _greedy_turn(state: MandaHuevosState, acting: bool = False) -> int:
    """The best of: a swap, a move in, a sleep, an egg play, the hen (-1: none found); with
    `acting`, an own card's application: the same swap, move or sleep whatever is face down,
    or the take of the best egg."""
    game = state._game
    n = game.num_players
    mean = _mean(game.egg_counts)
    me = state._player
    cells = state._cells
    asleep = state._asleep
    points = [0] * n
    room = [0] * n
    my_low, my_low_at = EGG_TYPES, -1
    my_high, my_high_at = 0, -1
    other_high, other_high_at = -1, -1
    p = 0
    for c in range(n):
        total = free = 0
        for q in range(p, p + CONTAINER_SIZE):
            v = cells[q]
            if v == EMPTY:
                free += 1
            else:
                total += v
                if not asleep >> p & 1:
                    if c == me:
                        if v < my_low:
                            my_low, my_low_at = v, p
                        if v > my_high:
                            my_high, my_high_at = v, p
                    elif v > other_high:
                        other_high, other_high_at = v, p
            p += 1
        points[c] = total
        room[c] = free
    best, best_score = -1, -1e9
    # An egg play: my best egg into my container, or my worst into the leader's.
    hand = state._hands[me]
    # The highest and lowest egg held and whether the hen is, in one pass (max, min and `in`
    # compared Python objects).
    high, low, hen = -1, EGG_TYPES, False
    for v in hand:
        if v == HEN:
            hen = True
        elif not acting:
            if v > high:
                high = v
            if v < low:
                low = v
    if high >= 0:
        if room[me]:
            best, best_score = PLACE + me * EGG_TYPES + high, high - mean
        leader, lead = -1, -1
        for c in range(n):
            if c != me and room[c] and points[c] > lead:
                leader, lead = c, points[c]
        if leader >= 0 and mean - low > best_score:
            best, best_score = PLACE + leader * EGG_TYPES + low, mean - low
        if best < 0:
            best, best_score = PLACE + me * EGG_TYPES + low, low - mean
    if other_high > mean and room[me] and hen and not acting:
        score = 2.0 * (other_high - mean) * min(room[me], 2)
        if score > best_score:
            best, best_score = PLAY_HEN, score
    down = 0 if acting else state._down[me]
    if acting and room[me] and other_high_at >= 0:
        best, best_score = HEN_TAKE + other_high_at, 0.0  # a take, if the card takes
    if down & ALL_DOWN != ALL_DOWN:
        if not down & SWAP_BIT and my_low_at >= 0 and other_high_at >= 0:
            score = 1.6 * (other_high - my_low)
            if score > best_score:
                a, b = min(my_low_at, other_high_at), max(my_low_at, other_high_at)
                best, best_score = SWAP + a * POSITIONS + b, score
        if not down & MOVE_BIT and room[me] and other_high_at >= 0:
            score = 1.6 * (other_high - mean)
            if score > best_score:
                best, best_score = MOVE + other_high_at * MAX_SEATS + me, score
        if not down & SLEEP_BIT and my_high > mean:
            score = 1.2 * (my_high - mean)
            if score > best_score:
                best, best_score = TOGGLE + my_high_at, score
    return best


SEARCH: Final = SearchHooks[MandaHuevosState](
    evaluate=win_chances,
    playout_action=playout_action,
    rollout_depth=3,
    worlds=200,
    widening=2.0,
)
"""Manda Huevos!'s search settings: short playouts (3 decisions), then the win estimate; 200
determinizations a search, each searched five times in 1000 iterations (the arena shows no loss
of strength). The root widens along the heuristic's order of the moves, ``ceil(2 sqrt(n + 1))``
of them after n iterations: with about 43 moves a turn, 200 iterations spread over all of them
leave search below the heuristic (19% against three heuristic bots, fair 25%), and on the best
29 first it wins 43%; at 1000 iterations it reaches every move and plays as before (arena, 400
games: 50.7% against 52.8%)."""
