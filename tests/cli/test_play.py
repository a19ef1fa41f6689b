"""`roost play` as a newcomer uses it (typer's runner): every game to its end, help one key away,
choices step by step with a way back, forced moves, seat names, save and resume, watching bots,
and every bad input answered in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import roost
from roost.cli.main import app
from roost.cli.play import parse_choice

runner = CliRunner()
GAMES = list(roost.registered_games())
ONES = "1\n" * 4000


def play(*args: str, input: str = ONES) -> Result:
    return runner.invoke(app, ["play", *args], input=input)


def flat(result: Result) -> str:
    """The output with rich's line wrapping undone."""
    return " ".join(result.output.split())


@pytest.mark.parametrize("name", GAMES)
def test_a_person_plays_each_game_to_its_end(name: str, tmp_path: Path) -> None:
    """Seat 0 always answers 1 (the first choice, or the forced move): the game ends, the
    result names the winners, nothing is saved."""
    save = tmp_path / "game.json"
    result = play(name, "--seed", "7", "--save", str(save))
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert "Your turn" in out and "Since your last move" in out
    assert "Game over" in out and "Result" in out and "played by" in out
    assert "Replay this deal with --seed 7" in out
    assert "return" not in out.split("Game over")[-1]  # a result, not a "return" column
    assert "Traceback" not in out
    assert not save.exists()


def test_the_same_seed_and_answers_give_the_same_game() -> None:
    first = play("eggo", "--seed", "21")
    second = play("eggo", "--seed", "21")
    assert first.output == second.output


def test_help_is_one_key_away_in_every_prompt() -> None:
    result = play("big-chicken", "--seed", "7", input="?\nh\nhelp\n" + ONES)
    out = flat(result)
    assert result.exit_code == 0
    assert out.count("The rules now") == 3
    assert "What is on screen" in out
    assert "? help" in out and "rules" in out


def test_the_whole_rulebook_is_paged(tmp_path: Path) -> None:
    result = play("eggo", "--seed", "7", "--save", str(tmp_path / "s.json"), input="rules\nq\nq\n")
    out = flat(result)
    assert "Stranger Things: Eggo Card Game, as Roost plays it" in out
    assert "-- more: Enter for the next page, q to stop --" in out
    assert "Game stopped" in out


def test_a_forced_move_says_so_and_takes_enter() -> None:
    result = play("eggo", "--seed", "7", input="7\n\n" + ONES)
    out = flat(result)
    assert result.exit_code == 0
    assert "Your only move: play green Will" in out
    assert "Press Enter to play it" in out
    assert "choose 1-1" not in out.lower()


def test_barb_comes_with_what_the_rulebook_says() -> None:
    out = flat(play("eggo", "--seed", "7"))
    assert "Barb can never escape: her card is Upside Down on both sides" in out


def test_choices_go_step_by_step_and_back() -> None:
    """Manda Huevos!: the card, then the container; b goes back to the card."""
    answers = "3\nb\nb\n3\n1\n" + ONES
    result = play("manda-huevos", "--seed", "7", input=answers)
    out = flat(result)
    assert result.exit_code == 0, out[-2000:]
    first = out.index("Which card?")
    assert out.index("Into which container?") > first
    assert "So far: egg 5" in out
    assert "This is the first step: there is nothing to go back to." in out
    prompts = [line for line in result.output.splitlines() if line.startswith("Choose 1-")]
    sizes = [int(line.split()[1].split("-")[1]) for line in prompts]
    assert max(sizes) <= 12  # never more than a screenful in one prompt


def test_big_chicken_offers_the_kind_of_lay_then_the_cards() -> None:
    out = flat(play("big-chicken", "--seed", "7", input="2\n"))
    assert "What do you lay?" in out or "Your move:" in out
    assert "cluck (pass)" in out and "pair ..." in out
    assert "Which cards?" in out and "So far: pair" in out


