"""The web client's own pieces, run in the browser: the Markdown renderer (RULES.md), the move
chooser (steps narrowed one at a time, never an illegal choice) and every game's rules page."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from roost.core.registry import registered_games
from tests.e2e.live_server import LiveServer


@pytest.fixture(scope="module")
def page(server: LiveServer, browser: Browser) -> Iterator[Page]:
    context = browser.new_context()
    opened = context.new_page()
    opened.goto(f"{server.url}/")
    opened.wait_for_selector("body[data-ready]")
    yield opened
    context.close()


def run(page: Page, module: str, body: str, arg: Any = None) -> Any:
    """`body` (a function of the module and `arg`) evaluated in the page."""
    return page.evaluate(f"async (arg) => {{ const m = await import('{module}'); {body} }}", arg)


def test_markdown(page: Page) -> None:
    source = "\n".join(
        [
            "# Title",
            "",
            "Some *words* and **strong** ones, `code <b>`, a [link](https://example.org).",
            "",
            "| kind | copies |",
            "|---|---:|",
            "| Portal | 8 |",
            "",
            "1. first",
            "2. second",
            "   - nested",
            "",
            "<script>alert(1)</script>",
        ]
    )
    html: str = run(page, "/static/js/markdown.js", "return m.markdown(arg);", source)
    assert '<h1 id="title">Title</h1>' in html
    assert "<em>words</em>" in html and "<strong>strong</strong>" in html
    assert "<code>code &lt;b&gt;</code>" in html
    assert '<a href="https://example.org" target="_blank" rel="noopener">link</a>' in html
    assert '<td style="text-align:right">8</td>' in html
    assert "<ol><li>first</li><li>second<ul><li>nested</li></ul></li></ol>" in html
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_markdown_links_cannot_run_code(page: Page) -> None:
    html: str = run(
        page, "/static/js/markdown.js", "return m.markdown(arg);", "[x](javascript:alert(1))"
    )
    assert "javascript:" not in html


def step(kind: str, value: int, label: str) -> dict[str, Any]:
    return {"kind": kind, "value": value, "label": label}


ACTIONS = [
    {"action": 1, "steps": [step("card", 44, "Portal"), step("colour", 0, "red")], "cards": [44]},
    {"action": 2, "steps": [step("card", 44, "Portal"), step("colour", 3, "blue")], "cards": [44]},
    {"action": 3, "steps": [step("card", 7, "red Mike")], "cards": [7]},
    {"action": 4, "steps": [step("deck", 0, "draw from deck A")], "cards": []},
]


def test_chooser_narrows_one_step_at_a_time(page: Page) -> None:
    result = run(
        page,
        "/static/js/chooser.js",
        """
        const c = new m.Chooser(arg);
        const first = c.options().map((o) => o.key);
        const direct = c.choose({kind: "card", value: 7});
        const none = c.choose({kind: "card", value: 44});
        const second = c.options().map((o) => o.key);
        let refused = false;
        try { c.choose({kind: "deck", value: 0}); } catch (e) { refused = true; }
        const done = c.choose({kind: "colour", value: 3});
        return {first, direct: direct.action, none, second, refused, done: done.action,
                depth: c.depth};
        """,
        ACTIONS,
    )
    assert result == {
        "first": ["card:44", "card:7", "deck:0"],
        "direct": 3,
        "none": None,
        "second": ["colour:0", "colour:3"],
        "refused": True,
        "done": 2,
        "depth": 0,
    }


def test_chooser_restricts_to_the_selected_cards(page: Page) -> None:
    result = run(
        page,
        "/static/js/chooser.js",
        """
        const c = new m.Chooser(arg);
        const portal = arg.filter((a) => m.cardsKey(a.cards) === "44");
        const pending = c.restrict(portal);
        const asked = c.options().map((o) => o.key);
        const single = c.restrict(arg.filter((a) => m.cardsKey(a.cards) === "7"));
        return {pending, asked, single: single.action};
        """,
        ACTIONS,
    )
    assert result == {"pending": None, "asked": ["colour:0", "colour:3"], "single": 3}


@pytest.mark.parametrize("game", sorted(registered_games()))
def test_rules_render_for_every_game(page: Page, game: str) -> None:
    sections: list[str] = run(
        page,
        "/static/js/dialog.js",
        """
        const dlg = await m.showRules(arg);
        const titles = [...dlg.el.querySelectorAll('.rules-section > summary')]
          .map((s) => s.textContent);
        dlg.close();
        return titles;
        """,
        game,
    )
    assert len(sections) >= 3, sections
