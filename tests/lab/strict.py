"""Roost's Spanish catalogue, failing on any msgid it does not hold: a sentence of a report that
the catalogue lacks would otherwise show in English, which a test cannot tell from a
translation that happens to read the same."""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager

import roost.i18n
from roost.i18n import LOCALE_DIR, SOURCE_LANGUAGE, set_language


class MissingMessage(AssertionError):
    """A sentence of a report that the catalogue does not have: it would show in English."""


class StrictSpanish(gettext.GNUTranslations):
    """A msgid it lacks raises `MissingMessage`, but for a template filled in where it is
    declared (a claim's ``how``, filled with a constant), which `roost.i18n.gettext_filled`
    looks up first as it is and then reads back by its template: that one passes if it is read
    back to Spanish."""

    _reading = False

    def _check(self, key: str) -> None:
        if key not in self._catalog:  # type: ignore[attr-defined]
            raise MissingMessage(key)

    def gettext(self, message: str) -> str:
        if message in self._catalog or self._reading:  # type: ignore[attr-defined]
            return super().gettext(message)
        self._reading = True
        try:
            read_back = roost.i18n.gettext_filled(message)
        finally:
            self._reading = False
        if read_back == message:
            raise MissingMessage(message)
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        if (singular, 0) not in self._catalog:  # type: ignore[attr-defined]
            raise MissingMessage(singular)
        return super().ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        self._check(f"{context}\x04{message}")
        return super().pgettext(context, message)


@contextmanager
def strict_spanish() -> Iterator[None]:
    """Spanish for the whole process (`roost.i18n.set_language`), through `StrictSpanish`."""
    set_language("es")
    saved = roost.i18n._active
    with open(LOCALE_DIR / "es" / "LC_MESSAGES" / "roost.mo", "rb") as handle:
        roost.i18n._active = StrictSpanish(handle)
    try:
        yield
    finally:
        roost.i18n._active = saved
        set_language(SOURCE_LANGUAGE)
