"""The Spanish rules pages (``RULES.es.md``) say everything the English ones (``RULES.md``, the
rules as implemented) say: a cheap structural check that nothing was dropped, since a test
cannot read the prose. For every game: the same level-2 and level-3 headings in number (the
rules dialog splits the page at level 2), the same table rows (every choice and parameter is a
row), every code span of the English page (parameter names, values, ``--param`` examples,
ids, formulas: they are code and are not translated) and every parameter of the game, and
every number the English prose states, written the Spanish way or not. Then how a reader gets
a page: the API by ``?lang=``, ``roost rules --lang``, and the docs site."""

from __future__ import annotations

import re
from pathlib import Path
from typing import cast

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from roost.cli.main import app as cli
from roost.core.game import Game
from roost.core.registry import registered_games
from roost.i18n.rules import rules_page, rules_path
from roost.server.app import create_app
from roost.server.config import Settings

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(registered_games().items())
CODE_SPAN = re.compile(r"`([^`]+)`")
FENCE = re.compile(r"^ {4}|^```")


def pages(cls: type[Game]) -> tuple[str, str]:
    spanish = rules_path(cls, "es")
    assert spanish.is_file(), f"{spanish} is missing"
    return cls.rules_file.read_text(encoding="utf-8"), spanish.read_text(encoding="utf-8")


def prose(text: str) -> str:
    """The page with each paragraph on one line (a code span may be wrapped in the source)."""
    return re.sub(r"(?<!\n)\n(?!\n)", " ", text)


def headings(text: str, level: int) -> list[str]:
    mark = "#" * level + " "
    return [line for line in text.splitlines() if line.startswith(mark)]


def table_rows(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.lstrip().startswith("|"))


def code_spans(text: str) -> set[str]:
    """Every code span, its spaces collapsed (a span may be wrapped, indented, in the source)."""
    return {" ".join(span.split()) for span in CODE_SPAN.findall(prose(text))}


def numbers(text: str, *, spanish: bool) -> set[str]:
    """The digit runs of the prose, thousands written either way joined (English ``22,000``,
    Spanish ``22 000``); a decimal's two runs are the same with a point or a comma."""
    text = CODE_SPAN.sub(" ", prose(text))
    separator = r"[ \u00a0\u202f]" if spanish else ","
    text = re.sub(rf"(?<=\d){separator}(?=\d{{3}}(?!\d))", "", text)
    return set(re.findall(r"\d+", text))


@pytest.mark.parametrize(("name", "cls"), GAMES, ids=[name for name, _ in GAMES])
def test_the_spanish_page_has_the_english_pages_structure(name: str, cls: type[Game]) -> None:
    english, spanish = pages(cls)
    for level in (1, 2, 3):
        assert len(headings(spanish, level)) == len(headings(english, level)), (name, level)
    assert table_rows(spanish) == table_rows(english), name


@pytest.mark.parametrize(("name", "cls"), GAMES, ids=[name for name, _ in GAMES])
def test_nothing_of_the_english_page_is_dropped(name: str, cls: type[Game]) -> None:
    english, spanish = pages(cls)
    assert code_spans(english) - code_spans(spanish) == set()
    assert {f"`{spec.name}`" for spec in cls.param_specs()} <= {
        f"`{span}`" for span in code_spans(spanish)
    }
    assert numbers(english, spanish=False) - numbers(spanish, spanish=True) == set()
    links = re.compile(r"\]\(([^)\s]+)\)")
    assert set(links.findall(english)) <= set(links.findall(spanish))


def test_the_checks_catch_a_dropped_row_and_a_dropped_number() -> None:
    english, spanish = pages(registered_games()["manda-huevos"])
    row = next(line for line in spanish.splitlines() if line.startswith("| `quick`"))
    assert table_rows(spanish.replace(row + "\n", "")) != table_rows(english)
    assert "1713" in numbers(english, spanish=False)
    assert "1713" not in numbers(spanish.replace("1713", "mil"), spanish=True)
    assert numbers("22,000 and 0.05 s", spanish=False) == numbers("22 000 y 0,05 s", spanish=True)


