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
  const width = window.innerWidth;
  return {
    swapped: fans.length,
    more: document.querySelectorAll('.board .fan-more').length,
    width: document.documentElement.scrollWidth,
    wide: [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width)
      .slice(0, 8).map((el) => el.tagName + '.' + el.className),
  };
}"""
"""Swap every fan and measure in one go: a view arriving in between would redraw the board."""


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
    play_until(  # to Ana's turn, where the bots wait for her and the board stays as it is
        [someone],
        random.Random(5),
        lambda: fans.count() > 0 and someone.my_turn(),
        what="hands on the board at Ana's turn",
    )
    assert_fits(someone.page)  # as the game goes
    crowd = someone.page.evaluate(SWAP_FANS, CROWD)
    assert crowd["swapped"] == MOST - 1, f"{game}: {crowd['swapped']} hands on the board"
    assert crowd["more"] == crowd["swapped"]
    assert crowd["width"] <= PHONE["width"], f"{game}: {crowd['width']} px: {crowd['wide']}"
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
