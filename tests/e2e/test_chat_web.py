"""Table chat in the browser: two people (one on a phone) and a spectator chat with hostile texts
(HTML, a script, a right-to-left override, 10,000 characters, zero-width joiners, 50 combining
marks on one letter); everything shows as text (the canary `window.__pwned` is never set) and
the layout holds. The rate limit says so; a seat can be muted; the creator switches the
spectators' room off; the chat is still there after a reload and after the server restarts, is
read out by a live region, and shows in the replay up to the moment on screen."""

from __future__ import annotations

import json
import random
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect
from websockets.sync.client import ClientConnection, connect

from tests.e2e.conftest import GRACE
from tests.e2e.helpers import (
    Person,
    assert_fits,
    check_names,
    person,
    screenshot,
    wait_ready,
    wait_seat,
)
from tests.e2e.live_server import LiveServer

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

ZALGO = "Z" + "".join(chr(0x0300 + i) for i in range(50))
HOSTILE = {
    # typed -> shown
    "img": ('<img src=x onerror="window.__pwned=1">', '<img src=x onerror="window.__pwned=1">'),
    "script": ("<script>window.__pwned=1</script>", "<script>window.__pwned=1</script>"),
    "override": ("\u202egnp.exe is a picture", "gnp.exe is a picture"),  # neutralized
    "rtl": ("\u05e9\u05dc\u05d5\u05dd friends", "\u05e9\u05dc\u05d5\u05dd friends"),
    "zwj": (
        "\U0001f469\u200d\U0001f373 a\u200db\u200bc",
        "\U0001f469\u200d\U0001f373 a\u200db\u200bc",
    ),
    "zalgo": (ZALGO, ZALGO),
    "long": ("w" * 300, "w" * 300),
}
SPECTATOR_NAME = "<i>Cy</i>"
"""A hostile spectator name (24 characters at most): shown as text, its override removed."""


def chat_texts(page: Page) -> list[str]:
    texts: list[str] = page.eval_on_selector_all(
        ".chat .chat-line .chat-text", "els => els.map((el) => el.textContent)"
    )
    return texts


def wait_text(page: Page, text: str, selector: str = ".chat .chat-text") -> None:
    page.wait_for_function(
        "([sel, t]) => [...document.querySelectorAll(sel)].some((el) => el.textContent === t)",
        arg=[selector, text],
    )


def send(someone: Person, text: str) -> None:
    page = someone.page
    if page.locator(".chat-toggle").is_visible():  # a phone: open the chat first
        page.click(".chat-toggle")
    page.fill(".chat-input", text)
    page.press(".chat-input", "Enter")


def close_on_phone(page: Page) -> None:
    if page.locator(".chat.open .chat-close").is_visible():
        page.click(".chat-close")


def canary_untouched(*people: Person) -> None:
    for someone in people:
        page = someone.page
        assert page.evaluate("window.__pwned") is None, someone.name
        assert page.locator(".chat img, .chat script, .chat-replay img").count() == 0


def spectators_room_never_reached(*players: Person) -> None:
    """No frame a player's browser received carries a line of the spectators' room."""
    for someone in players:
        for frame in someone.frames:
            if frame.get("type") == "chat":
                assert frame["room"] == "players", (someone.name, frame)
            if frame.get("type") == "chat_history":
                assert all(line["room"] == "players" for line in frame["lines"])
            assert "psst" not in json.dumps(frame)


def fits_in_the_viewport(page: Page, selector: str) -> None:
    box = page.evaluate(
        """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
                     return [r.left, r.right, r.width, innerWidth]; }""",
        selector,
    )
    left, right, width, viewport = box
    assert width > 0 and left >= 0 and right <= viewport + 0.5, (selector, box)
    assert_fits(page)


def token_of(someone: Person, table_id: str) -> str:
    grant = someone.page.evaluate(f"localStorage.getItem('roost.seat.{table_id}')")
    token: str = json.loads(grant)["token"]
    return token


