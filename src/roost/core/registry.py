"""The registry of games: names to game classes, loaded on first use."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from roost.core.errors import ParameterError, UnknownGameError
from roost.core.game import Game, params_of
from roost.core.state import State

_GAMES: dict[str, type[Game]] = {}
_BUILTIN_PACKAGE = "roost.games"


def register(game: type[Game]) -> type[Game]:
    """Make `game` loadable by its `name` (call it after the class: ``register(EggoGame)``; as
    a decorator it would also work, but would keep the class from being compiled by mypyc)."""
    existing = _GAMES.get(game.name)
    if existing is not None and existing is not game:
        raise ValueError(f"two games registered under the name {game.name!r}")
    _GAMES[game.name] = game
    return game


def _ensure_builtin_games() -> None:
    importlib.import_module(_BUILTIN_PACKAGE)


def registered_games() -> dict[str, type[Game]]:
    """Name -> game class of every registered game, sorted by name."""
    _ensure_builtin_games()
    return dict(sorted(_GAMES.items()))


def game_class(name: str) -> type[Game]:
    """The class registered under `name`, or an error listing the known names."""
    games = registered_games()
    if name not in games:
        known = ", ".join(games)
        raise UnknownGameError(f"unknown game {name!r}; the games are: {known}")
    return games[name]


def load_game(name: str, **params: Any) -> Game:
    """A game by name with its parameters checked (defaults for the rest)."""
    return game_class(name)(**params)


def load_state(data: Mapping[str, Any]) -> State:
    """Rebuild a state saved with `State.to_json` by replaying its history."""
    if not isinstance(data, Mapping) or "game" not in data or "history" not in data:
        raise ParameterError("a saved state needs the keys 'game', 'params' and 'history'")
    history = data["history"]
    if not isinstance(history, list) or not all(
        isinstance(a, int) and not isinstance(a, bool) for a in history
    ):
        raise ParameterError("a saved state's 'history' must be a list of integers")
    game = load_game(str(data["game"]), **params_of(data))
    return game.state_from_history(history)
