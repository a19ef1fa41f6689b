"""A trained policy as a Roost bot: ``ppo:/path/to/model.zip`` in ``roost arena``.

`PolicyBot` plays any policy that maps a seat's observation tensor and legal-action mask to an
action; `make_ppo_bot` loads a MaskablePPO model (sb3-contrib) saved by `roost.rl.train` and
plays its most likely legal action (its seed is not used: the play is deterministic).

The kind ``ppo`` reaches `roost.bots.make_bot` (and so ``roost arena``, the server, the lab)
through the ``roost.bots`` entry-point group declared in pyproject.toml: ``roost arena GAME
--bots ppo:runs/big-chicken/model.zip,random``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from roost.core.errors import ParameterError
from roost.core.game import Game
from roost.core.view import SeatView
from roost.rl.encoding import Tensor, encoding_for

if TYPE_CHECKING:
    from sb3_contrib import MaskablePPO

Policy = Callable[[Tensor, Sequence[int]], int]
"""Picks one of the legal actions given the seat's observation tensor."""

KIND = "ppo"


class PolicyBot:
    """Plays `policy` on the seat's observation tensor (`roost.rl.encoding`)."""

    name = "policy"

    def __init__(self, game: Game, policy: Policy) -> None:
        self._encoding = encoding_for(game)
        self._policy = policy

    def choose(self, view: SeatView) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self._policy(self._encoding.encode(view.observation()), legal)


def greedy_policy(model: MaskablePPO) -> Policy:
    """The model's most likely legal action (its actor network, without sb3's per-call
    preprocessing: about a tenth of ``model.predict``'s cost for one observation)."""
    import torch

    policy = model.policy
    policy.set_training_mode(False)
    device = policy.device

    def choose(tensor: Tensor, legal: Sequence[int]) -> int:
        with torch.no_grad():
            obs = torch.as_tensor(tensor, device=device).unsqueeze(0)
            features: Any = policy.extract_features(obs, policy.pi_features_extractor)
            latent = policy.mlp_extractor.forward_actor(features)
            logits = policy.action_net(latent)[0]
            index = torch.as_tensor(np.asarray(legal), device=device)
            return int(legal[int(torch.argmax(logits[index]))])

    return choose


@lru_cache(maxsize=8)
def load_model(path: str) -> MaskablePPO:
    """A saved MaskablePPO model, loaded once per process (on the CPU)."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)  # one game, one observation at a time: threads only cost
    file = Path(path)
    if not file.exists() and not Path(f"{path}.zip").exists():
        raise ParameterError(f"ppo: no model at {path!r}")
    return MaskablePPO.load(path, device="cpu")


def make_ppo_bot(game: Game, seed: int, arg: str) -> PolicyBot:
    """The bot factory of kind ``ppo`` (``ppo:PATH``): `roost.bots.BotFactory`'s signature."""
    if not arg:
        raise ParameterError("bot 'ppo' needs the model's path: ppo:/path/to/model.zip")
    model = load_model(arg)
    size = encoding_for(game).size
    shape: Any = model.observation_space.shape
    if shape != (size,):
        raise ParameterError(
            f"ppo:{arg} was trained on observations of shape {shape}; {game.name} with "
            f"{game.num_players} players has ({size},): train one for this game and count"
        )
    return PolicyBot(game, greedy_policy(model))
