"""The HTML report is one self-contained file a designer can send on: nothing fetched, every
plot embedded, every claim shown with its verdict, a mark per setting and how it was tested."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from roost.lab import build_plan, run_lab, write_lab
from roost.lab.claims import Mark
from roost.lab.plots import matplotlib_available
from roost.lab.report import MARK_CLASS


def test_the_report_shows_every_claim_with_its_marks(tmp_path: Path) -> None:
    run = run_lab(build_plan("eggo", players="2-3", games=30, skill=["heuristic/random"],
                             skill_games=6))  # fmt: skip
    text = write_lab(run, tmp_path, "roost lab eggo", with_plots=False).read_text("utf-8")
    assert "<script" not in text and not re.search(r"""(src|href)=["']?https?:""", text)
    cards = re.findall(r"<article class='claim ([a-z ]+)'>", text)
    assert cards == [
        "not" if c.verdict.verdict == "not tested" else c.verdict.verdict for c in run.claims
    ]
    for claim in run.claims:
        assert html.escape(claim.claim.how) in text
        for finding in claim.verdict.findings:
            assert f"<li class='{MARK_CLASS[finding.mark]}'>{html.escape(finding.text)}" in text
    assert "Rulebook claims" in text and "Skill (Order)" in text
    for anchor in ("claims", "questions", "seats", "length", "skill", "files"):
        assert f"href='#{anchor}'" in text and f"id='{anchor}'" in text
    assert "id='drama'" not in text, "Eggo keeps no score: no drama section"
    assert set(MARK_CLASS) == set(Mark)


@pytest.mark.skipif(not matplotlib_available(), reason="matplotlib is not installed")
def test_every_plot_is_embedded(tmp_path: Path) -> None:
    run = run_lab(
        build_plan(
            "manda-huevos",
            players="3",
            games=30,
            sweeps=["quick=false,true"],
            skill=["heuristic/random"],
            skill_games=6,
        )
    )
    text = write_lab(run, tmp_path, "roost lab manda-huevos", with_plots=True).read_text("utf-8")
    images = re.findall(r'<img src="([^"]+)"', text)
    # the game's questions, seats, length, table time, skill, drama, cards, the quick sweep
    assert len(images) == 8
    assert all(src.startswith("data:image/png;base64,") for src in images)
    assert "id='sweeps'" in text and "<h3>quick</h3>" in text
