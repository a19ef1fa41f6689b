"""BIG CHICKEN: Just Hatched (2-6 players). Rules as implemented: RULES.md."""

from roost.games.big_chicken.game import BigChickenGame
from roost.games.big_chicken.state import BigChickenState

__all__ = ["BigChickenGame", "BigChickenState"]
