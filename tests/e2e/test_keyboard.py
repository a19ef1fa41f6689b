"""Every game played to the end with the keyboard alone: H to reach a playable card, the arrow
keys along the hand, Enter to play or to choose, Tab to the tray's buttons. No click."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from roost.core.registry import registered_games
from tests.e2e.helpers import Person, current_view, person, sit_with_bots
from tests.e2e.live_server import LiveServer

SHORT: dict[str, dict[str, Any]] = {
    "egg-bound": {"max_turns": 40},
    "big-chicken": {"rounds": 1},
    "manda-huevos": {"quick": True},
}
"""Parameters that keep a game short; it is still played to its end."""
MY_TURN_OR_OVER = (
    "document.body.dataset.myTurn === 'true' || document.body.dataset.status === 'over'"
)


def tab_to(page: Page, selector: str, limit: int = 60) -> bool:
    """Press Tab until the element matching `selector` has the focus."""
    for _ in range(limit):
        if page.evaluate(f"document.activeElement?.matches({selector!r}) ?? false"):
            return True
        page.keyboard.press("Tab")
    return False


def lay_by_keys(someone: Person, rng: random.Random) -> bool:
    """BIG CHICKEN: select a Lay's cards with the arrows and Enter, then Tab to Lay and press
    Enter; or Tab to Cluck. False when this is not a moment for a Lay."""
    page = someone.page
    view = current_view(someone)
    lays = [a for a in view["actions"] if a["kind"] == "lay"]
    passes = [a for a in view["actions"] if a["kind"] == "pass"]
    if not lays and not passes:
        return False
    if not lays or (passes and rng.random() < 0.2):
        if not tab_to(page, ".action-bar button.move:not(.lay-button)"):
            return False
        page.keyboard.press("Enter")
        return True
    lay = rng.choice(lays)
    hand: list[int] = view["observation"]["hand"]
    wanted: list[int] = []
    for card in lay["cards"]:
        wanted.append(next(i for i, c in enumerate(hand) if c == card and i not in wanted))
    page.keyboard.press("h")
    page.keyboard.press("Home")
    at = 0
    for index in sorted(wanted):
        while at < index:
            page.keyboard.press("ArrowRight")
            at += 1
        page.keyboard.press("Enter")
    assert tab_to(page, ".lay-button"), "Tab never reached the Lay button"
    page.keyboard.press("Enter")
    return True


def keyboard_turn(someone: Person, game: str, rng: random.Random) -> None:
    page = someone.page
    version = someone.body("version")
    asked = page.locator("dialog.step-dialog[open]").count() > 0
    if not asked and not (game == "big-chicken" and lay_by_keys(someone, rng)):
        page.keyboard.press("h")  # the first playable card, pile or button
        page.keyboard.press("Enter")
    for _ in range(8):  # the questions that follow: the first option has the focus
        if page.locator("dialog.step-dialog[open]").count() == 0:
            break
        page.keyboard.press("Enter")
        page.wait_for_timeout(50)
    page.wait_for_function(
        f"document.body.dataset.version !== '{version}' || document.body.dataset.status === 'over'",
        timeout=15_000,
    )


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", sorted(registered_games()))
def test_a_whole_game_by_keyboard(server: LiveServer, browser: Browser, game: str) -> None:
    rng = random.Random(game)
    ana = person(browser, "Ana")
    page = ana.page
    page.on("dialog", lambda _: None)
    clicks: list[str] = []
    page.expose_function("__clicked", lambda what: clicks.append(what))
    page.add_init_script(
        "document.addEventListener('pointerdown', (e) => window.__clicked(e.target.tagName), true)"
    )
    turns = 0
    # A short game can end with no choice ever put to Ana (BIG CHICKEN's one Round, when every
    # one of her turns is a forced pass, which is answered for her): then another table.
    for _ in range(3):
        sit_with_bots(server.url, ana, game, **SHORT.get(game, {}))
        while not ana.over():
            page.wait_for_function(MY_TURN_OR_OVER, timeout=60_000)
            if ana.over():
                break
            keyboard_turn(ana, game, rng)
            turns += 1
            assert turns < 600, "the game did not end"
        page.wait_for_selector("dialog.results-dialog[open]")
        if turns:
            break
    assert turns > 0, "three games in a row put no choice to Ana"
    assert not clicks, clicks
    assert not ana.errors, ana.errors
    ana.context.close()
