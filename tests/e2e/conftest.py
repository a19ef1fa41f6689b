"""Fixtures of the browser tests: a live server, Debian's chromium through Playwright.

The browser is never downloaded: Playwright drives `/usr/bin/chromium` (installed by `make test`
or `.ci/run` with apt when missing). Without it these tests are skipped, saying why.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

from tests.e2e.helpers import wait_until
from tests.e2e.live_server import LiveServer

# The server's Content-Security-Policy is on in these tests and forbids eval, as it should;
# Playwright's wait_for_function evaluates its predicate with eval inside the page, so it is
# replaced by a poll through page.evaluate (DevTools' evaluation, which no page policy limits).
Page.wait_for_function = wait_until  # type: ignore[assignment,method-assign]

CHROMIUM = Path(os.environ.get("ROOST_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
GRACE = 1.5
"""Seconds a closed tab keeps its seat before a stand-in plays (small, for the tests)."""


@pytest.fixture(scope="package")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("roost-e2e"), grace=GRACE) as live:
        yield live


# Package scope: the sync API keeps an event loop running in this thread until it stops, and
# later tests that start a loop of their own (asyncio.run) must not find it still running.
@pytest.fixture(scope="package")
def playwright() -> Iterator[Playwright]:
    if not CHROMIUM.exists():  # pragma: no cover - depends on the machine
        pytest.skip(f"{CHROMIUM} is missing: install Debian's chromium (make test does, as root)")
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="package")
def browser(playwright: Playwright) -> Iterator[Browser]:
    # Playwright gives every launch a fresh temporary profile (user-data dir) of its own.
    launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    yield launched
    launched.close()


@pytest.fixture(scope="package")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
