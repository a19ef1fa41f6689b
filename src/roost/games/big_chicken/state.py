"""BIG CHICKEN: Just Hatched as a state machine: the state's fields and its protocol hooks.

The transitions (the deal, the exchange, Lays and Clucks, Coops, Last Egg, the end of a Round
and of the game) are in `rules.py`; what each seat sees in `views.py`; the public record and
resampling in `hidden.py`.

Legal Lays are gathered from lists precomputed per number and code (`actions.py`), so
generating them never looks at the whole action space; they are computed once per node.

Every deal, penalty draw and tie draw is a chance node over an unordered pool of card types
(nobody sees inside a shuffled pile, so drawing from the pool is the same as drawing from the
top).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from roost.core.actions import ActionInfo
from roost.core.rand import randbelow
from roost.core.state import State
from roost.games.big_chicken import hidden, views
from roost.games.big_chicken.actions import (
    BAD_GIVES,
    BIG_RED_LAY,
    CARDS,
    CATCH,
    CATCHING,
    CH_COOPS,
    CH_FOLLOW,
    CH_LEAD,
    CLUCK,
    CODES,
    COOP_SIZE,
    COOPS,
    DEAL,
    DECLARE,
    DUCK_ONLY_LEAD,
    FLIP,
    FLIP_OR_SKIP,
    FOLLOW,
    FORGET,
    GIVE_BACK,
    GIVE_BEST,
    GOOD_GIVES,
    KEY,
    LAST_EGG,
    LAY_BASE,
    LAY_TEXT,
    LEAD,
    LET_GO,
    NUMBER,
    OVER,
    PENALTY,
    PLAY,
    SIZE,
    SKIP,
    TIE_DRAW,
    beats,
)
from roost.games.big_chicken.rules import (
    NOBODY,
    bad_gives,
    best_card,
    catch,
    cluck,
    deal,
    deal_rest,
    flip_or_skip,
    good_gives,
    hand,
    hand_counts,
    holds,
    lay,
    let_go,
    penalty_draw,
    say_last_egg,
    start_round,
    stay_quiet,
    tie_draw,
)

if TYPE_CHECKING:
    from roost.games.big_chicken.game import BigChickenGame


class BigChickenState(State["BigChickenGame"]):
    """A position in a game of BIG CHICKEN: Just Hatched."""

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
        "_given",
        "_good",
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
    """The Bad Egg of the last Round (NOBODY before the first ends)."""
    _catches: list[int]
    """Times each seat was caught this Round."""
    _caught: int
    """The seat that stayed quiet with one card left (catch window, penalty draw)."""
    _chicks: list[int]
    """Per seat, a bitmask of the Chickens held (bit 4: Big Red)."""
    _clucks: int
    """Bitmask of the seats that clucked since the last Lay."""
    _deal_left: int
    _deal_seat: int
    """The seat dealt the next card."""
    _dealer: int
    _direction: int
    """1: cluckwise (seat order), -1: counter-cluckwise."""
    _discard: list[int]
    """The cleared Runs' cards, face down."""
    _draws_left: int
    """Penalty cards still to draw."""
    _ducks: list[int]
    """Per seat, the Ducks held."""
    _eggs: list[list[int]]
    """Per seat and number (1-10), a base-3 code of the Egg copies held per suit."""
    _events: list[tuple[Any, ...]]
    """The public record (`hidden.py`), while recording."""
    _given: int
    """The card the Good Egg gave this Round (-1: none yet)."""
    _good: int
    """The Good Egg of the last Round."""
    _last: int
    """The player of the last Lay of the Run (the Run's leader before any)."""
    _last_egg: list[int]
    """Per seat: 0, SAID or QUIET."""
    _last_hands: tuple[tuple[int, ...], ...] | None
    """Every hand as shown at the end of the last Round."""
    _leader: int
    """The leader of the Round."""
    _next: int
    """The seat to play once the Last Egg choices are made."""
    _penalties: list[int]
    """Penalty points each seat earned this Round."""
    _phase: int
    _player: int
    """The seat to decide, or CHANCE or TERMINAL."""
    _pool: list[int]
    """The undealt cards (2 players: the unused ones); at the end, the Golden Egg tie deck."""
    _queue: list[int]
    """The seats still to decide in turn (a catch window, the tie draw)."""
    _returned: int
    """The card the Bad Egg gave back this Round (-1: none yet)."""
    _round: int
    """Rounds finished."""
    _round_scores: list[tuple[int, ...]]
    _run_actions: list[int]
    """The Lays of the current Run, in order."""
    _run_seats: list[int]
    """Who laid each of them."""
    _shown: int
    """The card the Round-1 leader showed (-1: none)."""
    _sizes: list[int]
    """Cards each seat holds."""
    _tie_draws: list[tuple[int, int]]
    """(seat, card) of every Golden Egg tie draw."""
    _tied: list[int]
    """The seats still tied for the Golden Egg."""
    _top: int
    """The Lay to beat (-1: the Run has no Lay yet)."""
    _totals: list[int]
    _winners: list[int]

    def __init__(self, game: BigChickenGame) -> None:
        super().__init__(game)
        n = game.num_players
        self._events = []
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
        start_round(self, dealer=n - 1)

    # --- protocol: who moves and what they may do ------------------------------------------

    def current_player(self) -> int:
        return self._player

    def _legal_now(self) -> list[int]:
        """In a Run: every Lay the player to move may lay now (and Cluck unless they lead),
        sorted; otherwise the other decisions (`_choices`)."""
        if self._phase != PLAY:
            return self._choices()
        p = self._player
        eggs = self._eggs[p]
        duck = 1 if self._ducks[p] else 0
        chicks = self._chicks[p]
        top = self._top
        if top < 0:
            out: list[int] = []
            lead = LEAD[duck]
            index = 0
            for number in range(10):
                code = eggs[number]
                if code:
                    out.extend(lead[index + code])
                elif duck:
                    out.extend(DUCK_ONLY_LEAD[number])
                index += CODES
            if chicks:
                out.extend(CH_LEAD[chicks])
            return out
        out = [CLUCK]
        if top == BIG_RED_LAY:
            return out  # nothing beats Big Red laid alone, not even a Coop
        size = SIZE[top]
        key = KEY[top]
        if size < COOP_SIZE:
            top_number = NUMBER[top] - 1
            follow = FOLLOW[size][duck]
            singles_by_duck = duck == 1 and size == 1
            for number in range(10):
                code = eggs[number]
                if not code and not singles_by_duck:
                    continue
                index = number * CODES + code
                if number > top_number:
                    out.extend(follow[index])
                elif number == top_number:
                    for a in follow[index]:
                        if KEY[a] > key:
                            out.append(a)
                if code:
                    coops = COOPS[index]
                    if coops:
                        out.extend(coops)
            if chicks:
                chick_lays = CH_FOLLOW[size][chicks]
                if top_number == 10:
                    for a in chick_lays:
                        if KEY[a] > key:
                            out.append(a)
                else:
                    out.extend(chick_lays)
                out.extend(CH_COOPS[chicks])
        else:
            for number in range(10):
                code = eggs[number]
                if code:
                    for a in COOPS[number * CODES + code]:
                        if KEY[a] > key:
                            out.append(a)
            if chicks:
                if chicks & 16:
                    out.append(BIG_RED_LAY)
                for a in CH_COOPS[chicks]:
                    if KEY[a] > key:
                        out.append(a)
        return out

    def _is_legal(self, action: int) -> bool:
        """In a Run, check one Lay without listing them all (replays ask for no list)."""
        if self._phase != PLAY:
            return super()._is_legal(action)
        if action == CLUCK:
            return self._top >= 0
        if LAY_BASE <= action < FLIP:
            return holds(self, self._player, action) and beats(action, self._top)
        return False

    def _choices(self) -> list[int]:
        """The legal decisions outside Runs: flip or skip, Last Egg, catch, exchange."""
        phase = self._phase
        if phase == FLIP_OR_SKIP:
            return [FLIP, SKIP]
        if phase == LAST_EGG:
            return [DECLARE, FORGET]
        if phase == CATCHING:
            return [CATCH, LET_GO]
        if phase == GOOD_GIVES:
            return [GIVE_BEST + best_card(self, self._good)]
        if phase == BAD_GIVES:
            # Any card but the one just given: a copy of its type held before may go back
            # (RULES.md, choice 18), so the given type needs a second copy.
            counts = hand_counts(self, self._bad)
            given = self._given
            return [GIVE_BACK + c for c, k in enumerate(counts) if k > (c == given)]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self._phase
        if phase in (DEAL, TIE_DRAW):
            counts = Counter(self._pool)
        elif phase == PENALTY:
            counts = Counter(self._discard)
        else:
            return []
        total = sum(counts.values())
        return [(card, counts[card] / total) for card in sorted(counts)]

    def sample_chance(self, rng: random.Random) -> int:
        """Draw the next card (overrides the base only to skip a call: playouts deal often)."""
        phase = self._phase
        if phase == DEAL:
            pool = self._pool
            outcome = self._sampled = pool[randbelow(rng, len(pool))]
            return outcome
        if phase == PENALTY:
            discard = self._discard
            outcome = self._sampled = discard[randbelow(rng, len(discard))]
            return outcome
        if phase == TIE_DRAW:
            pool = self._pool
            outcome = self._sampled = pool[randbelow(rng, len(pool))]
            return outcome
        return super().sample_chance(rng)  # not a chance node: the base says so

    def _sample(self, rng: random.Random) -> int:
        cards = self._discard if self._phase == PENALTY else self._pool
        return cards[randbelow(rng, len(cards))]

    def _chance_ok(self, outcome: int) -> bool:
        return outcome in (self._discard if self._phase == PENALTY else self._pool)

    # --- protocol: applying actions ---------------------------------------------------------

    def _play_chance(self, rng: random.Random) -> None:
        """A search's chance: a round's deal in one call (card by card it was a seventh of
        the search's time)."""
        if self._phase == DEAL and not self._record:
            deal_rest(self, rng)
            self._legal = None
            self._sampled = -1
        super()._play_chance(rng)

    def _apply(self, action: int) -> None:
        phase = self._phase
        if phase == PLAY:
            if action == CLUCK:
                cluck(self)
            else:
                lay(self, action)
        elif phase == DEAL:
            deal(self, action)
        elif phase == FLIP_OR_SKIP:
            flip_or_skip(self, action)
        elif phase == LAST_EGG:
            if action == DECLARE:
                say_last_egg(self)
            else:
                stay_quiet(self)
        elif phase == CATCHING:
            if action == CATCH:
                catch(self)
            else:
                let_go(self)
        elif phase == PENALTY:
            penalty_draw(self, action)
        elif phase == GOOD_GIVES:
            good_gives(self, action - GIVE_BEST)
        elif phase == BAD_GIVES:
            bad_gives(self, action - GIVE_BACK)
        else:  # TIE_DRAW
            tie_draw(self, action)

    # --- protocol: outcome ------------------------------------------------------------------

    def returns(self) -> list[float]:
        n = self._game.num_players
        if self._phase != OVER:
            return [0.0] * n
        if self._game.score_returns:
            return [-float(total) for total in self._totals]
        return [1.0 if p in self._winners else 0.0 for p in range(n)]

    def winners(self) -> list[int]:
        """The Golden Egg (the winner) once the game is over."""
        return list(self._winners) if self._phase == OVER else []

    def card_places(self) -> dict[str, list[int]]:
        places = {f"hand {seat}": hand(self, seat) for seat in range(self._game.num_players)}
        places["deck"] = list(self._pool)
        places["run"] = [card for action in self._run_actions for card in CARDS[action]]
        places["discard"] = list(self._discard)
        places["drawn for the tie"] = [card for _, card in self._tie_draws]
        return places

    # --- protocol: copies and equality -------------------------------------------------------

    def _copy_into(self, other: BigChickenState) -> None:
        other._phase = self._phase
        other._player = self._player
        other._eggs = [eggs.copy() for eggs in self._eggs]
        other._ducks = self._ducks.copy()
        other._chicks = self._chicks.copy()
        other._sizes = self._sizes.copy()
        other._pool = self._pool.copy()
        other._deal_left = self._deal_left
        other._deal_seat = self._deal_seat
        other._dealer = self._dealer
        other._shown = self._shown
        other._discard = self._discard.copy()
        other._run_actions = self._run_actions.copy()
        other._run_seats = self._run_seats.copy()
        other._clucks = self._clucks
        other._top = self._top
        other._last = self._last
        other._direction = self._direction
        other._round = self._round
        other._totals = self._totals.copy()
        other._round_scores = self._round_scores.copy()
        other._penalties = self._penalties.copy()
        other._catches = self._catches.copy()
        other._last_egg = self._last_egg.copy()
        other._good = self._good
        other._bad = self._bad
        other._given = self._given
        other._returned = self._returned
        other._leader = self._leader
        other._next = self._next
        other._queue = self._queue.copy()
        other._caught = self._caught
        other._draws_left = self._draws_left
        other._tied = self._tied.copy()
        other._tie_draws = self._tie_draws.copy()
        other._winners = self._winners.copy()
        other._last_hands = self._last_hands
        # Only a recording state adds to the record: a search copy shares it unchanged.
        other._events = self._events.copy() if self._record else self._events

    def _key(self) -> tuple[Any, ...]:
        return (
            self._phase,
            self._player,
            tuple(tuple(eggs) for eggs in self._eggs),
            tuple(self._ducks),
            tuple(self._chicks),
            tuple(self._sizes),
            tuple(sorted(self._pool)),
            self._deal_left,
            self._deal_seat,
            self._dealer,
            self._shown,
            tuple(sorted(self._discard)),
            tuple(self._run_actions),
            tuple(self._run_seats),
            self._clucks,
            self._top,
            self._last,
            self._direction,
            self._round,
            tuple(self._totals),
            tuple(self._round_scores),
            tuple(self._penalties),
            tuple(self._catches),
            tuple(self._last_egg),
            (self._good, self._bad, self._given, self._returned, self._leader, self._next),
            (tuple(self._queue), self._caught, self._draws_left),
            (tuple(self._tied), tuple(self._tie_draws), tuple(self._winners)),
            self._last_hands,
            tuple(self._events),
        )

    # --- hidden information and what each seat sees ------------------------------------------

    def _resample(self, seat: int, rng: random.Random) -> BigChickenState:
        return hidden.resample(self, seat, rng)

    def _observe(self, viewer: int | None) -> views.BigChickenObservation:
        return views.observation(self, viewer)

    def _action_text(self, action: int, viewer: int | None) -> str:
        if action < FLIP and self._player >= 0:  # a Lay or a Cluck (the same for everyone)
            return LAY_TEXT[action]
        return views.action_text(self, action, viewer)

    def _action_info(self, action: int, viewer: int | None) -> ActionInfo:
        return views.action_info(self, action)

    def _explain_illegal(self, action: int) -> str:
        return views.why_illegal(self, action)
