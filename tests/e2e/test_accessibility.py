"""axe-core on every page and every dialog, open, at laptop and phone widths: no violation of
impact serious or critical. axe-core comes with the PyPI package axe-playwright-python
(installed by `make`); nothing is downloaded when the tests run."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from roost.core.registry import registered_games
from tests.e2e.helpers import DESKTOP, hold_seat, new_table, person, wait_ready
from tests.e2e.live_server import LiveServer

WIDTHS = {"laptop": DESKTOP, "phone": {"width": 390, "height": 844}}
AXE = Axe()
BOTS = [{"type": "bot", "level": "easy"}] * 2


def serious(page: Page, where: str) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now."""
    results = AXE.run(page, options={"resultTypes": ["violations"]})
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] in ("serious", "critical"):
            nodes = violation["nodes"]
            detail = [
                (" ".join(map(str, node["target"])), node.get("failureSummary", "")[:160])
                for node in nodes[:3]
            ]
            what = f"{violation['id']} ({violation['impact']})"
            found.append(f"{where}: {what} x{len(nodes)} {detail}")
    return found


def sit(
    server: LiveServer, page: Page, game: str, seats: list[dict[str, Any]], **params: Any
) -> str:
    """A table made through the API; the page holds its first open seat (if any) and is open
    at it."""
    name = "Ana" if seats[0]["type"] == "open" else None
    grant = new_table(server.url, game, seats, name, **params)
    table_id: str = grant["table"]["id"]
    if grant["token"]:
        hold_seat(page, server.url, table_id, grant["seat"], grant["token"], "Ana")
    page.goto(f"{server.url}/t/{table_id}")
    wait_ready(page)
    return table_id


def with_dialog(page: Page, opener: str, where: str) -> list[str]:
    """Open a dialog with `opener` (a selector), audit the page, close it (Escape)."""
    page.locator(opener).first.click()
    page.wait_for_selector("dialog[open]")
    found = serious(page, where)
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog[open]", state="detached")
    return found


@pytest.mark.timeout(240)
@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_lobby_and_the_waiting_room(server: LiveServer, browser: Browser, width: str) -> None:
    ana = person(browser, "Ana", WIDTHS[width])
    page = ana.page
    page.goto(f"{server.url}/")
    wait_ready(page)
    page.wait_for_selector("#create")
    found = serious(page, "lobby")
    sit(server, page, "eggo", [{"type": "open"}, {"type": "open"}, *BOTS])
    page.wait_for_selector(".seat-list")
    found += serious(page, "waiting room")
    found += with_dialog(page, "button[aria-label='Invite friends']", "invite dialog")
    found += with_dialog(page, "button[aria-label='Table settings']", "settings dialog")
    found += with_dialog(page, "button[title='Rules (R)']", "rules dialog")
    assert not found, "\n".join(found)
    ana.context.close()


TURN_WAIT = 60_000
"""How long a page may wait for the bots' moves (ms): a bound for a loaded machine."""


@pytest.mark.timeout(420)
@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("game", sorted(registered_games()))
def test_a_table_in_play_and_its_dialogs(
    server: LiveServer, browser: Browser, artifacts: Path, game: str, width: str
) -> None:
    rng = random.Random(game)
    ana = person(browser, "Ana", WIDTHS[width])
    page = ana.page
    sit(server, page, game, [{"type": "open"}, *BOTS])
    # Bots move first in some deals. If Ana's turn never comes, the failure says what the page
    # showed (on CI a stand-in once played her whole game while her page loaded: the arrival
    # grace now covers a started table, tests/server/test_claims.py).
    try:
        page.wait_for_function("document.body.dataset.myTurn === 'true'", timeout=TURN_WAIT)
    except Exception:
        shown = page.evaluate("JSON.stringify(document.body.dataset)")
        pytest.fail(f"never Ana's turn: page errors {ana.errors}, body {shown}")
    found = serious(page, f"{game} at your turn")
    # The first decision may itself be a question in a dialog (Egg Bound: a Cluck-Off window
    # or a Hatch It keep, as the deal falls): audited as it is, then answered, so the settings
    # dialog opens over the table rather than behind a modal one.
    for _ in range(10):
        if not page.locator("dialog.step-dialog[open]").count():
            break
        version = ana.body("version")
        page.locator("dialog.step-dialog[open] .options button").first.click()
        page.wait_for_function(
            f"document.body.dataset.version !== '{version}' && ("
            "document.body.dataset.myTurn === 'true' || document.body.dataset.status === 'over')",
            timeout=TURN_WAIT,
        )
    found += with_dialog(page, "button[aria-label='Table settings']", f"{game} settings")
    # play until a question comes up as a dialog (a step of a move, a colour, a Cluck-Off)
    for _ in range(40):
        page.wait_for_function(
            "document.body.dataset.myTurn === 'true' || document.body.dataset.status === 'over'",
            timeout=TURN_WAIT,
        )
        if ana.over():
            break
        if page.locator("dialog.step-dialog[open]").count():
            found += serious(page, f"{game} step dialog")
            page.screenshot(path=str(artifacts / f"{game}-{width}-dialog.png"))
            break
        targets = page.locator(
            ".tray .playable:not([data-free]), .tray .action-bar button.move:not([aria-disabled])"
        )
        if targets.count():
            version = ana.body("version")
            targets.nth(rng.randrange(targets.count())).click()
            page.wait_for_function(
                f"document.body.dataset.version !== '{version}'"
                " || document.querySelector('dialog.step-dialog[open]') !== null",
                timeout=15_000,
            )
    assert not found, "\n".join(found)
    ana.context.close()


