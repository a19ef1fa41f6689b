"""One version, told the same everywhere: `roost._version`, the installed metadata, the
changelog's newest release, `roost --version` and the server's `/api/health` (which also say the
build and the protocol version)."""

from __future__ import annotations

import os
import re
from importlib.metadata import version as installed_version
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import roost
from roost._version import __version__
from roost.build import build_info
from roost.cli.main import app
from roost.server.app import create_app
from roost.server.config import Settings
from roost.server.protocol import PROTOCOL_VERSION

ROOT = Path(__file__).resolve().parent.parent
SEMVER = re.compile(r"^\d+\.\d+\.\d+(?:(?:a|b|rc)\d+)?(?:\.dev\d+)?$")


def test_one_version_source() -> None:
    assert SEMVER.match(__version__), __version__
    assert roost.__version__ == __version__
    # pyproject reads it from roost._version (setuptools' dynamic version), never its own copy
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject
    assert 'version = { attr = "roost._version.__version__" }' in pyproject
    assert not re.search(r'(?m)^version\s*=\s*"', pyproject), "a second version in pyproject"
    assert installed_version("roost") == __version__, "reinstall: the metadata is stale"


def test_the_changelog_starts_from_this_version() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    releases = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$", text, re.M)
    assert releases[0] == ("Unreleased", ""), "Keep a Changelog: Unreleased comes first"
    names = [name for name, _ in releases[1:]]
    assert names and names[0] == __version__, f"the newest release is {names[:1]}"
    assert names[-1] == "0.1.0" and all(date for _, date in releases[1:])
    for name, _ in releases[1:]:
        assert re.search(
            rf"^## \[{re.escape(name)}\] - .*\n\n(### (Added|Changed|Deprecated|"
            r"Removed|Fixed|Security)|The )",
            text,
            re.M,
        ), name


def test_roost_version_says_version_build_and_protocol() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0, result.output
    first, second = result.output.strip().splitlines()
    assert first == str(build_info())
    assert first.startswith(f"roost {__version__}, ")
    expected = os.environ.get("ROOST_EXPECT_BUILD")
    if expected == "compiled":
        assert "compiled with mypyc" in first
    elif expected == "pure":
        assert "pure Python" in first
    assert second.startswith(f"protocol {PROTOCOL_VERSION} ")


def test_health_reports_version_build_and_protocol(tmp_path: Path) -> None:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'health.db'}", bot_workers=0, bot_pause=0.0
    )
    with TestClient(create_app(settings)) as client:
        health = client.get("/api/health").json()
    assert health["ok"] is True
    assert health["version"] == __version__
    assert health["protocol"] == PROTOCOL_VERSION
    assert health["build"] == build_info().kind
    expected = os.environ.get("ROOST_EXPECT_BUILD")
    if expected:
        assert health["build"] == expected


@pytest.mark.parametrize("path", ["README.md", "CHANGELOG.md"])
def test_no_other_version_is_claimed(path: str) -> None:
    """A `roost X.Y.Z` written in the README or a page is the version that runs."""
    text = (ROOT / path).read_text(encoding="utf-8")
    for claimed in re.findall(r"\broost (\d+\.\d+\.\d+)\b", text):
        assert claimed == __version__, f"{path} claims roost {claimed}"
