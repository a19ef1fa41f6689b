"""BIG CHICKEN: Just Hatched's rules as transitions of the state: the deal, the exchange, Lays
and Clucks, Coops, Last Egg, the end of a Round and of the game (RULES.md).

Functions of `BigChickenState` (`state.py` holds the class and its protocol hooks; this module
only changes its fields). A hand is kept as counts, shaped for generating Lays: per number, a
base-3 code of the copies held per suit (see `actions.py`); a count of Ducks; a bitmask of
Chickens. What the rules make public is written to ``state._events`` while the state records
(`hidden.py`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from roost.core.game import CHANCE, TERMINAL
from roost.core.lists import remove_first
from roost.core.rand import randbelow
from roost.games.big_chicken.actions import (
    BAD_GIVES,
    CARDS,
    CATCHING,
    CHICKS,
    CODE,
    CODES,
    COOP_SIZE,
    DEAL,
    FLIP,
    FLIP_OR_SKIP,
    GOOD_GIVES,
    LAST_EGG,
    NUMBER,
    OVER,
    PENALTY,
    PLAY,
    SIZE,
    TIE_DRAW,
    USES_DUCK,
)
from roost.games.big_chicken.cards import (
    BIG_RED,
    CHICKENS,
    DUCK,
    HIGH_RANK,
    NO_CARD,
    NUM_EGG_TYPES,
    NUM_TYPES,
)
from roost.games.big_chicken.hidden import (
    EV_CATCH,
    EV_CLEAR,
    EV_END,
    EV_GIFT,
    EV_LAY,
    EV_RESTRICT,
    EV_ROUND,
    EV_SHOW,
    below_or_equal,
)

if TYPE_CHECKING:
    from roost.games.big_chicken.state import BigChickenState

NOBODY: Final = -1
QUIET: Final = 2
"""`_last_egg` value of a player who stayed quiet with one card left and was not caught."""
SAID: Final = 1

_POW3: Final[tuple[int, ...]] = (1, 3, 9, 27)
"""Each suit's place value in a base-3 code. Typed as a tuple of any length on purpose: mypyc
keeps a fixed-length tuple of ints unboxed and builds a new tuple object each time one is
indexed by a variable (a deal did that for every card, `holds` eight times a Lay)."""
_CHICK0: Final = CHICKENS[0]
_BIG_RED_BIT: Final = 1 << (BIG_RED - _CHICK0)

EGG_CARDS: Final = tuple(
    tuple(
        tuple(number * 4 + suit for suit in range(4) for _ in range(code // _POW3[suit] % 3))
        for code in range(CODES)
    )
    for number in range(10)
)
"""The Egg cards a number's code stands for, per number."""
CHICKEN_CARDS: Final = tuple(
    tuple(card for i, card in enumerate(CHICKENS) if mask >> i & 1) for mask in range(32)
)
"""The Chickens a bitmask stands for."""


# --- hands ----------------------------------------------------------------------------------


def add_card(state: BigChickenState, seat: int, card: int) -> None:
    if card < NUM_EGG_TYPES:
        state._eggs[seat][card >> 2] = state._eggs[seat][card >> 2] + (_POW3[card & 3])
    elif card == DUCK:
        state._ducks[seat] = state._ducks[seat] + 1
    else:
        state._chicks[seat] = state._chicks[seat] | (1 << (card - _CHICK0))
    state._sizes[seat] = state._sizes[seat] + 1


def remove_card(state: BigChickenState, seat: int, card: int) -> None:
    if card < NUM_EGG_TYPES:
        state._eggs[seat][card >> 2] = state._eggs[seat][card >> 2] - (_POW3[card & 3])
    elif card == DUCK:
        state._ducks[seat] = state._ducks[seat] - 1
    else:
        state._chicks[seat] = state._chicks[seat] & (~(1 << (card - _CHICK0)))
    state._sizes[seat] = state._sizes[seat] - 1


