"""Errors raised by the engine.

Every error a user can cause carries a sentence that says what was wrong and what is accepted,
so the terminal, the server and the RL adapters can show it as it is.
"""

from __future__ import annotations


class RoostError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalActionError(RoostError, ValueError):
    """An action that is not legal in the current state; the state is left untouched."""

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(f"illegal action {action!r}: {reason}")
        self.action = action
        self.reason = reason


class ParameterError(RoostError, ValueError):
    """A game parameter that is unknown, of the wrong type or out of range."""


class ResampleError(RoostError, RuntimeError):
    """The public record admits no state for a seat to resample: a bug in a game's record.

    Raised by `resample_from_infostate`; never a user's mistake, but a clear error rather than a
    wrong state handed to a bot."""


class UnknownGameError(RoostError, KeyError):
    """A game name that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])
