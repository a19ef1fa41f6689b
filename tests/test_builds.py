"""The two builds of the engine: the compiled one (the normal install) and the pure-Python
source behave the same, and the build under test is the one asked for."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

import roost
import roost.build
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


def _load_build_module(root: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """``roost/build.py`` of the tree under `root`, loaded alone (no engine module imported:
    the tree's compiled files are fakes)."""
    spec = importlib.util.spec_from_file_location("fake_build", root / "roost" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "fake_build", module)  # its dataclass looks itself up
    spec.loader.exec_module(module)
    return module


def _fake_tree(root: Path) -> Path:
    """A package tree under `root` with fake compiled modules, each newer than its source."""
    suffix = EXTENSION_SUFFIXES[0]
    package = root / "roost"
    eggo = package / "games" / "eggo"
    eggo.mkdir(parents=True)
    (package / "rl").mkdir()
    shutil.copy(SOURCE / "roost" / "build.py", package / "build.py")
    for folder, stem in ((eggo, "state"), (eggo, "views"), (package / "rl", "encoding")):
        (folder / f"{stem}{suffix}").write_bytes(b"")
        (folder / f"{stem}.py").write_text("")
        os.utime(folder / f"{stem}{suffix}", (1_000_000, 1_000_000))
        os.utime(folder / f"{stem}.py", (900_000, 900_000))
    (eggo / "hidden.py").write_text("")  # no compiled module: never stale
    return package


def _edit(package: Path) -> None:
    """Edit two sources after the build."""
    os.utime(package / "games" / "eggo" / "state.py", (1_000_001, 1_000_001))
    os.utime(package / "rl" / "encoding.py", (1_000_001, 1_000_001))


def test_stale_modules_compares_each_compiled_file_with_its_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A compiled module older than its source is stale; a newer one and a source without
    one are not; nor is anything in an installed package (pip's times say nothing)."""
    package = _fake_tree(tmp_path / "src")
    build = _load_build_module(package.parent, monkeypatch)
    assert build.stale_modules() == ()
    _edit(package)
    assert build.stale_modules() == ("roost.games.eggo.state", "roost.rl.encoding")
    installed = _fake_tree(tmp_path / "site-packages")
    _edit(installed)
    assert _load_build_module(installed.parent, monkeypatch).stale_modules() == ()


def test_stale_modules_agrees_with_build_info_and_is_cheap() -> None:
    started = time.perf_counter()
    stale = roost.build.stale_modules()
    took = time.perf_counter() - started
    assert stale == tuple(sorted(roost.build_info().stale))
    assert took < 0.05, f"the start-up check took {took * 1000:.1f} ms"


def test_the_cli_refuses_a_stale_build_before_any_command(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from roost.cli.main import app

    monkeypatch.setattr(roost.build, "stale_modules", lambda: ("roost.games.eggo.state",))
    runner = CliRunner()
    for argv in (["games"], ["rules", "eggo"], ["play", "eggo", "--seats", "random,random"]):
        result = runner.invoke(app, argv)
        assert result.exit_code == 2, result.output
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and "make build" in lines[0], result.output
        assert "roost.games.eggo.state" in lines[0] and "Traceback" not in result.output
    version = runner.invoke(app, ["--version"])
    assert version.exit_code == 0 and "roost" in version.output
    monkeypatch.setattr(roost.build, "stale_modules", lambda: ())
    assert runner.invoke(app, ["games"]).exit_code == 0
