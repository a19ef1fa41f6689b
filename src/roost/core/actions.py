"""Actions as data: what a legal action does, in fields a program can read.

An action is an int, and `action_to_string` says it in words. Front ends need more than words:
the web client maps a click on a card to the actions that play that card, the terminal offers a
choice step by step (the card, then its target) instead of a flat list of 190 lines, and the RL
adapters and the lab count actions by kind. `State.action_info(action, viewer)` gives, for a
legal action, an `ActionInfo`: its kind, the cards it takes from the mover's hand, its target
seat, container or slot, the values it declares, and the *steps* a person takes to choose it.

Steps are the contract front ends build on. For the legal actions of one node:

* each action's steps are unique, and no action's steps begin another's (prefix-free), so a
  front end can narrow the choice one step at a time and always end on exactly one action;
* a step is a `Choice`: what is being chosen (``"card"``, ``"seat"``, ``"colour"``, ...), the id
  chosen (a card type id, a seat, a colour index ...) and a label for people. Two steps with the
  same kind and value at the same depth have the same label.

A step's label is canonical English (tests, the API and the boards compare it); its `msg` is the
same words as a `Message` (roost.core.message), so each reader's client says them in the
reader's language: ``msg.english()`` is the label, byte for byte. A game builds its steps with
`Choice.said`; a step built from a label alone says it in English everywhere (`plain`).

>>> from roost.core.actions import ActionInfo, Choice
>>> from roost.core.message import term
>>> red = Choice.said("colour", 0, term("Eggo colour", "red"))
>>> info = ActionInfo("play", steps=(Choice("card", 44, "Portal"), red),
...                   cards=(44,), declared={"colour": 0})
>>> step = info.to_json()["steps"][1]
>>> step["label"], step["msg"]["f"]
('red', {'text': {'c': 'Eggo colour', 's': 'red'}})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from roost.core.message import PLAIN, Message, Term, plain


@dataclass(frozen=True, slots=True)
class Choice:
    """One step of choosing an action: what is chosen, its id, and a label for people."""

    kind: str
    """What this step chooses: ``card``, ``seat``, ``colour``, ``container``, ``slot``, ``value``,
    ``option``, ... (each game documents its own in RULES.md)."""
    value: int
    """The id chosen at this step: a card type id for ``card``, a seat for ``seat``, an index for
    the rest."""
    label: str
    """How a person says this choice ("Portal", "P2", "red", "draw from deck A"): canonical
    English."""
    msg: Message | None = None
    """The label as a message, for readers of other languages (None: `plain` English)."""

    @staticmethod
    def said(kind: str, value: int, words: Message | Term | str) -> Choice:
        """A step whose label is `words` in English: a message, a word of the game's vocabulary
        (a card's name), or a plain string said as it is in every language (a seat label
        "P2", a name a designer gave)."""
        msg: Message
        if isinstance(words, Message):
            msg = words
        elif isinstance(words, Term):
            msg = Message(PLAIN, {"text": words})
        else:
            msg = plain(words)
        return Choice(kind, value, msg.english(), msg)

    def message(self) -> Message:
        """The label as a message (`plain` English when the game gave none)."""
        return self.msg if self.msg is not None else plain(self.label)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "value": self.value,
            "label": self.label,
            "msg": self.message().to_json(),
        }


@dataclass(frozen=True, slots=True)
class ActionInfo:
    """A legal action described structurally (see the module docstring).

    Games build it without `action` and `text`; `State.action_info` fills both in, so the text
    is always exactly `action_to_string(action, viewer)`.
    """

    kind: str
    """The kind of move, stable across versions: ``play``, ``draw``, ``lay``, ``pass`` ... (each
    game lists its kinds in RULES.md)."""
    steps: tuple[Choice, ...]
    """How a person chooses this action, one `Choice` per step, in order."""
    cards: tuple[int, ...] = ()
    """Card type ids this action takes from the mover's hand (a multiset, sorted)."""
    seat: int | None = None
    """The seat the action targets, if any."""
    container: int | None = None
    """The container (by owner seat) the action targets, if any (Manda Huevos!)."""
    slot: int | None = None
    """The slot within that container, if any."""
    declared: Mapping[str, int] = field(default_factory=dict)
    """Values the mover declares: a colour announced, what a wild card stands for, ..."""
    action: int = -1
    """The action id (filled in by `State.action_info`)."""
    text: str = ""
    """`action_to_string(action, viewer)` (filled in by `State.action_info`)."""

    def filled(self, action: int, text: str) -> ActionInfo:
        """This description with its `action` and `text` (what `State.action_info` fills in).
        Made field by field: `dataclasses.replace` looks the fields up on every call, which
        was most of the cost of listing a person's legal actions for their view (a Manda
        Huevos! turn has ~40); tests/test_action_info.py checks every field is carried."""
        return ActionInfo(
            kind=self.kind,
            steps=self.steps,
            cards=self.cards,
            seat=self.seat,
            container=self.container,
            slot=self.slot,
            declared=self.declared,
            action=action,
            text=text,
        )

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (for the server, the web client and logs)."""
        return {
            "action": self.action,
            "kind": self.kind,
            "text": self.text,
            "steps": [step.to_json() for step in self.steps],
            "cards": list(self.cards),
            "seat": self.seat,
            "container": self.container,
            "slot": self.slot,
            "declared": dict(self.declared),
        }


def check_steps(infos: list[ActionInfo]) -> str | None:
    """Why the steps of these (one node's legal) actions break the contract, or None."""
    seen: dict[tuple[tuple[str, int], ...], int] = {}
    labels: dict[tuple[int, str, int], str] = {}
    for info in infos:
        if not info.steps:
            return f"action {info.action} ({info.text!r}) has no steps"
        path = tuple((step.kind, step.value) for step in info.steps)
        if path in seen:
            return f"actions {seen[path]} and {info.action} have the same steps {path}"
        seen[path] = info.action
        for depth, step in enumerate(info.steps):
            key = (depth, step.kind, step.value)
            if labels.setdefault(key, step.label) != step.label:
                return f"step {key} is labelled both {labels[key]!r} and {step.label!r}"
    for path, action in seen.items():
        for cut in range(1, len(path)):
            if path[:cut] in seen:
                return f"the steps of action {seen[path[:cut]]} begin those of action {action}"
    return None
