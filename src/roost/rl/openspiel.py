"""Every Roost game as an OpenSpiel (pyspiel) Python game, so OpenSpiel's algorithms run on it.

>>> import pyspiel
>>> from roost.rl.openspiel import register
>>> names = register()
>>> names
['roost_big_chicken', 'roost_egg_bound', 'roost_eggo', 'roost_manda_huevos']
>>> game = pyspiel.load_game("roost_eggo", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node() or state.current_player() == 0
True

What the registration declares and delegates:

* **GameType**: short name ``roost_<folder>``; sequential, **explicit chance** (every shuffle,
  deal and draw is a chance node with its outcome probabilities), imperfect information,
  general-sum, terminal rewards; 2-6 players; the parameters are the game's own, defaults
  included (``pyspiel.load_game("roost_big_chicken", {"players": 3, "last_egg": "strict"})``).
* **GameInfo** from the Roost `Game`: ``num_distinct_actions``, ``max_chance_outcomes``,
  ``min/max_utility`` (the return bounds), ``max_game_length`` (a bound on the whole history,
  chance included: so also on the decisions).
* **Information state string** of a seat: its log of the game, every action as that seat may
  know it (``action_to_string(action, seat)``, one per line, hidden cards written "a card"),
  then its current observation. Two histories give the same string exactly when the seat
  cannot tell them apart (perfect recall).
* **Information state tensor** of a seat: the same log as a fixed-size tensor, one block per
  step (who acted, whether the seat saw the action in full, the action as it saw it) and then
  its observation tensor (`roost.rl.infostate` has the layout; ``docs/research.md`` too).
* **Observation string and tensor**: the seat's observation as sorted JSON, and its tensor
  (`roost.rl.encoding`, the fields in ``roost/rl/encoders/<game>.py``).
* **Pickling and serialization**: a game pickles as its game string (loaded back by `load`,
  which registers the games first), a state's Roost part as its game and history (replayed
  when loaded); ``serialize_game_and_state`` goes the same way.
* ``resample_from_infostate(player, sampler)`` is Roost's ``resample_from_infostate`` with a
  generator seeded from the sampler: a state the player cannot tell from this one.
* ``action_to_string(player, action)`` is the action as that player may know it (chance
  outcomes in full).

Python games are slower than OpenSpiel's C++ ones: a clone copies the Roost state (cheap) and
the seats' logs are persistent lists (shared between clones), but a resampled state replays
its history once to write the other seats' logs.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from roost.core.game import CHANCE, OMNISCIENT, TERMINAL, Game
from roost.core.registry import game_class, load_game, registered_games
from roost.core.state import State
from roost.rl.encoding import encoding_for
from roost.rl.infostate import InfostateEncoding, full_text, step_code

Log = tuple[Any, str, int] | None
"""A seat's log as a persistent linked list: (the log before, the last line, the line's
`step_code` for the information-state tensor), None when empty; clones share it, and
appending never copies."""

PREFIX = "roost_"


def short_name(name: str) -> str:
    """The OpenSpiel short name of a Roost game: ``roost_<folder>``."""
    return PREFIX + game_class(name).folder()


class _Box:
    """The Roost state and the seats' logs, copied by Roost's own `clone` when OpenSpiel
    copies the Python state (it deep-copies its attributes)."""

    __slots__ = ("game", "logs", "state")

    def __init__(self, game: Game, state: State, logs: list[Log]) -> None:
        self.game = game
        self.state = state
        self.logs = logs

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.game, self.state.clone(), list(self.logs))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the game's name, parameters and history, replayed when loaded: pyspiel
        serializes a Python state by pickling its attributes (``serialize_game_and_state``,
        and so ``pickle`` of a state), and the compiled Roost objects do not pickle."""
        game = self.game
        return (_box_from_history, (game.name, game.params, self.state.history()))

    def apply(self, action: int) -> None:
        state = self.state
        logs = self.logs
        full = full_text(state, action)
        for seat in range(len(logs)):
            text = state.action_to_string(action, seat)
            logs[seat] = (logs[seat], text, step_code(state, action, seat, text, full))
        state.apply_action(action)


def _entries(log: Log) -> list[tuple[str, int]]:
    """A seat's log, oldest first: (line, code) of each step it saw (the log is linked newest
    first, so that a state's clone shares it)."""
    entries: list[tuple[str, int]] = []
    while log is not None:
        log, line, code = log
        entries.append((line, code))
    entries.reverse()
    return entries


def _box_from_history(name: str, params: dict[str, Any], history: list[int]) -> _Box:
    """The box of a game (by name and parameters) after `history` (what `_Box` pickles as)."""
    game = load_game(name, **params)
    box = _Box(game, game.new_initial_state(), [None] * game.num_players)
    for action in history:
        box.apply(action)
    return box


def _replayed(game: Game, state: State) -> _Box:
    """A box for `state` with every seat's log written by replaying its history."""
    box = _Box(game, game.new_initial_state(), [None] * game.num_players)
    for action in state.history():
        box.apply(action)
    box.state = state
    return box


class RoostSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A Roost state behind pyspiel's State API."""

    def __init__(self, game: RoostSpielGame, box: _Box | None = None) -> None:
        super().__init__(game)
        roost_game = game.roost_game
        self._box = box or _Box(roost_game, roost_game.new_initial_state(), [None] * game.players)

    @property
    def roost_state(self) -> State:
        return self._box.state

    def current_player(self) -> int:
        player = self._box.state.current_player()
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self._box.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._box.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._box.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        viewer = player if player >= 0 else OMNISCIENT
        return self._box.state.action_to_string(int(action), viewer)

    def is_terminal(self) -> bool:
        return self._box.state.is_terminal()

    def returns(self) -> list[float]:
        return [float(r) for r in self._box.state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        rng = random.Random(int(probability_sampler() * 2**53))
        box = self._box
        resampled = box.state.resample_from_infostate(player_id, rng)
        other = _replayed(box.game, resampled)
        game: RoostSpielGame = self.get_game()
        return RoostSpielState(game, other)

    def information_state_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        return self._infostate(seat)

    def _infostate(self, seat: int) -> str:
        box = self._box
        lines = [line for line, _ in _entries(box.logs[seat])]
        lines.append(json.dumps(box.state.observation(seat), sort_keys=True))
        return "\n".join(lines)

    def __str__(self) -> str:
        return str(self._box.state)


class RoostObserver:
    """OpenSpiel's PyObserver protocol: ``tensor``, ``dict``, ``set_from``, ``string_from``.

    Without perfect recall: the observation tensor and string. With it (information states):
    the seat's log as a string, and as a tensor its history and current observation
    (`roost.rl.infostate`), ``dict`` holding the two parts."""

    def __init__(self, game: RoostSpielGame, perfect_recall: bool) -> None:
        self.encoding = encoding_for(game.roost_game)
        self.perfect_recall = perfect_recall
        self.infostate = InfostateEncoding(game.roost_game) if perfect_recall else None
        if self.infostate is None:
            self.tensor = np.zeros(self.encoding.size, np.float32)
            self.dict = {"observation": self.tensor}
        else:
            self.tensor = np.zeros(self.infostate.size, np.float32)
            self.dict = {
                name: self.tensor[start : start + size]
                for name, (start, size) in self.infostate.fields().items()
            }

    def set_from(self, state: RoostSpielState, player: int) -> None:
        if self.infostate is not None:
            box = state._box
            self.infostate.write(
                self.tensor, [code for _, code in _entries(box.logs[player])], box.state, player
            )
            return
        self.tensor[:] = self.encoding.encode(state.roost_state.observation(player))

    def string_from(self, state: RoostSpielState, player: int) -> str:
        if self.perfect_recall:
            return state._infostate(player)
        return json.dumps(state.roost_state.observation(player), sort_keys=True)


class RoostSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """A Roost game behind pyspiel's Game API (one class for every game; see `register`)."""

    spiel_type: Any
    """The pyspiel GameType (set on the subclass `register` makes for each game)."""
    name: str
    """The Roost game's name (likewise)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = dict(params or {})
        roost_game = game_class(self.name)(**values)
        self.roost_game = roost_game
        self.players = roost_game.num_players
        info = pyspiel.GameInfo(
            num_distinct_actions=roost_game.num_distinct_actions(),
            max_chance_outcomes=roost_game.max_chance_outcomes(),
            num_players=roost_game.num_players,
            min_utility=float(roost_game.min_return()),
            max_utility=float(roost_game.max_return()),
            utility_sum=None,
            max_game_length=roost_game.max_game_length(),
        )
        super().__init__(self.spiel_type, info, roost_game.params)

    def new_initial_state(self) -> RoostSpielState:
        return RoostSpielState(self)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game string, loaded again by `load`: pyspiel pickles a game by its
        class, and this one's class is made at run time (`register`), so pickle could not find
        it; `load` registers the games first (in a fresh worker process too)."""
        return (load, (str(self),))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> RoostObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return RoostObserver(self, perfect_recall)


def game_type(name: str) -> Any:
    """The pyspiel GameType of a Roost game."""
    cls = game_class(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Roost {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={spec.name: spec.default for spec in cls.param_specs()},
    )


def load(game_string: str) -> Any:
    """``pyspiel.load_game(game_string)`` after `register`: how a pickled game comes back."""
    register()
    return pyspiel.load_game(game_string)


def register() -> list[str]:
    """Register every Roost game with pyspiel (again is harmless); their short names."""
    names = []
    known = set(pyspiel.registered_names())
    for name in registered_games():
        spiel_type = game_type(name)
        names.append(spiel_type.short_name)
        if spiel_type.short_name in known:
            continue

        # A class per game, not a function: pyspiel keeps the creator in a static registry,
        # and a Python function there crashes the interpreter at exit (a class does not).
        cls = type(
            f"RoostSpielGame_{game_class(name).folder()}",
            (RoostSpielGame,),
            {"spiel_type": spiel_type, "name": name},
        )
        pyspiel.register_game(spiel_type, cls)
    return sorted(names)
