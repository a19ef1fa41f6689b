"""The claims' findings and notes in the reader's language: a small lab run of each game, its
report and its terminal claims table rendered in Spanish through a catalogue that fails on any
msgid it lacks (`tests.lab.strict`), with no English finding left in them, the figures with the
decimal comma and the settings in words; and the files a program reads (summary.json, the CSVs)
byte for byte those of the English run, whose findings are what the lab always wrote."""

from __future__ import annotations

import html
import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from roost.cli.main import claims_table
from roost.i18n import SOURCE_LANGUAGE, set_language
from roost.lab import LabRun, build_plan, run_lab, write_lab
from roost.lab.claims import Finding, seconds_text
from roost.lab.sentence import Figure, number, percent, sentence
from roost.lab.stats import mean, proportion
from tests.lab.strict import MissingMessage, strict_spanish

RUNS = {
    # two main line-ups (each finding prefixed with its line-up) and a skill line-up
    "big-chicken": {
        "bots": ["heuristic", "random"],
        "players": "3-4",
        "games": 8,
        "skill": ["heuristic/random"],
        "skill_games": 6,
    },
    # the default deck (fitted to the claim: its note) against the first guess
    "egg-bound": {
        "bots": "heuristic",
        "players": "3",
        "games": 8,
        "sweeps": ["composition=fitted-2026,classic-2025"],
        "skill": ["none"],
    },
    "eggo": {"bots": "heuristic", "players": "3-4", "games": 8, "skill": ["none"]},
    # the Quick Game against the standard one, the hen and the tie-break
    "manda-huevos": {
        "bots": "heuristic",
        "players": "3",
        "games": 10,
        "sweeps": ["quick=false,true"],
        "skill": ["none"],
    },
    # a player count no claim is about: every claim "not tested", saying what to run
    "big-chicken-2": {"bots": "heuristic", "players": "2", "games": 4, "skill": ["none"]},
}

ENGLISH_WORDS = re.compile(
    r"\b(players?|median|seat win rates|Holm-corrected|Order|the holder|wins the game|"
    r"of games|it would hold|per decision|not tested|run with|no games|two or more|everyone|"
    r"no tie|ties for|the hand settles|against|shorter|the hen|fair|weaker plan|no edge|"
    r"default deck|Note|The size of the edge)\b"
)
"""English words of the findings' and notes' templates, none of which the Spanish says."""


def english_words(text: str) -> list[str]:
    """`ENGLISH_WORDS` in `text`, but for the options it names (``--players``), which are
    typed the same in every language."""
    return ENGLISH_WORDS.findall(re.sub(r"--\w+", "", text))


@pytest.fixture(scope="module", params=list(RUNS))
def run(request: pytest.FixtureRequest) -> LabRun:
    name: str = request.param
    return run_lab(build_plan(name.removesuffix("-2"), **RUNS[name]))  # type: ignore[arg-type]


def _findings(run: LabRun) -> list[Finding]:
    return [f for c in run.claims for f in c.verdict.findings]


def _visible(page: str) -> str:
    page = re.sub(r"<style>.*?</style>", "", page, flags=re.DOTALL)
    return html.unescape(re.sub(r"<[^>]+>", "\n", page))


def test_the_spanish_report_says_every_finding_and_note_in_spanish(
    run: LabRun, tmp_path: Path
) -> None:
    with strict_spanish():
        page = write_lab(run, tmp_path, "roost lab --lang es", with_plots=False)
        said = [f.sentence.said() for f in _findings(run)]
        notes = [c.verdict.said_note() for c in run.claims if c.verdict.notes]
    text = _visible(page.read_text("utf-8"))
    assert said or notes
    for claim in run.claims:
        for finding in claim.verdict.findings:
            assert finding.text not in text, finding.text
        if claim.verdict.note:
            assert claim.verdict.note not in text, claim.verdict.note
    for words in said + notes:
        assert words in text, words
        assert not english_words(words), words
    figures = [w for w in said if re.search(r"\d[.,]\d", w)]
    for words in figures:
        assert re.search(r"\d,\d", words) and not re.search(r"\d\.\d", words), words
    if _findings(run):
        assert any("jugadores" in words for words in said)


def test_the_terminal_claims_table_says_them_in_spanish(run: LabRun) -> None:
    console = Console(record=True, width=2000, color_system=None, file=io.StringIO())
    with strict_spanish():
        console.print(claims_table(run.plan.title, run.claims))
        said = [f.sentence.said() for f in _findings(run)]
        notes = [c.verdict.said_note() for c in run.claims if c.verdict.notes]
    out = console.export_text()
    for finding in _findings(run):
        assert finding.text not in out, finding.text
    for words in said + notes:
        assert words in out, words


def test_a_spanish_run_writes_the_english_findings_in_its_files(
    run: LabRun, tmp_path: Path
) -> None:
    english = write_lab(run, tmp_path / "en", "roost lab", with_plots=False).parent
    set_language("es")
    try:
        spanish = write_lab(run, tmp_path / "es", "roost lab", with_plots=False).parent
    finally:
        set_language(SOURCE_LANGUAGE)
    files = sorted(p.name for p in english.iterdir() if p.suffix in (".json", ".csv"))
    assert "summary.json" in files
    for name in files:
        assert (english / name).read_bytes() == (spanish / name).read_bytes(), name
    claims = json.loads((english / "summary.json").read_text("utf-8"))["claims"]
    written = [f["text"] for c in claims for f in c["findings"]]
    assert written == [f.text for f in _findings(run)]
    for text in written:
        assert english_words(text), text
        assert not re.search(r"\d,\d", text), text


def test_a_finding_s_english_is_what_the_lab_always_wrote() -> None:
    """The English of the pieces is the f-strings' the findings were built with."""
    for wins, n in ((0, 0), (7, 42), (42, 42), (1, 3)):
        e = proportion(wins, n)
        assert percent(e).english() == e.pct()
        assert number(e, 2).english() == e.num(2)
    m = mean([12.25, 13.5, 11.0])
    assert number(m).english() == m.num()
    assert seconds_text(None).english() == "at no figure from 0.5 to 30 s per decision"
    assert seconds_text((2.5, 2.5)).english() == "only at 2.5 s per decision"
    assert seconds_text((0.5, 30.0)).english() == "from 0.5 to 30 s per decision"
    assert Figure(0.0123, ".3g").written(",") == "0,0123"
    assert Figure(13.0, ".0f", "%").written(",") == "13%"


def test_a_sentence_is_said_in_the_reader_s_language() -> None:
    said = sentence(
        "from {low} to {high} s per decision", low=Figure(0.5, "g"), high=Figure(3, "g")
    )
    assert said.said() == said.english() == "from 0.5 to 3 s per decision"
    with strict_spanish():
        assert said.said() == "con entre 0,5 y 3 s por decisión"
        assert percent(proportion(0, 0)).said() == "n/d"
        with pytest.raises(MissingMessage):
            sentence("{setting}: a sentence the catalogue lacks", setting="x").said()
    assert said.english() == "from 0.5 to 3 s per decision"