@pytest.mark.parametrize(
    ("reply", "said"),
    [
        ("x", "'x' is not a choice"),
        ("²", "'²' is not a choice"),
        ("٣", "'٣' is not a choice"),
        ("-1", "'-1' is not a choice"),
        ("0", "There is no choice 0"),
        ("99", "There is no choice 99"),
        ("9" * 5000, "There is no choice 99999999999999999999..."),
        ("", "Type the number of a choice"),
        ("b", "nothing to go back to"),
    ],
)
def test_every_bad_answer_is_refused_in_one_line_and_asked_again(reply: str, said: str) -> None:
    result = play("manda-huevos", "--seed", "7", input=f"{reply}\n" + ONES)
    assert result.exit_code == 0, result.output[-2000:]
    assert said in flat(result)
    assert "Traceback" not in result.output


def test_parse_choice() -> None:
    assert parse_choice("2", 3) == (1, "")
    for reply in ("0", "-1", "", "²", "1.5", "4", "9" * 100):
        assert parse_choice(reply, 3)[0] is None


def test_names_are_used_everywhere_and_you_for_the_keyboard() -> None:
    result = play("egg-bound", "--seed", "3", "--names", "Ana,Bo,Cy,Di")
    out = result.output
    assert result.exit_code == 0
    assert "Bo" in out and "Cy" in out and "Di" in out
    assert "Ana" not in out  # seat 0 is "You" on its own screen
    assert "P1" not in out and "P0" not in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["eggo", "--players", "4", "--names", "Ana,Bo"], "--players 4 but --names with 2"),
        (["eggo", "--names", "Ana,Ana,Bo,Cy"], "two seats have the same name"),
        (["eggo", "--names", "You,A,B,C"], "'You' is kept for the person at the keyboard"),
        (["eggo", "--names", "A" * 40 + ",B,C,D"], "is longer than 16 characters"),
    ],
)
def test_bad_names_are_refused(args: list[str], message: str) -> None:
    result = play(*args)
    assert result.exit_code == 2
    assert message in flat(result)


def test_hot_seat_hands_the_device_over_by_name() -> None:
    result = play(
        "eggo", "--seats", "human,human", "--names", "Ana,Bo", "--seed", "5", input=ONES * 2
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "Pass the device to Bo, then press Enter." in result.output
    assert "Pass the device to Ana, then press Enter." in result.output


def test_quitting_saves_and_resuming_plays_on_exactly(tmp_path: Path) -> None:
    """q saves; --resume continues from there; the game ends exactly as if never stopped."""
    whole = play("big-chicken", "--seed", "9", "--save", str(tmp_path / "unused.json"))
    save = tmp_path / "game.json"
    stopped = play("big-chicken", "--seed", "9", "--save", str(save), input="1\n" * 7 + "q\n")
    assert stopped.exit_code == 0
    assert f"Saved to {save}" in flat(stopped)
    assert f"roost play --resume {save}" in flat(stopped)
    data = json.loads(save.read_text())
    assert data["state"]["game"] == "big-chicken" and data["seed"] == 9
    resumed = play("--resume", str(save))
    assert resumed.exit_code == 0, resumed.output[-2000:]
    assert "Resuming BIG CHICKEN" in resumed.output
    assert "Game resumed at move" in resumed.output
    end = whole.output.split("Game over")[-1]
    assert resumed.output.split("Game over")[-1] == end


def test_the_save_command_saves_and_play_goes_on(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    result = play("eggo", "--seed", "4", "--save", str(save), input="save\n" + ONES)
    assert result.exit_code == 0
    assert f"Saved to {save}. Continue later with: roost play --resume {save}" in flat(result)
    assert save.exists()


def test_end_of_input_saves_and_exits_1(tmp_path: Path) -> None:
    save = tmp_path / "eof.json"
    result = play("eggo", "--seed", "4", "--save", str(save), input="1\n")
    assert result.exit_code == 1
    assert "Input ended before the game did" in flat(result)
    assert save.exists()


def test_the_default_save_file_names_the_game_and_seed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = play("eggo", "--seed", "12", input="q\n")
    assert result.exit_code == 0
    assert (tmp_path / "roost-eggo-12.json").exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "there is no file"),
        ("not json", "is not a saved Roost game (not JSON)"),
        ('{"a": 1}', "is not a saved Roost game"),
        (
            '{"format": "roost-terminal-game", "version": 99}',
            "was saved by another version of Roost",
        ),
        (
            '{"format": "roost-terminal-game", "version": 1, "seats": [], "names": [], '
            '"seed": 1, "state": {"game": "eggo", "params": {}, "history": [999]}}',
            "holds no playable game",
        ),
        (
            '{"format": "roost-terminal-game", "version": 1, "seats": ["human"], '
            '"names": ["A"], "seed": 1, "state": {"game": "eggo", "params": {}, "history": []}}',
            "names the wrong seats",
        ),
        (
            '{"format": "roost-terminal-game", "version": 1, "seats": "x", "names": [], '
            '"seed": 1, "state": {}}',
            "is damaged",
        ),
        (
            '{"format": "roost-terminal-game", "version": 1, "seats": [], "names": [], '
            '"seed": 1, "state": {"game": "chess", "params": {}, "history": []}}',
            "unknown game 'chess'",
        ),
    ],
)
def test_a_bad_save_file_is_refused(tmp_path: Path, content: str | None, message: str) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    result = play("--resume", str(path))
    assert result.exit_code == 2, result.output
    assert message in flat(result)


