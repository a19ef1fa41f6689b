"""Run until narrow: looks fixed in advance (doubling), 5% spent over them by Bonferroni, the
run stopped at the first look whose headline intervals are all narrower than the target."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from roost.cli.main import app
from roost.core.errors import RoostError
from roost.lab import LabRun, build_plan, run_lab
from roost.lab.sequential import headline, look_z, run_until, schedule


def test_the_looks_are_fixed_before_the_first_game() -> None:
    assert schedule(100, 1600) == [100, 200, 400, 800, 1600]
    assert schedule(100, 1000) == [100, 200, 400, 800, 1000]
    assert schedule(7, 7) == [7]
    with pytest.raises(RoostError, match="--max-games must be at least --games"):
        schedule(100, 50)
    assert look_z(1) == pytest.approx(1.959964, abs=1e-5)
    assert look_z(5) == pytest.approx(2.575829, abs=1e-5), "each of 5 looks at 99%"


def _play(games: int) -> LabRun:
    return run_lab(build_plan("eggo", players="3", games=games, bots="heuristic", skill=["none"]))


def test_it_stops_at_the_first_narrow_look_and_equals_a_run_of_that_size() -> None:
    sizes: list[int] = []

    def play(games: int) -> LabRun:
        sizes.append(games)
        return _play(games)

    run, how = run_until(play, lambda r: r.summary, 0.15, 50, 800)
    assert how.looks == (50, 100, 200, 400, 800)
    assert how.reached and sizes == [n for n, _ in how.done]
    widths = [w.width for _, w in how.done]
    assert widths[-1] <= 0.15 < min(widths[:-1]), "stops at the first look under the target"
    stopped = sizes[-1]
    assert run.records == _play(stopped).records, "look k is the run --games N_k"
    z = look_z(5)
    assert max(w.width for w in headline(run.summary, z)) == pytest.approx(widths[-1])
    assert "Stopped at look" in how.describe() and "99.00%" in how.describe()


def test_a_target_the_schedule_cannot_reach_says_so() -> None:
    run, how = run_until(_play, lambda r: r.summary, 0.05, 20, 40)
    assert not how.reached and [n for n, _ in how.done] == [20, 40]
    assert "Raise --max-games" in how.describe()
    assert len(run.records) == 40


def test_the_command_runs_until_narrow_and_writes_how(tmp_path: Path) -> None:
    out = tmp_path / "seq"
    result = CliRunner().invoke(
        app,
        ["lab", "eggo", "--players", "3", "--games", "50", "--until-width", "20", "--bots",
         "heuristic", "--skill", "none", "--no-plots", "--out", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "games a setting: widest headline interval" in result.output
    data = json.loads((out / "summary.json").read_text("utf-8"))
    assert data["sequential"]["reached"] and data["sequential"]["looks_planned"][0] == 50
    assert "Run until narrow." in (out / "report.html").read_text("utf-8")
    bad = CliRunner().invoke(
        app, ["lab", "eggo", "--games", "50", "--until-width", "20", "--max-games", "10"]
    )
    assert bad.exit_code == 2 and "--max-games must be at least --games" in bad.output
