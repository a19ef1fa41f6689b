"""Measure two builds of the engine in one run: a worker process per measurement, each under
its own build's interpreter, answering with one line of JSON.

A build is a Python interpreter whose environment has roost installed (a worktree's
``.venv/bin/python``): the worker script is this checkout's, but what it imports is that
interpreter's roost, so the same fixed work runs on the old engine and the new. The workers'
code must therefore use only what both builds have (the ``worker`` modes of
``scripts/cpu_ratios.py`` and ``scripts/wall_ratios.py`` fall back where the old build lacks a
newer call, and say so in their answer).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any


class WorkerError(Exception):
    """A worker failed or did not answer: the message says which build and why."""


@dataclass(frozen=True)
class Build:
    """One engine to measure: its label (``after``, ``before``) and its interpreter."""

    label: str
    python: str


def check_python(path: str) -> str | None:
    """Why `path` cannot be a build's interpreter, or None if it can (an executable file)."""
    candidate = Path(path)
    if not candidate.is_file():
        return (
            f"{path} is not a file (give a venv's bin/python, e.g. /work/wt-base/.venv/bin/python)"
        )
    if not os.access(candidate, os.X_OK):
        return f"{path} is not executable"
    return None


def run_worker(build: Build, script: str, args: list[str]) -> dict[str, Any]:
    """Run `script` with `args` under `build`'s interpreter and return the JSON object it
    prints last on stdout. The environment is passed on unchanged (a ``PYTHONPATH`` applies to
    every build alike)."""
    done = subprocess.run(
        [build.python, script, *args], capture_output=True, text=True, check=False
    )
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        tail = done.stderr.strip().splitlines()[-1:] or ["(no output)"]
        raise WorkerError(
            f"the {build.label} build ({build.python}) failed with exit code "
            f"{done.returncode}: {tail[0]}"
        )
    try:
        answer = json.loads(lines[-1])
    except json.JSONDecodeError:
        raise WorkerError(
            f"the {build.label} build ({build.python}) answered {lines[-1][:80]!r}, not JSON"
        ) from None
    if not isinstance(answer, dict):
        raise WorkerError(f"the {build.label} build ({build.python}) answered {answer!r}")
    return answer


def in_turn(items: list[Any], round_: int) -> list[Any]:
    """`items` rotated by `round_`: each round starts with the next one, so over the rounds
    none is always measured first (or always right after another)."""
    shift = round_ % len(items) if items else 0
    return items[shift:] + items[:shift]


def describe_build() -> dict[str, str]:
    """This process's roost: where it is imported from and how it is built (a worker's
    answer carries it, so the report names what was measured)."""
    import roost
    from roost.build import build_info

    return {"roost": str(Path(roost.__file__).parent), "build": str(build_info())}


def answer(payload: dict[str, Any]) -> None:
    """Print a worker's answer: one line of JSON, last on stdout."""
    sys.stdout.write(json.dumps(payload) + "\n")
