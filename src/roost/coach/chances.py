"""From the search's raw estimate to a chance that means what it says: a calibration map per
game (Platt scaling), fitted on bot games by `scripts/calibration.py --fit`.

The search's value is the seat's mean result over its playouts, which follow the game's playout
policy and value estimate: in Eggo those were fitted to nearly random play, where far fewer
players escape than at a table of heuristic or human players, so its raw estimates run low
(around 45% where 70% of the seats escape). A monotone map per game, ``sigmoid(slope *
logit(raw) + shift)``, fitted by maximum likelihood on the outcomes of 1,000 4-player games of
medium and easy bots, turns raw estimates into chances; being monotone it never changes which
move is best. `MAPS` holds the fitted maps; a game without one keeps its raw estimates. The
maps were fitted at 4 players and are applied at every player count (the figures in README.md,
"The coach", are for 4 players).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

EDGE = 0.005
"""Estimates are clipped to [EDGE, 1 - EDGE] before the logit (a search mean can be 0 or 1)."""


def logit(p: float) -> float:
    p = min(1.0 - EDGE, max(EDGE, p))
    return math.log(p / (1.0 - p))


@dataclass(frozen=True)
class PlattMap:
    """A monotone map from the search's raw estimate to a calibrated chance (Platt scaling):
    ``sigmoid(slope * logit(raw) + shift)``; the identity is slope 1, shift 0."""

    slope: float = 1.0
    shift: float = 0.0

    @property
    def identity(self) -> bool:
        return self.slope == 1.0 and self.shift == 0.0

    def __call__(self, raw: float) -> float:
        if self.identity:
            return raw
        return 1.0 / (1.0 + math.exp(-(self.slope * logit(raw) + self.shift)))

    def derivative(self, raw: float) -> float:
        """d(map)/d(raw) at `raw` (to carry a standard error through the map)."""
        if self.identity:
            return 1.0
        p = self(raw)
        clipped = min(1.0 - EDGE, max(EDGE, raw))
        return p * (1.0 - p) * self.slope / (clipped * (1.0 - clipped))


MAPS: Final[dict[str, PlattMap]] = {
    "big-chicken": PlattMap(slope=1.0387, shift=-0.1311),
    "egg-bound": PlattMap(slope=0.9711, shift=0.12),  # the fitted-2026 deck
    "eggo": PlattMap(slope=1.4112, shift=0.8986),
    "manda-huevos": PlattMap(slope=0.9198, shift=-0.1773),
}
"""The fitted map of each game: `scripts/calibration.py` prints each as "the map fitted on all"
(1,000 four-player games of medium and easy bots per game, its defaults)."""


def chance_map(game: str) -> PlattMap:
    """The calibration map of `game` (the identity for a game without one)."""
    return MAPS.get(game, PlattMap())
