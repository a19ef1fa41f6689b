"""Rules or bots? Every finding is measured under more than one bot line-up and marked as holding
under every one or depending on the bots; a parameter the bots do not play to is found and said."""

from __future__ import annotations

from pathlib import Path

from roost.lab import build_plan, run_lab, write_lab
from roost.lab.claims import (
    DEPENDS,
    NO_LINEUP,
    ONE_LINEUP,
    UNSETTLED,
    Finding,
    Mark,
    judge,
    robustness,
)
from roost.lab.sentence import sentence


def test_robustness_reads_the_line_ups_verdicts() -> None:
    def of(*marks: str) -> str:
        """One line-up per string of marks: a agrees, d disagrees, u undecided."""
        code = {"a": Mark.AGREES, "d": Mark.DISAGREES, "u": Mark.UNDECIDED}
        return robustness(
            [
                (f"bots {k}", judge([Finding(sentence(c), code[c]) for c in m]))
                for k, m in enumerate(marks)
            ]
        )

    assert of("aa", "aa") == "holds under every line-up"
    assert of("dd", "du", "d") == "fails under every line-up"
    assert of("aa", "dd") == DEPENDS
    assert of("aa", "ad") == DEPENDS, "one line-up's disagreement is the bots' doing"
    assert of("aa", "uu") == UNSETTLED, "too few games is not yet a difference"
    assert of("aa", "au") == UNSETTLED, "agrees where it can tell: too few games elsewhere"
    assert of("ad", "ad") == "partly under every line-up"
    assert of("aa") == ONE_LINEUP
    assert of() == NO_LINEUP


def test_each_claim_is_checked_under_every_main_line_up() -> None:
    run = run_lab(
        build_plan("eggo", players="3", games=12, bots=["heuristic", "random"], skill=["none"])
    )
    assert run.summary.lineup_names() == ["heuristic", "random"]
    assert [m.lineup.name for m in run.summary.primary] == ["heuristic"]
    for result in run.claims:
        assert [name for name, _ in result.by_lineup] == ["heuristic", "random"]
        texts = [f.text for f in result.verdict.findings]
        assert any(t.startswith("[heuristic] ") for t in texts)
        assert any(t.startswith("[random] ") for t in texts)
        alone = result.claim.check(run.summary.only("random"))
        assert dict(result.by_lineup)["random"] == alone
        assert result.robustness == robustness(result.by_lineup)
    assert run.summary.only("random").main[0].games == 3, "a fifth of --games"


def test_a_parameter_the_bots_ignore_is_found_and_said(tmp_path: Path) -> None:
    """The heuristic never reads BIG CHICKEN's multipliers: the games that share a deal are
    played move for move alike, only scored differently. Manda Huevos!'s Quick Game changes
    the play, so it is not reported."""
    run = run_lab(
        build_plan("big-chicken", players="3", games=8, bots=["heuristic", "random"],
                   sweeps=["multipliers=8:2,10:3;6:2,9:3"], skill=["none"])
    )  # fmt: skip
    assert ("multipliers", "heuristic") in run.summary.ignored
    text = write_lab(run, tmp_path, "roost lab big-chicken", with_plots=False).read_text("utf-8")
    assert "Parameters the bots do not play to." in text
    assert "every game was played move for move alike" in text
    assert "the heuristic bot never reads the Card Score multipliers" in text
    quick = run_lab(
        build_plan("manda-huevos", players="3", games=8, bots="heuristic",
                   sweeps=["quick=false,true"], skill=["none"])
    )  # fmt: skip
    assert quick.summary.ignored == ()


def test_the_report_says_rules_or_bots(tmp_path: Path) -> None:
    run = run_lab(
        build_plan("egg-bound", players="3-4", games=15, bots=["heuristic", "random"],
                   other_games=15, skill=["none"])
    )  # fmt: skip
    text = write_lab(run, tmp_path, "roost lab egg-bound", with_plots=False).read_text("utf-8")
    assert "href='#bots'" in text and "id='bots'" in text
    section = text.split("id='bots'")[1].split("<h2")[0]
    assert section.count("<tr>") == 1 + 2, "a row per setting"
    assert "heuristic" in section and "random" in section
    verdicts = section.split("<div class='verdict ")[1:]
    assert len(verdicts) == 2 * 4, "each of four measures at each setting says rules or bots"
    assert all(v.split("'>")[1].split("<")[0] in ("same", "depends on the bots", "too few games")
               for v in verdicts)  # fmt: skip
    seats = text.split("<div class='k'>Seats</div>")[1].split("</div></div>")[0]
    assert "line-up" in seats, "the Seats tile says whether the bots change it"
    alone = run_lab(build_plan("egg-bound", players="3", games=6, bots="heuristic", skill=["none"]))
    text = write_lab(alone, tmp_path / "one", "roost lab", with_plots=False).read_text("utf-8")
    assert "id='bots'" not in text and "one line-up only" in text


def test_the_terminal_table_says_rules_or_bots_too(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from roost.cli.main import app

    result = CliRunner().invoke(
        app,
        ["lab", "eggo", "--players", "3", "--games", "10", "--bots", "heuristic", "--bots",
         "random", "--skill", "none", "--no-plots", "--out", str(tmp_path / "out")],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    said = result.output.replace("│", " ")
    assert any(
        words in " ".join(said.split())
        for words in ("under every line-up", "depends on the bots", "undecided under some")
    )
    assert "[random]" in result.output
