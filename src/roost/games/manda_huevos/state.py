"""Manda Huevos! as a state machine: the deal, turns, action cards, the hen, the end.

The board is one flat list of ``6 x players`` cells (cell ``6 * seat + slot`` is slot ``slot`` of
``seat``'s container) with two bitmasks over the same positions: which cells hold an egg and
which eggs are asleep. Legal moves are read off the masks, so a turn costs a few loops over set
bits. The deck is an unordered pool of card types: nobody sees inside it, so each draw is a
uniform draw from the pool, exactly what a shuffled deck gives, and every chance node has at
most 22 outcomes.

Hidden information and resampling (see RULES.md, "Resampling"): hands are unseen by the other
players and the deck by everyone; in memory mode sleeping eggs' values are unseen by everyone.
Nothing in the rules ever reveals anything about a hand short of a card being played, so any
assignment of the unseen cards to the unseen places is consistent with the public record. To
rewrite the history consistently, each hand is kept as public *slots* (the history positions of
the cards it received, oldest first); a card played from a hand is matched to its oldest slot
(a public rule, so the matching is the same in every state a seat cannot tell apart from this
one), and ``_canon`` records (receipt position, play position, seat) for every retired slot. In
memory mode ``_origin`` gives, for each egg on the board, the history position of its placement;
a sleeping egg's value is rewritten there and (through ``_canon``) in its receipt.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections import Counter
from typing import TYPE_CHECKING, Any

from roost.core.errors import IllegalActionError
from roost.core.game import CHANCE, TERMINAL, CachedLegalState
from roost.games.manda_huevos import views
from roost.games.manda_huevos.cards import CONTAINER_SIZE, EGG_TYPES, HAND_SIZE, HEN, HEN_POINTS
from roost.games.manda_huevos.encoding import (
    ALL_DOWN,
    BITS6,
    DEALING,
    DRAWING,
    EMPTY,
    FULL,
    HEN_STOP,
    HEN_TAKE,
    HEN_TAKING,
    MAX_SEATS,
    MOVE,
    MOVE_BIT,
    MOVE_IDS,
    OVER,
    PASS,
    PLACE,
    PLAY_HEN,
    POSITIONS,
    SLEEP_BIT,
    SWAP,
    SWAP_BIT,
    SWAP_IDS,
    TAKE_IDS,
    TOGGLE,
    TOGGLE_IDS,
    TURN,
    played_card,
)

if TYPE_CHECKING:
    from roost.games.manda_huevos.game import MandaHuevosGame


class MandaHuevosState(CachedLegalState):
    """A position in a game of Manda Huevos!."""

    __slots__ = (
        "_asleep",
        "_canon",
        "_cells",
        "_deal_left",
        "_down",
        "_game",
        "_hands",
        "_hen_out",
        "_history",
        "_occupied",
        "_origin",
        "_passes",
        "_phase",
        "_player",
        "_pool",
        "_slots",
        "_taken",
    )

    _asleep: int
    _canon: list[tuple[int, int, int]]
    _cells: list[int]
    _deal_left: int
    _down: list[int]
    _game: MandaHuevosGame
    _hands: list[list[int]]
    _hen_out: bool
    _history: list[int]
    _legal: list[int] | None
    _occupied: int
    _origin: list[int]
    _passes: int
    _phase: int
    _player: int
    _pool: list[int]
    _slots: list[list[int]]
    _taken: int

    def __init__(self, game: MandaHuevosGame) -> None:
        n = game.num_players
        self._game = game
        self._phase = DEALING
        self._player = 0
        self._cells = [EMPTY] * (CONTAINER_SIZE * n)
        self._origin = [0] * (CONTAINER_SIZE * n)
        self._occupied = 0
        self._asleep = 0
        self._hands = [[] for _ in range(n)]
        self._slots = [[] for _ in range(n)]
        self._canon = []
        self._pool = list(game.deck)
        self._down = [0] * n
        self._deal_left = HAND_SIZE * n
        self._passes = 0
        self._hen_out = False
        self._taken = 0
        self._history = []
        self._legal = None

    # --- protocol: who moves and what they may do ------------------------------------------

    @property
    def game(self) -> MandaHuevosGame:
        return self._game

    def current_player(self) -> int:
        phase = self._phase
        if phase in (TURN, HEN_TAKING):
            return self._player
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def _compute_legal(self) -> list[int]:
        phase = self._phase
        if phase == TURN:
            return self._turn_actions()
        if phase == HEN_TAKING:
            actions = self._takes()
            actions.append(HEN_STOP)
            return actions
        return []

    def _turn_actions(self) -> list[int]:
        """Every legal action of a normal turn, generated in increasing id order."""
        n = self._game.num_players
        player = self._player
        occupied = self._occupied
        chunks = [(occupied >> (CONTAINER_SIZE * c)) & FULL for c in range(n)]
        rooms = 0
        for c in range(n):
            if chunks[c] != FULL:
                rooms |= 1 << c
        actions: list[int] = []
        hand = self._hands[player]
        if hand:
            values = sorted(set(hand))
            hen = values[-1] == HEN
            if hen:
                values.pop()
            for c in BITS6[rooms]:
                base = PLACE + c * EGG_TYPES
                for v in values:
                    actions.append(base + v)
            if hen:
                actions.append(PLAY_HEN)
        down = self._down[player]
        if down != ALL_DOWN:
            asleep = self._asleep
            awake = [chunk & ~(asleep >> (CONTAINER_SIZE * c)) for c, chunk in enumerate(chunks)]
            if not down & MOVE_BIT:
                for c in range(n):
                    chunk = awake[c]
                    targets = rooms & ~(1 << c)
                    if chunk and targets:
                        base = CONTAINER_SIZE * c
                        for slot in BITS6[chunk]:
                            actions.extend(MOVE_IDS[base + slot][targets])
            if not down & SWAP_BIT:
                for c in range(n - 1):
                    chunk = awake[c]
                    if not chunk:
                        continue
                    later = [64 * d + awake[d] for d in range(c + 1, n) if awake[d]]
                    if not later:
                        continue
                    base = CONTAINER_SIZE * c
                    for slot in BITS6[chunk]:
                        table = SWAP_IDS[base + slot]
                        for index in later:
                            actions.extend(table[index])
            if not down & SLEEP_BIT:
                for c in range(n):
                    actions.extend(TOGGLE_IDS[c][chunks[c]])
        if not actions:
            actions.append(PASS)
        return actions

    def _takes(self) -> list[int]:
        """The hen's possible takes now: awake eggs in other containers, while there is room."""
        player = self._player
        occupied = self._occupied
        if (occupied >> (CONTAINER_SIZE * player)) & FULL == FULL:
            return []
        awake = occupied & ~self._asleep
        actions: list[int] = []
        for c in range(self._game.num_players):
            if c != player:
                actions.extend(TAKE_IDS[c][(awake >> (CONTAINER_SIZE * c)) & FULL])
        return actions

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._phase not in (DEALING, DRAWING):
            return []
        counts = Counter(self._pool)
        total = len(self._pool)
        return [(card, counts[card] / total) for card in sorted(counts)]

    def sample_chance(self, rng: random.Random) -> int:
        if self._phase not in (DEALING, DRAWING):
            raise ValueError("sample_chance called at a node that is not a chance node")
        pool = self._pool
        return pool[rng.randrange(len(pool))]

    # --- protocol: applying actions ---------------------------------------------------------

    def apply_action(self, action: int) -> None:
        phase = self._phase
        if phase in (TURN, HEN_TAKING):
            legal = self._legal
            if legal is None:
                legal = self._legal = self._compute_legal()
            if type(action) is not int:
                raise IllegalActionError(action, views.why_illegal(self, action))
            i = bisect_left(legal, action)
            if i == len(legal) or legal[i] != action:
                raise IllegalActionError(action, views.why_illegal(self, action))
            self._history.append(action)
            self._legal = None
            if action < PLAY_HEN:
                self._passes = 0
                self._place(action)
            elif action == PLAY_HEN:
                self._passes = 0
                self._play_hen()
            elif action < HEN_STOP:
                self._hen_take(action - HEN_TAKE)
            elif action == HEN_STOP:
                self._finish_play()
            elif action < PASS:
                self._passes = 0
                self._use_action_card(action)
            else:
                self._pass()
        elif phase in (DRAWING, DEALING):
            if type(action) is not int or action not in self._pool:
                raise IllegalActionError(action, views.why_illegal(self, action))
            self._history.append(action)
            self._legal = None
            self._pool.remove(action)
            if phase == DEALING:
                n = self._game.num_players
                seat = (HAND_SIZE * n - self._deal_left) % n
                self._receive(seat, action)
                self._deal_left -= 1
                if self._deal_left == 0:
                    self._phase = TURN
            else:
                self._receive(self._player, action)
                self._end_turn_after_play()
        else:
            raise IllegalActionError(action, "the game is over")

    def _receive(self, seat: int, card: int) -> None:
        self._hands[seat].append(card)
        self._slots[seat].append(len(self._history) - 1)

    def _retire_slot(self) -> None:
        """The mover showed a card from hand: match it to the oldest slot (a public rule)."""
        player = self._player
        self._canon.append((self._slots[player].pop(0), len(self._history) - 1, player))

    def _lowest_free(self, container: int) -> int:
        base = CONTAINER_SIZE * container
        free = ~(self._occupied >> base) & FULL
        return base + (free & -free).bit_length() - 1

    def _place(self, action: int) -> None:
        container, value = divmod(action - PLACE, EGG_TYPES)
        self._hands[self._player].remove(value)
        self._retire_slot()
        position = self._lowest_free(container)
        self._cells[position] = value
        self._origin[position] = len(self._history) - 1
        occupied = self._occupied | 1 << position
        self._occupied = occupied
        game = self._game
        if game.quick:
            if (occupied >> (CONTAINER_SIZE * container)) & FULL == FULL:
                self._phase = OVER
                return
        elif occupied == game.full_mask:
            self._phase = OVER
            return
        self._finish_play()

    def _play_hen(self) -> None:
        self._hands[self._player].remove(HEN)
        self._retire_slot()
        self._hen_out = True
        self._taken = 0
        if self._takes():
            self._phase = HEN_TAKING
        else:
            self._finish_play()

    def _hen_take(self, source: int) -> None:
        target = self._lowest_free(self._player)
        self._shift(source, target)
        self._taken += 1
        if self._game.quick and (self._occupied >> (CONTAINER_SIZE * self._player)) & FULL == FULL:
            self._phase = OVER
            return
        if not self._takes():
            self._finish_play()

    def _shift(self, source: int, target: int) -> None:
        """Move the (awake) egg at `source` to the empty cell `target`."""
        cells = self._cells
        origin = self._origin
        cells[target] = cells[source]
        origin[target] = origin[source]
        cells[source] = EMPTY
        origin[source] = 0
        self._occupied = (self._occupied & ~(1 << source)) | 1 << target

    def _finish_play(self) -> None:
        """An egg (or the hen) has been played: draw if the deck has a card, else end the turn."""
        self._taken = 0
        if self._pool:
            self._phase = DRAWING
        else:
            self._end_turn_after_play()

    def _end_turn_after_play(self) -> None:
        """After the draw of a forced egg play, all three action cards turn face up again."""
        player = self._player
        if self._down[player] == ALL_DOWN:
            self._down[player] = 0
        self._next_turn()

    def _next_turn(self) -> None:
        self._player = (self._player + 1) % self._game.num_players
        self._phase = TURN

    def _use_action_card(self, action: int) -> None:
        player = self._player
        if action < SWAP:
            position, target = divmod(action - MOVE, MAX_SEATS)
            self._shift(position, self._lowest_free(target))
            self._down[player] |= MOVE_BIT
            if self._game.quick and (self._occupied >> (CONTAINER_SIZE * target)) & FULL == FULL:
                self._phase = OVER
                return
        elif action < TOGGLE:
            a, b = divmod(action - SWAP, POSITIONS)
            cells = self._cells
            origin = self._origin
            cells[a], cells[b] = cells[b], cells[a]
            origin[a], origin[b] = origin[b], origin[a]
            self._down[player] |= SWAP_BIT
        else:
            self._asleep ^= 1 << (action - TOGGLE)
            self._down[player] |= SLEEP_BIT
        self._next_turn()

    def _pass(self) -> None:
        """No card to play and no usable action card. A full round of passes means nothing can
        change any more (passes change nothing, and nobody could act): the game ends."""
        self._passes += 1
        if self._passes == self._game.num_players:
            self._phase = OVER
            return
        self._next_turn()

    # --- protocol: outcome ------------------------------------------------------------------

    def scores(self) -> list[int]:
        """Points in each container: every egg counts, sleeping ones included."""
        cells = self._cells
        return [
            sum(v for v in cells[CONTAINER_SIZE * c : CONTAINER_SIZE * (c + 1)] if v != EMPTY)
            for c in range(self._game.num_players)
        ]

    def hand_points(self, seat: int) -> int:
        """The tie-break: the values of the egg cards in hand (the hen counts 0)."""
        return sum(HEN_POINTS if card == HEN else card for card in self._hands[seat])

    def tied(self) -> list[int]:
        """Seats sharing the best container score (more than one means a tie-break)."""
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def winners(self) -> list[int]:
        """The best container; among tied containers the best hand; still tied: all of them."""
        tied = self.tied()
        if len(tied) == 1:
            return tied
        extra = {seat: self.hand_points(seat) for seat in tied}
        best = max(extra.values())
        return [seat for seat in tied if extra[seat] == best]

    def returns(self) -> list[float]:
        n = self._game.num_players
        if self._phase != OVER:
            return [0.0] * n
        winners = self.winners()
        return [1.0 if seat in winners else 0.0 for seat in range(n)]

    # --- protocol: copies, history, equality ------------------------------------------------

    def clone(self) -> MandaHuevosState:
        other = MandaHuevosState.__new__(MandaHuevosState)
        other._game = self._game
        other._phase = self._phase
        other._player = self._player
        other._cells = self._cells.copy()
        other._origin = self._origin.copy()
        other._occupied = self._occupied
        other._asleep = self._asleep
        other._hands = [hand.copy() for hand in self._hands]
        other._slots = [slots.copy() for slots in self._slots]
        other._canon = self._canon.copy()
        other._pool = self._pool.copy()
        other._down = self._down.copy()
        other._deal_left = self._deal_left
        other._passes = self._passes
        other._hen_out = self._hen_out
        other._taken = self._taken
        other._history = self._history.copy()
        other._legal = self._legal
        return other

    def history(self) -> list[int]:
        return self._history.copy()

    def _key(self) -> tuple[Any, ...]:
        return (
            self._phase,
            self._player,
            tuple(self._cells),
            tuple(self._origin),
            self._occupied,
            self._asleep,
            tuple(tuple(sorted(hand)) for hand in self._hands),
            tuple(tuple(slots) for slots in self._slots),
            tuple(self._canon),
            tuple(sorted(self._pool)),
            tuple(self._down),
            self._deal_left,
            self._passes,
            self._hen_out,
            self._taken,
            tuple(self._history),
        )

    def card_places(self) -> dict[str, list[int]]:
        places = {f"hand {seat}": list(hand) for seat, hand in enumerate(self._hands)}
        cells = self._cells
        for seat in range(self._game.num_players):
            row = cells[CONTAINER_SIZE * seat : CONTAINER_SIZE * (seat + 1)]
            places[f"container {seat}"] = [v for v in row if v != EMPTY]
        places["deck"] = list(self._pool)
        places["out of the game"] = [HEN] if self._hen_out else []
        return places

    # --- hidden information -------------------------------------------------------------------

    def sleeping_hidden(self) -> bool:
        """Memory mode hides sleeping eggs' values until the end, when all are turned up."""
        return self._game.memory and self._phase != OVER

    def resample_from_infostate(self, seat: int, rng: random.Random) -> MandaHuevosState:
        game = self._game
        game.check_seat(seat, allow_none=False)
        n = game.num_players
        memory = game.memory
        hands_hidden = self._phase != OVER  # every hand is shown at the end
        cells = self._cells
        unseen = list(self._pool)
        if hands_hidden:
            for other in range(n):
                if other != seat:
                    unseen.extend(self._hands[other])
        sleeping: list[int] = []
        if self.sleeping_hidden():
            mask = self._asleep
            while mask:
                low = mask & -mask
                position = low.bit_length() - 1
                sleeping.append(position)
                unseen.append(cells[position])
                mask ^= low
        unseen.sort()  # the order of the real cards must not steer the sample
        # Sleeping eggs first, never the hen: it is the largest type, so it sits at the end of
        # the sorted pool, and the sleeping eggs' own values guarantee enough eggs.
        new_values: list[int] = []
        for _ in sleeping:
            limit = len(unseen) - (1 if unseen[-1] == HEN else 0)
            new_values.append(unseen.pop(rng.randrange(limit)))
        new_hands: list[list[int]] = []
        for other in range(n):
            if other == seat or not hands_hidden:
                new_hands.append(sorted(self._hands[other]))
            else:
                size = len(self._hands[other])
                new_hands.append([unseen.pop(rng.randrange(len(unseen))) for _ in range(size)])
        history = self._history.copy()
        for position, value in zip(sleeping, new_values, strict=True):
            history[self._origin[position]] += value - cells[position]
        for receipt, play, owner in self._canon:
            if memory or owner != seat:
                history[receipt] = played_card(history[play])
        for other in range(n):
            if other == seat and not memory:
                continue  # the seat remembers its own draws as they were
            for receipt, card in zip(self._slots[other], new_hands[other], strict=True):
                history[receipt] = card
        state = self.clone()
        for position, value in zip(sleeping, new_values, strict=True):
            state._cells[position] = value
        for other in range(n):
            if other != seat:
                state._hands[other] = new_hands[other]
        state._pool = unseen
        state._history = history
        state._legal = None
        return state

    def observation(self, seat: int | None = None) -> dict[str, Any]:
        return views.observation(self, seat)

    def action_to_string(self, action: int, viewer: int | None = None) -> str:
        return views.action_text(self, action, viewer)
