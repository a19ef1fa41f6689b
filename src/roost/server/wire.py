"""The bytes of the frames a table sends most (its views and acks), encoded with orjson from
plain data laid out as the protocol's models (`roost.server.protocol.ViewFrame`, `Ack`).

Validating and serialising those models was a fifth of the event loop's time at 1,000 tables
(docs/measured/server-speed.md): the data the table builds is already what the models would
check, so it is encoded directly. The JSON holds the same content as the model's
``model_dump_json`` (tests/server/test_wire.py compares them over whole games); every other
frame still goes through its model (`frame_text`)."""

from __future__ import annotations

import enum
from typing import Any

import orjson
from pydantic import BaseModel


def _default(value: Any) -> Any:
    """What orjson does not encode itself, as pydantic would: a model (a log line) as its
    fields, a set as a list, an enum (from a game's observation) as its value."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, set | frozenset):
        return list(value)
    if isinstance(value, enum.Enum):
        return value.value
    raise TypeError(f"cannot encode {type(value).__name__} in a frame")


def dumps(data: dict[str, Any]) -> str:
    """`data` as compact JSON text (the WebSocket sends text frames)."""
    return orjson.dumps(data, default=_default).decode()


def ack_text(ref: str | None, version: int) -> str:
    """An `Ack` frame."""
    return dumps({"type": "ack", "ref": ref, "version": version})
