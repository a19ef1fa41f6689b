"""Phone first: at each of a person's turns, on 360x740 and 390x844 screens, the hand, what the
person is asked to do and the buttons to do it lie inside the viewport, with no scrolling done
(the page stays at the top all game; every click lands in the tray or a dialog)."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from roost.core.registry import registered_games
from tests.e2e.helpers import Person, lay_by_selection, person, sit_with_bots
from tests.e2e.live_server import LiveServer

PHONES = {"360x740": {"width": 360, "height": 740}, "390x844": {"width": 390, "height": 844}}
TURNS = 14
"""The person's turns checked per game and screen (a whole game takes minutes with bots)."""
DIALOG_OPTIONS = "dialog.step-dialog[open] .options button"
TURN_OR_END = "document.body.dataset.myTurn === 'true' || document.body.dataset.status === 'over'"
SHOTS = {0: "start", TURNS // 2: "mid"}
TRAY_MOVES = ".tray .playable, .tray .action-bar button.move:not([aria-disabled])"


def off_screen(page: Page) -> list[str]:
    """What a person needs at their turn that is not wholly inside the viewport."""
    found: list[str] = page.evaluate(
        """() => {
          const vw = window.innerWidth, vh = window.innerHeight;
          const wanted = [
            ['the prompt', document.querySelector('.tray .banner')],
            ['the hand', document.querySelector('.tray-hand > *')],
            ...[...document.querySelectorAll('.tray .playable, .tray .action-bar button')]
              .map((el) => ['a move: ' + (el.getAttribute('aria-label') || el.textContent), el]),
          ];
          const out = [];
          for (const [what, el] of wanted) {
            if (!el) { out.push(what + ' is missing'); continue; }
            const r = el.getBoundingClientRect();
            if (r.top < -1 || r.left < -1 || r.bottom > vh + 1 || r.right > vw + 1) {
              out.push(`${what} at ${Math.round(r.left)},${Math.round(r.top)}-` +
                       `${Math.round(r.right)},${Math.round(r.bottom)} in ${vw}x${vh}`);
            }
          }
          return out;
        }"""
    )
    return found


def play_one_turn(someone: Person, game: str, rng: random.Random) -> None:
    """Make one move from the tray (and the dialogs it opens), as a person would; a question
    that comes up meanwhile (a dialog) is answered first."""
    page = someone.page
    version = someone.body("version")
    if not page.locator(DIALOG_OPTIONS).count():
        with contextlib.suppress(PlaywrightError):  # a new view came meanwhile: it is handled
            if game == "big-chicken" and page.locator(".lay-button").count():
                lay_by_selection(someone, rng)
            else:
                targets = page.locator(TRAY_MOVES)
                targets.nth(rng.randrange(targets.count())).click(timeout=3000)
    for _ in range(8):
        options = page.locator(DIALOG_OPTIONS)
        if options.count() == 0:
            break
        with contextlib.suppress(PlaywrightError):
            options.nth(rng.randrange(options.count())).click(timeout=3000)
    page.wait_for_function(
        f"document.body.dataset.version !== '{version}' || document.body.dataset.status === 'over'"
        " || document.body.dataset.myTurn === 'true'",
        timeout=15_000,
    )


@pytest.mark.timeout(240)
@pytest.mark.parametrize("screen", list(PHONES))
@pytest.mark.parametrize("game", sorted(registered_games()))
def test_at_every_turn_the_hand_the_prompt_and_the_moves_are_on_screen(
    server: LiveServer, browser: Browser, artifacts: Path, game: str, screen: str
) -> None:
    rng = random.Random(f"{game}-{screen}")
    ana = person(browser, "Ana", PHONES[screen])
    page = ana.page
    checked = 0
    problems: list[Any] = []
    for _table in range(10):  # a game may end before TURNS turns came: then another one (an
        # Egg Bound game with the fitted deck may give a person three turns)
        sit_with_bots(server.url, ana, game)
        while checked < TURNS and not ana.over():
            page.wait_for_function(TURN_OR_END, timeout=30_000)
            if ana.over():
                break
            if page.locator(DIALOG_OPTIONS).count():  # a question put at once: a modal dialog
                play_one_turn(ana, game, rng)
                continue
            assert page.evaluate("window.scrollY") == 0, "the page was scrolled"
            if checked in SHOTS:  # what the person sees, to look at (test-artifacts/)
                page.screenshot(path=str(artifacts / f"{game}-{screen}-{SHOTS[checked]}.png"))
            missing = off_screen(page)
            if missing:
                problems.append((checked, missing))
            checked += 1
            play_one_turn(ana, game, rng)
        if checked >= TURNS:
            break
    if ana.over():
        page.wait_for_selector("dialog.results-dialog[open]")
        page.screenshot(path=str(artifacts / f"{game}-{screen}-end.png"))
    assert checked >= TURNS, f"only {checked} turns came"
    assert not problems, problems
    assert page.evaluate("window.scrollY") == 0
    assert not ana.errors, ana.errors
    ana.context.close()
