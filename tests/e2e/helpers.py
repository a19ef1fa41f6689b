"""People at a table, driven through the browser, and checks of what their browsers received."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, Page, WebSocket
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from websockets.sync.client import connect

from roost.core.game import OMNISCIENT
from roost.core.registry import load_game
from roost.core.state import State
from roost.server.tables.table import legal_action_data
from tests.server.helpers import described

PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 860}


@dataclass
class Person:
    """One person: a browser context of their own (their own localStorage: their seat's
    token), one page, and every WebSocket frame that page received."""

    name: str
    context: BrowserContext
    page: Page
    frames: list[dict[str, Any]] = field(default_factory=list)
    """As the page's client reads them: a view without the table's description (protocol 2)
    completed with the one its socket was last sent (`described`)."""
    compact: int = 0
    """Views that came without the table's description."""
    errors: list[str] = field(default_factory=list)
    moves: int = 0

    def watch(self, page: Page) -> None:
        def on_socket(socket: WebSocket) -> None:
            last: list[dict[str, Any] | None] = [None]  # this socket's description
            socket.on("framereceived", lambda payload: self._frame(payload, last))

        page.on("websocket", on_socket)
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _frame(self, payload: str | bytes, last: list[dict[str, Any] | None]) -> None:
        text = payload.decode() if isinstance(payload, bytes) else payload
        frame = json.loads(text)
        if frame.get("type") == "view":
            self.compact += frame["table"] is None
            frame = described(last[0], frame)
        if frame.get("type") in ("view", "table"):
            last[0] = frame["table"]
        self.frames.append(frame)

    def new_page(self) -> Page:
        """A new tab in the same browser (same token), recorded like the first."""
        self.page = self.context.new_page()
        self.watch(self.page)
        return self.page

    @property
    def views(self) -> list[dict[str, Any]]:
        return [f for f in self.frames if f.get("type") == "view"]

    def frames_of(self, kind: str) -> list[dict[str, Any]]:
        return [f for f in self.frames if f.get("type") == kind]

    def body(self, key: str) -> str:
        value: str = self.page.evaluate(f"document.body.dataset.{key} ?? ''")
        return value

    def my_turn(self) -> bool:
        return self.body("myTurn") == "true"

    def over(self) -> bool:
        return self.body("status") == "over"


CSP_WATCH = """
document.addEventListener("securitypolicyviolation", (event) => {
  window.__roostCspViolation(
    `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} ` +
      `(${event.sourceFile || "?"}:${event.lineNumber || 0})`,
  );
}, true);
"""
"""Reports every Content-Security-Policy violation in a page to the test (before any script of
the page runs: Playwright's init scripts are not subject to the page's policy)."""


def watch_policy(context: BrowserContext, errors: list[str]) -> None:
    """Record every CSP violation of the pages of `context` in `errors`: the server's headers
    are on in the browser tests, and a violation is a broken feature (a style or script the
    browser refused) even when nothing throws."""
    context.expose_function(
        "__roostCspViolation", lambda text: errors.append(f"CSP violation: {text}")
    )
    context.add_init_script(CSP_WATCH)


def wait_until(
    page: Page,
    expression: str,
    *,
    arg: Any = None,
    timeout: float | None = None,
    polling: float | str | None = None,
) -> Any:
    """Until `expression` (a JavaScript expression, or a function of `arg`) is truthy in the
    page: Playwright's `wait_for_function`, but polled from here through `page.evaluate`, which
    the page's CSP does not limit (wait_for_function evaluates its predicate with eval inside
    the page, which the server's policy forbids). Times out like it (default 30 s)."""
    limit = (30_000 if timeout is None else timeout) / 1000
    every = polling / 1000 if isinstance(polling, int | float) else 0.05
    deadline = time.monotonic() + limit
    while True:
        value = page.evaluate(expression, arg)
        if value:
            return value
        if limit and time.monotonic() > deadline:
            raise PlaywrightTimeout(f"wait_until: {expression!r} still false after {limit:.0f} s")
        time.sleep(every)


def person(browser: Browser, name: str, viewport: dict[str, int] = DESKTOP) -> Person:
    context = browser.new_context(viewport=viewport, reduced_motion="reduce")  # type: ignore[arg-type]
    errors: list[str] = []
    watch_policy(context, errors)
    page = context.new_page()
    someone = Person(name, context, page, errors=errors)
    someone.watch(page)
    return someone


EASY_BOT: dict[str, Any] = {"type": "bot", "level": "easy"}


