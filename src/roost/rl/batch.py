"""A batched engine: N games of one Roost game stepped together, results written into
preallocated numpy arrays, as EnvPool's and pgx's users expect them. Compiled with the engine.

>>> import numpy as np
>>> batch = BatchEnv("eggo", 8, seed=1, players=4)
>>> obs, mask, player = batch.reset()
>>> obs.shape, mask.shape, player.shape
((8, 211), (8, 61), (8,))
>>> bool(mask.any(axis=1).all())  # every game has a seat to move, with a legal action
True
>>> obs, mask, rewards, terminated, truncated, player = batch.step_random()
>>> rewards.shape
(8, 4)

The shape, for ``n`` games of ``P`` players, observation size ``S`` and ``A`` distinct actions:

* ``reset() -> (obs[n, S] float32, mask[n, A] bool, player[n] int32)``: a new game in every
  slot, each played to its first decision (chance drawn inside, as in the PettingZoo env).
* ``step(actions[n]) -> (obs, mask, rewards[n, P] float32, terminated[n] bool, truncated[n]
  bool, player)``: one decision in every game, by its seat to move (``player``), then its
  chance outcomes. ``step_random()`` is ``step`` with a uniformly random legal action in every
  game, drawn in compiled code (the actions taken are then in `actions`).
* ``legal[n, A] int32`` and ``legal_counts[n] int32``: ``legal[i, :legal_counts[i]]`` are the
  legal actions of game i, ascending, so a caller samples one in O(n) for the batch
  (``legal[arange(n), floor(uniform * legal_counts)]``) instead of scanning ``n x A`` masks;
  read-only views, rewritten by every call (entries past a count are stale).
* **The observation** of each game is the tensor of the seat to move (``player[i]``), the
  same tensor the PettingZoo env gives that seat (`roost.rl.encoding`: seat-relative, so one
  policy serves every seat); `observe` gives any seat's, for every game. The **mask** is that
  seat's legal actions.
* **Rewards** are each seat's return (``state.returns()``) on the step that ends a game, 0
  otherwise; ``terminated`` is set on that step, or ``truncated`` when a length cap ended it
  (Egg Bound's ``max_turns``; `State.is_truncated`).
* **Auto-reset, same step**: a game that ends in a step is replaced in that same step by a new
  game (its chance from the slot's generator), and ``obs``/``mask``/``player`` of that slot are
  already the new game's first decision. So every mask row always has a legal action, and no
  step is spent on resets; the finished game's last observation is not returned (its rewards
  are).
* **Arrays are reused**: every call returns the same arrays (`obs`, `mask`, ...), overwritten
  in place by the next call, with no allocation per step; copy what you keep.
* **Bad actions** (not an integer, out of range, or not legal for the seat to move) raise
  ``ValueError`` naming the game slot, and **nothing changes**: every action is checked before
  any is played.
* **Deterministic**: ``seed`` fixes everything. Slot ``i`` plays exactly the games a PettingZoo
  env plays after ``reset(seed=seeds[i])`` and then ``reset()`` with no seed after each end
  (tested), and `step_random` draws its actions from a second generator per slot.

Speed: every game's tensor, mask and legal actions are written into native ``librt.vecs``
vectors (a compiled store per entry: no boxed float, no ``PyObject_SetItem``), one compiled
loop per call, then published with two vectorized numpy copies for the whole batch (the tensors
cast from float64 to float32 there). A step costs the rules, chance and the tensor of one seat
per game, and no Python-level object per game. ``scripts/bench_batch.py`` measures it
(``docs/measured/rl-speed.md``).
"""

from __future__ import annotations

import random
from array import array
from typing import Any

import numpy as np
import numpy.typing as npt
from librt.vecs import vec
from mypy_extensions import i32, u8

from roost.core.game import Game
from roost.core.rand import randbelow
from roost.core.registry import load_game
from roost.rl.driver import Driver
from roost.rl.encoding import Encoding, Row, StateWrite, Write, clear, viewed, zero_row

Observations = npt.NDArray[np.float32]
Masks = npt.NDArray[np.bool_]
Players = npt.NDArray[np.int32]
Flags = npt.NDArray[np.bool_]
Rewards = npt.NDArray[np.float32]
INTEGERS = (int, np.integer)
"""What an action may be (numpy's integers too; bools are refused, as the envs refuse them)."""


def slot_seeds(seed: int, n: int) -> list[int]:
    """The chance seed of each of `n` slots: drawn from ``random.Random(seed)``, so slots do
    not share games and one batch's slots differ from another seed's."""
    mix = random.Random(seed)
    return [mix.getrandbits(63) for _ in range(n)]