@pytest.mark.timeout(240)
@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("game", sorted(registered_games()))
def test_the_end_the_results_and_the_replay(
    server: LiveServer, browser: Browser, game: str, width: str
) -> None:
    """A table of bots, watched: the final table with the results dialog, then the replay."""
    cy = person(browser, "Cy", WIDTHS[width])
    page = cy.page
    short = {"egg-bound": {"max_turns": 30}, "big-chicken": {"rounds": 1}}.get(game, {})
    table_id = sit(server, page, game, [*BOTS, {"type": "bot", "level": "easy"}], **short)
    page.wait_for_selector("dialog.results-dialog[open]", timeout=60_000)
    found = serious(page, f"{game} results dialog")
    page.keyboard.press("Escape")
    found += serious(page, f"{game} final table")
    page.goto(f"{server.url}/replay/{table_id}")
    page.wait_for_selector(".replay-page .board .card, .replay-page .board .seat")
    found += serious(page, f"{game} replay")
    assert not found, "\n".join(found)
    cy.context.close()


SIGN_UP_AND_PLAY = """async ([name, password]) => {
  const post = (path, body, headers = {}) => fetch(path, {
    method: "POST",
    headers: {"Content-Type": "application/json", ...headers},
    body: JSON.stringify(body),
  });
  const made = await (await post("/api/account/signup", {name, password})).json();
  const table = await (await post("/api/tables", {
    game: "manda-huevos", players: 2, params: {quick: true}, name, rated: true,
    seats: [{type: "open"}, {type: "bot", level: "easy"}],
  }, {"X-CSRF-Token": made.csrf})).json();
  return table.table.id;
}"""


@pytest.fixture(scope="module")
def absent_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server whose stand-ins take a seat nobody came to at once, with an easy bot: the rated
    game below is played by one (nobody connects), and the shared server's arrival grace (a
    minute, for browsers slow to load) would be most of the test's time."""
    data = tmp_path_factory.mktemp("roost-absent")
    with LiveServer(data, arrival_grace=0.1, standin_level="easy") as live:
        yield live


@pytest.mark.timeout(240)
@pytest.mark.parametrize("width", list(WIDTHS))
def test_accounts_profiles_and_leaderboards(
    absent_server: LiveServer, browser: Browser, width: str
) -> None:
    """The sign-up and sign-in dialogs of a guest; a signed-in person's account dialog, profile
    (after a rated game, played by a stand-in: nobody connects), My games and a leaderboard."""
    server = absent_server
    guest = person(browser, "Guest", WIDTHS[width])
    guest.page.goto(f"{server.url}/")
    wait_ready(guest.page)
    found = with_dialog(guest.page, "#sign-up", "sign-up dialog")
    found += with_dialog(guest.page, "#sign-in", "sign-in dialog")
    found += serious(guest.page, "lobby with Play now")
    guest.context.close()

    name = f"Axe{width}{random.Random().randrange(10**6)}"
    ana = person(browser, name, WIDTHS[width])
    page = ana.page
    page.goto(f"{server.url}/")
    wait_ready(page)
    table_id = page.evaluate(SIGN_UP_AND_PLAY, [name, "accessible to all"])
    for _ in range(600):
        status = httpx.get(f"{server.url}/api/tables/{table_id}", timeout=30).json()["status"]
        if status == "over":
            break
        page.wait_for_timeout(100)
    page.goto(f"{server.url}/u/{name}")
    wait_ready(page)
    page.wait_for_selector(".rating-card svg.rating-plot")
    found += serious(page, "profile")
    found += with_dialog(page, "#account-menu", "account dialog")
    page.goto(f"{server.url}/me/games")
    wait_ready(page)
    page.wait_for_selector(".games-table tbody tr")
    found += serious(page, "my games")
    page.goto(f"{server.url}/leaderboard/manda-huevos")
    wait_ready(page)
    found += serious(page, "leaderboard")
    assert not found, "\n".join(found)
    ana.context.close()
