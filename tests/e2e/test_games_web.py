"""Manda Huevos!, Egg Bound and BIG CHICKEN in the browser: two people (one on a phone) and a bot
play a whole game through the UI, a spectator watches, and nobody's browser receives a card it
may not see. (Eggo's test, with the reload, the stand-in and the rematch, is its own file.)"""

from __future__ import annotations

import random
import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.e2e.helpers import (
    EASY_BOT,
    PHONE,
    Plan,
    assert_fits,
    check_frames,
    check_hidden_dom,
    check_names,
    hold_seat,
    lay_by_selection,
    new_table,
    person,
    play_until,
    screenshot,
    wait_ready,
    wait_seat,
)
from tests.e2e.live_server import LiveServer

GAMES: dict[str, dict[str, bool | int | str]] = {
    # game: the options set in the lobby to keep the test short (and Manda Huevos! with own
    # cards: "Move 2 Eggs", drawn from the table's observation, and two eggs worth 12)
    "manda-huevos": {"quick": True, "own_cards": "move:2/egg:12x2"},
    "egg-bound": {"max_turns": 40},
    "big-chicken": {"rounds": 2},
}

PLANS: dict[str, Plan] = {"big-chicken": lay_by_selection}
BOARDS = {"manda-huevos": ".manda", "egg-bound": ".eggbound", "big-chicken": ".chicken"}
"""The board each game's own module draws (not the generic one)."""
CLOCKS = {"manda-huevos": "30"}
"""Tables created with a move clock (seconds), whose countdown the page must show."""


def set_option(page: Page, name: str, value: bool | int | str) -> None:
    field = page.locator(f"#param-{name}")
    if isinstance(value, bool):
        field.set_checked(value)
    elif field.evaluate("el => el.tagName") == "SELECT":
        field.select_option(str(value))
    else:
        field.fill(str(value))
        field.dispatch_event("change")


@pytest.mark.parametrize("game", list(GAMES))
def test_game_in_the_browser(
    game: str, server: LiveServer, browser: Browser, artifacts: Path
) -> None:
    rng = random.Random(game)
    ana = person(browser, "Ana")
    bo = person(browser, "Bo", PHONE)
    cy = person(browser, "Cy")
    page = ana.page
    page.goto(f"{server.url}/?game={game}")
    wait_ready(page)
    page.fill("#player-name", "Ana")
    page.select_option("#players", "3")
    page.select_option("#seat-1", "open")
    page.select_option("#seat-2", "bot:easy")
    page.locator("details.options summary").click()
    for name, value in GAMES[game].items():
        set_option(page, name, value)
    if game in CLOCKS:
        page.select_option("#clock", CLOCKS[game])
    page.click("#create")
    page.wait_for_url("**/t/*")
    link = page.locator(".invite-url").input_value()
    table_id = link.rsplit("/", 1)[1]
    bo.page.goto(link)
    wait_ready(bo.page)
    bo.page.fill("#join-name", "Bo")
    bo.page.get_by_role("button", name="Sit here").first.click()
    wait_seat(bo.page, 1)
    wait_seat(page, 0)
    cy.page.goto(link)
    wait_seat(cy.page, None)

    people = [ana, bo]
    plan = PLANS.get(game)
    if game in CLOCKS:
        play_until(people[1:], rng, lambda: ana.my_turn() or ana.over(), plan=plan, what="a turn")
        if not ana.over():
            expect(page.locator(".banner .countdown")).to_have_text(re.compile(r"^0:[0-3]\d$"))
            expect(bo.page.locator(".seat.turn .countdown")).to_be_visible()
    play_until(
        people, rng, lambda: ana.moves + bo.moves >= 10 or ana.over(), plan=plan, what="ten moves"
    )
    if not ana.over():
        play_until(people, rng, lambda: ana.my_turn() or ana.over(), plan=plan, what="Ana's turn")
    for someone, seat in ((ana, 0), (bo, 1), (cy, None)):
        check_hidden_dom(someone, seat)
        check_names(someone)
    expect(page.locator(f".board {BOARDS[game]}")).to_be_visible()
    if game == "manda-huevos":  # the own card, named from the table's observation
        expect(page.locator(".action-cards")).to_contain_text("Move 2")
        expect(cy.page.locator(".action-chips").first).to_contain_text("Move 2")
        # the rules dialog's card list is this table's, own card included
        cy.page.get_by_role("button", name="Rules").first.click()
        rules = cy.page.locator("dialog.rules-dialog[open]")
        rules.get_by_role("tab", name="The cards").click()
        expect(rules.get_by_role("img", name="own 1: Move 2 Eggs")).to_be_visible()
        cy.page.keyboard.press("Escape")
        expect(rules).to_have_count(0)
    screenshot(page, artifacts, f"{game}-table-desktop")
    screenshot(bo.page, artifacts, f"{game}-table-phone")
    assert_fits(bo.page)
    screenshot(cy.page, artifacts, f"{game}-spectator-desktop")

    play_until(
        people, rng, lambda: ana.over() and bo.over(), timeout=150, plan=plan, what="the end"
    )
    cy.page.wait_for_function("document.body.dataset.status === 'over'")
    expect(page.locator("dialog.results-dialog[open] .result-row")).to_have_count(3)
    screenshot(page, artifacts, f"{game}-results-desktop")
    for someone, seat in ((ana, 0), (bo, 1), (cy, None)):
        check_hidden_dom(someone, seat)

    checked = check_frames(
        server.url, table_id, [(0, ana.frames), (1, bo.frames), (None, cy.frames)]
    )
    assert checked > 10
    assert not ana.errors and not bo.errors and not cy.errors, (ana.errors, bo.errors, cy.errors)
    for someone in (ana, bo, cy):
        someone.context.close()


