"""The lab's reports in Spanish: every sentence of the report and the comparison page is a
catalogue message with its Spanish (rendered with a catalogue that fails on a missing msgid), the
page says ``lang='es'``, its numbers use the decimal comma, and the machine-readable files (JSON,
CSV) are byte for byte the English run's.

The claims' quotes (the English rulebook's words) stay English: they are taken out before
looking for English sentences; where each claim is in the rulebook, how it is tested, when it
would hold and what each setting measured are Spanish (the findings of every game:
tests/lab/test_findings_spanish.py)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from roost.i18n import SOURCE_LANGUAGE, set_language
from roost.lab import LabRun, build_plan, run_lab, write_lab
from roost.lab.compare import compare
from roost.lab.compare_report import render_compare
from roost.lab.plots import matplotlib_available
from roost.lab.variants import Variant
from tests.lab.strict import strict_spanish as spanish_only


@pytest.fixture
def strict_spanish() -> Iterator[None]:
    with spanish_only():
        yield


@pytest.fixture(scope="module")
def run() -> LabRun:
    """Two settings, two line-ups (the rules-or-bots section), a skill line-up, a score (the
    drama section) and card impact: every section of the report but the sweeps."""
    plan = build_plan(
        "big-chicken",
        bots=["heuristic", "random"],
        players="3-4",
        games=12,
        other_games=8,
        skill=["heuristic/random"],
        skill_games=6,
    )
    return run_lab(plan)


def _visible(page: str) -> str:
    """The page's words: no style, no embedded image, no tags."""
    page = re.sub(r"<style>.*?</style>", "", page, flags=re.DOTALL)
    page = re.sub(r"data:image/png;base64,[A-Za-z0-9+/=]+", "", page)
    return re.sub(r"<[^>]+>", "\n", page)


def test_the_spanish_report_has_every_sentence_in_spanish(
    run: LabRun, tmp_path: Path, strict_spanish: None
) -> None:
    # with its plots where matplotlib is installed: their titles and axes are sentences too
    drawn = matplotlib_available()
    page = write_lab(run, tmp_path / "es", "roost lab", with_plots=drawn).read_text("utf-8")
    assert "<html lang='es'>" in page
    text = html.unescape(_visible(page))
    for claim in run.claims:
        said = [claim.claim.how, claim.claim.holds_when, claim.claim.source]
        said += [f.text for f in claim.verdict.findings] + [claim.verdict.note]
        for words in filter(None, said):
            assert words not in text, words
        text = text.replace(claim.claim.quote, "")
    for heading in (
        "Laboratorio de equilibrio de Roost",
        "Lo que afirma el reglamento y lo que dicen las partidas",
        "¿Reglas o bots?",
        "Asientos: ¿importa dónde te sientas?",
        "Duración y tiempo de mesa",
        "¿Habilidad o suerte?",
        "Emoción: ¿está decidida a mitad de partida?",
        "Archivos junto a este informe",
        "Afirmaciones del reglamento",
        "3 jugadores",
    ):
        assert heading in text, heading
    for english in (
        "Rulebook claims",
        "Seats: does where you sit matter?",
        "Length and table time",
        "too few games",
        "How it was tested",
        "Files beside this report",
        "3 players",
        "per decision with a choice",
        "the same under every line-up",
    ):
        assert english not in text, english
    assert re.search(r"\d,\d%", text), "the decimal comma"


def test_a_spanish_run_writes_the_same_json_and_csv_as_an_english_one(
    run: LabRun, tmp_path: Path
) -> None:
    english = write_lab(run, tmp_path / "en", "roost lab big-chicken", with_plots=False)
    set_language("es")
    try:
        spanish = write_lab(run, tmp_path / "es", "roost lab big-chicken", with_plots=False)
    finally:
        set_language(SOURCE_LANGUAGE)
    files = sorted(p.name for p in english.parent.iterdir() if p.suffix in (".json", ".csv"))
    assert {"summary.json", "games.csv", "seats.csv", "cards.csv"} <= set(files)
    for name in files:
        assert (english.parent / name).read_bytes() == (spanish.parent / name).read_bytes(), name
    assert "<html lang='en'>" in english.read_text("utf-8")
    assert english.read_text("utf-8") != spanish.read_text("utf-8")


def test_the_comparison_page_in_spanish(run: LabRun, strict_spanish: None) -> None:
    a = Variant("rulebook", "a.toml", (), None)
    b = Variant("same again", "b.toml", (), None)
    compared = compare(run.summary, run.summary, a, b)
    page = render_compare(compared, command="roost lab", speed="1 s", with_plots=False)
    text = _visible(page)
    assert "<html lang='es'>" in page
    for spanish in ("Las variantes", "Diferencias", "configuración", "¿reglas o bots?"):
        assert spanish in text, spanish
    for english in ("The variants", "Differences", "rules or bots?", "significant"):
        assert english not in text, english
