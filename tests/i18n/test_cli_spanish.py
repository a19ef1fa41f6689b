"""`roost play` in Spanish: --lang es, or LANG; a bad --lang is one line naming the languages.
The moves and narration of a game whose views give messages (Manda Huevos!, BIG CHICKEN) are
Spanish too; the others' stay English until theirs do."""

from __future__ import annotations

from typer.testing import CliRunner

from roost.cli.main import app

runner = CliRunner()
ONES = "1\n" * 4000


def flat(text: str) -> str:
    return " ".join(text.split())


def test_play_with_lang_es_speaks_spanish() -> None:
    result = runner.invoke(
        app, ["play", "eggo", "--seed", "7", "--lang", "es", "--save", "x.json"], input=ONES
    )
    out = flat(result.output)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Partida de Stranger Things: Eggo Card Game, 4 jugadores, semilla 7." in out
    assert "Escribe ? en cualquier momento para ver la ayuda" in out
    assert "Tu turno" in out and "Fin de la partida" in out and "jugado por" in out
    assert "Repite este reparto con --seed 7." in out
    assert "Since your last move" not in out and "played by" not in out  # the CLI's own words


def test_lang_from_the_environment_and_the_help_prompt() -> None:
    result = runner.invoke(
        app, ["play", "eggo", "--seed", "3"], input="?\nzz\n" + ONES,
        env={"LANG": "es_ES.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""},
    )  # fmt: skip
    out = flat(result.output)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Las reglas ahora" in out
    assert "'zz' no es una opción: escribe un número del 1 al" in out
    assert "b atrás · ? ayuda" in out


def test_lang_overrides_the_environment() -> None:
    result = runner.invoke(
        app, ["play", "eggo", "--seed", "3", "--lang", "en"], input=ONES,
        env={"LANG": "es_ES.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""},
    )  # fmt: skip
    assert result.exit_code == 0
    assert "Playing Stranger Things: Eggo Card Game, 4 players, seed 3." in flat(result.output)


def test_a_bad_lang_is_one_line_listing_the_languages() -> None:
    result = runner.invoke(app, ["play", "eggo", "--lang", "klingon"], input=ONES)
    assert result.exit_code == 2
    out = flat(result.output)
    assert out == "error: no language 'klingon': Roost speaks en (English), es (Español)"


def test_errors_of_the_command_line_in_spanish() -> None:
    result = runner.invoke(app, ["play", "eggo", "--lang", "es", "--pace", "99"])
    assert result.exit_code == 2
    assert flat(result.output) == "error: --pace acepta segundos de 0 a 60; se ha dado 99.0"
    result = runner.invoke(app, ["play", "--lang", "es"])
    said = "error: indica un juego (roost games los lista), o --resume FICHERO"
    assert flat(result.output) == said


def test_the_games_own_words_in_spanish() -> None:
    """A whole game of Manda Huevos! at the terminal in Spanish: the log's moves and narration,
    and the only move offered, are the catalogue's Spanish."""
    result = runner.invoke(
        app,
        ["play", "manda-huevos", "--players", "2", "--seed", "5", "--lang", "es"],
        input="log\n" + ONES,
    )
    out = flat(result.output.replace("│", " "))  # the log's panel borders
    assert result.exit_code == 0, result.output[-2000:]
    assert "Se reparten las cartas." in out
    assert "poner el huevo" in out and "la huevera de" in out and "P0 (tú)" in out
    assert "Fin de la partida:" in out and "huevos dormidos incluidos" in out
    assert "place egg" not in out and "is dealt" not in out and "Game over" not in out
