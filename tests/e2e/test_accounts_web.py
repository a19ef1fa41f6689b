"""Players who come back, in the browser (Debian's chromium): sign up, play a rated game against
a bot to the end, see the rating move and the game on the profile; sign out, sign in from a
second browser context and find the history there; a guest's finished game kept after signing
up; quick play seating two people from two contexts at one table; and issue 25's whole path:
sign up on a phone, a rated BIG CHICKEN game from "Play now" against the bots that fill the
table, then the rating and the game on the profile from a laptop."""

from __future__ import annotations

import random
import re
import secrets
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.helpers import (
    PHONE,
    Person,
    assert_fits,
    lay_by_selection,
    person,
    play_until,
    screenshot,
    wait_ready,
)
from tests.e2e.live_server import LiveServer

PASSWORD = "three little hens"


def unique(prefix: str) -> str:
    """A user name no other test of this server took (the server lives for the package)."""
    return f"{prefix}{secrets.token_hex(3)}"


def submit(page: Page, dialog: str, name: str) -> None:
    """Press the dialog's Sign up / Sign in and wait for the page's reload that follows (the
    client reloads 300 ms after the answer, to draw the page for an account): a test that goes
    on before it would have its clicks lost, or its next goto cancelled, by that reload."""
    with page.expect_navigation(timeout=15_000):
        page.locator(f'{dialog} [data-key="submit"]').click()
    wait_ready(page)
    expect(page.locator("#account-nav .account-name")).to_have_text(name, timeout=15_000)


def sign_up(page: Page, server: LiveServer, name: str) -> None:
    page.goto(f"{server.url}/")
    wait_ready(page)
    page.click("#sign-up")
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    submit(page, "#sign-up-dialog", name)


def sign_in(page: Page, server: LiveServer, name: str) -> None:
    page.goto(f"{server.url}/")
    wait_ready(page)
    page.click("#sign-in")
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    submit(page, "#sign-in-dialog", name)


def play_against_a_bot(someone: Person, server: LiveServer, rated: bool) -> str:
    """From the lobby: a short Manda Huevos! table against an easy bot, played to the end by
    clicking; returns the table id."""
    page = someone.page
    page.goto(f"{server.url}/?game=manda-huevos")
    wait_ready(page)
    if not page.locator("#player-name").input_value():
        page.fill("#player-name", someone.name)
    page.select_option("#players", "2")
    page.select_option("#seat-1", "bot:easy")
    if rated:
        page.check("#rated")
    page.locator("details.options summary").click()
    page.locator("#param-quick").set_checked(True)
    page.click("#create")
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[1]
    rng = random.Random(table_id)
    play_until([someone], rng, someone.over, timeout=150, what="the end")
    return table_id


def test_sign_up_play_rated_see_the_rating_then_sign_in_elsewhere(
    server: LiveServer, browser: Browser, artifacts: Path
) -> None:
    name = unique("Ana")
    ana = person(browser, name)
    sign_up(ana.page, server, name)
    expect(ana.page.locator("#player-name")).to_have_value(name)
    table_id = play_against_a_bot(ana, server, rated=True)

    page = ana.page
    page.goto(f"{server.url}/u/{name}")
    wait_ready(page)
    expect(page.locator("h1")).to_have_text(name)
    card = page.locator(".rating-card")
    expect(card).to_have_count(1)
    expect(card.locator("h3")).to_have_text("Manda Huevos!")
    number = card.locator(".rating-number .big").inner_text()
    assert re.fullmatch(r"\d+\?", number) and number != "1000?", number  # it moved
    expect(card.locator("svg.rating-plot")).to_be_visible()
    row = page.locator(".games-table tbody tr")
    expect(row).to_have_count(1)
    expect(row.locator("a.button")).to_have_attribute("href", f"/replay/{table_id}")
    expect(row).to_contain_text("rated")
    screenshot(page, artifacts, "profile-desktop")

    page.click("#account-menu")
    page.click("#sign-out")
    expect(page.locator("#sign-in")).to_be_visible(timeout=15_000)

    elsewhere = person(browser, name, PHONE)
    sign_in(elsewhere.page, server, name)
    elsewhere.page.goto(f"{server.url}/me/games")
    wait_ready(elsewhere.page)
    mine = elsewhere.page.locator(".games-table tbody tr")
    expect(mine).to_have_count(1)
    expect(mine.locator("a.button")).to_have_attribute("href", f"/replay/{table_id}")
    assert_fits(elsewhere.page)
    screenshot(elsewhere.page, artifacts, "my-games-phone")
    elsewhere.page.goto(f"{server.url}/leaderboard/manda-huevos")
    wait_ready(elsewhere.page)
    expect(elsewhere.page.locator("h1")).to_contain_text("leaderboard")
    assert not ana.errors and not elsewhere.errors, (ana.errors, elsewhere.errors)
    for someone in (ana, elsewhere):
        someone.context.close()


