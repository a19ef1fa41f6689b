"""`roost review SAVED.json [--seat N]` and `roost play --hints`: a person's own game reviewed
in the terminal from any of the three files it may come in, and bad input in one line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from roost.bots import make_bot
from roost.cli.main import app
from roost.coach.review import ReviewSettings, review_seat
from roost.core.registry import load_game
from roost.core.runner import play_game

runner = CliRunner()


def flat(result: Result) -> str:
    return " ".join(result.output.split())


def a_game(tmp_path: Path) -> tuple[dict[str, object], Path, Path, Path]:
    """One Egg Bound game as a terminal save (Ana in seat 2), a server replay's export seen
    by seat 1, and a bare state."""
    game = load_game("egg-bound", players=3)
    bots = [make_bot("random", game, seat) for seat in range(3)]
    state = play_game(game, bots, random.Random(4)).to_json()
    save = tmp_path / "save.json"
    save.write_text(
        json.dumps(
            {
                "format": "roost-terminal-game",
                "version": 1,
                "state": state,
                "seats": ["medium", "medium", "human"],
                "names": ["Bo", "Cy", "Ana"],
                "seed": 4,
            }
        )
    )
    replay = tmp_path / "replay.json"
    seats = [{"seat": i, "name": n} for i, n in enumerate(("Bo", "Cy", "Ana"))]
    replay.write_text(
        json.dumps(
            {
                "table": {"game": "egg-bound", "params": state["params"], "seats": seats},
                "viewer": 1,
                "history": state["history"],
                "steps": [],
            }
        )
    )
    bare = tmp_path / "state.json"
    bare.write_text(json.dumps(state))
    return state, save, replay, bare


def test_a_saved_game_is_reviewed_for_the_person_with_the_engines_numbers(tmp_path: Path) -> None:
    state, save, _, _ = a_game(tmp_path)
    out_json = tmp_path / "review.json"
    result = runner.invoke(
        app, ["review", str(save), "--iterations", "150", "--json", str(out_json)]
    )
    assert result.exit_code == 0, result.output
    out = flat(result)
    assert "Review of Ana (seat 2) in Egg Bound, 3 players" in out
    assert "from this seat's information only" in out
    assert "Win chance after each of your moves" in out
    assert "Summary:" in out and "average loss" in out
    written = json.loads(out_json.read_text())
    game = load_game("egg-bound", players=3)
    expected = review_seat(game, state["history"], 2, ReviewSettings.for_budget(150))  # type: ignore[arg-type]
    assert written == expected.to_json()
    for decision in expected.decisions:
        if decision.mark is not None:
            assert decision.mark in out


def test_a_replay_export_is_reviewed_for_its_viewer_and_any_file_for_a_seat_named(
    tmp_path: Path,
) -> None:
    _, _, replay, bare = a_game(tmp_path)
    seen = runner.invoke(app, ["review", str(replay), "--iterations", "100"])
    assert seen.exit_code == 0, seen.output
    assert "Review of Cy (seat 1)" in flat(seen)
    named = runner.invoke(app, ["review", str(bare), "--seat", "0", "--iterations", "100"])
    assert named.exit_code == 0, named.output
    assert "Review of P0 (seat 0)" in flat(named)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["review", "missing.json"], "there is no file 'missing.json'"),
        (["review", "."], "is a folder"),
        (["review", "STATE", "--iterations", "0"], "--iterations takes 1 to 200,000"),
        (["review", "STATE"], "name the seat to review with --seat 0..2"),
        (["review", "STATE", "--seat", "3"], "--seat: this game has seats 0 to 2; got 3"),
        (["review", "STATE", "--seat", "0", "--jobs", "0"], "--jobs takes 1 to 64"),
        (["review", "NOTJSON", "--seat", "0"], "is not a saved game (not JSON)"),
        (["review", "OTHER", "--seat", "0"], "is not a saved game: give a file of roost play"),
        (["review", "BAD", "--seat", "0"], "holds no game that can be replayed: illegal action"),
        (["review", "STATE", "--seat", "0", "--json", "/nonexistent/x.json"], "does not exist"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(
    tmp_path: Path, args: list[str], message: str
) -> None:
    _, _, _, bare = a_game(tmp_path)
    (tmp_path / "notjson.json").write_text("{")
    (tmp_path / "other.json").write_text('{"hello": 1}')
    (tmp_path / "bad.json").write_text('{"game": "eggo", "history": [999]}')
    files = {
        "STATE": str(bare),
        "NOTJSON": str(tmp_path / "notjson.json"),
        "OTHER": str(tmp_path / "other.json"),
        "BAD": str(tmp_path / "bad.json"),
    }
    result = runner.invoke(app, [files.get(arg, arg) for arg in args])
    assert result.exit_code == 2, result.output
    assert message in flat(result)
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_play_with_hints_offers_hint_and_shows_the_search_s_moves() -> None:
    result = runner.invoke(
        app, ["play", "big-chicken", "--seed", "7", "--hints"], input="hint\n" + "1\n" * 4000
    )
    assert result.exit_code == 0, result.output[-2000:]
    out = flat(result)
    assert "· hint)" in out
    assert "The hard bot would play:" in out and "win chance" in out
    assert "Estimated by search from what you know only" in out


def test_hint_without_hints_says_how_to_turn_them_on() -> None:
    result = runner.invoke(
        app, ["play", "big-chicken", "--seed", "7"], input="hint\n" + "1\n" * 4000
    )
    assert result.exit_code == 0
    assert "Hints are off in this game: start it with roost play --hints." in flat(result)
