"""The language on the account, in the browser: a person signed in switches to Español; a fresh
browser context (another browser, another device) opens in English, and once they sign in
there the page is Spanish, rules dialog included. A browser's own switch still wins over the
account: switching back to English there changes the account, not the first browser, which
keeps the choice it made. And every game's rules dialog in Spanish folds the same sections as
the English one (the technical ones: ids, resampling, bounds)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from roost.core.registry import registered_games
from tests.e2e.helpers import wait_ready
from tests.e2e.live_server import LiveServer
from tests.e2e.test_accounts_web import sign_in, sign_up, unique


def account(page: Page) -> dict[str, Any]:
    """What the server says of this browser's account (its session cookie)."""
    me: dict[str, Any] = page.evaluate("async () => (await fetch('/api/account')).json()")
    return me


def spanish(page: Page) -> None:
    assert page.evaluate("document.documentElement.lang") == "es"
    expect(page.locator("#create")).to_have_text("Crear mesa")


def english(page: Page) -> None:
    assert page.evaluate("document.documentElement.lang") == "en"
    expect(page.locator("#create")).to_have_text("Create table")


def fresh(browser: Browser) -> BrowserContext:
    return browser.new_context(locale="en-US", reduced_motion="reduce")


def test_the_accounts_language_follows_it_to_a_fresh_browser(
    server: LiveServer, browser: Browser
) -> None:
    name = unique("lang")
    first, second = fresh(browser), fresh(browser)
    try:
        page = first.new_page()
        sign_up(page, server, name)
        english(page)
        assert account(page)["account"]["language"] is None
        with page.expect_navigation():
            page.get_by_role("button", name="Español").click()
        wait_ready(page)
        spanish(page)
        assert account(page)["account"]["language"] == "es"

        other = second.new_page()
        other.goto(f"{server.url}/")
        wait_ready(other)
        english(other)  # a guest there: the browser's languages decide
        sign_in(other, server, name)
        spanish(other)
        assert other.evaluate("localStorage.getItem('roost.lang')") is None  # the account's
        other.goto(f"{server.url}/?game=manda-huevos")
        wait_ready(other)
        other.get_by_role("button", name="Reglas").first.click()
        rules = other.locator("dialog.rules-dialog[open]")
        expect(rules.locator("h2")).to_have_text("Reglas: Manda Huevos!")
        expect(rules.locator(".rules-text")).to_have_attribute("lang", "es")
        expect(rules.locator(".rules-section:not(.about) > summary").first).to_have_text("Objetivo")
        other.keyboard.press("Escape")

        # the second browser switches to English: the account follows the latest choice...
        with other.expect_navigation():
            other.get_by_role("button", name="English").click()
        wait_ready(other)
        english(other)
        assert account(other)["account"]["language"] == "en"
        # ...and the first browser keeps its own switch's choice
        page.reload()
        wait_ready(page)
        spanish(page)
    finally:
        first.close()
        second.close()


def test_signing_out_forgets_the_accounts_language(server: LiveServer, browser: Browser) -> None:
    name = unique("adios")
    first, second = fresh(browser), fresh(browser)
    try:
        page = first.new_page()
        sign_up(page, server, name)
        with page.expect_navigation():
            page.get_by_role("button", name="Español").click()
        wait_ready(page)
        other = second.new_page()
        sign_in(other, server, name)
        spanish(other)
        other.click("#account-menu")
        with other.expect_navigation():
            other.click("#sign-out")
        wait_ready(other)
        english(other)  # a shared computer: the next person gets the browser's languages
        assert other.evaluate("localStorage.getItem('roost.lang.account')") is None
    finally:
        first.close()
        second.close()


@pytest.mark.parametrize("game", sorted(registered_games()))
def test_the_spanish_rules_dialog_folds_the_sections_the_english_one_does(
    server: LiveServer, browser: Browser, game: str
) -> None:
    folds = {}
    for lang in ("en", "es"):
        context = fresh(browser)
        try:
            page = context.new_page()
            page.goto(f"{server.url}/?lang={lang}")
            wait_ready(page)
            folds[lang] = page.evaluate(
                """async (game) => {
                  const m = await import('/static/js/dialog.js');
                  const dlg = await m.showRules(game);
                  const open = [...dlg.el.querySelectorAll('details.rules-section:not(.about)')]
                    .map((d) => d.open);
                  const lang = dlg.el.querySelector('.rules-text').lang;
                  dlg.close();
                  return { open, lang };
                }""",
                game,
            )
        finally:
            context.close()
    assert folds["es"]["lang"] == "es" and folds["en"]["lang"] == "en"
    assert folds["es"]["open"] == folds["en"]["open"]
    assert any(folds["es"]["open"]) and not all(folds["es"]["open"])
