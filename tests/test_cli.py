"""The `roost` command: listing games and reading their rules (playing: tests/cli/)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import roost
from roost.cli.main import app

runner = CliRunner()
GAMES = list(roost.registered_games())


def test_games_lists_every_game_with_its_player_range() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    for name, cls in roost.registered_games().items():
        assert name in result.output
        assert f"{cls.min_players}-{cls.max_players}" in result.output


@pytest.mark.parametrize("name", GAMES)
def test_rules_shows_the_rules_file_and_parameters(name: str) -> None:
    result = runner.invoke(app, ["rules", name])
    assert result.exit_code == 0, result.output
    assert "players" in result.output
    assert "Parameters" in result.output


def test_rules_of_an_unknown_game_names_the_games() -> None:
    result = runner.invoke(app, ["rules", "chess"])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output
    assert "eggo" in result.output
