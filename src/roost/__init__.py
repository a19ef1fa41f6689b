"""Roost: one rules engine for four egg card games.

>>> import roost
>>> game = roost.load_game("eggo", players=3)
>>> state = game.new_initial_state()
>>> state.current_player() == 0   # seat 0 chooses a character first
True
"""

from roost.core import (
    CHANCE,
    OMNISCIENT,
    TERMINAL,
    Bot,
    Game,
    IllegalActionError,
    Param,
    ParameterError,
    RoostError,
    SeatView,
    State,
    UnknownGameError,
    load_game,
    load_state,
    play_game,
    register,
    registered_games,
)

__all__ = [
    "CHANCE",
    "OMNISCIENT",
    "TERMINAL",
    "Bot",
    "Game",
    "IllegalActionError",
    "Param",
    "ParameterError",
    "RoostError",
    "SeatView",
    "State",
    "UnknownGameError",
    "load_game",
    "load_state",
    "play_game",
    "register",
    "registered_games",
]
