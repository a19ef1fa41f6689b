"""BIG CHICKEN: Just Hatched as a state machine: the protocol on top of the table.

Legal Lays are gathered from lists precomputed per number and code (`lays.py`), so generating
them never looks at the whole action space; they are computed once per state.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from roost.core.errors import IllegalActionError
from roost.core.game import CHANCE, OMNISCIENT, TERMINAL
from roost.games.big_chicken.cards import CARD_NAMES, NUM_TYPES
from roost.games.big_chicken.lays import (
    BIG_RED_LAY,
    CARDS,
    CATCH,
    CH_COOPS,
    CH_FOLLOW,
    CH_LEAD,
    CLUCK,
    CODES,
    COOP_SIZE,
    COOPS,
    DECLARE,
    DUCK_ONLY_LEAD,
    FLIP,
    FOLLOW,
    FORGET,
    GIVE_BACK,
    GIVE_BEST,
    KEY,
    LAY_BASE,
    LAY_TEXT,
    LEAD,
    LET_GO,
    NUM_ACTIONS,
    NUMBER,
    SIZE,
    SIZE_NAMES,
    SKIP,
    beats,
)
from roost.games.big_chicken.resample import resample
from roost.games.big_chicken.table import (
    BAD_GIVES,
    CATCHING,
    CHANCE_PHASES,
    DEAL,
    FLIP_OR_SKIP,
    GOOD_GIVES,
    LAST_EGG,
    OVER,
    PENALTY,
    PLAY,
    SAID,
    TIE_DRAW,
    BigChickenTable,
    seat_name,
)
from roost.games.big_chicken.views import observation

if TYPE_CHECKING:
    from roost.games.big_chicken.game import BigChickenGame


class BigChickenState(BigChickenTable):
    """A position in a game of BIG CHICKEN: Just Hatched."""

    __slots__ = ()

    # --- protocol: who moves and what they may do ------------------------------------------

    @property
    def game(self) -> BigChickenGame:
        return self._game

    def current_player(self) -> int:
        phase = self._phase
        if phase == OVER:
            return TERMINAL
        if phase in CHANCE_PHASES:
            return CHANCE
        return self._player

    def _compute_legal(self) -> list[int]:
        phase = self._phase
        if phase == PLAY:
            return self._lays()
        if phase == FLIP_OR_SKIP:
            return [FLIP, SKIP]
        if phase == LAST_EGG:
            return [DECLARE, FORGET]
        if phase == CATCHING:
            return [CATCH, LET_GO]
        if phase == GOOD_GIVES:
            return [GIVE_BEST + self._best_card(self._good)]
        if phase == BAD_GIVES:
            return [GIVE_BACK + card for card in self._hand_types(self._bad) if card != self._given]
        return []

    def _lays(self) -> list[int]:
        """Every Lay the player to move may lay now (and Cluck unless they lead), sorted."""
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
                    out += lead[index + code]
                elif duck:
                    out += DUCK_ONLY_LEAD[number]
                index += CODES
            if chicks:
                out += CH_LEAD[chicks]
            return out
        out = [CLUCK]
        if top == BIG_RED_LAY:
            return out  # nothing beats Big Red laid alone, not even a Coop
        size = SIZE[top]
        key = KEY[top]
        if size < COOP_SIZE:
            top_number = NUMBER[top] - 1
            follow = FOLLOW[size][duck]
            singles_by_duck = duck and size == 1
            for number in range(10):
                code = eggs[number]
                if not code and not singles_by_duck:
                    continue
                index = number * CODES + code
                if number > top_number:
                    out += follow[index]
                elif number == top_number:
                    out += [a for a in follow[index] if KEY[a] > key]
                if code:
                    coops = COOPS[index]
                    if coops:
                        out += coops
            if chicks:
                chick_lays = CH_FOLLOW[size][chicks]
                if top_number == 10:
                    out += [a for a in chick_lays if KEY[a] > key]
                else:
                    out += chick_lays
                out += CH_COOPS[chicks]
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
        phase = self._phase
        if phase in (DEAL, TIE_DRAW):
            pool = self._pool
            return pool[rng.randrange(len(pool))]
        if phase == PENALTY:
            discard = self._discard
            return discard[rng.randrange(len(discard))]
        raise ValueError("sample_chance called at a node that is not a chance node")

    # --- protocol: applying actions ---------------------------------------------------------

    def apply_action(self, action: int) -> None:
        phase = self._phase
        if phase == DEAL:
            if type(action) is not int or action not in self._pool:
                raise IllegalActionError(action, self._why_illegal(action))
            if self._record:
                self._history.append(action)
            self._deal(action)
            return
        if phase == PENALTY:
            if type(action) is not int or action not in self._discard:
                raise IllegalActionError(action, self._why_illegal(action))
            if self._record:
                self._history.append(action)
            self._penalty_draw(action)
            return
        if phase == TIE_DRAW:
            if type(action) is not int or action not in self._pool:
                raise IllegalActionError(action, self._why_illegal(action))
            if self._record:
                self._history.append(action)
            self._tie_draw(action)
            return
        if phase == OVER:
            raise IllegalActionError(action, "the game is over")
        legal = self._legal
        if legal is not None:
            ok = action in legal and type(action) is int
        elif phase == PLAY:
            # Replays apply actions without asking for the list: check this one directly.
            if type(action) is not int:
                ok = False
            elif action == CLUCK:
                ok = self._top >= 0
            elif LAY_BASE <= action < FLIP:
                ok = self._holds(self._player, action) and beats(action, self._top)
            else:
                ok = False
        else:
            legal = self._legal = self._compute_legal()
            ok = action in legal and type(action) is int
        if not ok:
            raise IllegalActionError(action, self._why_illegal(action))
        if self._record:
            self._history.append(action)
        self._legal = None
        if phase == PLAY:
            if action == CLUCK:
                self._cluck()
            else:
                self._lay(action)
        elif phase == FLIP_OR_SKIP:
            if action == FLIP:
                self._direction = -self._direction
                self._after_lay(1)
            else:
                self._after_lay(2)
        elif phase == LAST_EGG:
            if action == DECLARE:
                self._last_egg[self._player] = SAID
                self._continue()
            else:
                self._open_catch_window()
        elif phase == CATCHING:
            if action == CATCH:
                self._catch()
            else:
                queue = self._queue
                queue.pop(0)
                if queue:
                    self._player = queue[0]
                else:
                    self._continue()
        elif phase == GOOD_GIVES:
            self._good_gives(action - GIVE_BEST)
        else:
            self._bad_gives(action - GIVE_BACK)

    def returns(self) -> list[float]:
        n = self._game.num_players
        if self._phase != OVER:
            return [0.0] * n
        if self._game.score_returns:
            return [-float(total) for total in self._totals]
        return [1.0 if p in self._winners else 0.0 for p in range(n)]

    # --- protocol: copies, history, equality ------------------------------------------------

    def clone(self) -> BigChickenState:
        other = BigChickenState.__new__(BigChickenState)
        other._game = self._game
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
        other._round_scores = self._round_scores.copy()  # rows are never changed
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
        other._history = self._history.copy()
        other._events = self._events.copy()
        other._record = self._record
        other._legal = self._legal
        return other

    def stop_recording(self) -> None:
        self._record = False
        self._history = []
        self._events = []

    def history(self) -> list[int]:
        return self._history.copy()

    def _key(self) -> tuple[Any, ...]:
        n = self._game.num_players
        return (
            self._phase,
            self._player,
            tuple(tuple(self.hand(seat)) for seat in range(n)),
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
            tuple(tuple(scores) for scores in self._round_scores),
            tuple(self._penalties),
            tuple(self._catches),
            tuple(self._last_egg),
            (self._good, self._bad, self._given, self._returned, self._leader, self._next),
            (tuple(self._queue), self._caught, self._draws_left),
            (tuple(self._tied), tuple(self._tie_draws), tuple(self._winners)),
            self._last_hands,
            tuple(self._history),
            tuple(self._events),
        )

    def card_places(self) -> dict[str, list[int]]:
        places = {f"hand {seat}": self.hand(seat) for seat in range(self._game.num_players)}
        places["deck"] = list(self._pool)
        places["run"] = [card for action in self._run_actions for card in CARDS[action]]
        places["discard"] = list(self._discard)
        places["drawn for the tie"] = [card for _, card in self._tie_draws]
        return places

    # --- hidden information -------------------------------------------------------------------

    def resample_from_infostate(self, seat: int, rng: random.Random) -> BigChickenState:
        self._game.check_seat(seat, allow_none=False)
        if not self._record:
            raise RuntimeError("this state stopped recording its history: it cannot resample")
        solution = resample(self, seat, rng)
        state = self.clone()
        state._history = solution.history
        if solution.hands is not None:
            for other, counts in enumerate(solution.hands):
                if other != seat:
                    state._set_hand(other, counts)
            state._discard = solution.discard
            state._pool = solution.pool
        state._legal = None
        return state

    def observation(self, seat: int | None = None) -> dict[str, Any]:
        self._game.check_seat(seat)
        return observation(self, seat)

    # --- descriptions --------------------------------------------------------------------------

    def action_to_string(self, action: int, viewer: int | None = None) -> str:
        self._game.check_seat(viewer)
        phase = self._phase
        if phase not in CHANCE_PHASES:
            return self.decision_string(action)
        if type(action) is not int or not 0 <= action < NUM_TYPES:
            raise ValueError(f"chance outcome {action} is not a card type (0-{NUM_TYPES - 1})")
        name = CARD_NAMES[action]
        if phase == DEAL:
            seat = self._deal_seat
            shown = name if viewer in (seat, OMNISCIENT) else "a card"
            return f"{seat_name(seat)} is dealt {shown}"
        if phase == PENALTY:
            seat = self._caught
            shown = name if viewer in (seat, OMNISCIENT) else "a card"
            return f"{seat_name(seat)} draws {shown} from the discard pile (penalty)"
        seat = self._queue[0]
        return f"{seat_name(seat)} draws {name} for the Golden Egg tie"

    def decision_string(self, action: int) -> str:
        """Readable text of a decision action (the same for every viewer: all are public)."""
        if type(action) is not int or not 0 <= action < NUM_ACTIONS:
            raise ValueError(f"action {action} is not a BIG CHICKEN action (0-{NUM_ACTIONS - 1})")
        if action < FLIP:
            return LAY_TEXT[action]
        if action == FLIP:
            return "flip: reverse the direction of play"
        if action == SKIP:
            n = self._game.num_players
            skipped = (self._player + self._direction) % n if self._phase == FLIP_OR_SKIP else None
            return "skip the next player" + (
                f" ({seat_name(skipped)})" if skipped is not None else ""
            )
        if action == DECLARE:
            return "say Last Egg"
        if action == FORGET:
            return "stay quiet (do not say Last Egg)"
        if action == CATCH:
            who = seat_name(self._caught) if self._caught >= 0 else "them"
            return f"catch {who}: Last Egg!"
        if action == LET_GO:
            return "let it go"
        if action < GIVE_BACK:
            return (
                f"give your best card, {CARD_NAMES[action - GIVE_BEST]}, to the Bad Egg (face up)"
            )
        return f"give {CARD_NAMES[action - GIVE_BACK]} back to the Good Egg (face up)"

    def _why_illegal(self, action: object) -> str:
        phase = self._phase
        if type(action) is not int:
            return f"an action is an int, not {type(action).__name__}"
        if phase == OVER:
            return "the game is over"
        if phase in CHANCE_PHASES:
            if not 0 <= action < NUM_TYPES:
                return f"chance outcomes are card types 0-{NUM_TYPES - 1}"
            where = "discard pile" if phase == PENALTY else "deck"
            return f"no {CARD_NAMES[action]} is left in the {where}"
        if not 0 <= action < NUM_ACTIONS:
            return f"actions are 0-{NUM_ACTIONS - 1}"
        text = self.decision_string(action)
        if phase == FLIP_OR_SKIP:
            return f"you laid a Coop: choose to flip or to skip, not {text!r}"
        if phase == LAST_EGG:
            return f"you have one card left: say Last Egg or stay quiet, not {text!r}"
        if phase == CATCHING:
            return (
                f"{seat_name(self._caught)} stayed quiet with one card left: catch them or "
                f"let it go, not {text!r}"
            )
        if phase == GOOD_GIVES:
            best = CARD_NAMES[self._best_card(self._good)]
            return f"the Good Egg must give their best card except Big Red ({best}), not {text!r}"
        if phase == BAD_GIVES:
            if not GIVE_BACK <= action < GIVE_BACK + NUM_TYPES:
                return f"the Bad Egg gives a card back to the Good Egg, not {text!r}"
            card = action - GIVE_BACK
            if card == self._given:
                return f"you cannot give back the card you were just given ({CARD_NAMES[card]})"
            return f"you do not hold {CARD_NAMES[card]}"
        # PLAY
        if action == CLUCK:
            return "you lead this Run: lay something (the leader cannot cluck)"
        if action >= FLIP:
            return f"it is your turn to lay or cluck; {text!r} is not a Lay"
        if not self._holds(self._player, action):
            return f"you do not hold the cards for {text!r}"
        top = self._top
        top_text = LAY_TEXT[top]
        if top == BIG_RED_LAY:
            return "nothing beats Big Red laid alone: cluck"
        if SIZE[top] >= COOP_SIZE:
            return f"only a higher Coop, or Big Red alone, beats {top_text!r}"
        if SIZE[action] != SIZE[top]:
            return (
                f"{text!r} is not a {SIZE_NAMES[SIZE[top]]}: this Run's Lays are "
                f"{SIZE_NAMES[SIZE[top]]}s (or a Coop)"
            )
        assert not beats(action, top)
        return f"{text!r} is not higher than {top_text!r}"


assert LAY_BASE == 1 and CLUCK == 0