def new_table(
    base: str, game: str, seats: list[dict[str, Any]], name: str | None, **params: Any
) -> dict[str, Any]:
    """A table made through the REST API (the answer: table, seat, token); with `name`, its
    first open seat is that person's."""
    body: dict[str, Any] = {"game": game, "players": len(seats), "seats": seats, "params": params}
    if name is not None:
        body["name"] = name
    grant: dict[str, Any] = httpx.post(f"{base}/api/tables", json=body, timeout=30).json()
    return grant


def hold_seat(page: Page, base: str, table_id: str, seat: int, token: str, name: str) -> None:
    """Make this browser hold a seat (its token where the web client keeps it), as after a
    create or a join in the lobby."""
    if not page.url.startswith(base):
        page.goto(f"{base}/")
        wait_ready(page)
    page.evaluate(
        "([id, seat, token, name]) => localStorage.setItem('roost.seat.' + id,"
        " JSON.stringify({seat, token, name}))",
        [table_id, seat, token, name],
    )


def sit_with_bots(base: str, someone: Person, game: str, bots: int = 2, **params: Any) -> str:
    """A table of `game`: this person in seat 0 and `bots` easy bots; their page open at it,
    showing its first view. The table's id."""
    grant = new_table(base, game, [{"type": "open"}] + [EASY_BOT] * bots, someone.name, **params)
    table_id: str = grant["table"]["id"]
    hold_seat(someone.page, base, table_id, grant["seat"], grant["token"], someone.name)
    someone.page.goto(f"{base}/t/{table_id}")
    someone.page.wait_for_function("Number(document.body.dataset.version ?? -1) >= 0")
    return table_id


def arrive_and_leave(base: str, table_id: str, token: str) -> None:
    """The holder of `token` comes to the table (a WebSocket's hello, answered by the welcome)
    and goes: the seat stays theirs at a waiting table, and once the game runs a stand-in
    plays it after the short `grace`, not after the arrival grace of someone who never came
    (a minute in these tests, for pages slow to load under load)."""
    url = f"{base.replace('http', 'ws')}/api/tables/{table_id}/ws"
    with connect(url, max_size=2**22) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            frame = json.loads(ws.recv(timeout=30))
            if frame["type"] == "welcome":
                assert frame["role"] == "player", frame
                return


def wait_ready(page: Page) -> None:
    page.wait_for_selector("body[data-ready]")


def wait_version(page: Page, timeout: float = 10_000) -> None:
    """Until the table page shows a view."""
    page.wait_for_function("Number(document.body.dataset.version ?? -1) >= 0", timeout=timeout)


def wait_seat(page: Page, seat: int | None) -> None:
    """Until the table page shows the view of `seat` (None: a spectator's)."""
    wanted = "" if seat is None else str(seat)
    page.wait_for_function(
        f"document.body.dataset.seat === '{wanted}' && Number(document.body.dataset.version) >= 0"
    )


MOVE_TARGETS = ".board .playable, .tray .playable, .action-bar button.move:not([aria-disabled])"
STEP_TARGETS = (
    ".board .playable[data-step], .tray .playable[data-step], "
    ".action-bar button.move:not(.lay-button)"
)

Plan = Callable[[Person, random.Random], bool]


def current_view(someone: Person) -> dict[str, Any]:
    """The last view frame this person's page received (the one it shows)."""
    version = int(someone.body("version"))
    for frame in reversed(someone.views):
        if frame["version"] == version:
            found: dict[str, Any] = frame
            return found
    raise AssertionError(f"{someone.name}'s page shows version {version}, never received")


def lay_by_selection(someone: Person, rng: random.Random) -> bool:
    """BIG CHICKEN as a person plays it: select the cards of a Lay in the hand, then press Lay
    (a Duck then asks what it stands for); now and then cluck instead; other moments (the
    exchange, flip or skip, Last Egg, catches) by clicking what is offered."""
    page = someone.page
    view = current_view(someone)
    lays = [a for a in view["actions"] if a["kind"] == "lay"]
    can_pass = any(a["kind"] == "pass" for a in view["actions"])
    if lays and (not can_pass or rng.random() < 0.75):
        lay = rng.choice(lays)
        hand: list[int] = view["observation"]["hand"]
        clear = page.locator(".action-bar button", has_text="Clear")
        if clear.count():
            clear.click()
        taken: set[int] = set()
        for card in lay["cards"]:
            index = next(i for i, c in enumerate(hand) if c == card and i not in taken)
            taken.add(index)
            page.locator(f'[data-hand-of] [data-key="hand-{index}"]').click()
        page.locator(".lay-button").click()
        return True
    targets = page.locator(STEP_TARGETS)
    if targets.count() == 0:
        return False
    targets.nth(rng.randrange(targets.count())).click()
    return True


