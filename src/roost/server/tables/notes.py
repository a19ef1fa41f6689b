"""The server's own lines in a table's log (a seat taken, a stand-in, a return), as messages.

A note is stored as its English text (``roost_notes.text``: older rows have only that), and each
reader reads it in their own language: `note_message` finds which of these sentences a stored
text is and gives it back as the message it was made from, so one frame serves every reader
and the client translates it. A text that is none of them (a row older than these sentences)
is an untranslated plain message.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from roost.core.message import Message, message, plain, term

LEVEL_CONTEXT: Final = "bot level"
"""The context of the bot levels' words (easy, medium, hard) in the catalogue."""

DEAL: Final = message("The cards are dealt.")
"""The deal, told as one line."""


def taken(name: str, seat: int) -> Message:
    """A person took `seat` (0-based; people count seats from 1)."""
    return message("{name} takes seat {seat}.", name=name, seat=seat + 1)


def timed_out(name: str, level: str) -> Message:
    return message(
        "{name} ran out of time: a {level} bot plays for {name} until they are back.",
        name=name,
        level=term(LEVEL_CONTEXT, level),
    )


def left(name: str, level: str) -> Message:
    return message(
        "{name} left the table: a {level} bot plays for {name} until they are back.",
        name=name,
        level=term(LEVEL_CONTEXT, level),
    )


def back(name: str) -> Message:
    return message("{name} is back.", name=name)


def never_came(name: str, seat: int, grace: float) -> Message:
    seconds = format(grace, "g")
    return message(
        "{name} did not come to the table within {grace} s: seat {seat} is open again.",
        name=name,
        grace=seconds,
        seat=seat + 1,
    )


Builder = Callable[[dict[str, str]], Message]

_BUILDERS: Final[tuple[tuple[str, Builder], ...]] = (
    ("{name} takes seat {seat}.", lambda f: taken(f["name"], int(f["seat"]) - 1)),
    (
        "{name} ran out of time: a {level} bot plays for {name} until they are back.",
        lambda f: timed_out(f["name"], f["level"]),
    ),
    (
        "{name} left the table: a {level} bot plays for {name} until they are back.",
        lambda f: left(f["name"], f["level"]),
    ),
    ("{name} is back.", lambda f: back(f["name"])),
    (
        "{name} did not come to the table within {grace} s: seat {seat} is open again.",
        lambda f: never_came(f["name"], int(f["seat"]) - 1, float(f["grace"])),
    ),
)

_FIELD_PATTERNS: Final = {"seat": r"\d+", "grace": r"[0-9.e+-]+", "level": r"[a-z]+"}


def _pattern(template: str) -> re.Pattern[str]:
    """`template` as a regular expression whose named groups are its fields (a field said
    twice must be the same text twice)."""
    parts: list[str] = []
    seen: set[str] = set()
    for literal, name in re.findall(r"([^{]*)(?:\{(\w+)\})?", template):
        parts.append(re.escape(literal))
        if not name:
            continue
        if name in seen:
            parts.append(f"(?P={name})")
        else:
            seen.add(name)
            parts.append(f"(?P<{name}>{_FIELD_PATTERNS.get(name, '.+')})")
    return re.compile("".join(parts), re.DOTALL)


_PATTERNS: Final = tuple((_pattern(template), build) for template, build in _BUILDERS)


def note_message(text: str) -> Message:
    """The message a stored note's text was made from (its English is `text` itself)."""
    for pattern, build in _PATTERNS:
        found = pattern.fullmatch(text)
        if found is not None:
            said = build(found.groupdict())
            if said.english() == text:
                return said
    return plain(text)
