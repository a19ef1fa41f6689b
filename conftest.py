"""Collection rules for the whole repository, for both builds of the engine.

In the compiled build (the normal install) a compiled module's ``.py`` file sits beside its
extension, which Python imports instead: doctests are collected only from modules that run as
Python, and those of compiled modules run in the pure-Python pass of ``make test``.

The doctests of `roost.rl` import the optional `rl` extra (gymnasium, pettingzoo, pyspiel):
without it they are left out, as the tests in tests/rl skip themselves.
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import sys
import threading
import traceback
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

collect_ignore_glob = [] if importlib.util.find_spec("gymnasium") else ["src/roost/rl/*"]

# The terminal speaks the language the environment asks for (roost.i18n): the tests read its
# English, so the test run asks for English whatever the machine's locale (the tests of the
# choice itself pass their own environment; subprocesses inherit this one).
os.environ["LANGUAGE"] = "en"


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    if collection_path.suffix != ".py" or "src" not in collection_path.parts:
        return None
    stem = collection_path.with_suffix("")
    if any(stem.with_name(stem.name + suffix).exists() for suffix in EXTENSION_SUFFIXES):
        return True
    return None


# --- the longest tests first ------------------------------------------------------------------
# pytest-xdist hands tests to its workers in collection order, so a long test collected last
# leaves the other core idle while it runs. The run is ordered longest module first, by the
# seconds each module took in a recorded run (tests/durations.json, refreshed by
# tests/durations.py) or, for a module not recorded yet, the bounds its long tests declare
# (@pytest.mark.timeout). Tests that share a fixture stay together: a module's (module-scoped
# servers), and a package's whose fixtures are package-scoped (tests/e2e: a live server and
# chromium per worker, and Playwright's loop must stop before other tests start theirs).
PACKAGE_GROUPS = ("tests/e2e",)
"""Folders whose modules run as one group (their conftest's fixtures are package-scoped)."""
RECORDED = Path(__file__).with_name("tests") / "durations.json"


def declared_seconds(items: list[pytest.Item]) -> float:
    """A module's length as its tests declare it: a tenth of each long test's own timeout
    (the long tests all set one), a tenth of a second for any other."""
    total = 0.0
    for item in items:
        marker = item.get_closest_marker("timeout")
        total += float(marker.args[0]) / 10 if marker is not None and marker.args else 0.1
    return total


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    recorded: dict[str, float] = json.loads(RECORDED.read_text()) if RECORDED.exists() else {}
    root = config.rootpath
    modules: dict[str, list[pytest.Item]] = {}
    for item in items:
        where = item.path.relative_to(root).as_posix() if item.path.is_relative_to(root) else ""
        modules.setdefault(where, []).append(item)
    seconds = {
        where: recorded.get(where, declared_seconds(tests)) for where, tests in modules.items()
    }
    groups: dict[str, list[str]] = {}
    for where in sorted(modules, key=lambda module: -seconds[module]):
        package = next((p for p in PACKAGE_GROUPS if where.startswith(p + "/")), None)
        groups.setdefault(package or where, []).append(where)
    ordered = sorted(groups.values(), key=lambda group: -sum(seconds[m] for m in group))
    items[:] = [item for group in ordered for module in group for item in modules[module]]


# --- no test can hang ------------------------------------------------------------------------
# pytest-timeout bounds every test (`timeout` in pyproject.toml; longer tests say their own
# bound with @pytest.mark.timeout). On expiry the test fails with the stack of every thread in
# its failure report, so that the trace reaches the summary even from an xdist worker, where
# what pytest-timeout writes to the terminal is lost.


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item: pytest.Item, settings: Any) -> bool | None:
    if settings.method != "signal" or threading.current_thread() is not threading.main_thread():
        return None  # pytest-timeout's own timer thread dumps the stacks and exits

    def expired(_signum: int, _frame: FrameType | None) -> None:
        __tracebackhide__ = True
        pytest.fail(f"Timeout: over {settings.timeout:g} s\n\n{every_thread_stack()}")

    def cancel() -> None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)

    item.cancel_timeout = cancel  # type: ignore[attr-defined]  # read by pytest-timeout
    signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, settings.timeout)
    return True


def every_thread_stack() -> str:
    """The stack of every thread of this process, the current one included, as text."""
    names = {thread.ident: thread.name for thread in threading.enumerate()}
    parts = []
    for ident, frame in sys._current_frames().items():
        parts.append(f"--- thread {names.get(ident, '?')} ({ident}) ---")
        parts.append("".join(traceback.format_stack(frame)))
    return "\n".join(parts)
