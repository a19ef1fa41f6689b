"""Choosing a move one step at a time, from the legal actions' steps (`ActionInfo.steps`).

Steps are unique and prefix-free among one node's legal actions, so grouping the actions by
their next step narrows the choice until one action is left: the card, then its target, then
the colour. A step that is the only way on is taken at once (and shown as taken), so a person
only ever answers real questions. Each step is said in the reader's language (`step_words`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from roost.core.actions import ActionInfo, Choice
from roost.i18n import say


def step_words(step: Choice) -> str:
    """A step's words in the terminal's language: its message rendered with the reader's
    catalogue (the label, English, for a game that gave none). Seat labels ("P2") stay in
    the words, for the caller to put people's names in."""
    return say(step.message())


@dataclass(frozen=True)
class Option:
    """One answer at the current step: the step it takes, and the action it ends on (None when
    more steps follow)."""

    step: Choice
    action: int | None
    count: int
    """How many legal actions begin this way."""


class StepChooser:
    """The legal actions of one node, narrowed step by step (`pick`, `back`)."""

    def __init__(self, infos: Sequence[ActionInfo]) -> None:
        if not infos:
            raise ValueError("a choice needs at least one legal action")
        self.infos = list(infos)
        self.path: list[Choice] = []
        """The steps taken so far (by the person, or forced)."""
        self.forced: list[bool] = []
        """Whether each step of `path` was the only way on (taken without asking)."""
        self._skip_forced()

    @property
    def depth(self) -> int:
        return len(self.path)

    def _matching(self) -> list[ActionInfo]:
        depth = len(self.path)
        keys = [(step.kind, step.value) for step in self.path]
        return [
            info
            for info in self.infos
            if [(step.kind, step.value) for step in info.steps[:depth]] == keys
        ]

    def options(self) -> list[Option]:
        """The distinct next steps, in the order of the actions."""
        depth = len(self.path)
        found: dict[tuple[str, int], Option] = {}
        for info in self._matching():
            step = info.steps[depth]
            key = (step.kind, step.value)
            done = info.action if len(info.steps) == depth + 1 else None
            seen = found.get(key)
            if seen is None:
                found[key] = Option(step, done, 1)
            else:
                found[key] = Option(seen.step, seen.action, seen.count + 1)
        return list(found.values())

    def pick(self, index: int) -> int | None:
        """Take option `index` (0-based): the action if this ends the choice, else None."""
        option = self.options()[index]
        if option.action is not None:
            return option.action
        self.path.append(option.step)
        self.forced.append(False)
        self._skip_forced()
        left = self.options()
        if len(left) == 1 and left[0].action is not None:
            return left[0].action  # nothing left to choose: e.g. the one container with room
        return None

    def back(self) -> bool:
        """Undo the last step the person chose (and the forced ones after it); False at the
        start."""
        while self.forced and self.forced[-1]:
            self.path.pop()
            self.forced.pop()
        if not self.path:
            # only forced steps were taken: nothing to go back to
            self._skip_forced()
            return False
        self.path.pop()
        self.forced.pop()
        self._skip_forced()
        return True

    def _skip_forced(self) -> None:
        """Take every step that is the only way on and does not end the choice."""
        while True:
            options = self.options()
            if len(options) != 1 or options[0].action is not None:
                return
            self.path.append(options[0].step)
            self.forced.append(True)

    @property
    def only(self) -> int | None:
        """The single legal action, when there is nothing to choose."""
        return self.infos[0].action if len(self.infos) == 1 else None
