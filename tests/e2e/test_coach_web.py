"""The coach in the browser: a seat's review on the replay page (progress, the chart whose points
jump to their moment by click and by keyboard, the marked moves, who may see it) on a laptop
and a phone, and the Hint button at a person's turn."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.helpers import PHONE, assert_fits, person, screenshot, wait_ready, wait_version
from tests.e2e.live_server import LiveServer
from tests.e2e.test_accessibility import serious, sit


def finished_table(server: LiveServer, game: str = "egg-bound", players: int = 3) -> str:
    seats = [{"type": "bot", "level": "medium"}] * players
    body = {"game": game, "players": players, "seats": seats}
    table_id: str = httpx.post(f"{server.url}/api/tables", json=body, timeout=30).json()["table"][
        "id"
    ]
    deadline = time.monotonic() + 120
    while httpx.get(f"{server.url}/api/tables/{table_id}", timeout=10).json()["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    return table_id


def slider(page: Page) -> int:
    return int(page.locator("#replay-slider").input_value())


def review_of(server: LiveServer, table_id: str, seat: int) -> dict[str, Any]:
    answer: dict[str, Any] = httpx.get(
        f"{server.url}/api/tables/{table_id}/reviews/{seat}?viewer=all", timeout=10
    ).json()
    return answer


@pytest.mark.timeout(240)
def test_a_seat_is_reviewed_on_the_replay_page_and_its_chart_leads_to_each_moment(
    server: LiveServer, browser: Browser, artifacts: Path
) -> None:
    table_id = finished_table(server)
    cy = person(browser, "Cy")
    page = cy.page
    page.goto(f"{server.url}/replay/{table_id}?viewer=all")
    wait_ready(page)
    panel = page.locator(".review-panel")
    expect(panel.locator("#review-seat option")).to_have_count(3)  # the full deal: any seat
    panel.locator("#review-seat").select_option("1")
    panel.locator("button", has_text="Review this seat").click()
    expect(panel.locator(".chance-chart")).to_be_visible(timeout=120_000)
    review = review_of(server, table_id, 1)
    assert review["status"] == "done"
    decisions = review["review"]["decisions"]
    points = panel.locator(".chart-point")
    expect(points).to_have_count(len(decisions))
    # a click on a point shows that moment of the replay
    pick = min(2, len(decisions) - 1)
    points.nth(pick).click()
    expect(page.locator(".replay-position")).to_contain_text(f"{decisions[pick]['version']} /")
    assert slider(page) == decisions[pick]["version"]
    expect(panel.locator(".review-moment")).to_contain_text(f"Decision {pick + 1}")
    # by keyboard: the first point, arrows to the next ones, Enter
    points.first.focus()
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    assert slider(page) == decisions[-1]["version"]
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert slider(page) == decisions[1 if len(decisions) > 1 else 0]["version"]
    # the marked moves, in the panel and beside the steps
    marked = [d for d in decisions if d["mark"]]
    expect(panel.locator(".review-marks li")).to_have_count(len(marked))
    expect(page.locator(".steps .mark")).to_have_count(len(marked))
    screenshot(page, artifacts, "review-desktop")
    found = serious(page, "replay with a review")
    assert not found, found
    # another view: its own seat only, with the review asked for already there
    page.locator("#viewer").select_option("1")
    expect(panel.locator(".chance-chart")).to_be_visible()
    expect(panel.locator("#review-seat")).to_have_count(0)
    page.locator("#viewer").select_option("2")
    expect(panel.locator("button", has_text="Review this seat")).to_be_visible()
    page.locator("#viewer").select_option("spectator")
    expect(panel).to_contain_text("Choose a seat's view or the full deal")
    assert not cy.errors, cy.errors
    cy.context.close()


@pytest.mark.timeout(240)
def test_the_review_on_a_phone_fits_and_can_be_cancelled(
    server: LiveServer, browser: Browser, artifacts: Path
) -> None:
    table_id = finished_table(server, "big-chicken", 4)
    di = person(browser, "Di", {"width": 390, "height": 844})
    page = di.page
    page.goto(f"{server.url}/replay/{table_id}?viewer=3")
    wait_ready(page)
    panel = page.locator(".review-panel")
    expect(panel.locator(".review-who")).to_contain_text("Decisions of")
    panel.locator("button", has_text="Review this seat").click()
    cancel = panel.locator("button", has_text="Cancel")
    cancel.click(timeout=30_000)
    expect(panel).to_contain_text("The review was cancelled", timeout=30_000)
    panel.locator("button", has_text="Review again").click()
    expect(panel.locator(".chance-chart")).to_be_visible(timeout=180_000)
    assert_fits(page)
    screenshot(page, artifacts, "review-phone")
    found = serious(page, "replay with a review, phone")
    assert not found, found
    assert not di.errors, di.errors
    di.context.close()


@pytest.mark.timeout(240)
def test_the_hint_button_shows_the_search_s_move_at_your_turn(
    server: LiveServer, browser: Browser, artifacts: Path
) -> None:
    ana = person(browser, "Ana", PHONE)
    page = ana.page
    sit(server, page, "big-chicken", [{"type": "open"}, {"type": "bot", "level": "easy"}])
    wait_version(page)
    deadline = time.monotonic() + 60
    while page.locator(".hint-button").count() == 0:
        assert time.monotonic() < deadline, "no turn with a choice came"
        time.sleep(0.3)  # a turn with a choice shows the hint button with its view
        if ana.my_turn() and page.locator(".hint-button").count() == 0:  # a forced move: play it
            enabled = ".action-bar button.move:not([aria-disabled='true']), .tray .playable"
            if page.locator(enabled).count():
                page.locator(enabled).first.click()
    page.locator(".hint-button").click()
    box = page.locator(".hint-box")
    expect(box).to_be_visible(timeout=30_000)
    hints = ana.frames_of("hint")
    assert len(hints) == 1
    best = hints[0]["moves"][0]
    expect(box).to_contain_text("Hint: the hard bot would play")
    expect(box).to_contain_text(f"{round(100 * best['value'])}%")
    expect(page.locator(".hint-button")).to_have_count(0)  # one hint a moment: it is shown
    assert_fits(page)
    screenshot(page, artifacts, "hint-phone")
    found = serious(page, "table with a hint, phone")
    assert not found, found
    assert not ana.errors, ana.errors
    ana.context.close()
