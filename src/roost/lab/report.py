"""The lab's HTML report: one self-contained file (plots embedded as PNG, no script, no link
needed) that a designer can open, read top to bottom, and send on."""

from __future__ import annotations

import html
from collections.abc import Sequence

from roost.lab import plots
from roost.lab.claims import ClaimResult
from roost.lab.summary import LabSummary, MainSummary

CSS = """
body{font:15px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#1d2433;
background:#fafaf7}
main{max-width:1060px;margin:0 auto;padding:24px}
h1{font-size:26px;margin:0 0 4px} h2{margin-top:36px;border-bottom:2px solid #e3e0d6;
padding-bottom:4px} h3{margin-top:24px}
table{border-collapse:collapse;margin:8px 0 16px;font-size:13.5px;background:#fff}
th,td{border:1px solid #e3e0d6;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f1efe8} td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.v{font-weight:600;padding:2px 8px;border-radius:10px;white-space:nowrap}
.holds{background:#d8f0d8;color:#1b5e20}.fails{background:#f8d7d7;color:#8e1b1b}
.partly,.inconclusive{background:#fff1c7;color:#7a5a00}.not{background:#e8e8e8;color:#555}
.note{color:#5b6270;font-size:13.5px} img{max-width:100%;display:block;margin:8px 0}
details{margin:8px 0} summary{cursor:pointer;color:#35507a}
q{font-style:italic}
"""


def _e(text: object) -> str:
    return html.escape(str(text))


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], numeric_from: int = 1) -> str:
    out = ["<table><tr>", *(f"<th>{_e(h)}</th>" for h in head), "</tr>"]
    for row in rows:
        out.append("<tr>")
        for i, cell in enumerate(row):
            cls = ' class="n"' if i >= numeric_from else ""
            out.append(f"<td{cls}>{cell}</td>")
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


def _img(uri: str | None, alt: str) -> str:
    return f'<img src="{uri}" alt="{_e(alt)}">' if uri else ""


def _verdict(text: str) -> str:
    cls = "not" if text == "not tested" else text
    return f'<span class="v {cls}">{_e(text)}</span>'


def claims_table(results: Sequence[ClaimResult]) -> str:
    if not results:
        return "<p class='note'>This game's lab companion lists no rulebook claims.</p>"
    rows = [
        [
            f"<q>{_e(r.claim.quote)}</q><br><span class='note'>{_e(r.claim.source)}</span>",
            _e(r.claim.how),
            _e(r.verdict.measured).replace("\n", "<br>"),
            _verdict(r.verdict.verdict),
        ]
        for r in results
    ]
    return _table(["claim", "how it was tested", "measured", "verdict"], rows, numeric_from=9)


def _seats(mains: Sequence[MainSummary]) -> str:
    rows = []
    for m in mains:
        seats = " · ".join(f"P{s} {100 * e.value:.1f}" for s, e in enumerate(m.seat_win))
        rows.append(
            [
                _e(m.setting.label),
                str(m.games),
                f"{100 * m.fair:.1f}%",
                _e(seats),
                f"{m.seats_equal_p:.3f}",
                _e(m.first_player_win.pct()),
                _e(m.first_player_order.num(2)),
                _e(m.no_winner.pct()),
            ]
        )
    return _table(
        ["setting", "games", "fair", "win % by seat", "p (seats alike)", "first player wins",
         "first player Order", "no winner"],
        rows,
    )  # fmt: skip


def _length(mains: Sequence[MainSummary]) -> str:
    rows = []
    for m in mains:
        rows.append(
            [
                _e(m.setting.label),
                _e(m.decisions.mean.num(1)),
                f"{m.decisions.median:.0f} ({m.decisions.p10:.0f}-{m.decisions.p90:.0f})",
                _e(m.turns.mean.num(1)),
                _e(m.rounds.mean.num(1)),
                _e(m.minutes.mean.num(1)),
                f"{m.minutes.median:.1f} ({m.minutes.p10:.1f}-{m.minutes.p90:.1f})",
            ]
        )
    return _table(
        ["setting", "decisions (mean)", "decisions median (10-90%)", "turns", "rounds",
         "minutes (mean)", "minutes median (10-90%)"],
        rows,
    )  # fmt: skip


