"""The `roost` command as a person uses it: listing, rules, playing, bad input."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import roost
from roost.cli.main import app
from roost.cli.play import parse_choice

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


@pytest.mark.parametrize("name", GAMES)
def test_a_person_can_play_a_whole_game_against_bots(name: str) -> None:
    """Seat 0 always takes the first listed move; the game reaches its end."""
    result = runner.invoke(app, ["play", name, "--seed", "7"], input="1\n" * 5000)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Your moves" in result.output
    assert "Game over" in result.output
    assert "Replay this deal with --seed 7" in result.output


@pytest.mark.parametrize("name", GAMES)
def test_bots_only_tables_play_to_the_end(name: str) -> None:
    cls = roost.registered_games()[name]
    seats = ",".join(["random"] * cls.default_players)
    result = runner.invoke(app, ["play", name, "--seats", seats, "--seed", "3"])
    assert result.exit_code == 0, result.output[-2000:]
    assert "Game over" in result.output


def test_bad_input_is_refused_with_the_reason_and_asked_again() -> None:
    result = runner.invoke(app, ["play", "eggo", "--seed", "7"], input="x\n99\n\n" + "1\n" * 5000)
    assert result.exit_code == 0
    assert "'x' is not a move number" in result.output
    assert "There is no move 99" in result.output
    assert "Type the number of a move" in result.output


def test_quitting_says_how_to_replay() -> None:
    result = runner.invoke(app, ["play", "eggo", "--seed", "11"], input="q\n")
    assert result.exit_code == 0
    assert "Game abandoned" in result.output and "--seed 11" in result.output


def test_hot_seat_hands_the_device_over_between_people() -> None:
    result = runner.invoke(
        app, ["play", "eggo", "--seats", "human,human", "--seed", "5"], input="1\n" * 5000
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "Pass the device to P1" in result.output


def test_the_same_seed_and_moves_replay_the_same_game() -> None:
    first = runner.invoke(app, ["play", "eggo", "--seed", "21"], input="1\n" * 5000)
    second = runner.invoke(app, ["play", "eggo", "--seed", "21"], input="1\n" * 5000)
    assert first.output == second.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "eggo", "--players", "9"], "'players' takes an integer from 2 to 6; got 9"),
        (["play", "eggo", "--seats", "human,robot"], "unknown bot 'robot'"),
        (["play", "eggo", "--seats", "human,random", "--players", "3"], "--seats names 2"),
        (["play", "eggo", "--param", "speed"], "--param takes key=value"),
        (["play", "eggo", "--param", "colour=red"], "unknown parameter 'colour'"),
        (["play", "eggo", "--bots", "genius"], "unknown bot 'genius'"),
        (["play", "eggo", "--bots", "ismcts:0"], "positive number of iterations"),
    ],
)
def test_bad_options_are_refused_with_a_clear_error(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())


def test_parse_choice() -> None:
    assert parse_choice("2", 3) == (1, "")
    assert parse_choice("0", 3)[0] is None
    assert parse_choice("-1", 3)[0] is None
    assert parse_choice("", 3)[0] is None


def test_in_a_memory_variant_the_log_covers_only_the_last_round() -> None:
    result = runner.invoke(
        app,
        ["play", "manda-huevos", "--seed", "4", "--param", "memory=true", "--players", "2"],
        input="1\n" * 3000,
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "Since your last turn" in result.output
    assert "What happened" not in result.output
