"""The game-agnostic protocol every Roost game implements: the `Game` half.

The shape follows OpenSpiel so that researchers feel at home: a `Game` is a factory of states
and a description of the action space; a `State` (`roost.core.state`) is a node of the game tree.
Every shuffle, deal and draw is a chance node, so a whole game is its list of int actions:
replay, storage, bug reports and determinisation all follow from that list.

Hidden information: `observation(seat)` is the one door through which anything is shown to a
seat; `action_to_string(action, viewer)` tells a viewer only what that viewer may know. `None`
means a spectator (public information only) in both; `OMNISCIENT` shows everything and is meant
for logs, golden files and debugging, never for a player.
"""

from __future__ import annotations

import abc
import importlib
import importlib.util
import numbers
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final, SupportsIndex

from mypy_extensions import mypyc_attr

from roost.core.cards import CardInfo
from roost.core.errors import IllegalActionError, ParameterError
from roost.core.message import Message, plain
from roost.core.params import Param, ParamValue, resolve_params

if TYPE_CHECKING:
    from roost.core.state import State

CHANCE: Final = -1
"""`current_player()` at a chance node (a shuffle, deal or draw)."""
TERMINAL: Final = -4
"""`current_player()` once the game is over."""
OMNISCIENT: Final = -2
"""A viewer that sees everything: for logs, tests and golden files, never for a player."""

JSON = dict[str, Any]


def as_int(value: object) -> int | None:
    """`value` as an int if it is an integer (a numpy integer counts), else None.

    `True` and `False` are not integers here: a bool where an action or a seat belongs is a bug
    in the caller, and is refused rather than read as 1 or 0."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        return None
    return int(value)


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(metaclass=abc.ABCMeta):
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
    golden_variants: ClassVar[tuple[Mapping[str, ParamValue], ...]] = ()
    """Parameter sets besides the defaults that get a golden playthrough of their own (one
    non-default variant per game at least, so a variant's rules are pinned down too)."""
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

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its class and parameters, built anew when loaded: a game is a function of
        them, and some games hold compiled helper objects that do not pickle (Egg Bound's
        card composition); states pickle through their game this way too."""
        return (_rebuild_game, (type(self), dict(self._params)))

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
    def card_types(self) -> tuple[CardInfo, ...]:
        """Every card type of the game, indexed by type id (those not in this configuration's
        deck included), for front ends to draw cards from the ids in observations."""

    def card_name(self, card: int) -> str:
        """The name of a card type."""
        return self.card_types()[card].name

    def narrate(self, before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
        """What a player would say aloud about one action, from two observations of the same
        viewer (before and after it): "P1 escaped", "Round 2 is over", "the Duck flips the
        direction". One line per event, seats named ``P<n>`` as in action texts; [] when
        nothing happened beyond the action itself (its text says that).

        Built from the observations only, so it can never tell a viewer what it may not know.
        A game writes ``narrate(before, after)`` in its ``views.py`` (found by convention);
        without one, nothing is narrated. The terminal and the server's log both use it."""
        narrator = _narrator(type(self))
        return narrator(before, after) if narrator is not None else []

    def narrate_messages(
        self, before: Mapping[str, Any], after: Mapping[str, Any]
    ) -> list[Message]:
        """`narrate` as messages, so each reader reads them in their own language: their
        English is `narrate`'s lines. A game's ``views.narrate_messages`` (by convention, as
        ``narrate``); a game that has only ``narrate`` gets its lines as untranslated plain
        messages (`roost.core.message.plain`)."""
        found = views_function(type(self), "narrate_messages")
        if found is not None:
            said: list[Message] = found(before, after)
            return said
        return [plain(line) for line in self.narrate(before, after)]

    @classmethod
    def package(cls) -> str:
        """The package the game lives in (``roost.games.eggo``): its companions, such as its
        search settings (``<package>.search``), are found from it by convention."""
        module: str = getattr(cls, "__module__")  # noqa: B009 (mypyc cannot see it otherwise)
        return module.rpartition(".")[0]

    @classmethod
    def folder(cls) -> str:
        """The last part of `package` (``eggo``): the name of the game's heuristic bot and
        terminal renderer modules."""
        return cls.package().rpartition(".")[2]

    def state_from_history(self, actions: Iterable[SupportsIndex]) -> State:
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

    def check_seat(self, seat: object, *, allow_none: bool = True) -> int | None:
        """`seat` as an int seat of this table (None or `OMNISCIENT` if `allow_none`), or a
        clear `ParameterError`: the one check every view, resample and bot seat goes through."""
        if seat is None and allow_none:
            return None
        number = as_int(seat)
        if number == OMNISCIENT and allow_none:
            return OMNISCIENT
        if number is None or not 0 <= number < self.num_players:
            who = "a seat" if not allow_none else "a viewer"
            raise ParameterError(
                f"{self.name}: {who} must be an integer from 0 to {self.num_players - 1}"
                + (" (or None for a spectator)" if allow_none else "")
                + f"; got {seat!r}"
            )
        return number


Narrator = Callable[[Mapping[str, Any], Mapping[str, Any]], list[str]]
"""A game's ``views.narrate``: (observation before, observation after) -> lines."""


def _rebuild_game(cls: type[Game], params: dict[str, ParamValue]) -> Game:
    """A pickled game loaded again (`Game.__reduce__`)."""
    return cls(**params)


@cache
def _narrator(cls: type[Game]) -> Narrator | None:
    """The ``narrate`` function of the game's ``views`` module, if it has one."""
    name = f"{cls.package()}.views"
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except ModuleNotFoundError:
        return None
    found = getattr(importlib.import_module(name), "narrate", None)
    return found if callable(found) else None


@cache
def views_function(cls: type[Game], name: str) -> Callable[..., Any] | None:
    """The function `name` of the game's ``views`` module, if it has one (the convention by
    which the engine finds a game's words: ``narrate_messages``, ``action_message``,
    ``why_illegal_message``)."""
    module = f"{cls.package()}.views"
    try:
        if importlib.util.find_spec(module) is None:
            return None
    except ModuleNotFoundError:
        return None
    found = getattr(importlib.import_module(module), name, None)
    return found if callable(found) else None


def params_of(data: Mapping[str, Any]) -> dict[str, ParamValue]:
    """The params mapping of a serialised state, checked for shape."""
    params = data.get("params", {})
    if not isinstance(params, dict):
        raise ParameterError("a saved state's 'params' must be a JSON object")
    return params
