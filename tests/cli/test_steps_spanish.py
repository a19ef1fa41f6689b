"""The terminal's chooser in Spanish: the steps of a move (`ActionInfo.steps`) are offered in the
reader's words, the seats' names in them, and the same game in English offers the same steps in
English (the canonical labels)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from typer.testing import CliRunner, Result

from roost.cli.main import app
from roost.i18n import SOURCE_LANGUAGE, set_language

runner = CliRunner()


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    """`--lang es` sets the process's language: the rest of the suite expects English."""
    yield
    set_language(SOURCE_LANGUAGE)


def play(*args: str, answers: str) -> str:
    result: Result = runner.invoke(app, ["play", *args], input=answers)
    assert result.exit_code == 1, result.output[-2000:]  # the answers end before the game
    return " ".join(result.output.split())


def test_big_chicken_steps_in_spanish() -> None:
    """The first step (cluck, or the kind of Lay) and the cards of a pair, in Spanish."""
    out = play("big-chicken", "--seed", "7", "--lang", "es", answers="2\n")
    assert "1 cacarear (pasar)" in out and "2 pareja ..." in out
    assert "Hasta ahora: pareja" in out
    assert "¿Qué cartas?" in out and "1 8 amarillo + 8 azul" in out
    for english in ("cluck (pass)", "pair ...", "yellow 8", "So far"):
        assert english not in out
    english = play("big-chicken", "--seed", "7", answers="2\n")
    assert "1 cluck (pass)" in english and "2 pair ..." in english
    assert "1 yellow 8 + blue 8" in english


def test_manda_huevos_containers_in_spanish_with_the_seats_names() -> None:
    """A card, then a container: each container by its owner's name, the reader's marked."""
    names = ("--players", "3", "--names", "Ana,Bo,Cris", "--seed", "7")
    out = play("manda-huevos", *names, "--lang", "es", answers="1\n")
    assert "1 huevo 1 ... 2 huevo 2 ..." in out
    assert "Hasta ahora: huevo 1" in out
    assert "1 la huevera de Ana (tú) 2 la huevera de Bo 3 la huevera de Cris" in out
    assert "container" not in out and "egg 1" not in out
    english = play("manda-huevos", *names, answers="1\n")
    assert "1 Your container 2 Bo's container 3 Cris's container" in english
