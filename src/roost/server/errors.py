"""The one error type the server answers with: a code, a sentence, and an HTTP status."""

from __future__ import annotations

from roost.core.errors import RoostError
from roost.core.message import Message, message
from roost.core.registry import registered_games
from roost.i18n import LANGUAGES, normalize
from roost.i18n.refusals import READ_BACK


class ServerError(Exception):
    """A refused request or frame; nothing was changed. `code` is stable (see the protocol).

    The sentence is a `Message` (`roost.core.message`), so a reader of any language reads it:
    `message` is its English (what tests and older clients compare) and `msg` its data, which
    the client renders in its reader's language. `tests/server/test_refusals_said.py` checks
    that every refusal of the server is built from one."""

    def __init__(self, code: str, message: Message, status: int = 409) -> None:
        text = message.english()
        super().__init__(text)
        self.code = code
        self.message = text
        self.status = status
        self.msg: dict[str, object] | None = message.to_json()


def unknown_game(name: str) -> Message:
    """What the registry says of a game name it does not know (`UnknownGameError`'s sentence,
    byte for byte), as a message."""
    return message(
        "unknown game {name}; the games are: {games}",
        name=repr(name),
        games=", ".join(registered_games()),
    )


def engine_refusal(error: RoostError) -> Message:
    """An engine's refusal the server passes on: its English as it is (``message``), read back
    by the engine's templates (the terminal's, `roost.i18n.refusals`) into a message, so the page
    says a bad parameter in its reader's language. The engine's parameter checks
    (`roost.core.params`, each game's and bot's own) compose their sentences as plain text; one
    no template fits stays English (`plain`), inside a refusal whose code the page knows."""
    return READ_BACK.message(str(error))


def known_language(language: str) -> str:
    """The code of a language the server speaks (`roost.i18n.LANGUAGES`; a tag naming one, such
    as ``es-ES``, is that language); anything else is a 400 ``bad_language``."""
    code = normalize(language)
    if code is None:
        raise ServerError(
            "bad_language",
            message(
                "no language {language}: there are {known}",
                language=repr(language),
                known=", ".join(LANGUAGES),
            ),
            400,
        )
    return code
