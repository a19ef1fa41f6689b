"""scripts/wall_ratios.py: its arguments, the order of the builds, a tiny run of two builds
(this interpreter standing in for both) and its report."""

from __future__ import annotations

import sys

import pytest

import wall_ratios
from build_runs import Build
from roost.core.registry import load_game, registered_games


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["random", "--before", "/no/such/python"], "--before: /no/such/python is not a file"),
        (["random", "--seconds", "0"], "--seconds takes a number of seconds above 0"),
        (["search", "--runs", "0"], "--runs takes a whole number of at least 1"),
        (["search", "--rounds", "0"], "--rounds one from 1 to 1000"),
        (["worker", "everything"], "worker takes the bench to run"),
        (["random", "search"], "random takes no work argument"),
    ],
)
def test_bad_arguments_are_refused_with_a_reason(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exit_:
        wall_ratios.main(argv)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_the_builds_alternate_mirrored() -> None:
    after, before = Build("after", "a"), Build("before", "b")
    labels = [build.label for build in wall_ratios.order([after, before], 3)]
    assert labels == ["before", "after", "after", "before", "before", "after"]
    assert wall_ratios.order([after], 2) == [after, after]


def test_a_tiny_run_of_two_builds_gives_each_run_its_ratios(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["random", "--seconds", "0.04", "--rounds", "1", "--runs", "1"]
    assert wall_ratios.main([*argv, "--before", sys.executable]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("in the order before, after")
    assert lines[1].startswith("before: ") and "moves by State.random_action" in lines[1]
    assert lines[2].startswith("after: ")
    peer = "not measured" not in lines[4]
    for name in registered_games():
        label = f"{name} ({load_game(name).num_players}p)"
        row = next(line for line in lines if line.startswith(f"{label}: "))
        cells = row.removeprefix(f"{label}: ").split("; ")
        assert [cell.split()[0] for cell in cells] == ["before", "after"]
        if peer:
            assert all(cell.split()[2].endswith("x") for cell in cells)


def test_the_report_gives_each_runs_ratio_to_the_yardstick_and_the_games_peer() -> None:
    def payload(rate: float, peer: float) -> dict[str, object]:
        return {
            "build": "compiled",
            "roost": "x",
            "games": {
                "big-chicken (4p)": {
                    "rate": rate,
                    "peers": {
                        "RLCard doudizhu (env.step)": 8_000.0,
                        "OpenSpiel dou_dizhu": rate / 2.5,
                        wall_ratios.PEER_RANDOM: peer,
                    },
                }
            },
        }

    runs = [(Build("before", "b"), payload(600_000.0, 400_000.0))]
    runs.append((Build("after", "a"), payload(900_000.0, 400_000.0)))
    lines = wall_ratios.report("random", runs)
    assert lines[-1] == (
        "big-chicken (4p): before 600,000 1.50x (dou_dizhu 2.50x); "
        "after 900,000 2.25x (dou_dizhu 2.50x)"
    )
    assert "  before: 400,000" in lines
