"""scripts/cpu_ratios.py: its arguments, a tiny run of two builds in one run (this interpreter
standing in for both), and the report of a build without `State.random_action`."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import cpu_ratios
from build_runs import Build, in_turn
from roost.core.registry import registered_games


def _error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    with pytest.raises(SystemExit) as exit_:
        cpu_ratios.main(argv)
    assert exit_.value.code == 2
    return capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["random", "--before", "/no/such/python"], "--before: /no/such/python is not a file"),
        (["random", "--repeats", "0"], "at least 1"),
        (["search", "--decisions", "-3"], "at least 1"),
        (["roots", "out.json", "--before", sys.executable], "--before goes with random or search"),
        (["worker", "everything"], "worker takes the work to do"),
        (["random", "eggo"], "random takes no file"),
        (["search", "--game", "chess"], "--game chess: the games are"),
    ],
)
def test_bad_arguments_are_refused_with_a_reason(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert message in _error(capsys, argv)


def test_a_build_that_cannot_run_the_worker_is_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fake = tmp_path / "python"
    fake.write_text("#!/bin/sh\necho 'no roost here' >&2\nexit 3\n")
    fake.chmod(0o755)
    assert (
        cpu_ratios.main(["random", "--repeats", "1", "--decisions", "1", "--before", str(fake)])
        == 1
    )
    err = capsys.readouterr().err
    assert f"the before build ({fake}) failed with exit code 3: no roost here" in err


def test_a_tiny_run_of_two_builds_reports_both_and_their_ratio(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["random", "--repeats", "1", "--decisions", "1", "--before", sys.executable]
    assert cpu_ratios.main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(
        "Random play: decisions per CPU second, seeded random games to 1 decisions"
    )
    assert lines[1].startswith("after: ") and "moves by State.random_action" in lines[1]
    assert lines[2].startswith("before: ") and "roost from " in lines[2]
    header = next(line for line in lines if line.startswith("game"))
    assert header.split() == ["game", "after", "before", "after/before"]
    peer = any(line.startswith("peer: OpenSpiel C++ (crazy_eights)") for line in lines)
    for name in registered_games():
        for key in (name, f"{name} listed"):
            row = next(line for line in lines if line.startswith(f"{key} ") and "," in line)
            cells = row.removeprefix(key).split()
            # after (rate, ratio to the peer), before (the same), after / before
            assert len(cells) == (5 if peer else 3)
            assert cells[-1].endswith("x") and float(cells[-1][:-1]) > 0


def test_a_build_without_random_action_is_reported_as_listed() -> None:
    builds = [Build("after", "a/python"), Build("before", "b/python")]
    answers = {
        "after": {"build": "compiled", "roost": "a", "way": cpu_ratios.ACTION_WAY},
        "before": {"build": "compiled", "roost": "b", "way": cpu_ratios.LISTED_WAY},
    }
    best = {
        "after": {"eggo": 600_000.0, "eggo listed": 500_000.0},
        "before": {"eggo": 400_000.0},  # listed already: no second measurement
    }
    lines = cpu_ratios.report("random", builds, best, answers, 200_000.0, repeats=3, decisions=100)
    assert "before: compiled, roost from b; moves by listed: legal_actions()[rng.randrange(n)]" in (
        "\n".join(lines)
    )
    assert "(that build has no State.random_action)" in lines[2]
    assert lines[3] == "peer: OpenSpiel C++ (crazy_eights): 200,000 decisions per CPU second"
    rows = {line.split()[0] + (" listed" if "listed" in line else ""): line for line in lines[5:]}
    assert rows["eggo"].split()[1:] == ["600,000", "3.00x", "400,000", "2.00x", "1.50x"]
    assert rows["eggo listed"].split()[2:] == ["500,000", "2.50x", "400,000", "2.00x", "1.25x"]


def test_the_search_report_says_whether_both_builds_searched_the_same_positions() -> None:
    builds = [Build("after", "a/python"), Build("before", "b/python")]
    answers = {
        "after": {"build": "compiled", "roost": "a", "positions": {"eggo": "abc"}},
        "before": {"build": "compiled", "roost": "b", "positions": {"eggo": "abd"}},
    }
    best = {"after": {"eggo": 60_000.0}, "before": {"eggo": 50_000.0}}
    lines = cpu_ratios.report("search", builds, best, answers, None, repeats=1, decisions=1)
    assert "same positions in both builds: NO" in lines
    assert any("OpenSpiel not installed" in line for line in lines)
    assert lines[-1].split() == ["eggo", "60,000", "50,000", "1.20x"]


def test_each_round_starts_with_the_next_engine() -> None:
    assert [in_turn(["a", "b", "c"], k) for k in range(4)] == [
        ["a", "b", "c"],
        ["b", "c", "a"],
        ["c", "a", "b"],
        ["a", "b", "c"],
    ]
