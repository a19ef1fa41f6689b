"""Every Roost game as an RLlib multi-agent environment, ready for RLlib's action masking.

RLlib (``pip install 'roost[rllib]'``) trains multi-agent games through its own
``MultiAgentEnv`` API, and masks illegal actions with the ``ActionMaskingTorchRLModule`` of its
examples, which wants each observation as a dict ``{"action_mask", "observations"}``. The
PettingZoo env (`roost.rl.pettingzoo`) names those ``"observation"`` and ``"action_mask"`` (int8),
as PettingZoo's classic games do, so RLlib needed glue; this env speaks RLlib's shape directly:

* **Agents** ``player_0`` ... ``player_{n-1}``; only the agent to decide is in the observation
  dict of a step (a turn-based env, as RLlib's own ``TicTacToe`` example): Egg Bound's
  Cluck-Off windows and BIG CHICKEN's exchanges are ordinary turns of the seat that decides.
* **Observation** ``Dict({"action_mask": Box(0, 1, (A,), float32), "observations": Box(0, 1,
  (size,), float32)})``: the seat's observation tensor (`roost.rl.encoding`) and its legal
  actions (float, as the masking module takes the mask's logarithm).
* **Actions** ``Discrete(game.num_distinct_actions())``, the game's own ids.
* **Rewards** 0 until the end; then every agent gets its return (``state.returns()``), and
  every agent is in the last observation dict, so that each one's episode closes.
* **Ends** ``terminateds["__all__"]`` when the rules end the game, ``truncateds["__all__"]``
  when a length cap does (Egg Bound's ``max_turns``: `State.is_truncated`), as the PettingZoo
  and Gymnasium envs report it.
* **Illegal actions** as in the PettingZoo env (PettingZoo's ``TerminateIllegalWrapper``): an
  in-range action the mask forbids ends the game, ``illegal_reward`` (-1; an ``env_config`` key)
  to the agent that chose it and 0 to the others, ``infos[agent]["illegal_move"]``; a masked
  policy never chooses one, and RLlib's own check of the env does. An action out of range or
  not an int raises ``ValueError``, as in the other envs (`roost.rl.actions`).
* **Chance** is drawn inside ``step`` from a generator seeded by ``reset(seed=...)``.

>>> env = RoostMultiAgentEnv({"game": "eggo", "players": 2})
>>> observations, infos = env.reset(seed=3)
>>> [agent] = observations
>>> sorted(observations[agent]) == ["action_mask", "observations"]
True

`ppo_config` builds a PPO configuration for self-play with one shared policy or one per seat.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from ray.rllib.env.multi_agent_env import MultiAgentEnv

from roost.core.registry import load_game
from roost.rl.actions import check_action
from roost.rl.driver import Driver

ALL = "__all__"


class RoostMultiAgentEnv(MultiAgentEnv):  # type: ignore[misc]
    """A Roost game for RLlib (see the module docstring). `config` holds ``game``, the
    game's parameters (``players`` and the rest) and optionally ``illegal_reward``, as RLlib
    passes an ``env_config``."""

    def __init__(self, config: dict[str, Any] | None = None) -> None:
        super().__init__()
        params = dict(config or {})
        self.illegal_reward = float(params.pop("illegal_reward", -1.0))
        name = params.pop("game", None)
        if not isinstance(name, str):
            raise ValueError("the env_config must name a game: {'game': 'big-chicken', ...}")
        self.game = load_game(name, **params)
        self._driver = driver = Driver(self.game)
        self.num_actions = driver.num_actions
        self.agents = self.possible_agents = [
            f"player_{seat}" for seat in range(self.game.num_players)
        ]
        space = spaces.Dict(
            {
                "action_mask": spaces.Box(0.0, 1.0, (self.num_actions,), np.float32),
                "observations": spaces.Box(0.0, 1.0, (driver.encoding.size,), np.float32),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        actions: spaces.Space[Any] = spaces.Discrete(self.num_actions)
        self.action_spaces = dict.fromkeys(self.possible_agents, actions)
        self._rng = random.Random()
        self._player = -1

    def _observe(self, seat: int, to_move: bool) -> dict[str, np.ndarray]:
        driver = self._driver
        mask = driver.mask() if to_move else driver.zero_mask()
        return {"action_mask": mask.astype(np.float32), "observations": driver.tensor(seat)}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        if seed is not None:
            self._rng = random.Random(seed)
        player = self._player = self._driver.start(self._rng)
        return {self.possible_agents[player]: self._observe(player, True)}, {}

    def step(
        self, action_dict: dict[str, Any]
    ) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]]:
        player = self._player
        if player < 0:
            raise ValueError("step() after the game ended (or before reset()): call reset()")
        agent = self.possible_agents[player]
        if set(action_dict) != {agent}:
            raise ValueError(f"it is {agent}'s turn alone; got actions for {sorted(action_dict)}")
        number = check_action(action_dict[agent], self.num_actions, agent)
        driver = self._driver
        agents = self.possible_agents
        if number not in driver.legal:  # as the PettingZoo env: the game ends, -1 to its chooser
            self._player = -1
            rewards = {name: self.illegal_reward if name == agent else 0.0 for name in agents}
            return (
                {name: self._observe(seat, False) for seat, name in enumerate(agents)},
                rewards,
                {ALL: True},
                {ALL: False},
                {agent: {"illegal_move": True}},
            )
        player = self._player = driver.advance(number)
        if player >= 0:
            following = self.possible_agents[player]
            return (
                {following: self._observe(player, True)},
                {agent: 0.0},
                {ALL: False},
                {ALL: False},
                {},
            )
        state = driver.state
        returns = state.returns()
        truncated = state.is_truncated()
        observations = {name: self._observe(seat, False) for seat, name in enumerate(agents)}
        rewards = {name: float(returns[seat]) for seat, name in enumerate(agents)}
        return observations, rewards, {ALL: not truncated}, {ALL: truncated}, {}


def ppo_config(
    game: str,
    *,
    shared: bool = True,
    hidden: tuple[int, ...] = (128, 128),
    **params: Any,
) -> Any:
    """A PPO configuration (RLlib's new API stack) that trains `game` by self-play through
    `RoostMultiAgentEnv` and RLlib's ``ActionMaskingTorchRLModule``: one policy ``shared`` by
    every seat (`shared`), or one per seat (``player_0`` ...). Set rollouts, batch sizes and
    resources on the result as usual (``.env_runners(...)``, ``.training(...)``)."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )

    env_config = {"game": game, **params}
    agents = RoostMultiAgentEnv(env_config).possible_agents
    policies = ["shared"] if shared else list(agents)
    model = {"head_fcnet_hiddens": list(hidden), "head_fcnet_activation": "relu"}
    specs = {
        policy: RLModuleSpec(module_class=ActionMaskingTorchRLModule, model_config=model)
        for policy in policies
    }
    return (
        PPOConfig()
        .environment(env=RoostMultiAgentEnv, env_config=env_config)
        .multi_agent(
            policies=set(policies),
            policy_mapping_fn=_shared if shared else _own,
        )
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs=specs))
    )


def _shared(agent_id: str, *args: Any, **kwargs: Any) -> str:
    """Every seat plays the one policy (self-play)."""
    return "shared"


def _own(agent_id: str, *args: Any, **kwargs: Any) -> str:
    """Each seat plays its own policy."""
    return agent_id