def open_a_table(page: Page, server: LiveServer) -> None:
    """Ana creates an Eggo table from the lobby with every other seat open for friends."""
    page.goto(f"{server.url}/?game=eggo")
    wait_ready(page)
    page.fill("#player-name", "Ana")
    page.get_by_role("button", name="Leave the others open").click()
    page.click("#create")
    page.wait_for_url("**/t/*")


def test_start_now_fills_the_open_seats(server: LiveServer, browser: Browser) -> None:
    """A table waiting for friends starts at once with bots in the open seats."""
    ana = person(browser, "Ana")
    page = ana.page
    open_a_table(page, server)
    expect(page.locator(".seat-row.open")).to_have_count(3)
    page.select_option("#fill-level", "easy")
    page.get_by_role("button", name="Start now").click()
    wait_seat(page, 0)
    page.wait_for_function("document.body.dataset.status === 'playing'")
    expect(page.locator(".seat .badge.bot")).to_have_count(3)
    assert not ana.errors, ana.errors
    ana.context.close()


def test_what_is_being_chosen_survives_a_frame(server: LiveServer, browser: Browser) -> None:
    """In the waiting room a page redraws whenever the table changes (here: someone starts
    watching). A name being typed and the bot level chosen for Start now survive it: Sit here
    then seats the person under that name, and Start now fills with bots of that level."""
    ana, bo, cy = (person(browser, name) for name in ("Ana", "Bo", "Cy"))
    page = ana.page
    open_a_table(page, server)
    link = page.locator(".invite-url").input_value()
    table_id = link.rsplit("/", 1)[1]
    page.select_option("#fill-level", "easy")
    bo.page.goto(link)
    wait_ready(bo.page)
    expect(bo.page.locator(".seat-row.open")).to_have_count(3)
    bo.page.fill("#join-name", "Bo")
    cy.page.goto(link)
    for someone in (ana, bo):  # both pages have redrawn since the choices were made
        expect(someone.page.locator(".watchers")).to_have_text("2")
    expect(bo.page.locator("#join-name")).to_have_value("Bo")
    expect(page.locator("#fill-level")).to_have_value("easy")
    bo.page.get_by_role("button", name="Sit here").first.click()
    wait_seat(bo.page, 1)
    expect(page.locator(".seat-row", has_text="Bo")).to_have_count(1)
    expect(page.locator("#fill-level")).to_have_value("easy")
    page.get_by_role("button", name="Start now").click()
    page.wait_for_function("document.body.dataset.status === 'playing'")
    seats = httpx.get(f"{server.url}/api/tables/{table_id}").json()["seats"]
    assert [(s["type"], s["level"]) for s in seats[2:]] == [("bot", "easy")] * 2, seats
    assert not ana.errors and not bo.errors and not cy.errors
    for someone in (ana, bo, cy):
        someone.context.close()