def test_resume_refuses_options_that_would_change_the_game(tmp_path: Path) -> None:
    result = play("eggo", "--resume", str(tmp_path / "x.json"))
    assert result.exit_code == 2
    assert "--resume continues a saved game as it was: leave out GAME" in flat(result)


@pytest.mark.parametrize("name", GAMES)
def test_bots_only_tables_play_to_the_end(name: str) -> None:
    cls = roost.registered_games()[name]
    seats = ",".join(["random"] * cls.default_players)
    result = play(name, "--seats", seats, "--seed", "3", "--pace", "0")
    assert result.exit_code == 0, result.output[-2000:]
    assert "Game over" in result.output and "What happened" in result.output


def test_watching_bots_shows_every_move_at_a_pace() -> None:
    result = play("eggo", "--seats", "random,random", "--seed", "3", "--pace", "0.001")
    assert result.exit_code == 0
    assert result.output.count("Ctrl-C stops watching") > 10
    assert result.output.count("P0 to move") > 5


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "name a game to play"),
        (["chess"], "unknown game 'chess'"),
        (["eggo", "--players", "9"], "'players' takes an integer from 2 to 6; got 9"),
        (["eggo", "--seats", "human,robot"], "unknown bot 'robot'"),
        (["eggo", "--seats", "human,random", "--players", "3"], "--players 3 but --seats"),
        (["eggo", "--param", "players=3", "--players", "4"], "--players 4 but --param players=3"),
        (["eggo", "--param", "players=3", "--seats", "human,random"], "--param players=3 but"),
        (["eggo", "--param", "speed"], "--param takes key=value"),
        (["eggo", "--param", "colour=red"], "unknown parameter 'colour'"),
        (["eggo", "--bots", "genius"], "unknown bot 'genius'"),
        (["eggo", "--bots", "ismcts:0"], "positive number of iterations"),
        (["eggo", "--bots", "ismcts:99999999999999999999"], "at most 200,000 iterations"),
        (["eggo", "--pace", "-1"], "--pace takes seconds from 0 to 60"),
        (["eggo", "--pace", "nan"], "--pace takes seconds from 0 to 60"),
        (["eggo", "--save", "/nonexistent/dir/x.json"], "does not exist"),
        (["eggo", "--seats", ","], "--seats needs at least one seat"),
        (["eggo", "--seats", "[red]human[/red],random"], "unknown bot '[red]human[/red]'"),
    ],
)
def test_bad_options_are_refused_with_a_clear_error(args: list[str], message: str) -> None:
    result = play(*args)
    assert result.exit_code == 2, result.output
    assert message in flat(result)
    assert "Traceback" not in result.output


def test_version_and_short_help() -> None:
    version = runner.invoke(app, ["--version"])
    assert version.exit_code == 0
    assert version.output.startswith("roost ")
    short = runner.invoke(app, ["-h"])
    assert short.exit_code == 0 and "play" in short.output
    sub = runner.invoke(app, ["play", "-h"])
    assert sub.exit_code == 0 and "--resume" in sub.output and "--names" in sub.output


def test_in_a_memory_variant_the_log_covers_only_the_last_turn() -> None:
    result = play("manda-huevos", "--seed", "4", "--param", "memory=true", "--players", "2")
    assert result.exit_code == 0, result.output[-2000:]
    assert "Since your last turn" in result.output
    assert "Since your last move" not in result.output
