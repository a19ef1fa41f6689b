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