def test_a_sit_here_whose_answer_is_lost_still_seats_the_person(
    server: LiveServer, browser: Browser
) -> None:
    """The server stores Bo's join, and its answer is lost on the way back (the server died
    as it answered: here the connection is reset after the server answered). The page sends
    the same join again, with the same token, and is seated: one seat for Bo, not two, and
    the token in the browser is the one the server holds."""
    ana, bo = person(browser, "Ana"), person(browser, "Bo", PHONE)
    page = ana.page
    open_a_table(page, server)
    link = page.locator(".invite-url").input_value()
    table_id = link.rsplit("/", 1)[1]
    sent: list[dict[str, object]] = []

    def lose_the_first_answer(route: Route) -> None:
        body = route.request.post_data_json
        assert isinstance(body, dict)
        sent.append(body)
        answer = route.fetch()  # the server carries the join out...
        if len(sent) == 1:
            assert answer.status == 200
            route.abort("connectionreset")  # ...and its answer never arrives
        else:
            route.fulfill(response=answer)

    bo.page.route("**/api/tables/*/join", lose_the_first_answer)
    bo.page.goto(link)
    wait_ready(bo.page)
    bo.page.fill("#join-name", "Bo")
    bo.page.get_by_role("button", name="Sit here").first.click()
    wait_seat(bo.page, 1)
    assert len(sent) == 2 and sent[0] == sent[1] and len(str(sent[0]["token"])) == 43
    seats = httpx.get(f"{server.url}/api/tables/{table_id}").json()["seats"]
    assert [s["name"] for s in seats if s["type"] == "person"] == ["Ana", "Bo"], seats
    held = bo.page.evaluate(f"JSON.parse(localStorage.getItem('roost.seat.{table_id}')).token")
    assert held == sent[0]["token"]
    expect(page.locator(".seat-row", has_text="Bo")).to_have_count(1)
    assert not ana.errors, ana.errors
    for someone in (ana, bo):
        someone.context.close()


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_the_last_move_is_captioned_highlighted_and_flown_in(
    server: LiveServer, browser: Browser, motion: str
) -> None:
    """A bot's move: the caption beside the pile names the bot and says the move (as the log
    does), the card it laid is highlighted in the discard pile, and it flies there from the
    bot's seat, unless the system asks for reduced motion."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion=motion)  # type: ignore[arg-type]
    page = context.new_page()
    grant = new_table(
        server.url, "eggo", [{"type": "open"}, EASY_BOT], "Ana", characters="assigned"
    )
    hold_seat(page, server.url, grant["table"]["id"], grant["seat"], grant["token"], "Ana")
    page.add_init_script(
        "window.__animated = 0; const animate = Element.prototype.animate;"
        " Element.prototype.animate = function (...a) { window.__animated++;"
        " return animate.apply(this, a); };"
    )
    page.goto(f"{server.url}/t/{grant['table']['id']}")
    for _ in range(40):  # play until the bot has laid a card on the discard pile
        page.wait_for_function(
            "document.body.dataset.myTurn === 'true' || document.body.dataset.status === 'over'"
        )
        caption = page.locator(".last-move")
        if (
            caption.count()
            and "Easy bot" in caption.inner_text()
            and "play" in caption.inner_text()
        ):
            break
        version = page.evaluate("document.body.dataset.version")
        page.locator(".tray .playable, .tray .action-bar button.move").first.click()
        if page.locator("dialog.step-dialog[open]").count():
            page.locator("dialog.step-dialog[open] .options button").first.click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    text = page.locator(".last-move-text").inner_text()
    assert text.startswith("Easy bot · play "), text
    assert page.locator(".discard-stack .card.fresh").count() == 1
    animated = page.evaluate("window.__animated")
    assert (animated > 0) == (motion == "no-preference"), animated
    context.close()
