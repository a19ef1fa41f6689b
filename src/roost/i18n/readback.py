"""English sentences Roost did not write itself, said in the reader's language by their template.

Some sentences reach the terminal already finished, in English: click's usage errors (the
click inside Typer formats them with f-strings and no gettext: "Missing argument 'name'.") and
the engine's refusals of a bad game name, parameter or bot (a `RoostError`'s text, which tests
and the API compare as it is). Their wording is fixed, so each is read back by its template: the
template (a catalogue msgid, ``"Invalid value for {hint}: {message}"``) becomes a pattern, a
sentence that matches it is the translated template with the matched fields put in, and each
field is itself read back (the ``{message}`` of an invalid value is a sentence of its own). A
sentence that matches no template is said as it is: English is better than nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from roost.core.message import Listing, Message, Term, plain

_FIELD = re.compile(r"\{(\w+)(![rs])?\}")


@lru_cache(maxsize=512)
def pattern(template: str) -> re.Pattern[str]:
    """The regular expression a sentence said with `template` matches: the template's text
    literally, each ``{field}`` (``{field!r}`` too) a non-empty stretch of text."""
    parts: list[str] = []
    seen: set[str] = set()
    position = 0
    for found in _FIELD.finditer(template):
        parts.append(re.escape(template[position : found.start()]))
        name = found.group(1)
        parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
        seen.add(name)
        position = found.end()
    parts.append(re.escape(template[position:]))
    return re.compile("".join(parts), re.DOTALL)


def opening(template: str) -> str:
    """The fixed text of `template` before its first field."""
    found = _FIELD.search(template)
    return template if found is None else template[: found.start()]


def _specificity(template: str) -> int:
    """How much of `template` is fixed text: the most specific template is tried first, so
    "Option {o} requires an argument." wins over a looser one that also fits."""
    return len(_FIELD.sub("", template))


def _fill(template: str, fields: dict[str, str]) -> str:
    """`template` with each ``{field}`` (``{field!r}``) replaced by its text as read."""
    return _FIELD.sub(lambda put: fields.get(put.group(1), put.group(0)), template)


class ReadBack:
    """Templates to read sentences back by, most specific first."""

    def __init__(self, templates: Iterable[str]) -> None:
        self.templates: Sequence[str] = sorted(set(templates), key=_specificity, reverse=True)

    def say(self, text: str, gettext: Callable[[str], str], depth: int = 0) -> str:
        """`text` in the language `gettext` translates to, or as it is when no template fits."""
        if depth > 4:
            return text
        for template in self.templates:
            found = pattern(template).fullmatch(text)
            if found is None:
                continue
            fields = {
                name: self.say(value, gettext, depth + 1)
                for name, value in found.groupdict().items()
            }
            return _fill(gettext(template), fields)
        return text

    def message(self, text: str) -> Message:
        """`text` as the engine message it reads back as (its template, each field read back
        too), whose English is `text` byte for byte, for a client that says it in its reader's
        language (the server's refusals); `plain(text)` where no template fits."""
        said = self._message(text, 0)
        return said if said is not None and said.english() == text else plain(text)

    def _message(self, text: str, depth: int) -> Message | None:
        if depth > 4:
            return None
        for template in self.templates:
            if "!" in template:  # a conversion (!r) is not a message's field: said as read
                continue
            found = pattern(template).fullmatch(text)
            if found is None:
                continue
            fields: dict[str, int | str | Term | Message | Listing] = {}
            for name, value in found.groupdict().items():
                inner = self._message(value, depth + 1)
                fields[name] = value if inner is None else inner
            return Message(template, fields)
        return None
