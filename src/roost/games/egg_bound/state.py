"""Egg Bound as a state machine: the deal, turns, challenges, Cluck-Off windows, refills.

The first Draw Pile is an unordered pool of card types: nobody sees inside it, so each card drawn
is a uniform draw from it, exactly as from a shuffled pile. When a card must be drawn and the
Draw Pile is empty, the Discard Pile becomes the new Draw Pile. Turned over (the rule), the new
pile's order is the order of the discards, which everyone saw: the pool is then kept in that
order (the next card last) and each draw is a chance node with one outcome, the card everyone
knows comes next. Shuffled (the `reshuffle` house rule), the pool is unordered again, and the
reshuffle needs no chance node of its own.

Beside the history the state keeps a public *record* (`_events`, see `hidden.py`) of what
happened to hands, and the cards everyone knows to be in each hand (`_known`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final

from roost.core.actions import ActionInfo
from roost.core.game import CHANCE, TERMINAL
from roost.core.lists import remove_first
from roost.core.rand import randbelow
from roost.core.state import State
from roost.games.egg_bound import hidden, resample, views
from roost.games.egg_bound.actions import (
    ALLOW,
    CHANCE_PHASES,
    CLUCK,
    DEALING,
    DECLINE,
    DEFEND_NONE,
    DEFENDING,
    EXPLODE_BAD,
    EXPLODE_GOOD,
    EXPLODING,
    GOOD_EGG,
    HATCH,
    KEEPING,
    LOSE_TURN,
    OVER,
    REACT,
    RED,
    REFILL,
    SONG,
    STAR,
    SWAP,
    SWAP_DISCARD,
    SWAP_DRAW,
    TURN,
    UNBIND,
    card_of,
    defend_action,
    discard_action,
    hatch_action,
    keep_action,
    song_action,
    star_action,
)
from roost.games.egg_bound.cards import (
    BAD_EGG_CARD,
    CHICKENS,
    CLUCK_OFF,
    EGG,
    EGG_BOUND_CARD,
    EGG_CAP,
    EGG_LAYING_SONG,
    EGG_SPLOSION,
    EGGY_SOLDIER,
    FOWL,
    GOOD_EGG_CARD,
    HATCH_IT,
    MAX_PLAYERS,
    MOTHER_HEN,
    RED_ACTIONS,
    STAR_EGG_HEAD,
    STARS,
    UN_BOUND,
)
from roost.games.egg_bound.hidden import (
    EV_DRAW,
    EV_GAIN,
    Event,
)
from roost.games.egg_bound.rules import (
    NO_RESULT,
    advance_refill,
    defend,
    end_turn,
    explode,
    keep,
    lose_card,
    play,
    react,
    reshuffle,
    start_turn,
)

if TYPE_CHECKING:
    from roost.games.egg_bound.game import EggBoundGame

_OTHERS: Final = tuple(
    tuple(tuple(v for v in range(n) if v != p) for p in range(n)) for n in range(MAX_PLAYERS + 1)
)
"""``_OTHERS[players][seat]``: the other seats at the table."""
_CHICKEN_PAIRS: Final = tuple(enumerate(CHICKENS))
_STAR_ROWS: Final = tuple((star, s * len(CHICKENS)) for s, star in enumerate(STARS))
_RED_BASES: Final = tuple((card, RED + r * MAX_PLAYERS) for r, card in enumerate(RED_ACTIONS))
_CHANCE_MASK: Final = sum(1 << phase for phase in CHANCE_PHASES)
_CHICKEN_MASK: Final = sum(1 << chicken for chicken in CHICKENS)
_STAR_MASK: Final = sum(1 << star for star in STARS)
_RED_MASK: Final = sum(1 << card for card in RED_ACTIONS)
# The turn counted and indexed without its list (`_turn_count`, `_turn_action_at`) reads each
# group of printed cards off the hand's bit mask in one shift: the four Chickens, the three
# Stars and the five red cards (in `RED_ACTIONS`' order) are runs of type ids from these
# (tests/test_search_shortcuts.py checks it).
FIRST_CHICKEN: Final = MOTHER_HEN
FIRST_STAR: Final = STAR_EGG_HEAD
FIRST_RED: Final = BAD_EGG_CARD
POPCOUNT: Final[list[int]] = [bin(mask).count("1") for mask in range(64)]
"""Set bits of a mask of at most six seats or cards (a list: mypyc boxes nothing to read it)."""


def nth_bit(mask: int, k: int) -> int:
    """The position of `mask`'s set bit number `k` (from 0, lowest first)."""
    i = 0
    left = k
    while mask >> i:
        if mask >> i & 1:
            if not left:
                return i
            left -= 1
        i += 1
    raise ValueError(f"mask {mask:#b} has no set bit number {k}")


