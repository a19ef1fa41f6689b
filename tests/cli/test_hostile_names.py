"""Names in the terminal are shown as typed: rich markup, emoji codes and HTML in `--names` are
text, and characters that would change the terminal or reorder the line (escape sequences, the
right-to-left override, zero-width characters) are refused with one line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOST = str(Path(sys.executable).parent / "roost")


def play(names: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [ROOST, "play", "eggo", "--seats", "random,random,random", "--names", names,
         "--pace", "0", "--seed", "1"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_markup_and_html_in_names_are_shown_as_text() -> None:
    names = ["[/]", "[bold red]Bo", ":smile: <b>x"]
    done = play(",".join(names))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "internal error" not in done.stdout and "Traceback" not in done.stderr
    for name in names:
        assert name in done.stdout, name
    assert "\x1b" not in done.stdout  # not a terminal: no styles at all, so none from a name


@pytest.mark.parametrize(
    "bad", ["A\u202eB", "Z\u200bW", "E\x1b[2J", "Ana\u2066x", "\u200b" * 3, "x" * 1000]
)
def test_names_that_would_change_the_terminal_are_refused(bad: str) -> None:
    done = play(f"{bad},Bo,Cy")
    assert done.returncode == 2
    assert done.stdout.startswith("error: --names") and len(done.stdout.splitlines()) <= 2
    assert "\x1b[2J" not in done.stdout and "\u202e" not in done.stdout
