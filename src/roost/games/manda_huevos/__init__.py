"""Manda Huevos! (2-6 players). Rules as implemented: RULES.md."""

from roost.games.manda_huevos.game import MandaHuevosGame
from roost.games.manda_huevos.state import MandaHuevosState

__all__ = ["MandaHuevosGame", "MandaHuevosState"]