def hand_counts(state: BigChickenState, seat: int) -> list[int]:
    """Copies `seat` holds of each card type."""
    counts = [0] * NUM_TYPES
    for number, code in enumerate(state._eggs[seat]):
        for suit in range(4):
            counts[number * 4 + suit] = code // _POW3[suit] % 3
    counts[DUCK] = state._ducks[seat]
    chicks = state._chicks[seat]
    for i, card in enumerate(CHICKENS):
        counts[card] = chicks >> i & 1
    return counts


def hand(state: BigChickenState, seat: int) -> list[int]:
    """The card types `seat` holds, sorted (with repeats)."""
    cards: list[int] = []
    for number, code in enumerate(state._eggs[seat]):
        if code:
            cards += EGG_CARDS[number][code]
    if state._ducks[seat]:
        cards += [DUCK] * state._ducks[seat]
    chicks = state._chicks[seat]
    if chicks:
        cards += CHICKEN_CARDS[chicks]
    return cards


def holds(state: BigChickenState, seat: int, action: int) -> bool:
    """Whether `seat` holds the cards of Lay `action`."""
    number = NUMBER[action]
    if number <= 10:
        code = CODE[action]
        held = state._eggs[seat][number - 1]
        for suit in range(4):
            if code // _POW3[suit] % 3 > held // _POW3[suit] % 3:
                return False
        return USES_DUCK[action] <= state._ducks[seat]
    return not CHICKS[action] & ~state._chicks[seat]


def best_card(state: BigChickenState, seat: int) -> int:
    """The best card `seat` holds except Big Red (Chickens, then Ducks, then Eggs)."""
    chicks = state._chicks[seat] & ~_BIG_RED_BIT
    if chicks:
        return _CHICK0 + chicks.bit_length() - 1
    if state._ducks[seat]:
        return DUCK
    return max(c for c, k in enumerate(hand_counts(state, seat)[:NUM_EGG_TYPES]) if k)


def _highest_type(state: BigChickenState, seat: int) -> int:
    """The highest card type `seat` holds in type order (Ducks above Eggs), or -1: the 2-player
    variant's lead (RULES.md, choice 22)."""
    counts = hand_counts(state, seat)
    return max((c for c, k in enumerate(counts) if k), default=-1)


# --- the Round: deal, exchange --------------------------------------------------------------


def start_round(state: BigChickenState, dealer: int) -> None:
    game = state._game
    n = game.num_players
    state._phase = DEAL
    state._pool = list(game.deck)
    state._eggs = [[0] * 10 for _ in range(n)]
    state._ducks = [0] * n
    state._chicks = [0] * n
    state._sizes = [0] * n
    state._discard = []
    state._run_actions = []
    state._run_seats = []
    state._clucks = 0
    state._top = -1
    state._last = NOBODY
    state._penalties = [0] * n
    state._catches = [0] * n
    state._last_egg = [0] * n
    state._given = -1
    state._returned = -1
    state._queue = []
    state._caught = NOBODY
    state._draws_left = 0
    state._next = NOBODY
    state._player = CHANCE
    state._shown = -1
    state._dealer = dealer
    state._deal_left = game.dealt
    state._deal_seat = (dealer + 1) % n  # the dealer deals from the next player on
    if state._record:
        state._events.append((EV_ROUND, len(state._history), state._deal_seat, state._deal_left))


def deal(state: BigChickenState, card: int) -> None:
    remove_first(state._pool, card)
    deal_drawn(state, card)


def deal_rest(state: BigChickenState, rng: random.Random) -> None:
    """Deal every card still to deal, in a throwaway copy: each drawn uniformly from the pool
    and taken out of it in one step (the pool's order is not kept, only what is in it)."""
    pool = state._pool
    while state._phase == DEAL:
        index = randbelow(rng, len(pool))
        card = pool[index]
        pool[index] = pool[-1]
        pool.pop()
        deal_drawn(state, card)


