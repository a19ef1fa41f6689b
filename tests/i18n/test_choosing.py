"""Which language the terminal speaks: --lang, else the environment gettext reads, else
English; Babel's CLDR data for plurals and numbers."""

from __future__ import annotations

import pytest

from roost.i18n import (
    UnknownLanguageError,
    current_language,
    format_number,
    gettext,
    language_from_environment,
    ngettext,
    normalize,
    parse_language,
    set_language,
)


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "es_ES.UTF-8", "LC_ALL": "C"}, "en"),  # LC_ALL wins over LANG
        ({"LANG": "en_GB.UTF-8", "LC_MESSAGES": "es_AR.UTF-8"}, "es"),
        ({"LANGUAGE": "fr:es:en", "LANG": "en_US.UTF-8"}, "es"),  # the first one Roost speaks
        ({"LANGUAGE": "fr:de", "LANG": "es_ES.UTF-8"}, "es"),  # none: the next variable
        ({"LANG": "fr_FR.UTF-8"}, "en"),
    ],
)
def test_the_environment_picks_the_language(environ: dict[str, str], expected: str) -> None:
    assert language_from_environment(environ) == expected


def test_tags_name_languages_by_their_first_part() -> None:
    assert normalize("es-ES") == normalize("es_MX.UTF-8") == normalize("ES") == "es"
    assert normalize("en-XA") == "en"
    assert normalize("klingon") is None


def test_a_bad_language_is_refused_naming_the_ones_there_are() -> None:
    with pytest.raises(UnknownLanguageError) as caught:
        parse_language("fr")
    assert "'fr'" in str(caught.value)
    assert "en (English)" in str(caught.value) and "es (Español)" in str(caught.value)


def test_spanish_messages_plurals_and_numbers() -> None:
    set_language("es")
    assert current_language() == "es"
    assert gettext("Game over") == "Fin de la partida"
    assert gettext("a message nobody wrote") == "a message nobody wrote"
    one = ngettext("{n} second a move", "{n} seconds a move", 1).format(n=1)
    many = ngettext("{n} second a move", "{n} seconds a move", 30).format(n=30)
    assert (one, many) == ("1 segundo por jugada", "30 segundos por jugada")
    assert format_number(1234.5) == "1.234,5"
    assert format_number(12345.5) == "12.345,5"
    set_language("en")
    assert gettext("Game over") == "Game over"
    assert format_number(1234.5) == "1,234.5"
