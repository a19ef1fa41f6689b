"""The web chooser in the reader's language: Ana, reading Spanish (``?lang=es``), is offered the
steps of her moves in Spanish while a second page of her seat, in English, is offered the same
steps in English from the same frames (each page renders the steps' `msg` itself; the server
sends one frame whatever the reader's language).

BIG CHICKEN: the cluck in the action bar, and every step of every legal move as the page says
it (`stepLabel`: "pareja", "9 naranja + Pato"). Manda Huevos!: an egg card, then the question
where it goes, its buttons naming the containers in Spanish, and every step as the page says it
("la huevera de P1", "huevo 6")."""

from __future__ import annotations

import contextlib
import random
import re
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.helpers import (
    EASY_BOT,
    Person,
    current_view,
    hold_seat,
    lay_by_selection,
    new_table,
    person,
)
from tests.e2e.live_server import LiveServer

BAR = ".action-bar button.move"
DIALOG_OPTIONS = "dialog.step-dialog[open] .options button"
MY_TURN = "document.body.dataset.myTurn === 'true'"
STEP_WORDS = """
async (actions) => {
  const { stepLabel } = await import('/static/js/chooser.js');
  return actions.map((action) => action.steps.map(stepLabel));
}
"""
"""Every step of the given legal moves as the page says it (the page's own chooser module,
with the catalogue the page loaded)."""
ENGLISH_WORDS = re.compile(
    r"\b(blue|green|yellow|orange|Duck|Chicken|Big Red|single|pair|trips|coop|cluck|pass|"
    r"egg|hen|container|slot|Move|Swap|Sleep|Wake)\b"
)


def texts(page: Page, selector: str) -> list[str]:
    found: list[str] = page.locator(selector).all_inner_texts()
    return [" ".join(text.split()) for text in found]


def sit(browser: Browser, server: LiveServer, game: str, **params: Any) -> tuple[Person, Page]:
    """Ana at a table of `game` with two easy bots: her page in Spanish, and a second page of
    her seat in English, both at her first turn. The table starts full at its creation; Ana,
    who has not come yet, has the arrival grace before a stand-in would play for her."""
    seats = [{"type": "open"}, EASY_BOT, EASY_BOT]
    grant = new_table(server.url, game, seats, "Ana", **params)
    table_id = grant["table"]["id"]
    ana = person(browser, "Ana")
    hold_seat(ana.page, server.url, table_id, grant["seat"], grant["token"], "Ana")
    ana.page.goto(f"{server.url}/t/{table_id}?lang=es")
    english = ana.context.new_page()
    english.goto(f"{server.url}/t/{table_id}?lang=en")
    for page in (ana.page, english):
        page.wait_for_function(MY_TURN, timeout=60_000)
    await_version(ana, english)
    return ana, english


def await_version(ana: Person, english: Page) -> None:
    """Until the English page shows the view Ana's Spanish page shows."""
    version = ana.body("version")
    english.wait_for_function(f"document.body.dataset.version === '{version}'", timeout=15_000)


def step_words(ana: Person, english: Page) -> list[tuple[str, str, str]]:
    """Every step of Ana's legal moves: (its label, her Spanish page's words, the English
    page's words)."""
    actions = current_view(ana)["actions"]
    spanish: list[list[str]] = ana.page.evaluate(STEP_WORDS, actions)
    said: list[list[str]] = english.evaluate(STEP_WORDS, actions)
    labels = [[step["label"] for step in action["steps"]] for action in actions]
    return [
        (label, es, en)
        for row in zip(labels, spanish, said, strict=True)
        for label, es, en in zip(*row, strict=True)
    ]


def check_steps(words: list[tuple[str, str, str]]) -> None:
    """The English page says each step's label; the Spanish page says it in Spanish."""
    assert words
    for label, spanish, english in words:
        assert english == label, (label, english)
        if ENGLISH_WORDS.search(label):
            assert spanish != label and not ENGLISH_WORDS.search(spanish), (label, spanish)
        assert re.findall(r"P\d", spanish) == re.findall(r"P\d", label), (label, spanish)


def lay(ana: Person, rng: random.Random) -> None:
    """Ana selects a Lay's cards and presses Lay; when the cards make more than one Lay (a Duck
    standing for a colour or a number) the page asks which, and she answers. Returns once the
    table has moved on from the version she laid at."""
    version = ana.body("version")
    assert lay_by_selection(ana, rng)
    deadline = time.monotonic() + 60
    while ana.body("version") == version:
        asked = ana.page.locator(DIALOG_OPTIONS)
        if asked.count():
            with contextlib.suppress(PlaywrightError):  # the dialog closed meanwhile
                asked.nth(rng.randrange(asked.count())).click(timeout=3000)
        assert time.monotonic() < deadline, f"Ana's Lay at version {version} was not played"
        ana.page.wait_for_timeout(50)


def test_big_chicken_offers_its_steps_in_spanish(server: LiveServer, browser: Browser) -> None:
    ana, english = sit(browser, server, "big-chicken", rounds=1)
    rng = random.Random(5)
    try:
        for _turn in range(8):
            words = step_words(ana, english)
            check_steps(words)
            said = {label: spanish for label, spanish, _ in words}
            if "cluck (pass)" in said:
                break
            # Ana leads a Run (no cluck then): she lays, and it comes round to her again
            lay(ana, rng)
            ana.page.wait_for_function(MY_TURN, timeout=60_000)
            await_version(ana, english)
        else:
            pytest.fail("Ana was never offered a cluck")
        assert said["cluck (pass)"] == "cacarear (pasar)"
        spanish_bar, english_bar = texts(ana.page, BAR), texts(english, BAR)
        assert "Cacarear (pasar)" in spanish_bar, spanish_bar
        assert "Cluck (pass)" in english_bar, english_bar
        assert not any("luck" in text for text in spanish_bar), spanish_bar
        assert said.get("single", "sencilla") == "sencilla"
        assert said.get("pair", "pareja") == "pareja"
        assert said.get("Big Red", "Gran Rojo") == "Gran Rojo"
        assert ana.errors == []
    finally:
        ana.context.close()


def test_manda_huevos_offers_its_steps_in_spanish(server: LiveServer, browser: Browser) -> None:
    ana, english = sit(browser, server, "manda-huevos")
    try:
        words = step_words(ana, english)
        check_steps(words)
        said = {label: spanish for label, spanish, _ in words}
        assert said["P1's container"] == "la huevera de P1"
        eggs = [label for label in said if re.fullmatch(r"egg \d", label)]
        assert eggs and all(said[label] == "huevo " + label[-1] for label in eggs), said
        # an egg card, then where it goes: the question's buttons in each page's language
        view = current_view(ana)
        place = next(a for a in view["actions"] if a["kind"] == "place")
        first = place["steps"][0]
        for page in (ana.page, english):
            page.locator(f'.tray [data-step="{first["kind"]}:{first["value"]}"]').first.click()
            page.wait_for_selector(DIALOG_OPTIONS)
        spanish, english_options = texts(ana.page, DIALOG_OPTIONS), texts(english, DIALOG_OPTIONS)
        assert any(text.startswith("Tu huevera") for text in spanish), spanish
        assert any(text.startswith("Your container") for text in english_options), english_options
        assert not any("container" in text for text in spanish), spanish
        assert ana.errors == []
    finally:
        ana.context.close()
