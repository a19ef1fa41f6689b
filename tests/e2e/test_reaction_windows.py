"""Egg Bound's Cluck-Off window in the browser: a person who holds no Cluck-Off is not asked
(no dialog; the banner says the server answers), one who holds one is asked at once."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser, expect
from websockets.sync.client import connect

from roost.server.tables.lobby import Lobby
from tests.e2e.helpers import PHONE, Person, hold_seat, person
from tests.e2e.live_server import LiveServer
from tests.server.test_reactions import attack_deal, stored_table

DIALOG_WATCH = """
window.__dialogs = [];
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node.nodeType === 1 && node.matches('dialog.step-dialog')) {
        window.__dialogs.push({passive: document.body.dataset.passive,
                               version: document.body.dataset.version});
      }
    }
  }
}).observe(document, {childList: true, subtree: true});
"""


def open_seat(server: LiveServer, someone: Person, table_id: str, seat: int, token: str) -> None:
    page = someone.page
    page.add_init_script(DIALOG_WATCH)
    hold_seat(page, server.url, table_id, seat, token, "Bo")
    page.goto(f"{server.url}/t/{table_id}")
    page.wait_for_function(f"document.body.dataset.seat === '{seat}'")


def attack(server: LiveServer, table_id: str, token: str) -> int:
    """Seat 0 (a script on the table's WebSocket) plays its Bad Egg on seat 1; the window's
    version."""
    url = server.url.replace("http", "ws") + f"/api/tables/{table_id}/ws"
    with connect(url) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        view: dict[str, Any] = {}
        while not view.get("actions"):
            frame = json.loads(ws.recv(timeout=30))
            if frame["type"] == "view":
                view = frame
        move = next(a for a in view["actions"] if a["text"] == "play red Bad Egg on P1")
        ws.send(json.dumps({"type": "move", "version": view["version"], "action": move["action"]}))
        while True:
            frame = json.loads(ws.recv(timeout=30))
            if frame["type"] == "ack":
                return int(frame["version"])


def test_no_question_when_letting_it_happen_is_the_only_answer(
    server: LiveServer, browser: Browser
) -> None:
    lobby: Lobby = server.app.state.lobby
    for cluck_off in (False, True):
        record, tokens = stored_table(
            lobby.store, attack_deal(cluck_off), ["person"] * 2 + ["easy"]
        )
        bo = person(browser, "Bo", PHONE)
        open_seat(server, bo, record.id, 1, tokens[1])
        window = attack(server, record.id, tokens[0])
        page = bo.page
        page.wait_for_function(f"Number(document.body.dataset.version) >= {window}")
        at_window = [v for v in bo.views if v["version"] == window]
        assert at_window and at_window[0]["table"]["to_move"] == 1
        if cluck_off:
            # asked at once, with Cluck-Off offered
            expect(page.locator("dialog.step-dialog[open]")).to_be_visible()
            assert not at_window[0]["passive"]
            assert len(page.evaluate("window.__dialogs")) == 1
        else:
            assert at_window[0]["passive"]
            # the server answers after its pause: the table moves on with no question asked
            page.wait_for_function(f"Number(document.body.dataset.version) > {window}")
            assert page.evaluate("window.__dialogs") == []
            texts = [line["text"] for v in bo.views for line in v["log"]]
            assert any(text.startswith("let ") for text in texts)
        assert not bo.errors, bo.errors
        bo.context.close()
