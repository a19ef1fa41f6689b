"""Whole games against the league the learned bot must beat, many at once, one forward pass.

`play_batch` keeps `concurrent` games going in one process. In each, one seat (game g: seat
g mod n) is the learner, the others are the game's heuristic (``medium``) or, if given, a past
self. The games advance independently until every one waits on the learner (or is over); then
all waiting decisions go through the network together (`batch_logits`), one move is drawn
from each (at a temperature) and the games go on. A forward pass per decision is what made the
network slow as a search prior; a batch of 64 costs little more than one.

Each learner decision with more than one legal move is kept as a `Step` (the seat's tensor, its
legal moves, their features, the heuristic's move, the move drawn and its log-probability, and
the Round it was in); at the end of the game, the seat's `Outcome` (whether it won, its points
margin in each Round, or one margin in a game without Rounds). Every game draws its deal, its
bots' seeds and the learner's draws from (seed, g) alone, so its moves do not depend on how
many games run beside it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from roost.bots.heuristic import policy_for
from roost.core.game import CHANCE, Game
from roost.core.state import State
from roost.core.view import SeatView
from roost.rl.encoding import encoding_for
from roost.rl.mlp import Network
from roost.rl.moves import features_for

Array = npt.NDArray[np.float32]


@dataclass
class Step:
    tensor: Array
    legal: list[int]
    moves: Array
    hint: int
    action: int
    logp: float
    round: int


@dataclass
class Outcome:
    """The learner seat's game: its steps, whether it won, its margin per Round (the other
    seats' mean points that Round minus its own: positive is good, as fewer points win)."""

    steps: list[Step]
    won: float
    margins: list[float]


def batch_logits(
    network: Network, x: Array, legal: Sequence[Sequence[int]], hints: Sequence[int],
    moves: Sequence[Array],
) -> list[Array]:  # fmt: skip
    """The policy's logits of many decisions at once (rows of `x`), as `Network.logits` gives
    them one by one (`moves`: each decision's move features, for a ``moves`` head)."""
    w = network.weights
    h = network.trunk(x)
    sizes = [len(row) for row in legal]
    owner = np.repeat(np.arange(len(sizes)), sizes)
    index = np.concatenate([np.asarray(row, np.intp) for row in legal])
    hinted = (index == np.repeat(np.asarray(hints), sizes)).astype(np.float32)
    if network.head == "moves":
        inner = (h @ w["sh"])[owner] + np.concatenate(moves) @ w["sf"]
        inner = inner + hinted[:, None] * w["st"][0] + w["sb"]
        out = np.maximum(inner, 0.0) @ w["so"][:, 0] + w["sob"][0]
    else:
        out = (h @ w["wp"])[owner, index] + w["bp"][index]
    if network.hint:
        gate = h @ w["wg"][:, 0] + w["bg"][0]
        out = out + hinted * gate[owner]
    return np.split(out.astype(np.float32), np.cumsum(sizes)[:-1])


@dataclass
class _Game:
    state: State
    chance: random.Random
    seat: int
    others: list[Callable[[SeatView], int]]
    hint_rng: random.Random
    draw: np.random.Generator
    steps: list[Step] = field(default_factory=list)


FEWEST_POINTS_WIN = frozenset({"big-chicken"})
"""Games whose winner has the fewest points (the others: the most)."""


def _round_of(state: State) -> int:
    return int(state.observation(None).get("round", 1))


def _outcome(game: _Game) -> Outcome:
    """A game of Rounds gives a margin per Round (``round_scores``), another one margin from
    its final ``scores``."""
    seen = game.state.observation(None)
    seat, n = game.seat, len(seen["scores"])
    sign = -1.0 if game.state.game.name in FEWEST_POINTS_WIN else 1.0
    margins = [
        sign * (points[seat] - (sum(points) - points[seat]) / (n - 1))
        for points in seen.get("round_scores") or [seen["scores"]]
    ]
    return Outcome(game.steps, float(seat in game.state.winners()), margins)


def play_batch(
    game: Game,
    network: Network,
    games: Sequence[int],
    seed: int,
    *,
    temperature: float = 1.0,
    concurrent: int = 64,
    past: Network | None = None,
    past_share: float = 0.0,
) -> list[Outcome]:
    """Play the games numbered `games` (the learner at seat g mod n) and return their outcomes
    in that order. `temperature` 0 plays the network's best move; with `past`, each other seat
    is that network (greedy) with chance `past_share`, else the heuristic."""
    from roost.bots import HeuristicBot

    encoding = encoding_for(game)
    features = features_for(game) if network.head == "moves" else None
    heuristic = policy_for(game)
    players = game.num_players
    todo = list(games)[::-1]
    results: dict[int, Outcome] = {}
    live: dict[int, _Game] = {}

    def past_bot(seed_: int) -> Callable[[SeatView], int]:
        assert past is not None
        rng = random.Random(seed_)

        def choose(view: SeatView) -> int:
            legal = view.legal_actions()
            if len(legal) == 1:
                return legal[0]
            x = encoding.encode(view.observation())
            hint = heuristic(view, rng)
            return past.best(x, legal, hint, None if features is None else features.of(x, legal))

        return choose

    def start(g: int) -> None:
        rng = random.Random(f"{seed}:{g}")
        others: list[Callable[[SeatView], int]] = []
        for _ in range(players):
            bot_seed = rng.randrange(2**31)
            if past is not None and rng.random() < past_share:
                others.append(past_bot(bot_seed))
            else:
                others.append(HeuristicBot(game, bot_seed).choose)
        live[g] = _Game(
            game.new_initial_state(),
            rng,
            g % players,
            others,
            random.Random(rng.randrange(2**31)),
            np.random.default_rng([seed, g]),
        )

    def advance(g: int) -> bool:
        """Play until the learner has a real choice (True) or the game is over (False)."""
        item = live[g]
        state = item.state
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(state.sample_chance(item.chance))
            elif player == item.seat:
                legal = state.legal_actions()
                if len(legal) > 1:
                    return True
                state.apply_action(legal[0])
            else:
                state.apply_action(item.others[player](SeatView(state, player)))
        return False

    while todo and len(live) < concurrent:
        start(todo.pop())
    while live:
        waiting: list[int] = []
        for g in list(live):
            if advance(g):
                waiting.append(g)
            else:
                results[g] = _outcome(live.pop(g))
                if todo:
                    start(todo.pop())  # advanced on the next pass
        if not waiting:
            continue
        rows, legals, hints, moves = [], [], [], []
        for g in waiting:
            item = live[g]
            state = item.state
            x = encoding.encode_state(state, item.seat)
            legal = state.legal_actions()
            rows.append(x)
            legals.append(legal)
            hints.append(heuristic(SeatView(state, item.seat), item.hint_rng))
            moves.append(
                np.zeros((len(legal), 0), np.float32) if features is None else features.of(x, legal)
            )
        logits = batch_logits(network, np.stack(rows), legals, hints, moves)
        for g, x, legal, hint, feats, z in zip(
            waiting, rows, legals, hints, moves, logits, strict=True
        ):
            item = live[g]
            if temperature > 0:
                scaled = z / temperature
                p = np.exp(scaled - scaled.max())
                p /= p.sum()
                choice = int(item.draw.choice(len(legal), p=p))
                logp = float(np.log(max(p[choice], 1e-12)))
            else:
                choice, logp = int(np.argmax(z)), 0.0
            round_ = _round_of(item.state)
            item.steps.append(Step(x, legal, feats, hint, legal[choice], logp, round_))
            item.state.apply_action(legal[choice])
    return [results[g] for g in games]
