"""Perfect-recall information-state tensors: a fixed-size encoding of everything one seat has
seen and done, for OpenSpiel's ``information_state_tensor`` (`roost.rl.openspiel`).

The information state of a seat is its log: every action of the game so far (chance
included) as that seat may know it (``action_to_string(action, seat)``), then its current
observation. The tensor encodes exactly that, for every game alike:

* **one block per step** of the history, in order, up to the game's ``max_game_length``
  (the blocks after the last step are zeros). A step says *who* acted, seat-relative, and
  *what*, as the seat knows it: the action id itself when the seat's text of the action is
  the full (omniscient) text; otherwise the action is **hidden** (a card dealt to someone
  else, a Chicken laid face down), and the step holds the smallest action id that the seat
  would have read the same way at that node (``"P2 draws a card"`` reads the same for every
  card: 0). That id depends on the text the seat read and the node's public context only, so
  two histories the seat cannot tell apart give the same blocks, and two texts that differ
  give different ones (they select disjoint sets of ids).
* **the current observation**, the observation tensor (`roost.rl.encoding`): what the seat
  sees now, as the string ends with it.

Step block layout (``n`` players, ``B`` bits: enough for the larger of
``num_distinct_actions`` and ``max_chance_outcomes``):

======  ======  ====================================================================
entry   size    meaning
======  ======  ====================================================================
who     n+1     one-hot: chance, then the seats from the viewer (0 = the viewer itself,
                1 = the next seat in seat order, ...); all zeros: no step yet
hidden  1       1 when the seat does not see the action in full
action  B       the action id as above, in binary, least significant bit first
======  ======  ====================================================================

The ids are written in binary rather than one-hot to keep the tensor small (a one-hot BIG
CHICKEN step would take 1380 entries); the encoding is lossless, not the most compact one
each game's rules would allow. ``tests/rl/test_openspiel.py`` checks on random games that
equal information-state strings give equal tensors (resampled states included) and
different strings different tensors.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from roost.core.game import CHANCE, OMNISCIENT, Game
from roost.core.state import State
from roost.rl.encoding import Tensor, encoding_for

WHO_BITS = 3
"""Bits of `step_code` for *who* (0: chance, 1 + the seat-relative place; at most 6 seats)."""
HIDDEN = 1 << WHO_BITS
"""The `step_code` bit for a hidden action."""
ID_SHIFT = WHO_BITS + 1


def step_code(state: State, action: int, seat: int, text: str, full: str) -> int:
    """The step of `action` at `state` (before it is applied) as `seat` knows it, packed into
    one int (who, hidden, id); `text` is the seat's text of the action, `full` the omniscient
    one (both already made by the caller, which logs them)."""
    mover = state.current_player()
    n = state.game.num_players
    who = 0 if mover == CHANCE else 1 + (mover - seat) % n
    if text == full:
        return action << ID_SHIFT | who
    game = state.game
    limit = game.max_chance_outcomes() if mover == CHANCE else game.num_distinct_actions()
    for other in range(limit):
        if other == action or state.action_to_string(other, seat) == text:
            return other << ID_SHIFT | HIDDEN | who
    raise AssertionError("unreachable: the action itself reads as its text")


def full_text(state: State, action: int) -> str:
    """The omniscient text of `action` (what `step_code` compares the seat's text with)."""
    return state.action_to_string(action, OMNISCIENT)


class InfostateEncoding:
    """The information-state tensor layout of one game (its parameters fixed): `size`, and
    `encode(codes, state, seat)` from a seat's step codes."""

    def __init__(self, game: Game) -> None:
        self.game = game
        n = game.num_players
        self.players = n
        self.steps = game.max_game_length()
        largest = max(game.num_distinct_actions(), game.max_chance_outcomes())
        self.id_bits = max(1, (largest - 1).bit_length())
        self.step_width = (n + 1) + 1 + self.id_bits
        self.history_size = self.steps * self.step_width
        self.observation = encoding_for(game)
        self.size = self.history_size + self.observation.size

    def encode(self, codes: list[int], state: State, seat: int) -> Tensor:
        """The tensor of `seat` after the steps `codes` (from `step_code`, in order) at
        `state` (for its current observation)."""
        tensor = np.zeros(self.size, np.float32)
        self.write(tensor, codes, state, seat)
        return tensor

    def write(self, tensor: Any, codes: list[int], state: State, seat: int) -> None:
        """`encode` into `tensor` (a float32 array of `size`, overwritten)."""
        if len(codes) > self.steps:
            raise ValueError(f"{len(codes)} steps; the game has at most {self.steps}")
        tensor[:] = 0.0
        width = self.step_width
        hidden_at = self.players + 1
        bits = self.id_bits
        for step, code in enumerate(codes):
            start = step * width
            tensor[start + (code & (HIDDEN - 1))] = 1.0
            if code & HIDDEN:
                tensor[start + hidden_at] = 1.0
            ident = code >> ID_SHIFT
            at = start + hidden_at + 1
            for bit in range(bits):
                if ident >> bit & 1:
                    tensor[at + bit] = 1.0
        tensor[self.history_size :] = self.observation.encode_state(state, seat)

    def fields(self) -> dict[str, tuple[int, int]]:
        """Where each part of the tensor is: name -> (start, size)."""
        return {
            "history": (0, self.history_size),
            "observation": (self.history_size, self.observation.size),
        }
