"""Each game's board in the pseudo-locale en-XA at 360 px: every word the board module draws
(games/*.js: the seats, piles, counters, badges, prompts, the hand in the tray, their
aria-labels and tooltips) comes from the catalogue, before and after a few moves, and the page
still fits the phone.

The chooser is checked too: the move buttons of the action bar and every question a move asks
in a dialog (its title, text and options, before each answer), whose words are the steps'
messages (`Choice.msg`) rendered by the page. What may stay outside the catalogue here
(besides what tests/e2e/test_i18n_web.py lists): the engine's texts the log draws, the log's
lines and the caption of the last move."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest
from playwright.sync_api import Browser
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.helpers import (
    EASY_BOT,
    PHONE,
    assert_fits,
    hold_seat,
    lay_by_selection,
    new_table,
    person,
    wait_version,
)
from tests.e2e.live_server import LiveServer
from tests.e2e.test_i18n_web import (
    KEEP,
    OUTSIDE_THE_CATALOGUE,
    PSEUDO,
    TEXTS_JS,
    WORD,
    known_words,
)
from tests.e2e.test_phone_tray import DIALOG_OPTIONS, TRAY_MOVES

GAMES = ["big-chicken", "egg-bound", "eggo", "manda-huevos"]
MOVES = 3
"""The person's moves checked per game (the board after each)."""
TURN_OR_END = "document.body.dataset.myTurn === 'true' || document.body.dataset.status === 'over'"
BOARD = ".board, .tray-hand, .tray .banner, .action-bar"
DIALOG = "dialog.step-dialog[open]"
OURS = (".board:not(:has(.waiting))", ".tray-hand", ".action-bar")
SKIP = [
    *(s for s in OUTSIDE_THE_CATALOGUE if s not in OURS),
    ".last-move",  # the caption of the last move: the engine's move text and its events
    ".card-corner:not(.card.coloured *)",  # a kind's letter ("E" egg, "D" Duck): notation
    ".zz",  # the "z" of a sleeping egg (Manda Huevos!), a picture of snoring
]
"""The lobby's exceptions but the board's, and the engine's texts drawn on the board."""


def board_words(page: Any, allowed: set[str], within: str = BOARD) -> list[str]:
    """Texts on the board and in the tray (text, aria-label, title) with a word outside every
    pseudo-translated [bracket] that is not a name the server gave."""
    texts: list[str] = page.evaluate(TEXTS_JS, [", ".join(SKIP), within])
    bad = []
    for text in texts:
        stray = [w for w in WORD.findall(KEEP.sub(" ", text)) if w not in allowed]
        if stray:
            bad.append(f"{text!r} ({', '.join(stray)})")
    return sorted(set(bad))


@pytest.mark.parametrize("game", GAMES)
def test_a_board_in_the_pseudo_locale(server: LiveServer, browser: Browser, game: str) -> None:
    someone = person(browser, "Ana", PHONE)
    try:
        page = someone.page
        grant = new_table(server.url, game, [{"type": "open"}, EASY_BOT, EASY_BOT], "Ana")
        table_id = grant["table"]["id"]
        hold_seat(page, server.url, table_id, grant["seat"], grant["token"], "Ana")
        page.goto(f"{server.url}/t/{table_id}?lang={PSEUDO}")
        wait_version(page)
        allowed = known_words(server.url)
        stray = board_words(page, allowed)
        assert stray == [], f"at the start: {stray}"
        assert_fits(page)
        rng = random.Random(7)
        moves = 0
        while moves < MOVES and not someone.over():
            page.wait_for_function(TURN_OR_END, timeout=30_000)
            if someone.over():
                break
            # the tray is drawn just after the turn is announced: wait for something to press
            page.wait_for_selector(f"{TRAY_MOVES}, {DIALOG_OPTIONS}, .lay-button", timeout=10_000)
            asked = play_one_turn(someone, game, rng, allowed)
            assert all(words == [] for words in asked), f"in a question of move {moves}: {asked}"
            moves += 1
            stray = board_words(page, allowed)
            assert stray == [], f"after move {moves}: {stray}"
            assert_fits(page)
        assert someone.errors == []
    finally:
        someone.context.close()


def play_one_turn(
    someone: Any, game: str, rng: random.Random, allowed: set[str]
) -> list[list[str]]:
    """A move from the tray and the dialogs it opens, as a person makes it on a phone (as
    tests/e2e/test_phone_tray.py's), each question's words checked before it is answered:
    what stray words each question had."""
    page = someone.page
    version = someone.body("version")
    asked: list[list[str]] = []
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
        asked.append(board_words(page, allowed, DIALOG))
        with contextlib.suppress(PlaywrightError):
            options.nth(rng.randrange(options.count())).click(timeout=3000)
    page.wait_for_function(
        f"document.body.dataset.version !== '{version}' || document.body.dataset.status === 'over'"
        " || document.body.dataset.myTurn === 'true'",
        timeout=15_000,
    )
    return asked
