"""The game-agnostic engine: protocol, parameters, registry, hidden-card bookkeeping, runner."""

from roost.core.actions import ActionInfo, Choice
from roost.core.cards import CardInfo
from roost.core.errors import (
    IllegalActionError,
    ParameterError,
    ResampleError,
    RoostError,
    UnknownGameError,
)
from roost.core.game import CHANCE, OMNISCIENT, TERMINAL, Game
from roost.core.params import Param
from roost.core.registry import load_game, load_state, register, registered_games
from roost.core.runner import Bot, play_game
from roost.core.state import State
from roost.core.view import SeatView

__all__ = [
    "CHANCE",
    "OMNISCIENT",
    "TERMINAL",
    "ActionInfo",
    "Bot",
    "CardInfo",
    "Choice",
    "Game",
    "IllegalActionError",
    "Param",
    "ParameterError",
    "ResampleError",
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
