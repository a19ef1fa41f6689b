"""Manda Huevos! as a state machine: the deal, turns, action cards, the hen, the end.

The board is one flat list of ``6 x players`` cells (cell ``6 * seat + slot`` is slot ``slot`` of
``seat``'s container) with two bitmasks over the same positions: which cells hold an egg and
which eggs are asleep. Legal moves are read off the masks, so a turn costs a few loops over set
bits. The deck is an unordered pool of card types: nobody sees inside it, so each draw is a
uniform draw from the pool, exactly what a shuffled deck gives, and every chance node has at
most 22 outcomes.

While the state records (`_record`), it also keeps the public record that resampling rewrites
the history from (`hidden.py`): each hand's *slots* (the history positions of the cards it
received, oldest first), ``_canon`` (receipt position, play position, seat) for every card shown
from a hand, and ``_origin``, the history position of each egg's placement.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, Final

from roost.core.actions import ActionInfo
from roost.core.game import CHANCE, TERMINAL
from roost.core.lists import remove_first
from roost.core.rand import randbelow
from roost.core.state import State
from roost.games.manda_huevos import hidden, views
from roost.games.manda_huevos.actions import (
    ACTING,
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
    POP6,
    POSITIONS,
    SLEEP_BIT,
    SWAP,
    SWAP_BIT,
    SWAP_IDS,
    TAKE_IDS,
    TOGGLE,
    TOGGLE_IDS,
    TURN,
    USE_OWN,
)
from roost.games.manda_huevos.cards import (
    ACTION_CARDS,
    CONTAINER_SIZE,
    EGG_TYPES,
    HEN,
    HEN_POINTS,
    MOVE_EFFECT,
    SLEEP_EFFECT,
    TAKE_EFFECT,
)

OWN_BIT: Final = len(ACTION_CARDS)
"""The face-down bit of own action card 0 (the printed cards take bits 0-2)."""

if TYPE_CHECKING:
    from roost.games.manda_huevos.game import MandaHuevosGame


def _nth_bit(mask: int, j: int, first: int, n: int) -> int:
    """The position of the `j`-th (from 0) set bit of `mask` in containers `first` to
    ``n - 1``, counted in increasing position order."""
    for c in range(first, n):
        chunk = (mask >> (CONTAINER_SIZE * c)) & FULL
        count = POP6[chunk]
        if j < count:
            return CONTAINER_SIZE * c + BITS6[chunk][j]
        j -= count
    raise AssertionError(f"mask {mask:#x} has no bit {j} past container {first}")


class MandaHuevosState(State["MandaHuevosGame"]):
    """A position in a game of Manda Huevos!."""

    __slots__ = (
        "_acting",
        "_asleep",
        "_canon",
        "_cells",
        "_deal_left",
        "_down",
        "_hands",
        "_hen_out",
        "_left",
        "_occupied",
        "_origin",
        "_passes",
        "_phase",
        "_player",
        "_pool",
        "_slots",
        "_taken",
    )

    _acting: int
    _asleep: int
    _canon: list[tuple[int, int, int]]
    _cells: list[int]
    _deal_left: int
    _down: list[int]
    _hands: list[list[int]]
    _hen_out: bool
    _left: int
    _occupied: int
    _origin: list[int]
    _passes: int
    _phase: int
    _player: int
    _pool: list[int]
    _slots: list[list[int]]
    _taken: int

    def __init__(self, game: MandaHuevosGame) -> None:
        super().__init__(game)
        n = game.num_players
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
        self._down = [game.missing_actions] * n
        self._deal_left = game.hand_size * n
        self._passes = 0
        self._hen_out = False
        self._taken = 0
        self._acting = -1
        """The own action card being carried out (its index; -1: none)."""
        self._left = 0
        """Applications of its effect still to come."""

    # --- protocol: who moves and what they may do ------------------------------------------

    def current_player(self) -> int:
        phase = self._phase
        if phase in (TURN, HEN_TAKING, ACTING):
            return self._player
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def _legal_now(self) -> list[int]:
        phase = self._phase
        if phase == TURN:
            return self._turn_actions()
        if phase == HEN_TAKING:
            actions = self._takes()
            actions.append(HEN_STOP)
            return actions
        if phase == ACTING:
            return self._effect_actions(self._game.own_actions[self._acting][0])
        return []

    def _turn_actions(self) -> list[int]:
        """Every legal action of a normal turn, generated in increasing id order (no list but
        the answer is made: this is most of the time a random game takes)."""
        n = self._game.num_players
        player = self._player
        occupied = self._occupied
        rooms = 0  # the containers with room, as a bit mask
        for c in range(n):
            if (occupied >> (CONTAINER_SIZE * c)) & FULL != FULL:
                rooms |= 1 << c
        actions: list[int] = []
        hand = self._hands[player]
        if hand:
            present = 0  # the card types in the hand, as a bit mask
            for v in hand:
                present |= 1 << v
            eggs = present & ~(1 << HEN)
            if eggs and rooms:
                values: list[int] = []
                while eggs:
                    low = eggs & -eggs
                    values.append(low.bit_length() - 1)
                    eggs ^= low
                for c in BITS6[rooms]:
                    base = PLACE + c * EGG_TYPES
                    for v in values:
                        actions.append(base + v)
            if present >> HEN & 1:
                actions.append(PLAY_HEN)
        down = self._down[player]
        if down & ALL_DOWN != ALL_DOWN:
            awake = occupied & ~self._asleep
            if not down & MOVE_BIT:
                self._add_moves(actions, awake, rooms)
            if not down & SWAP_BIT:
                self._add_swaps(actions, awake)
            if not down & SLEEP_BIT:
                self._add_toggles(actions)
        own = self._game.own_actions
        for k in range(len(own)):
            if not down >> (OWN_BIT + k) & 1 and self._effect_actions(own[k][0]):
                actions.append(USE_OWN + k)
        if not actions:
            actions.append(PASS)
        return actions

    def _random_legal(self, rng: random.Random) -> int:
        """A normal turn's random move without listing the turn's ~43 actions (most of a
        random game's time): `_random_turn_action`; elsewhere, and in games with own action
        cards (whose use depends on their targets), from the list."""
        if self._phase == TURN and not self._game.own_actions:
            return self._random_turn_action(rng)
        legal = self._legal_cached()
        return legal[randbelow(rng, len(legal))]

    def _random_turn_action(self, rng: random.Random) -> int:
        """``_turn_actions()[randbelow(rng, len)]`` from the same draw, without the list: each
        kind of move is counted off the masks (placements, the hen, Moves, Swaps, Sleep /
        Wake, in increasing id order as `_turn_actions` lists them), one index is drawn over
        the total, and only the move at that index is built (tests/test_search_shortcuts.py
        checks it picks what the list would). Counts are kept in ints, not lists: mypyc boxes
        every int it puts in a list."""
        n = self._game.num_players
        player = self._player
        occupied = self._occupied
        awake = occupied & ~self._asleep
        rooms = 0
        eggs_awake = 0  # awake eggs of all containers
        for c in range(n):
            shift = CONTAINER_SIZE * c
            if (occupied >> shift) & FULL != FULL:
                rooms |= 1 << c
            eggs_awake += POP6[(awake >> shift) & FULL]
        present = 0  # the card types in the hand, as a bit mask
        for v in self._hands[player]:
            present |= 1 << v
        hen = present >> HEN & 1
        eggs = present & ~(1 << HEN)
        count = 0  # distinct egg values in hand
        rest = eggs
        while rest:
            rest &= rest - 1
            count += 1
        places = POP6[rooms] * count
        down = self._down[player]
        moves = swaps = toggles = 0
        if not down & MOVE_BIT:
            for c in range(n):
                moves += POP6[(awake >> (CONTAINER_SIZE * c)) & FULL] * POP6[rooms & ~(1 << c)]
        if not down & SWAP_BIT:
            later = eggs_awake
            for c in range(n):
                here = POP6[(awake >> (CONTAINER_SIZE * c)) & FULL]
                later -= here
                swaps += here * later
        if not down & SLEEP_BIT:
            for c in range(n):
                toggles += POP6[(occupied >> (CONTAINER_SIZE * c)) & FULL]
        total = places + hen + moves + swaps + toggles
        if total == 0:
            randbelow(rng, 1)  # the draw `[PASS][randbelow(rng, 1)]` makes
            return PASS
        k = randbelow(rng, total)
        if k < places:
            j = k % count  # the j-th egg value held, in increasing order
            while j:
                eggs &= eggs - 1
                j -= 1
            value = (eggs & -eggs).bit_length() - 1
            return PLACE + BITS6[rooms][k // count] * EGG_TYPES + value
        k -= places
        if k < hen:
            return PLAY_HEN
        k -= hen
        if k < moves:
            for c in range(n):
                targets = rooms & ~(1 << c)
                chunk = (awake >> (CONTAINER_SIZE * c)) & FULL
                room_count = POP6[targets]
                per = POP6[chunk] * room_count
                if k < per:
                    position = CONTAINER_SIZE * c + BITS6[chunk][k // room_count]
                    return MOVE + position * MAX_SEATS + BITS6[targets][k % room_count]
                k -= per
        k -= moves
        if k < swaps:
            later = eggs_awake
            for c in range(n):
                base = CONTAINER_SIZE * c
                chunk = (awake >> base) & FULL
                here = POP6[chunk]
                later -= here
                per = here * later
                if k < per:
                    a = base + BITS6[chunk][k // later]
                    return SWAP + a * POSITIONS + _nth_bit(awake, k % later, c + 1, n)
                k -= per
        k -= swaps
        return TOGGLE + _nth_bit(occupied, k, 0, n)

    def _effect_actions(self, effect: int) -> list[int]:
        """Every target of one application of an effect now (an own action card's legal
        actions while it is carried out, and whether it can be used at all): the ids of the
        printed card with that effect, or of the hen's takes."""
        if effect == TAKE_EFFECT:
            return self._takes()
        actions: list[int] = []
        if effect == SLEEP_EFFECT:
            self._add_toggles(actions)
            return actions
        occupied = self._occupied
        awake = occupied & ~self._asleep
        if effect == MOVE_EFFECT:
            rooms = 0
            for c in range(self._game.num_players):
                if (occupied >> (CONTAINER_SIZE * c)) & FULL != FULL:
                    rooms |= 1 << c
            self._add_moves(actions, awake, rooms)
        else:
            self._add_swaps(actions, awake)
        return actions

    def _add_moves(self, actions: list[int], awake: int, rooms: int) -> None:
        """Append every Move an Egg id: an awake egg (`awake` mask) to another container with
        room (`rooms`, a mask of containers), in increasing id order."""
        for c in range(self._game.num_players):
            chunk = (awake >> (CONTAINER_SIZE * c)) & FULL
            targets = rooms & ~(1 << c)
            if chunk and targets:
                base = CONTAINER_SIZE * c
                for slot in BITS6[chunk]:
                    actions.extend(MOVE_IDS[base + slot][targets])

    def _add_swaps(self, actions: list[int], awake: int) -> None:
        """Append every Swap Eggs id: two awake eggs in different containers, in increasing
        id order (one `extend` per pair of containers, from the id tables)."""
        for c in range(self._game.num_players - 1):
            base = CONTAINER_SIZE * c
            chunk = (awake >> base) & FULL
            rest = awake >> (base + CONTAINER_SIZE)  # the awake eggs of later containers
            if chunk and rest:
                for slot in BITS6[chunk]:
                    table = SWAP_IDS[base + slot]
                    later = rest
                    index = 64 * (c + 1)
                    while later:
                        part = later & FULL
                        if part:
                            actions.extend(table[index + part])
                        later >>= CONTAINER_SIZE
                        index += 64

    def _add_toggles(self, actions: list[int]) -> None:
        """Append every Put to Sleep / Wake id: any egg, in increasing id order."""
        occupied = self._occupied
        for c in range(self._game.num_players):
            chunk = (occupied >> (CONTAINER_SIZE * c)) & FULL
            if chunk:
                actions.extend(TOGGLE_IDS[c][chunk])

    def _checks_one(self) -> bool:
        return True

    def _is_legal(self, action: int) -> bool:
        """One decision's legality read off the masks, without listing a turn's ~40 actions
        (the conformance suite checks it agrees with `_legal_now` at every step)."""
        phase = self._phase
        player = self._player
        occupied = self._occupied
        n = self._game.num_players
        if phase == HEN_TAKING:
            if action == HEN_STOP:
                return True
            position = action - HEN_TAKE
            return (
                0 <= position < CONTAINER_SIZE * n
                and position // CONTAINER_SIZE != player
                and (occupied & ~self._asleep) >> position & 1 == 1
                and (occupied >> (CONTAINER_SIZE * player)) & FULL != FULL
            )
        if phase == ACTING:
            return action in self._effect_actions(self._game.own_actions[self._acting][0])
        if phase != TURN or action < 0:
            return False
        if action < PLAY_HEN:
            container = (action - PLACE) // EGG_TYPES
            value = action - PLACE - container * EGG_TYPES
            return (
                container < n
                and (occupied >> (CONTAINER_SIZE * container)) & FULL != FULL
                and value in self._hands[player]
            )
        if action == PLAY_HEN:
            return HEN in self._hands[player]
        if action < MOVE:
            return False
        down = self._down[player]
        awake = occupied & ~self._asleep
        cells = CONTAINER_SIZE * n
        if action < SWAP:
            position = (action - MOVE) // MAX_SEATS
            target = action - MOVE - position * MAX_SEATS
            return (
                not down & MOVE_BIT
                and position < cells
                and target < n
                and awake >> position & 1 == 1
                and target != position // CONTAINER_SIZE
                and (occupied >> (CONTAINER_SIZE * target)) & FULL != FULL
            )
        if action < TOGGLE:
            a = (action - SWAP) // POSITIONS
            b = action - SWAP - a * POSITIONS
            return (
                not down & SWAP_BIT
                and b < cells
                and a // CONTAINER_SIZE < b // CONTAINER_SIZE
                and awake >> a & 1 == 1
                and awake >> b & 1 == 1
            )
        if action < PASS:
            position = action - TOGGLE
            return not down & SLEEP_BIT and position < cells and occupied >> position & 1 == 1
        if action == PASS:
            return self._turn_actions() == [PASS]
        own = self._game.own_actions
        k = action - USE_OWN
        return (
            k < len(own)
            and not self._down[player] >> (OWN_BIT + k) & 1
            and bool(self._effect_actions(own[k][0]))
        )

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
        """Draw the next card (overrides the base only to skip a call: playouts draw often)."""
        phase = self._phase
        if phase in (DRAWING, DEALING):
            pool = self._pool
            outcome = self._sampled = pool[randbelow(rng, len(pool))]
            return outcome
        return super().sample_chance(rng)

    def _sample(self, rng: random.Random) -> int:
        pool = self._pool
        return pool[randbelow(rng, len(pool))]

    def _chance_ok(self, outcome: int) -> bool:
        return outcome in self._pool

    # --- protocol: applying actions ---------------------------------------------------------

    def _apply(self, action: int) -> None:
        phase = self._phase
        if phase == TURN:
            if action >= MOVE:
                if action < PASS:
                    self._passes = 0
                    self._use_action_card(action)
                elif action == PASS:
                    self._pass()
                else:
                    self._passes = 0
                    self._use_own_card(action - USE_OWN)
            elif action < PLAY_HEN:
                self._passes = 0
                self._place(action)
            else:
                self._passes = 0
                self._play_hen()
            return
        if phase == HEN_TAKING:
            if action == HEN_STOP:
                self._finish_play()
            else:
                self._hen_take(action - HEN_TAKE)
            return
        if phase == ACTING:
            self._own_effect(action)
            return
        remove_first(self._pool, action)
        if phase == DEALING:
            n = self._game.num_players
            seat = (self._game.hand_size * n - self._deal_left) % n
            self._hands[seat].append(action)
            if self._record:
                self._slots[seat].append(len(self._history) - 1)
            self._deal_left -= 1
            if self._deal_left == 0:
                self._phase = TURN
        else:
            player = self._player
            self._hands[player].append(action)
            if self._record:
                self._slots[player].append(len(self._history) - 1)
            if self._down[player] == self._game.all_down:
                # After the draw that follows a forced egg play, all the action cards turn
                # face up again (those the player has: the `copies` parameter).
                self._down[player] = self._game.missing_actions
            if self._game.final_draw and self._ended():
                self._phase = OVER  # the draw after the egg that ended the game
                return
            self._player = (player + 1) % self._game.num_players
            self._phase = TURN

    def _retire_slot(self) -> None:
        """The mover showed a card from hand: match it to the oldest slot (a public rule)."""
        player = self._player
        self._canon.append((self._slots[player].pop(0), len(self._history) - 1, player))

    def _lowest_free(self, container: int) -> int:
        base = CONTAINER_SIZE * container
        free = ~(self._occupied >> base) & FULL
        return base + (free & -free).bit_length() - 1

    def _place(self, action: int) -> None:
        container = (action - PLACE) // EGG_TYPES
        value = action - PLACE - container * EGG_TYPES
        player = self._player
        remove_first(self._hands[player], value)
        base = CONTAINER_SIZE * container
        free = ~(self._occupied >> base) & FULL
        position = base + (free & -free).bit_length() - 1
        self._cells[position] = value
        if self._record:  # the egg shown is matched to the oldest slot (see `_retire_slot`)
            played = len(self._history) - 1
            self._canon.append((self._slots[player].pop(0), played, player))
            self._origin[position] = played
        occupied = self._occupied | 1 << position
        self._occupied = occupied
        game = self._game
        if game.quick:
            if (occupied >> base) & FULL == FULL:
                self._end_after_play()
                return
        elif occupied == game.full_mask:
            self._end_after_play()
            return
        if self._pool:
            self._phase = DRAWING  # the common case of `_finish_play`
        else:
            self._finish_play()

    def _play_hen(self) -> None:
        self._hands[self._player].remove(HEN)
        if self._record:
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
            self._end_after_play()
            return
        if not self._takes():
            self._finish_play()

    def _shift(self, source: int, target: int) -> None:
        """Move the (awake) egg at `source` to the empty cell `target`."""
        cells = self._cells
        cells[target] = cells[source]
        cells[source] = EMPTY
        if self._record:
            origin = self._origin
            origin[target] = origin[source]
            origin[source] = 0
        self._occupied = (self._occupied & ~(1 << source)) | 1 << target

    def _end_after_play(self) -> None:
        """The egg (or the hen) just played ends the game: at once ("at the moment all
        containers are full"), or with `final_draw` after its player's draw, if the deck has a
        card (RULES.md, choices)."""
        if self._game.final_draw and self._pool:
            self._phase = DRAWING
        else:
            self._phase = OVER

    def _ended(self) -> bool:
        """Whether the containers are as full as the end needs (every one; Quick Game: any)."""
        game = self._game
        occupied = self._occupied
        if not game.quick:
            return occupied == game.full_mask
        return any(
            (occupied >> (CONTAINER_SIZE * seat)) & FULL == FULL for seat in range(game.num_players)
        )

    def _finish_play(self) -> None:
        """An egg (or the hen) has been played: draw if the deck has a card, else end the turn."""
        self._taken = 0
        if self._pool:
            self._phase = DRAWING
            return
        player = self._player
        if self._down[player] == self._game.all_down:
            self._down[player] = self._game.missing_actions  # the refresh, with no card to draw
        self._next_turn()

    def _next_turn(self) -> None:
        self._player = (self._player + 1) % self._game.num_players
        self._phase = TURN

    def _use_action_card(self, action: int) -> None:
        player = self._player
        if action < SWAP:
            position = (action - MOVE) // MAX_SEATS
            target = action - MOVE - position * MAX_SEATS
            self._shift(position, self._lowest_free(target))
            self._down[player] = self._down[player] | MOVE_BIT
            if self._game.quick and (self._occupied >> (CONTAINER_SIZE * target)) & FULL == FULL:
                self._phase = OVER
                return
        elif action < TOGGLE:
            self._apply_swap_or_toggle(action)
            self._down[player] = self._down[player] | SWAP_BIT
        else:
            self._apply_swap_or_toggle(action)
            self._down[player] = self._down[player] | SLEEP_BIT
        self._player = (player + 1) % self._game.num_players

    def _use_own_card(self, index: int) -> None:
        """Turn own action card `index` face down and start carrying out its effect (it has a
        target: `_turn_actions` offers it only then)."""
        self._down[self._player] = self._down[self._player] | (1 << (OWN_BIT + index))
        self._acting = index
        self._left = self._game.own_actions[index][1]
        self._phase = ACTING

    def _own_effect(self, action: int) -> None:
        """One application of the own card's effect (a Move, Swap or Sleep / Wake id, or a
        take); the card is done after its last application, or as soon as nothing is left to
        act on, and the turn passes on. A Move or take that fills a container ends the Quick
        Game, as the printed Move and the hen do."""
        player = self._player
        if action < HEN_STOP:
            target = player
            self._shift(action - HEN_TAKE, self._lowest_free(player))
        elif action < SWAP:
            position = (action - MOVE) // MAX_SEATS
            target = action - MOVE - position * MAX_SEATS
            self._shift(position, self._lowest_free(target))
        else:
            target = -1
            self._apply_swap_or_toggle(action)
        if (
            target >= 0
            and self._game.quick
            and (self._occupied >> (CONTAINER_SIZE * target)) & FULL == FULL
        ):
            self._acting = -1
            self._left = 0
            self._phase = OVER
            return
        self._left -= 1
        if self._left == 0 or not self._effect_actions(self._game.own_actions[self._acting][0]):
            self._acting = -1
            self._left = 0
            self._next_turn()

    def _apply_swap_or_toggle(self, action: int) -> None:
        """A Swap Eggs or Put to Sleep / Wake id's effect on the board."""
        if action < TOGGLE:
            a = (action - SWAP) // POSITIONS
            b = action - SWAP - a * POSITIONS
            cells = self._cells
            cells[a], cells[b] = cells[b], cells[a]
            if self._record:
                origin = self._origin
                origin[a], origin[b] = origin[b], origin[a]
        else:
            self._asleep ^= 1 << (action - TOGGLE)

    def _pass(self) -> None:
        """No card to play and no usable action card. A full round of passes means nothing can
        change any more (passes change nothing, and nobody could act): the game ends."""
        self._passes += 1
        if self._passes == self._game.num_players:
            self._phase = OVER
            return
        self._next_turn()

    # --- protocol: outcome ------------------------------------------------------------------

    def _scores(self) -> list[int]:
        """Points in each container: every egg counts, sleeping ones included."""
        cells = self._cells
        return [
            sum(v for v in cells[CONTAINER_SIZE * c : CONTAINER_SIZE * (c + 1)] if v != EMPTY)
            for c in range(self._game.num_players)
        ]

    def _hand_points(self, seat: int) -> int:
        """The tie-break: the values of the egg cards in hand (the hen counts 0)."""
        return sum(HEN_POINTS if card == HEN else card for card in self._hands[seat])

    def _tied(self) -> list[int]:
        """Seats sharing the best container score (more than one means a tie-break)."""
        scores = self._scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def winners(self) -> list[int]:
        """The best container; among tied containers the best hand; still tied: all of them
        ([] until the game is over)."""
        if self._phase != OVER:
            return []
        tied = self._tied()
        if len(tied) == 1:
            return tied
        extra = {seat: self._hand_points(seat) for seat in tied}
        best = max(extra.values())
        return [seat for seat in tied if extra[seat] == best]

    def returns(self) -> list[float]:
        n = self._game.num_players
        if self._phase != OVER:
            return [0.0] * n
        winners = self.winners()
        return [1.0 if seat in winners else 0.0 for seat in range(n)]

    def card_places(self) -> dict[str, list[int]]:
        places = {f"hand {seat}": list(hand) for seat, hand in enumerate(self._hands)}
        cells = self._cells
        for seat in range(self._game.num_players):
            row = cells[CONTAINER_SIZE * seat : CONTAINER_SIZE * (seat + 1)]
            places[f"container {seat}"] = [v for v in row if v != EMPTY]
        places["deck"] = list(self._pool)
        places["out of the game"] = [HEN] if self._hen_out else []
        return places

    # --- protocol: copies and equality -------------------------------------------------------

    def _copy_into(self, other: MandaHuevosState) -> None:
        other._phase = self._phase
        other._player = self._player
        other._cells = self._cells.copy()
        other._occupied = self._occupied
        other._asleep = self._asleep
        other._hands = [hand.copy() for hand in self._hands]
        other._pool = self._pool.copy()
        other._down = self._down.copy()
        other._deal_left = self._deal_left
        other._passes = self._passes
        other._hen_out = self._hen_out
        other._taken = self._taken
        other._acting = self._acting
        other._left = self._left
        if self._record:
            other._origin = self._origin.copy()
            other._slots = [slots.copy() for slots in self._slots]
            other._canon = self._canon.copy()
        else:  # a copy that stopped recording never changes the record again
            other._origin = self._origin
            other._slots = self._slots
            other._canon = self._canon

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
            self._acting,
            self._left,
        )

    # --- hidden information and what each seat sees ------------------------------------------

    def _sleeping_hidden(self) -> bool:
        """Memory mode hides sleeping eggs' values until the end, when all are turned up."""
        return self._game.memory and self._phase != OVER

    def _resample(self, seat: int, rng: random.Random) -> MandaHuevosState:
        return hidden.resample(self, seat, rng)

    def _determinize(self, seat: int, rng: random.Random) -> MandaHuevosState:
        return hidden.resample(self, seat, rng, record=False)

    def _observe(self, viewer: int | None) -> views.MandaHuevosObservation:
        return views.observation(self, viewer)

    def _action_text(self, action: int, viewer: int | None) -> str:
        return views.action_text(self, action, viewer)

    def _action_info(self, action: int, viewer: int | None) -> ActionInfo:
        return views.action_info(self, action, viewer)

    def _explain_illegal(self, action: int) -> str:
        return views.why_illegal(self, action)
