"""Collection rules for the whole repository, for both builds of the engine.

In the compiled build (the normal install) a compiled module's ``.py`` file sits beside its
extension, which Python imports instead: doctests are collected only from modules that run as
Python, and those of compiled modules run in the pure-Python pass of ``make test``.

The doctests of `roost.rl` import the optional `rl` extra (gymnasium, pettingzoo, pyspiel):
without it they are left out, as the tests in tests/rl skip themselves.
"""

from __future__ import annotations

import importlib.util
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

collect_ignore_glob = [] if importlib.util.find_spec("gymnasium") else ["src/roost/rl/*"]


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    if collection_path.suffix != ".py" or "src" not in collection_path.parts:
        return None
    stem = collection_path.with_suffix("")
    if any(stem.with_name(stem.name + suffix).exists() for suffix in EXTENSION_SUFFIXES):
        return True
    return None
