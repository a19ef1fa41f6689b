"""Play a game to the end with one bot per seat and a seeded source of chance."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from roost.core.errors import IllegalActionError
from roost.core.game import CHANCE, Game, as_int
from roost.core.state import State
from roost.core.view import SeatView


class Bot(Protocol):
    """Anything that picks a legal action for the seat it is shown."""

    def choose(self, view: SeatView) -> int:
        """Return one of `view.legal_actions()`."""
        ...


Observer = Callable[[State, int, int], None]
"""Called before each action with (state, acting seat or CHANCE, action)."""


def play_game(
    game: Game,
    bots: Sequence[Bot],
    rng: random.Random,
    *,
    state: State | None = None,
    observer: Observer | None = None,
) -> State:
    """Play from `state` (or the start) to the end; chance is drawn from `rng`.

    A bot that returns an illegal action is a bug in the bot: the error propagates, the game
    is not continued with some other action.
    """
    if len(bots) != game.num_players:
        raise ValueError(f"{game.name} has {game.num_players} seats but {len(bots)} bots")
    state = game.new_initial_state() if state is None else state
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            chosen = bots[player].choose(SeatView(state, player))
            number = as_int(chosen)
            if number is None:
                raise IllegalActionError(chosen, f"the bot for seat {player} returned no action")
            action = number
        if observer is not None:
            observer(state, player, action)
        state.apply_action(action)
    return state
