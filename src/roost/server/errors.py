"""The one error type the server answers with: a code, a sentence, and an HTTP status."""

from __future__ import annotations


class ServerError(Exception):
    """A refused request or frame; nothing was changed. `code` is stable (see the protocol)."""

    def __init__(self, code: str, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
