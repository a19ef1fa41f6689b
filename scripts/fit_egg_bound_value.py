"""Fit the coefficients of `roost.games.egg_bound.search` to simulated games.

    python scripts/fit_egg_bound_value.py [games] [playout|heuristic] [turn_over|shuffle]

Plays games (half at the default 4 players, the rest at 2, 3, 5 and 6) with the search's own
playout policy (`search.playout_action`) in every seat, or with ``heuristic`` the heuristic
bot, under the Discard Pile rule given (default: the rulebook's ``turn_over``), samples
positions along them, and fits a conditional logit of "this seat wins" with an outside option
("nobody wins": the turn cap) on the features of `search.features`, by Newton's method (needs
numpy: `pip install -e '.[peers]'`). Prints the coefficients to paste into search.py, and how
well the coefficients in search.py now predict the same positions.
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
from roost.games.egg_bound.search import COEFFICIENTS, FEATURES, features, playout_action
from roost.games.egg_bound.state import EggBoundState

Sample = tuple[np.ndarray, int]
"""(features of every seat and a last row of zeros for "nobody wins", the winner's row)"""


def policy_playthrough(
    seed: int, players: int, rng: random.Random, policy: str, rule: str
) -> list[Sample]:
    """Positions sampled along one game played by `policy` in every seat."""
    game = roost.load_game("egg-bound", players=players, reshuffle=rule)
    state = game.new_initial_state()
    assert isinstance(state, EggBoundState)
    state.stop_recording()
    play = random.Random(seed)
    bots = [HeuristicBot(game, seed * 10 + seat) for seat in range(players)]
    taken: list[np.ndarray] = []
    stride = 3 + rng.randrange(5)
    step = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(play))
            continue
        legal = state.legal_actions()
        step += 1
        if step % stride == 0:
            rows = [features(state, seat) for seat in range(players)]
            rows.append((0.0,) * len(FEATURES))
            taken.append(np.array(rows))
        if len(legal) == 1:
            action = legal[0]
        elif policy == "playout":
            action = playout_action(state, legal, play)
        else:
            action = bots[player].choose(SeatView(state, player))
        state.apply_action(action)
    winners = state.winners()
    winner = winners[0] if winners else players
    return [(rows, winner) for rows in taken]


def samples(games: int, policy: str, rule: str) -> list[Sample]:
    rng = random.Random(0)
    out: list[Sample] = []
    for g in range(games):
        players = 4 if g % 2 == 0 else (2, 3, 5, 6)[g // 2 % 4]
        out += policy_playthrough(g, players, rng, policy, rule)
    return out


def log_loss(data: list[Sample], w: np.ndarray) -> float:
    """The mean negative log likelihood of the winners under weights `w`."""
    total = 0.0
    for rows, y in data:
        z = rows @ w
        z -= z.max()
        total -= float(z[y] - np.log(np.exp(z).sum()))
    return total / len(data)


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 4000
    policy = argv[1] if len(argv) > 1 else "playout"
    if policy not in ("playout", "heuristic"):
        raise SystemExit(f"the policy is 'playout' or 'heuristic', not {policy!r}")
    rule = argv[2] if len(argv) > 2 else "turn_over"
    if rule not in ("turn_over", "shuffle"):
        raise SystemExit(f"the rule is 'turn_over' or 'shuffle', not {rule!r}")
    data = samples(games, policy, rule)
    w, loss = conditional_logit.fit(data, len(FEATURES))
    uniform = float(np.mean([np.log(len(rows)) for rows, _ in data]))
    nobody = float(np.mean([y == len(rows) - 1 for rows, y in data]))
    current = log_loss(data, np.array(COEFFICIENTS))
    print(
        f"{len(data)} positions from {games} games ({policy}, {rule}); log loss "
        f"{loss / len(data):.4f} (search.py's coefficients: {current:.4f}; uniform over seats "
        f"and nobody: {uniform:.4f}); nobody wins in {nobody:.1%}"
    )
    for name, value in zip(FEATURES, w, strict=True):
        print(f"  {name:62s} {value:+.4f}")
    half = (len(w) + 1) // 2
    rows = [", ".join(f"{v:.4f}" for v in part) + "," for part in (w[:half], w[half:])]
    print("COEFFICIENTS: Final = (\n    " + "\n    ".join(rows) + "\n)  # fmt: skip")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
