"""The games. Importing this package registers every built-in game."""

from roost.games import eggo

__all__ = ["eggo"]
