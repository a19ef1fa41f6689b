"""The `State` half of the protocol, and the base class that carries the shared work.

A game's state class subclasses `State` and writes only its hooks (the way OpenSpiel's
`ApplyAction` wraps a game's `DoApplyAction`). The base owns everything that must behave the
same in every game:

* **checking**: `apply_action` accepts an int (a numpy integer counts as the int it is), checks
  it is legal here, and otherwise raises `IllegalActionError` with the game's reason and changes
  nothing; `action_to_string`, `action_info` and `observation` refuse non-int actions and seats
  (`True` included) with the same clear errors in every game;
* **history and recording**: every applied action is recorded; after `stop_recording()` (for the
  throwaway copies a search plays out) `history`, `to_json` and `resample_from_infostate` raise
  a clear `RoostError` instead of returning something incomplete;
* **the legal-action cache**: legal actions are worked out once per node;
* **copies and equality**: `clone` copies the shared fields and asks the game for its own;
  equality is the game, the history and the game's `_key`.

The hooks a game writes (all take checked arguments):

=====================================  ===================================================
``current_player()``                   a seat, `CHANCE` or `TERMINAL`
``_legal_now()``                       the sorted legal decisions at this node
``chance_outcomes()``                  (outcome, probability) at a chance node, else []
``_chance_ok(outcome)``                whether a chance outcome can happen here
``_is_legal(action)``                  optional: one decision's legality without listing all
``_random_legal(rng)``                 optional: a uniform legal decision without listing all
``_apply(action)``                     the rules: change the state (already checked)
``_explain_illegal(action)``           why an in-range action is not legal here, in words
``_observe(viewer)``                   the observation (the game's TypedDict)
``_action_text(action, viewer)``       the action in words, as the viewer may know it
``_action_info(action, viewer)``       a legal decision as data (`ActionInfo`)
``_resample(seat, rng)``               a state the seat cannot tell apart from this one
``_copy_into(other)``                  copy the game's own fields (used by `clone`)
``_key()``                             the game's own fields, for equality
``returns()``, ``winners()``,
``card_places()``                      the outcome and where every card is
``is_truncated()``                     optional: over by a length cap, not by the rules
=====================================  ===================================================

`CLONE_SHARES` and `KEY_OMITS` name the fields that `clone` may share with the original and
that `_key` may leave out, each with its reason; the conformance suite checks every other field
of `__slots__` is copied without sharing anything mutable and is covered by `_key`.
"""

from __future__ import annotations

import abc
import random
from bisect import bisect_left
from collections.abc import Mapping
from typing import Any, ClassVar, Generic, Self, SupportsIndex

from mypy_extensions import mypyc_attr
from typing_extensions import TypeVar

from roost.core.actions import ActionInfo
from roost.core.blank import Blank
from roost.core.errors import IllegalActionError, RoostError
from roost.core.game import CHANCE, JSON, OMNISCIENT, TERMINAL, Game, as_int, views_function
from roost.core.message import Message, message, plain
from roost.core.rand import randbelow

G = TypeVar("G", bound=Game, default=Game, covariant=True)
"""The game class a state belongs to (``class EggoState(State["EggoGame"])``), so a state reads
its own game's settings with their types; plain `State` means a state of any game."""


