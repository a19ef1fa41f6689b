"""Learn to play: per game a prepared first game that explains each rule when it first matters.

A tutorial is a game's **script**, a stacked history built with the scenario builder
(`roost.testing.scenario.Scenario`): every chance outcome chosen (the deal, the draws) and
every decision named by its text, the learner's (seat 0) as well as the bots'. The server plays
it at a table of its own (roost.server.coach.tutorials): chance and the bots follow the script,
and the learner's moves must be the scripted ones (the page offers only them); after the script
the game goes on freely against easy bots.

Its **rules** are what a first game needs, each with the moment it is shown: a predicate on a
`Moment` (the learner's observation, the learner's legal moves in words, the last action in the
learner's words), met first somewhere in the script (`Tutorial.lessons`: the version where each
rule's predicate first holds). ``tests/coach/test_tutorials.py`` checks that the script reaches
every rule; the browser test walks each tutorial through the page to its end and checks every
rule was shown.

Each game's tutorial is ``roost.coach.tutorials.<folder>.TUTORIAL`` (found by convention, like
the heuristic bots).

A rule's title and words, and the intro and outro, are messages (`roost.core.message`, fixed
prose with no fields): the API serves each English text and, beside it, its data
(``title_msg``, ``text_msg``, ``intro_msg``, ``outro_msg``), which the page says in its
reader's language from the catalogue, as it says the log; a scripted move's words come the same
way (``msg``, the engine's move message). Seat labels ("P1") stay in them for the page to put
names in.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from roost.core.errors import RoostError
from roost.core.game import CHANCE, TERMINAL, Game
from roost.core.message import Message
from roost.core.registry import game_class, registered_games
from roost.core.state import State
from roost.testing.scenario import Scenario

LEARNER = 0
"""The learner's seat in every tutorial."""


@dataclass(frozen=True)
class Moment:
    """What a rule's predicate sees: a decision point (or the end) of the script, as the
    learner knows it."""

    version: int
    to_move: int
    """The seat to decide (`TERMINAL` at the end)."""
    observation: Mapping[str, Any]
    """The learner's observation."""
    moves: tuple[str, ...]
    """The learner's legal moves in words (empty when someone else decides)."""
    last: str
    """The last action before this moment, in the learner's words ("" at the start)."""
    last_seat: int | None
    """Who decided the last action (None: chance, or nothing yet)."""
    recent: tuple[tuple[int | None, str], ...] = ()
    """(who decided it, None for chance; its text in the learner's words) of every action
    since the learner's previous decision (or the start): what the learner sees happen
    between two of their decisions (a bot's move is usually followed by a draw)."""

    def others(self) -> list[str]:
        """The texts of the other seats' decisions in `recent`."""
        return [text for seat, text in self.recent if seat is not None and seat != LEARNER]

    @property
    def mine(self) -> bool:
        """Whether the learner decides now."""
        return self.to_move == LEARNER


@dataclass(frozen=True)
class Rule:
    """One rule a first game needs, the words that explain it and when they are shown."""

    id: str
    title: Message
    text: Message
    when: Callable[[Moment], bool]


@dataclass(frozen=True)
class Lesson:
    """A rule placed in the script: shown from `version` on."""

    rule: str
    title: Message
    text: Message
    version: int

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "title": self.title.english(),
            "text": self.text.english(),
            "title_msg": self.title.to_json(),
            "text_msg": self.text.to_json(),
            "version": self.version,
        }


@dataclass(frozen=True)
class Step:
    """A move the script asks of the learner."""

    version: int
    action: int
    text: str
    said: Message
    """`text` as the engine's message, for the reader's language."""

    def to_json(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "action": self.action,
            "text": self.text,
            "msg": self.said.to_json(),
        }