def play(
    base: str, table_id: str, tokens: list[str], rng: random.Random, moves: int | None = None
) -> None:
    """Play random moves for both seats over WebSockets of their own (the pages stay connected
    and follow): `moves` of them, or to the end of the game (None)."""
    url = f"{base.replace('http', 'ws')}/api/tables/{table_id}/ws"
    with ExitStack() as stack:
        sockets: list[ClientConnection] = [
            stack.enter_context(connect(url, max_size=2**22)) for _ in tokens
        ]
        for ws, token in zip(sockets, tokens, strict=True):
            ws.send(json.dumps({"type": "hello", "token": token}))
        views: list[dict[str, Any] | None] = [None for _ in tokens]
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            for index, ws in enumerate(sockets):
                try:
                    while True:
                        frame = json.loads(ws.recv(timeout=0.02))
                        if frame["type"] == "view":
                            views[index] = frame
                except TimeoutError:
                    pass
                view = views[index]
                if view is None:
                    continue
                if view["table"]["status"] == "over" or moves == 0:
                    return
                if view["actions"]:
                    moves = None if moves is None else moves - 1
                    action = rng.choice(view["actions"])["action"]
                    ws.send(
                        json.dumps({"type": "move", "version": view["version"], "action": action})
                    )
                    views[index] = None
        raise AssertionError("the game did not go on")


