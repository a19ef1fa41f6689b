"""Estimated table time: how long a game would take people at a table.

A simulated game has no clock, so the lab counts what takes time at a table and prices it. Game
length is, to first order, the number of turns times the time a turn takes; here it is split
three ways, because the steps of a Roost game are not alike:

* a **decision with a choice** (two or more legal moves): the player looks at the table and
  their hand, picks a move and makes it. Default **6 s**: a light family card game's turn is a
  few seconds of thought plus the physical move (playing a card, saying what it does);
* a **forced decision** (one legal move: a Cluck when nothing beats the Lay, "let it happen"
  without a Cluck-Off, losing a turn to a Fowl): only the physical act, or nothing at all, since
  at a table nobody is asked. Default **2 s**;
* a **chance step** (each card dealt, drawn or turned over; the engine deals one card at a time):
  default **1 s**, which includes the shuffles amortised over the cards they serve.

These are assumptions, not measurements: bots never hesitate, and a first game is slower than a
tenth. Every figure is adjustable (``roost lab --seconds-per-decision 8 ...``), the report prints
the model beside every time, and time claims say for which seconds-per-decision they would hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

DEFAULT_DECISION = 6.0
DEFAULT_FORCED = 2.0
DEFAULT_CHANCE = 1.0


@dataclass(frozen=True)
class TimeModel:
    """Seconds per decision with a choice, per forced decision and per chance step."""

    decision: float = DEFAULT_DECISION
    forced: float = DEFAULT_FORCED
    chance: float = DEFAULT_CHANCE

    def minutes(self, choices: int, forced: int, chance: int) -> float:
        """The estimated table time of a game, in minutes."""
        return (self.decision * choices + self.forced * forced + self.chance * chance) / 60

    def with_decision(self, seconds: float) -> TimeModel:
        return TimeModel(seconds, self.forced, self.chance)

    def describe(self) -> str:
        """The model in words, in the reader's language (the report's Length section)."""
        from roost.i18n import gettext as _

        return _(
            "{decision} s per decision with a choice, {forced} s per forced decision, {chance} "
            "s per card dealt or drawn"
        ).format(
            decision=_seconds(self.decision),
            forced=_seconds(self.forced),
            chance=_seconds(self.chance),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "seconds_per_decision": self.decision,
            "seconds_per_forced_decision": self.forced,
            "seconds_per_chance_step": self.chance,
        }


def _seconds(value: float) -> str:
    """``6``, ``0.5`` (``0,5`` in Spanish): a number of seconds as Python's ``:g`` writes it,
    with the reader's decimal sign."""
    from roost.i18n import format_fixed

    text = f"{value:g}"
    if "." not in text or "e" in text:
        return text
    return format_fixed(value, len(text.partition(".")[2]))