def lowest_bit(mask: int) -> int:
    """The position of `mask`'s lowest set bit."""
    return nth_bit(mask, 0)


def _types_held(hand: list[int]) -> list[int]:
    """The card types in `hand`, sorted, each once (``sorted(set(hand))`` without the set)."""
    held = 0
    for card in hand:
        held |= 1 << card
    types = []
    while held:
        low = held & -held
        types.append(low.bit_length() - 1)
        held ^= low
    return types


class EggBoundState(State["EggBoundGame"]):
    """A position in a game of Egg Bound."""

    __slots__ = (
        "_bad",
        "_bound",
        "_card",
        "_chicken",
        "_deal_left",
        "_discard",
        "_egg_pile",
        "_epochs",
        "_events",
        "_fowl",
        "_fresh",
        "_good",
        "_hands",
        "_hidden_at",
        "_known",
        "_mover",
        "_open",
        "_phase",
        "_player",
        "_pool",
        "_refill_i",
        "_result",
        "_star",
        "_table",
        "_target",
        "_turn",
        "_winner",
    )

    KEY_OMITS: ClassVar[Mapping[str, str]] = {
        **State.KEY_OMITS,
        "_events": "the public record of hands, worked out from the history (and no longer "
        "kept by a state that stopped recording)",
        "_hidden_at": "where the pending face-down Chicken is in `_events`",
    }

    _bad: list[int]
    _bound: list[bool]
    _card: int
    _chicken: int
    _deal_left: int
    _discard: list[int]
    _egg_pile: int
    _epochs: list[tuple[int, ...]]
    _events: list[Event]
    _fowl: list[bool]
    _fresh: bool
    _good: list[int]
    _hands: list[list[int]]
    _hidden_at: int
    _known: list[list[int]]
    _mover: int
    _open: bool
    _phase: int
    _player: int
    _pool: list[int]
    _refill_i: int
    _result: tuple[int, ...]
    _star: int
    _table: list[int]
    _target: int
    _turn: int
    _winner: int

    def __init__(self, game: EggBoundGame) -> None:
        super().__init__(game)
        n = game.num_players
        self._phase = DEALING
        self._mover = 0
        self._player = 0
        self._hands = [[] for _ in range(n)]
        self._known = [[] for _ in range(n)]
        self._good = [1] * n  # "Give each player 1 Good Egg."
        if not game.first_egg:
            self._good[0] = 0  # the compensation for moving first: the egg stays on the pile
        self._bad = [0] * n
        deck = game.composition
        self._egg_pile = deck.eggs - sum(self._good)
        self._bound = [False] * n
        self._fowl = [False] * n
        self._pool = list(deck.draw_deck)
        self._open = False
        self._discard = []
        self._epochs = []
        self._fresh = False
        self._deal_left = game.hand_size * n - game.first_short
        self._refill_i = 0
        self._turn = 0
        self._card = -1
        self._star = -1
        self._chicken = -1
        self._target = -1
        self._table = []
        self._winner = -1
        self._result = NO_RESULT
        self._events = []
        self._hidden_at = -1

    # --- protocol: who moves and what they may do ------------------------------------------

    def current_player(self) -> int:
        phase = self._phase
        if _CHANCE_MASK >> phase & 1:  # phase in CHANCE_PHASES, without hashing
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self._player

    def is_terminal(self) -> bool:
        return self._phase == OVER  # what current_player() says, one call fewer per step

    def reaction_window(self) -> bool:
        """The Cluck-Off window and a Star's defence open whatever the target holds (RULES.md,
        "Windows that do not nag")."""
        return self._phase == REACT or self._phase == DEFENDING

    def _legal_now(self) -> list[int]:
        phase = self._phase
        if phase == TURN:
            return self._turn_actions()
        if phase == REACT:
            return [ALLOW, CLUCK] if CLUCK_OFF in self._hands[self._target] else [ALLOW]
        if phase == DEFENDING:
            hand = self._hands[self._target]
            chickens = self._game.cards.chickens
            defend = [defend_action(i) for i, chicken in enumerate(chickens) if chicken in hand]
            return defend or [DEFEND_NONE]
        if phase == SWAP_DISCARD:
            return [discard_action(card) for card in _types_held(self._hands[self._mover])]
        if phase == KEEPING:
            kept = self._chicken
            types = _types_held(self._hands[self._target])
            return [DECLINE, *[keep_action(c) for c in types if c != kept]]
        if phase == EXPLODING:
            return [EXPLODE_GOOD, EXPLODE_BAD]
        return []

    def _turn_actions(self) -> list[int]:
        """Every play the mover may make, built in id order (so already sorted)."""
        p = self._mover
        if self._fowl[p]:
            return [LOSE_TURN]
        held = 0  # the card types in the hand, as a bit mask
        for card in self._hands[p]:
            held |= 1 << card
        others = _OTHERS[self._game.num_players][p]
        good, bad = self._good, self._bad
        actions = [SWAP] if self._pool or self._discard else []
        room = good[p] + bad[p] < EGG_CAP
        # Appends, not ``actions += [...]``: mypyc builds no list to extend with.
        with_good: list[int] = []
        for v in others:
            if good[v]:
                with_good.append(v)
        # Each group of cards is looked at only if the hand holds one (a bit mask test): the
        # loops over the tables of pairs unpack and type-check a tuple per entry.
        chickens: list[int] = []
        if held & _CHICKEN_MASK:
            for i, chicken in _CHICKEN_PAIRS:
                if held >> chicken & 1:
                    chickens.append(i)
        if chickens:
            if with_good and held & _STAR_MASK:
                for star, row in _STAR_ROWS:
                    if held >> star & 1:
                        for c in chickens:
                            base = STAR + (row + c) * MAX_PLAYERS
                            for v in with_good:
                                actions.append(base + v)
            if held >> EGG_LAYING_SONG & 1 and room and self._egg_pile and not self._bound[p]:
                for c in chickens:
                    actions.append(SONG + c)
            if held >> HATCH_IT & 1 and room and with_good:
                for c in chickens:
                    base = HATCH + c * MAX_PLAYERS
                    for v in with_good:
                        actions.append(base + v)
        if held & _RED_MASK:
            for card, base in _RED_BASES:
                if not held >> card & 1:
                    continue
                if card == EGG_SPLOSION:
                    for v in others:
                        if good[v] or bad[v]:
                            actions.append(base + v)
                elif card == EGG_BOUND_CARD:
                    bound = self._bound
                    for v in others:
                        if not bound[v]:
                            actions.append(base + v)
                elif card == FOWL:
                    fowl = self._fowl
                    for v in others:
                        if not fowl[v]:
                            actions.append(base + v)
                elif card != EGGY_SOLDIER or room:
                    for v in with_good:
                        actions.append(base + v)
        if held >> GOOD_EGG_CARD & 1 and bad[p]:
            actions.append(GOOD_EGG)
        if held >> UN_BOUND & 1 and self._bound[p]:
            actions.append(UNBIND)
        if self._game.cards.own:
            self._own_turn_actions(actions, held, room, with_good)
        return actions

    def _random_legal(self, rng: random.Random) -> int:
        """A turn's random move without listing the turn (most of a random game's decisions):
        counted and indexed off the hand's bit mask (`_turn_count`, `_turn_action_at`); a
        Cluck-Off window's by its count; the other decisions, and turns in games with own
        Chickens, from the list."""
        phase = self._phase
        if phase == TURN and not self._game.cards.own:
            parts = self._turn_parts()
            count = self._turn_count(parts)
            if count:
                return self._turn_action_at(parts, randbelow(rng, count))
        elif phase == REACT:  # [ALLOW, CLUCK] or [ALLOW]
            return ALLOW + randbelow(rng, 2 if CLUCK_OFF in self._hands[self._target] else 1)
        elif phase == SWAP_DISCARD:  # one discard per type held, in type order
            types = _types_held(self._hands[self._mover])
            return discard_action(types[randbelow(rng, len(types))])
        legal = self._legal_cached()
        return legal[randbelow(rng, len(legal))]

    def _turn_parts(self) -> tuple[int, int, int, int, int]:
        """The mover's hand and the victims of a turn's plays, as bit masks: (card types held,
        other seats with a Good Egg, with any egg, not Egg Bound, not Fowled)."""
        p = self._mover
        held = 0
        for card in self._hands[p]:
            held |= 1 << card
        good, bad = self._good, self._bad
        bound, fowl = self._bound, self._fowl
        with_good = hit = unbound = unfowled = 0
        for v in range(self._game.num_players):
            if v == p:
                continue
            bit = 1 << v
            if good[v]:
                with_good |= bit
                hit |= bit
            elif bad[v]:
                hit |= bit
            if not bound[v]:
                unbound |= bit
            if not fowl[v]:
                unfowled |= bit
        return held, with_good, hit, unbound, unfowled

    def _sings(self, held: int) -> bool:
        """Whether the mover may sing the Egg Laying Song (with any Chicken held)."""
        p = self._mover
        return (
            held >> EGG_LAYING_SONG & 1 == 1
            and self._good[p] + self._bad[p] < EGG_CAP
            and self._egg_pile > 0
            and not self._bound[p]
        )

    def _red_victims(self, parts: tuple[int, int, int, int, int], red: int, room: bool) -> int:
        """The victims of red card index `red` as a seat mask, as `_turn_actions` lists them.
        (The parts are read by index: compiled, unpacking into ``_`` boxes the int it drops.)"""
        if red == 1:  # Egg-Splosion
            return parts[2]
        if red == 3:  # Egg Bound
            return parts[3]
        if red == 4:  # Fowl
            return parts[4]
        if red == 2 and not room:  # Eggy Soldier
            return 0
        return parts[1]

    def _turn_count(self, parts: tuple[int, int, int, int, int]) -> int:
        """``len(self._turn_actions())`` (printed cards only), counted without the list."""
        p = self._mover
        if self._fowl[p]:
            return 1
        held = parts[0]
        with_good = parts[1]
        count = 1 if self._pool or self._discard else 0
        room = self._good[p] + self._bad[p] < EGG_CAP
        others = POPCOUNT[with_good]
        chickens = POPCOUNT[held >> FIRST_CHICKEN & 15]
        if chickens:
            count += POPCOUNT[held >> FIRST_STAR & 7] * chickens * others
            if self._sings(held):
                count += chickens
            if held >> HATCH_IT & 1 and room:
                count += chickens * others
        reds = held >> FIRST_RED & 31
        if reds:
            for red in range(5):
                if reds >> red & 1:
                    count += POPCOUNT[self._red_victims(parts, red, room)]
        if held >> GOOD_EGG_CARD & 1 and self._bad[p]:
            count += 1
        if held >> UN_BOUND & 1 and self._bound[p]:
            count += 1
        return count

    def _turn_action_at(self, parts: tuple[int, int, int, int, int], k: int) -> int:
        """``self._turn_actions()[k]`` (printed cards only), built without the list: the groups
        are walked in id order, as `_turn_actions` lists them, each skipped whole by its count
        (tests/test_search_shortcuts.py checks every index of seeded games' turns)."""
        p = self._mover
        if self._fowl[p]:
            if not k:
                return LOSE_TURN
            raise IndexError("a turn's move index beyond its moves")
        held = parts[0]
        with_good = parts[1]
        if self._pool or self._discard:
            if not k:
                return SWAP
            k -= 1
        room = self._good[p] + self._bad[p] < EGG_CAP
        others = POPCOUNT[with_good]
        chickens = held >> FIRST_CHICKEN & 15
        if chickens:
            count = POPCOUNT[chickens]
            block = count * others
            if block:
                stars = held >> FIRST_STAR & 7
                for s in range(3):
                    if stars >> s & 1:
                        if k < block:
                            c = nth_bit(chickens, k // others)
                            return STAR + (s * 4 + c) * MAX_PLAYERS + nth_bit(with_good, k % others)
                        k -= block
            if self._sings(held):
                if k < count:
                    return SONG + nth_bit(chickens, k)
                k -= count
            if held >> HATCH_IT & 1 and room and block:
                if k < block:
                    c = nth_bit(chickens, k // others)
                    return HATCH + c * MAX_PLAYERS + nth_bit(with_good, k % others)
                k -= block
        reds = held >> FIRST_RED & 31
        if reds:
            for red in range(5):
                if reds >> red & 1:
                    victims = self._red_victims(parts, red, room)
                    count = POPCOUNT[victims]
                    if k < count:
                        return RED + red * MAX_PLAYERS + nth_bit(victims, k)
                    k -= count
        if held >> GOOD_EGG_CARD & 1 and self._bad[p]:
            if not k:
                return GOOD_EGG
            k -= 1
        if held >> UN_BOUND & 1 and self._bound[p] and not k:
            return UNBIND
        raise IndexError("a turn's move index beyond its moves")

    def _own_turn_actions(
        self, actions: list[int], held: int, room: bool, with_good: list[int]
    ) -> None:
        """The plays with the game's own Chickens (ids after the printed ones, in id order)."""
        p = self._mover
        chickens = self._game.cards.chickens
        song = held >> EGG_LAYING_SONG & 1 and room and self._egg_pile and not self._bound[p]
        for c in range(len(CHICKENS), len(chickens)):
            if not held >> chickens[c] & 1:
                continue
            if song:
                actions.append(song_action(c))
            if with_good:
                for s, star in enumerate(STARS):
                    if held >> star & 1:
                        actions += [star_action(s, c, v) for v in with_good]
                if held >> HATCH_IT & 1 and room:
                    actions += [hatch_action(c, v) for v in with_good]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._phase not in CHANCE_PHASES:
            return []
        pool = self._pool
        if self._open:
            return [(pool[-1], 1.0)]
        counts = Counter(pool)
        total = len(pool)
        return [(card, counts[card] / total) for card in sorted(counts)]

    def sample_chance(self, rng: random.Random) -> int:
        """Draw the next card (overrides the base only to skip a call: playouts draw often)."""
        if _CHANCE_MASK >> self._phase & 1:
            pool = self._pool
            outcome = self._sampled = pool[-1] if self._open else pool[randbelow(rng, len(pool))]
            return outcome
        return super().sample_chance(rng)

    def _sample(self, rng: random.Random) -> int:
        pool = self._pool
        return pool[-1] if self._open else pool[randbelow(rng, len(pool))]

    def _chance_ok(self, outcome: int) -> bool:
        pool = self._pool
        return outcome == pool[-1] if self._open else outcome in pool

    # --- protocol: applying actions ---------------------------------------------------------

    def _apply(self, action: int) -> None:
        phase = self._phase
        if _CHANCE_MASK >> phase & 1:  # a card dealt or drawn (the commonest step, inlined)
            seat = self._player
            self._hands[seat].append(action)
            if self._open:
                self._pool.pop()
                self._known[seat].append(action)
                if self._record:
                    self._events.append((EV_GAIN, seat, action))
            else:
                remove_first(self._pool, action)
                if self._record:
                    self._events.append((EV_DRAW, seat, len(self._history) - 1))
            self._fresh = False
            if phase == REFILL:
                advance_refill(self)
            elif phase == SWAP_DRAW:
                self._phase = SWAP_DISCARD
            else:
                self._deal_left -= 1
                if self._deal_left:
                    game = self._game
                    following = (seat + 1) % game.num_players
                    # the first player's short hand (`first_short`): the last rounds of the
                    # deal pass them by once they hold all they are dealt
                    short = game.first_short
                    if following == 0 and short and len(self._hands[0]) >= game.hand_size - short:
                        following = 1
                    self._player = following
                else:
                    start_turn(self, 0)
        elif phase == TURN:
            if action == SWAP:  # the commonest play
                if not self._pool:
                    reshuffle(self)
                self._phase = SWAP_DRAW
            else:
                play(self, action)
        elif phase == SWAP_DISCARD:
            card = card_of(action)
            lose_card(self, self._mover, card)
            self._discard.append(card)
            end_turn(self)
        elif phase == REACT:
            react(self, action)
        elif phase == DEFENDING:
            defend(self, action)
        elif phase == KEEPING:
            keep(self, action)
        else:
            explode(self, action == EXPLODE_GOOD)

    # --- protocol: outcome ------------------------------------------------------------------

    def returns(self) -> list[float]:
        n = self._game.num_players
        if self._phase != OVER or self._winner < 0:
            return [0.0] * n
        return [1.0 if seat == self._winner else 0.0 for seat in range(n)]

    def winners(self) -> list[int]:
        """The winner (once the game is over), or nobody when the turn cap ended it."""
        return [self._winner] if self._winner >= 0 else []

    def is_truncated(self) -> bool:
        """Over with no winner: only the turn cap (`max_turns`) ends a game that way."""
        return self._phase == OVER and self._winner < 0

    def card_places(self) -> dict[str, list[int]]:
        places = {f"hand {seat}": list(hand) for seat, hand in enumerate(self._hands)}
        places["draw pile"] = list(self._pool)
        places["discard pile"] = list(self._discard)
        places["play area"] = list(self._table)
        places["egg pile"] = [EGG] * self._egg_pile
        for seat in range(self._game.num_players):
            places[f"eggs {seat}"] = [EGG] * (self._good[seat] + self._bad[seat])
            front = [EGG_BOUND_CARD] if self._bound[seat] else []
            if self._fowl[seat]:
                front.append(FOWL)
            places[f"front {seat}"] = front
        return places

    # --- protocol: copies and equality -------------------------------------------------------

    def _copy_into(self, other: EggBoundState) -> None:
        other._phase = self._phase
        other._mover = self._mover
        other._player = self._player
        other._hands = [hand.copy() for hand in self._hands]
        other._known = [known.copy() for known in self._known]
        other._good = self._good.copy()
        other._bad = self._bad.copy()
        other._egg_pile = self._egg_pile
        other._bound = self._bound.copy()
        other._fowl = self._fowl.copy()
        other._pool = self._pool.copy()
        other._open = self._open
        other._discard = self._discard.copy()
        other._epochs = self._epochs.copy()
        other._fresh = self._fresh
        other._deal_left = self._deal_left
        other._refill_i = self._refill_i
        other._turn = self._turn
        other._card = self._card
        other._star = self._star
        other._chicken = self._chicken
        other._target = self._target
        other._table = self._table.copy()
        other._winner = self._winner
        other._result = self._result
        other._events = self._events.copy() if self._record else self._events
        other._hidden_at = self._hidden_at

    def _key(self) -> tuple[Any, ...]:
        return (
            self._phase,
            self._mover,
            self._player,
            tuple(tuple(sorted(hand)) for hand in self._hands),
            tuple(tuple(sorted(known)) for known in self._known),
            tuple(self._good),
            tuple(self._bad),
            self._egg_pile,
            tuple(self._bound),
            tuple(self._fowl),
            tuple(self._pool) if self._open else tuple(sorted(self._pool)),
            self._open,
            tuple(self._discard),
            tuple(self._epochs),
            self._fresh,
            self._deal_left,
            self._refill_i,
            self._turn,
            self._card,
            self._star,
            self._chicken,
            self._target,
            tuple(self._table),
            self._winner,
            self._result,
        )

    # --- hidden information and what each seat sees ------------------------------------------

    def _resample(self, seat: int, rng: random.Random) -> EggBoundState:
        if self._game.shuffles:
            return resample.resample(self, seat, rng)
        return hidden.resample(self, seat, rng)

    def _observe(self, viewer: int | None) -> views.EggBoundObservation:
        return views.observation(self, viewer)

    def _action_text(self, action: int, viewer: int | None) -> str:
        return views.action_text(self, action, viewer)

    def _action_info(self, action: int, viewer: int | None) -> ActionInfo:
        return views.action_info(self, action, viewer)

    def _explain_illegal(self, action: int) -> str:
        return views.why_illegal(self, action)
