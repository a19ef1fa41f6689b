"""The table of a BIG CHICKEN: Just Hatched game: hands, piles, scores, and the rules as
transitions (the deal, the exchange, Lays and Clucks, Coops, Last Egg, the end of a Round and of
the game). `state.py` puts the protocol on top.

A hand is kept as counts, shaped for generating Lays: per number, a base-3 code of the copies
held per suit (see `lays.py`); a count of Ducks; a bitmask of Chickens.

Every deal, penalty draw and tie draw is a chance node over an unordered pool of card types
(nobody sees inside a shuffled pile, so drawing from the pool is the same as drawing from the
top). What the rules make public is written to `_events` (deals, cards shown, face-up gifts,
Lays, cleared Runs, catches, hands shown at the end of a Round) for `resample.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from roost.core.game import CachedLegalState
from roost.games.big_chicken.cards import BIG_RED, CHICKENS, DUCK, NUM_EGG_TYPES, NUM_TYPES
from roost.games.big_chicken.lays import (
    CARDS,
    CHICKS,
    CODE,
    CODES,
    COOP_SIZE,
    NUMBER,
    SIZE,
    USES_DUCK,
)

if TYPE_CHECKING:
    from roost.games.big_chicken.game import BigChickenGame

# Phases.
DEAL: Final = 0
GOOD_GIVES: Final = 1
BAD_GIVES: Final = 2
PLAY: Final = 3
FLIP_OR_SKIP: Final = 4
LAST_EGG: Final = 5
CATCHING: Final = 6
PENALTY: Final = 7
TIE_DRAW: Final = 8
OVER: Final = 9
PHASE_NAMES: Final = (
    "deal",
    "exchange: the Good Egg gives",
    "exchange: the Bad Egg gives back",
    "play",
    "flip or skip",
    "last egg",
    "catch",
    "penalty draw",
    "golden egg tie draw",
    "game over",
)
CHANCE_PHASES: Final = frozenset((DEAL, PENALTY, TIE_DRAW))

# Events, for resampling: tuples whose first item is the kind.
EV_ROUND: Final = 0
"""(EV_ROUND, history index of the first card dealt, first seat dealt to, cards to deal)"""
EV_SHOW: Final = 1
"""(EV_SHOW, seat, card): shown from the hand, kept."""
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

NOBODY: Final = -1
QUIET: Final = 2
"""`_last_egg` value of a player who stayed quiet with one card left and was not caught."""
SAID: Final = 1

_POW3: Final = (1, 3, 9, 27)
_CHICK0: Final = CHICKENS[0]


_EGG_CARDS: Final = tuple(
    tuple(
        tuple(number * 4 + suit for suit in range(4) for _ in range(code // _POW3[suit] % 3))
        for code in range(CODES)
    )
    for number in range(10)
)
"""The Egg cards a number's code stands for, per number."""
_CHICKEN_CARDS: Final = tuple(
    tuple(card for i, card in enumerate(CHICKENS) if mask >> i & 1) for mask in range(32)
)


def seat_name(seat: int) -> str:
    return f"P{seat}"


def below_or_equal(card: int) -> int:
    """Mask of the card types no better than `card` ("best card" order = type order)."""
    return (1 << (card + 1)) - 1


