"""Hints: the search's top moves for the seat to move, each with the seat's expected result.

A hint is the hard bot's search (`roost.bots.ismcts`, the game's search settings, the hard bot's
budget) grown from the seat's information set, exactly as a review grows it for one decision
(`roost.coach.review`): it reads the game only through the seat's `SeatView`, so it can tell the
seat nothing about the cards it cannot see, and its seed comes from what the seat knows (its
observation) and a seed of the caller's, so the same position gives the same hint.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from roost.bots import DEFAULT_ITERATIONS, search_bot
from roost.bots.ismcts import Node
from roost.coach.review import MoveEstimate, ReviewSettings, chance_of, measure_of
from roost.core.errors import RoostError
from roost.core.state import State
from roost.core.view import SeatView


@dataclass(frozen=True)
class Hint:
    """The search's advice for one decision."""

    seat: int
    measure: str
    """``win chance`` or ``expected result`` (see `roost.coach.review.measure_of`)."""
    moves: tuple[MoveEstimate, ...]
    """The best moves, best first (the first is the one the hard bot would play)."""
    choices: int
    """The seat's legal moves (1: a forced move; the hint says so)."""

    @property
    def best(self) -> MoveEstimate:
        return self.moves[0]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "measure": self.measure,
            "choices": self.choices,
            "moves": [move.to_json() for move in self.moves],
        }


def hint_seed(seed: int, seat: int, view: SeatView) -> int:
    """The seed of a hint's search: what the seat sees and the caller's seed."""
    seen = json.dumps(view.observation(), sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(f"hint:{seed}:{seat}:{seen}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def hint(
    state: State, seat: int, *, iterations: int = DEFAULT_ITERATIONS, seed: int = 0, top: int = 3
) -> Hint:
    """The search's top `top` moves for `seat`, which must be the seat to move."""
    view = SeatView(state, seat)
    legal = view.legal_actions()
    if not legal:
        raise RoostError(f"seat {seat} has no decision to make now")
    game = state.game
    bot = search_bot(game, hint_seed(seed, seat, view), iterations)
    kept = bot.worth_searching(view) if len(legal) > 1 else legal
    root = bot.search(view) if len(kept) > 1 else None
    if root is None:
        # One move worth playing (a forced move, or twins such as Eggo's two decks): its
        # estimate comes from iterations that play it.
        root = Node()
        bot.search_move(view, root, kept[0], iterations)
    children = root.children
    ranked = sorted(children, key=lambda a: (-children[a].visits, a))[:top]
    chance = chance_of(game, ReviewSettings())  # calibrated, as a review's
    moves = tuple(
        MoveEstimate(
            a,
            view.action_to_string(a),
            round(chance(children[a].total / children[a].visits), 4),
            children[a].visits,
            state.action_to_message(a, seat).to_json(),
        )
        for a in ranked
    )
    return Hint(seat=seat, measure=measure_of(game), moves=moves, choices=len(legal))
