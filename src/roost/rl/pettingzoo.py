"""Every Roost game as a PettingZoo AEC environment: ``env("eggo", players=4)``.

>>> from roost.rl.pettingzoo import env
>>> table = env("big-chicken", players=4)
>>> table.reset(seed=7)
>>> for agent in table.agent_iter():
...     observation, reward, termination, truncation, info = table.last()
...     if termination or truncation:
...         action = None
...     else:
...         action = int(observation["action_mask"].nonzero()[0][0])
...     table.step(action)
>>> table.agents
[]

As PettingZoo's classic environments are:

* **Agents** ``player_0`` ... ``player_{n-1}``, seat i being ``player_i``.
* **Observation** ``{"observation": Box(0, 1, (size,), float32), "action_mask": Box(0, 1,
  (num_distinct_actions,), int8)}``: the seat's observation tensor (`roost.rl.encoding`; the
  fields of each game are in ``roost/rl/encoders/<game>.py``) and its legal actions. The mask is
  all zeros for an agent that is not to move.
* **Actions** ``Discrete(game.num_distinct_actions())``: the game's own action ids (its RULES.md
  lists them).
* **Turns**: the agent to move is the seat that decides next, in or out of turn: Egg Bound's
  Cluck-Off windows, Star defences and Hatch It keeps, BIG CHICKEN's exchanges, Last Egg
  declarations and catches are ordinary agent turns.
* **Chance** (every shuffle, deal and draw) is played inside ``step`` from a generator seeded by
  ``reset(seed=...)``: the same seed and actions give the same game.
* **Rewards**: each seat's return (``state.returns()``) when the game ends, 0 before (what
  the returns are, game by game: ``docs/research.md``).
* **Termination and truncation**: a game that ends by its rules sets every agent's
  ``terminations``; one ended by a cap on its length (Egg Bound's ``max_turns``, with returns
  all 0) sets every agent's ``truncations`` instead (`State.is_truncated`).
* **Illegal actions**, as PettingZoo's ``TerminateIllegalWrapper`` does it: an in-range action
  the mask forbids ends the game, -1 (``illegal_reward``) to the agent that chose it and 0 to the
  others, with ``info["illegal_move"] = True``; an action out of range, not an int, or None for a
  live agent raises ``ValueError``, as under ``AssertOutOfBoundsWrapper`` (the Gymnasium env
  does the same: `roost.rl.actions`); ``step`` or ``observe`` before ``reset``
  raises, as under ``OrderEnforcingWrapper``. Those checks are built in rather than wrapped, for
  speed (`roost.rl.pettingzoo.raw_env` is the same class).
* ``render_mode="ansi"`` returns (``"human"`` prints) the omniscient view of the table.

For training at scale, PettingZoo's own tools apply (SuperSuit's wrappers, and RLlib's
``PettingZooEnv``, see the README's "For researchers").
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from roost.core.game import OMNISCIENT, Game
from roost.core.registry import load_game
from roost.core.state import State
from roost.rl.actions import check_action
from roost.rl.driver import Driver

Observation = dict[str, np.ndarray]


class RoostAECEnv(AECEnv):
    """A Roost game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's shape)
        "name": "roost_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game,
        *,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **params: Any,
    ) -> None:
        super().__init__()
        self.game = load_game(game, **params) if isinstance(game, str) else game
        self.metadata = {**self.metadata, "name": f"roost_{self.game.folder()}_v0"}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human'; got {render_mode!r}")
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        self._driver = driver = Driver(self.game)
        self.encoding = driver.encoding
        n = self.game.num_players
        self.num_actions = driver.num_actions
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.encoding.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            }
        )
        action_space: spaces.Space[Any] = spaces.Discrete(self.num_actions)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, action_space)
        self.agents: list[str] = []
        self._started = False
        self._rng = random.Random()
        self._cache: dict[str, Observation] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def roost_state(self) -> State:
        """The Roost state being played (for inspection; the env owns it)."""
        return self._driver.state

    # --- the AEC API ---------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        agents = self.possible_agents
        self.agents = agents[:]
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in agents}
        self._skip_agent_selection = None
        self._cache = {}
        self.agent_selection = agents[self._driver.start(self._rng)]
        self._started = True

    def observe(self, agent: str) -> Observation:
        cached = self._cache.get(agent)
        if cached is not None:
            return cached
        seat = self._seat_of[agent]
        observation: Observation = self._driver.observation(seat, agent == self.agent_selection)
        self._cache[agent] = observation
        return observation

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """`AECEnv.last` with `observe` inlined: the same tuple, a call fewer per step."""
        agent = self.agent_selection
        observation: Observation | None = None
        if observe:
            observation = self._cache.get(agent)
            if observation is None:
                seat = self._seat_of[agent]
                observation = self._cache[agent] = self._driver.observation(seat, True)
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if not self._started:
            raise RuntimeError("reset() must be called before anything else")
        number = check_action(action, self.num_actions, agent)
        self._cache.clear()  # (the observations handed out stay as they were)
        self._cumulative_rewards[agent] = 0.0
        driver = self._driver
        if number not in driver.legal:
            gymnasium.logger.warn(
                f"[WARNING]: Illegal move {number} made by {agent}, game terminating with it "
                "losing."
            )
            self._end(dict.fromkeys(self.agents, 0.0) | {agent: self.illegal_reward})
            self.infos[agent] = {"illegal_move": True}
            return
        player = driver.advance(number)
        if player < 0:  # the game is over
            state = driver.state
            returns = state.returns()
            self._end(dict(zip(self.possible_agents, returns, strict=True)), state.is_truncated())
        else:
            self.agent_selection = self.possible_agents[player]
        if self.render_mode == "human":
            self.render()

    def _end(self, rewards: dict[str, float], truncated: bool = False) -> None:
        """The game is over: every agent terminated, or truncated when a length cap ended it
        (`State.is_truncated`, Egg Bound's turn cap)."""
        self.rewards = rewards
        if truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        state = self.roost_state
        lines = [f"{key}: {value}" for key, value in state.observation(OMNISCIENT).items()]
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self._cache = {}


raw_env = RoostAECEnv


def env(name: str, **params: Any) -> RoostAECEnv:
    """The PettingZoo AEC env of game `name` with its parameters (``players=4``, ...), and the
    env's own ``illegal_reward`` and ``render_mode``."""
    return RoostAECEnv(name, **params)
