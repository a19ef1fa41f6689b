"""A request or frame that does not fit its schema, said as a message (docs/protocol.md, "Errors").

Pydantic says what is wrong in English ("String should have at most 24 characters"). The server
passes its first complaint on as "{where}: {reason}" (the refusal's `message`, unchanged), and
says the reason again as a message for the common complaints, so a page in another language
reads them in its own: the fields of Pydantic's error (`ctx`: a limit, a pattern) fill our
template. Our message is used only when its English is Pydantic's sentence byte for byte (a
Pydantic that words one differently gets its own English back, untranslated: `plain`), so the
English of every refusal stays what Pydantic says. The names' own checks
(`roost.server.protocol.shown_name`) are ours: Pydantic says them as "Value error, {ours}".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from roost.core.message import Message, message, plain, plural_message

Said = Callable[[Mapping[str, Any]], Message]
"""A complaint's message from its context (Pydantic's `ctx`)."""


def _limit(ctx: Mapping[str, Any], key: str) -> str:
    """A limit as Pydantic writes it: a whole float without its ".0" (``gt=0.0`` is "0")."""
    value = ctx.get(key, "")
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _count(ctx: Mapping[str, Any], key: str) -> int:
    value = ctx.get(key, 0)
    return value if isinstance(value, int) else 0


COMPLAINTS: dict[str, Said] = {
    "missing": lambda ctx: message("Field required"),
    "extra_forbidden": lambda ctx: message("Extra inputs are not permitted"),
    "json_invalid": lambda ctx: message("JSON decode error"),
    "string_type": lambda ctx: message("Input should be a valid string"),
    "int_type": lambda ctx: message("Input should be a valid integer"),
    "int_parsing": lambda ctx: message(
        "Input should be a valid integer, unable to parse string as an integer"
    ),
    "int_from_float": lambda ctx: message(
        "Input should be a valid integer, got a number with a fractional part"
    ),
    "float_type": lambda ctx: message("Input should be a valid number"),
    "float_parsing": lambda ctx: message(
        "Input should be a valid number, unable to parse string as a number"
    ),
    "bool_type": lambda ctx: message("Input should be a valid boolean"),
    "bool_parsing": lambda ctx: message(
        "Input should be a valid boolean, unable to interpret input"
    ),
    "dict_type": lambda ctx: message("Input should be a valid dictionary"),
    "list_type": lambda ctx: message("Input should be a valid list"),
    "string_too_short": lambda ctx: plural_message(
        "String should have at least {count} character",
        "String should have at least {count} characters",
        _count(ctx, "min_length"),
    ),
    "string_too_long": lambda ctx: plural_message(
        "String should have at most {count} character",
        "String should have at most {count} characters",
        _count(ctx, "max_length"),
    ),
    "string_pattern_mismatch": lambda ctx: message(
        "String should match pattern '{pattern}'", pattern=_limit(ctx, "pattern")
    ),
    "greater_than_equal": lambda ctx: message(
        "Input should be greater than or equal to {limit}", limit=_limit(ctx, "ge")
    ),
    "greater_than": lambda ctx: message(
        "Input should be greater than {limit}", limit=_limit(ctx, "gt")
    ),
    "less_than_equal": lambda ctx: message(
        "Input should be less than or equal to {limit}", limit=_limit(ctx, "le")
    ),
    "less_than": lambda ctx: message("Input should be less than {limit}", limit=_limit(ctx, "lt")),
}
"""Pydantic's complaints by error type, as our messages."""

OWN_CHECKS: dict[str, Message] = {
    said.english(): said
    for said in (
        message("a name cannot hold text-direction controls (U+202A-202E, U+2066-2069)"),
        message("a name needs at least one visible letter, digit or sign"),
        message("a name cannot begin with a combining mark"),
    )
}
"""The sentences of the schema's own validators (`ValueError`s raised in protocol.py)."""


def reason(error: Mapping[str, Any]) -> Message:
    """One Pydantic error's sentence as a message: ours where we know it and its English is
    Pydantic's exactly, else Pydantic's English as it is."""
    text = str(error.get("msg", ""))
    kind = str(error.get("type", ""))
    ctx = error.get("ctx") or {}
    said: Message | None = None
    if kind == "value_error":
        own = OWN_CHECKS.get(str(ctx.get("error", "")))
        if own is not None:
            said = message("Value error, {reason}", reason=own)
    elif kind in COMPLAINTS:
        said = COMPLAINTS[kind](ctx)
    if said is None or said.english() != text:
        return plain(text)
    return said


def invalid(error: Mapping[str, Any] | None) -> Message:
    """What the server says of a request or frame that does not fit: the first error's place
    and reason ("seats.0.level: Input should be ..."); "invalid request" for none."""
    if error is None:
        return message("invalid request")
    where = ".".join(str(part) for part in error.get("loc", ()))
    said = reason(error)
    return message("{where}: {reason}", where=where, reason=said) if where else said
