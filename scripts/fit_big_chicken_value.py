"""Fit the coefficients of `roost.games.big_chicken.search` to simulated games.

    python scripts/fit_big_chicken_value.py [games] [playout|heuristic]

Plays games (half at the default 4 players, the rest at 2, 3, 5 and 6) with the search's own
playout policy (`search.playout_action`) in every seat, or with ``heuristic`` the heuristic
bot, samples positions along them, and fits a conditional logit of "this seat is the Golden
Egg" on the features of `search.features`, one weight set per number of Rounds still to come
(`search.bucket`), by Newton's method (needs numpy: `pip install -e '.[peers]'`). Prints the
coefficients to paste into search.py.
"""

from __future__ import annotations

import random
import sys

import numpy as np

import conditional_logit
import roost
from roost.bots.heuristic import HeuristicBot
from roost.core.game import CHANCE
from roost.core.view import SeatView
from roost.games.big_chicken.search import BUCKETS, FEATURES, bucket, features, playout_action
from roost.games.big_chicken.state import BigChickenState

Sample = tuple[int, np.ndarray, int]
"""(bucket, features of every seat, the winner's seat)"""


def policy_playthrough(
    players: int, seed: int, rng: random.Random, policy: str
) -> tuple[list[Sample], int]:
    """Positions sampled along one game played by `policy` in every seat."""
    game = roost.load_game("big-chicken", players=players)
    state = game.new_initial_state()
    assert isinstance(state, BigChickenState)
    state.stop_recording()
    play = random.Random(seed)
    bots = [HeuristicBot(game, seed * 10 + seat) for seat in range(players)]
    taken: list[tuple[int, np.ndarray]] = []
    stride = 5 + rng.randrange(5)
    step = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(play))
            continue
        legal = state.legal_actions()
        step += 1
        if step % stride == 0:
            rows = np.array([features(state, seat) for seat in range(players)])
            taken.append((bucket(state), rows))
        if len(legal) == 1:
            action = legal[0]
        elif policy == "playout":
            action = playout_action(state, legal, play)
        else:
            action = bots[player].choose(SeatView(state, player))
        state.apply_action(action)
    winners = state.winners()
    assert len(winners) == 1
    return [(b, rows, winners[0]) for b, rows in taken], players


def samples(games: int, policy: str) -> list[Sample]:
    rng = random.Random(0)
    out: list[Sample] = []
    for g in range(games):
        players = 4 if g % 2 == 0 else (2, 3, 5, 6)[g // 2 % 4]
        taken, _ = policy_playthrough(players, g, rng, policy)
        out += taken
    return out


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 20000
    policy = argv[1] if len(argv) > 1 else "playout"
    if policy not in ("playout", "heuristic"):
        raise SystemExit(f"the policy is 'playout' or 'heuristic', not {policy!r}")
    data = samples(games, policy)
    weights = []
    total = 0.0
    for b in range(BUCKETS):
        w, loss = conditional_logit.fit(
            [(rows, y) for bucket, rows, y in data if bucket == b], len(FEATURES)
        )
        weights.append(w)
        total += loss
    base = float(np.mean([np.log(len(s[1])) for s in data]))
    print(
        f"{len(data)} positions from {games} games ({policy}); "
        f"log loss {total / len(data):.4f} (uniform: {base:.4f})"
    )
    print("features: " + ", ".join(FEATURES))
    print("COEFFICIENTS = (")
    for b, w in enumerate(weights):
        print("    (" + ", ".join(f"{v:.4f}" for v in w) + f"),  # {b} Rounds to come")
    print(")  # fmt: skip")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
