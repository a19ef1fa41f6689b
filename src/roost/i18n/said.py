"""An engine message read back from its plain data (`Message.to_json`), to be said again in the
reader's language: a review or a report carries its moves as data (it is written to JSON, and
worked out in other processes), and the terminal renders them with its catalogue."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeAlias

from roost.core.message import Listing, Message, Term

Field: TypeAlias = int | str | Term | Message | Listing


class NotAMessageError(ValueError):
    """The data is not what `Message.to_json` writes (a file from elsewhere, or damaged)."""


def message_from_json(data: object) -> Message:
    """The `Message` whose `to_json` is `data` (`NotAMessageError` if it is not one)."""
    if not isinstance(data, Mapping):
        raise NotAMessageError("a message is an object")
    template, fields = data.get("t"), data.get("f", {})
    if not isinstance(template, str) or not isinstance(fields, Mapping):
        raise NotAMessageError("a message has a template 't' and fields 'f'")
    values = {str(name): _field(value) for name, value in fields.items()}
    plural = data.get("p")
    if plural is None:
        return Message(template, values)
    count = data.get("n")
    if not isinstance(plural, str) or type(count) is not int:
        raise NotAMessageError("a plural message has its form 'p' and its count 'n'")
    return Message(template, values, plural, count)


def _field(value: object) -> Field:
    if isinstance(value, bool):
        raise NotAMessageError("a field is a number, a text, a word, a message or a list")
    if isinstance(value, (int, str)):
        return value
    if isinstance(value, Mapping):
        if "l" in value:
            items = value["l"]
            if not isinstance(items, list):
                raise NotAMessageError("a list's items 'l' are a list")
            return Listing([_field(item) for item in items])
        if "c" in value:
            context, text = value.get("c"), value.get("s")
            if not isinstance(context, str) or not isinstance(text, str):
                raise NotAMessageError("a word has its context 'c' and its text 's'")
            return Term(context, text)
        return message_from_json(value)
    raise NotAMessageError("a field is a number, a text, a word, a message or a list")


def message_or_none(data: object) -> Message | None:
    """`message_from_json`, or None where the data is not a message (the caller says the
    English it has instead)."""
    try:
        return message_from_json(data)
    except NotAMessageError:
        return None
