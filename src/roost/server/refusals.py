"""The refusals of the WebSocket session and of the HTTP middlewares, as messages.

They live here, not beside the code that raises them, because those modules (`socket.py`,
`limits.py`, `accounts/middleware.py`) name an ASGI event ``message``, which Babel's extractor
takes for the catalogue's keyword (``message.get("text")`` would become a msgid): babel.cfg
skips those three modules, and their sentences are extracted from here.
"""

from __future__ import annotations

from roost.core.message import Message, message

NOT_JSON = message("a frame is a JSON object")
NO_TYPE = message("a frame is a JSON object with a 'type'")
NOT_TEXT = message("a frame is JSON text (UTF-8)")
NO_HELLO = message("no hello in time")
HELLO_FIRST = message("the first frame is a hello")
HELLO_AGAIN = message("this connection already said hello")
TOO_MANY_FRAMES = message("too many frames; slow down")
TOO_MANY_MOVES = message("too many moves; slow down")
SPECTATORS_CANNOT_PLAY = message("spectators cannot play; join a seat")
CSRF = message(
    "a request made with the session cookie needs the session's CSRF token in the "
    "X-CSRF-Token header (GET /api/account gives it)"
)
"""Why a change without the CSRF token is refused (403 ``csrf_failed``)."""


def frame_too_large(limit: int) -> Message:
    return message("frames are limited to {limit} bytes", limit=limit)


def body_too_large(limit: int) -> Message:
    return message("request bodies are limited to {limit} bytes", limit=limit)