@dataclass(frozen=True)
class Tutorial:
    """A game's guided first game."""

    game: str
    params: Mapping[str, Any]
    intro: Message
    """Said before anything happens."""
    outro: Message
    """Said when the script is over (the game goes on against easy bots)."""
    script: Callable[[Scenario], None]
    """Plays the scripted part on a fresh scenario of the game."""
    rules: tuple[Rule, ...]
    bots: str = "easy"
    """The level of the bots once the script is over."""
    _cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def load(self) -> Game:
        return game_class(self.game)(**self.params)

    def history(self) -> list[int]:
        """The scripted actions (chance and decisions), from the start."""
        if "history" not in self._cache:
            scenario = Scenario(self.load())
            self.script(scenario)
            self._cache["history"] = scenario.state.history()
        return list(self._cache["history"])

    def moments(self) -> list[Moment]:
        """Every decision point of the script (and its end), as the learner knows it."""
        game = self.load()
        history = self.history()
        state = game.new_initial_state()
        out: list[Moment] = []
        last, last_seat = "", None
        recent: list[tuple[int | None, str]] = []
        for version in range(len(history) + 1):
            player = state.current_player()
            if player != CHANCE:
                out.append(_moment(state, version, last, last_seat, tuple(recent)))
                if player == LEARNER:
                    recent = []
            if version == len(history):
                break
            action = history[version]
            last = state.action_to_string(action, LEARNER)
            last_seat = player if player >= 0 else None
            recent.append((last_seat, last))
            state.apply_action(action)
        return out

    def lessons(self) -> list[Lesson]:
        """Each rule at the first moment of the script where it holds, in script order;
        `RoostError` for a rule the script never reaches."""
        moments = self.moments()
        found: list[Lesson] = []
        for rule in self.rules:
            at = next((m.version for m in moments if rule.when(m)), None)
            if at is None:
                raise RoostError(f"{self.game}: the tutorial's script never reaches {rule.id!r}")
            found.append(Lesson(rule.id, rule.title, rule.text, at))
        return sorted(found, key=lambda lesson: lesson.version)

    def steps(self) -> list[Step]:
        """The learner's scripted moves."""
        game = self.load()
        state = game.new_initial_state()
        out: list[Step] = []
        for version, action in enumerate(self.history()):
            if state.current_player() == LEARNER:
                said = state.action_to_message(action, LEARNER)
                out.append(Step(version, action, said.english(), said))
            state.apply_action(action)
        return out

    def to_json(self) -> dict[str, Any]:
        game = self.load()
        return {
            "game": self.game,
            "title": game.title,
            "params": game.params,
            "seat": LEARNER,
            "length": len(self.history()),
            "intro": self.intro.english(),
            "outro": self.outro.english(),
            "intro_msg": self.intro.to_json(),
            "outro_msg": self.outro.to_json(),
            "lessons": [lesson.to_json() for lesson in self.lessons()],
            "moves": [step.to_json() for step in self.steps()],
        }


def _moment(
    state: State,
    version: int,
    last: str,
    last_seat: int | None,
    recent: tuple[tuple[int | None, str], ...],
) -> Moment:
    player = state.current_player()
    moves: tuple[str, ...] = ()
    if player == LEARNER:
        moves = tuple(state.action_to_string(a, LEARNER) for a in state.legal_actions())
    return Moment(
        version=version,
        to_move=player if player != TERMINAL else TERMINAL,
        observation=state.observation(LEARNER),
        moves=moves,
        last=last,
        last_seat=last_seat,
        recent=recent,
    )


@cache
def tutorial_for(game: str) -> Tutorial | None:
    """The tutorial of a game (by its registry name), or None if it has none."""
    try:
        folder = game_class(game).folder()
    except RoostError:
        return None
    try:
        module = importlib.import_module(f"roost.coach.tutorials.{folder}")
    except ModuleNotFoundError:
        return None
    found = getattr(module, "TUTORIAL", None)
    return found if isinstance(found, Tutorial) else None


def tutorial_script(game: str | None) -> list[int] | None:
    """The scripted actions of `game`'s tutorial (None for None or a game without one)."""
    found = tutorial_for(game) if game is not None else None
    return found.history() if found is not None else None


def tutorials() -> dict[str, Tutorial]:
    """Every game's tutorial, by game name."""
    out: dict[str, Tutorial] = {}
    for name in registered_games():
        found = tutorial_for(name)
        if found is not None:
            out[name] = found
    return out