def test_a_guests_finished_game_is_kept_after_signing_up(
    server: LiveServer, browser: Browser
) -> None:
    name = unique("Bo")
    bo = person(browser, name)
    table_id = play_against_a_bot(bo, server, rated=False)
    sign_up(bo.page, server, name)
    bo.page.goto(f"{server.url}/me/games")
    wait_ready(bo.page)
    row = bo.page.locator(".games-table tbody tr")
    expect(row).to_have_count(1)
    expect(row.locator("a.button")).to_have_attribute("href", f"/replay/{table_id}")
    bo.page.goto(f"{server.url}/u/{name}")
    wait_ready(bo.page)
    expect(bo.page.locator(".stats")).to_contain_text("1 game")
    assert not bo.errors, bo.errors
    bo.context.close()


def test_quick_play_seats_two_people_at_one_table(browser: Browser, tmp_path: Path) -> None:
    """On a server of its own, so that no other test's open table is the oldest."""
    with LiveServer(tmp_path) as own:
        quick_play_twice(own, browser)


def quick_play_twice(server: LiveServer, browser: Browser) -> None:
    cy = person(browser, "Cy")
    di = person(browser, "Di", PHONE)
    tables = []
    for someone in (cy, di):
        page = someone.page
        page.goto(f"{server.url}/")
        wait_ready(page)
        page.fill("#player-name", someone.name)
        page.locator('.play-now[data-game="egg-bound"]').click()
        page.wait_for_url("**/t/*")
        tables.append(page.url.rsplit("/", 1)[1])
    assert tables[0] == tables[1]
    for someone, seat in ((cy, "0"), (di, "1")):
        someone.page.wait_for_function(f"document.body.dataset.seat === '{seat}'")
    assert not cy.errors and not di.errors, (cy.errors, di.errors)
    for someone in (cy, di):
        someone.context.close()


@pytest.mark.timeout(300)
def test_sign_up_on_a_phone_play_rated_now_see_it_from_a_laptop(
    browser: Browser, tmp_path: Path, artifacts: Path
) -> None:
    """Issue 25's "Done when", as a newcomer walks it: sign up on a phone, choose rated, press
    "Play now" on BIG CHICKEN, play the bots that fill the open seats to the end; the next day,
    on a laptop (a new browser, no cookies), sign in and find the rating and the game on the
    profile. On a server of its own: quick play joins the oldest open table, and the bots come
    after five seconds (the least a table's fill_after may be) instead of thirty."""
    with LiveServer(tmp_path, quick_fill=5) as own:
        name = unique("Eva")
        eva = person(browser, name, PHONE)
        sign_up(eva.page, own, name)
        page = eva.page
        expect(page.locator("#player-name")).to_have_value(name)
        page.check("#rated")
        page.locator('.play-now[data-game="big-chicken"]').click()
        page.wait_for_url("**/t/*", timeout=15_000)
        table_id = page.url.rsplit("/", 1)[1]
        page.wait_for_function("document.body.dataset.seat === '0'", timeout=15_000)
        info = httpx.get(f"{own.url}/api/tables/{table_id}", timeout=10).json()
        assert info["game"] == "big-chicken" and info["rated"], info
        assert_fits(page)
        # nothing covers the top bar's links (the chat's button sits at its end on a phone)
        covered = page.evaluate(
            """() => [...document.querySelectorAll('#account-nav a, #account-nav button')]
                 .filter((el) => el.offsetParent !== null)
                 .filter((el) => { const r = el.getBoundingClientRect();
                   const x = r.left + r.width * 0.75, y = r.top + r.height / 2;
                   const hit = document.elementFromPoint(x, y);
                   return !el.contains(hit); })
                 .map((el) => el.textContent)"""
        )
        assert not covered, covered
        screenshot(page, artifacts, "quick-play-rated-waiting-phone")
        page.wait_for_function("document.body.dataset.status === 'playing'", timeout=20_000)
        play_until(
            [eva],
            random.Random(table_id),
            eva.over,
            timeout=240,
            what="the end",
            plan=lay_by_selection,
        )
        assert_fits(page)
        screenshot(page, artifacts, "quick-play-rated-over-phone")
        assert not eva.errors, eva.errors
        eva.context.close()

        laptop = person(browser, name)
        sign_in(laptop.page, own, name)
        page = laptop.page
        page.goto(f"{own.url}/u/{name}")
        wait_ready(page)
        expect(page.locator("h1")).to_have_text(name)
        card = page.locator(".rating-card")
        expect(card).to_have_count(1)
        expect(card.locator("h3")).to_have_text("BIG CHICKEN: Just Hatched")
        number = card.locator(".rating-number .big").inner_text()
        assert re.fullmatch(r"\d+\?", number) and number != "1000?", number  # it moved
        expect(card).to_contain_text("provisional (1 rated game of 10)")
        expect(card.locator("svg.rating-plot")).to_be_visible()
        row = page.locator(".games-table tbody tr")
        expect(row).to_have_count(1)
        expect(row).to_contain_text("BIG CHICKEN")
        expect(row).to_contain_text("rated")
        # BIG CHICKEN's returns are win or lose: a loser is "lost", never "place 2"
        expect(row).not_to_contain_text("place")
        expect(row.locator("a.button")).to_have_attribute("href", f"/replay/{table_id}")
        screenshot(page, artifacts, "profile-next-day-desktop")
        assert not laptop.errors, laptop.errors
        laptop.context.close()
