"""The ``learned`` bot kind: a network trained by `roost.rl.learn` plays its most likely move.

``learned`` plays the weights shipped in the package (``roost/rl/weights/<game>.npz``) for the
games that have them; ``learned:PATH.npz`` plays a file of one's own. Only numpy is needed (the
network is evaluated by `roost.rl.mlp`), loaded once per process. Play is deterministic: the
network's best move, and the heuristic move it reads as its hint drawn from the bot's seed.

``learned:search`` (or ``learned:search=N`` iterations, ``learned:search=Ss`` seconds a move)
is ISMCTS with the game's search settings whose prior is the network instead of the heuristic:
the network's move is the progressive bias in the tree and the playout policy;
``/value`` also makes the network's value head the estimate a cut-short playout ends with
(e.g. ``learned:search=0.1s/value``). An experiment: see docs/measured/learned.md.
"""

from __future__ import annotations

import random
import shutil
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from roost.bots.heuristic import policy_for
from roost.core.errors import ParameterError
from roost.core.game import Game
from roost.core.runner import Bot
from roost.core.state import State
from roost.core.view import SeatView
from roost.rl.encoding import encoding_for
from roost.rl.mlp import Network, load_network
from roost.rl.moves import features_for

WEIGHTS = Path(__file__).resolve().parent / "weights"


def weights_path(game: Game) -> Path:
    """Where the package keeps the shipped weights of `game`."""
    return WEIGHTS / f"{type(game).__module__.split('.')[2]}.npz"


def install(weights: Path, game: Game) -> Path:
    """Copy a trainer's `weights` over the ones the package ships for `game` (the trainers'
    ``--install``), saying where; the shipped file is what ``learned`` bots load."""
    target = weights_path(game)
    shutil.copyfile(weights, target)
    print(f"installed as {target}")
    return target


def shipped_games() -> list[str]:
    """The games whose weights ship with the package (their folder names)."""
    return sorted(path.stem for path in WEIGHTS.glob("*.npz"))


@lru_cache(maxsize=16)
def _load(path: str) -> Network:
    return load_network(Path(path))


def network_for(game: Game, path: str = "") -> Network:
    """The network for `game`: the file at `path`, or the shipped one; a clear error if there
    is none or it was trained for another game or player count."""
    if not path:
        file = weights_path(game)
        if not file.exists():
            shipped = [folder.replace("_", "-") for folder in shipped_games()]
            raise ParameterError(
                f"no learned weights for {game.name!r} with {game.num_players} players; "
                f"they ship for: {', '.join(shipped) or 'no game'} (4 players); "
                "train some with python -m roost.rl.learn and play them as learned:PATH.npz"
            )
        path = str(file)
    network = _load(path)
    size = encoding_for(game).size
    if (network.game, network.players, network.inputs) != (game.name, game.num_players, size):
        raise ParameterError(
            f"learned: {path!r} was trained for {network.game} with {network.players} players; "
            f"this is {game.name} with {game.num_players}"
        )
    if network.head == "moves" and features_for(game).size != network.features:
        raise ParameterError(f"learned: {path!r} reads other move features than this version's")
    return network


class LearnedPolicy:
    """The network's move for the seat to move of a view or (in search) a state."""

    def __init__(self, game: Game, network: Network, seed: int) -> None:
        self._network = network
        self._encoding = encoding_for(game)
        self._heuristic = policy_for(game) if network.hint else None
        self._rng = random.Random(seed)
        self._players = game.num_players
        self._moves = features_for(game) if network.head == "moves" else None

    def _best(self, x: np.ndarray, legal: list[int], hint: int) -> int:
        moves = None if self._moves is None else self._moves.of(x, legal)
        return self._network.best(x, legal, hint, moves)

    def choose(self, view: SeatView) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        hint = self._heuristic(view, self._rng) if self._heuristic is not None else -1
        return self._best(self._encoding.encode(view.observation()), legal, hint)

    def playout_action(self, state: State, legal: list[int], rng: random.Random) -> int:
        """`roost.bots.ismcts.PlayoutPolicy`: the move of the state's player, from what that
        player sees (search hands it a determinized state)."""
        player = state.current_player()
        view = SeatView(state, player)
        hint = self._heuristic(view, rng) if self._heuristic is not None else -1
        return self._best(self._encoding.encode_state(state, player), legal, hint)

    def evaluate(self, state: State) -> list[float]:
        """`roost.bots.ismcts.Evaluator`: each seat's chance to win from what it sees."""
        rows = np.stack([self._encoding.encode_state(state, seat) for seat in range(self._players)])
        return [float(v) for v in self._network.win_chance(rows)]


class LearnedBot:
    """Plays the network's most likely legal move."""

    name = "learned"

    def __init__(self, game: Game, network: Network, seed: int) -> None:
        self.policy = LearnedPolicy(game, network, seed)

    def choose(self, view: SeatView) -> int:
        return self.policy.choose(view)


def _search(game: Game, network: Network, seed: int, option: str) -> Bot:
    from roost.bots import _search_options, search_bot

    budget, _, rest = option.partition("/")
    if rest not in ("", "value"):
        raise ParameterError(f"learned:search takes /value or nothing after it; got {rest!r}")
    iterations, seconds, hooks = _search_options(game, budget)
    policy = LearnedPolicy(game, network, seed)
    changes: dict[str, Any] = {"playout_action": policy.playout_action}
    if hooks.bias == 0.0:
        changes["bias"] = 1.0
    if rest == "value":
        changes["evaluate"] = policy.evaluate
        if hooks.rollout_depth is None:
            changes["rollout_depth"] = 0
    return search_bot(game, seed, iterations, seconds=seconds, hooks=replace(hooks, **changes))


def make_learned_bot(game: Game, seed: int, arg: str) -> Bot:
    """The bot factory of kind ``learned`` (`roost.bots.BotFactory`'s signature)."""
    if arg.startswith("search"):
        option = arg.removeprefix("search")
        if option and option[0] not in "=/":
            raise ParameterError(f"learned:search takes =N, =Ss and /value; got {arg!r}")
        return _search(game, network_for(game), seed, option.removeprefix("="))
    if arg and not arg.endswith(".npz"):
        raise ParameterError(
            f"learned takes a weights file (learned:PATH.npz) or search options; got {arg!r}"
        )
    return LearnedBot(game, network_for(game, arg), seed)