class BigChickenTable(CachedLegalState):
    """The cards and piles of a game and the rules as transitions; `BigChickenState` adds the
    protocol (legal actions, applying them, copies, views)."""

    __slots__ = (
        "_bad",
        "_catches",
        "_caught",
        "_chicks",
        "_clucks",
        "_deal_left",
        "_deal_seat",
        "_dealer",
        "_direction",
        "_discard",
        "_draws_left",
        "_ducks",
        "_eggs",
        "_events",
        "_game",
        "_given",
        "_good",
        "_history",
        "_last",
        "_last_egg",
        "_last_hands",
        "_leader",
        "_next",
        "_penalties",
        "_phase",
        "_player",
        "_pool",
        "_queue",
        "_record",
        "_returned",
        "_round",
        "_round_scores",
        "_run_actions",
        "_run_seats",
        "_shown",
        "_sizes",
        "_tie_draws",
        "_tied",
        "_top",
        "_totals",
        "_winners",
    )

    _bad: int
    _catches: list[int]
    _caught: int
    _chicks: list[int]
    _clucks: int
    _deal_left: int
    _deal_seat: int
    _dealer: int
    _direction: int
    _discard: list[int]
    _draws_left: int
    _ducks: list[int]
    _eggs: list[list[int]]
    _events: list[tuple[Any, ...]]
    _game: BigChickenGame
    _given: int
    _good: int
    _history: list[int]
    _last: int
    _last_egg: list[int]
    _last_hands: tuple[tuple[int, ...], ...] | None
    _leader: int
    _legal: list[int] | None
    _next: int
    _penalties: list[int]
    _phase: int
    _player: int
    _pool: list[int]
    _queue: list[int]
    _record: bool
    _returned: int
    _round: int
    _round_scores: list[list[int]]
    _run_actions: list[int]
    _run_seats: list[int]
    _shown: int
    _sizes: list[int]
    _tie_draws: list[tuple[int, int]]
    _tied: list[int]
    _top: int
    _totals: list[int]
    _winners: list[int]

    def __init__(self, game: BigChickenGame) -> None:
        n = game.num_players
        self._game = game
        self._history = []
        self._events = []
        self._record = True
        self._legal = None
        self._totals = [0] * n
        self._round_scores = []
        self._round = 0
        self._direction = 1  # the Direction of Play card starts on "Cluckwise"
        self._good = NOBODY
        self._bad = NOBODY
        self._leader = NOBODY
        self._last_hands = None
        self._tied = []
        self._tie_draws = []
        self._winners = []
        self._start_round(dealer=n - 1)

    # --- hands ------------------------------------------------------------------------------

    def _add(self, seat: int, card: int) -> None:
        if card < NUM_EGG_TYPES:
            self._eggs[seat][card >> 2] += _POW3[card & 3]
        elif card == DUCK:
            self._ducks[seat] += 1
        else:
            self._chicks[seat] |= 1 << (card - _CHICK0)
        self._sizes[seat] += 1

    def _remove(self, seat: int, card: int) -> None:
        if card < NUM_EGG_TYPES:
            self._eggs[seat][card >> 2] -= _POW3[card & 3]
        elif card == DUCK:
            self._ducks[seat] -= 1
        else:
            self._chicks[seat] &= ~(1 << (card - _CHICK0))
        self._sizes[seat] -= 1

    def _hand_counts(self, seat: int) -> list[int]:
        """Copies held of each card type."""
        counts = [0] * NUM_TYPES
        for number, code in enumerate(self._eggs[seat]):
            for suit in range(4):
                counts[number * 4 + suit] = code // _POW3[suit] % 3
        counts[DUCK] = self._ducks[seat]
        chicks = self._chicks[seat]
        for i, card in enumerate(CHICKENS):
            counts[card] = chicks >> i & 1
        return counts

    def hand(self, seat: int) -> list[int]:
        """The card types `seat` holds, sorted (with repeats)."""
        cards: list[int] = []
        for number, code in enumerate(self._eggs[seat]):
            if code:
                cards += _EGG_CARDS[number][code]
        if self._ducks[seat]:
            cards += [DUCK] * self._ducks[seat]
        chicks = self._chicks[seat]
        if chicks:
            cards += _CHICKEN_CARDS[chicks]
        return cards

    def _hand_types(self, seat: int) -> list[int]:
        return [card for card, count in enumerate(self._hand_counts(seat)) if count]

    def _set_hand(self, seat: int, counts: list[int]) -> None:
        eggs = [0] * 10
        for card in range(NUM_EGG_TYPES):
            eggs[card >> 2] += counts[card] * _POW3[card & 3]
        self._eggs[seat] = eggs
        self._ducks[seat] = counts[DUCK]
        self._chicks[seat] = sum(counts[card] << i for i, card in enumerate(CHICKENS))
        self._sizes[seat] = sum(counts)

    def _holds(self, seat: int, action: int) -> bool:
        number = NUMBER[action]
        if number <= 10:
            code = CODE[action]
            held = self._eggs[seat][number - 1]
            for suit in range(4):
                if code // _POW3[suit] % 3 > held // _POW3[suit] % 3:
                    return False
            return USES_DUCK[action] <= self._ducks[seat]
        return not CHICKS[action] & ~self._chicks[seat]

    def _best_card(self, seat: int) -> int:
        """The best card `seat` holds except Big Red (Chickens, then Ducks, then Eggs)."""
        chicks = self._chicks[seat] & ~(1 << (BIG_RED - _CHICK0))
        if chicks:
            return _CHICK0 + chicks.bit_length() - 1
        if self._ducks[seat]:
            return DUCK
        return max(c for c, k in enumerate(self._hand_counts(seat)[:NUM_EGG_TYPES]) if k)

    def _highest(self, seat: int) -> int:
        """The highest card `seat` holds, or -1 (for tie-breaks and the 2-player lead)."""
        counts = self._hand_counts(seat)
        return max((c for c, k in enumerate(counts) if k), default=-1)

    # --- the Round: deal, exchange ------------------------------------------------------------

    def _start_round(self, dealer: int) -> None:
        game = self._game
        n = game.num_players
        self._phase = DEAL
        self._pool = list(game.deck)
        self._eggs = [[0] * 10 for _ in range(n)]
        self._ducks = [0] * n
        self._chicks = [0] * n
        self._sizes = [0] * n
        self._discard = []
        self._run_actions = []
        self._run_seats = []
        self._clucks = 0
        self._top = -1
        self._last = NOBODY
        self._penalties = [0] * n
        self._catches = [0] * n
        self._last_egg = [0] * n
        self._given = -1
        self._returned = -1
        self._queue = []
        self._caught = NOBODY
        self._draws_left = 0
        self._next = NOBODY
        self._player = NOBODY
        self._shown = -1
        self._dealer = dealer
        self._deal_left = game.dealt
        self._deal_seat = (dealer + 1) % n  # the dealer deals from the next player on
        if self._record:
            self._events.append((EV_ROUND, len(self._history), self._deal_seat, self._deal_left))

    def _deal(self, card: int) -> None:
        self._pool.remove(card)
        seat = self._deal_seat
        self._add(seat, card)
        self._deal_seat = (seat + 1) % self._game.num_players
        self._deal_left -= 1
        if self._deal_left == 0:
            self._after_deal()

    def _after_deal(self) -> None:
        n = self._game.num_players
        record = self._record
        if n == 2:
            if self._round == 0:
                # The holder of the highest card leads and shows it (lowest seat on a tie);
                # everyone learns that no hand holds anything higher.
                highs = [self._highest(seat) for seat in range(2)]
                leader = 0 if highs[0] >= highs[1] else 1
                high = highs[leader]
                if record:
                    for seat in range(2):
                        # A lower seat holding a copy of the highest card would have led.
                        limit = high - 1 if seat < leader else high
                        self._events.append((EV_RESTRICT, seat, below_or_equal(limit)))
                    self._events.append((EV_SHOW, leader, high))
                self._shown = high
            else:
                leader = 1 - self._leader  # the lead alternates
            self._start_play(leader)
        elif self._round == 0:
            # Big Red's holder leads and shows him.
            leader = next(seat for seat in range(n) if self._chicks[seat] & 16)
            if record:
                self._events.append((EV_SHOW, leader, BIG_RED))
            self._shown = BIG_RED
            self._start_play(leader)
        else:
            self._phase = GOOD_GIVES
            self._player = self._good
            self._legal = None

    def _good_gives(self, card: int) -> None:
        good, bad = self._good, self._bad
        self._remove(good, card)
        self._add(bad, card)
        self._given = card
        if self._record:
            self._events.append((EV_GIFT, good, bad, card))
            # Their best card: everyone learns they hold nothing better but Big Red.
            self._events.append((EV_RESTRICT, good, below_or_equal(card) | 1 << BIG_RED))
        self._phase = BAD_GIVES
        self._player = bad

    def _bad_gives(self, card: int) -> None:
        good, bad = self._good, self._bad
        self._remove(bad, card)
        self._add(good, card)
        self._returned = card
        if self._record:
            self._events.append((EV_GIFT, bad, good, card))
        self._start_play(good)

    def _start_play(self, leader: int) -> None:
        self._leader = leader
        self._phase = PLAY
        self._player = leader
        self._last = leader
        self._top = -1
        self._legal = None

    # --- Runs: Lays, Clucks, Coops, Last Egg ---------------------------------------------------

    def _cluck(self) -> None:
        p = self._player
        self._clucks |= 1 << p
        nxt = (p + self._direction) % self._game.num_players
        if nxt == self._last:
            self._end_run()
        else:
            self._player = nxt

    def _end_run(self) -> None:
        """Nobody beat the last Lay: its player won the Run and leads the next one."""
        discard = self._discard
        for action in self._run_actions:
            discard.extend(CARDS[action])
        self._run_actions = []
        self._run_seats = []
        self._clucks = 0
        self._top = -1
        self._player = self._last
        if self._record:
            self._events.append((EV_CLEAR,))

    def _lay(self, action: int) -> None:
        p = self._player
        number = NUMBER[action]
        if number <= 10:
            self._eggs[p][number - 1] -= CODE[action]
            if USES_DUCK[action]:
                self._ducks[p] -= 1
                if self._game.num_players > 2:
                    self._direction = -self._direction  # every Duck flips the direction
        else:
            self._chicks[p] &= ~CHICKS[action]
        size = SIZE[action]
        self._sizes[p] -= size
        self._run_actions.append(action)
        self._run_seats.append(p)
        self._top = action
        self._last = p
        self._clucks = 0
        if self._record:
            self._events.append((EV_LAY, p, action))
        if self._sizes[p] == 0:
            self._end_round()
        elif size >= COOP_SIZE and self._game.num_players > 2:
            self._phase = FLIP_OR_SKIP
        else:
            self._after_lay(1)

    def _after_lay(self, steps: int) -> None:
        """The Lay is done (and a Coop's flip or skip chosen): Last Egg, then the next player."""
        p = self._player
        game = self._game
        self._next = (p + steps * self._direction) % game.num_players
        if self._sizes[p] == 1:
            if game.strict and self._catches[p] < game.catch_limit:
                self._phase = LAST_EGG
                return
            self._last_egg[p] = SAID
        self._continue()

    def _continue(self) -> None:
        self._phase = PLAY
        self._player = self._next
        self._legal = None

    def _open_catch_window(self) -> None:
        """A player stayed quiet with one card left: each opponent in turn may catch them."""
        p = self._player
        n = self._game.num_players
        self._last_egg[p] = QUIET
        self._caught = p
        self._queue = [(p + k * self._direction) % n for k in range(1, n)]
        self._phase = CATCHING
        self._player = self._queue[0]

    def _catch(self) -> None:
        caught = self._caught
        game = self._game
        self._queue = []
        self._catches[caught] += 1
        self._penalties[caught] += game.catch_penalty
        self._last_egg[caught] = SAID  # said now, by the catcher
        draws = min(2, len(self._discard))
        if self._record:
            self._events.append((EV_CATCH, caught, len(self._history), draws))
        if draws:
            self._draws_left = draws
            self._phase = PENALTY
        else:
            self._continue()

    def _penalty_draw(self, card: int) -> None:
        self._discard.remove(card)
        caught = self._caught
        self._add(caught, card)
        self._last_egg[caught] = 0
        self._draws_left -= 1
        if self._draws_left == 0:
            self._continue()

    # --- the end of a Round and of the game -----------------------------------------------------

    def _end_round(self) -> None:
        game = self._game
        n = game.num_players
        sizes = self._sizes
        scores = [sizes[p] * game.multiplier(sizes[p]) + self._penalties[p] for p in range(n)]
        hands = tuple(tuple(self.hand(seat)) for seat in range(n))
        if self._record:
            self._events.append((EV_END, hands))
        highs = [max(hand, default=-1) for hand in hands]
        earlier = self._round_scores[::-1]
        # Bad Egg: most points; ties by the latest earlier Round's score, then the one before,
        # then the highest card still held, then the lowest seat.
        bad = max(
            range(n),
            key=lambda p: (scores[p], [r[p] for r in earlier], highs[p], -p),
        )
        good = min(
            (p for p in range(n) if p != bad),
            key=lambda p: (scores[p], [r[p] for r in earlier], highs[p], p),
        )
        self._round_scores.append(scores)
        for p in range(n):
            self._totals[p] += scores[p]
        self._good, self._bad = good, bad
        self._last_hands = hands
        self._round += 1
        if self._round < game.rounds:
            self._start_round(dealer=bad)  # the Bad Egg deals
        else:
            self._end_game()

    def _end_game(self) -> None:
        game = self._game
        n = game.num_players
        totals = self._totals
        self._phase = OVER
        self._player = NOBODY
        self._pool = list(game.deck)
        self._eggs = [[0] * 10 for _ in range(n)]
        self._ducks = [0] * n
        self._chicks = [0] * n
        self._sizes = [0] * n
        self._discard = []
        self._run_actions = []
        self._run_seats = []
        self._top = -1
        self._last_egg = [0] * n
        low = min(totals)
        tied = [p for p in range(n) if totals[p] == low]
        if len(tied) == 1:
            self._winners = tied
            return
        # The Golden Egg tie: the full deck is shuffled and the tied players draw, from the
        # last Good Egg clockwise; highest card wins, Ducks lose; draw again while tied.
        good = self._good
        self._tied = sorted(tied, key=lambda p: (p - good) % n)
        self._queue = list(self._tied)
        self._phase = TIE_DRAW

    def _tie_draw(self, card: int) -> None:
        self._pool.remove(card)
        seat = self._queue.pop(0)
        self._tie_draws.append((seat, card))
        if self._queue:
            return
        drawn = self._tie_draws[-len(self._tied) :]
        ranks = {s: (-1 if c == DUCK else c) for s, c in drawn}
        best = max(ranks.values())
        still = [s for s in self._tied if ranks[s] == best]
        if len(still) == 1 or len(self._pool) < len(still):
            # (A tie that outlasts the deck is shared: it cannot happen with these decks.)
            self._winners = still
            self._phase = OVER
            return
        self._tied = still
        self._queue = list(still)

    # --- protocol: outcome ------------------------------------------------------------------

    def winners(self) -> list[int]:
        """The Golden Egg (the winner) once the game is over."""
        return list(self._winners) if self._phase == OVER else []

    def rotten_eggs(self) -> list[int]:
        """The seats with the most points once the game is over (the title is shared)."""
        if self._phase != OVER and self._phase != TIE_DRAW:
            return []
        high = max(self._totals)
        return [p for p, total in enumerate(self._totals) if total == high]
