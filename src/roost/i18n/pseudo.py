"""The pseudo-locale ``en-XA``: every message bracketed, its letters accented and its length
grown by 40%, its placeholders kept. A test reading the page in it sees at once a string that
was not wrapped (plain ASCII outside brackets) and a layout too tight for longer languages."""

from __future__ import annotations

import math
import re
from typing import Final

from babel.messages.catalog import Catalog

PSEUDO_LANGUAGE: Final = "en-XA"
GROWTH: Final = 0.4
PADDING: Final = "·"

_ACCENTED: Final = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
PLACEHOLDER: Final = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}|%\([A-Za-z_]+\)[sdif]|%[sdif]")
"""``{name}`` (the client's and the terminal's), ``%(name)s`` and ``%d`` (gettext's own)."""


def pseudo(message: str) -> str:
    """`message` bracketed, accented outside its placeholders, and 40% longer."""
    if not message:
        return message
    parts: list[str] = []
    last = 0
    for match in PLACEHOLDER.finditer(message):
        parts.append(message[last : match.start()].translate(_ACCENTED))
        parts.append(match.group())
        last = match.end()
    parts.append(message[last:].translate(_ACCENTED))
    padding = PADDING * math.ceil(len(message) * GROWTH)
    return f"[{''.join(parts)} {padding}]"


def pseudo_catalog(template: Catalog) -> Catalog:
    """A catalogue translating every message of `template` (a ``.pot``) into the pseudo-locale;
    English plural rules (two forms)."""
    out = Catalog(locale="en", domain=template.domain, project="Roost", fuzzy=False)
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, (list, tuple)):
            forms = [pseudo(message.id[0]), pseudo(message.id[1])]
            out.add(message.id, forms, context=message.context)
        else:
            out.add(message.id, pseudo(message.id), context=message.context)
    return out