def test_chat_in_the_browser(browser: Browser, artifacts: Path, tmp_path: Path) -> None:
    def serve(port: int = 0) -> LiveServer:
        """The server on `tmp_path`'s database (started again on the same port and file)."""
        limits = {"moves_per_second": 1e6, "frames_per_second": 1e6}
        return LiveServer(tmp_path, port=port, grace=GRACE * 20, **limits).start()

    server = serve()
    ana = person(browser, "Ana", LAPTOP)
    bo = person(browser, "Bo", PHONE)
    cy = person(browser, "Cy", LAPTOP)  # a spectator
    cy.context.add_init_script(f"localStorage.setItem('roost.name', {json.dumps(SPECTATOR_NAME)})")
    try:
        # --- Ana creates a table for two; she says something in the waiting room
        page = ana.page
        page.goto(f"{server.url}/?game=eggo")
        wait_ready(page)
        page.fill("#player-name", "Ana")
        page.select_option("#players", "2")
        page.select_option("#seat-1", "open")
        page.click("#create")
        page.wait_for_url("**/t/*")
        link = page.locator(".invite-url").input_value()
        table_id = link.rsplit("/", 1)[1]
        wait_seat(page, 0)
        send(ana, HOSTILE["img"][0])
        wait_text(page, HOSTILE["img"][1])

        # --- Cy watches; Bo opens the link on his phone and sits: the game starts
        cy.page.goto(link)
        wait_seat(cy.page, None)
        bo.page.goto(link)
        wait_ready(bo.page)
        wait_text(bo.page, HOSTILE["img"][1])  # the history came with the welcome
        bo.page.fill("#join-name", "Bo")
        bo.page.get_by_role("button", name="Sit here").first.click()
        wait_seat(bo.page, 1)
        page.wait_for_function("document.body.dataset.status === 'playing'")

        # --- hostile texts from both players: each one shows exactly as text
        for key, who in (("script", bo), ("override", ana), ("rtl", bo), ("zwj", ana)):
            send(who, HOSTILE[key][0])
            for someone in (ana, bo, cy):
                wait_text(someone.page, HOSTILE[key][1])
        send(ana, HOSTILE["zalgo"][0])
        send(bo, "x" * 10_000)  # refused here at once: nothing is sent
        expect(bo.page.locator(".chat-status.error")).to_contain_text(
            "Too long: 10,000 characters. A message has at most 300."
        )
        assert bo.page.locator(".chat-input").input_value() == "x" * 10_000  # kept to shorten
        send(bo, HOSTILE["long"][0])
        for someone in (ana, bo, cy):
            wait_text(someone.page, HOSTILE["zalgo"][1])
            wait_text(someone.page, HOSTILE["long"][1])
        shown = [HOSTILE[key][1] for key in HOSTILE]
        for someone in (ana, bo, cy):
            assert chat_texts(someone.page) == shown, someone.name
        assert not any(len(text) > 300 for text in chat_texts(page))
        canary_untouched(ana, bo, cy)

        # names stay in place: a right-to-left message cannot move its writer's name
        order = page.evaluate(
            """() => [...document.querySelectorAll('.chat .chat-line')].map((li) => {
                 const n = li.querySelector('.chat-name').getBoundingClientRect();
                 const t = li.querySelector('.chat-text').getBoundingClientRect();
                 return n.right <= t.left + 1 || t.top >= n.bottom - 1;  // after, or below
               })"""
        )
        assert all(order), order
        # the pile of marks is clipped by its own line, which stays about one line tall
        heights = page.evaluate(
            """() => [...document.querySelectorAll('.chat .chat-line')].map((li) =>
                 [li.querySelector('.chat-text').textContent.length, li.offsetHeight,
                  getComputedStyle(li).overflow])"""
        )
        plain_height = heights[0][1]
        zalgo_row = next(row for row in heights if row[0] == len(ZALGO))
        assert zalgo_row[1] <= plain_height * 1.6 and zalgo_row[2] == "hidden", heights
        fits_in_the_viewport(page, ".chat")
        fits_in_the_viewport(cy.page, ".chat")
        check_names(ana)
        check_names(cy)

        tokens = [token_of(ana, table_id), token_of(bo, table_id)]
        play(server.url, table_id, tokens, random.Random(1), moves=4)  # later lines: later versions

        # --- the phone: a button with the unread count; the panel opens over the page
        close_on_phone(bo.page)
        expect(bo.page.locator(".chat-body")).to_be_hidden()
        send(ana, "Nice lay")
        expect(bo.page.locator(".chat-unread")).to_have_text("1")
        expect(bo.page.locator(".chat-toggle")).to_have_attribute(
            "aria-label", "Chat, 1 new message"
        )
        assert_fits(bo.page)
        screenshot(bo.page, artifacts, "chat-phone-closed")
        bo.page.click(".chat-toggle")
        expect(bo.page.locator(".chat-body")).to_be_visible()
        expect(bo.page.locator(".chat-unread")).to_be_hidden()
        fits_in_the_viewport(bo.page, ".chat-body")
        check_names(bo)
        bo.page.screenshot(path=str(artifacts / "chat-phone-open.png"))

        # --- read out to screen readers: a polite live region, messages from others only
        live = page.locator(".chat-announcer")
        assert live.get_attribute("aria-live") == "polite"
        expect(live).to_contain_text("Bo says: " + HOSTILE["long"][1])
        assert "Ana says" not in (live.text_content() or "")

        # --- the spectators' room: Cy writes there, the players never receive it
        cy.page.click(".chat-tab[data-room='spectators']")
        send(cy, "psst: Bo holds the Duck")
        wait_text(cy.page, "psst: Bo holds the Duck")
        expect(cy.page.locator(".chat-name.spectator").last).to_have_text("<i>Cy</i>")
        cy.page.click(".chat-tab[data-room='players']")
        expect(cy.page.locator(".chat-form")).to_be_hidden()  # players only write here
        time.sleep(0.5)
        spectators_room_never_reached(ana, bo)
        assert "psst" not in page.inner_text(".chat") + bo.page.inner_text(".chat")

        # the creator (Ana) switches it off: Cy sees so and cannot write
        page.click(".chat-options summary")
        page.uncheck(".chat-spectators-open")
        cy.page.click(".chat-tab[data-room='spectators']")
        expect(cy.page.locator(".chat-off")).to_have_text(
            "The table's creator has switched the spectators' chat off."
        )
        expect(cy.page.locator(".chat-form")).to_be_hidden()
        expect(cy.page.locator(".chat-text", has_text="psst")).to_be_visible()  # still there
        assert bo.page.locator(".chat-spectators-open").count() == 0  # not Bo's to switch
        screenshot(cy.page, artifacts, "chat-spectator-desktop")

        # --- Ana mutes Bo: his lines are hidden in her view only, even after a reload
        page.check("[data-mute-seat='1']")
        expect(page.locator(".chat-line[data-seat='1']")).to_have_count(0)
        expect(page.locator(".chat-hidden")).to_contain_text("3 messages from muted players")
        cy.page.click(".chat-tab[data-room='players']")
        expect(cy.page.locator(".chat-line[data-seat='1']")).to_have_count(3)
        lines_before = chat_texts(page)
        page.reload()
        wait_seat(page, 0)
        wait_text(page, "Nice lay")
        assert chat_texts(page) == lines_before  # the reload shows the chat again
        expect(page.locator(".chat-line[data-seat='1']")).to_have_count(0)
        page.locator(".chat-hidden button").click()
        expect(page.locator(".chat-line[data-seat='1']")).to_have_count(3)
        screenshot(page, artifacts, "chat-desktop")

        # --- the rate limit: a clear message, and nothing more is stored
        for _ in range(8):
            page.click(".chat-reaction:has-text('Cluck!')")
            if page.locator(".chat-status.error").is_visible():
                break
            time.sleep(0.05)
        expect(page.locator(".chat-status.error")).to_contain_text(
            "You are sending messages too fast (at most 5 in 10 seconds); try again in"
        )
        stored = httpx.get(f"{server.url}/api/tables/{table_id}/chat").json()["lines"]
        recent = [line for line in stored if line["seat"] == 0 and line["at"] > time.time() - 10]
        assert len(recent) <= 5, recent  # Ana's seat: at most 5 in any 10 s

        # --- the server restarts: every page reconnects and finds the chat
        before = {p.name: chat_texts(p.page) for p in (ana, bo)}
        histories = {p.name: len(p.frames_of("chat_history")) for p in (ana, bo, cy)}
        server.stop()
        server = serve(server.port)
        for someone in (ana, bo, cy):  # a new welcome, then the chat's history again
            deadline = time.monotonic() + 30
            while len(someone.frames_of("chat_history")) == histories[someone.name]:
                assert time.monotonic() < deadline, f"{someone.name} did not reconnect"
                someone.page.wait_for_timeout(100)
            expect(someone.page.locator(".conn-open")).to_be_visible()
        for someone in (ana, bo):
            assert chat_texts(someone.page) == before[someone.name]
        send(ana, "Back after the restart")
        wait_text(bo.page, "Back after the restart")
        cy.page.click(".chat-tab[data-room='spectators']")
        expect(cy.page.locator(".chat-off")).to_be_visible()  # the switch was stored too

        # --- the end of the game, a last word, and the replay
        play(server.url, table_id, tokens, random.Random(3))
        for someone in (ana, cy):  # the results come up: look at the table (and chat)
            someone.page.wait_for_function("document.body.dataset.status === 'over'")
            results = someone.page.locator("dialog.results-dialog[open]")
            expect(results).to_be_visible()
            someone.page.keyboard.press("Escape")
            expect(results).to_have_count(0)
        send(ana, "Good game")
        cy.page.click(".chat-tab[data-room='players']")
        wait_text(cy.page, "Good game")
        replay = httpx.get(f"{server.url}/api/tables/{table_id}/replay").json()
        said = replay["chat"]
        assert said[-1]["text"] == "Good game" and said[-1]["version"] == len(replay["history"])
        assert any(line["room"] == "spectators" for line in said)
        cy.page.goto(f"{server.url}/replay/{table_id}")
        wait_ready(cy.page)
        visible = ".chat-replay .chat-line:not([hidden])"
        expect(cy.page.locator(visible)).to_have_count(len(said))
        expect(cy.page.locator(".chat-replay .chat-room-tag")).to_have_count(1)
        canary_untouched(cy)
        screenshot(cy.page, artifacts, "chat-replay-desktop")
        cy.page.keyboard.press("Home")
        expect(cy.page.locator(".replay-position")).to_contain_text("0 /")
        at_start = sum(1 for line in said if line["version"] == 0)
        assert 0 < at_start < len(said)
        expect(cy.page.locator(visible)).to_have_count(at_start)
        middle = next(line["version"] for line in said if line["version"] > 0)
        cy.page.locator("#replay-slider").fill(str(middle))
        expect(cy.page.locator(visible)).to_have_count(
            sum(1 for line in said if line["version"] <= middle)
        )

        canary_untouched(ana, bo)
        assert not ana.errors and not bo.errors and not cy.errors, (
            ana.errors,
            bo.errors,
            cy.errors,
        )
    finally:
        for someone in (ana, bo, cy):
            someone.context.close()
        server.stop()