def deal_drawn(state: BigChickenState, card: int) -> None:
    """Give `card`, already taken from the pool, to the next seat dealt to."""
    seat = state._deal_seat
    if card < NUM_EGG_TYPES:
        state._eggs[seat][card >> 2] = state._eggs[seat][card >> 2] + (_POW3[card & 3])
    elif card == DUCK:
        state._ducks[seat] = state._ducks[seat] + 1
    else:
        state._chicks[seat] = state._chicks[seat] | (1 << (card - _CHICK0))
    state._sizes[seat] = state._sizes[seat] + 1
    state._deal_seat = (seat + 1) % state._game.num_players
    state._deal_left -= 1
    if state._deal_left == 0:
        _after_deal(state)


def _highest_leads(state: BigChickenState) -> None:
    """The holder of the highest card leads and shows it (lowest seat on a tie); everyone
    learns that no hand holds anything higher."""
    n = state._game.num_players
    highs = [_highest_type(state, seat) for seat in range(n)]
    high = max(highs)
    leader = highs.index(high)
    if state._record:
        for seat in range(n):
            # A lower seat holding a copy of the highest card would have led.
            limit = high - 1 if seat < leader else high
            state._events.append((EV_RESTRICT, seat, below_or_equal(limit)))
        state._events.append((EV_SHOW, leader, high))
    state._shown = high
    _start_play(state, leader)


def _after_deal(state: BigChickenState) -> None:
    n = state._game.num_players
    record = state._record
    if n == 2:
        if state._round == 0:
            _highest_leads(state)
        else:
            _start_play(state, 1 - state._leader)  # the lead alternates
    elif state._round == 0:
        # Big Red's holder leads and shows him.
        holders = [seat for seat in range(n) if state._chicks[seat] & _BIG_RED_BIT]
        if not holders:
            # Big Red was left out (a deck the `copies` or `hand` parameter changed): the
            # 2-player rule, as the rulebook's way to find a leader without him.
            _highest_leads(state)
            return
        leader = holders[0]
        if record:
            state._events.append((EV_SHOW, leader, BIG_RED))
        state._shown = BIG_RED
        _start_play(state, leader)
    else:
        state._phase = GOOD_GIVES
        state._player = state._good


def good_gives(state: BigChickenState, card: int) -> None:
    good, bad = state._good, state._bad
    remove_card(state, good, card)
    add_card(state, bad, card)
    state._given = card
    if state._record:
        state._events.append((EV_GIFT, good, bad, card))
        # Their best card: everyone learns they hold nothing better but Big Red.
        state._events.append((EV_RESTRICT, good, below_or_equal(card) | 1 << BIG_RED))
    state._phase = BAD_GIVES
    state._player = bad


def bad_gives(state: BigChickenState, card: int) -> None:
    good, bad = state._good, state._bad
    remove_card(state, bad, card)
    add_card(state, good, card)
    state._returned = card
    if state._record:
        state._events.append((EV_GIFT, bad, good, card))
        if card == state._given:
            # The copy given back is one the Bad Egg held before the gift (the card just given
            # cannot go back), so everyone knows it still holds one: the resampler must deal
            # it one.
            state._events.append((EV_SHOW, bad, card))
    _start_play(state, good)


def _start_play(state: BigChickenState, leader: int) -> None:
    state._leader = leader
    state._phase = PLAY
    state._player = leader
    state._last = leader
    state._top = -1


# --- Runs: Lays, Clucks, Coops, Last Egg ----------------------------------------------------


def cluck(state: BigChickenState) -> None:
    p = state._player
    state._clucks |= 1 << p
    nxt = (p + state._direction) % state._game.num_players
    if nxt == state._last:
        _end_run(state)
    else:
        state._player = nxt


