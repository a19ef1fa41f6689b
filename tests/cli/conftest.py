"""Every CLI test runs in a folder of its own, so a game saved by default lands there; and the
commands it starts get Ctrl-C's usual action however the suite itself was started."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _in_a_temporary_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


@pytest.fixture(autouse=True)
def _ctrl_c_reaches_the_commands() -> Iterator[None]:
    """A shell without job control starts a background job (`make test &`) with SIGINT
    ignored, and an ignored signal stays ignored in every child: the tests of Ctrl-C would then
    test how the suite was launched, not the CLI. Catching SIGINT here instead hands each
    command started the default action again (a caught signal is reset at exec)."""
    ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    if not ignored or threading.current_thread() is not threading.main_thread():
        yield
        return
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