@mypyc_attr(allow_interpreted_subclasses=True)
class State(Blank, Generic[G], metaclass=abc.ABCMeta):
    """A node of the game tree. Mutated in place by `apply_action`; `clone` is cheap."""

    __slots__ = ("_game", "_history", "_legal", "_record", "_sampled")

    CLONE_SHARES: ClassVar[Mapping[str, str]] = {
        "_game": "the game is immutable and shared by all its states",
        "_legal": "the cached legal actions are never changed in place, only replaced",
    }
    """Fields `clone` shares with the original on purpose, with the reason."""
    KEY_OMITS: ClassVar[Mapping[str, str]] = {
        "_game": "compared by __eq__ directly",
        "_history": "compared by __eq__ directly",
        "_legal": "a cache, worked out again from the other fields",
        "_record": "whether a copy keeps its history is not part of the position",
        "_sampled": "what sample_chance or random_action drew at this node, a shortcut for "
        "the check",
    }
    """Fields `_key` leaves out on purpose, with the reason."""

    _game: G
    _history: list[int]
    _legal: list[int] | None
    _record: bool
    _sampled: int
    """The chance outcome `sample_chance` (or the decision `random_action`) last drew at this
    node (-1: none): `apply_action` knows it is legal here without asking the game."""

    def __init__(self, game: G) -> None:
        self._game = game
        self._history = []
        self._legal = None
        self._record = True
        self._sampled = -1

    # --- who moves and what they may do ----------------------------------------------------

    @property
    def game(self) -> G:
        """The game this state belongs to."""
        return self._game

    @abc.abstractmethod
    def current_player(self) -> int:
        """The seat to decide, `CHANCE`, or `TERMINAL`."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def legal_actions(self) -> list[int]:
        """Sorted legal decision actions of the seat to move (empty at chance/terminal)."""
        legal = self._legal
        if legal is not None:
            return legal.copy()
        if self._checks_one():
            return self._legal_now()  # a fresh list, not kept: `_act` checks with `_is_legal`
        legal = self._legal = self._legal_now()
        return legal.copy()

    def random_action(self, rng: random.Random) -> int:
        """A uniformly random legal decision of the seat to move: what
        ``legal_actions()[rng.randrange(len(legal_actions()))]`` gives, from the same draws of
        `rng`, so seeded random play is the same game either way. It makes no copy of the legal
        actions, and a game that can count its moves picks one without listing them all
        (Manda Huevos!: ~43 a turn); random play and random playouts use it.
        `RoostError` where no seat is to decide (a chance node, or the end)."""
        if self.current_player() < 0:
            raise RoostError(
                f"{self._game.name}: random_action called where {self._who()} is to move; "
                "only a seat's decision has legal actions"
            )
        action = self._sampled = self._random_legal(rng)  # `apply_action` trusts it here
        return action

    def _random_legal(self, rng: random.Random) -> int:
        """`random_action` at a decision node: the cached legal actions, one drawn with
        `randbelow` (``rng.randrange``'s value and draws). Games that can count their moves
        override it to skip the listing (tests/test_search_shortcuts.py checks they agree)."""
        legal = self._legal_cached()
        return legal[randbelow(rng, len(legal))]

    def reaction_window(self) -> bool:
        """Whether the seat to move answers another seat's card in a window the rules open
        whatever that seat holds (Egg Bound's Cluck-Off). The server gives the `passive_reply`
        for a person after a pause that tells nothing (roost.server.reactions). Default: no."""
        return False

    def passive_reply(self) -> int | None:
        """In a reaction window, the seat's only answer when it is to let the card happen
        (the seat holds nothing to answer with); else None."""
        if not self.reaction_window():
            return None
        legal = self.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def _checks_one(self) -> bool:
        """Whether this game's `_is_legal` checks one action without listing them all. Then
        `legal_actions` hands out the list it works out instead of keeping it and handing out
        a copy, and `apply_action` checks the one action (the copy, and freeing every element
        twice, cost Manda Huevos!, ~43 actions a turn, a tenth of its random play)."""
        return False

    def _legal_cached(self) -> list[int]:
        """The legal actions, not copied: for search loops, which only read them."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_now()
        return legal

    @abc.abstractmethod
    def _legal_now(self) -> list[int]:
        """The sorted legal actions at this node, worked out afresh ([] off decision nodes)."""

    @abc.abstractmethod
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome, probability) pairs at a chance node, sorted by outcome; [] elsewhere."""

    def sample_chance(self, rng: random.Random) -> int:
        """Draw one chance outcome with its probability (`RoostError` off a chance node)."""
        if self.current_player() != CHANCE:
            raise RoostError(
                f"{self._game.name}: sample_chance called where {self._who()} is to move, "
                "not at a chance node"
            )
        outcome = self._sampled = self._sample(rng)
        return outcome

    def _sample(self, rng: random.Random) -> int:
        """Draw a chance outcome (at a chance node); games override this for speed."""
        outcomes = self.chance_outcomes()
        point = rng.random()
        total = 0.0
        for outcome, probability in outcomes:
            total += probability
            if point < total:
                return outcome
        return outcomes[-1][0]

    def _is_legal(self, action: int) -> bool:
        """Whether `action` is legal at this decision node, whose legal actions have not been
        worked out: by default it works them out (and keeps them); games whose replays would
        rather check one action than list them all override this."""
        legal = self._legal = self._legal_now()
        i = bisect_left(legal, action)
        return i < len(legal) and legal[i] == action

    def _chance_ok(self, outcome: int) -> bool:
        """Whether `outcome` can happen at this chance node; games override this for speed."""
        return any(outcome == possible for possible, _ in self.chance_outcomes())

    # --- applying actions --------------------------------------------------------------------

    def apply_action(self, action: SupportsIndex) -> None:
        """Apply a decision or chance action; raise `IllegalActionError` and change nothing
        if it is not legal here.

        `action` is an int (a numpy integer counts as the int it is); anything else, `True`
        included, is refused. The public methods take `SupportsIndex` rather than `int` so that
        the compiled build checks the argument here, with the same error as the pure build,
        instead of raising `TypeError` at the call."""
        if type(action) is int:
            number = action
        else:
            converted = as_int(action)
            if converted is None:
                raise IllegalActionError(action, self._why_illegal(action))
            number = converted
        self._act(number)

    def _act(self, action: int) -> None:
        """`apply_action` for an int."""
        legal = self._legal
        if action == self._sampled and action >= 0:
            pass  # drawn here by `sample_chance` or `random_action`: legal, no look-up needed
        elif legal:  # a decision node whose legal actions are worked out (never empty there)
            i = bisect_left(legal, action)
            if i == len(legal) or legal[i] != action:
                raise IllegalActionError(action, self._why_illegal(action))
        else:  # not worked out yet, or [] at a chance or terminal node
            player = self.current_player()
            if player == CHANCE:
                ok = self._chance_ok(action)
            elif player == TERMINAL:
                raise IllegalActionError(action, "the game is over")
            else:
                ok = self._is_legal(action)
            if not ok:
                raise IllegalActionError(action, self._why_illegal(action))
        if self._record:
            self._history.append(action)
        self._legal = None
        self._sampled = -1
        self._apply(action)

    def _play_chance(self, rng: random.Random) -> None:
        """At a chance node of a throwaway copy (a search's), play chance until a decision or
        the end: what `_sample` and `_apply_legal` would do one outcome at a time. Games whose
        chance comes in long runs (a deal) override it to play the run at once."""
        while self.current_player() == CHANCE:
            self._apply_legal(self._sample(rng))

    def _apply_legal(self, action: int) -> None:
        """Apply `action`, known to be legal here (taken from `_legal_cached()`, or drawn by
        `_sample` at a chance node): `apply_action` without the check, for search loops."""
        if self._record:
            self._history.append(action)
        self._legal = None
        self._sampled = -1
        self._apply(action)

    @abc.abstractmethod
    def _apply(self, action: int) -> None:
        """Change the state by `action`, which is legal here (checked and recorded)."""

    def _why_illegal(self, action: object) -> str:
        """Why `action` is not legal here, in words a player can act on."""
        return self.why_illegal_message(action).english()

    def why_illegal_message(self, action: object) -> Message:
        """Why `action` is not legal here, as a message each reader reads in their own
        language (its English is the reason `IllegalActionError` gives). The game's words come
        from its ``views.why_illegal_message(state, action)`` when it has one, else from
        `_explain_illegal` as an untranslated plain message."""
        number = as_int(action)
        if number is None:
            return message(
                "an action is an integer, not {kind} {value}",
                kind=type(action).__name__,
                value=repr(action),
            )
        player = self.current_player()
        if player == TERMINAL:
            return message("the game is over")
        limit = self._action_limit()
        if not 0 <= number < limit:
            return self._range_message(player, limit)
        explain = views_function(type(self._game), "why_illegal_message")
        if explain is not None:
            said: Message = explain(self, number)
            return said
        return plain(self._explain_illegal(number))

    def _range_message(self, player: int, limit: int) -> Message:
        if player == CHANCE:
            return message(
                "chance outcomes of {game} are 0-{last}", game=self._game.name, last=limit - 1
            )
        return message("actions of {game} are 0-{last}", game=self._game.name, last=limit - 1)

    @abc.abstractmethod
    def _explain_illegal(self, action: int) -> str:
        """Why `action` (in range, at a decision or chance node) is not legal here."""

    def _action_limit(self) -> int:
        if self.current_player() == CHANCE:
            return self._game.max_chance_outcomes()
        return self._game.num_distinct_actions()

    def _who(self) -> str:
        player = self.current_player()
        if player == CHANCE:
            return "chance"
        if player == TERMINAL:
            return "nobody (the game is over)"
        return f"seat {player}"

    def _action_arg(self, action: object) -> int:
        """`action` as an in-range int for a description, or `IllegalActionError`."""
        number = as_int(action)
        if number is None:
            raise IllegalActionError(action, self._why_illegal(action))
        limit = self._action_limit()
        if not 0 <= number < limit:
            reason = self._range_message(self.current_player(), limit).english()
            raise IllegalActionError(number, reason)
        return number

    # --- what each seat may see ----------------------------------------------------------------

    def observation(self, seat: SupportsIndex | None = None) -> Mapping[str, Any]:
        """Everything `seat` may see now, JSON-ready (None: a spectator; `OMNISCIENT`: all).

        Each game documents its observation as a TypedDict in its ``views.py``."""
        return self._observe(self._game.check_seat(seat))

    @abc.abstractmethod
    def _observe(self, viewer: int | None) -> Mapping[str, Any]:
        """The observation for a checked viewer (a seat, None or `OMNISCIENT`)."""

    def action_to_string(self, action: SupportsIndex, viewer: SupportsIndex | None = None) -> str:
        """Describe `action` in this state as `viewer` may know it (None: a spectator)."""
        number = self._action_arg(action)
        return self._action_text(number, self._game.check_seat(viewer))

    @abc.abstractmethod
    def _action_text(self, action: int, viewer: int | None) -> str:
        """`action` (in range) in words, as the checked `viewer` may know it."""

    def action_to_message(
        self, action: SupportsIndex, viewer: SupportsIndex | None = None
    ) -> Message:
        """`action_to_string` as a message each reader reads in their own language (its English
        is `action_to_string`'s text): the game's ``views.action_message(state, action,
        viewer)`` when it has one, else the text as an untranslated plain message."""
        number = self._action_arg(action)
        checked = self._game.check_seat(viewer)
        said = views_function(type(self._game), "action_message")
        if said is not None:
            found: Message = said(self, number, checked)
            return found
        return plain(self._action_text(number, checked))

    def action_info(self, action: SupportsIndex, viewer: SupportsIndex | None = None) -> ActionInfo:
        """A legal decision described as data (see `roost.core.actions`), as `viewer` may
        know it; `IllegalActionError` for an action that is not legal here."""
        number = self._action_arg(action)
        checked = self._game.check_seat(viewer)
        if self.current_player() < 0:
            raise IllegalActionError(number, self._why_illegal(number))
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_now()
        i = bisect_left(legal, number)
        if i == len(legal) or legal[i] != number:
            raise IllegalActionError(number, self._why_illegal(number))
        return self._described(number, checked)

    def legal_action_infos(self, viewer: SupportsIndex | None = None) -> list[ActionInfo]:
        """`action_info` of every legal action, in action order."""
        checked = self._game.check_seat(viewer)
        return [self._described(action, checked) for action in self.legal_actions()]

    def _described(self, action: int, viewer: int | None) -> ActionInfo:
        info = self._action_info(action, viewer)
        return info.filled(action, self._action_text(action, viewer))

    @abc.abstractmethod
    def _action_info(self, action: int, viewer: int | None) -> ActionInfo:
        """The legal decision `action` as data (`action` and `text` are filled in for you)."""

    # --- hidden information --------------------------------------------------------------------

    def resample_from_infostate(self, seat: SupportsIndex, rng: random.Random) -> Self:
        """A state drawn from those `seat` cannot tell apart from this one.

        The result is a genuine state of the game: its observation for `seat` equals this
        one's, and replaying its `history()` rebuilds it. Only what `seat` cannot see differs.
        """
        checked = self._game.check_seat(seat, allow_none=False)
        assert checked is not None
        if not self._record:
            raise RoostError(
                f"{self._game.name}: this state stopped recording (a search copy), so it "
                "cannot be resampled"
            )
        state = self._resample(checked, rng)
        state._sampled = -1  # a position of its own: nothing drawn there yet
        return state

    @abc.abstractmethod
    def _resample(self, seat: int, rng: random.Random) -> Self:
        """A state `seat` cannot tell apart from this one (the seat and recording checked)."""

    def _determinize(self, seat: int, rng: random.Random) -> Self:
        """What `_resample` gives from the same draws, as a copy that stopped recording: for
        search, which never reads the history of its copies. Games override it to skip
        rebuilding the history and their record of hidden cards (the conformance suite checks
        it gives the same position as `_resample`)."""
        state = self._resample(seat, rng)
        state._record = False
        state._sampled = -1
        return state

    def _clone_unrecorded(self) -> Self:
        """A copy that stopped recording, sharing the history and the game's record of hidden
        cards with this state instead of copying them (it never writes either)."""
        record = self._record
        self._record = False
        try:
            return self.clone()
        finally:
            self._record = record

    # --- outcome -------------------------------------------------------------------------------

    @abc.abstractmethod
    def returns(self) -> list[float]:
        """Per-seat payoffs (zeros until the game is over)."""

    @abc.abstractmethod
    def winners(self) -> list[int]:
        """The seats that won, sorted ([] until the game is over, or when nobody won)."""

    def is_truncated(self) -> bool:
        """True when the game is over because a cap on its length ended it (Egg Bound's turn
        cap), not by its rules' own ending: the RL environments report that as truncation, so
        a learner does not take the zero returns for the value of the position. False in
        every game without such a cap."""
        return False

    @abc.abstractmethod
    def card_places(self) -> dict[str, list[int]]:
        """Where every card is now: place name -> card type ids (for conservation checks)."""

    # --- copies, history, equality -------------------------------------------------------------

    def clone(self) -> Self:
        """An independent copy."""
        cls = type(self)
        other = cls.__new__(cls)
        other._game = self._game
        record = other._record = self._record
        other._history = self._history.copy() if record else self._history
        other._legal = self._legal
        other._sampled = self._sampled
        self._copy_into(other)
        return other

    @abc.abstractmethod
    def _copy_into(self, other: Self) -> None:
        """Copy every field of the game's own into `other` (a bare new instance)."""

    def stop_recording(self) -> None:
        """Stop keeping the history and the record of hidden cards, for speed.

        For throwaway copies that a search plays out and drops: afterwards `history`, `to_json`
        and `resample_from_infostate` raise `RoostError`. Games read `_record` to skip their
        own bookkeeping of hidden information."""
        self._record = False

    def history(self) -> list[int]:
        """Every action applied since the initial state, chance outcomes included (a copy)."""
        if not self._record:
            raise RoostError(
                f"{self._game.name}: this state stopped recording its history (a search copy)"
            )
        return self._history.copy()

    def to_json(self) -> JSON:
        """The state as its game, parameters and action list (replayed by `load_state`)."""
        game = self._game
        return {"game": game.name, "params": game.params, "history": self.history()}

    @abc.abstractmethod
    def _key(self) -> tuple[Any, ...]:
        """The game's own fields, for equality (the history is compared separately)."""

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, State)
        return (
            self._game == other._game
            and self._history == other._history
            and self._key() == other._key()
        )

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return "\n".join(f"{k}: {v}" for k, v in self._observe(OMNISCIENT).items())
