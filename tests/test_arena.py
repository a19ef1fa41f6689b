"""The arena: reproducible from its seed whatever the number of workers, seats rotated."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import roost
from roost.cli.main import app
from roost.core.errors import RoostError
from roost.sim.arena import run_arena, seat_kinds, wilson


def test_seats_are_rotated_over_the_bot_list() -> None:
    kinds = ["a", "b"]
    assert seat_kinds(kinds, 4, 0) == ("a", "b", "a", "b")
    assert seat_kinds(kinds, 4, 1) == ("b", "a", "b", "a")
    three = ["a", "b", "c"]
    assert [seat_kinds(three, 3, g)[0] for g in range(3)] == ["a", "b", "c"]


def test_results_are_the_same_with_one_or_two_workers() -> None:
    game = roost.load_game("eggo", players=3)
    one = run_arena(game, ["heuristic", "random"], 12, seed=4, jobs=1)
    two = run_arena(game, ["heuristic", "random"], 12, seed=4, jobs=2)
    assert one.records == two.records
    other = run_arena(game, ["heuristic", "random"], 12, seed=5, jobs=1)
    assert other.records != one.records


def test_statistics_add_up() -> None:
    game = roost.load_game("eggo", players=4)
    result = run_arena(game, ["heuristic", "random", "random", "random"], 8, seed=1)
    by_kind = result.by_kind()
    assert by_kind["heuristic"].seat_games == 8
    assert by_kind["random"].seat_games == 24
    assert sum(s.wins for s in by_kind.values()) == sum(len(r.winners) for r in result.records)
    assert sum(s.seat_games for s in result.by_seat()) == 32


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert low < 0.5 < high and abs((low + high) / 2 - 0.5) < 1e-9
    assert wilson(0, 10)[0] == 0.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_bad_arena_arguments_are_refused() -> None:
    game = roost.load_game("eggo")
    with pytest.raises(RoostError, match="--games"):
        run_arena(game, ["random"], 0, seed=1)
    with pytest.raises(RoostError, match="--jobs"):
        run_arena(game, ["random"], 1, seed=1, jobs=0)


def test_arena_command_prints_the_tables(tmp_path: object) -> None:
    runner = CliRunner()
    out = f"{tmp_path}/records.json"
    result = runner.invoke(
        app,
        ["arena", "eggo", "--bots", "heuristic,random", "--games", "6", "--seed", "2",
         "--json", out],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "by bot" in result.output and "By seat" in result.output
    assert "Fair win rate" in result.output
    bad = runner.invoke(app, ["arena", "eggo", "--bots", "heuristic,genius"])
    assert bad.exit_code == 2 and "unknown bot 'genius'" in bad.output
