"""The server's own words in the reader's language, through the page: at a table with two easy
bots, a Spanish page (``?lang=es``) names them "Bot fácil 2" and "Bot fácil 3" in the seats and
in the log (the server sends "Easy bot" and its message; the page says it), and the chat's
refusal of one message too many (the server's, not the page's own check) reads in Spanish."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from roost.server.config import ChatLimits
from tests.e2e.helpers import (
    EASY_BOT,
    Person,
    hold_seat,
    new_table,
    person,
    play_until,
    wait_version,
)
from tests.e2e.live_server import LiveServer

LOG = ".log-lines .log-line"
BURST = 2
"""Chat messages a seat may send per window here: the third is refused by the server."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    """A server of its own: bots that take a moment over each move (the page sees them play)
    and a chat window of an hour (the refusal cannot depend on how fast the browser types)."""
    chat = ChatLimits(burst=BURST, window=3600.0)
    with LiveServer(tmp_path, bot_pause=0.2, chat=chat) as live:  # type: ignore[arg-type]
        yield live


def log_texts(someone: Person) -> list[str]:
    texts: list[str] = someone.page.locator(LOG).all_inner_texts()
    return texts


def send(someone: Person, text: str) -> None:
    page = someone.page
    if page.locator(".chat-toggle").is_visible():  # a narrow page: open the chat first
        page.click(".chat-toggle")
    page.fill(".chat-input", text)
    page.press(".chat-input", "Enter")


@pytest.mark.timeout(180)
def test_bots_and_a_refusal_in_spanish(server: LiveServer, browser: Browser) -> None:
    grant = new_table(server.url, "manda-huevos", [{"type": "open"}, EASY_BOT, EASY_BOT], "Ana")
    table_id = grant["table"]["id"]
    ana = person(browser, "Ana")
    try:
        hold_seat(ana.page, server.url, table_id, grant["seat"], grant["token"], "Ana")
        ana.page.goto(f"{server.url}/t/{table_id}?lang=es")
        wait_version(ana.page, timeout=30_000)
        seats = ana.page.locator(".seat-name")
        expect(seats.filter(has_text="Bot fácil 2")).to_have_count(1)
        expect(seats.filter(has_text="Bot fácil 3")).to_have_count(1)
        play_until(
            [ana],
            random.Random(3),
            lambda: any(text.startswith("Bot fácil 2") for text in log_texts(ana)) or ana.over(),
            what="a move of the first bot in the log",
        )
        lines = log_texts(ana)
        assert any(text.startswith("Bot fácil 2") for text in lines), lines
        page_text = ana.page.locator("body").inner_text()
        assert "Easy bot" not in page_text
        # the same names in the frames, in English: the page said them in Spanish itself
        seat_names = [seat["name"] for seat in ana.views[-1]["table"]["seats"]]
        assert seat_names == ["Ana", "Easy bot", "Easy bot"]

        for n in range(BURST + 1):
            send(ana, f"hola {n}")
        status = ana.page.locator(".chat-status.error")
        expect(status).to_contain_text(
            f"Estás enviando mensajes demasiado deprisa (como máximo {BURST} en 3600 segundos)"
        )
        refused = [f for f in ana.frames_of("error") if f["code"] == "chat_rate_limited"]
        assert refused and refused[0]["message"].startswith("you are sending messages too fast")
        assert not ana.errors, ana.errors
    finally:
        ana.context.close()
