"""NFSP (Neural Fictitious Self-Play, OpenSpiel's PyTorch agent) on a Roost game through the
OpenSpiel adapter, on perfect-recall information-state tensors.

NFSP is one of the OpenSpiel algorithms that need ``information_state_tensor``: its average
policy is a function of the seat's information state, and an observation tensor alone (what
the seat sees now, not what it has seen) would give it the wrong input. This module runs it
end to end on a Roost game registered with pyspiel (`roost.rl.openspiel`): `train` plays
self-play episodes through OpenSpiel's ``rl_environment`` with ``ObservationType.
INFORMATION_STATE``, `NFSPPolicy` is the trained average policy behind OpenSpiel's
``policy.Policy`` API (so anything that takes an OpenSpiel policy can play it), and
`play_against_random` plays it for whole games against a uniform random policy, seats rotated.

Exploitability (what NFSP's papers report) is not computable for these games: their game trees
are far too large to walk. `play_against_random` is the measure given instead; it says that the
policy plays better than random, not how close it is to an equilibrium.

Needs the ``rl`` extra and PyTorch (``pip install torch``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyspiel
import torch
from open_spiel.python import policy as spiel_policy
from open_spiel.python import rl_environment
from open_spiel.python.pytorch import nfsp

from roost.rl.openspiel import register
from roost.sim.arena import wilson


@dataclass
class Training:
    """The agents after `train` (one NFSP agent per seat) and what training saw."""

    game: Any
    """The pyspiel game."""
    agents: list[Any]
    episodes: int
    decisions: int
    sl_losses: list[float] = field(default_factory=list)
    """The average-policy (supervised) losses, as each seat's agent reported them after each
    episode once it had started learning (None before is left out)."""
    rl_losses: list[float] = field(default_factory=list)
    """Likewise the best-response (DQN) losses."""


def load(name: str, params: dict[str, Any]) -> Any:
    """The pyspiel game `name` (``roost_manda_huevos``, ...) with `params`, registered first."""
    register()
    game = pyspiel.load_game(name, params)
    if not game.get_type().provides_information_state_tensor:
        raise ValueError(f"{name} provides no information-state tensor")
    return game


def make_agents(
    game: Any,
    *,
    hidden: Sequence[int] = (64,),
    seed: int = 0,
    buffer: int = 2_000,
    batch: int = 64,
    learn_every: int = 16,
    min_buffer: int = 256,
    anticipatory: float = 0.1,
) -> list[Any]:
    """One NFSP agent per seat, on information-state tensors of ``game``'s size. Each agent
    preallocates its two buffers (`buffer` transitions; the replay buffer holds two tensors a
    transition): at Manda Huevos!'s 1,899 entries a thousand transitions take 23 MB, so the
    default stays small."""
    size = game.information_state_tensor_size()
    actions = game.num_distinct_actions()
    return [
        nfsp.NFSP(
            seat,
            size,
            actions,
            list(hidden),
            reservoir_buffer_capacity=buffer,
            anticipatory_param=anticipatory,
            batch_size=batch,
            learn_every=learn_every,
            min_buffer_size_to_learn=min_buffer,
            replay_buffer_capacity=buffer,
            epsilon_decay_duration=20_000,
            optimizer_str="adam",
            rl_learning_rate=1e-3,
            sl_learning_rate=1e-3,
            seed=seed + 10 * seat,
        )
        for seat in range(game.num_players())
    ]


def train(game: Any, episodes: int, *, seed: int = 0, **agent_options: Any) -> Training:
    """NFSP self-play for `episodes` whole games of `game` (a pyspiel game with information-state
    tensors), chance drawn from a generator seeded by `seed`; deterministic given the seed (NFSP
    samples with numpy's and torch's global generators, which are seeded here)."""
    nfsp.set_seed(seed)
    env = rl_environment.Environment(
        game,
        observation_type=rl_environment.ObservationType.INFORMATION_STATE,
        chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed),
    )
    agents = make_agents(game, seed=seed, **agent_options)
    training = Training(game, agents, 0, 0)
    for _ in range(episodes):
        time_step = env.reset()
        while not time_step.last():
            player = time_step.observations["current_player"]
            output = agents[player].step(time_step)
            time_step = env.step([output.action])
            training.decisions += 1
        for agent in agents:  # every seat sees the end (and learns from its reward)
            agent.step(time_step)
            sl_loss, rl_loss = agent.loss
            if sl_loss is not None:
                training.sl_losses.append(float(sl_loss))
            if rl_loss is not None:
                training.rl_losses.append(float(rl_loss))
        training.episodes += 1
    return training


class NFSPPolicy(spiel_policy.Policy):  # type: ignore[misc]  # OpenSpiel is untyped
    """The agents' average policy (NFSP's output) as an OpenSpiel ``Policy``: a distribution
    over the legal actions of the seat to move, from its information-state tensor."""

    def __init__(self, game: Any, agents: Sequence[Any]) -> None:
        super().__init__(game, list(range(game.num_players())))
        self.agents = list(agents)

    def action_probabilities(self, state: Any, player_id: int | None = None) -> dict[int, float]:
        seat = state.current_player() if player_id is None else player_id
        legal = state.legal_actions(seat)
        info_state = np.asarray(state.information_state_tensor(seat), np.float32)
        mask = np.zeros(self.game.num_distinct_actions(), bool)
        mask[legal] = True
        agent = self.agents[seat]
        with agent.temp_mode_as(nfsp.MODE.AVERAGE_POLICY), torch.no_grad():
            _values, _action, probs = agent._act(info_state, mask)
        return {action: float(probs[action]) for action in legal}


def play(game: Any, policies: Sequence[Any], rng: random.Random) -> list[float]:
    """One whole game, each seat sampling from its OpenSpiel policy (chance from `rng`); the
    returns."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
            continue
        seat = state.current_player()
        probabilities = policies[seat].action_probabilities(state, seat)
        actions, weights = zip(*probabilities.items(), strict=True)
        state.apply_action(rng.choices(actions, weights)[0])
    return [float(r) for r in state.returns()]


@dataclass(frozen=True)
class Match:
    """`play_against_random`'s result: the policy's wins (a return of 1 or more: Manda
    Huevos! gives a shared win 1 to each) out of `games`, and its 95% Wilson interval."""

    wins: int
    games: int
    mean_return: float
    opponent_mean_return: float

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


def play_against_random(game: Any, policy: Any, games: int, seed: int = 0) -> Match:
    """`policy` at one seat of a two-player `game` against OpenSpiel's uniform random policy at
    the other, seats alternating game by game (seat 0 may move first)."""
    if game.num_players() != 2:
        raise ValueError("play_against_random is for two-player games")
    rng = random.Random(seed)
    uniform = spiel_policy.UniformRandomPolicy(game)
    wins = 0
    mine = theirs = 0.0
    for index in range(games):
        seat = index % 2
        policies = [policy, uniform] if seat == 0 else [uniform, policy]
        returns = play(game, policies, rng)
        wins += returns[seat] >= 1.0
        mine += returns[seat]
        theirs += returns[1 - seat]
    return Match(wins, games, mine / games, theirs / games)
