"""`roost play` in a real pseudo-terminal (pexpect): a whole game, the hot-seat clearing the
scrollback, and the exit codes of Ctrl-C and of the end of input."""

from __future__ import annotations

import sys
from pathlib import Path

import pexpect
import pytest

ROOST = [sys.executable, "-m", "roost.cli.main"]
PROMPT = r"(Choose 1-\d+|Press Enter to play it)"


def spawn(*args: str, cwd: Path) -> pexpect.spawn[str]:
    child = pexpect.spawn(
        ROOST[0],
        [*ROOST[1:], "play", *args],
        cwd=str(cwd),
        dimensions=(40, 100),
        encoding="utf-8",
        timeout=30,
        env={"PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "COLUMNS": "100"},
    )
    return child


def finish(child: pexpect.spawn[str]) -> int:
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus is not None or child.signalstatus is None
    return int(child.exitstatus if child.exitstatus is not None else -1)


def test_a_whole_game_in_a_terminal(tmp_path: Path) -> None:
    child = spawn("eggo", "--seed", "7", "--players", "3", cwd=tmp_path)
    moves = 0
    while True:
        found = child.expect([PROMPT, "Replay this deal"])
        if found == 1:
            break
        moves += 1
        assert moves < 400
        child.sendline("1")
    assert finish(child) == 0
    assert moves > 5


def test_hot_seat_clears_the_screen_and_its_scrollback(tmp_path: Path) -> None:
    child = spawn("eggo", "--seats", "human,human", "--names", "Ana,Bo", "--seed", "5",
                  cwd=tmp_path)  # fmt: skip
    child.expect("Pass the device to Ana")
    assert "\x1b[3J" in str(child.before)
    child.sendline("")
    child.expect(PROMPT)
    child.sendline("1")  # Ana chooses Will
    child.expect("Pass the device to Bo")
    screen = child.before or ""
    assert "\x1b[2J\x1b[3J\x1b[H" in screen  # the screen and the scrollback are wiped
    child.sendintr()
    assert finish(child) == 130


def test_ctrl_c_exits_130_and_saves(tmp_path: Path) -> None:
    child = spawn("manda-huevos", "--seed", "3", cwd=tmp_path)
    child.expect(PROMPT)
    child.sendintr()
    child.expect("Interrupted")
    assert finish(child) == 130
    assert (tmp_path / "roost-manda-huevos-3.json").exists()
    assert "Traceback" not in (child.before or "")


@pytest.mark.parametrize("name", ["egg-bound", "big-chicken"])
def test_end_of_input_exits_1(name: str, tmp_path: Path) -> None:
    child = spawn(name, "--seed", "3", cwd=tmp_path)
    child.expect(PROMPT)
    child.sendeof()
    child.expect("Input ended before the game did")
    assert finish(child) == 1
