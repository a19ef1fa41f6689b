"""A seat's window onto a state: all a bot or a front end may use.

Bots receive a `SeatView`, not the state, so a bot cannot read what its seat may not know: it sees
the observation, the legal actions, action descriptions as its seat may know them, and states
resampled from its seat's information (for search).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Generic, SupportsIndex, TypeVar, cast

from mypy_extensions import mypyc_attr

from roost.core.actions import ActionInfo
from roost.core.errors import RoostError
from roost.core.game import Game
from roost.core.state import State


@mypyc_attr(allow_interpreted_subclasses=True)
class SeatView:
    """What `seat` may know of `state`, and nothing else."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: State, seat: SupportsIndex) -> None:
        checked = state.game.check_seat(seat, allow_none=False)
        assert checked is not None
        self._state = state
        self.seat = checked

    @property
    def game(self) -> Game:
        return self._state.game

    def current_player(self) -> int:
        return self._state.current_player()

    def is_terminal(self) -> bool:
        return self._state.is_terminal()

    def legal_actions(self) -> list[int]:
        """The seat's legal actions (empty when it is not this seat's turn)."""
        if self._state.current_player() != self.seat:
            return []
        return self._state.legal_actions()

    def random_action(self, rng: random.Random) -> int:
        """A uniformly random legal action of the seat (`State.random_action`: the same pick
        as ``legal_actions()[rng.randrange(len(...))]``); `RoostError` when it is not this
        seat's turn."""
        state = self._state
        if state.current_player() != self.seat:
            raise RoostError(f"{state.game.name}: it is not seat {self.seat}'s turn to decide")
        return state.random_action(rng)

    def observation(self) -> Mapping[str, Any]:
        return self._state.observation(self.seat)

    def action_to_string(self, action: SupportsIndex) -> str:
        return self._state.action_to_string(action, self.seat)

    def action_info(self, action: SupportsIndex) -> ActionInfo:
        return self._state.action_info(action, self.seat)

    def legal_action_infos(self) -> list[ActionInfo]:
        """Every legal action of this seat as data (empty when it is not this seat's turn)."""
        if self._state.current_player() != self.seat:
            return []
        return self._state.legal_action_infos(self.seat)

    def determinize(self, rng: random.Random) -> State:
        """A full state this seat cannot tell apart from the real one."""
        return self._state.resample_from_infostate(self.seat, rng)

    def determinize_unrecorded(self, rng: random.Random) -> State:
        """`determinize` for a search copy: the same state from the same draws, except that it
        stopped recording (see `State.stop_recording`), which lets a game skip rebuilding the
        history."""
        state = self._state
        if not state._record:
            raise RoostError(
                f"{state.game.name}: this state stopped recording (a search copy), so it "
                "cannot be resampled"
            )
        drawn = state._determinize(self.seat, rng)
        drawn._sampled = -1  # a position of its own: nothing drawn there yet
        return drawn


Obs = TypeVar("Obs")


class ObservationReader(Generic[Obs]):
    """Reads a game's observations as its own TypedDict `Obs` (after checking they are that
    game's): ``of(view)`` for a bot's seat view, ``read(obs)`` for any mapping, e.g. from JSON.

    Each game's ``views.py`` makes one: ``of, read = ObservationReader[EggoObservation]("eggo")``.
    """

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __iter__(self) -> Iterator[Callable[[Any], Obs]]:
        return iter((self.of, self.read))

    def of(self, view: SeatView) -> Obs:
        """A seat view's observation, typed."""
        return self.read(view.observation())

    def read(self, obs: Mapping[str, Any]) -> Obs:
        """An observation of this game, typed (a clear error for another game's)."""
        if obs.get("game") != self.name:
            raise ValueError(f"an observation of {self.name} was expected, not {obs.get('game')!r}")
        return cast(Obs, obs)
