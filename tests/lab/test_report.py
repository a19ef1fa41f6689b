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
    run = run_lab(build_plan("eggo", bots="heuristic", players="2-3", games=30,
                             skill=["heuristic/random"], skill_games=6))  # fmt: skip
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
            bots="heuristic",
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


@pytest.mark.skipif(not matplotlib_available(), reason="matplotlib is not installed")
def test_the_table_time_histogram_draws_every_setting_and_sweeps_start_at_0(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past eight settings the histogram used to drop the rest (a sweep's 6-player lines); a
    sweep axis zoomed to its data made equal values look different."""
    import matplotlib.axes

    from roost.lab import plots

    run = run_lab(
        build_plan(
            "manda-huevos", bots="heuristic", games=6, sweeps=["quick=false,true"], skill=["none"]
        )
    )
    assert len(run.summary.main) == 10
    drawn: list[tuple[int, object]] = []
    hist = matplotlib.axes.Axes.hist

    def counting(self: matplotlib.axes.Axes, *args: object, **kw: object) -> object:
        drawn.append((id(self), kw.get("label")))  # (panel, line): one per setting
        return hist(self, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(matplotlib.axes.Axes, "hist", counting)
    assert plots.minutes_hist(run.summary.main) is not None
    assert len(drawn) == 10 and len(set(drawn)) == 10, drawn
    figures: list[object] = []

    def keep(fig: object) -> str:
        figures.append(fig)
        return "data:"

    monkeypatch.setattr(plots, "_uri", keep)
    assert plots.sweep_lines(run.summary)
    (fig,) = figures
    axes = [ax for ax in fig.axes if ax.get_visible()]  # type: ignore[attr-defined]
    assert axes and all(ax.get_ylim()[0] == 0 for ax in axes)
    shares = [ax for ax in axes if ax.get_title(loc="left").endswith("(%)")]
    assert shares and all(ax.get_ylim() == (0, 100) for ax in shares)


def test_headlines_are_labelled_and_say_percentage_points(tmp_path: Path) -> None:
    run = run_lab(build_plan("egg-bound", bots="heuristic", players="3", games=20, skill=["none"]))
    text = write_lab(run, tmp_path, "roost lab egg-bound", with_plots=False).read_text("utf-8")
    assert "<div class='k'>games that reach the turn cap (no winner)</div>" in text
    assert "percentage points" in text and " points</div>" not in text
    assert "Holm" in text and "too few games" in text


@pytest.mark.skipif(not matplotlib_available(), reason="matplotlib is not installed")
def test_eggo_card_impact_has_no_played_panel_and_says_why(tmp_path: Path) -> None:
    run = run_lab(build_plan("eggo", bots="heuristic", players="4", games=20, skill=["none"]))
    text = write_lab(run, tmp_path, "roost lab eggo", with_plots=True).read_text("utf-8")
    assert "No 'played' panel: Eggo is won by emptying your hand" in text
    cards = text.split("id='cards'")[1].split("</details>")[0]
    assert "not played" not in cards and "held at start" in cards


@pytest.mark.skipif(not matplotlib_available(), reason="matplotlib is not installed")
def test_a_sweep_draws_no_empty_panel(monkeypatch: pytest.MonkeyPatch) -> None:
    """Last Egg catches are n/a under the default 'auto' Last Egg: no panel, not an empty one."""
    from roost.lab import plots

    run = run_lab(
        build_plan("big-chicken", bots="heuristic", players="3", games=4, skill=["none"],
                   sweeps=["multipliers=8:2,10:3;6:2,9:3"])
    )  # fmt: skip
    figures: list[object] = []

    def keep(fig: object) -> str:
        figures.append(fig)
        return "data:"

    monkeypatch.setattr(plots, "_uri", keep)
    assert plots.sweep_lines(run.summary)
    (fig,) = figures
    titles = [ax.get_title(loc="left") for ax in fig.axes if ax.get_visible()]  # type: ignore[attr-defined]
    assert "Last Egg catches per game" not in titles
    assert "Coops laid per game" in titles
