"""The learned bot's network, evaluated with numpy alone (no torch at play time).

A small MLP over one seat's observation tensor (`roost.rl.encoding`): two ReLU layers, then

* a policy head, one of two kinds:

  - ``actions``: one logit per action of the game (each action id learnt on its own);
  - ``moves``: one shared scorer for every legal move, a small ReLU layer over the trunk's
    output, the move's features (`roost.rl.moves`: its kind, size, number, cards, the hand it
    leaves) and whether it is the heuristic's move, so what one Lay teaches carries over to
    the Lays like it (far fewer weights, learnt from fewer samples);

  plus ``gate(x)`` on the heuristic's move (the move the game's hand-written policy would make,
  given as a one-hot ``hint``). The gate is a learned function of the observation, so the
  network decides from the position how far to trust the rule of thumb and where to overrule
  it; a network trained with ``hint=False`` has no gate and plays from the tensor alone;
* a value head: the chance that the seat to move ends up among the winners (a logit).

The weights live in an ``.npz`` (stored as float16 to keep the package small, computed in
float32) with the game's name, player count, tensor size and action count, so a file cannot be
used for the wrong game by mistake. `roost.rl.learn` trains and writes them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from roost.core.errors import ParameterError

Array = npt.NDArray[np.float32]

TRUNK = ("w1", "b1", "w2", "b2", "wv", "bv")
LAYERS = (*TRUNK, "wp", "bp")
SCORER = (*TRUNK, "sh", "sf", "st", "sb", "so", "sob")
GATE = ("wg", "bg")
HEADS = ("actions", "moves")


@dataclass(frozen=True)
class Network:
    """Weights and what they were trained for."""

    game: str
    players: int
    inputs: int
    actions: int
    hint: bool
    weights: Mapping[str, Array]
    head: str = "actions"
    features: int = 0
    """Features per move of a ``moves`` head (`roost.rl.moves.MoveFeatures.size`)."""

    def trunk(self, x: Array) -> Array:
        w = self.weights
        h = np.maximum(x @ w["w1"] + w["b1"], 0.0)
        out: Array = np.maximum(h @ w["w2"] + w["b2"], 0.0)
        return out

    def logits(
        self, x: Array, legal: Sequence[int], hint: int = -1, moves: Array | None = None
    ) -> Array:
        """The policy's logits of the `legal` actions (in that order) for one tensor `x`;
        a ``moves`` head needs their features (rows of `moves`, `roost.rl.moves`)."""
        w = self.weights
        h = self.trunk(x)
        index = np.asarray(legal, dtype=np.intp)
        if self.head == "moves":
            if moves is None:
                raise ValueError("a moves head scores moves from their features")
            hinted = (index == hint).astype(np.float32)[:, None]
            inner = h @ w["sh"] + moves @ w["sf"] + hinted @ w["st"] + w["sb"]
            out: Array = np.maximum(inner, 0.0) @ w["so"][:, 0] + w["sob"][0]
        else:
            out = h @ w["wp"][:, index] + w["bp"][index]
        if self.hint and hint >= 0:
            gate = float(h @ w["wg"][:, 0] + w["bg"][0])
            out = out + np.where(index == hint, np.float32(gate), np.float32(0.0))
        return out

    def best(
        self, x: Array, legal: Sequence[int], hint: int = -1, moves: Array | None = None
    ) -> int:
        """The most likely of the `legal` actions (the first of equals, so it is reproducible)."""
        return int(legal[int(np.argmax(self.logits(x, legal, hint, moves)))])

    def win_chance(self, x: Array) -> Array:
        """The value head for a batch of tensors (rows): each seat's chance to win, in [0, 1]."""
        w = self.weights
        z = self.trunk(x) @ w["wv"][:, 0] + w["bv"][0]
        result: Array = 1.0 / (1.0 + np.exp(-z))
        return result

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        arrays: dict[str, Any] = {
            name: np.asarray(value, dtype=np.float16) for name, value in self.weights.items()
        }
        arrays["game"] = np.asarray(self.game)
        arrays["meta"] = np.asarray(
            [self.players, self.inputs, self.actions, int(self.hint), HEADS.index(self.head),
             self.features]
        )  # fmt: skip
        np.savez_compressed(path, **arrays)


def load_network(path: Path) -> Network:
    """A network saved by `Network.save`; a clear error for a missing or foreign file."""
    try:
        with np.load(path, allow_pickle=False) as data:
            files: dict[str, Any] = {name: data[name] for name in data.files}
    except FileNotFoundError:
        raise ParameterError(f"learned: no weights at {str(path)!r}") from None
    except (OSError, ValueError) as error:
        raise ParameterError(f"learned: {str(path)!r} is not a weights file ({error})") from None
    meta = [int(v) for v in files["meta"]] if "meta" in files else [0, 0, 0, 0]
    meta += [0, 0][: max(0, 6 - len(meta))]  # files of the first version have no head
    players, inputs, actions, hint, head, features = meta[:6]
    if not 0 <= head < len(HEADS):
        raise ParameterError(f"learned: {str(path)!r} has an unknown policy head ({head})")
    needed = (SCORER if HEADS[head] == "moves" else LAYERS) + (GATE if hint else ())
    missing = [name for name in ("game", "meta", *needed) if name not in files]
    if missing:
        raise ParameterError(f"learned: {str(path)!r} lacks {', '.join(missing)}")
    weights = {name: np.asarray(files[name], dtype=np.float32) for name in needed}
    return Network(
        str(files["game"]), players, inputs, actions, bool(hint), weights, HEADS[head], features
    )
