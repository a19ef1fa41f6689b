"""Small helpers shared by the tests."""

from __future__ import annotations

from roost.core.game import Game


def player_counts(game_class: type[Game]) -> list[int]:
    """Every legal player count of a game."""
    return list(range(game_class.min_players, game_class.max_players + 1))
