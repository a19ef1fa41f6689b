"""Rated levels: the round robin's tables, the openskill fit, head-to-head shares, the command."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import roost
from roost.cli.main import app
from roost.core.errors import RoostError
from roost.sim.arena import GameRecord
from roost.sim.ratings import fit_ratings, head_to_head, run_round_robin, tables

runner = CliRunner()


def _record(index: int, kinds: tuple[str, ...], returns: tuple[float, ...]) -> GameRecord:
    best = max(returns)
    winners = tuple(seat for seat, r in enumerate(returns) if r == best)
    return GameRecord(index, kinds, returns, winners, decisions=10, length=20)


def test_a_kind_that_always_places_ahead_is_rated_above() -> None:
    order = ("weak", "middle", "strong")
    records = []
    for index in range(30):
        kinds = tuple(order[(index + seat) % 3] for seat in range(3))  # seats rotated
        returns = tuple(float(order.index(kind)) for kind in kinds)  # strong > middle > weak
        records.append(_record(index, kinds, returns))
    ratings = {rating.kind: rating for rating in fit_ratings(order, records)}
    assert ratings["strong"].mu > ratings["middle"].mu > ratings["weak"].mu
    assert ratings["strong"].ordinal > ratings["weak"].ordinal
    assert all(rating.sigma < 8.0 for rating in ratings.values())  # 30 games taught something


def test_ties_teach_nothing_about_order() -> None:
    records = [_record(i, ("a", "b"), (1.0, 1.0)) for i in range(10)]
    a, b = fit_ratings(("a", "b"), records)
    assert a.mu == pytest.approx(b.mu)


def test_head_to_head_counts_only_games_that_do_not_tie() -> None:
    records = [
        _record(0, ("a", "b", "c"), (1.0, 0.0, 0.0)),
        _record(1, ("b", "a", "c"), (1.0, 0.0, 0.0)),
        _record(2, ("c", "b", "a"), (0.0, 2.0, 2.0)),
        _record(3, ("c", "b", "a"), (0.0, 0.0, 3.0)),
    ]
    duel = head_to_head(records, "a", "b")
    assert (duel.ahead, duel.behind, duel.ties) == (2, 1, 1)
    assert duel.share == pytest.approx(2 / 3)
    assert not duel.clear  # three games prove nothing
    many = [_record(i, ("a", "b"), (1.0, 0.0)) for i in range(40)]
    assert head_to_head(many, "a", "b").clear
    assert not head_to_head(many, "b", "a").clear


def test_round_robin_tables_seat_each_kind_once() -> None:
    assert tables(["a", "b", "c", "d"], 4) == [("a", "b", "c", "d")]
    assert len(tables(["a", "b", "c", "d", "e"], 4)) == 5
    with pytest.raises(RoostError, match="at least 4 kinds"):
        tables(["a", "b", "c"], 4)
    with pytest.raises(RoostError, match="names a kind twice"):
        tables(["a", "a", "b", "c"], 3)


def test_round_robin_is_reproducible_and_rates_every_kind() -> None:
    game = roost.load_game("eggo", players=3)
    kinds = ["random", "easy", "medium"]
    first = run_round_robin(game, kinds, 6, seed=3)
    again = run_round_robin(game, kinds, 6, seed=3)
    assert first.records == again.records
    assert len(first.records) == 6
    assert {r.kind for r in first.ratings()} == set(kinds)
    assert first.ratings() == again.ratings()


def test_ratings_command_prints_a_table_per_game() -> None:
    result = runner.invoke(
        app, ["ratings", "--game", "eggo", "--games", "4", "--bots", "random,easy,medium,ismcts:8"]
    )
    assert result.exit_code == 0, result.output
    assert "eggo, 4 players, 4 games" in result.output
    assert "ismcts:8 ahead of medium" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "random,easy"], "at least 4 kinds"),
        (["--bots", "random,easy,medium,genius"], "unknown bot 'genius'"),
        (["--game", "chess"], "chess"),
        (["--bots", "random,easy,medium,ismcts:0.0s"], "think time"),
    ],
)
def test_ratings_command_refuses_bad_input_in_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["ratings", "--games", "2", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output
