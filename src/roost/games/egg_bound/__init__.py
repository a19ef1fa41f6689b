"""Egg Bound (2-6 players). Rules as implemented: RULES.md."""

from roost.games.egg_bound.game import EggBoundGame
from roost.games.egg_bound.state import EggBoundState

__all__ = ["EggBoundGame", "EggBoundState"]
