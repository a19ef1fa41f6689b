"""Fit the coefficients of `roost.games.eggo.search` to simulated games.

    python scripts/fit_eggo_value.py [games]

Plays games at every player count with the search's own playout policy
(`search.playout_action`, so the estimate matches what a playout would find), samples
positions along them, and fits a logistic model of "this seat escapes in the end" on the
features of `search.features` (Newton's method, needs numpy: `pip install -e '.[peers]'`).
Prints the coefficients to paste into search.py.
"""

from __future__ import annotations

import random
import sys

import numpy as np

import roost
from roost.core.game import CHANCE
from roost.games.eggo.cards import BARB
from roost.games.eggo.search import FEATURES, features, playout_action
from roost.games.eggo.state import EggoState


def policy_playthrough(players: int, seed: int) -> list[EggoState]:
    """Every state of one game played by the playout policy in every seat."""
    game = roost.load_game("eggo", players=players, characters="assigned")
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, EggoState)
    states = [state]
    state = state.clone()
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(playout_action(state, legal, rng) if len(legal) > 1 else legal[0])
        states.append(state.clone())
    return states


def samples(games: int) -> tuple[np.ndarray, np.ndarray]:
    rows: list[tuple[float, ...]] = []
    labels: list[float] = []
    rng = random.Random(0)
    for g in range(games):
        players = 2 + g % 5
        states = policy_playthrough(players, g)
        final = states[-1]
        for state in states[:: 7 + rng.randrange(5)]:
            if state._phase < 3:  # before the deal is done
                continue
            for seat in range(players):
                if state._escaped[seat] or state._characters[seat] == BARB:
                    continue
                rows.append(features(state, seat))
                labels.append(1.0 if final._escaped[seat] else 0.0)
    return np.array(rows), np.array(labels)


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(25):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (y - p)
        hessian = -(x.T * (p * (1 - p))) @ x - 1e-6 * np.eye(len(w))
        w -= np.linalg.solve(hessian, gradient)
    return w


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 6000
    x, y = samples(games)
    w = fit(x, y)
    p = 1 / (1 + np.exp(-x @ w))
    loss = -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))
    base = y.mean()
    base_loss = -(base * np.log(base) + (1 - base) * np.log(1 - base))
    print(f"{len(y)} positions from {games} games; log loss {loss:.4f} (constant: {base_loss:.4f})")
    for name, value in zip(FEATURES, w, strict=True):
        print(f"  {name:40s} {value:+.4f}")
    print("COEFFICIENTS = (" + ", ".join(f"{v:.4f}" for v in w) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
