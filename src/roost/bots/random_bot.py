"""The uniform random bot: the baseline every other bot is measured against."""

from __future__ import annotations

import random

from roost.core.view import SeatView


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: SeatView) -> int:
        """`SeatView.random_action`: the pick ``legal_actions()[randrange(n)]`` makes, from
        the same draws, without listing the moves where the game need not."""
        return view.random_action(self._rng)