def take_turn(
    someone: Person, rng: random.Random, keyboard: bool = False, plan: Plan | None = None
) -> bool:
    """If it is this person's turn, choose a legal move as a person would (click a glowing card
    or pile, or a move button; answer the dialogs that follow); True when a move was made."""
    page = someone.page
    if not someone.my_turn():
        return False
    version = someone.body("version")
    asked = page.locator("dialog.step-dialog[open] .options button")
    if asked.count():
        pass  # a question put to this seat came up as a dialog: answered below
    elif plan is not None:
        if not plan(someone, rng):
            return False
    elif keyboard:
        if page.locator(MOVE_TARGETS).count() == 0:
            return False
        page.keyboard.press("h")  # focus the first playable thing
        page.keyboard.press("Enter")
    else:
        targets = page.locator(MOVE_TARGETS)
        count = targets.count()
        if count == 0:
            return False
        targets.nth(rng.randrange(count)).click()
    for _ in range(8):
        options = page.locator("dialog.step-dialog[open] .options button")
        if options.count() == 0:
            break
        if keyboard:
            page.keyboard.press("Enter")  # the first option has the focus
        else:
            options.nth(rng.randrange(options.count())).click()
    page.wait_for_function(
        f"document.body.dataset.version !== '{version}' || document.body.dataset.myTurn === 'true'"
        " || document.body.dataset.status === 'over'",
        timeout=15_000,
    )
    someone.moves += 1
    return True


def play_until(
    people: list[Person],
    rng: random.Random,
    done: Callable[[], bool],
    *,
    timeout: float = 120.0,
    keyboard: Callable[[Person], bool] = lambda _: False,
    what: str = "the expected point",
    plan: Plan | None = None,
) -> None:
    """Everyone plays in turn until `done()`."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            states = [
                (p.name, p.body("status"), p.body("version"), p.body("myTurn")) for p in people
            ]
            raise AssertionError(f"the game did not reach {what} in {timeout} s: {states}")
        moved = False
        for someone in people:
            if someone.page.is_closed():
                continue
            moved = take_turn(someone, rng, keyboard=keyboard(someone), plan=plan) or moved
        if not moved:
            time.sleep(0.03)


def check_hidden_dom(someone: Person, seat: int | None) -> None:
    """No other seat's hand is drawn face up (while the game runs: some games show every hand
    at the end), and no face-down card says what it is."""
    page = someone.page
    leaks = page.evaluate(
        """(seat) => {
          const out = [];
          const over = document.body.dataset.status === 'over';
          const zones = over ? [] : document.querySelectorAll('[data-hand-of]');
          for (const zone of zones) {
            if (String(seat) === zone.dataset.handOf) continue;
            if (zone.querySelector('.card:not(.card-back)')) {
              out.push('face-up card in the hand of seat ' + zone.dataset.handOf);
            }
          }
          const backs = document.querySelectorAll('.card-back[aria-label], .fan[aria-label]');
          const allowed = /^(face-down card|.* holds \\d+ cards?|\\d+ face-down cards)$/;
          for (const back of backs) {
            const label = back.getAttribute('aria-label');
            if (!allowed.test(label)) out.push('face-down label: ' + label);
          }
          return out;
        }""",
        seat,
    )
    assert not leaks, leaks


def check_names(someone: Person) -> None:
    """Every button, link and form field says what it is (a name for screen readers)."""
    nameless = someone.page.evaluate(
        """() => [...document.querySelectorAll('button, a[href], input, select, [role=button]')]
             .filter((el) => {
               if (el.type === 'radio') return false;  // named by its label's text
               const label = el.getAttribute('aria-label') || el.textContent.trim()
                 || (el.id && document.querySelector(`label[for="${el.id}"]`)?.textContent.trim());
               return !label;
             })
             .map((el) => el.outerHTML.slice(0, 120))"""
    )
    assert not nameless, nameless


def own_hand_in_dom(someone: Person, seat: int) -> list[str]:
    """The names of the cards drawn face up in this seat's own hand."""
    names: list[str] = someone.page.evaluate(
        """(seat) => [...document.querySelectorAll(`[data-hand-of="${seat}"] .card`)]
             .map((c) => c.getAttribute('aria-label').split(', ')[0])""",
        seat,
    )
    return names


