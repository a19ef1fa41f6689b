"""The terminal's language is process-wide: every test here leaves it English, as the rest of
the suite expects."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from roost.i18n import SOURCE_LANGUAGE, set_language


@pytest.fixture(autouse=True)
def _in_a_temporary_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game saved by default lands in the test's own folder."""
    monkeypatch.chdir(tmp_path)


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    set_language(SOURCE_LANGUAGE)
