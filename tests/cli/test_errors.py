"""No traceback, ever, and the right exit code: options checked before any work, Ctrl-C stops
a parallel arena within seconds, rich markup never eats text."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from roost.cli.main import app
from roost.sim.bench import run_benchmarks

runner = CliRunner()
ROOST = [sys.executable, "-m", "roost.cli.main"]


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["arena", "eggo", "--games", "2", "--json", "/nonexistent/dir/x.json"],
            "--json: the folder '/nonexistent/dir' does not exist",
        ),
        (
            ["arena", "eggo", "--bots", "random,heuristic,easy,medium,hard,ismcts,random"],
            "--bots names 7 kinds but a game of eggo has 4 seats",
        ),
        (["arena", "eggo", "--players", "4", "--param", "players=3"], "differs"),
        (["arena", "eggo", "--bots", "ismcts:99999999999999999999"], "at most 200,000"),
        (["arena", "eggo", "--jobs", "0"], "--jobs takes 1 to 64"),
        (["arena", "eggo", "--games", "0"], "--games must be at least 1"),
        (["bench", "--seconds", "0"], "--seconds takes a number of seconds above 0"),
        (["bench", "--seconds", "-1"], "--seconds takes a number of seconds above 0"),
        (["bench", "--seconds", "nan"], "--seconds takes a number of seconds above 0"),
        (["bench", "--seconds", "inf"], "--seconds takes a number of seconds above 0"),
        (["bench", "--game", "chess"], "unknown game 'chess'"),
        (["bench", "--search", "--game", "chess"], "unknown game 'chess'"),
        (["rules", "[bold]x[/bold]"], "unknown game '[bold]x[/bold]'"),
        (["serve", "--grace", "0"], "--grace takes seconds above 0; got 0.0"),
        (["serve", "--arrival-grace", "nan"], "--arrival-grace takes seconds above 0; got nan"),
        (["serve", "--durability", "maybe"], "--durability is one of full, fast, not 'maybe'"),
    ],
)
def test_bad_options_fail_at_once_with_one_line(
    args: list[str], message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[str] = []

    def work(name: str) -> Any:
        def begin(*args: Any, **kwargs: Any) -> None:
            started.append(name)
            raise SystemExit(0)

        return begin

    # each command's work (a game played, a measurement, the server), which a refused option
    # must never reach
    monkeypatch.setattr("roost.sim.arena._play_chunk", work("arena"))
    monkeypatch.setattr("roost.sim.arena._run_parallel", work("arena"))
    monkeypatch.setattr("roost.sim.bench.measure_roost", work("bench"))
    monkeypatch.setattr("roost.sim.search_bench.measure_ours", work("search bench"))
    monkeypatch.setattr("uvicorn.run", work("serve"))
    # the guard sees the work of a good command (so its silence below means something)
    assert runner.invoke(app, ["arena", "eggo", "--games", "1"]).exit_code == 0
    assert started == ["arena"]
    started.clear()
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert message in flat(result.output)
    assert "Traceback" not in result.output
    assert started == []  # refused before the work


def test_a_json_path_that_is_a_folder_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["arena", "eggo", "--games", "2", "--json", str(tmp_path)])
    assert result.exit_code == 2
    assert "is a folder" in flat(result.output)


def test_the_peers_hint_keeps_its_brackets() -> None:
    """Rich markup must not eat "[peers]" from the install hint."""
    console = Console(record=True, width=200)
    run_benchmarks(console, seconds=0.01, games=["eggo"], peers=True, seed=1)
    text = console.export_text()
    if "Peers not installed" in text:
        assert "pip install -e '.[peers]'" in text


def test_version_says_roost() -> None:
    done = subprocess.run([*ROOST, "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    assert done.stdout.startswith("roost ")


def _start(args: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*ROOST, *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a shell's foreground job
    )


def _wait_for_output(process: subprocess.Popen[str], seconds: float = 60.0) -> None:
    """Until the command has printed something (it runs its own code, past the interpreter's
    start-up), or fail after `seconds`."""
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], seconds)
    if not ready:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"the command printed nothing in {seconds:.0f} s")


def _interrupt(process: subprocess.Popen[str]) -> tuple[int, str, float]:
    """Ctrl-C as a terminal sends it: SIGINT to the whole process group."""
    sent = time.perf_counter()
    os.killpg(process.pid, signal.SIGINT)
    try:
        out, err = process.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail("the command did not stop within 15 s of Ctrl-C")
    return process.returncode, out + err, time.perf_counter() - sent


def test_ctrl_c_stops_a_parallel_arena_at_once_without_a_traceback() -> None:
    process = _start(["arena", "eggo", "--bots", "ismcts:300,heuristic", "--games", "400",
                      "--jobs", "2"])  # fmt: skip
    time.sleep(4)  # the workers are busy
    assert process.poll() is None, process.communicate()
    code, output, took = _interrupt(process)
    assert code == 130, output
    assert took < 5, f"took {took:.1f} s to stop"
    assert "Traceback" not in output
    assert "Interrupted" in output
    # no worker is left behind
    time.sleep(0.5)
    left = subprocess.run(["pgrep", "-g", str(process.pid)], capture_output=True, text=True)
    assert left.stdout.strip() == ""


def test_ctrl_c_stops_watching_bots_with_130() -> None:
    process = _start(["play", "eggo", "--seats", "random,random", "--pace", "0.2",
                      "--save", os.devnull])  # fmt: skip
    _wait_for_output(process)  # past start-up: a fixed 3 s was too short under load
    time.sleep(1)
    code, output, _ = _interrupt(process)
    assert code == 130, output
    assert "Traceback" not in output and "Interrupted" in output
