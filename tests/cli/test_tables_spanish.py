"""`roost ratings`' table and `roost lab --compensate`'s table in Spanish: their headings and
sentences through the catalogue, the numbers with a decimal comma; in English byte for byte what
they always said (the JSON of the compensation search stays English whatever the language)."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from rich.console import Console

from roost.cli.compare import print_compensation
from roost.core.registry import load_game
from roost.i18n import SOURCE_LANGUAGE, set_language
from roost.lab.compensate import NONE, Measured, Rung, Search
from roost.lab.hooks import Compensation
from roost.lab.stats import proportion
from roost.sim.ratings import GameRatings, run_round_robin
from roost.sim.report import print_ratings


@pytest.fixture
def spanish() -> Iterator[None]:
    set_language("es")
    yield
    set_language(SOURCE_LANGUAGE)


@pytest.fixture(scope="module")
def rated() -> list[GameRatings]:
    kinds = ["random", "easy"]
    return [
        run_round_robin(load_game(name, players=2), kinds, 6, 3) for name in ("eggo", "egg-bound")
    ]


def printed(show: object, *args: object) -> str:
    console = Console(record=True, width=200, color_system=None, file=io.StringIO())
    show(console, *args)  # type: ignore[operator]
    return " ".join(console.export_text().split())


def search() -> Search:
    def measured(lineup: str, wins: int, n: int) -> Measured:
        return Measured(lineup, proportion(wins, n), 0.5, wins)

    short = Compensation("first_short=1", "the first player is dealt one card fewer", ())
    rungs = (
        Rung(NONE, (measured("h", 1100, 2000), measured("s", 560, 1000))),
        Rung(short, (measured("h", 990, 2000), measured("s", 505, 1000))),
    )
    return Search("egg-bound", "Egg Bound", 2, rungs, 0.10, (("h", 2000), ("s", 1000)), 1)


ENGLISH_RATINGS = (
    "eggo, 2 players, 6 games, seed 3: ratings",
    "openskill Plackett-Luce; ordinal = mu - 3 sigma; win % over the round robin",
    "bot ┃ mu ┃ sigma ┃ ordinal ┃ win % ┃ 95% CI ┃ fair %",
    "easy ahead of random:",
    "games that did not tie them",
    "Ordinals (mu - 3 sigma) by game",
)


def test_ratings_in_english(rated: list[GameRatings]) -> None:
    out = printed(print_ratings, rated, 3)
    for text in ENGLISH_RATINGS:
        assert text in out, text
    assert "clearly above" in out


@pytest.mark.usefixtures("spanish")
def test_ratings_in_spanish(rated: list[GameRatings]) -> None:
    out = printed(print_ratings, rated, 3)
    assert "eggo, 2 jugadores, 6 partidas, semilla 3: puntuaciones" in out
    assert "% de victorias" in out and "IC del 95 %" in out and "% justo" in out
    assert "easy por delante de random:" in out and "partidas que no los empataron" in out
    assert "Ordinales (mu - 3 sigma) por juego" in out
    assert "," in out.split("puntuaciones", 1)[1].split("easy")[1][:20]  # a decimal comma
    for text in ENGLISH_RATINGS[:2] + ENGLISH_RATINGS[3:]:
        assert text not in out, text
    assert "clearly" not in out


ENGLISH_COMPENSATION = (
    "Egg Bound, 2 players: first-player compensation",
    "candidate ┃ line-up ┃ first player wins (95%) ┃ fair ┃ edge ┃ p (Holm) ┃ shift from none",
    "first_short=1 (pick)",
    "+5.0 pts",
    "the first player still ahead",
    "Games per candidate: h 2000, s 1000 (seed 1,",
    "first_short=1: the first player is dealt one card fewer",
    "Pick: the first player is dealt one card fewer (the defaults), the mildest candidate",
    "without it h 55.0% (52.8-57.2) against a fair 50.0%",
)


def test_compensation_in_english() -> None:
    found = search()
    out = printed(print_compensation, found)
    for text in ENGLISH_COMPENSATION:
        assert text in out, text
    assert "yes" in out


@pytest.mark.usefixtures("spanish")
def test_compensation_in_spanish_and_its_json_in_english() -> None:
    found = search()
    out = printed(print_compensation, found)
    assert "Egg Bound, 2 jugadores: compensación del primer jugador" in out
    assert "candidata" in out and "alineación" in out and "sí" in out
    assert "first_short=1 (elegida)" in out
    assert "+5,0 ptos." in out
    assert "el primer jugador sigue por delante" in out
    assert "Partidas por candidata: h 2000, s 1000 (semilla 1," in out
    assert "first_short=1: al primer jugador se le reparte una carta menos" in out
    assert (
        "Elegida: al primer jugador se le reparte una carta menos (los valores por defecto)" in out
    )
    for text in ENGLISH_COMPENSATION[:2] + ENGLISH_COMPENSATION[3:]:
        assert text not in out, text
    data = found.to_json()
    assert data["conclusion"] == found.conclusion() and data["conclusion"].startswith("Pick: ")
    assert data["method"].startswith("Games per candidate:")
    assert data["candidates"][0]["by_lineup"][0]["status"] == "the first player still ahead"
