"""Stranger Things: Eggo Card Game (2-6 players). Rules as implemented: RULES.md."""

from roost.games.eggo.game import EggoGame
from roost.games.eggo.state import EggoState

__all__ = ["EggoGame", "EggoState"]
