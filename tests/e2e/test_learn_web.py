"""Learn to play, through the page: from each game's tile in the lobby, "Learn" opens the
guided first game; the learner does what the guide asks (only that move is offered) until the
script is over, and every rule the tutorial lists was shown. Eggo is played by keyboard alone on
a phone, BIG CHICKEN on a phone, the other two on a laptop; axe-core checks the guide."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from roost.coach.tutorials import tutorial_for, tutorials
from roost.core.message import Message
from roost.i18n import translations
from tests.e2e.helpers import (
    DESKTOP,
    Person,
    assert_fits,
    current_view,
    person,
    screenshot,
    wait_ready,
    wait_version,
)
from tests.e2e.live_server import LiveServer
from tests.e2e.test_accessibility import serious
from tests.server.test_log_messages import from_json

PHONE = {"width": 390, "height": 844}
HOW = {
    "eggo": (PHONE, True),
    "big-chicken": (PHONE, False),
    "egg-bound": (DESKTOP, False),
    "manda-huevos": (DESKTOP, False),
}
"""Per game: the viewport, and whether the learner uses the keyboard alone."""


def do_expected(someone: Person, game: str, keyboard: bool) -> None:
    """Make the move the guide asks for, as a person would: the only glowing card or button
    (H then Enter by keyboard), or BIG CHICKEN's cards selected and laid."""
    page = someone.page
    expected = int(someone.body("expected"))
    action = next(a for a in current_view(someone)["actions"] if a["action"] == expected)
    asked = page.locator("dialog.step-dialog[open] .options button")
    if asked.count():  # a question put at once (a Cluck-Off window): one answer offered
        if keyboard:
            page.keyboard.press("Enter")
        else:
            asked.first.click()
        return
    if game == "big-chicken" and action["kind"] == "lay":
        hand: list[int] = current_view(someone)["observation"]["hand"]
        taken: set[int] = set()
        for card in action["cards"]:
            index = next(i for i, c in enumerate(hand) if c == card and i not in taken)
            taken.add(index)
            page.locator(f'[data-hand-of] [data-key="hand-{index}"]').click()
        page.locator(".lay-button").click()
        return
    if keyboard:
        page.keyboard.press("h")  # the first playable thing: the only one offered
        page.keyboard.press("Enter")
        return
    first = action["steps"][0]
    key = f"{first['kind']}:{first['value']}"
    target = page.locator(
        f'.board .playable[data-step="{key}"], .tray .playable[data-step="{key}"], '
        f'.action-bar button[data-step="{key}"]'
    )
    target.first.click()


def walk(someone: Person, game: str, keyboard: bool, length: int) -> None:
    page = someone.page
    deadline = time.monotonic() + 150
    while someone.body("scriptOver") != "true":
        assert time.monotonic() < deadline, f"{game}: the script did not end"
        version = someone.body("version")
        if someone.my_turn() and someone.body("expected"):
            do_expected(someone, game, keyboard)
            page.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=15_000)
        else:
            time.sleep(0.05)
    assert int(someone.body("version")) >= length


@pytest.mark.timeout(240)
@pytest.mark.parametrize("game", sorted(tutorials()))
def test_each_tutorial_through_the_page_shows_every_rule(
    server: LiveServer, browser: Browser, artifacts: Path, game: str
) -> None:
    viewport, keyboard = HOW[game]
    ana = person(browser, "Ana", viewport)
    page: Page = ana.page
    page.goto(f"{server.url}/")
    wait_ready(page)
    learn = page.locator(f'a.tile-learn[href="/learn/{game}"]')
    if keyboard:
        learn.focus()
        page.keyboard.press("Enter")
    else:
        learn.click()
    page.wait_for_url("**/t/*")
    wait_version(page)
    guide = page.locator(".guide")
    expect(guide).to_be_visible()
    detail = httpx.get(f"{server.url}/api/tutorials/{game}", timeout=10).json()
    walk(ana, game, keyboard, detail["length"])
    listed = {lesson["rule"] for lesson in detail["lessons"]}
    assert set(ana.body("lessons").split()) == listed
    expect(guide.locator("[data-rule]")).to_have_count(len(listed))  # each rule on the page
    expect(guide.locator(".guide-outro")).to_be_visible()
    # the table played the script, move for move
    table_id = page.url.rstrip("/").rsplit("/", 1)[-1]
    table = server.app.state.lobby.tables[table_id]
    script = tutorial_for(game).history()  # type: ignore[union-attr]
    assert [entry.action for entry in table.record.actions][: len(script)] == script
    if viewport is PHONE:
        assert_fits(page)
    screenshot(page, artifacts, f"learn-{game}")
    found = serious(page, f"{game} tutorial")
    assert not found, found
    assert not ana.errors, ana.errors
    ana.context.close()


@pytest.mark.timeout(240)
def test_a_tutorial_in_spanish_says_its_lessons_in_spanish(
    server: LiveServer, browser: Browser
) -> None:
    """A Spanish reader (the header's choice, kept in the browser) learns Manda Huevos!: the
    guide's lessons, their titles and the move it asks for are the catalogue's Spanish."""
    game = "manda-huevos"
    ana = person(browser, "Ana", DESKTOP)
    ana.context.add_init_script("localStorage.setItem('roost.lang', 'es')")
    page: Page = ana.page
    page.goto(f"{server.url}/learn/{game}")
    page.wait_for_url("**/t/*")
    wait_version(page)
    guide = page.locator(".guide")
    expect(guide).to_be_visible()
    detail = httpx.get(f"{server.url}/api/tutorials/{game}", timeout=10).json()
    lessons = {lesson["rule"]: lesson for lesson in detail["lessons"]}
    spanish = translations("es")

    def said(data: dict[str, object]) -> str:
        words = from_json(data)
        assert isinstance(words, Message)
        return words.render(spanish)

    deadline = time.monotonic() + 150
    while len(ana.body("lessons").split()) < 3 and ana.body("scriptOver") != "true":
        assert time.monotonic() < deadline, "the guide showed too few lessons"
        version = ana.body("version")
        if ana.my_turn() and ana.body("expected"):
            move = guide.locator(".guide-move em")
            expect(move).to_be_visible()
            english = next(m["text"] for m in detail["moves"] if m["version"] == int(version))
            assert move.inner_text() != english  # the move in Spanish words
            do_expected(ana, game, keyboard=False)
            page.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=15_000)
        else:
            time.sleep(0.05)
    shown = guide.text_content() or ""  # the earlier lessons too, folded in their details
    for rule in ana.body("lessons").split():
        title = lessons[rule]["title"]
        assert f"{said(lessons[rule]['title_msg'])}." in shown, rule
        assert f"{title}." not in shown, rule
    assert "Your move" not in shown
    assert not ana.errors, ana.errors
    ana.context.close()
