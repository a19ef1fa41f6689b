"""A Roost game as a single-agent Gymnasium environment: one seat learns, Roost bots play the
others.

>>> from roost.rl.gymnasium import RoostEnv
>>> env = RoostEnv("big-chicken", players=4, opponents="heuristic")
>>> obs, info = env.reset(seed=1)
>>> obs.shape == env.observation_space.shape and bool(info["action_mask"].any())
True
>>> action = int(info["action_mask"].nonzero()[0][0])
>>> obs, reward, terminated, truncated, info = env.step(action)

* **Observation**: the learning seat's observation tensor (`roost.rl.encoding`, documented per
  game in ``roost/rl/encoders/<game>.py``), a ``Box(0, 1, (size,), float32)``.
* **Actions**: ``Discrete(game.num_distinct_actions())``, the game's own action ids. The legal
  ones are ``action_masks()`` (what sb3-contrib's MaskablePPO calls) and ``info["action_mask"]``
  (what vectorised training loops read: Gymnasium's vector envs stack it).
* **Turns**: ``step`` returns at the learning seat's next decision, whoever's turn it is: its
  out-of-turn decisions (Egg Bound's Cluck-Off windows, BIG CHICKEN's exchanges and catches)
  are steps like any other. Chance and the other seats' moves are played in between, chance
  from a generator seeded by ``reset(seed=...)``.
* **Reward**: the seat's return (``state.returns()``) when the game ends, 0 before (what the
  returns are, game by game: ``docs/research.md``). An illegal action (in range, but not in the
  mask) ends the episode with ``illegal_reward`` (default -1) and ``info["illegal_action"]``.
  An action outside the action space, ``None`` or not an int raises ``ValueError``, as in the
  PettingZoo env (`roost.rl.actions`): a bug in the caller, not a move.
* **Episodes**: one game. A game that ends before the learning seat's first decision (an Egg
  Bound game can be won in two turns) is not an episode: ``reset`` deals the next one. A game
  ended by its rules is ``terminated``; one ended by a cap on its length (Egg Bound's
  ``max_turns``, reward 0) is ``truncated`` instead (`State.is_truncated`), so a learner can
  bootstrap rather than take 0 for the position's value.
* **The mask once the episode is over** (the step that returns ``terminated`` or
  ``truncated``): ``info["action_mask"]`` and ``action_masks()`` are all ones. No action of the
  game is legal then, but the next action is never played: a single env must be ``reset``
  (``step`` raises ``ResetNeeded``), and a Gymnasium vector env (next-step autoreset, its
  default) ignores the action it is given on the step after an episode ends, resets that env
  and returns reward 0, ``terminated = truncated = False`` and the new game's first
  observation and mask. All ones rather than all zeros keeps a sampler of masked actions (which
  picks from the row it was last given) from finding nothing to pick.
* **Seat**: ``seat=None`` (the default) draws the learning seat anew at every reset, so one
  policy learns every seat; an int fixes it.
* **Opponents**: a bot kind (``"random"``, ``"heuristic"``, ``"ismcts:200"``, ...), a list of
  kinds dealt to the other seats in turn, or bot objects (anything with ``choose(view)``).

Every game is registered with Gymnasium as ``roost/<game>-v0`` when this module is imported:
``gymnasium.make("roost/eggo-v0", players=4, opponents="heuristic")``. `make_vector_env` builds
a Gymnasium vector env (``sync`` in this process, ``async`` one process per env).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from roost.bots import make_bot
from roost.core.game import CHANCE, Game
from roost.core.registry import load_game, registered_games
from roost.core.runner import Bot
from roost.core.state import State
from roost.core.view import SeatView
from roost.rl.actions import check_action
from roost.rl.encoding import Tensor, encoding_for

Mask = npt.NDArray[np.int8]
Opponents = str | Sequence[str | Bot]


def legal_mask(legal: Sequence[int], size: int) -> Mask:
    """The 0/1 mask of the legal action ids."""
    mask = np.zeros(size, dtype=np.int8)
    mask[list(legal)] = 1
    return mask


class RoostEnv(gymnasium.Env[Tensor, np.int64]):
    """One seat of a Roost game against bots (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium's shape)

    def __init__(
        self,
        game: str | Game,
        *,
        seat: int | None = None,
        opponents: Opponents = "random",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **params: Any,
    ) -> None:
        self.game = load_game(game, **params) if isinstance(game, str) else game
        n = self.game.num_players
        if seat is not None:
            checked = self.game.check_seat(seat, allow_none=False)
            assert checked is not None
            seat = checked
        self.fixed_seat = seat
        kinds: list[str | Bot] = [opponents] if isinstance(opponents, str) else list(opponents)
        if not kinds:
            raise ValueError("opponents needs at least one bot kind")
        for kind in kinds:
            if isinstance(kind, str):
                make_bot(kind, self.game, 0)  # an unknown kind fails here
        self.opponent_kinds = kinds
        self.illegal_reward = float(illegal_reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi'; got {render_mode!r}")
        self.render_mode = render_mode
        self.encoding = encoding_for(self.game)
        self.num_actions = self.game.num_distinct_actions()
        self.observation_space = spaces.Box(0.0, 1.0, (self.encoding.size,), np.float32)
        self.action_space = spaces.Discrete(self.num_actions)
        self.seat = 0
        self.state: State = self.game.new_initial_state()
        self._rng = random.Random()
        self._bots: list[Bot | None] = [None] * n
        self._legal: list[int] = []
        self._done = True

    # --- the Gymnasium API -------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Tensor, dict[str, Any]]:
        super().reset(seed=seed)
        rng = self._rng = random.Random(int(self.np_random.integers(2**62)))
        n = self.game.num_players
        self.seat = self.fixed_seat if self.fixed_seat is not None else rng.randrange(n)
        kinds = self.opponent_kinds
        self._bots = [None] * n
        for k, place in enumerate(range(1, n)):
            seat = (self.seat + place) % n
            kind = kinds[k % len(kinds)]
            self._bots[seat] = (
                make_bot(kind, self.game, rng.randrange(2**62)) if isinstance(kind, str) else kind
            )
        while True:  # a game that ends before the seat's first decision is dealt again
            self.state = self.game.new_initial_state()
            if not self._advance():
                return self._observe(), self._info()

    def step(self, action: Any) -> tuple[Tensor, SupportsFloat, bool, bool, dict[str, Any]]:
        if self._done:
            raise gymnasium.error.ResetNeeded("the episode is over: call reset()")
        number = check_action(action, self.num_actions, f"seat {self.seat}")
        if number not in self._legal:
            self._done = True
            info = self._info()
            info["illegal_action"] = True
            return self._observe(), self.illegal_reward, True, False, info
        state = self.state
        state.apply_action(number)
        done = self._advance()
        reward = float(state.returns()[self.seat]) if done else 0.0
        truncated = done and state.is_truncated()
        return self._observe(), reward, done and not truncated, truncated, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learning seat's legal actions now (all True once the episode is over: see the
        module docstring)."""
        if self._done:
            return np.ones(self.num_actions, dtype=np.bool_)
        mask = np.zeros(self.num_actions, dtype=np.bool_)
        mask[self._legal] = True
        return mask

    def render(self) -> Any:  # str or None; gymnasium's own annotation differs by version
        if self.render_mode != "ansi":
            return None
        lines = [f"{key}: {value}" for key, value in self.state.observation(self.seat).items()]
        for action in self._legal:
            lines.append(f"  {action}: {self.state.action_to_string(action, self.seat)}")
        return "\n".join(lines)

    # --- between the learner's decisions -------------------------------------------------------

    def _advance(self) -> bool:
        """Play chance and the bots until the learning seat decides (False) or the game ends
        (True)."""
        state = self.state
        rng = self._rng
        seat = self.seat
        bots = self._bots
        while True:
            player = state.current_player()
            if player == seat:
                self._legal = state.legal_actions()
                self._done = False
                return False
            if player == CHANCE:
                state.apply_action(state.sample_chance(rng))
            elif player < 0:  # over
                self._legal = []
                self._done = True
                return True
            else:
                bot = bots[player]
                assert bot is not None
                state.apply_action(bot.choose(SeatView(state, player)))

    def _observe(self) -> Tensor:
        return self.encoding.encode(self.state.observation(self.seat))

    def _info(self) -> dict[str, Any]:
        if self._done:
            mask = np.ones(self.num_actions, dtype=np.int8)
        else:
            mask = legal_mask(self._legal, self.num_actions)
        return {"action_mask": mask, "seat": self.seat}


def make_vector_env(
    game: str,
    num_envs: int,
    *,
    vectorization: str = "sync",
    seat: int | None = None,
    opponents: Opponents = "random",
    **params: Any,
) -> gymnasium.vector.VectorEnv[Any, Any, Any]:
    """`num_envs` copies of `RoostEnv` as one Gymnasium vector env (``sync``: stepped in this
    process; ``async``: one process each). ``info["action_mask"]`` comes stacked, one row per
    env; Gymnasium's autoreset (next step) starts a new game in an env whose game ended: the
    action given to that env on the step after its episode ended is ignored, and its mask row
    on the ending step is all ones (see the module docstring)."""

    def factory() -> Callable[[], RoostEnv]:
        return lambda: RoostEnv(game, seat=seat, opponents=opponents, **params)

    makers = [factory() for _ in range(num_envs)]
    if vectorization == "sync":
        return gymnasium.vector.SyncVectorEnv(makers)
    if vectorization == "async":
        return gymnasium.vector.AsyncVectorEnv(makers)
    raise ValueError(f"vectorization is 'sync' or 'async'; got {vectorization!r}")


def env_id(name: str) -> str:
    """The Gymnasium id of a game: ``roost/<name>-v0``."""
    return f"roost/{name}-v0"


def register_all() -> None:
    """Register every Roost game with Gymnasium (done when this module is imported)."""
    for name in registered_games():
        if env_id(name) not in gymnasium.registry:
            gymnasium.register(
                env_id(name), entry_point="roost.rl.gymnasium:RoostEnv", kwargs={"game": name}
            )


register_all()