def _end_run(state: BigChickenState) -> None:
    """Nobody beat the last Lay: its player won the Run and leads the next one."""
    discard = state._discard
    for action in state._run_actions:
        discard.extend(CARDS[action])
    state._run_actions = []
    state._run_seats = []
    state._clucks = 0
    state._top = -1
    state._player = state._last
    if state._record:
        state._events.append((EV_CLEAR,))


def lay(state: BigChickenState, action: int) -> None:
    p = state._player
    number = NUMBER[action]
    if number <= 10:
        state._eggs[p][number - 1] = state._eggs[p][number - 1] - CODE[action]
        if USES_DUCK[action]:
            state._ducks[p] = state._ducks[p] - 1
            if state._game.num_players > 2:
                state._direction = -state._direction  # every Duck flips the direction
    else:
        state._chicks[p] = state._chicks[p] & ~CHICKS[action]
    size = SIZE[action]
    left = state._sizes[p] = state._sizes[p] - size
    state._run_actions.append(action)
    state._run_seats.append(p)
    state._top = action
    state._last = p
    state._clucks = 0
    if state._record:
        state._events.append((EV_LAY, p, action))
    if size >= COOP_SIZE and state._game.num_players > 2:
        # The layer must flip or skip, even when the Coop empties their hand (RULES.md,
        # choice 10): the flip then carries into the next Round.
        state._phase = FLIP_OR_SKIP
    elif left == 0:
        _end_round(state)
    else:
        _after_lay(state, 1)


def flip_or_skip(state: BigChickenState, action: int) -> None:
    if action == FLIP:
        state._direction = -state._direction
    if state._sizes[state._player] == 0:
        _end_round(state)  # the Coop went out: a skip has nobody left to skip
    else:
        _after_lay(state, 1 if action == FLIP else 2)


def _after_lay(state: BigChickenState, steps: int) -> None:
    """The Lay is done (and a Coop's flip or skip chosen): Last Egg, then the next player."""
    p = state._player
    game = state._game
    state._next = (p + steps * state._direction) % game.num_players
    if state._sizes[p] == 1:
        if game.strict and state._catches[p] < game.catch_limit:
            state._phase = LAST_EGG
            return
        state._last_egg[p] = SAID
    state._phase = PLAY
    state._player = state._next


def continue_play(state: BigChickenState) -> None:
    state._phase = PLAY
    state._player = state._next


def say_last_egg(state: BigChickenState) -> None:
    state._last_egg[state._player] = SAID
    continue_play(state)


def stay_quiet(state: BigChickenState) -> None:
    """A player stayed quiet with one card left: each opponent in turn may catch them."""
    p = state._player
    n = state._game.num_players
    state._last_egg[p] = QUIET
    state._caught = p
    state._queue = [(p + k * state._direction) % n for k in range(1, n)]
    state._phase = CATCHING
    state._player = state._queue[0]


def catch(state: BigChickenState) -> None:
    caught = state._caught
    game = state._game
    state._queue = []
    state._catches[caught] = state._catches[caught] + 1
    state._penalties[caught] = state._penalties[caught] + game.catch_penalty
    state._last_egg[caught] = SAID  # said now, by the catcher
    draws = min(2, len(state._discard))
    if state._record:
        state._events.append((EV_CATCH, caught, len(state._history), draws))
    if draws:
        state._draws_left = draws
        state._phase = PENALTY
        state._player = CHANCE
    else:
        continue_play(state)


def let_go(state: BigChickenState) -> None:
    queue = state._queue
    queue.pop(0)
    if queue:
        state._player = queue[0]
    else:
        continue_play(state)


def penalty_draw(state: BigChickenState, card: int) -> None:
    remove_first(state._discard, card)
    caught = state._caught
    add_card(state, caught, card)
    state._last_egg[caught] = 0
    state._draws_left -= 1
    if state._draws_left == 0:
        continue_play(state)


# --- the end of a Round and of the game -------------------------------------------------------


