"""Players who come back, in the browser (Debian's chromium): sign up, play a rated game against
a bot to the end, see the rating move and the game on the profile; sign out, sign in from a
second browser context and find the history there; a guest's finished game kept after signing
up; quick play seating two people from two contexts at one table."""

from __future__ import annotations

import random
import re
import secrets
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.e2e.helpers import PHONE, Person, assert_fits, person, play_until, screenshot, wait_ready
from tests.e2e.live_server import LiveServer

PASSWORD = "three little hens"


def unique(prefix: str) -> str:
    """A user name no other test of this server took (the server lives for the package)."""
    return f"{prefix}{secrets.token_hex(3)}"


def sign_up(page: Page, server: LiveServer, name: str) -> None:
    page.goto(f"{server.url}/")
    wait_ready(page)
    page.click("#sign-up")
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    page.locator('#sign-up-dialog [data-key="submit"]').click()
    expect(page.locator("#account-nav .account-name")).to_have_text(name, timeout=15_000)


def sign_in(page: Page, server: LiveServer, name: str) -> None:
    page.goto(f"{server.url}/")
    wait_ready(page)
    page.click("#sign-in")
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    page.locator('#sign-in-dialog [data-key="submit"]').click()
    expect(page.locator("#account-nav .account-name")).to_have_text(name, timeout=15_000)


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
