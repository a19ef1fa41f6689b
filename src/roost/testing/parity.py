"""What must come out the same from both builds of the engine (compiled and pure Python).

`seeded_record()` plays seeded random games, seeded games between bots (search included) and
seeded searches from fixed positions, and returns everything they produced as plain data: the
histories, each search's root statistics (visits and total reward of every root action,
the floats as their exact ``repr``), and, with the ``rl`` extra, a digest of the batched engine's
tensors, masks and rewards over seeded random steps (the encoders' state writers).
``tests/test_builds.py`` computes it in the running build and in the pure-Python source in a
subprocess, and requires the two to be equal.

Run as a script (``python -m roost.testing.parity``) it prints the record as JSON.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import random
from typing import Any

from roost.bots import make_bot, search_bot
from roost.core.registry import load_game, registered_games
from roost.core.runner import play_game
from roost.core.view import SeatView
from roost.testing.conformance import random_playthrough

COMPENSATED: dict[str, dict[str, Any]] = {
    "egg-bound": {"players": 2, "first_short": 2, "first_egg": False},
}
"""Games with first-player compensation parameters (`roost lab --compensate`), played with them
set too: the short deal and the missing egg take paths of their own in the compiled code."""
BOTS = ("ismcts:20", "heuristic", "easy", "random")
"""The seats of the bot games (one search, the heuristic, the easy level, random), rotated."""


def _random_history(name: str, seed: int, **params: Any) -> list[int]:
    game = load_game(name, **params)
    last = None
    for step in random_playthrough(game, seed):
        last = step
    assert last is not None
    return last.state.history()


OWN_CARDS: dict[str, dict[str, Any]] = {
    "manda-huevos": {"players": 3, "own_cards": "move:2/take:1/egg:12x2"},
    "eggo": {"players": 3, "own_cards": "draw:3x2/draw:1/draw:4"},
    "egg-bound": {
        "players": 4,
        "own_cards": "chicken:4-4-2x3/chicken:2-1-4:Scrawny",
        "copies": "chickens:4",
    },
}
"""Games played again with own cards (RULES.md, "Your own cards"): their extra phase and ids
must come out the same from both builds too."""


TENSORS = all(importlib.util.find_spec(m) is not None for m in ("numpy", "librt"))
"""Whether the RL encoders can run here (the ``rl`` extra): then the record holds the batched
engine's tensors too."""


def _bot_history(name: str, seed: int, **params: Any) -> list[int]:
    game = load_game(name, **params)
    kinds = [BOTS[(seat + seed) % len(BOTS)] for seat in range(game.num_players)]
    bots = [make_bot(kind, game, seed * 10 + seat) for seat, kind in enumerate(kinds)]
    return play_game(game, bots, random.Random(seed)).history()


def _search_stats(name: str, seed: int, iterations: int) -> list[tuple[int, int, str]]:
    from roost.sim.search_bench import fixed_positions

    game = load_game(name)
    state = fixed_positions(game, count=1)[0]
    root = search_bot(game, seed, iterations).search(SeatView(state, state.current_player()))
    return [
        (action, child.visits, repr(child.total)) for action, child in sorted(root.children.items())
    ]


def _tensor_digest(name: str, seed: int, **params: Any) -> str:
    """A digest of everything a seeded `roost.rl.batch.BatchEnv` wrote over random steps: the
    tensors of the seats to move and of every seat (the encoders' state writers), the masks,
    the legal-action index, the rewards and the ends (float32 bits, so a rounding counts)."""
    from roost.rl.batch import BatchEnv

    batch = BatchEnv(name, 3, seed=seed, **params)
    digest = hashlib.sha256()
    batch.reset()
    for step in range(40):
        arrays = [batch.obs, batch.mask, batch.player, batch.legal_counts]
        if step % 4 == 0:
            arrays += [batch.observe(seat) for seat in range(batch.players)]
        for array in arrays:
            digest.update(array.tobytes())
        for i in range(batch.n):
            digest.update(batch.legal[i, : batch.legal_counts[i]].tobytes())
        batch.step_random()
        for array in (batch.rewards, batch.terminated, batch.truncated, batch.actions):
            digest.update(array.tobytes())
    return digest.hexdigest()


def seeded_record(names: list[str] | None = None) -> dict[str, Any]:
    """Histories and search statistics of seeded games and searches of every game."""
    record: dict[str, Any] = {}
    for name in names or sorted(registered_games()):
        record[name] = {
            "random games": [_random_history(name, seed) for seed in (0, 1)],
            "two-player game": _random_history(name, 2, players=2),
            "bot game": _bot_history(name, 3),
            "search": _search_stats(name, 4, 150),
        }
        own = OWN_CARDS.get(name)
        if own is not None:
            record[name]["own cards random game"] = _random_history(name, 5, **own)
            record[name]["own cards bot game"] = _bot_history(name, 6, **own)
        if name in COMPENSATED:
            record[name]["compensated game"] = _random_history(name, 5, **COMPENSATED[name])
        if TENSORS:
            record[name]["batch tensors"] = _tensor_digest(name, 7, players=3)
            if own is not None:
                record[name]["own cards batch tensors"] = _tensor_digest(name, 8, **own)
    return record


if __name__ == "__main__":
    print(json.dumps(seeded_record()))
