"""Messages: the engine's English stays canonical, and a catalogue translates the template and
every field that is words, in the reader's language (roost.core.message)."""

from __future__ import annotations

import json
from typing import ClassVar

from roost.core.message import (
    ENGLISH,
    listing,
    message,
    plural_message,
    term,
)


class Spanish:
    """A tiny catalogue: enough to show the template, the terms and the joins are looked up."""

    words: ClassVar[dict[str, str]] = {
        "{seat} draws {card}": "{seat} roba {card}",
        "{head}, {item}": "{head}, {item}",
        "{head} and {item}": "{head} y {item}",
        "{seats} went out": "{seats} se quedaron sin cartas",
    }
    terms: ClassVar[dict[tuple[str, str], str]] = {("card", "Big Red"): "Gran Rojo"}

    def gettext(self, text: str, /) -> str:
        return self.words.get(text, text)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return "{seat} roba {count} carta" if n == 1 else "{seat} roba {count} cartas"

    def pgettext(self, context: str, text: str, /) -> str:
        return self.terms.get((context, text), text)


def test_english_is_the_sentence_as_the_engine_wrote_it() -> None:
    said = message("{seat} draws {card}", seat="P1", card=term("card", "Big Red"))
    assert said.english() == "P1 draws Big Red"
    assert said.render(ENGLISH) == said.english()


def test_a_catalogue_translates_the_template_and_each_field() -> None:
    said = message("{seat} draws {card}", seat="P1", card=term("card", "Big Red"))
    assert said.render(Spanish()) == "P1 roba Gran Rojo"
    seats = message("{seats} went out", seats=listing(["P0", "P2", "P3"]))
    assert seats.english() == "P0, P2 and P3 went out"
    assert seats.render(Spanish()) == "P0, P2 y P3 se quedaron sin cartas"
    assert listing(["P1"]).render(ENGLISH) == "P1"
    assert listing([]).render(ENGLISH) == ""


def test_plural_forms_follow_the_count() -> None:
    one = plural_message("{seat} draws {count} card", "{seat} draws {count} cards", 1, seat="P2")
    three = plural_message("{seat} draws {count} card", "{seat} draws {count} cards", 3, seat="P2")
    assert (one.english(), three.english()) == ("P2 draws 1 card", "P2 draws 3 cards")
    assert three.render(Spanish()) == "P2 roba 3 cartas"


def test_the_web_client_gets_plain_json_it_can_translate_itself() -> None:
    said = message(
        "{seat} draws {card}",
        seat="P1",
        card=message("{what} and {more}", what=term("card", "Duck"), more=listing(["a", 2])),
    )
    data = said.to_json()
    assert json.loads(json.dumps(data)) == data
    assert data == {
        "t": "{seat} draws {card}",
        "f": {
            "seat": "P1",
            "card": {
                "t": "{what} and {more}",
                "f": {"what": {"c": "card", "s": "Duck"}, "more": {"l": ["a", 2]}},
            },
        },
    }
    counted = plural_message("{count} egg", "{count} eggs", 4).to_json()
    assert counted == {"t": "{count} egg", "f": {"count": 4}, "p": "{count} eggs", "n": 4}


def test_messages_compare_by_what_they_say() -> None:
    assert message("{a}", a=term("x", "y")) == message("{a}", a=term("x", "y"))
    assert message("{a}", a=term("x", "y")) != message("{a}", a=term("x", "z"))
    assert listing(["P1", "P2"]) != listing(["P1"])
