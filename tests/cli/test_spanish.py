"""The terminal in Spanish beyond `roost play`: every command's --help (Typer's words too: the
usage line, the panels, the help option) when the environment asks for Spanish, and each
game's table drawn with the cards' Spanish names."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from roost.cli.render import terminal_renderer
from roost.cli.render.egg_bound import _STARS, LEGEND
from roost.core.cards import CardInfo
from roost.core.game import Game
from roost.core.registry import load_game
from roost.i18n import SOURCE_LANGUAGE, pgettext, set_language

ROOST = [str(Path(sys.executable).with_name("roost"))]
CONTEXTS = {
    "big-chicken": "BIG CHICKEN card",
    "egg-bound": "Egg Bound card",
    "eggo": "Eggo card",
    "manda-huevos": "Manda Huevos card",
}


def _help(args: list[str], lang: str) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(LANG=lang, COLUMNS="100", NO_COLOR="1", TERM="dumb")
    done = subprocess.run(
        [*ROOST, *args, "--help"], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return " ".join(done.stdout.split())


def test_roost_help_in_spanish() -> None:
    out = _help([], "es_ES.UTF-8")
    assert "Uso: roost [OPTIONS] COMMAND [ARGS]..." in out
    assert "Roost: juega, simula y estudia cuatro juegos de cartas de huevos." in out
    assert "─ Opciones ─" in out and "─ Órdenes ─" in out
    assert "Muestra este mensaje y sale." in out
    assert "Lista los juegos con sus números de jugadores." in out
    for english in ("Usage:", "Options", "Commands", "Show this message", "List the games"):
        assert english not in out


def test_roost_lab_help_in_spanish() -> None:
    out = _help(["lab"], "es_ES.UTF-8")
    assert "Uso: roost lab [OPTIONS] {name}" in out
    assert "─ Argumentos ─" in out and "─ Opciones ─" in out
    assert "nombre del juego, p. ej. big-chicken [obligatorio]" in out
    assert "partidas principales" in out and "[por defecto: 1000]" in out
    assert "Muestra este mensaje y sale." in out
    for english in ("Usage:", "Arguments", "[default:", "[required]", "main games per setting"):
        assert english not in out


def test_the_help_stays_english_without_spanish_in_the_environment() -> None:
    out = _help(["lab"], "C")
    assert "Usage: roost lab [OPTIONS] {name}" in out
    assert "game name, e.g. big-chicken [required]" in out
    assert "Show this message and exit." in out


@pytest.fixture
def spanish() -> Iterator[None]:
    set_language("es")
    yield
    set_language(SOURCE_LANGUAGE)


def _dealt(name: str, seed: int = 5) -> tuple[Game, dict[str, object]]:
    """A game of `name` dealt and played by random moves until seat 0 holds cards."""
    game = load_game(name)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(400):
        obs = state.observation(0)
        if not state.is_chance_node() and obs.get("hand"):
            return game, dict(obs)
        chance = state.is_chance_node()
        state.apply_action(state.sample_chance(rng) if chance else state.random_action(rng))
    raise AssertionError(f"{name}: seat 0 never held a card")


def _drawn(game: Game, obs: dict[str, object]) -> str:
    console = Console(record=True, width=160, color_system=None)
    console.print(terminal_renderer(game).render(game, obs))
    return console.export_text()


@pytest.mark.parametrize("name", sorted(CONTEXTS))
def test_a_table_in_spanish_names_the_cards_in_spanish(spanish: None, name: str) -> None:
    game, obs = _dealt(name)
    text = _drawn(game, obs)
    infos: tuple[CardInfo, ...] = game.card_types()
    hand = obs["hand"]
    assert isinstance(hand, list)
    renamed = 0
    for card in hand:
        english = infos[card].name
        spanish_name = pgettext(CONTEXTS[name], english)
        assert spanish_name in text, (english, spanish_name)
        renamed += spanish_name != english
    assert renamed, f"no card of the hand has a Spanish name: {hand}"
    assert "Tu mano:" in text and "Your hand" not in text


def test_the_spanish_card_names_are_the_glossarys(spanish: None) -> None:
    said = {
        ("BIG CHICKEN card", "blue 7"): "7 azul",
        ("BIG CHICKEN card", "Big Red"): "Gran Rojo",
        ("BIG CHICKEN card", "Duck"): "Pato",
        ("Egg Bound card", "Mother Hen"): "Mamá Gallina",
        ("Egg Bound card", "Cluck-Off"): "¡Ni Pío!",
        ("Egg Bound card", "Hatch It"): "Empóllalo",
        ("Eggo card", "red Eleven"): "Once rojo",
        ("Eggo card", "Draw 2"): "Roba 2",
        ("Manda Huevos card", "egg 5"): "huevo 5",
        ("Manda Huevos card", "Swap Eggs"): "Cambiar huevos",
    }
    for (context, english), spanish_name in said.items():
        assert pgettext(context, english) == spanish_name


def test_every_card_of_every_game_has_a_spanish_name_and_text(spanish: None) -> None:
    """The board modules and the renderers name each card by its English name in its game's
    context: a card added to a game without its Spanish would show in English."""
    missing = []
    for name, context in CONTEXTS.items():
        for info in load_game(name).card_types():
            for word in (info.name, info.label):
                if not word.isdigit() and pgettext(context, word) == word and word != "Portal":
                    missing.append((name, word))
    assert [m for m in missing if m[1] not in SAME_IN_SPANISH] == []


SAME_IN_SPANISH = {"Demogorgon", "Will", "Mike", "Lucas", "Dustin", "Hopper", "Joyce", "Nancy"}
SAME_IN_SPANISH |= {"Jonathan", "Barb"}
"""Names that Spain's editions keep (the series' characters, the Demogorgon, the Portal)."""


def test_the_egg_bound_legend_gives_the_stars_the_game_has() -> None:
    """The legend is one message (so it can be translated whole): its stars are written out,
    and must be the game's table's."""
    assert f"): {_STARS}." in LEGEND


def _run(args: list[str], lang: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(LANG=lang, COLUMNS="200", NO_COLOR="1", TERM="dumb")
    return subprocess.run(
        [*ROOST, *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


CLICK_ERRORS = [
    (["nosuch"], "No such command 'nosuch'.", "No existe la orden 'nosuch'."),
    (["rules"], "Missing argument 'name'.", "Falta el argumento 'name'."),
    (
        ["play", "--players", "abc"],
        "Invalid value for '--players': Input should be a valid integer",
        "Valor no válido para '--players': debe ser un número entero",
    ),
    (["play", "eggo", "extra"], "Got unexpected extra argument(s) (extra)", "Sobran argumentos"),
    (["play", "--seets", "x"], "No such option: --seets", "No existe la opción: --seets"),
    (
        ["play", "eggo", "--seats"],
        "Option '--seats' requires an argument.",
        "La opción '--seats' necesita un argumento.",
    ),
    (
        ["lab"],
        "Missing argument 'name'. (see roost lab --help)",
        "Falta el argumento 'name'. (mira roost lab --help)",
    ),
]


@pytest.mark.parametrize(("args", "english", "spanish"), CLICK_ERRORS)
def test_click_errors_speak_the_readers_language(
    args: list[str], english: str, spanish: str
) -> None:
    """The click inside Typer words its errors in English f-strings: each is read back by its
    template, in Spanish from ``LANG`` or ``--lang``, in English otherwise; exit code 2 both."""
    said = {}
    for lang, extra in (("C", []), ("es_ES.UTF-8", []), ("C", ["--lang", "es"])):
        done = _run([args[0], *extra, *args[1:]], lang)  # --lang before a bare --seats
        assert done.returncode == 2, (lang, done.stdout, done.stderr)
        said[(lang, bool(extra))] = " ".join((done.stdout + done.stderr).split())
    assert english in said[("C", False)]
    for key in (("es_ES.UTF-8", False), ("C", True)):
        assert spanish in said[key], said[key]
        assert english not in said[key]
        assert "Traceback" not in said[key]
    if "Usage: roost" in said[("C", False)]:  # the usage line and the hint, in Spanish too
        assert "Uso: roost" in said[("C", True)] and "para ver la ayuda" in said[("C", True)]


ENGINE_REFUSALS = [
    (
        ["play", "eggo", "--players", "9"],
        "error: eggo: parameter 'players' takes an integer from 2 to 6; got 9",
        "error: eggo: el parámetro 'players' admite un entero de 2 a 6; se ha dado 9",
    ),
    (
        ["arena", "eggo", "--param", "characters=zz"],
        "parameter 'characters' takes one of 'choose', 'assigned'; got 'zz'",
        "el parámetro 'characters' admite uno de 'choose', 'assigned'; se ha dado 'zz'",
    ),
    (
        ["play", "eggo", "--param", "foo=1"],
        "eggo: unknown parameter 'foo'; its parameters are:",
        "eggo: parámetro desconocido 'foo'; sus parámetros son:",
    ),
    (
        ["play", "eggo", "--seats", "human,bob"],
        "unknown bot 'bob'; the bots are:",
        "bot desconocido 'bob'; los bots son:",
    ),
    (
        ["rules", "nogame"],
        "unknown game 'nogame'; the games are:",
        "no existe el juego 'nogame'; los juegos son:",
    ),
    (
        ["arena", "eggo", "--players", "3", "--seats", "x"],
        "No such option: --seats",
        "No existe la opción: --seats",
    ),
]


@pytest.mark.parametrize(("args", "english", "spanish"), ENGINE_REFUSALS)
def test_the_commonest_refusals_are_spanish_with_lang_es(
    args: list[str], english: str, spanish: str
) -> None:
    """A bad game, parameter, player count or bot: the engine's English sentence (what tests
    and the API compare) is read back by its template; the exit code stays 2."""
    english_run, spanish_run = _run(args, "C"), _run([*args, "--lang", "es"], "C")
    assert english_run.returncode == spanish_run.returncode == 2
    assert english in " ".join(english_run.stdout.split() + english_run.stderr.split())
    said = " ".join(spanish_run.stdout.split() + spanish_run.stderr.split())
    assert spanish in said and english not in said


def test_an_unknown_lang_is_one_line_naming_the_languages() -> None:
    done = _run(["games", "--lang", "xx"], "C")
    assert done.returncode == 2
    assert "no language 'xx': Roost speaks en (English), es (Español)" in " ".join(
        done.stdout.split()
    )


def test_roost_rules_in_spanish_has_no_english_table() -> None:
    done = _run(["rules", "manda-huevos", "--lang", "es"], "C")
    assert done.returncode == 0, done.stderr
    out = " ".join(done.stdout.split())
    assert "Parámetros de manda-huevos (se pasan con --param clave=valor)" in out
    assert "parámetro" in out and "admite" in out and "significado" in out
    assert "la Partida rápida: acaba en cuanto una huevera tiene seis huevos" in out
    assert "(el reglamento: 3)" in out  # a help filled in from a template, read back
    for english in (
        "Parameters of",
        "accepts",
        "meaning",
        "true or false",
        "an integer",
        "the Quick Game",
    ):
        assert english not in out, english


@pytest.mark.parametrize("name", sorted(CONTEXTS))
def test_every_parameter_of_every_game_is_described_in_spanish(spanish: None, name: str) -> None:
    """The table of ``roost rules``: every help (a literal, or a template filled with the
    game's constants) and every "accepts" has its Spanish; the English is unchanged."""
    from roost.core.registry import game_class
    from roost.i18n import gettext_filled
    from roost.i18n.refusals import in_our_language

    for spec in game_class(name).param_specs():
        help_said, accepts_said = gettext_filled(spec.help), in_our_language(spec.accepts())
        assert help_said != spec.help, (name, spec.name, spec.help)
        assert accepts_said != spec.accepts(), (name, spec.name, spec.accepts())
        assert "{" not in help_said, help_said


def test_a_sentence_is_read_back_by_its_most_specific_template() -> None:
    from roost.i18n.readback import ReadBack

    spanish = {
        "Invalid value for {name}: {reason}": "Valor no válido para {name}: {reason}",
        "{kind} from {low} to {high}": "{kind} de {low} a {high}",
        "an integer": "un entero",
        "Option {option} requires an argument.": "La opción {option} necesita un argumento.",
        "Option {option} requires {n} arguments.": "La opción {option} necesita {n} argumentos.",
    }
    read = ReadBack(spanish)

    def say(text: str) -> str:
        return read.say(text, lambda m: spanish.get(m, m))

    assert say("Invalid value for '--n': an integer from 1 to 5") == (
        "Valor no válido para '--n': un entero de 1 a 5"
    )
    assert say("Option '--x' requires an argument.") == "La opción '--x' necesita un argumento."
    assert say("Option '--x' requires 2 arguments.") == "La opción '--x' necesita 2 argumentos."
    assert say("something else entirely") == "something else entirely"
