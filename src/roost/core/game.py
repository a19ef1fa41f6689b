"""The game-agnostic protocol every Roost game implements.

The shape follows OpenSpiel so that researchers feel at home: a `Game` is a factory of states
and a description of the action space; a `State` is a node of the game tree. Every shuffle, deal
and draw is a chance node, so a whole game is its list of int actions: replay, storage, bug
reports and determinisation all follow from that list.

Hidden information: `observation(seat)` is the one door through which anything is shown to a
seat; `action_to_string(action, viewer)` tells a viewer only what that viewer may know. `None`
means a spectator (public information only) in both; `OMNISCIENT` shows everything and is meant
for logs, golden files and debugging, never for a player.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar, Final

from roost.core.errors import IllegalActionError, ParameterError
from roost.core.params import Param, ParamValue, resolve_params

CHANCE: Final = -1
"""`current_player()` at a chance node (a shuffle, deal or draw)."""
TERMINAL: Final = -4
"""`current_player()` once the game is over."""
OMNISCIENT: Final = -2
"""A viewer that sees everything: for logs, tests and golden files, never for a player."""

JSON = dict[str, Any]


class Game(abc.ABC):
    """A game with its parameters fixed: the factory of its states."""

    name: ClassVar[str]
    """Registry name, e.g. ``"eggo"``."""
    title: ClassVar[str]
    """Full title for people."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    parameters: ClassVar[tuple[Param, ...]] = ()
    """The game's own parameters (``players`` is added from the player range)."""
    rules_file: ClassVar[Path]
    """The game's RULES.md: the rules as implemented, with every choice and its reason."""
    perfect_recall: bool = True
    """False when a parameter makes players forget what they once saw (a memory variant):
    the current observation is then all a seat knows, and a resample may rewrite the past the
    seat was shown, so the conformance suite compares observations but not whole logs."""

    def __init__(self, **params: Any) -> None:
        self._params = resolve_params(self.name, self.param_specs(), params)
        self.num_players = int(self._params["players"])

    @classmethod
    def param_specs(cls) -> tuple[Param, ...]:
        """Every parameter, ``players`` first."""
        players = Param(
            "players",
            int,
            cls.default_players,
            "number of players",
            minimum=cls.min_players,
            maximum=cls.max_players,
        )
        return (players, *cls.parameters)

    @property
    def params(self) -> dict[str, ParamValue]:
        """The complete parameter mapping, defaults included (a copy)."""
        return dict(self._params)

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self._params.items())
        return f"load_game({self.name!r}, {args})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.name == self.name and other._params == self._params

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self._params.items()))))

    @abc.abstractmethod
    def num_distinct_actions(self) -> int:
        """Decision actions are ints in ``range(num_distinct_actions())``."""

    @abc.abstractmethod
    def max_chance_outcomes(self) -> int:
        """Chance outcomes are ints in ``range(max_chance_outcomes())``."""

    @abc.abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the length of a history (decision and chance actions)."""

    @abc.abstractmethod
    def min_return(self) -> float:
        """The lowest value any seat's return can take."""

    @abc.abstractmethod
    def max_return(self) -> float:
        """The highest value any seat's return can take."""

    @abc.abstractmethod
    def new_initial_state(self) -> State:
        """The root of the game tree (usually a chance node: the shuffle)."""

    @abc.abstractmethod
    def all_cards(self) -> list[int]:
        """Every card in play in this configuration, by type id, with repeats."""

    @abc.abstractmethod
    def card_name(self, card: int) -> str:
        """A short readable name of a card type."""

    def state_from_history(self, actions: Iterable[int]) -> State:
        """Replay `actions` from the initial state; an illegal one names its position."""
        state = self.new_initial_state()
        for index, action in enumerate(actions):
            try:
                state.apply_action(action)
            except IllegalActionError as error:
                raise IllegalActionError(
                    action, f"at position {index} of the history: {error.reason}"
                ) from None
        return state

    def check_seat(self, seat: int | None, *, allow_none: bool = True) -> None:
        """Raise a clear error for a seat that is not at this table."""
        if seat is None and allow_none:
            return
        if seat == OMNISCIENT and allow_none:
            return
        if not isinstance(seat, int) or not 0 <= seat < self.num_players:
            raise ParameterError(
                f"{self.name}: seat must be an integer from 0 to {self.num_players - 1}; "
                f"got {seat!r}"
            )


