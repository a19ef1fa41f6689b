"""A crowded table still fits a 360 px phone: six seats, a seat holding many cards, long names.

CI once failed these widths by chance (an Eggo opponent happened to hold more than eight cards,
and a table of long names was left in the lobby); here the crowding is made on purpose: every
face-down fan on the page is rebuilt by the client's own `handOfBacks` with 40 cards, in the
real page and its real layout, and the lobby shows a table whose seats have the longest names
a person may choose.
"""

from __future__ import annotations

import random
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser

from tests.e2e.helpers import (
    EASY_BOT,
    PHONE,
    assert_fits,
    hold_seat,
    new_table,
    person,
    play_until,
    screenshot,
    wait_ready,
    wait_version,
)
from tests.e2e.live_server import LiveServer

GAMES = ["big-chicken", "egg-bound", "eggo", "manda-huevos"]
MOST = 6
"""Every game seats at most six."""
CROWD = 40

SWAP_FANS = """async (count) => {
  const { handOfBacks } = await import('/static/js/cards.js');
  const fans = [...document.querySelectorAll('.board .fan')];
  for (const fan of fans) {
    fan.replaceWith(handOfBacks(count, count + ' cards', 'xs', fan.dataset.handOf ?? null));
  }
  return fans.length;
}"""


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", GAMES)
def test_six_seats_with_many_cards_fit_a_phone(
    server: LiveServer, browser: Browser, artifacts: Path, game: str
) -> None:
    someone = person(browser, "Ana", PHONE)
    grant = new_table(server.url, game, [{"type": "open"}] + [EASY_BOT] * (MOST - 1), "Ana")
    table_id = grant["table"]["id"]
    hold_seat(someone.page, server.url, table_id, grant["seat"], grant["token"], "Ana")
    someone.page.goto(f"{server.url}/t/{table_id}")
    wait_version(someone.page)
    fans = someone.page.locator(".board .fan")
    play_until([someone], random.Random(5), lambda: fans.count() > 0, what="hands on the board")
    assert_fits(someone.page)  # as the game goes
    swapped = someone.page.evaluate(SWAP_FANS, CROWD)
    assert swapped == MOST - 1, f"{game}: {swapped} face-down hands on the board"
    assert someone.page.locator(".fan-more").count() == swapped
    assert_fits(someone.page)
    screenshot(someone.page, artifacts, f"crowded-{game}-phone")
    assert someone.errors == []


LONG = "W" * 24
"""The widest name there is: 24 characters (the limit) of the widest letter, with no break."""


@pytest.mark.parametrize("lang", ["en", "en-XA"])
def test_long_names_fit_the_lobby_on_a_phone(
    server: LiveServer, browser: Browser, artifacts: Path, lang: str
) -> None:
    grant = new_table(server.url, "eggo", [{"type": "open"}] * 3, LONG)
    joined = httpx.post(
        f"{server.url}/api/tables/{grant['table']['id']}/join", json={"name": "M" * 24}, timeout=10
    )
    assert joined.status_code == 200, joined.text
    someone = person(browser, "Bo", PHONE)
    someone.page.goto(f"{server.url}/?lang={lang}")
    wait_ready(someone.page)
    someone.page.wait_for_function(f"document.body.textContent.includes('{LONG}')")
    assert_fits(someone.page)
    screenshot(someone.page, artifacts, f"long-names-lobby-{lang}-phone")
    assert someone.errors == []
