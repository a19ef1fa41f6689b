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
    assert '<td class="align-right">8</td>' in html
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


def test_sounds_are_made_and_silenced_by_the_mute_switch(page: Page) -> None:
    page.mouse.click(5, 5)  # a gesture: browsers start audio only after one
    result = run(
        page,
        "/static/js/sound.js",
        """
        const prefs = await import('/static/js/prefs.js');
        prefs.setPref('sound', true);
        m.unlockAudio();
        document.dispatchEvent(new KeyboardEvent('keydown'));
        window.dispatchEvent(new KeyboardEvent('keydown'));
        await new Promise((r) => setTimeout(r, 200));
        const on = Object.fromEntries(m.SOUND_NAMES.map((n) => [n, m.playSound(n)]));
        prefs.setPref('sound', false);
        const muted = m.playSound('turn');
        prefs.setPref('sound', true);
        return {on, muted, unknown: m.playSound('no such sound')};
        """,
    )
    assert result == {
        "on": {"turn": True, "card": True, "demogorgon": True, "over": True, "chat": True},
        "muted": False,
        "unknown": False,
    }


def test_a_hidden_tab_is_told_when_its_turn_comes(browser: Browser, server: LiveServer) -> None:
    context = browser.new_context()
    context.grant_permissions(["notifications"], origin=server.url)
    tab = context.new_page()
    tab.goto(f"{server.url}/")
    tab.wait_for_selector("body[data-ready]")
    result = run(
        tab,
        "/static/js/notify.js",
        """
        const shown = [];
        window.Notification = class {
          constructor(title, options) { shown.push([title, options.body]); }
          close() {}
        };
        window.Notification.permission = 'granted';
        (await import('/static/js/prefs.js')).setPref('notify', true);
        const alert = new m.TurnAlert();
        alert.setTitle('Eggo · Roost');
        alert.yourTurn('Your turn · Eggo', 'Play a card');   // the tab is visible: nothing
        const visible = [document.title, shown.length];
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
        alert.yourTurn('Your turn · Eggo', 'Play a card');
        const hidden = [document.title, shown];
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});
        document.dispatchEvent(new Event('visibilitychange'));
        return {visible, hidden, back: document.title};
        """,
    )
    assert result == {
        "visible": ["Eggo · Roost", 0],
        "hidden": ["● Your turn · Eggo", [["Your turn · Eggo", "Play a card"]]],
        "back": "Eggo · Roost",
    }
    context.close()


def test_a_step_with_one_possible_answer_is_not_asked(page: Page) -> None:
    moving = [step("card", 6, "move"), step("container", 2, "c2"), step("egg", 1, "s")]
    actions = [
        {
            "action": 1,
            "steps": [step("card", 5, "egg"), step("container", 1, "c1"), step("egg", 3, "s")],
        },
        {
            "action": 2,
            "steps": [step("card", 5, "egg"), step("container", 2, "c2"), step("egg", 0, "s")],
        },
        {
            "action": 3,
            "steps": [step("card", 5, "egg"), step("container", 2, "c2"), step("egg", 1, "s")],
        },
        {"action": 4, "steps": [*moving, step("container", 1, "to c1")]},
        {"action": 5, "steps": [*moving, step("container", 3, "to c3")]},
    ]
    result = run(
        page,
        "/static/js/chooser.js",
        """
        const c = new m.Chooser(arg);
        c.choose({kind: "card", value: 5});
        const one = c.choose({kind: "container", value: 1});  // only slot 3: not asked
        c.choose({kind: "card", value: 5});
        const two = c.choose({kind: "container", value: 2});  // two slots: asked
        const asked = c.options().map((o) => o.key);
        c.reset();
        c.choose({kind: "card", value: 6});  // one container, one egg: both skipped
        const skipped = c.prefix.map((s) => s.key ?? `${s.kind}:${s.value}`);
        const next = c.options().map((o) => o.key);
        c.back();  // back past the steps that were not asked
        return {one: one.action, two, asked, skipped, next, depth: c.depth};
        """,
        actions,
    )
    assert result == {
        "one": 1,
        "two": None,
        "asked": ["egg:0", "egg:1"],
        "skipped": ["card:6", "container:2", "egg:1"],
        "next": ["container:1", "container:3"],
        "depth": 0,
    }


def test_every_chart_point_can_be_clicked_however_close_its_neighbours(page: Page) -> None:
    """The review chart's points a step apart (a seat's decisions in a row): a click on each
    dot reaches that point, not a neighbour drawn over it."""
    versions = [30, 31, 32, 36, 37, 90]
    body = """
      const decisions = arg.map((version) => ({
        version, mark: null, chosen: {value: 0.4}, best: {value: 0.5},
      }));
      const picked = [];
      const chart = m.chanceChart({decisions, upto: 100, measure: 'chances'}, {
        pick: (d) => picked.push(d.version), describe: (d, i) => `point ${i}`,
      });
      Object.assign(chart.style, {
        position: 'fixed', left: '0', top: '0', width: '320px', height: '120px', zIndex: '9999',
      });
      document.body.append(chart);
      const got = [];
      for (const dot of chart.querySelectorAll('.chart-dot')) {
        const box = dot.getBoundingClientRect();
        const at = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        got.push(Number(at.closest('.chart-point').dataset.version));
      }
      chart.remove();
      return got;
    """
    assert run(page, "/static/js/review.js", body, versions) == versions


def test_eggo_counts_the_demogorgons_of_the_table_s_deck(page: Page) -> None:
    """The Demogorgon track has as many slots as the table's deck holds (its `copies`, kept as
    "key:N/key:N"), not the box's four."""
    body = "return arg.map((copies) => m.demogorgonTotal({ table: { params: { copies } } }));"
    cases = ["", "rift:0", "demogorgon:5", "rift:0/demogorgon:2", "demogorgon:1/portal:3"]
    assert run(page, "/static/games/eggo.js", body, cases) == [4, 4, 5, 2, 1]
