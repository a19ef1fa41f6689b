"""Fixtures of the server tests: a throwaway SQLite store per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from roost.server.store import Store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store(f"sqlite:///{tmp_path / 'roost.db'}")
    yield opened
    opened.engine.dispose()