class State(abc.ABC):
    """A node of the game tree. Mutated in place by `apply_action`; `clone` is cheap."""

    __slots__ = ()

    @property
    @abc.abstractmethod
    def game(self) -> Game:
        """The game this state belongs to."""

    @abc.abstractmethod
    def current_player(self) -> int:
        """The seat to decide, `CHANCE`, or `TERMINAL`."""

    @abc.abstractmethod
    def legal_actions(self) -> list[int]:
        """Sorted legal decision actions of the seat to move (empty at chance/terminal)."""

    @abc.abstractmethod
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome, probability) pairs at a chance node, sorted by outcome."""

    def sample_chance(self, rng: random.Random) -> int:
        """Draw one chance outcome with its probability; games override this for speed."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise ValueError("sample_chance called at a node that is not a chance node")
        point = rng.random()
        total = 0.0
        for outcome, probability in outcomes:
            total += probability
            if point < total:
                return outcome
        return outcomes[-1][0]

    @abc.abstractmethod
    def apply_action(self, action: int) -> None:
        """Apply a decision or chance action; raise `IllegalActionError` and change nothing
        if it is not legal here."""

    @abc.abstractmethod
    def action_to_string(self, action: int, viewer: int | None = None) -> str:
        """Describe `action` in this state as `viewer` may know it (None: a spectator)."""

    @abc.abstractmethod
    def observation(self, seat: int | None = None) -> JSON:
        """Everything `seat` may see now, JSON-ready (None: a spectator)."""

    @abc.abstractmethod
    def resample_from_infostate(self, seat: int, rng: random.Random) -> State:
        """A state drawn from those `seat` cannot tell apart from this one.

        The result is a genuine state of the game: its observation for `seat` equals this
        one's, and replaying its `history()` rebuilds it. Only what `seat` cannot see differs.
        """

    @abc.abstractmethod
    def returns(self) -> list[float]:
        """Per-seat payoffs (zeros until the game is over)."""

    @abc.abstractmethod
    def clone(self) -> State:
        """An independent copy."""

    @abc.abstractmethod
    def history(self) -> list[int]:
        """Every action applied since the initial state, chance outcomes included (a copy)."""

    @abc.abstractmethod
    def card_places(self) -> dict[str, list[int]]:
        """Where every card is now: place name -> card type ids (for conservation checks)."""

    @abc.abstractmethod
    def _key(self) -> tuple[Any, ...]:
        """Everything that defines this state, for equality."""

    def stop_recording(self) -> None:
        """Stop keeping the history and the record of hidden cards, for speed.

        For throwaway copies that a search plays out and drops: afterwards `history`, `to_json`
        and `resample_from_infostate` are no longer available. Games may ignore this.
        """
        return

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def to_json(self) -> JSON:
        """The state as its game, parameters and action list (replayed by `load_state`)."""
        game = self.game
        return {"game": game.name, "params": game.params, "history": self.history()}

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, State)
        return self.game == other.game and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return _pretty(self.observation(OMNISCIENT))


class CachedLegalState(State):
    """A State that works out its legal actions once per node.

    Bots, search and the front ends ask for the legal actions several times at the same node;
    games subclass this, implement `_compute_legal`, and set `_legal = None` whenever the node
    changes (in `apply_action`)."""

    __slots__ = ("_legal",)
    _legal: list[int] | None

    def legal_actions(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal.copy()

    @abc.abstractmethod
    def _compute_legal(self) -> list[int]:
        """The sorted legal actions at this node, computed afresh."""


def _pretty(obs: Mapping[str, Any]) -> str:
    return "\n".join(f"{k}: {v}" for k, v in obs.items())


def params_of(data: Mapping[str, Any]) -> dict[str, ParamValue]:
    """The params mapping of a serialised state, checked for shape."""
    params = data.get("params", {})
    if not isinstance(params, dict):
        raise ParameterError("a saved state's 'params' must be a JSON object")
    return params
