"""First-player compensation (``roost lab GAME --compensate``): the search runs end to end on a
tiny budget and reports every candidate under every line-up, the pick follows its stated rule
(the mildest candidate whose interval holds the fair rate under every line-up, never a wide
one), and bad input is refused before any game is played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from roost.cli.main import app
from roost.core.errors import RoostError
from roost.lab.compensate import (
    FIRST_AHEAD,
    FIRST_BEHIND,
    NONE,
    PICKED,
    TOO_FEW,
    Measured,
    Rung,
    Search,
    check_candidates,
    parse_candidate,
)
from roost.lab.hooks import Compensation
from roost.lab.stats import proportion

TINY = ["--players", "2", "--games", "24", "--other-games", "12", "--no-plots"]
LINEUPS = ["--bots", "heuristic", "--bots", "random"]


def _cli(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["lab", *args])
    return result.exit_code, result.output


def test_the_search_runs_end_to_end(tmp_path: Path) -> None:
    out = tmp_path / "comp"
    code, text = _cli(["egg-bound", "--compensate", *TINY, *LINEUPS, "--out", str(out)])
    assert code == 0, text
    assert "first-player compensation" in text
    assert "first_short=1: the first player is dealt one card fewer" in text
    assert "lab egg-bound, first_egg=false: 36 games over 1 settings" in text
    assert "Holm" in text
    found = json.loads((out / "compensate.json").read_text())
    keys = [c["key"] for c in found["candidates"]]
    assert keys == ["none", "first_short=1", "first_short=2", "first_egg=false"]
    for candidate in found["candidates"]:
        assert [m["lineup"] for m in candidate["by_lineup"]] == ["heuristic", "random"]
        for m in candidate["by_lineup"]:
            assert m["first_player_win_rate"]["n"] == (24 if m["lineup"] == "heuristic" else 12)
            # 12 or 24 games give intervals far wider than 10 points: never called fair
            assert m["status"] == TOO_FEW
    assert found["pick"] is None
    assert found["conclusion"].startswith("None found")
    assert found["games"] == {"heuristic": 24, "random": 12}
    assert (out / "first_short=1" / "games.csv").is_file()
    # seeded: the same command gives the same figures
    again = tmp_path / "again"
    code, _ = _cli(["egg-bound", "--compensate", *TINY, *LINEUPS, "--out", str(again)])
    assert code == 0
    redo = json.loads((again / "compensate.json").read_text())
    assert redo["candidates"] == found["candidates"]


def test_own_candidates_with_a_wide_enough_interval(tmp_path: Path) -> None:
    """--candidate replaces the ladder; --max-width 100 lets any interval speak (a designer's
    quick look), so the rulebook's game is judged on its interval alone."""
    code, text = _cli(
        ["egg-bound", "--compensate", *TINY, *LINEUPS, "--out", str(tmp_path),
         "--candidate", "first_egg=false;first_short=1", "--max-width", "100"]
    )  # fmt: skip
    assert code == 0, text
    found = json.loads((tmp_path / "compensate.json").read_text())
    assert [c["key"] for c in found["candidates"]] == ["none", "c1"]
    assert found["candidates"][1]["params"] == {"first_egg": "false", "first_short": "1"}
    statuses = {m["status"] for c in found["candidates"] for m in c["by_lineup"]}
    assert TOO_FEW not in statuses


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--players", "2-3"], "one player count at a time"),
        ([], "one player count at a time"),
        (["--players", "2", "--bots", "heuristic"], "at least two line-ups"),
        (["--players", "2", "--candidate", "first_short=9"], "'first_short' takes"),
        (["--players", "2", "--candidate", "first_short"], "--candidate takes key=value"),
        (["--players", "2", "--candidate", "colour=red"], "unknown parameter 'colour'"),
        (["--players", "2", "--candidate", "first_short=1;first_short=2"], "twice"),
        (["--players", "2", "--param", "first_short=1"], "also a candidate's parameter"),
        (["--players", "2", "--sweep", "hand=4,5"], "drop --sweep"),
        (["--players", "2", "--until-width", "5"], "drop --until-width"),
        (["--players", "2", "--max-width", "0"], "--max-width"),
    ],
)
def test_bad_input_is_refused_before_any_game(tmp_path: Path, args: list[str], said: str) -> None:
    out = tmp_path / "never"
    code, text = _cli(["egg-bound", "--compensate", "--games", "5", "--out", str(out), *args])
    assert code == 2, text
    assert said in text
    assert not out.exists()


def test_a_candidate_needs_the_search_and_a_game_needs_a_ladder(tmp_path: Path) -> None:
    code, text = _cli(["egg-bound", "--candidate", "first_short=1", "--out", str(tmp_path)])
    assert code == 2 and "add --compensate" in text
    code, text = _cli(["eggo", "--compensate", "--players", "3", "--out", str(tmp_path / "e")])
    assert code == 2 and "lists no compensation of its own" in text


def _measured(lineup: str, wins: int, n: int, fair: float = 0.5) -> Measured:
    return Measured(lineup, proportion(wins, n), fair, wins)


def test_the_status_of_an_interval() -> None:
    assert _measured("h", 1000, 2000).status(0.10) == PICKED
    assert _measured("h", 1100, 2000).status(0.10) == FIRST_AHEAD
    assert _measured("h", 900, 2000).status(0.10) == FIRST_BEHIND
    assert _measured("h", 10, 20).status(0.10) == TOO_FEW  # holds fair, but 40 points wide
    assert _measured("h", 10, 20).status(1.0) == PICKED


def test_the_pick_is_the_mildest_fair_under_every_lineup() -> None:
    a = Compensation("a", "mild", (("first_short", "1"),))
    b = Compensation("b", "strong", (("first_egg", "false"),))
    c = Compensation("c", "stronger", (("first_egg", "false"), ("first_short", "1")))
    rungs = (
        Rung(NONE, (_measured("h", 1100, 2000), _measured("s", 560, 1000))),
        Rung(a, (_measured("h", 1010, 2000), _measured("s", 570, 1000))),  # search still ahead
        Rung(b, (_measured("h", 990, 2000), _measured("s", 505, 1000))),  # fair under both
        Rung(c, (_measured("h", 1000, 2000), _measured("s", 500, 1000))),
    )
    found = Search("egg-bound", "Egg Bound", 2, rungs, 0.10, (("h", 2000), ("s", 1000)), 1)
    assert found.pick is not None and found.pick.candidate is b
    assert found.conclusion().startswith("Pick: strong (--param first_egg=false)")
    assert "s: " + FIRST_AHEAD in rungs[1].verdict(0.10)
    nothing = Search("egg-bound", "Egg Bound", 2, rungs[:2], 0.10, (), 1)
    assert nothing.pick is None and nothing.conclusion().startswith("None found")
    fair = Search("egg-bound", "Egg Bound", 2, rungs[3:], 0.10, (), 1)
    assert fair.conclusion().startswith("Nothing to compensate")


def test_candidates_are_checked() -> None:
    one = parse_candidate("first_short=1; first_egg=false", 1)
    assert one.params == (("first_short", "1"), ("first_egg", "false"))
    assert one.label == "first_short=1; first_egg=false"
    with pytest.raises(RoostError, match="separated by ';'"):
        parse_candidate(" ; ", 1)
    assert check_candidates([one], [], "egg-bound")[0] is NONE
    with pytest.raises(RoostError, match="given twice"):
        check_candidates([one, parse_candidate("first_egg=false;first_short=1", 2)], [], "x")
    with pytest.raises(RoostError, match="no compensation of its own"):
        check_candidates([], [], "eggo")
