"""The board modules' and the review panel's messages reach the catalogue: Babel's JavaScript
extractor silently drops a message in three places (docs/contributors/i18n.md, "The boards, the
review and the CLI"), so each is looked for in the sources, and every message written in them
must be in the extracted .pot. No browser needed."""

from __future__ import annotations

import json
import re
from pathlib import Path

from babel.messages.pofile import read_po

from roost.i18n import DOMAIN, LOCALE_DIR

STATIC = Path(__file__).resolve().parents[2] / "src" / "roost" / "web" / "static"
SOURCES = [*sorted((STATIC / "games").glob("*.js")), STATIC / "js" / "review.js"]
STRING = r'"((?:[^"\\]|\\.)*)"'
CALL = re.compile(rf"\b(_|ngettext|pgettext)\(\s*(?:{STRING}\s*,\s*)?{STRING}", re.S)
CONTEXTS = {
    "BIG CHICKEN card",
    "Egg Bound card",
    "Eggo card",
    "Manda Huevos card",
    "a heading",
    "colour letter",
}


def _lines(pattern: re.Pattern[str]) -> list[str]:
    return [
        f"{path.name}:{number}"
        for path in SOURCES
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line) and not line.lstrip().startswith(("//", "*", "/*"))
    ]


def test_no_message_is_wrapped_inside_a_template_literal() -> None:
    assert _lines(re.compile(r"\$\{[^}]*\b(?:_|ngettext|pgettext)\(")) == []


def test_every_context_is_written_out() -> None:
    """`pgettext(C, ...)` with a constant is extracted without its context."""
    assert _lines(re.compile(r"\bpgettext\(\s*[^\s\"]")) == []
    found = {
        match.group(2)
        for path in SOURCES
        for match in CALL.finditer(path.read_text(encoding="utf-8"))
        if match.group(1) == "pgettext"
    }
    assert found <= CONTEXTS, found - CONTEXTS


def test_every_message_written_is_in_the_catalogue() -> None:
    """A message inside another's arguments is not extracted: it would show in English."""
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as handle:
        template = read_po(handle)
    known = {
        (message.context, message.id if isinstance(message.id, str) else message.id[0])
        for message in template
    }
    missing = []
    for path in SOURCES:
        for match in CALL.finditer(path.read_text(encoding="utf-8")):
            kind, first, second = match.groups()
            context = first if kind == "pgettext" and first is not None else None
            text = second if kind == "pgettext" or first is None else first
            key = (context, json.loads(f'"{text}"'))
            if key not in known:
                missing.append((path.name, *key))
    assert missing == []