class BatchEnv:
    """`n` games of `game` stepped together (see the module docstring)."""

    def __init__(self, game: Game | str, n: int, seed: int = 0, **params: Any) -> None:
        if n < 1:
            raise ValueError(f"a batch needs at least one game; got n={n}")
        self.game: Game = load_game(game, **params) if isinstance(game, str) else game
        self.n = n
        self.players = self.game.num_players
        self.seeds = slot_seeds(seed, n)
        self._drivers = [Driver(self.game) for _ in range(n)]
        self.encoding: Encoding = self._drivers[0].encoding
        self.size = size = self.encoding.size
        self.num_actions = actions = self._drivers[0].num_actions
        self._write_state: StateWrite | None = self.encoding._write_state
        self._write: Write = self.encoding._write
        self._chance = [random.Random(s) for s in self.seeds]
        self._choice = [random.Random(s ^ 0x5EED) for s in self.seeds]
        self._started = False

        self._rows: Row = zero_row(n * size)
        """Every game's tensor (row i at ``i * size``), written natively, cast to `obs` after."""
        self._rows_view: npt.NDArray[np.float64] = viewed(self._rows, np.float64).reshape(n, size)
        self._zeros = array("f", bytes(4 * size))
        self._mask_bits: vec[u8] = vec[u8]([0] * (n * actions))
        """Every game's mask (row i at ``i * num_actions``), copied to `mask` after a call."""
        self._mask_view: npt.NDArray[np.bool_] = viewed(self._mask_bits, np.bool_).reshape(
            n, actions
        )
        self._legal_index: vec[i32] = vec[i32]([0] * (n * actions))
        self._legal_count: vec[i32] = vec[i32]([0] * n)
        self._rewards_buf = array("f", bytes(4 * n * self.players))
        self._reward_zeros = array("f", bytes(4 * n * self.players))
        self._term_buf = bytearray(n)
        self._trunc_buf = bytearray(n)
        self._flag_zeros = bytes(n)
        self._player_buf: vec[i32] = vec[i32]([0] * n)
        self._action_buf: vec[i32] = vec[i32]([0] * n)
        self._player_view = viewed(self._player_buf, np.int32)
        self._action_view = viewed(self._action_buf, np.int32)
        self._legal: list[list[int]] = [[] for _ in range(n)]
        """The legal actions written into each mask row (cleared from it at the next write)."""

        self.obs: Observations = np.zeros((n, size), np.float32)
        """The observation of the seat to move in each game (overwritten by every call)."""
        self.mask: Masks = np.zeros((n, actions), np.bool_)
        self.legal: npt.NDArray[np.int32] = viewed(self._legal_index, np.int32).reshape(n, actions)
        """``legal[i, :legal_counts[i]]``: the legal actions of game i, ascending (read-only;
        past the count, stale entries): sample one in O(n) without scanning the masks."""
        self.legal_counts: npt.NDArray[np.int32] = viewed(self._legal_count, np.int32)
        """How many actions are legal in each game (read-only)."""
        self.rewards: Rewards = np.frombuffer(self._rewards_buf, np.float32).reshape(
            n, self.players
        )
        self.terminated: Flags = np.frombuffer(self._term_buf, np.bool_)
        self.truncated: Flags = np.frombuffer(self._trunc_buf, np.bool_)
        self.player: Players = np.zeros(n, np.int32)
        self.actions: npt.NDArray[np.int32] = np.zeros(n, np.int32)
        """The actions of the last step (`step_random` draws them here)."""

    # --- the API -------------------------------------------------------------------------------

    def reset(self) -> tuple[Observations, Masks, Players]:
        """A new game in every slot, the generators back at their seeds (so a reset batch
        replays the same games)."""
        self._chance = [random.Random(s) for s in self.seeds]
        self._choice = [random.Random(s ^ 0x5EED) for s in self.seeds]
        self._rewards_buf[:] = self._reward_zeros
        self._term_buf[:] = self._flag_zeros
        self._trunc_buf[:] = self._flag_zeros
        for i in range(self.n):
            self._start(i)
        self._publish()
        self._started = True
        return self.obs, self.mask, self.player

    def step(self, actions: Any) -> tuple[Observations, Masks, Rewards, Flags, Flags, Players]:
        """One decision in every game (`actions[i]` by the seat to move in game i); see the
        module docstring for what comes back."""
        if not self._started:
            raise RuntimeError("reset() must be called before step()")
        chosen = self._checked(actions)
        buf = self._action_buf
        for i in range(self.n):
            buf[i] = chosen[i]
        return self._play(chosen)

    def step_random(self) -> tuple[Observations, Masks, Rewards, Flags, Flags, Players]:
        """`step` with a uniformly random legal action in every game (drawn from the slot's
        own generator; they are in `actions` afterwards)."""
        if not self._started:
            raise RuntimeError("reset() must be called before step_random()")
        chosen: list[int] = []
        buf = self._action_buf
        choice = self._choice
        for i in range(self.n):
            legal = self._drivers[i].legal
            action = legal[randbelow(choice[i], len(legal))]  # = randrange, compiled
            buf[i] = action
            chosen.append(action)
        return self._play(chosen)

    def observe(self, seat: int) -> Observations:
        """Seat `seat`'s observation tensor in every game now (a new array): what the
        PettingZoo env gives that seat, whether or not it is to move."""
        if not self._started:
            raise RuntimeError("reset() must be called before observe()")
        if not 0 <= seat < self.players:
            raise ValueError(f"seat {seat} is out of range (0..{self.players - 1})")
        size = self.size
        rows = zero_row(self.n * size)
        for i in range(self.n):
            self._encode(i, seat, rows, i * size)
        result: Observations = viewed(rows, np.float64).reshape(self.n, size).astype(np.float32)
        return result

    def state(self, i: int) -> Any:
        """The Roost state of game `i` (for inspection; the batch owns it)."""
        return self._drivers[i].state

    # --- internals -----------------------------------------------------------------------------

    def _checked(self, actions: Any) -> list[int]:
        """The actions as ints, each checked in range and legal (else ValueError, nothing
        played)."""
        values = actions.tolist() if isinstance(actions, np.ndarray) else list(actions)
        if len(values) != self.n:
            raise ValueError(f"{len(values)} actions for {self.n} games")
        mask = self._mask_bits
        width = self.num_actions
        chosen: list[int] = []
        for i in range(self.n):
            value = values[i]
            if isinstance(value, bool) or not isinstance(value, INTEGERS):
                raise ValueError(f"game {i}: the action must be an int; got {value!r}")
            action = int(value)
            if not 0 <= action < width:
                raise ValueError(f"game {i}: action {action} is out of range (0..{width - 1})")
            if not mask[i * width + action]:
                seat = self._player_buf[i]
                raise ValueError(f"game {i}: action {action} is not legal for seat {seat} now")
            chosen.append(action)
        return chosen

    def _play(
        self, chosen: list[int]
    ) -> tuple[Observations, Masks, Rewards, Flags, Flags, Players]:
        self._rewards_buf[:] = self._reward_zeros
        self._term_buf[:] = self._flag_zeros
        self._trunc_buf[:] = self._flag_zeros
        rewards = self._rewards_buf
        players = self.players
        for i in range(self.n):
            driver = self._drivers[i]
            player = driver.advance(chosen[i])
            if player < 0:
                state = driver.state
                base = i * players
                returns = state.returns()
                for seat in range(players):
                    rewards[base + seat] = returns[seat]
                if state.is_truncated():
                    self._trunc_buf[i] = 1
                else:
                    self._term_buf[i] = 1
                self._start(i)
            else:
                self._player_buf[i] = player
                self._write_row(i, player)
        self._publish()
        return self.obs, self.mask, self.rewards, self.terminated, self.truncated, self.player

    def _start(self, i: int) -> None:
        """A new game in slot i (its chance generator goes on), up to its first decision."""
        player = self._drivers[i].start(self._chance[i])
        self._player_buf[i] = player
        self._write_row(i, player)

    def _publish(self) -> None:
        """The native rows and masks into the numpy arrays: two vectorized copies for the
        whole batch (the float64 rows rounded to float32 once, as an ``array("f")`` rounds)."""
        np.copyto(self.obs, self._rows_view)
        np.copyto(self.mask, self._mask_view)
        np.copyto(self.player, self._player_view)
        np.copyto(self.actions, self._action_view)

    def _write_row(self, i: int, player: int) -> None:
        """Slot i's observation (of `player`, to move), mask and legal actions, in the native
        buffers."""
        size = self.size
        clear(self._rows, i * size, (i + 1) * size)
        self._encode(i, player, self._rows, i * size)
        mask = self._mask_bits
        width = self.num_actions
        base = i * width
        for action in self._legal[i]:
            mask[base + action] = 0
        legal = self._drivers[i].legal
        index = self._legal_index
        k = base
        for action in legal:
            mask[base + action] = 1
            index[k] = action
            k += 1
        self._legal_count[i] = len(legal)
        self._legal[i] = legal

    def _encode(self, i: int, seat: int, rows: Row, at: int) -> None:
        """Seat `seat`'s tensor of game i into ``rows[at : at + size]`` (zeros)."""
        state = self._drivers[i].state
        write_state = self._write_state
        if write_state is not None:
            write_state(state, seat, rows, at)
            return
        buf = array("f", self._zeros)  # a game without a state writer: from its observation
        self._write(state.observation(seat), buf)
        for j in range(self.size):
            rows[at + j] = buf[j]