def test_a_game_without_a_page_in_the_language_gets_the_english_page(tmp_path: Path) -> None:
    cls = registered_games()["eggo"]
    page = rules_page(cls, "es")
    assert page.language == "es" and page.text.startswith("# Stranger Things")
    assert rules_page(cls, "en").text == cls.rules_file.read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="no language"):
        rules_path(cls, "fr")

    class Untranslated:  # a game added later, whose page is not translated yet
        rules_file = tmp_path / "RULES.md"

    Untranslated.rules_file.write_text("# New game\n", encoding="utf-8")
    fallback = rules_page(cast(type[Game], Untranslated), "es")
    assert (fallback.text, fallback.language) == ("# New game\n", "en")


def test_the_api_serves_the_rules_in_the_language_asked_for(tmp_path: Path) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'roost.db'}", bot_workers=0)
    with TestClient(create_app(settings)) as client:
        english = client.get("/api/games/manda-huevos").json()
        assert english["rules_language"] == "en" and english["rules"].startswith("# Manda")
        spanish = client.get("/api/games/manda-huevos", params={"lang": "es"}).json()
        assert spanish["rules_language"] == "es"
        assert spanish["rules"].startswith("# ¡Manda Huevos!")
        assert spanish["cards"] == english["cards"]
        # `lang` is not a game parameter: with one, the catalogue is still that game's
        own = client.get("/api/games/eggo", params={"lang": "es", "own_cards": "draw:3"})
        assert own.status_code == 200 and own.json()["rules_language"] == "es"
        assert len(own.json()["cards"]) > len(client.get("/api/games/eggo").json()["cards"])
        refused = client.get("/api/games/eggo", params={"lang": "xx"})
        assert refused.status_code == 400
        assert refused.json()["error"]["code"] == "bad_language"
        assert "'xx'" in refused.json()["error"]["message"]


def test_roost_rules_prints_the_page_in_the_language_asked_for() -> None:
    runner = CliRunner()
    spanish = runner.invoke(cli, ["rules", "manda-huevos", "--lang", "es"], env={"COLUMNS": "120"})
    assert spanish.exit_code == 0, spanish.output
    assert "Manda Huevos! — reglas tal como están implementadas" in spanish.output
    locale = {"LANG": "es_ES.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    locale["COLUMNS"] = "120"
    by_locale = runner.invoke(cli, ["rules", "eggo"], env=locale)
    assert by_locale.exit_code == 0 and "Tus propias cartas" in by_locale.output
    english = runner.invoke(cli, ["rules", "eggo", "--lang", "en"], env={"COLUMNS": "120"})
    assert english.exit_code == 0 and "Your own cards" in english.output
    unknown = runner.invoke(cli, ["rules", "eggo", "--lang", "xx"], env={"COLUMNS": "120"})
    assert unknown.exit_code == 2
    assert "no language 'xx'" in unknown.output and "Traceback" not in unknown.output


def test_rules_at_the_prompt_of_roost_play_are_in_the_games_language() -> None:
    args = ["play", "eggo", "--seed", "7", "--save", "x.json"]
    spanish = CliRunner().invoke(cli, [*args, "--lang", "es"], input="rules\nq\nq\n")
    assert spanish.exit_code == 0, spanish.output[-2000:]
    assert "Eggo Card Game, tal como lo juega Roost" in spanish.output
    english = CliRunner().invoke(cli, [*args, "--lang", "en"], input="rules\nq\nq\n")
    assert "Eggo Card Game, as Roost plays it" in english.output
    assert "tal como lo juega" not in english.output


@pytest.mark.parametrize(("name", "cls"), GAMES, ids=[name for name, _ in GAMES])
def test_the_docs_site_has_each_spanish_page(name: str, cls: type[Game]) -> None:
    page = ROOT / "docs" / "players" / "rules" / f"{name}.es.md"
    assert page.is_file(), page
    included = re.search(r'include-markdown "([^"]+)"', page.read_text(encoding="utf-8"))
    assert included is not None
    assert (page.parent / included.group(1)).resolve() == rules_path(cls, "es").resolve()
    assert f"players/rules/{name}.es.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
