"""Fit the coefficients of `roost.games.manda_huevos.search` to simulated games.

    python scripts/fit_manda_huevos_value.py [games]

Plays games at every player count with the heuristic bot in every seat (the opponents search
meets, and a sensible continuation of any position), samples positions along them, and fits a
conditional logit of "this seat wins" on the features of `search.features` and their copies
scaled by how full the table is (Newton's method, needs numpy: `pip install -e '.[peers]'`).
Prints the coefficients to paste into search.py.
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict

import numpy as np

import roost
from roost.bots.heuristic.manda_huevos import choose
from roost.core.game import CHANCE
from roost.core.view import SeatView
from roost.games.manda_huevos.search import FEATURES, features, filled_share
from roost.games.manda_huevos.state import MandaHuevosState

PLAYERS = (2, 3, 4, 4, 5, 6)
"""Player counts of the simulated games, in turn (the default, 4, twice as often)."""


def playthrough(players: int, seed: int) -> list[MandaHuevosState]:
    """Every decision state of one game played by the heuristic in every seat."""
    game = roost.load_game("manda-huevos", players=players)
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, MandaHuevosState)
    states = []
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        states.append(state.clone())
        legal = state.legal_actions()
        state.apply_action(choose(SeatView(state, player), rng) if len(legal) > 1 else legal[0])
    states.append(state)
    return states


def row(state: MandaHuevosState) -> np.ndarray:
    """The features of every seat, then the same scaled by the share of slots filled."""
    n = state.game.num_players
    late = filled_share(state)
    x = np.array([features(state, seat) for seat in range(n)])
    return np.hstack([x, late * x])


def samples(games: int) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """Per player count: features (positions x seats x inputs) and win shares."""
    xs: dict[int, list[np.ndarray]] = defaultdict(list)
    ys: dict[int, list[np.ndarray]] = defaultdict(list)
    rng = random.Random(0)
    for g in range(games):
        players = PLAYERS[g % len(PLAYERS)]
        states = playthrough(players, g)
        final = states[-1]
        winners = final.winners()
        label = np.array([1.0 / len(winners) if s in winners else 0.0 for s in range(players)])
        for state in states[:-1][rng.randrange(3) :: 3]:
            xs[players].append(row(state))
            ys[players].append(label)
    return {n: (np.array(xs[n]), np.array(ys[n])) for n in xs}


def log_likelihood(data: dict[int, tuple[np.ndarray, np.ndarray]], w: np.ndarray) -> float:
    total = 0.0
    for x, y in data.values():
        z = x @ w
        z -= z.max(axis=1, keepdims=True)
        log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
        total += float((y * log_p).sum())
    return total


def fit(data: dict[int, tuple[np.ndarray, np.ndarray]]) -> np.ndarray:
    d = next(iter(data.values()))[0].shape[2]
    w = np.zeros(d)
    for _ in range(30):
        gradient = np.zeros(d)
        hessian = -1e-6 * np.eye(d)
        for x, y in data.values():
            z = x @ w
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            p /= p.sum(axis=1, keepdims=True)
            gradient += np.einsum("isk,is->k", x, y - p)
            mean = np.einsum("isk,is->ik", x, p)
            hessian -= np.einsum("isk,is,isl->kl", x, p, x) - mean.T @ mean
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 6000
    data = samples(games)
    w = fit(data)
    positions = sum(len(y) for _, y in data.values())
    loss = -log_likelihood(data, w) / positions
    base = -log_likelihood(data, np.zeros_like(w)) / positions
    print(f"{positions} positions from {games} games; log loss {loss:.4f} (uniform: {base:.4f})")
    names = [*FEATURES, *(f"{name} x filled" for name in FEATURES)]
    for name, value in zip(names, w, strict=True):
        print(f"  {name:45s} {value:+.4f}")
    print("COEFFICIENTS = (" + ", ".join(f"{v:.4f}" for v in w) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
