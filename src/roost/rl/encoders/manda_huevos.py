"""Manda Huevos!'s observation tensor (``roost.rl.encoding``).

Per-seat fields are seat-relative (entry 0 is the viewer, 1 the next seat, ...). Card type ids
are those of `Game.card_types()`: an egg's id is its value (0-20), the hen is 21. ``V`` is the
highest egg value in this game's deck (9 with the default ``egg_values``), ``N`` the number of
cards in it (55 by default), ``H`` the hand size (the ``hand`` parameter, 3 by default). A
container is 6 slots of 4 entries each: occupied, asleep, value hidden (memory mode), value / V.

=================  ====  ============================================================
field              size  meaning
=================  ====  ============================================================
phase              6     one-hot Phase, in the order its enum declares
current_player     n     one-hot seat to move (all 0 while dealing and at the end)
hand               22    my hand: copies of each card type (eggs 0-20, hen 21) / H
containers         24n   each seat's 6 slots x (occupied, asleep, value hidden, value / V)
points             n     points each container shows / 6V
eggs_in_container  n     eggs in each container / 6
face_up_actions    7n    each seat's face-up action cards: Move, Swap, Sleep/Wake, own 1-4
must_play_egg      n     1 if all the seat's action cards are face down
hand_sizes         n     cards in each hand / H
deck               1     cards left in the deck / N
hen_played         1     1 once the hen has been played
hen_taken          1     eggs taken so far in the current hen turn / 6
passes_in_a_row    1     passes in a row / n
acting             5     one-hot own card being carried out (1-4), applications left / 3
scores             n     at the end: each container's points, sleeping eggs included / 6V
winners            n     1 for each winning seat, once the game is over
=================  ====  ============================================================

The own action cards (the ``own_cards`` parameter) have fixed places whether a game has them
or not (all 0 without), so every game of a player count has one tensor size; own eggs are
eggs like the printed ones. What each own card does (``own_actions``) is left out like the
other parameters: it is the same in every observation of an env.

Left out: ``game``, ``players``, ``seat``; the parameters ``end`` and ``sleeping_values`` (the
same in every observation of an env); at the end ``final_hands`` and ``tie_break`` (they decide
the result, which the rewards carry).

The envs write the same tensor straight from the state (`make_state_writer`), reading only what
``observation(seat)`` shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from roost.core.game import Game
from roost.core.state import State
from roost.games.manda_huevos.actions import (
    ACTING,
    DRAWING,
    EMPTY,
    FULL,
    HEN_TAKING,
    OVER,
    PHASES,
    TURN,
    Phase,
)
from roost.games.manda_huevos.cards import (
    ACTION_CARD_IDS,
    CONTAINER_SIZE,
    MOST_OWN_ACTIONS,
    MOST_REPEATS,
    OWN_ACTION_IDS,
)
from roost.games.manda_huevos.game import MandaHuevosGame
from roost.games.manda_huevos.state import MandaHuevosState
from roost.games.manda_huevos.views import Hen
from roost.rl.encoding import (
    Buffer,
    ObservationEncoder,
    Row,
    StateWrite,
    Write,
    block,
    count_into,
    index_of,
    relative,
    seats,
    sums,
)

HELD = 22
"""Card types a hand can hold: the eggs 0-20 and the hen (21)."""
SLOTS = 6
SLOT_WIDTH = 4
ACTION_CARDS = (22, 23, 24)
"""Move an Egg, Swap Eggs, Put to Sleep / Wake."""
OWN = MOST_OWN_ACTIONS
"""Places for own action cards (type ids 25-28 follow the printed 22-24)."""


FIELDS = (
    block("phase", len(Phase), "one-hot Phase, in the order its enum declares"),
    seats("current_player", "one-hot seat to move (all 0 while dealing and at the end)"),
    block("hand", HELD, "my hand: copies of each card type (eggs 0-20, hen 21) / H"),
    seats(
        "containers",
        "each seat's 6 slots x (occupied, asleep, value hidden, value / V)",
        SLOTS * SLOT_WIDTH,
    ),
    seats("points", "points each container shows / 6V"),
    seats("eggs_in_container", "eggs in each container / 6"),
    seats(
        "face_up_actions",
        "each seat's face-up action cards: Move, Swap, Sleep/Wake, own 1-4",
        len(ACTION_CARDS) + OWN,
    ),
    seats("must_play_egg", "1 if all the seat's action cards are face down"),
    seats("hand_sizes", "cards in each hand / H"),
    block("deck", 1, "cards left in the deck / N"),
    block("hen_played", 1, "1 once the hen has been played"),
    block("hen_taken", 1, "eggs taken so far in the current hen turn / 6"),
    block("passes_in_a_row", 1, "passes in a row / n"),
    block("acting", OWN + 1, "one-hot own card being carried out (1-4), applications left / 3"),
    seats("scores", "at the end: each container's points, sleeping eggs included / 6V"),
    seats("winners", "1 for each winning seat, once the game is over"),
)

_PHASE = index_of(list(Phase))
_PLAYED = str(Hen.PLAYED)


_PHASE_AT = [_PHASE[str(phase)] for phase in PHASES]
"""The one-hot entry of each phase number of the state."""
_DECIDING = (TURN, HEN_TAKING, DRAWING, ACTING)
"""The phases whose observation names a current player."""


class _Writers:
    """Where each field starts in the row and what its values are divided by, worked out
    once per binding for both writers of the tensor: from an observation (`make_writer`)
    and from the state (`make_state_writer`)."""

    def __init__(self, game: Game, at: Mapping[str, int]) -> None:
        self.mh = cast(MandaHuevosGame, game)
        self.n = game.num_players
        self.rel = relative(self.n)
        self.kinds = game.card_types()
        self.cards = game.all_cards()
        self.top = (
            max((card for card in self.cards if self.kinds[card].kind == "egg"), default=1) or 1
        )
        self.full = 6 * self.top
        self.total = len(self.cards)
        self.phase = at["phase"]
        self.current = at["current_player"]
        self.hand = at["hand"]
        self.containers = at["containers"]
        self.points = at["points"]
        self.eggs = at["eggs_in_container"]
        self.face_up = at["face_up_actions"]
        self.must = at["must_play_egg"]
        self.sizes = at["hand_sizes"]
        self.deck = at["deck"]
        self.hen = at["hen_played"]
        self.taken = at["hen_taken"]
        self.passes = at["passes_in_a_row"]
        self.scores = at["scores"]
        self.winners = at["winners"]
        self.acting_at = at["acting"]
        self.up_width = len(ACTION_CARDS) + OWN
        self.width = SLOTS * SLOT_WIDTH
        self.held = self.mh.hand_size  # H: counts stay within 0-1
        self.third = 1 / self.held
        self.copies = sums(len(self.cards), 1 / self.held)  # `+= 1/H` k times, in a float32 entry
        self.ids = (ACTION_CARD_IDS + OWN_ACTION_IDS)[
            : len(ACTION_CARD_IDS) + len(self.mh.own_actions)
        ]
        self.up_entries = [card - ACTION_CARDS[0] for card in self.ids]
        self.all_down = self.mh.all_down
        self.memory = self.mh.memory

    def observation(self, obs: Mapping[str, Any], buf: Buffer) -> None:
        order = self.rel[obs["seat"]]
        buf[self.phase + _PHASE[obs["phase"]]] = 1.0
        player = obs["current_player"]
        if player is not None:
            buf[self.current + order[player]] = 1.0
        for card in obs["hand"]:
            buf[self.hand + card] += self.third
        for seat, row in enumerate(obs["containers"]):
            base = self.containers + self.width * order[seat]
            for slot, cell in enumerate(row):
                if cell is None:
                    continue
                at_slot = base + SLOT_WIDTH * slot
                buf[at_slot] = 1.0
                if cell["asleep"]:
                    buf[at_slot + 1] = 1.0
                value = cell["egg"]
                if value is None:
                    buf[at_slot + 2] = 1.0
                else:
                    buf[at_slot + 3] = value / self.top
        for seat, value in enumerate(obs["points"]):
            buf[self.points + order[seat]] = value / self.full
        for seat, value in enumerate(obs["eggs_in_container"]):
            buf[self.eggs + order[seat]] = value / 6
        for seat, up in enumerate(obs["face_up_actions"]):
            base = self.face_up + self.up_width * order[seat]
            for card in up:
                buf[base + card - 22] = 1.0
        for seat, forced in enumerate(obs["must_play_egg"]):
            if forced:
                buf[self.must + order[seat]] = 1.0
        for seat, size in enumerate(obs["hand_sizes"]):
            buf[self.sizes + order[seat]] = size / self.held if size < self.held else 1.0
        buf[self.deck] = obs["deck"] / self.total
        if obs["hen"] == _PLAYED:
            buf[self.hen] = 1.0
        buf[self.taken] = obs["hen_taken"] / 6
        buf[self.passes] = obs["passes_in_a_row"] / self.n
        acting = obs["acting"]
        if acting is not None:
            buf[self.acting_at + acting - OWN_ACTION_IDS[0]] = 1.0
            buf[self.acting_at + OWN] = obs["acting_left"] / MOST_REPEATS
        for seat, value in enumerate(obs.get("scores", ())):
            buf[self.scores + order[seat]] = value / self.full
        for seat in obs.get("winners", ()):
            buf[self.winners + order[seat]] = 1.0

    def state(self, state: State, seat: int, buf: Row, o: int) -> None:
        """`make_writer`'s tensor from the state (what `roost.games.manda_huevos.views.observation`
        shows the seat, field by field)."""
        s = cast(MandaHuevosState, state)
        order = self.rel[seat]
        phase = s._phase
        buf[o + self.phase + _PHASE_AT[phase]] = 1.0
        if phase in _DECIDING:
            buf[o + self.current + order[s._player]] = 1.0
        count_into(buf, o + self.hand, s._hands[seat], self.copies)
        hide = self.memory and phase != OVER
        cells = s._cells
        asleep = s._asleep
        occupied = s._occupied
        for c in range(self.n):
            base = self.containers + self.width * order[c]
            shown_total = 0
            first = CONTAINER_SIZE * c
            for slot in range(CONTAINER_SIZE):
                position = first + slot
                value = cells[position]
                if value == EMPTY:
                    continue
                at_slot = base + SLOT_WIDTH * slot
                buf[o + at_slot] = 1.0
                sleeping = asleep >> position & 1
                if sleeping:
                    buf[o + at_slot + 1] = 1.0
                if sleeping and hide:
                    buf[o + at_slot + 2] = 1.0
                else:
                    shown_total += value
                    if value:
                        buf[o + at_slot + 3] = value / self.top
            if shown_total:
                buf[o + self.points + order[c]] = shown_total / self.full
            count = ((occupied >> first) & FULL).bit_count()
            if count:
                buf[o + self.eggs + order[c]] = count / 6
        for p, down in enumerate(s._down):
            base = self.face_up + self.up_width * order[p]
            for k, entry in enumerate(self.up_entries):
                if not down >> k & 1:
                    buf[o + base + entry] = 1.0
            if down == self.all_down:
                buf[o + self.must + order[p]] = 1.0
        for p, cards_held in enumerate(s._hands):
            size = len(cards_held)
            if size:
                buf[o + self.sizes + order[p]] = size / self.held if size < self.held else 1.0
        if s._pool:
            buf[o + self.deck] = len(s._pool) / self.total
        if s._hen_out:
            buf[o + self.hen] = 1.0
        if s._taken:
            buf[o + self.taken] = s._taken / 6
        if s._passes:
            buf[o + self.passes] = s._passes / self.n
        if s._acting >= 0:
            buf[o + self.acting_at + s._acting] = 1.0
            buf[o + self.acting_at + OWN] = s._left / MOST_REPEATS
        if phase == OVER:
            for p, value in enumerate(s._scores()):
                if value:
                    buf[o + self.scores + order[p]] = value / self.full
            for p in s.winners():
                buf[o + self.winners + order[p]] = 1.0


def make_writer(game: Game, at: Mapping[str, int]) -> Write:
    return _Writers(game, at).observation


def make_state_writer(game: Game, at: Mapping[str, int]) -> StateWrite:
    return _Writers(game, at).state


ENCODER = ObservationEncoder("manda-huevos", FIELDS, make_writer, make_state_writer)
