"""Sentences for people, kept as an English template and its fields until someone reads them.

The engine says what happened in English ("{seat} draws {card}"), and that English is canonical:
tests, the API, saved logs and OpenSpiel's strings compare it. A reader in another language needs
more than the finished sentence: the template, so a catalogue can translate it as one gettext
msgid (word order differs between languages), and each field that is itself words (a card's name,
a nested clause, a list of seats) so it is translated before it is put in. A `Message` keeps both
until it is read:

- `Message.english()` is the canonical text, byte for byte what the engine said before messages;
- `Message.render(translator)` is the text in a gettext catalogue's language (the terminal);
- `Message.to_json()` is the plain data the web client translates with its own catalogue, so a
  server sends one frame to every reader of a table whatever their language.

Fields are ints (numbers, formatted by the reader's locale where shown), plain strings (said as
they are: seat labels like ``P1``, people's names, the canonical text of a card combination),
`Term` (a word of the game's vocabulary, translated with its context, e.g. a card's name),
nested `Message` and `Listing` (several fields joined: "P1, P2 and P3").

Templates use ``{name}`` fields (Python's `str.format` syntax, no conversions or format specs:
the JavaScript renderer substitutes the same names). The catalogue's extractor finds them by the
keywords ``message`` (msgid), ``plural_message`` (singular and plural) and ``term`` (context and
msgid); babel.cfg lists them.
"""

from __future__ import annotations

from typing import Protocol


class Translator(Protocol):
    """What a message needs of a catalogue: gettext's three lookups (`gettext.NullTranslations`
    and `gettext.GNUTranslations` have them)."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> str: ...


class Term:
    """A word of a game's vocabulary (a card's name, a phase), translated with its context so
    the same English word may read differently in two places ("Duck" the card)."""

    __slots__ = ("context", "text")

    def __init__(self, context: str, text: str) -> None:
        self.context = context
        self.text = text

    def render(self, translator: Translator) -> str:
        return translator.pgettext(self.context, self.text)

    def to_json(self) -> dict[str, object]:
        return {"c": self.context, "s": self.text}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Term) and (other.context, other.text) == (self.context, self.text)

    def __hash__(self) -> int:
        return hash((self.context, self.text))

    def __repr__(self) -> str:
        return f"term({self.context!r}, {self.text!r})"


class Message:
    """An English template and its fields; with a plural form, the template chosen by `count`
    (gettext's ngettext, so each language's own plural rule picks the form)."""

    __slots__ = ("count", "fields", "plural", "template")

    def __init__(
        self,
        template: str,
        fields: dict[str, int | str | Term | Message | Listing],
        plural: str | None = None,
        count: int = 0,
    ) -> None:
        self.template = template
        self.fields = fields
        self.plural = plural
        self.count = count

    def english(self) -> str:
        """The canonical English text."""
        return self.render(ENGLISH)

    def render(self, translator: Translator) -> str:
        """The text in `translator`'s language, every field translated before it is put in."""
        if self.plural is None:
            template = translator.gettext(self.template)
        else:
            template = translator.ngettext(self.template, self.plural, self.count)
        values = {name: render_field(value, translator) for name, value in self.fields.items()}
        return template.format_map(values)

    def to_json(self) -> dict[str, object]:
        """Plain data for the web client: ``t`` the template, ``f`` the fields (``p`` and ``n``
        the plural form and its count when there is one)."""
        data: dict[str, object] = {
            "t": self.template,
            "f": {name: field_json(value) for name, value in self.fields.items()},
        }
        if self.plural is not None:
            data["p"] = self.plural
            data["n"] = self.count
        return data

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Message)
            and other.template == self.template
            and other.plural == self.plural
            and other.count == self.count
            and other.fields == self.fields
        )

    def __hash__(self) -> int:
        return hash((self.template, self.plural, self.count))

    def __repr__(self) -> str:
        return f"message({self.english()!r})"


class Listing:
    """Fields said one after another: "P1", "P1 and P2", "P1, P2 and P3" in English. The joins
    are two messages of their own, so each language joins its way ("P1, P2 y P3")."""

    __slots__ = ("items",)

    def __init__(self, items: list[int | str | Term | Message | Listing]) -> None:
        self.items = items

    def render(self, translator: Translator) -> str:
        texts = [render_field(item, translator) for item in self.items]
        if not texts:
            return ""
        said = texts[0]
        for index in range(1, len(texts)):
            join = LAST_JOIN if index == len(texts) - 1 else NEXT_JOIN
            said = translator.gettext(join).format_map({"head": said, "item": texts[index]})
        return said

    def to_json(self) -> dict[str, object]:
        return {"l": [field_json(item) for item in self.items]}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Listing) and other.items == self.items

    def __hash__(self) -> int:
        return hash(len(self.items))

    def __repr__(self) -> str:
        return f"listing({self.render(ENGLISH)!r})"


def N_(text: str) -> str:  # noqa: N802 (gettext's name: marked for the catalogue only)
    return text


NEXT_JOIN = N_("{head}, {item}")
"""How a list goes on (msgid; the JavaScript renderer uses the same two)."""
LAST_JOIN = N_("{head} and {item}")
"""How a list ends."""


def message(template: str, **fields: int | str | Term | Message | Listing) -> Message:
    """A sentence: `template` with `fields` (the catalogue's extractor keyword)."""
    return Message(template, fields)


def plural_message(
    singular: str, plural: str, count: int, **fields: int | str | Term | Message | Listing
) -> Message:
    """A sentence whose form follows `count` (which is also a field named ``count`` unless
    `fields` names it otherwise)."""
    values: dict[str, int | str | Term | Message | Listing] = {"count": count}
    values.update(fields)
    return Message(singular, values, plural, count)


PLAIN = "{text}"
"""The template of `plain`: no words of its own, so it is never in a catalogue."""


def plain(text: str) -> Message:
    """English text as it is, untranslated: what a game without messages (its views give only
    the English functions) says, so every reader still gets a message, in English."""
    return Message(PLAIN, {"text": text})


def term(context: str, text: str) -> Term:
    """A word of the game's vocabulary (the catalogue's extractor keyword, context first)."""
    return Term(context, text)


def listing(items: list[int | str | Term | Message | Listing]) -> Listing:
    return Listing(items)


def joined(items: list[Message]) -> Message:
    """Items said one after another with commas only ("P0 3, P1 5"), where English lists
    scores rather than naming people (`listing` ends with "and"). `items` is not empty."""
    said = items[0]
    for item in items[1:]:
        said = Message(NEXT_JOIN, {"head": said, "item": item})
    return said


def render_field(value: int | str | Term | Message | Listing, translator: Translator) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    return value.render(translator)


def field_json(value: int | str | Term | Message | Listing) -> object:
    if isinstance(value, (str, int)):
        return value
    return value.to_json()


class _English:
    """The source language: every lookup answers the English it was given."""

    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str, /) -> str:
        return message


ENGLISH: Translator = _English()
