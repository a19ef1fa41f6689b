"""The log in each reader's language: two people at a table, Ana reading Spanish (``?lang=es``)
and Bo English, play until the log has moves; Ana's log reads in Spanish, Bo's in English. A
second page of Ana's seat, in English, receives exactly the frames her Spanish page receives
(the server sends one frame whatever the reader's language: the client translates). Manda
Huevos! is checked word by word; every game, that the same lines read differently. Then the two
play the game to its end, and each reads the results in their own language."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser

from tests.e2e.helpers import (
    Person,
    Plan,
    hold_seat,
    lay_by_selection,
    new_table,
    person,
    play_until,
    wait_version,
)
from tests.e2e.live_server import LiveServer

LOG = ".log-lines .log-line"


def log_texts(someone: Person) -> list[str]:
    texts: list[str] = someone.page.locator(LOG).all_inner_texts()
    return texts


def log_lines(someone: Person) -> dict[int, dict[str, Any]]:
    """Every log line this page's views carried, by number."""
    return {line["n"]: line for view in someone.views for line in view["log"]}


PLANS: dict[str, Plan] = {"big-chicken": lay_by_selection}
PARAMS: dict[str, dict[str, Any]] = {
    "egg-bound": {"max_turns": 40},
    "big-chicken": {"rounds": 1},
    "eggo": {"copies": "characters=1", "hand": 4},  # half the deck, short hands: a short game
}


@pytest.mark.timeout(480)
@pytest.mark.parametrize("game", ["manda-huevos", "big-chicken", "eggo", "egg-bound"])
def test_each_reader_reads_the_log_in_their_language(
    game: str, server: LiveServer, browser: Browser
) -> None:
    seats = [{"type": "open"}, {"type": "open"}]
    grant = new_table(server.url, game, seats, "Ana", **PARAMS.get(game, {}))
    table_id = grant["table"]["id"]
    ana = person(browser, "Ana")
    bo = person(browser, "Bo")
    try:
        hold_seat(ana.page, server.url, table_id, grant["seat"], grant["token"], "Ana")
        ana.page.goto(f"{server.url}/t/{table_id}?lang=es")
        ana_en = Person("Ana (English)", ana.context, ana.context.new_page())
        ana_en.watch(ana_en.page)
        ana_en.page.goto(f"{server.url}/t/{table_id}?lang=en")
        joined = httpx.post(
            f"{server.url}/api/tables/{table_id}/join", json={"name": "Bo"}, timeout=30
        ).json()
        hold_seat(bo.page, server.url, table_id, joined["seat"], joined["token"], "Bo")
        bo.page.goto(f"{server.url}/t/{table_id}")
        for page in (ana.page, ana_en.page, bo.page):
            wait_version(page, timeout=30_000)
        play_until(
            [ana, bo],
            random.Random(4),
            lambda: ana.moves + bo.moves >= 4 or ana.over(),
            plan=PLANS.get(game),
            what="four moves",
        )
        ana.page.wait_for_function(
            f"document.querySelectorAll('{LOG}').length >= 4", timeout=15_000
        )
        spanish, english = "\n".join(log_texts(ana)), "\n".join(log_texts(bo))
        assert "ocupa el asiento" in spanish and "takes seat" in english
        assert "takes seat" not in spanish and "ocupa el asiento" not in english
        if game == "manda-huevos":
            assert "Se reparten las cartas." in spanish and "The cards are dealt." not in spanish
            assert "The cards are dealt." in english and "Se reparten las cartas." not in english
            assert "huevo" in spanish and "egg" not in spanish, spanish
            assert "egg" in english and "huevo" not in english, english
        # Ana's English page: the same frames, in English
        ana_en.page.wait_for_function(
            f"document.querySelectorAll('{LOG}').length >= {len(log_texts(ana))}",
            timeout=15_000,
        )
        both = list(zip(log_texts(ana), log_texts(ana_en), strict=False))
        moves = [(es, en) for es, en in both if ":" in en]  # a seat's move, or a said line
        assert moves and sum(es != en for es, en in moves) * 2 >= len(moves), both
        shown = max(log_lines(ana_en))
        mine = {n: line for n, line in log_lines(ana).items() if n <= shown}
        assert mine == log_lines(ana_en)
        assert all("msg" in line for line in mine.values())
        # then the whole game: each reads its end in their own language
        play_until(
            [ana, bo],
            random.Random(5),
            lambda: ana.over() and bo.over(),
            plan=PLANS.get(game),
            timeout=360,
            what="the end of the game",
        )
        said = {}
        for someone in (ana, bo):
            dialog = someone.page.locator(".results-dialog")
            dialog.wait_for(state="visible", timeout=15_000)
            said[someone.name] = dialog.inner_text()
        assert "Fin de la partida" in said["Ana"] and "Repetición" in said["Ana"], said
        assert "Game over" in said["Bo"] and "Replay" in said["Bo"], said
        assert "Game over" not in said["Ana"] and "Fin de la partida" not in said["Bo"], said
        assert ana.errors == [] and bo.errors == [] and ana_en.errors == []
    finally:
        ana.context.close()
        bo.context.close()
