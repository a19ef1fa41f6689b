"""What a person sees while the server's database is away: a server whose SQLite file lives on a
small tmpfs, filled mid-game. Ana's move is refused with a message saying it was not stored
and not played (the page stays at the same version), and once the disk has room again her next
click plays (the page moves on), with no error and no CSP report in the page."""

from __future__ import annotations

import random
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.helpers import person, take_turn
from tests.e2e.live_server import LiveServer
from tests.server.disks import empty_wal, fill, mount_tmpfs


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    disk = tmp_path / "disk"
    disk.mkdir()
    mount_tmpfs(disk, "8m")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


@pytest.mark.timeout(180)
def test_a_move_on_a_full_disk_is_refused_visibly_and_play_resumes(
    browser: Browser, small_disk: Path
) -> None:
    with LiveServer(small_disk, grace=30.0) as server:
        seats = [{"type": "open"}, {"type": "bot", "level": "easy"}]
        body = {"game": "eggo", "players": 2, "seats": seats, "name": "Ana"}
        grant = httpx.post(f"{server.url}/api/tables", json=body, timeout=30).json()
        ana = person(browser, "Ana")
        page = ana.page
        page.goto(f"{server.url}/")
        page.evaluate(
            "([id, seat, token]) => localStorage.setItem('roost.seat.' + id,"
            " JSON.stringify({seat, token, name: 'Ana'}))",
            [grant["table"]["id"], grant["seat"], grant["token"]],
        )
        page.goto(f"{server.url}/t/{grant['table']['id']}")
        rng = random.Random(3)
        page.wait_for_function("document.body.dataset.myTurn === 'true'", timeout=30_000)
        version = page.evaluate("document.body.dataset.version")
        empty_wal(small_disk / "roost.db")
        filler = fill(small_disk)
        try:
            assert take_turn(ana, rng)
            toast = page.locator(".toast-error", has_text="was not stored")
            expect(toast).to_be_visible(timeout=10_000)
            expect(toast).to_contain_text("Try again in a moment")
            assert page.evaluate("document.body.dataset.version") == version  # nothing played
            assert page.evaluate("document.body.dataset.myTurn") == "true"
        finally:
            filler.unlink()
        for _ in range(20):  # Ana clicks again: the move is stored and the page moves on
            if page.evaluate("document.body.dataset.version") != version:
                break
            if ana.my_turn():
                take_turn(ana, rng)
            page.wait_for_timeout(300)
        assert page.evaluate("document.body.dataset.version") != version
        assert not ana.errors, ana.errors
        ana.context.close()