def assert_fits(page: Page) -> None:
    """Nothing sticks out sideways: the page works at its width (360 px on a phone)."""
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.viewport_size
    assert viewport is not None
    if width > viewport["width"]:
        wide = page.evaluate(
            """(w) => [...document.querySelectorAll('body *')]
                 .filter((el) => el.getBoundingClientRect().right > w)
                 .slice(0, 12).map((el) => el.tagName + '.' + el.className + ' '
                   + Math.round(el.getBoundingClientRect().left) + '-'
                   + Math.round(el.getBoundingClientRect().right))""",
            viewport["width"],
        )
        raise AssertionError(f"the page is {width} px wide in {viewport['width']} px: {wide}")


def screenshot(page: Page, folder: Path, name: str) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


# --- what the browsers received, checked against the game itself --------------------------------


def normal(value: Any) -> Any:
    """JSON as the browser received it (enums as strings, tuples as lists)."""
    return json.loads(json.dumps(value))


def replay_history(base: str, table_id: str) -> tuple[dict[str, Any], list[int]]:
    answer = httpx.get(f"{base}/api/tables/{table_id}/replay", timeout=10).json()
    return answer["table"], answer["history"]


def check_frames(
    base: str, table_id: str, viewers: list[tuple[int | None, list[dict[str, Any]]]]
) -> int:
    """Every view frame each viewer received is exactly what the game shows that viewer at that
    version (observation, legal moves, log lines), and, for a seat, what it would show in any
    state the seat cannot tell apart from the real one (a resample of the hidden cards). A
    seat's hand is its own hand; a spectator gets no hand. Returns the frames checked."""
    table, history = replay_history(base, table_id)
    game = load_game(table["game"], **table["params"])
    wanted: dict[int, list[tuple[int | None, dict[str, Any]]]] = {}
    for seat, frames in viewers:
        for frame in frames:
            if frame.get("type") == "view" and frame["table"]["id"] == table_id:
                # before taking a seat a browser watches as a spectator
                assert frame["seat"] in (seat, None), "another seat's frame reached this browser"
                wanted.setdefault(frame["version"], []).append((frame["seat"], frame))
    rng = random.Random(7)
    state: State = game.new_initial_state()
    states: dict[int, State] = {}
    checked = 0
    resampled = 0
    for version in range(len(history) + 1):
        states[version] = state.clone() if version < len(history) else state
        for seat, frame in wanted.get(version, []):
            checked += 1
            obs = frame["observation"]
            assert obs == normal(state.observation(seat)), f"view of {seat} at {version}"
            assert "hands" not in obs and "deck_pool" not in obs
            if seat is None:
                assert "hand" not in obs
                assert frame["actions"] == []
                continue
            omniscient = normal(state.observation(OMNISCIENT))
            if "hands" in omniscient and "hand" in obs:
                assert obs["hand"] == omniscient["hands"][seat]
            if frame["actions"]:
                assert frame["actions"] == normal(legal_action_data(state, seat))
            if not state.is_terminal() and _check_resample(state, seat, frame, rng):
                resampled += 1
        if version < len(history):
            state.apply_action(history[version])
    # the log lines each viewer received are the game's words for that viewer
    for _, frames in viewers:
        for frame in frames:
            if frame.get("type") != "view" or frame["table"]["id"] != table_id:
                continue
            seat = frame["seat"]
            for line in frame["log"]:
                if line["kind"] in ("move", "chance") and line["version"] in states:
                    at = states[line["version"]]
                    text = at.action_to_string(history[line["version"]], seat)
                    assert line["text"] == text, (seat, line)
    # every game that can resample (all but a game still on the old shim) was checked so
    probe = game.new_initial_state()
    while probe.is_chance_node() or probe.current_player() < 0:
        probe.apply_action(probe.sample_chance(rng))
    try:
        probe.resample_from_infostate(0, rng)
    except NotImplementedError:
        pass
    else:
        assert resampled > 0, "no frame was checked against a resampled state"
    return checked


def _check_resample(state: State, seat: int, frame: dict[str, Any], rng: random.Random) -> bool:
    """The frame equals the view of a state the seat cannot tell from this one; False when the
    game cannot resample yet."""
    try:
        other = state.resample_from_infostate(seat, rng)
    except NotImplementedError:
        return False
    assert normal(other.observation(seat)) == frame["observation"]
    if frame["actions"]:
        assert normal(legal_action_data(other, seat)) == frame["actions"]
    return True
