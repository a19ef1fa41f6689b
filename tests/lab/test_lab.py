"""The balance lab: every game end to end, reproducible whatever the workers and backend, and
bad input refused with one clear line before any game is played."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import roost.lab
from roost.cli.main import app
from roost.core.errors import RoostError
from roost.core.registry import game_class, registered_games
from roost.lab import LabRun, build_plan, run_lab, write_lab
from roost.lab.backends import LocalBackend, RayBackend, ray_available
from roost.lab.hooks import game_measures
from roost.lab.stats import chi2_sf, equal_rates_p, order, quantile

GAMES = sorted(registered_games())


def _small(game: str, players: str = "3", **kw: object) -> LabRun:
    plan = build_plan(
        game,
        bots="heuristic",
        players=players,
        games=int(kw.pop("games", 12)),  # type: ignore[call-overload]
        skill=["heuristic/random"],
        skill_games=6,
        **kw,  # type: ignore[arg-type]
    )
    return run_lab(plan, LocalBackend(1))


def _comparable(run: LabRun) -> dict[str, object]:
    data = run.to_json()
    data.pop("run")
    return data


@pytest.mark.parametrize("game", GAMES)
def test_a_small_lab_runs_end_to_end(game: str, tmp_path: Path) -> None:
    run = _small(game)
    report = write_lab(run, tmp_path, f"roost lab {game}", with_plots=False)  # test_report draws
    text = report.read_text(encoding="utf-8")
    assert "What the rulebook claims" in text
    claims = game_measures(game_class(game)).claims
    assert claims, f"{game} has a lab companion with claims"
    for claim in claims:
        assert html.escape(claim.quote) in text
    assert "data:image/png;base64," not in text
    summary = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert [c["verdict"] for c in summary["claims"]] == [c.verdict.verdict for c in run.claims]
    assert all(c["operationalised"] for c in summary["claims"])
    assert summary["main"][0]["games"] == 12 and summary["skill"][0]["games"] == 6
    rows = (tmp_path / "games.csv").read_text(encoding="utf-8").splitlines()
    assert len(rows) == 1 + 12 + 6
    seats = (tmp_path / "seats.csv").read_text(encoding="utf-8").splitlines()
    assert len(seats) == 1 + 3 * 18
    main = run.summary.main[0]
    assert sum(e.value for e in main.seat_win) == pytest.approx(3 * main.fair)
    assert main.first_player_win.n == 12 and main.minutes.mean.value > 0
    assert all(r.held[0] for r in run.records), "hands at the start are recorded"
    assert any(r.played[0] for r in run.records)


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    plan = build_plan(
        "eggo",
        bots="heuristic",
        players="2-3",
        games=10,
        skill=["heuristic/random"],
        skill_games=4,
        seed=3,
    )
    one = run_lab(plan, LocalBackend(1))
    two = run_lab(plan, LocalBackend(2))
    assert one.records == two.records
    assert _comparable(one) == _comparable(two)
    other = run_lab(
        build_plan("eggo", bots="heuristic", players="2-3", games=10, skill=["none"], seed=4)
    )
    assert other.records != one.records[: len(other.records)]


def test_sweep_settings_share_seeds_and_differ_by_parameter() -> None:
    run = _small("manda-huevos", players="2", games=8, sweeps=["quick=false,true"])
    labels = [m.setting.label for m in run.summary.main]
    assert labels == ["2 players, quick=false", "2 players, quick=true"]
    standard, quick = run.summary.main
    assert quick.decisions.mean.value < standard.decisions.mean.value


@pytest.mark.skipif(not ray_available(), reason="Ray is not installed: pip install -e '.[ray]'")
def test_ray_gives_the_same_results_as_the_local_pool() -> None:
    """A local Ray instance, with the code shipped to its workers as on a real cluster."""
    plan = build_plan(
        "egg-bound",
        bots="heuristic",
        players="3",
        games=8,
        skill=["heuristic/random"],
        skill_games=4,
    )
    local = run_lab(plan, LocalBackend(1))
    on_ray = run_lab(plan, RayBackend(jobs=2, ship_code=True))
    assert on_ray.backend == "ray"
    assert on_ray.records == local.records
    assert _comparable(on_ray) == _comparable(local)


@pytest.mark.skipif(not ray_available(), reason="Ray is not installed: pip install -e '.[ray]'")
def test_a_ray_cluster_nobody_answers_at_is_refused_at_once() -> None:
    """Ray would retry for minutes; the lab asks the port first (nothing listens on port 1)."""
    with pytest.raises(RoostError, match=r"no Ray cluster answers at 127\.0\.0\.1:1 "):
        RayBackend(jobs=1, address="127.0.0.1:1")
    with pytest.raises(RoostError, match="--address takes HOST:PORT"):
        RayBackend(jobs=1, address="head-node")


def _cli(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["lab", *args])
    return result.exit_code, result.output


def test_the_command_writes_the_report(tmp_path: Path) -> None:
    out = tmp_path / "report"
    code, output = _cli(
        ["eggo", "--players", "2", "--games", "6", "--skill", "none", "--no-plots",
         "--out", str(out)]
    )  # fmt: skip
    assert code == 0, output
    assert "sometimes no one will escape" in output and "games/s" in output
    assert (out / "report.html").is_file() and (out / "games.csv").is_file()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess"], "unknown game"),
        (["eggo", "--sweep", "characters"], "--sweep takes key=v1,v2"),
        (["eggo", "--sweep", "colours=a,b"], "unknown parameter 'colours'"),
        (["eggo", "--sweep", "characters=choose,chosen"], "parameter 'characters' takes"),
        (["eggo", "--sweep", "characters="], "names no values"),
        (["eggo", "--players", "1-3"], "2-6 players"),
        (["eggo", "--players", "many"], "--players takes"),
        (["eggo", "--bots", "wizard"], "unknown bot"),
        (["eggo", "--skill", "heuristic"], "--skill takes STRONG/WEAK"),
        (["eggo", "--games", "0"], "--games must be at least 1"),
        (["eggo", "--backend", "cloud"], "--backend is local or ray"),
        (["eggo", "--seconds-per-decision", "-1"], "0 or more; got -1"),
        (["eggo", "--seconds-per-card", "nan"], "0 or more; got nan"),
        (["eggo", "--param", "characters"], "--param takes key=value"),
        (["eggo", "--param", "colours=red"], "unknown parameter 'colours'"),
        (["eggo", "--param", "characters=nobody"], "parameter 'characters' takes"),
        (["eggo", "--param", "players=3"], "is --players"),
        (["eggo", "--players", "7"], "2-6 players; --players has 7"),
        (["eggo", "--players", "4-3"], "empty range"),
        (["eggo", "--jobs", "0"], "--jobs must be at least 1"),
        (["eggo", "--address", "10.0.0.1:6379"], "--address is for --backend ray"),
        (["eggo", "--skill-games", "0"], "--skill-games must be at least 1"),
        (["big-chicken", "--sweep", "multipliers=8:2;zz"], "parameter 'multipliers' takes"),
        # the framework's own usage errors, one line too
        (["eggo", "--games", "many"], "Invalid value for '--games'"),
        (["eggo", "--colour", "red"], "No such option: --colour"),
        (["--games", "3"], "Missing argument"),
    ],
)
def test_bad_input_is_one_clear_line(
    args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_work(*_args: object, **_kw: object) -> None:
        raise AssertionError("no game may be played before the input is checked")

    monkeypatch.setattr(roost.lab, "run_lab", no_work)
    monkeypatch.setenv("COLUMNS", "40")  # one line even where the terminal is narrow
    code, output = _cli([*args, "--out", str(tmp_path / "out"), "--no-plots"])
    assert code == 2
    assert message in output
    assert output.startswith("error:") and len(output.strip().splitlines()) == 1, output
    assert "Traceback" not in output


def test_an_unwritable_out_is_refused_before_any_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_work(*_args: object, **_kw: object) -> None:
        raise AssertionError("no game may be played before --out is checked")

    monkeypatch.setattr(roost.lab, "run_lab", no_work)
    monkeypatch.setenv("COLUMNS", "40")
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    code, output = _cli(["eggo", "--games", "100000", "--no-plots", "--out", str(blocker / "x")])
    assert code == 2 and "is not a writable folder" in output
    assert len(output.strip().splitlines()) == 1, output


def test_plan_errors_name_the_fix() -> None:
    with pytest.raises(RoostError, match="is --players"):
        build_plan("eggo", bots="heuristic", sweeps=["players=2,3"])
    with pytest.raises(RoostError, match="both fixed"):
        build_plan(
            "eggo",
            bots="heuristic",
            params=["characters=choose"],
            sweeps=["characters=choose,assigned"],
        )
    multi = build_plan(
        "big-chicken", bots="heuristic", players="3", sweeps=["multipliers=8:2,10:3;5:2,8:3"]
    )
    assert [dict(s.swept)["multipliers"] for s in multi.settings] == ["8:2,10:3", "5:2,8:3"]


def test_statistics() -> None:
    for df, x in ((1, 3.841), (2, 5.991), (3, 7.815), (4, 9.488), (5, 11.070)):
        assert chi2_sf(x, df) == pytest.approx(0.05, abs=2e-4)
    assert equal_rates_p([50, 50], [100, 100]) == 1.0
    assert equal_rates_p([80, 20], [100, 100]) < 1e-6
    assert order(0.25, 0.25) == 0.0 and order(1.0, 0.25) == 1.0
    assert quantile([1.0, 2.0, 3.0, 4.0], 0.5) == 2.5


def test_without_matplotlib_the_command_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import roost.lab.plots

    monkeypatch.setattr(roost.lab.plots, "matplotlib_available", lambda: False)
    monkeypatch.setenv("COLUMNS", "40")
    code, output = _cli(["eggo", "--out", str(tmp_path / "out")])
    assert code == 2 and "pip install -e '.[lab]'" in output and "--no-plots" in output


def test_games_is_the_runs_size_skill_line_ups_included() -> None:
    """--games 5 once played 2 x 200 skill games a setting (six minutes of search bots); the
    search main line-up, like the skill ones, plays a fifth of --games."""
    small = build_plan("eggo", players="3", games=5)
    assert [(lineup.name, lineup.games) for lineup in small.lineups] == [
        ("heuristic", 5),
        ("ismcts:100", 1),
        ("heuristic vs random", 1),
        ("ismcts:100 vs heuristic", 1),
    ]
    default = build_plan("eggo", players="3")
    assert [lineup.games for lineup in default.lineups] == [1000, 200, 200, 200]
    chosen = build_plan("eggo", players="3", games=5, skill_games=7, other_games=3)
    assert [lineup.games for lineup in chosen.lineups] == [5, 3, 7, 7]
    assert small.total_games == 8
    with pytest.raises(RoostError, match="--other-games must be at least 1"):
        build_plan("eggo", games=5, other_games=0)


def test_without_a_terminal_the_command_says_a_line_per_finished_setting(tmp_path: Path) -> None:
    code, output = _cli(
        ["eggo", "--players", "2-3", "--games", "4", "--skill", "heuristic/random", "--no-plots",
         "--out", str(tmp_path / "out")]
    )  # fmt: skip
    assert code == 0, output
    lines = output.splitlines()
    assert "lab eggo: 12 games over 2 settings" in lines  # 4 heuristic, 1 search, 1 skill
    done = [line for line in lines if "settings done" in line]
    assert [line.split(" after ")[0] for line in done] == [
        "lab eggo: 1/2 settings done (2 players)",
        "lab eggo: 2/2 settings done (3 players)",
    ]
