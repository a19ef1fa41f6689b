"""The web client in other languages: in the pseudo-locale en-XA every word of the lobby, the
waiting room and a table's chrome comes from the catalogue (bracketed, accented, 40% longer)
and the page still fits a 360 px phone; the browser's language picks Spanish; the header's
switch is remembered across a reload.

What may stay outside the catalogue this release, listed: the server's words (game titles,
parameters, narration and move texts in the log), people's names, table ids, numbers, key
names, the brand, and each language's own name in the switch. The board modules' words (the
board, the tray's hand) are checked game by game in tests/e2e/test_i18n_boards.py; their
blurbs, in the lobby, here."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.helpers import (
    EASY_BOT,
    PHONE,
    assert_fits,
    hold_seat,
    new_table,
    person,
    wait_ready,
    wait_version,
)
from tests.e2e.live_server import LiveServer

PSEUDO = "en-XA"
OUTSIDE_THE_CATALOGUE = [
    ".brand",  # the name Roost
    ".lang-switch",  # "English", "Español": each language by its own name
    ".tile-title",  # game titles (the server's)
    ".table-title h1",  # the table's title (the server's)
    ".table-row-title",
    ".who-list",  # people's names
    ".board:not(:has(.waiting))",  # the game module's board (the waiting room is ours)
    ".tray-hand",  # the game module's hand
    ".action-bar",  # move texts (the server's)
    ".log-lines",  # narration (the server's)
    ".name-chip",  # a name
    "bdi",  # a name in the chat
    "kbd",  # key names
    "details.options",  # the game's parameters (the server's), collapsed
]
KEEP = re.compile(r"\[[^\[\]]*\]")
WORD = re.compile(r"[A-Za-z][A-Za-z'\u2019]*")

TEXTS_JS = """
([skip, within]) => {
  const skipped = (el) => !el || el.closest(skip) || el.closest('script,style,noscript');
  const shown = (el) => (el.checkVisibility ? el.checkVisibility() : true);
  const out = [];
  for (const root of document.querySelectorAll(within)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (el.tagName === 'OPTION') {
        if (!skipped(el) && shown(el.closest('select'))) out.push(n.textContent.trim());
        continue;
      }
      if (skipped(el) || !shown(el)) continue;
      out.push(n.textContent.trim());
    }
    for (const el of [root, ...root.querySelectorAll('[aria-label],[placeholder],[title]')]) {
      if (skipped(el) || !shown(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title']) {
        out.push(el.getAttribute(name) || '');
      }
    }
  }
  return out.filter(Boolean);
}
"""


def untranslated(page: Page, allowed: set[str], within: str = "body") -> list[str]:
    """Texts shown inside `within` (text, aria-label, placeholder, title, a select's options)
    with a word outside every pseudo-translated [bracket] that is not an allowed name."""
    texts: list[str] = page.evaluate(TEXTS_JS, [", ".join(OUTSIDE_THE_CATALOGUE), within])
    bad = []
    for text in texts:
        outside = KEEP.sub(" ", text)
        stray = [w for w in WORD.findall(outside) if w not in allowed]
        if stray:
            bad.append(f"{text!r} ({', '.join(stray)})")
    return sorted(set(bad))


def known_words(base: str) -> set[str]:
    """Names the server gives: game titles, table ids and titles, people's names (a bot's name
    is a message of the catalogue, so it must come wrapped like the page's own words)."""
    words: set[str] = set()
    for game in httpx.get(f"{base}/api/games", timeout=30).json():
        words.update(WORD.findall(game["title"]))
    for status in ("open", "over"):
        for table in httpx.get(f"{base}/api/tables?status={status}", timeout=30).json():
            words.update(WORD.findall(f"{table['id']} {table['title']}"))
            for seat in table["seats"]:
                if seat.get("name_msg") is None:  # a bot's name is the catalogue's: not allowed
                    words.update(WORD.findall(str(seat.get("name") or "")))
    return words


def assert_clear_of_the_chat_button(page: Any) -> None:
    """On a phone the chat's button floats at the top bar's end: the bar's own links and
    buttons (longer in another language) must stay clear of it, not slide under it."""
    chat = page.locator(".chat-toggle").bounding_box()
    assert chat is not None
    for item in page.locator(".topbar a:visible, .topbar button:visible").all():
        box = item.bounding_box()
        if box is None or box["width"] == 0:
            continue
        overlaps = box["x"] + box["width"] > chat["x"] and box["y"] < chat["y"] + chat["height"]
        assert not overlaps, (item.inner_text(), box, chat)


@pytest.fixture
def phone(browser: Browser) -> Any:
    someone = person(browser, "Ana", PHONE)
    yield someone
    someone.context.close()


def test_the_lobby_in_the_pseudo_locale(server: LiveServer, phone: Any) -> None:
    page = phone.page
    page.goto(f"{server.url}/?lang={PSEUDO}")
    wait_ready(page)
    page.wait_for_selector(".game-tile")
    assert page.evaluate("document.documentElement.lang") == PSEUDO
    assert "[" in page.locator("h1").inner_text()
    assert untranslated(page, known_words(server.url)) == []
    assert_fits(page)
    page.locator("#sign-up").click()
    page.wait_for_selector("dialog[open]")
    assert untranslated(page, known_words(server.url)) == []
    assert_fits(page)
    assert phone.errors == []


def test_a_table_in_the_pseudo_locale(server: LiveServer, phone: Any) -> None:
    """The waiting room, then the game's chrome (header, banner, chat, settings) at 360 px."""
    page = phone.page
    grant = new_table(server.url, "eggo", [{"type": "open"}, {"type": "open"}, EASY_BOT], "Ana")
    table_id = grant["table"]["id"]
    hold_seat(page, server.url, table_id, grant["seat"], grant["token"], "Ana")
    page.goto(f"{server.url}/t/{table_id}?lang={PSEUDO}")
    page.wait_for_selector(".waiting .seat-list")
    allowed = known_words(server.url)
    assert untranslated(page, allowed) == []
    assert_fits(page)
    page.locator(".head-tools button[aria-label]").nth(1).click()  # the table's settings
    page.wait_for_selector("dialog.settings-dialog[open]")
    assert untranslated(page, allowed) == []
    # on a phone at a table the chat's button holds the bar's end: the switch is here
    assert page.locator(".topbar .lang-switch").is_hidden()
    assert page.locator("dialog .setting-language .lang-option").count() == 2
    page.keyboard.press("Escape")

    grant = new_table(server.url, "eggo", [{"type": "open"}, EASY_BOT, EASY_BOT], "Ana")
    table_id = grant["table"]["id"]
    hold_seat(page, server.url, table_id, grant["seat"], grant["token"], "Ana")
    page.goto(f"{server.url}/t/{table_id}?lang={PSEUDO}")
    wait_version(page)
    allowed = known_words(server.url)
    for chrome in (".topbar", ".table-head", ".banner strong", ".chat", ".side"):
        assert untranslated(page, allowed, within=chrome) == [], chrome
    assert_clear_of_the_chat_button(page)
    page.locator(".chat-toggle").click()
    page.wait_for_selector(".chat-body")
    assert untranslated(page, allowed, within=".chat") == []
    assert_fits(page)
    assert phone.errors == []


def test_the_browsers_language_picks_spanish(server: LiveServer, browser: Browser) -> None:
    context = browser.new_context(locale="es-ES")
    try:
        page = context.new_page()
        page.goto(f"{server.url}/")
        wait_ready(page)
        assert page.evaluate("document.documentElement.lang") == "es"
        assert page.locator("h1").inner_text() == "Juegos de cartas de huevos, con amigos y bots"
        assert page.locator("#create").inner_text() == "Crear mesa"
    finally:
        context.close()


def test_the_switch_is_remembered_across_a_reload(server: LiveServer, browser: Browser) -> None:
    context = browser.new_context(locale="en-US")
    try:
        page = context.new_page()
        page.goto(f"{server.url}/")
        wait_ready(page)
        assert page.locator("h1").inner_text() == "Egg card games, with friends and bots"
        with page.expect_navigation():
            page.get_by_role("button", name="Español").click()
        wait_ready(page)
        assert page.evaluate("document.documentElement.lang") == "es"
        assert page.locator("#create").inner_text() == "Crear mesa"
        page.reload()
        wait_ready(page)
        assert page.locator("#create").inner_text() == "Crear mesa"
        switch = page.get_by_role("button", name="Español")
        assert switch.get_attribute("aria-pressed") == "true"
        with page.expect_navigation():
            page.get_by_role("button", name="English").click()
        wait_ready(page)
        assert page.locator("#create").inner_text() == "Create table"
        assert page.evaluate("localStorage.getItem('roost.lang')") == "en"
    finally:
        context.close()


def test_two_people_at_one_table_each_read_their_language(
    server: LiveServer, browser: Browser
) -> None:
    """Ana's browser speaks Spanish, Bo's English: the same table, each in their own words."""
    grant = new_table(server.url, "eggo", [{"type": "open"}, {"type": "open"}, EASY_BOT], "Ana")
    table_id = grant["table"]["id"]
    ana = browser.new_context(locale="es-ES")
    bo = browser.new_context(locale="en-US")
    try:
        ana_page = ana.new_page()
        hold_seat(ana_page, server.url, table_id, grant["seat"], grant["token"], "Ana")
        ana_page.goto(f"{server.url}/t/{table_id}")
        ana_page.wait_for_selector(".waiting .seat-list")
        bo_page = bo.new_page()
        bo_page.goto(f"{server.url}/t/{table_id}")
        bo_page.wait_for_selector(".waiting .seat-list")
        assert bo_page.locator(".join-panel h2").inner_text() == "Join this table"
        bo_page.fill("#join-name", "Bo")
        bo_page.locator('[data-key="join-1"]').click()
        for page in (ana_page, bo_page):
            wait_version(page)
        assert ana_page.locator(".table-head .table-meta").inner_text().startswith("Mesa ")
        assert bo_page.locator(".table-head .table-meta").inner_text().startswith("Table ")
        assert ana_page.locator("#log-title").inner_text() == "Registro de la partida"
        assert bo_page.locator("#log-title").inner_text() == "Game log"
    finally:
        ana.close()
        bo.close()
