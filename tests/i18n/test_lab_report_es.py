"""The lab's reports in Spanish: every sentence of the report and the comparison page is a
catalogue message with its Spanish (rendered with a catalogue that fails on a missing msgid), the
page says ``lang='es'``, its numbers use the decimal comma, and the machine-readable files (JSON,
CSV) are byte for byte the English run's.

The claims' quotes (the English rulebook's words, and where they are) and each game companion's
findings are still English: they are taken out before looking for English sentences; how each
claim is tested and when it would hold are Spanish."""

from __future__ import annotations

import gettext
import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import roost.i18n
from roost.i18n import LOCALE_DIR, SOURCE_LANGUAGE, set_language
from roost.lab import LabRun, build_plan, run_lab, write_lab
from roost.lab.compare import compare
from roost.lab.compare_report import render_compare
from roost.lab.plots import matplotlib_available
from roost.lab.variants import Variant


class MissingMessage(AssertionError):
    """A sentence of a report that the catalogue does not have: it would show in English."""


class StrictSpanish(gettext.GNUTranslations):
    """Roost's Spanish catalogue, failing on any msgid it does not hold."""

    def _check(self, key: str) -> None:
        if key not in self._catalog:  # type: ignore[attr-defined]
            raise MissingMessage(key)

    def gettext(self, message: str) -> str:
        self._check(message)
        return super().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        if (singular, 0) not in self._catalog:  # type: ignore[attr-defined]
            raise MissingMessage(singular)
        return super().ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        self._check(f"{context}\x04{message}")
        return super().pgettext(context, message)


@pytest.fixture
def strict_spanish(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    set_language("es")
    with open(LOCALE_DIR / "es" / "LC_MESSAGES" / "roost.mo", "rb") as handle:
        monkeypatch.setattr(roost.i18n, "_active", StrictSpanish(handle))
    yield
    set_language(SOURCE_LANGUAGE)


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
        for english in (claim.claim.how, claim.claim.holds_when):
            assert english not in text, english
        said = [claim.claim.quote, claim.claim.source]
        said += [f.text for f in claim.verdict.findings] + [claim.verdict.note]
        for _name, verdict in claim.by_lineup:
            said += [f.text for f in verdict.findings] + [verdict.note]
        for words in filter(None, said):
            text = text.replace(words, "")
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