def _end_round(state: BigChickenState) -> None:
    game = state._game
    n = game.num_players
    sizes = state._sizes
    scores = tuple(sizes[p] * game.multiplier(sizes[p]) + state._penalties[p] for p in range(n))
    hands = tuple(tuple(hand(state, seat)) for seat in range(n))
    if state._record:
        state._events.append((EV_END, hands))
    # Bad Egg: most points; ties by the latest earlier Round's score, then the one before,
    # then the highest card still held, then the lowest seat. Good Egg, among the others: the
    # fewest points, ties by the same in the other direction, then the lowest seat.
    earlier = state._round_scores
    bad = 0
    for p in range(1, n):
        if _compare_round(p, bad, scores, earlier, hands) > 0:
            bad = p
    good = 1 if bad == 0 else 0
    for p in range(good + 1, n):
        if p != bad and _compare_round(p, good, scores, earlier, hands) < 0:
            good = p
    state._round_scores.append(scores)
    for p in range(n):
        state._totals[p] = state._totals[p] + scores[p]
    state._good, state._bad = good, bad
    state._last_hands = hands
    state._round += 1
    if state._round < game.rounds:
        start_round(state, dealer=bad)  # the Bad Egg deals
    else:
        _end_game(state)


def _compare_round(
    a: int,
    b: int,
    scores: tuple[int, ...],
    earlier: list[tuple[int, ...]],
    hands: tuple[tuple[int, ...], ...],
) -> int:
    """-1, 0 or 1 as seat `a` ends the Round below, level with or above seat `b`: by points,
    then each earlier Round's points from the latest back, then the highest card still held
    ("highest" in the rulebook's card order, Ducks lowest)."""
    if scores[a] != scores[b]:
        return 1 if scores[a] > scores[b] else -1
    for i in range(len(earlier) - 1, -1, -1):
        x, y = earlier[i][a], earlier[i][b]
        if x != y:
            return 1 if x > y else -1
    high_a, high_b = _high_rank(hands[a]), _high_rank(hands[b])
    if high_a != high_b:
        return 1 if high_a > high_b else -1
    return 0


def _high_rank(held: tuple[int, ...]) -> int:
    high = NO_CARD
    for card in held:
        if HIGH_RANK[card] > high:
            high = HIGH_RANK[card]
    return high


def _end_game(state: BigChickenState) -> None:
    game = state._game
    n = game.num_players
    totals = state._totals
    state._phase = OVER
    state._player = TERMINAL
    state._pool = list(game.deck)
    state._eggs = [[0] * 10 for _ in range(n)]
    state._ducks = [0] * n
    state._chicks = [0] * n
    state._sizes = [0] * n
    state._discard = []
    state._run_actions = []
    state._run_seats = []
    state._top = -1
    state._last_egg = [0] * n
    low = min(totals)
    tied = [p for p in range(n) if totals[p] == low]
    if len(tied) == 1:
        state._winners = tied
        return
    # The Golden Egg tie: the full deck is shuffled and the tied players draw, from the
    # last Good Egg clockwise; highest card wins, Ducks lose; draw again while tied.
    good = state._good
    state._tied = sorted(tied, key=lambda p: (p - good) % n)
    state._queue = list(state._tied)
    state._phase = TIE_DRAW
    state._player = CHANCE


def tie_draw(state: BigChickenState, card: int) -> None:
    remove_first(state._pool, card)
    seat = state._queue.pop(0)
    state._tie_draws.append((seat, card))
    if state._queue:
        return
    drawn = state._tie_draws[-len(state._tied) :]
    ranks = {s: HIGH_RANK[c] for s, c in drawn}
    best = max(ranks.values())
    still = [s for s in state._tied if ranks[s] == best]
    if len(still) == 1 or len(state._pool) < len(still):
        # (A tie that outlasts the deck is shared: it cannot happen with these decks.)
        state._winners = still
        state._phase = OVER
        state._player = TERMINAL
        return
    state._tied = still
    state._queue = list(still)