def _skill(summary: LabSummary) -> str:
    rows = [
        [
            _e(s.setting.label),
            _e(s.lineup.name),
            str(s.games),
            f"{100 * s.fair:.1f}%",
            _e(s.strong_win.pct()),
            _e(s.order.num(2)),
        ]
        for s in summary.skill
    ]
    return _table(["setting", "line-up", "games", "fair", "strong bot wins", "Order"], rows)


def _drama(mains: Sequence[MainSummary]) -> str:
    rows = []
    for m in mains:
        if m.lead_changes is None or m.half_leader_wins is None or m.half_leader_share is None:
            continue
        rows.append(
            [
                _e(m.setting.label),
                _e(m.lead_changes.mean.num(2)),
                f"{m.lead_changes.median:.0f} ({m.lead_changes.p10:.0f}-{m.lead_changes.p90:.0f})",
                _e(m.half_leader_share.pct()),
                _e(m.half_leader_wins.pct()),
            ]
        )
    return _table(
        ["setting", "lead changes (mean)", "median (10-90%)", "games with a sole leader at half",
         "the half-time leader wins"],
        rows,
    )  # fmt: skip


def _extras(mains: Sequence[MainSummary]) -> str:
    if not mains or not mains[0].extras:
        return ""
    names = [(e.name, e.label) for e in mains[0].extras]
    rows = []
    for name, label in names:
        cells = []
        for m in mains:
            found = m.extra(name)
            cells.append(_e(found.text()) if found and found.estimate.n else "n/a")
        rows.append([_e(label), *cells])
    return _table(["measure", *(m.setting.label for m in mains)], rows)


def _cards(main: MainSummary) -> str:
    cards = sorted(main.cards, key=lambda c: c.held.value - c.not_held.value, reverse=True)
    rows = [
        [
            _e(c.name),
            _e(c.held.pct()),
            _e(c.not_held.pct()),
            f"{100 * (c.held.value - c.not_held.value):+.1f}",
            _e(c.played.pct()) if c.played.n else "n/a",
            _e(c.not_played.pct()) if c.not_played.n else "n/a",
        ]
        for c in cards
    ]
    return _table(
        ["card", "win % held at start", "not held", "difference (points)", "win % played",
         "not played"],
        rows,
    )  # fmt: skip


def _moves(mains: Sequence[MainSummary]) -> str:
    kinds = list(dict.fromkeys(kind for m in mains for kind, _ in m.moves))
    rows = []
    for kind in kinds:
        cells = [
            f"{dict(m.moves)[kind].value:.1f}" if kind in dict(m.moves) else "0" for m in mains
        ]
        rows.append([_e(kind), *cells])
    return _table(["moves per game", *(m.setting.label for m in mains)], rows)


