"""The one error type the server answers with: a code, a sentence, and an HTTP status."""

from __future__ import annotations

from roost.core.message import Message


class ServerError(Exception):
    """A refused request or frame; nothing was changed. `code` is stable (see the protocol).

    The sentence may be a `Message` (an illegal move's reason, a full table): then `message`
    is its English and `msg` its data, which the client renders in its reader's language."""

    def __init__(self, code: str, message: str | Message, status: int = 409) -> None:
        said = message if isinstance(message, Message) else None
        text = said.english() if said is not None else str(message)
        super().__init__(text)
        self.code = code
        self.message = text
        self.status = status
        self.msg: dict[str, object] | None = said.to_json() if said is not None else None
