"""Hostile names render as text, on every page: six people sit at one table under names made of
HTML and script, the widest 24 letters, combining marks piled up, right-to-left script, and
zero-width characters; a person plays the game to its end while a phone watches; then the
results, the replay and the lobby. On each page a `window.__pwned` canary stays unset (and the
CSP reports nothing: it would block an injected handler and say so), each name is in the page's
text as typed, and nothing sticks out of a 360 px phone or grows taller than a few lines.
Names the server refuses (1,000 characters, text-direction overrides, nothing visible) get a
clear 422."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.helpers import (
    PHONE,
    Person,
    arrive_and_leave,
    assert_fits,
    person,
    play_until,
    screenshot,
    wait_ready,
    wait_seat,
)
from tests.e2e.live_server import LiveServer

ZALGO = "Z" + "\u0336\u0337\u0338\u0334" * 2 + "a" + "\u0361\u0362\u035c" * 3 + "lgo"
NAMES = [
    '"><svg onload=__pwned=1>',
    "<script>__pwned=1//",
    "W" * 24,
    ZALGO,
    "مرحبا <b>x</b>",
    "Bo\u200b\u200b\u200dx&amp;",
]
"""Seat by seat; the first is the browser's own (typed in the lobby)."""
REFUSED = {
    "x" * 1000: "at most 24 characters",
    "Ana\u202eexe.txt": "text-direction",
    "\u200b\u200b\u200b": "visible",
    "\u0336Ana": "combining mark",
}


def check_page(someone: Person, names: list[str], where: str) -> None:
    page: Page = someone.page
    assert page.evaluate("window.__pwned") is None, f"{where}: a name ran as code"
    assert page.locator("svg[onload], img[onerror], script:not([src])").count() == 0, where
    text: str = page.evaluate("document.body.textContent")
    for name in names:
        assert name in text, f"{where}: {name!r} is not shown as typed"
    tall = page.evaluate(
        """(names) => [...document.querySelectorAll('body *')]
             .filter((el) => el.children.length === 0 && names.includes(el.textContent.trim()))
             .filter((el) => el.getBoundingClientRect().height > 80)
             .map((el) => el.tagName + '.' + el.className)""",
        names,
    )
    assert not tall, f"{where}: a name draws taller than a few lines: {tall}"
    assert not someone.errors, (where, someone.errors)


@pytest.mark.timeout(300)
def test_hostile_names_render_as_text_on_every_page(
    server: LiveServer, browser: Browser, artifacts: Path
) -> None:
    ana = person(browser, "Ana")
    bo = person(browser, "Bo", PHONE)
    page = ana.page
    page.goto(f"{server.url}/?game=eggo")
    wait_ready(page)
    page.fill("#player-name", NAMES[0])
    page.select_option("#players", str(len(NAMES)))
    for seat in range(1, len(NAMES)):
        page.select_option(f"#seat-{seat}", "open")
    page.click("#create")
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[1]
    for name in NAMES[1:-1]:
        joined = httpx.post(
            f"{server.url}/api/tables/{table_id}/join", json={"name": name}, timeout=10
        )
        assert joined.status_code == 200, joined.text
        arrive_and_leave(server.url, table_id, joined.json()["token"])
    bo.page.goto(f"{server.url}/t/{table_id}")  # the waiting table, seen on a phone
    wait_ready(bo.page)
    bo.page.wait_for_function("document.body.textContent.includes('<script>__pwned=1//')")
    check_page(bo, NAMES[:-1], "the waiting table")
    assert_fits(bo.page)
    screenshot(bo.page, artifacts, "hostile-names-waiting-phone")

    last = httpx.post(
        f"{server.url}/api/tables/{table_id}/join", json={"name": NAMES[-1]}, timeout=10
    )
    assert last.status_code == 200, last.text  # the table is full: it starts
    arrive_and_leave(server.url, table_id, last.json()["token"])  # stand-ins play the five
    wait_seat(page, 0)
    wait_seat(bo.page, None)
    rng = random.Random(7)
    play_until([ana], rng, lambda: ana.moves >= 3 or ana.over(), what="three moves")
    for someone, where in ((ana, "the table"), (bo, "the table on a phone")):
        check_page(someone, NAMES, where)
    assert_fits(bo.page)
    screenshot(page, artifacts, "hostile-names-table-desktop")
    screenshot(bo.page, artifacts, "hostile-names-table-phone")

    play_until([ana], rng, ana.over, timeout=200, what="the end")
    page.wait_for_selector("dialog.results-dialog[open]")
    check_page(ana, NAMES, "the results")
    bo.page.goto(f"{server.url}/replay/{table_id}")
    bo.page.wait_for_function("document.body.textContent.includes('<script>__pwned=1//')")
    check_page(bo, NAMES, "the replay")
    assert_fits(bo.page)
    bo.page.goto(f"{server.url}/")
    wait_ready(bo.page)
    check_page(bo, [], "the lobby")
    assert_fits(bo.page)
    for someone in (ana, bo):
        someone.context.close()


@pytest.mark.parametrize("name", list(REFUSED))
def test_names_the_server_refuses_get_a_clear_answer(server: LiveServer, name: str) -> None:
    body = {"game": "eggo", "players": 2, "seats": [{"type": "open"}] * 2, "name": name}
    answer = httpx.post(f"{server.url}/api/tables", json=body, timeout=10)
    assert answer.status_code == 422
    assert REFUSED[name] in answer.json()["error"]["message"]
