"""Steps per second of the PettingZoo environments, Roost's and peers', in one run.

    python scripts/bench_rl.py [--seconds 5] [--players 4] [--json FILE]

Every environment runs the loop of PettingZoo's own ``pettingzoo.test.performance_benchmark``
(``agent_iter``, ``last()`` with the observation, a uniformly random legal action from the
mask, ``step``), seeded, one game after another, for ``--seconds`` each:

* Roost: ``roost.rl.pettingzoo.env(name, players=N)`` for every game (observation tensors
  and masks built at every step, chance played inside ``step``);
* PettingZoo ``uno_v4``: PettingZoo no longer ships it (it left the classic set before 1.22,
  and the releases that had it are not on PyPI), so it is rebuilt as it was: PettingZoo's own
  ``RLCardBase("uno", 2, (4, 4, 15))`` with the wrappers of its classic envs
  (``TerminateIllegalWrapper``, ``AssertOutOfBoundsWrapper``, ``OrderEnforcingWrapper``);
  needs the ``peers`` extra (rlcard);
* OpenSpiel ``crazy_eights`` (C++, its default 5 players) through Shimmy's
  ``OpenSpielCompatibilityV0`` (``peers`` extra: open_spiel, shimmy), the mask read from
  ``info`` as Shimmy gives it.

Steps are ``env.step`` calls (the dead agents' final ``step(None)`` included, as in PettingZoo's
benchmark). Ratios are Roost's steps/s over each peer's, measured in the same run.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from roost.core.registry import registered_games


@dataclass
class Rate:
    env: str
    games: int
    steps: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.steps / self.seconds


def measure(label: str, make: Callable[[], Any], seconds: float, seed: int = 0) -> Rate:
    """PettingZoo's performance-benchmark loop, a fresh seeded game each time."""
    env = make()
    choose = random.Random(seed).choice
    flat = np.flatnonzero
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed + games)
        games += 1
        for _agent in env.agent_iter():
            obs, _reward, termination, truncation, info = env.last()
            if termination or truncation:
                action = None
            else:
                mask = obs["action_mask"] if isinstance(obs, dict) else info["action_mask"]
                action = choose(flat(mask).tolist())
            env.step(action)
            steps += 1
    return Rate(label, games, steps, time.perf_counter() - start)


def uno_v4() -> Any:
    """PettingZoo's ``uno_v4`` as it was: RLCard's uno behind PettingZoo's ``RLCardBase``."""
    from pettingzoo.classic.rlcard_envs.rlcard_base import RLCardBase
    from pettingzoo.utils import wrappers

    class UnoEnv(RLCardBase):  # type: ignore[misc]  # PettingZoo is untyped
        metadata = {"render_modes": [], "name": "uno_v4", "is_parallelizable": False}  # noqa: RUF012

        def __init__(self) -> None:
            super().__init__("uno", 2, (4, 4, 15))
            self.render_mode = None

    env = UnoEnv()
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def crazy_eights() -> Any:
    """OpenSpiel's ``crazy_eights`` at its defaults (5 players: Shimmy fails on other counts,
    its agent names not matching the game's seats)."""
    from shimmy import OpenSpielCompatibilityV0

    return OpenSpielCompatibilityV0(game_name="crazy_eights")


def _maker(env: Callable[..., Any], name: str, players: int) -> Callable[[], Any]:
    return lambda: env(name, players=players)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", default="", help="comma-separated Roost games (default: all)")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args(argv)
    from roost.rl.pettingzoo import env

    names = [n for n in args.games.split(",") if n] or list(registered_games())
    rates = [
        measure(f"roost {name} ({args.players}p)", _maker(env, name, args.players), args.seconds)
        for name in names
    ]
    peers: list[Rate] = []
    if importlib.util.find_spec("rlcard"):
        peers.append(measure("PettingZoo uno_v4 (RLCard, 2p)", uno_v4, args.seconds))
    else:
        print("uno_v4 skipped: pip install -e '.[peers]' (rlcard)")
    if importlib.util.find_spec("shimmy") and importlib.util.find_spec("pyspiel"):
        label = "OpenSpiel crazy_eights via Shimmy (5p)"
        peers.append(measure(label, crazy_eights, args.seconds))
    else:
        print("crazy_eights skipped: pip install -e '.[peers]' (open_spiel, shimmy)")
    short = {"uno_v4": "/ uno_v4", "crazy_eights": "/ crazy_eights"}
    header = f"{'environment':<44} {'games':>7} {'steps/s':>10}" + "".join(
        f" {next(v for k, v in short.items() if k in peer.env):>15}" for peer in peers
    )
    print(header)
    for rate in rates + peers:
        ratios = "".join(f" {rate.per_second / peer.per_second:>14.1f}x" for peer in peers)
        print(f"{rate.env:<44} {rate.games:>7} {rate.per_second:>10.0f}{ratios}")
    if args.json:
        data = [asdict(rate) | {"steps_per_second": rate.per_second} for rate in rates + peers]
        args.json.write_text(json.dumps(data, indent=2) + "\n")


if __name__ == "__main__":
    main()
