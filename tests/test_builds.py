"""The two builds of the engine: the compiled one (the normal install) and the pure-Python
source behave the same, and the build under test is the one asked for."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import roost
from roost.testing.parity import seeded_record

SOURCE = Path(roost.__file__).resolve().parent.parent
ROOT = Path(__file__).resolve().parent.parent


def test_the_build_is_the_one_expected() -> None:
    """``make test`` names the build each pass must run (``ROOST_EXPECT_BUILD``), so a failed
    compile or a wrong ``PYTHONPATH`` cannot pass for the other build."""
    expected = os.environ.get("ROOST_EXPECT_BUILD")
    if not expected:
        pytest.skip("ROOST_EXPECT_BUILD not set: any build will do")
    info = roost.build_info()
    assert info.kind == expected, f"expected the {expected} build, running: {info}"
    assert not info.stale, str(info)


def test_build_info_names_every_engine_module() -> None:
    info = roost.build_info()
    modules = set(info.compiled) | set(info.interpreted)
    assert {"roost.core.state", "roost.bots.ismcts", "roost.games.eggo.state"} <= modules
    assert "roost.core.errors" not in modules  # an exception module: Python in both builds
    assert info.version in str(info)


def _pure_copy(destination: Path) -> Path:
    """The package source without compiled modules."""
    ignore = shutil.ignore_patterns("*.so", "*.pyd", "__pycache__")
    shutil.copytree(SOURCE / "roost", destination / "roost", ignore=ignore)
    return destination


def test_seeded_games_and_searches_are_the_same_in_both_builds(tmp_path: Path) -> None:
    if roost.build_info().kind == "pure":
        pytest.skip("the pure-Python build is running: nothing compiled to compare with")
    pure_source = _pure_copy(tmp_path)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(pure_source), str(ROOT)]))
    script = (
        "import json, roost; from roost.testing.parity import seeded_record; "
        "assert roost.build_info().kind == 'pure', roost.build_info(); "
        "print(json.dumps(seeded_record()))"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    pure = json.loads(result.stdout)
    compiled = json.loads(json.dumps(seeded_record()))
    assert set(pure) == set(compiled)
    for name in compiled:
        for what in compiled[name]:
            assert pure[name][what] == compiled[name][what], f"{name}: {what} differs"
