"""Roost's words in the reader's language: gettext catalogues managed with Babel.

The catalogue (``locale/roost.pot``, one ``locale/<lang>/LC_MESSAGES/roost.po`` a language and
its compiled ``roost.mo``) holds what the terminal and the web client say in their own words;
the engine's canonical texts (moves, narration, errors) stay English and are what tests and the
API compare. The web client reads the same catalogue compiled to JSON (``roost.i18n.webjson``).

The terminal's language is process-wide (one person at one keyboard): `set_language` picks it,
`gettext`/`ngettext`/`pgettext` read it. English is the source language and needs no catalogue.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from roost.core.message import Message

LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"
DOMAIN: Final = "roost"
SOURCE_LANGUAGE: Final = "en"
LANGUAGES: Final[Mapping[str, str]] = {"en": "English", "es": "Español"}
"""The languages a person can choose, each by its own name."""

EXTRACT_KEYWORDS: Final = (
    "message",
    "plural_message:1,2",
    "term:1c,2",
    "Param:4",
    "Extra:2",
    "Measure:2",
    "Compensation:2",
    "sentence",
)
"""The engine's message builders (`roost.core.message`), which `pybabel extract` reads besides
gettext's own keywords (``make catalogues`` and the catalogue test pass them), and the English
words people read that are declared in data: a game parameter's help (`roost.core.params.Param`,
its fourth argument: ``roost rules`` shows it), a lab measure's label (`roost.lab.hooks.Extra`,
`roost.lab.compare.Measure`, their second), and the lab's findings on the rulebook's claims
(`roost.lab.sentence.sentence`: a template with measured figures in it)."""

_active: _gettext.NullTranslations = _gettext.NullTranslations()
_language: str = SOURCE_LANGUAGE


class UnknownLanguageError(ValueError):
    """A language was asked for by name (``--lang``) that Roost does not speak."""


def normalize(tag: str) -> str | None:
    """The supported language a tag names (``es``, ``es_ES.UTF-8``, ``es-AR``), or None.

    Only the primary language counts: Roost has one Spanish, written in Spain's usage, and it
    serves every Spanish reader better than English would."""
    base = tag.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def parse_language(tag: str) -> str:
    """The language ``--lang`` names, or `UnknownLanguageError` listing the ones there are."""
    found = normalize(tag)
    if found is None:
        known = ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
        raise UnknownLanguageError(f"no language {tag!r}: Roost speaks {known}")
    return found


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, the way gettext reads it: the first of
    ``LANGUAGE`` (a colon-separated list of preferences), ``LC_ALL``, ``LC_MESSAGES`` and
    ``LANG`` that is set; the first supported entry of it, else English (``C``/``POSIX`` too)."""
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if not value:
            continue
        for entry in value.split(":"):
            found = normalize(entry)
            if found is not None:
                return found
        if variable != "LANGUAGE":
            return SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def translations(language: str) -> _gettext.NullTranslations:
    """The compiled catalogue of `language` (English: the messages as written)."""
    if language == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    if language not in LANGUAGES:
        raise UnknownLanguageError(f"no language {language!r}")
    with open(LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as handle:
        return _gettext.GNUTranslations(handle)


def set_language(language: str) -> None:
    """Make `language` the one `gettext` and `ngettext` answer in."""
    global _active, _language
    _active = translations(language)
    _language = language


def current_language() -> str:
    return _language


def gettext(message: str) -> str:
    """`message` in the current language (as written where it has no translation)."""
    return _active.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for `n`, by the current language's plural rule (CLDR's)."""
    return _active.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` as a word of `context` (a card's name: ``pgettext("Eggo card", "Portal")``), the
    context keeping apart words that read the same in English and differ in another language."""
    return _active.pgettext(context, message)


def say(said: Message) -> str:
    """An engine message (`roost.core.message`: a move, a narration, a refusal) in the current
    language: its template and every word of the game in it translated."""
    return said.render(_active)


def gettext_filled(text: str) -> str:
    """`text`, an English sentence that may be a catalogue template already filled in (a game
    parameter's help: ``"... (the rulebook: {hand}) ...".format(hand=4)``), in the current
    language: its own translation, else the translation of the template it was filled from
    (read back by `roost.i18n.readback`, among the templates that open with its first words),
    else as it is."""
    said = _active.gettext(text)
    if said != text or _language == SOURCE_LANGUAGE:
        return said
    from roost.i18n.readback import ReadBack, opening

    catalogue: Mapping[object, str] = getattr(_active, "_catalog", {})
    fitting = [
        key
        for key in catalogue
        if isinstance(key, str)
        and "{" in key
        and len(head := opening(key)) >= 12
        and text.startswith(head)
    ]
    return ReadBack(fitting).say(text, _active.gettext) if fitting else text


CARD_CONTEXTS: Final[Mapping[str, str]] = {
    "big-chicken": "BIG CHICKEN card",
    "egg-bound": "Egg Bound card",
    "eggo": "Eggo card",
    "manda-huevos": "Manda Huevos card",
}
"""Each game's context of its cards' names in the catalogue (``pgettext(context, name)``)."""


def card_name(game: str, name: str) -> str:
    """A card's English name (`CardInfo.name`) as the current language names it in `game`."""
    context = CARD_CONTEXTS.get(game)
    return name if context is None else _active.pgettext(context, name)


def N_(message: str) -> str:  # noqa: N802 (gettext's name for it)
    """Mark `message` for the catalogue where it is defined (a table of module constants),
    to be translated with `gettext` where it is shown."""
    return message


def format_number(value: float) -> str:
    """A number the way the current language writes it (``1,234.5`` / ``1234,5``)."""
    from babel.numbers import format_decimal

    return format_decimal(value, locale=_language)


def format_fixed(value: float, digits: int = 0, sign: bool = False) -> str:
    """`value` with `digits` decimals (``+`` before a positive one with `sign`), rounded as
    Python's ``f"{value:.1f}"`` rounds it and written with the current language's decimal
    sign (Babel's CLDR data: ``45.3`` / ``45,3``), so an English text is byte for byte what it
    was before it spoke other languages."""
    text = f"{value:{'+' if sign else ''}.{digits}f}"
    if _language == SOURCE_LANGUAGE or "." not in text:
        return text
    from babel.numbers import get_decimal_symbol

    return text.replace(".", get_decimal_symbol(_language))


def html_language() -> str:
    """The current language as an HTML ``lang`` attribute's value (a BCP 47 tag)."""
    return _language
