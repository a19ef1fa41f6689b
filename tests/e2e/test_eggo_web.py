"""Eggo in the browser, end to end: the lobby, two people and a bot, a spectator, the keyboard,
a reload, a closed tab and its stand-in, the results, the rematch, the replay and the rules."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from roost.core.registry import load_game
from tests.e2e.helpers import (
    PHONE,
    Person,
    assert_fits,
    check_frames,
    check_hidden_dom,
    check_names,
    own_hand_in_dom,
    person,
    play_until,
    screenshot,
    wait_ready,
    wait_seat,
    wait_version,
)
from tests.e2e.live_server import LiveServer

CARD_NAMES = [card.name for card in load_game("eggo").card_types()]


def last_observation(someone: Person) -> dict[str, object]:
    return someone.views[-1]["observation"]  # type: ignore[no-any-return]


# A whole game by two people in browsers, a reload and a stand-in: about a minute on a quiet
# machine, more than the suite's 120 s default under a loaded one (seen at load 15).
@pytest.mark.timeout(360)
def test_eggo_in_the_browser(server: LiveServer, browser: Browser, artifacts: Path) -> None:
    rng = random.Random(2024)
    ana = person(browser, "Ana")
    bo = person(browser, "Bo", PHONE)
    cy = person(browser, "Cy")  # a spectator

    # --- the lobby: Ana creates a table for three: herself, an open seat and an easy bot
    page = ana.page
    page.goto(f"{server.url}/?game=eggo")
    wait_ready(page)
    page.fill("#player-name", "Ana")
    page.select_option("#players", "3")
    page.select_option("#seat-1", "open")
    page.select_option("#seat-2", "bot:easy")
    check_names(ana)
    screenshot(page, artifacts, "lobby-desktop")
    page.click("#create")
    page.wait_for_url("**/t/*")
    invite = page.locator(".invite-url")
    expect(invite).to_be_visible()
    link = invite.input_value()
    table_id = link.rsplit("/", 1)[1]
    check_names(ana)
    screenshot(page, artifacts, "eggo-waiting-desktop")

    # --- Bo opens the invite link on his phone and takes the open seat
    bo.page.goto(link)
    wait_ready(bo.page)
    screenshot(bo.page, artifacts, "eggo-invite-phone")
    assert_fits(bo.page)
    bo.page.fill("#join-name", "Bo")
    bo.page.get_by_role("button", name="Sit here").first.click()
    wait_seat(bo.page, 1)
    wait_seat(page, 0)

    cy.page.goto(link)
    wait_seat(cy.page, None)

    # --- the first moves with the keyboard only (Ana), the rest by clicking
    people = [ana, bo]
    play_until(
        people,
        rng,
        lambda: ana.moves >= 4 and bo.moves >= 3,
        keyboard=lambda someone: someone is ana and ana.moves < 3,
        what="a few moves each",
    )
    play_until([bo], rng, ana.my_turn, what="Ana's turn")

    # mid-game: what each one sees, and screenshots
    for someone, seat in ((ana, 0), (bo, 1), (cy, None)):
        check_hidden_dom(someone, seat)
        check_names(someone)
    hand = last_observation(ana)["hand"]
    assert isinstance(hand, list)
    assert own_hand_in_dom(ana, 0) == [CARD_NAMES[card] for card in hand]
    screenshot(page, artifacts, "eggo-table-desktop")
    screenshot(bo.page, artifacts, "eggo-table-phone")
    assert_fits(bo.page)
    screenshot(cy.page, artifacts, "eggo-spectator-desktop")

    # --- reloading restores the same view
    board = page.inner_text(".board")
    log_lines = page.locator(".log-line").count()
    version = ana.body("version")
    page.reload()
    wait_ready(page)
    page.wait_for_function(f"document.body.dataset.version === '{version}'")
    page.wait_for_function("document.body.dataset.myTurn === 'true'")
    assert page.inner_text(".board") == board
    assert page.locator(".log-line").count() == log_lines
    # ... and on the phone the log shows its newest line, not its oldest
    bo.page.reload()
    wait_ready(bo.page)
    bo.page.wait_for_function(f"Number(document.body.dataset.version) >= {version}")
    log = bo.page.locator(".log-scroll")
    assert log.evaluate("(s) => s.scrollHeight > s.clientHeight"), "too short a log to scroll"
    bo.page.wait_for_function(
        "(() => { const s = document.querySelector('.log-scroll');"
        " return s.scrollTop + s.clientHeight >= s.scrollHeight - 2; })()"
    )

    # the rules are one key away
    page.keyboard.press("r")
    rules = page.locator("dialog.rules-dialog[open]")
    expect(rules.get_by_role("tab", name="How to play")).to_be_visible()
    expect(rules.locator(".rules-section summary").first).to_be_visible()
    screenshot(page, artifacts, "eggo-rules-desktop")
    rules.get_by_role("tab", name="The cards").click()
    expect(rules.locator(".card-reference .card").first).to_be_visible()
    page.keyboard.press("Escape")
    expect(rules).to_have_count(0)

    # --- Bo closes his tab: after the grace period a stand-in plays for him; he comes back
    bo.page.close()
    play_until(
        [ana],
        rng,
        lambda: page.locator(".badge.standin").count() > 0,
        timeout=20,
        what="a stand-in",
    )
    expect(page.locator(".log-note").filter(has_text="Bo").last).to_be_visible()
    bo.new_page().goto(link)
    wait_seat(bo.page, 1)
    play_until(
        [ana, bo],
        rng,
        lambda: page.locator(".badge.standin").count() == 0 or ana.over(),
        timeout=20,
        what="Bo back in his seat",
    )

    # --- to the end
    play_until(people, rng, lambda: ana.over() and bo.over(), timeout=150, what="the end")
    for someone in (ana, bo, cy):
        someone.page.wait_for_function("document.body.dataset.status === 'over'")
    results = page.locator("dialog.results-dialog[open]")
    expect(results).to_be_visible()
    expect(results.locator(".result-row")).to_have_count(3)
    screenshot(page, artifacts, "eggo-results-desktop")
    for someone, seat in ((ana, 0), (bo, 1), (cy, None)):
        check_hidden_dom(someone, seat)

    # --- every frame anyone received was theirs to see
    checked = check_frames(
        server.url, table_id, [(0, ana.frames), (1, bo.frames), (None, cy.frames)]
    )
    assert checked > 30
    # the browser speaks protocol 2: most views left the unchanged description out
    assert all(someone.compact > len(someone.views) / 2 for someone in (ana, bo, cy))

    # --- the replay: the start, the full deal, one seat's view
    cy.page.goto(f"{server.url}/replay/{table_id}")
    wait_ready(cy.page)
    expect(cy.page.locator(".board .eggo")).to_be_visible()
    cy.page.select_option("#viewer", "all")
    cy.page.locator("#replay-slider").fill("30")
    expect(cy.page.locator(".replay-position")).to_contain_text("30 /")
    expect(cy.page.locator("[data-hand-of] .card:not(.card-back)").first).to_be_visible()
    screenshot(cy.page, artifacts, "eggo-replay-desktop")
    cy.page.select_option("#viewer", "1")
    # seat 1 sees its own hand face up and no card of seat 0's; at some positions of a deal
    # its hand is empty (not dealt yet, or out), so a few positions are looked at
    held = 0
    last = int(cy.page.locator("#replay-slider").get_attribute("max") or 0)
    for position in [p for p in (30, 40, 50, 60) if p <= last]:
        cy.page.locator("#replay-slider").fill(str(position))
        expect(cy.page.locator(".replay-position")).to_contain_text(f"{position} /")
        expect(cy.page.locator('[data-hand-of="0"] .card:not(.card-back)')).to_have_count(0)
        expect(cy.page.locator('[data-hand-of="1"] .card-back')).to_have_count(0)
        held = max(held, cy.page.locator('[data-hand-of="1"] .card').count())
    assert held > 0, "seat 1's own hand was never shown to seat 1"
    cy.page.keyboard.press("Home")
    expect(cy.page.locator(".replay-position")).to_contain_text("0 /")
    # the seed exactly (62 bits: more than a JavaScript number holds), and on a phone the
    # replay opens at the top of the page, its list of moves scrolled to the current one
    seed = httpx.get(f"{server.url}/api/tables/{table_id}", timeout=10).json()["result"]["seed"]
    expect(cy.page.locator(".table-meta")).to_contain_text(f"seed {seed}")
    phone = bo.context.new_page()
    phone.goto(f"{server.url}/replay/{table_id}")
    wait_ready(phone)
    expect(phone.locator(".replay-position")).to_contain_text("/")
    phone.wait_for_timeout(300)
    assert phone.evaluate("window.scrollY") == 0
    phone.close()

    # --- the rematch: same seats, a new deal
    results.get_by_role("button", name="Rematch").click()
    page.wait_for_url(lambda url: table_id not in url)
    wait_version(page)
    rematch_id = page.url.rsplit("/", 1)[1]
    bo_results = bo.page.locator("dialog.results-dialog[open]")
    bo_results.get_by_role("button", name="Go to the rematch").click()
    bo.page.wait_for_url(f"**/t/{rematch_id}")
    wait_seat(bo.page, 1)
    wait_seat(page, 0)
    assert ana.body("status") == "playing"

    assert not ana.errors and not bo.errors and not cy.errors, (ana.errors, bo.errors, cy.errors)
    for someone in (ana, bo, cy):
        someone.context.close()