def render(
    summary: LabSummary,
    claims: Sequence[ClaimResult],
    *,
    command: str,
    speed: str,
    with_plots: bool = True,
) -> str:
    plan = summary.plan
    mains = list(summary.main)
    draw = with_plots and plots.matplotlib_available()
    main_for_cards = next((m for m in mains if m.setting.players == 4), mains[0] if mains else None)
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>Roost lab: {_e(plan.title)}</title><style>{CSS}</style></head><body><main>",
        f"<h1>The balance lab: {_e(plan.title)}</h1>",
        f"<p class='note'>{_e(command)}<br>{_e(speed)}. Seed {plan.seed}: the same command "
        "gives the same numbers, whatever the number of workers or the backend.</p>",
        "<p>Every rate below comes with its 95% interval in brackets. Bots, not people, played "
        "these games: read them as what the rules do when played sensibly, not as what your "
        "table will do.</p>",
        "<h2>What the rulebook claims</h2>",
        claims_table(claims),
    ]
    if mains and mains[0].extras:
        parts += [
            "<h2>This game's own questions</h2>",
            _extras(mains),
            _img(plots.extras_panels(mains) if draw else None, "the game's own measures"),
        ]
    parts += [
        "<h2>Seats: does where you sit matter?</h2>",
        "<p class='note'>Win rate per seat (shared wins count for each winner). The fair rate "
        "is all wins over all seat-games. p is a chi-square test that every seat wins alike: "
        "below 0.05, the seats differ by more than chance. The first player is whoever makes "
        "the first decision once the cards are dealt; Order = (win rate - fair) / (1 - fair).</p>",
        _seats(mains),
        _img(plots.seat_bars(mains) if draw else None, "win rate per seat"),
        "<h2>Length and table time</h2>",
        f"<p class='note'>Estimated table time: {_e(plan.time.describe())}. A decision is "
        "forced when it is the only legal move. Turns are runs of decisions by one player unless "
        "the game counts its own; rounds are the game's own, or turns / players.</p>",
        _length(mains),
        _img(plots.minutes_boxes(mains) if draw else None, "table time per setting"),
        _img(plots.minutes_hist(mains) if draw else None, "distribution of table time"),
    ]
    if summary.skill:
        parts += [
            "<h2>Skill or luck?</h2>",
            "<p class='note'>One strong bot against weaker ones (its seat rotating). Order = "
            "(its win rate - fair) / (1 - fair): 0 means skill does not show, 1 means the "
            "stronger player always wins. The CardStock work calls this the Order of a game.</p>",
            _skill(summary),
            _img(plots.skill_points(summary) if draw else None, "Order per line-up"),
        ]
    if any(m.lead_changes is not None for m in mains):
        label = summary_score_label(summary)
        parts += [
            "<h2>Drama</h2>",
            f"<p class='note'>Standing: {_e(label)}. A lead change is the sole leader changing "
            "hands (read at the start of every turn and at the end); the half-time leader is "
            "the sole leader at half the game's decisions.</p>",
            _drama(mains),
            _img(plots.drama(mains) if draw else None, "lead changes and half-time leaders"),
        ]
    if main_for_cards is not None and main_for_cards.cards:
        parts += [
            f"<h2>Card impact ({_e(main_for_cards.setting.label)})</h2>",
            "<p class='note'>The win rate of a seat that held a card type at the start, or "
            "played it, against one that did not. An association, not a cause: cards played "
            "often in long games, or on the way out, look good. Other settings are in "
            "summary.json.</p>",
            _img(plots.card_impact(main_for_cards) if draw else None, "card impact"),
            "<details><summary>The table</summary>",
            _cards(main_for_cards),
            "</details>",
        ]
    sweeps = plots.sweep_lines(summary) if draw else []
    if sweeps:
        parts.append("<h2>Variant sweeps</h2>")
        for key, uri in sweeps:
            parts += [f"<h3>{_e(key)}</h3>", _img(uri, f"sweep of {key}")]
    parts += [
        "<h2>Moves</h2>",
        "<details><summary>Moves per game, by kind</summary>",
        _moves(mains),
        "</details>",
        "<h2>Files</h2><p class='note'>games.csv (one row per game), seats.csv (one row per "
        "seat and game, with the cards held at the start and played), cards.csv (card ids and "
        "names), summary.json (every number above, with intervals).</p>",
        "</main></body></html>",
    ]
    if not draw:
        parts.insert(
            6,
            f"<p class='note'>Plots are off (install matplotlib: {_e(plots.INSTALL)}).</p>",
        )
    return "\n".join(parts)


def summary_score_label(summary: LabSummary) -> str:
    from roost.lab.hooks import game_measures

    if not summary.main:
        return ""
    return game_measures(summary.plan.load(summary.main[0].setting)).score_label
