"""The hot loop of the RL environments, compiled with the engine: play a state between decisions
(chance drawn from a seeded generator), and build a seat's tensor and action mask.

`roost.rl.pettingzoo` keeps the PettingZoo side (agents, rewards, the AEC bookkeeping) and asks
a `Driver` for everything that touches the game, so a step costs one call into compiled code.

>>> import random
>>> import roost
>>> driver = Driver(roost.load_game("eggo", players=4))
>>> player = driver.start(random.Random(1))
>>> mask = driver.mask()
>>> sorted(map(int, mask.nonzero()[0])) == driver.legal
True
>>> driver.tensor(player).shape == (driver.encoding.size,)
True
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt

from roost.core.errors import RoostError
from roost.core.game import CHANCE, Game
from roost.core.state import State
from roost.rl.encoding import Encoding, Tensor, encoding_for

Mask = npt.NDArray[np.int8]


class Driver:
    """One game played for an env: `start` a state, `advance` it by a legal decision, and read
    the legal actions (`legal`), a seat's `tensor` and the `mask`."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.encoding: Encoding = encoding_for(game)
        self.num_actions = game.num_distinct_actions()
        self.legal: list[int] = []
        """The sorted legal actions of the seat to move ([] at the end); read-only."""
        self._state: State | None = None
        self._rng = random.Random()
        self._zero_mask = bytes(self.num_actions)
        self._int8: Any = np.dtype(np.int8)  # positionally to np.frombuffer: the fastest way

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game, state, generator and legal actions (an env pickles through
        this): the compiled class has no default way to be built again."""
        return (_driver_from, (self.game, self._state, self._rng, self.legal))

    @property
    def state(self) -> State:
        state = self._state
        if state is None:
            raise RuntimeError("reset() must be called before anything else")
        return state

    def start(self, rng: random.Random) -> int:
        """A new game, played to its first decision with chance drawn from `rng` (kept for the
        rest of the game); the seat to decide."""
        self._rng = rng
        state = self._state = self.game.new_initial_state()
        while state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        player = state.current_player()
        if player < 0:  # cannot happen: every game starts with decisions
            raise RoostError(f"{self.game.name} ended before its first decision")
        self.legal = state._legal_cached()
        return player

    def advance(self, action: int) -> int:
        """Apply `action`, one of `legal`, and the chance outcomes after it; the seat to decide
        next, or a negative number when the game is over (`legal` is then [])."""
        state = self.state
        state._apply_legal(action)
        rng = self._rng
        player = state.current_player()
        while player == CHANCE:
            state._apply_legal(state.sample_chance(rng))
            player = state.current_player()
        self.legal = state._legal_cached() if player >= 0 else []
        return player

    def tensor(self, seat: int) -> Tensor:
        """The observation tensor of `seat` now."""
        return self.encoding.encode_state(self.state, seat)

    def observation(self, seat: int, to_move: bool) -> dict[str, Any]:
        """PettingZoo's observation of `seat`: its tensor, and the mask (`mask` if `to_move`,
        else all zeros)."""
        return {
            "observation": self.encoding.encode_state(self.state, seat),
            "action_mask": self.mask() if to_move else self.zero_mask(),
        }

    def mask(self) -> Mask:
        """The legal-action mask of the seat to move (int8, 1 for each legal action)."""
        mask = bytearray(self._zero_mask)
        for action in self.legal:
            mask[action] = 1
        result: Mask = np.frombuffer(mask, self._int8)
        return result

    def zero_mask(self) -> Mask:
        """An all-zero mask (for a seat not to move)."""
        result: Mask = np.frombuffer(bytearray(self._zero_mask), self._int8)
        return result


def _driver_from(game: Game, state: State | None, rng: random.Random, legal: list[int]) -> Driver:
    """A pickled `Driver` loaded again."""
    driver = Driver(game)
    driver._state = state
    driver._rng = rng
    driver.legal = legal
    return driver
