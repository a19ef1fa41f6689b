"""The lab's HTML report: one self-contained file (plots embedded as PNG; no script, font or
link fetched) that a designer can open, skim top to bottom, and send on.

It is built to be looked at before it is read: a row of headline tiles, then the rulebook's
claims as cards with a coloured verdict and a mark per setting, then one section per measure,
each a plot with a compact table beside it. Every figure keeps its 95% interval, in small grey
type after the value, so the eye lands on the value first. Colours mean one thing throughout:
green agrees / holds, red disagrees / fails, amber undecided, blue above the fair rate.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

from roost.i18n import N_, card_name, format_fixed, gettext_filled, html_language, ngettext
from roost.i18n import gettext as _
from roost.lab import plots
from roost.lab.claims import (
    DEPENDS,
    FAILS,
    HOLDS,
    INCONCLUSIVE,
    NO_LINEUP,
    NOT_TESTED,
    ONE_LINEUP,
    PARTLY,
    UNSETTLED,
    VERDICTS,
    ClaimResult,
    Mark,
)
from roost.lab.hooks import GameMeasures, game_measures
from roost.lab.stats import ALPHA, FLAGGED, MAX_WIDTH, TOO_FEW, WITHIN, Estimate, too_wide
from roost.lab.summary import LabSummary, MainSummary

CSS = """
*{box-sizing:border-box}
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1d2433;
background:#f6f5f1}
main{max-width:1080px;margin:0 auto;padding:0 24px 48px}
header.hero{background:#1d2433;color:#f6f5f1;padding:28px 0 0}
header.hero .in{max-width:1080px;margin:0 auto;padding:0 24px}
.kicker{text-transform:uppercase;letter-spacing:.12em;font-size:12px;color:#f2b544;font-weight:700}
h1{font-size:30px;margin:4px 0 6px;line-height:1.2}
.meta{color:#b9bfcc;font-size:13px;margin:0 0 14px}
.meta code{color:#e6e8ec;background:#2b3447;padding:1px 6px;border-radius:4px;font-size:12px}
nav{display:flex;flex-wrap:wrap;gap:2px 18px;padding:10px 0 12px;border-top:1px solid #2f394d}
nav a{color:#d5d9e2;text-decoration:none;font-size:13.5px} nav a:hover{color:#f2b544}
h2{font-size:21px;margin:40px 0 4px} h3{font-size:16px;margin:22px 0 6px}
.lead{color:#5b6270;font-size:14px;margin:0 0 12px;max-width:820px}
.tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:12px;
margin-top:22px}
.tile{background:#fff;border-radius:10px;padding:12px 14px;border-top:4px solid #3b6ea8;
box-shadow:0 1px 2px rgba(0,0,0,.06)}
.tile .k{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:#5b6270;font-weight:600}
.tile .big{font-size:26px;font-weight:700;line-height:1.25;margin:4px 0 2px}
.tile .big small{font-size:13px;font-weight:600;color:#5b6270}
.tile .sub{font-size:12.5px;color:#5b6270;line-height:1.35}
.tile.good{border-top-color:#4f9d69} .tile.bad{border-top-color:#d1495b}
.tile.mid{border-top-color:#e0a526}
.claims{display:grid;gap:14px}
.claim{background:#fff;border-radius:10px;padding:14px 18px 12px;border-left:6px solid #b9bfcc;
box-shadow:0 1px 2px rgba(0,0,0,.06)}
.claim.holds{border-left-color:#4f9d69}.claim.fails{border-left-color:#d1495b}
.claim.partly,.claim.inconclusive{border-left-color:#e0a526}
.claim q{font-size:17px;font-style:italic;font-weight:600;display:block;margin:6px 0 2px}
.claim .src{font-size:12.5px;color:#5b6270}
.claim ul{list-style:none;padding:0;margin:10px 0 6px;display:grid;gap:3px}
.claim li{font-size:13.5px;padding-left:26px;position:relative}
.claim li:before{position:absolute;left:0;top:0;width:19px;height:19px;border-radius:50%;
font-size:12px;font-weight:700;text-align:center;line-height:19px;color:#fff}
li.agrees:before{content:"\\2713";background:#4f9d69} li.disagrees:before{content:"\\2717";
background:#d1495b} li.undecided:before{content:"?";background:#e0a526}
li.nothing:before{content:"\\2013";background:#b9bfcc} li.info:before{content:"\\2022";
background:#3b6ea8}
.claim .how{font-size:12.5px;color:#5b6270;margin:8px 0 0;border-top:1px dashed #e3e0d6;
padding-top:6px}
.claim .note{font-size:13.5px;margin:4px 0 0;font-weight:600}
.pill{display:inline-block;font-weight:700;font-size:12px;padding:2px 10px;border-radius:20px;
text-transform:uppercase;letter-spacing:.05em;white-space:nowrap}
.pill.holds{background:#dcefe1;color:#24613a}.pill.fails{background:#f7d9dd;color:#8e1b2b}
.pill.partly,.pill.inconclusive{background:#fbedc6;color:#7a5a00}
.pill.not{background:#e6e8ec;color:#4a5160}
.robust{font-size:12px;font-weight:600;padding:2px 8px;border-radius:4px;margin-left:6px}
.robust.every{background:#e3ecf6;color:#264b75}.robust.bots{background:#f7e3cf;color:#8a4a0c}
.robust.one{background:#eeece6;color:#5b6270}
.per{font-size:12px;color:#5b6270;margin-left:8px}
.wrap{overflow-x:auto;margin:8px 0 14px;padding:2px}
table{border-collapse:collapse;font-size:13.5px;background:#fff;
border-radius:8px;overflow:hidden;box-shadow:0 1px 2px rgba(0,0,0,.06)}
th,td{padding:6px 10px;text-align:left;vertical-align:top;border-bottom:1px solid #eeece6}
th{background:#efede6;font-size:12.5px;font-weight:600;color:#4a5160;vertical-align:bottom}
td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.seat{text-align:center;font-variant-numeric:tabular-nums;white-space:nowrap}
.est b{font-weight:600} .est small,.ci{color:#8a8f98;font-size:11.5px;margin-left:4px}
td.seat small{display:block;margin:0;color:inherit;opacity:.75}
td.few{color:#8a8f98;background:repeating-linear-gradient(135deg,#fff,#fff 6px,#f4f3ee 6px,
#f4f3ee 12px)}
td:first-child{white-space:nowrap}
.strong{font-weight:700}
figure{margin:10px 0 16px;background:#fff;border-radius:10px;padding:10px;
box-shadow:0 1px 2px rgba(0,0,0,.06)}
figure img{width:100%;max-width:1000px;display:block;margin:0 auto}
figcaption{font-size:12.5px;color:#5b6270;margin:4px 4px 0}
details{margin:6px 0 12px} summary{cursor:pointer;color:#35507a;font-size:14px}
.files li{margin:2px 0} code{font-size:13px}
.verdict{font-size:12px;font-weight:700;margin-top:3px}.verdict.same{color:#24613a}
.verdict.bots{color:#8a4a0c}.verdict.few{color:#8a8f98}
.ignored{background:#fff6e8;border-left:6px solid #e8833a;border-radius:8px;padding:10px 16px;
margin:14px 0;font-size:14px}.ignored ul{margin:6px 0 0;padding-left:18px}
@media print{header.hero{background:#fff;color:#1d2433} nav{display:none}}
"""

_f = format_fixed
"""A number in prose or a table, with the reader's decimal sign."""


def flags_text() -> str:
    """What a flag means: said in every section that flags."""
    return _(
        "Flags (bold, coloured) are corrected for the number of tests: Holm's method over each "
        "family (every seat of every setting; the settings' seats-alike tests; the settings' "
        "first-player tests), so the chance of even one false flag in a family is at most "
        "{alpha}%. The intervals shown are plain 95% ones, so an interval can miss the fair "
        "rate without a flag. Where an interval is wider than {width} percentage points the "
        "report says <i>too few games</i> and flags nothing."
    ).format(alpha=_f(100 * ALPHA, 0), width=_f(100 * MAX_WIDTH, 0))


SECTIONS = (
    ("claims", N_("Claims")),
    ("questions", N_("The game's questions")),
    ("bots", N_("Rules or bots?")),
    ("seats", N_("Seats")),
    ("length", N_("Length")),
    ("skill", N_("Skill")),
    ("drama", N_("Drama")),
    ("cards", N_("Cards")),
    ("sweeps", N_("Sweeps")),
    ("files", N_("Files")),
)
MARK_CLASS = {
    Mark.AGREES: "agrees",
    Mark.DISAGREES: "disagrees",
    Mark.UNDECIDED: "undecided",
    Mark.NOTHING: "nothing",
    Mark.INFO: "info",
}


def _e(text: object) -> str:
    return html.escape(str(text))


def est(e: Estimate | None, percent: bool = True, digits: int = 1) -> str:
    """An estimate as HTML: the value, then its interval small and grey."""
    if e is None or e.n == 0:
        return "<span class='ci'>" + _e(_("n/a")) + "</span>"
    scale, unit = (100.0, "%") if percent else (1.0, "")
    return (
        f"<span class='est'><b>{_f(scale * e.value, digits)}{unit}</b>"
        f"<small>{_f(scale * e.low, digits)}&ndash;{_f(scale * e.high, digits)}</small></span>"
    )


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], numeric_from: int = 1) -> str:
    out = ["<div class='wrap'><table><tr>", *(f"<th>{_e(h)}</th>" for h in head), "</tr>"]
    for row in rows:
        out.append("<tr>")
        for i, cell in enumerate(row):
            cls = ' class="n"' if i >= numeric_from else ""
            out.append(f"<td{cls}>{cell}</td>")
        out.append("</tr>")
    out.append("</table></div>")
    return "".join(out)


def _figure(uri: str | None, alt: str, caption: str = "") -> str:
    if not uri:
        return ""
    cap = f"<figcaption>{caption}</figcaption>" if caption else ""
    return f'<figure><img src="{uri}" alt="{_e(alt)}">{cap}</figure>'


VERDICT_WORDS = {
    HOLDS: N_("holds"),
    FAILS: N_("fails"),
    PARTLY: N_("partly"),
    INCONCLUSIVE: N_("inconclusive"),
    NOT_TESTED: N_("not tested"),
}
"""A claim's verdict as the reader reads it (the JSON keeps the English word)."""


def verdict_word(verdict: str) -> str:
    return _(VERDICT_WORDS[verdict]) if verdict in VERDICT_WORDS else verdict


ROBUSTNESS_WORDS = {
    DEPENDS: N_("depends on the bots"),
    UNSETTLED: N_("undecided under some line-up"),
    ONE_LINEUP: N_("one line-up only"),
    NO_LINEUP: N_("no line-up to check it under"),
    f"{HOLDS} under every line-up": N_("holds under every line-up"),
    f"{FAILS} under every line-up": N_("fails under every line-up"),
    f"{PARTLY} under every line-up": N_("partly under every line-up"),
    f"{INCONCLUSIVE} under every line-up": N_("inconclusive under every line-up"),
    f"{NOT_TESTED} under every line-up": N_("not tested under every line-up"),
}
"""`roost.lab.claims.robustness`'s words, as the reader reads them."""


def robustness_word(robustness: str) -> str:
    return _(ROBUSTNESS_WORDS[robustness]) if robustness in ROBUSTNESS_WORDS else robustness


def _pill(verdict: str) -> str:
    cls = "not" if verdict == NOT_TESTED else verdict
    return f'<span class="pill {cls}">{_e(verdict_word(verdict))}</span>'


def _span(values: Sequence[float], fmt: Callable[[float], str]) -> str:
    """``"7-25"``: the range of a measure over the settings (one value if they agree)."""
    low, high = fmt(min(values)), fmt(max(values))
    return low if low == high else f"{low}&ndash;{high}"


# --- at a glance -------------------------------------------------------------------------------


def _tile(key: str, big: str, sub: str, tone: str = "") -> str:
    return (
        f"<div class='tile {tone}'><div class='k'>{_e(key)}</div><div class='big'>{big}</div>"
        f"<div class='sub'>{sub}</div></div>"
    )


def agreement(summary: LabSummary, state: Callable[[MainSummary], str]) -> tuple[str, list[str]]:
    """Whether a per-setting flag is the rules' or the bots': ``every`` where each main
    line-up flags the same settings (too few games aside), ``bots`` where they differ (with the
    settings where they do), ``one`` with a single line-up, ``few`` where too few games
    under some line-up leave it open."""
    names = summary.lineup_names()
    if len(names) < 2:
        return "one", []
    by_setting: dict[str, list[str]] = {}
    for m in summary.main:
        by_setting.setdefault(m.setting.said(), []).append(state(m))
    differ = [label for label, states in by_setting.items()
              if TOO_FEW not in states and len(set(states)) > 1]  # fmt: skip
    if differ:
        return "bots", differ
    if any(TOO_FEW in states for states in by_setting.values()):
        return "few", []
    return "every", []


def _across(summary: LabSummary, state: Callable[[MainSummary], str]) -> str:
    """The tile's last words: the same under every line-up, or depends on the bots."""
    verdict, where = agreement(summary, state)
    names = _e(", ".join(summary.lineup_names()))
    if verdict == "every":
        return _("; <b>the same under every line-up</b> ({names})").format(names=names)
    if verdict == "bots":
        return _("; <b>depends on the bots</b> at {settings} ({names})").format(
            settings=_e(", ".join(where)), names=names
        )
    if verdict == "few":
        return _("; too few games under some line-up to compare ({names})").format(names=names)
    return _("; one line-up only: rules and bots not told apart")


def glance(summary: LabSummary, claims: Sequence[ClaimResult]) -> str:
    """The headline tiles: the claims' verdicts, then each measure's range over the settings."""
    mains = list(summary.primary)
    tiles: list[str] = []
    if claims:
        counts = {v: sum(1 for c in claims if c.verdict.verdict == v) for v in VERDICTS}
        tone = "good" if counts[HOLDS] == len(claims) else "bad" if counts[FAILS] else "mid"
        others = " ".join(f"{_pill(v)} {counts[v]}" for v in VERDICTS if v != HOLDS and counts[v])
        robust = sum(1 for c in claims if c.robustness == DEPENDS)
        tiles.append(
            _tile(
                _("Rulebook claims"),
                ngettext("{held} of {n} holds", "{held} of {n} hold", len(claims)).format(
                    held=counts[HOLDS], n=len(claims)
                ),
                (others or _("every claim the run could test holds"))
                + (
                    "<br>"
                    + ngettext("{n} depends on the bots", "{n} depend on the bots", robust).format(
                        n=robust
                    )
                    if robust
                    else ""
                ),
                tone,
            )
        )
    if not mains:
        return f"<div class='tiles'>{''.join(tiles)}</div>"
    if mains[0].extras:
        first = mains[0].extras[0]
        found = [x.estimate for m in mains if (x := m.extra(first.name)) and x.estimate.n]
        if found:
            rate = first.kind == "rate"
            value = _span(
                [e.value for e in found],
                (lambda v: f"{_f(100 * v, 0)}%") if rate else (lambda v: f"{_f(v, 1)}"),
            )
            # the tile is named by what it measures: a bare "0%" under "the game's question"
            # left the designer to guess that it is the share of capped games
            tiles.append(
                _tile(
                    _(first.label),
                    value,
                    _("this game's headline measure, lowest to highest over the settings"),
                )
            )
    medians = [m.minutes.median for m in mains]
    low = min(mains, key=lambda m: m.minutes.median)
    high = max(mains, key=lambda m: m.minutes.median)
    tiles.append(
        _tile(
            _("Table time"),
            _("{minutes} min").format(minutes=_span(medians, lambda v: f"{_f(v, 0)}")),
            _("median game; {low} to {high}").format(
                low=_e(low.setting.said()), high=_e(high.setting.said())
            )
            if low is not high
            else _("median game; 10&ndash;90%: {low}&ndash;{high} min").format(
                low=_f(low.minutes.p10, 0), high=_f(low.minutes.p90, 0)
            ),
        )
    )
    firsts = [m for m in mains if m.first_player_win.n]
    if firsts:
        top = max(firsts, key=lambda m: abs(m.first_player_win.value - m.fair))
        gap = 100 * (top.first_player_win.value - top.fair)
        beyond = sum(1 for m in firsts if m.first_player_flag == FLAGGED)
        few = sum(1 for m in firsts if m.first_player_flag == TOO_FEW)
        tiles.append(
            _tile(
                _("First player"),
                _("{gap}<small> percentage points</small>").format(gap=_f(gap, 0, True)),
                _(
                    "wins {rate}% against a fair {fair}% ({setting}); beyond chance (Holm) at "
                    "{beyond} of {n} settings"
                ).format(
                    rate=_f(100 * top.first_player_win.value, 0),
                    fair=_f(100 * top.fair, 0),
                    setting=_e(top.setting.said()),
                    beyond=beyond,
                    n=len(firsts),
                )
                + (_("; too few games at {n}").format(n=few) if few else "")
                + _across(summary, lambda m: m.first_player_flag),
                "bad" if beyond else "mid" if few == len(firsts) else "good",
            )
        )
    flags = [m.seats_flag for m in mains]
    differ = flags.count(FLAGGED)
    few = flags.count(TOO_FEW)
    if few == len(mains):
        big, tone = _("too few games"), "mid"
    elif differ:
        big, tone = _("differ at {differ} of {n}").format(differ=differ, n=len(mains)), "bad"
    else:
        big, tone = _("no seat stands out"), "mid" if few else "good"
    tiles.append(
        _tile(
            _("Seats"),
            big,
            _(
                "seats differ beyond chance (Holm-corrected over the {n} settings) at "
                "{differ} of {n}"
            ).format(n=len(mains), differ=differ)
            + (_("; too few games to tell at {n}").format(n=few) if few else "")
            + _across(summary, lambda m: m.seats_flag),
            tone,
        )
    )
    for name in dict.fromkeys(s.lineup.name for s in summary.skill):
        orders = [s.order.value for s in summary.skill if s.lineup.name == name]
        tiles.append(
            _tile(
                _("Skill (Order)"),
                _span(orders, lambda v: f"{_f(v, 2)}"),
                _("{lineup}; 0: luck decides, 1: the stronger bot always wins").format(
                    lineup=_e(name)
                ),
            )
        )
    scored = [m for m in mains if m.half_leader_wins is not None and m.lead_changes is not None]
    if scored:
        wins = [m.half_leader_wins.value for m in scored if m.half_leader_wins is not None]
        changes = [m.lead_changes.mean.value for m in scored if m.lead_changes is not None]
        tiles.append(
            _tile(
                _("Drama"),
                _span(wins, lambda v: f"{_f(100 * v, 0)}") + "%",
                _("of games are won by the half-time leader; {changes} lead changes a game").format(
                    changes=_span(changes, lambda v: f"{_f(v, 1)}")
                ),
            )
        )
    return f"<div class='tiles'>{''.join(tiles)}</div>"


# --- claims ------------------------------------------------------------------------------------


def claims_cards(results: Sequence[ClaimResult]) -> str:
    """Each claim as a card: verdict, quote, a marked line per setting, and how it was tested."""
    if not results:
        none = _("This game's lab companion lists no rulebook claims.")
        return f"<p class='lead'>{none}</p>"
    cards = []
    for r in results:
        verdict = r.verdict
        cls = "not" if verdict.verdict == NOT_TESTED else verdict.verdict
        items = "".join(
            f"<li class='{MARK_CLASS[f.mark]}'>{_e(f.sentence.said())}</li>"
            for f in verdict.findings
        )
        robust = r.robustness
        tone = (
            "bots"
            if robust == DEPENDS
            else "one"
            if robust in (ONE_LINEUP, UNSETTLED, NO_LINEUP)
            else "every"
        )
        per = "; ".join(
            _("{verdict} under {lineup}").format(verdict=verdict_word(v.verdict), lineup=_e(name))
            for name, v in r.by_lineup
        )
        source = gettext_filled(r.claim.source)
        how = _("<b>How it was tested:</b> {how}<br><b>It would hold if:</b> {holds}").format(
            how=_e(gettext_filled(r.claim.how)), holds=_e(gettext_filled(r.claim.holds_when))
        )
        cards.append(
            f"<article class='claim {cls}'>{_pill(verdict.verdict)} "
            f"<span class='robust {tone}'>{_e(robustness_word(robust))}</span>"
            + (f"<span class='per'>{per}</span>" if len(r.by_lineup) > 1 else "")
            + f"<q>{_e(r.claim.quote)}</q><div class='src'>{_e(source)}</div>"
            + (f"<ul>{items}</ul>" if items else "")
            + (f"<p class='note'>{_e(verdict.said_note())}</p>" if verdict.notes else "")
            + f"<p class='how'>{how}</p></article>"
        )
    legend = _(
        "<p class='lead'>A mark per setting: <b style='color:#4f9d69'>&#10003;</b> agrees, "
        "<b style='color:#d1495b'>&#10007;</b> disagrees, <b style='color:#c48a00'>?</b> the "
        "95% intervals cannot tell (more games would), <b style='color:#8a8f98'>&ndash;</b> "
        "nothing to test there. {holds} every setting agrees; {partly} some do; {fails} none "
        "does and some disagree; {inconclusive} none can tell. Each claim is checked under "
        "every bot line-up of the run (in brackets before a finding): <b>holds under every "
        "line-up</b> says the rules decide it; <b>depends on the bots</b> that where they can "
        "tell, the line-ups' findings differ, so it is at least partly the bots' doing; "
        "<b>undecided under some line-up</b> that they agree where they can tell but one had "
        "too few games somewhere.</p>"
    ).format(
        holds=_pill(HOLDS),
        partly=_pill(PARTLY),
        fails=_pill(FAILS),
        inconclusive=_pill(INCONCLUSIVE),
    )
    return legend + f"<div class='claims'>{''.join(cards)}</div>"


# --- sections ----------------------------------------------------------------------------------


def _seat_cell(e: Estimate, fair: float, state: str) -> str:
    """A seat's win rate, tinted by how far it is from fair (blue above, red below), bold where
    it is flagged (Holm-corrected), greyed with "too few games" where its interval is too wide
    to tell."""
    gap = (e.value - fair) / max(fair, 0.05)
    strength = min(1.0, abs(gap) / 0.5)
    beyond = state == FLAGGED
    alpha = (0.12 + 0.33 * strength) if beyond else 0.08 * strength
    rgb = "59,110,168" if gap > 0 else "209,73,91"
    cls = " strong" if beyond else ""
    if state == TOO_FEW:
        few = _("too few games")
        return (
            f"<td class='seat few'>{_f(100 * e.value, 1)}%<small class='ci'>{_f(100 * e.low, 0)}"
            f"&ndash;{_f(100 * e.high, 0)} {few}</small></td>"
        )
    return (
        f"<td class='seat{cls}' style='background:rgba({rgb},{alpha:.2f})'>"
        f"{_f(100 * e.value, 1)}%<small class='ci'>{_f(100 * e.low, 0)}&ndash;{_f(100 * e.high, 0)}"
        "</small></td>"
    )


def _p_cell(p: float, raw: float, state: str) -> str:
    """A Holm-adjusted p-value (the raw one small after it), bold where flagged."""
    if state == TOO_FEW:
        few = _("too few games")
        return f"<td class='n few'>{few}<small class='ci'>p {_f(raw, 3)}</small></td>"
    cls = " strong" if state == FLAGGED else ""
    raw_p = _("raw {p}").format(p=_f(raw, 3))
    return f"<td class='n{cls}'>{_f(p, 3)}<small class='ci'>{raw_p}</small></td>"


def _seats(mains: Sequence[MainSummary]) -> str:
    width = max(len(m.seat_win) for m in mains)
    head = [_("setting"), _("games"), _("fair"), *(f"P{s}" for s in range(width))]
    head += [_("p (alike, Holm)"), _("first player wins"), _("first player Order")]
    few = _("too few games")
    out = ["<div class='wrap'><table><tr>", *(f"<th>{_e(h)}</th>" for h in head), "</tr>"]
    for m in mains:
        cells = [_seat_cell(e, m.fair, m.seat_flag(s)) for s, e in enumerate(m.seat_win)]
        cells += ["<td></td>"] * (width - len(m.seat_win))
        first = m.first_player_flag
        out.append(
            f"<tr><td>{_e(m.setting.said())}</td><td class='n'>{m.games}</td>"
            f"<td class='n'>{_f(100 * m.fair, 1)}%</td>{''.join(cells)}"
            f"{_p_cell(m.seats_equal_p_holm, m.seats_equal_p, m.seats_flag)}"
            f"<td class='n{' strong' if first == FLAGGED else ''}'>{est(m.first_player_win)}"
            f"{f'<small class=ci>{few}</small>' if first == TOO_FEW else ''}</td>"
            f"<td class='n'>{est(m.first_player_order, percent=False, digits=2)}</td></tr>"
        )
    out.append("</table></div>")
    return "".join(out)


def _returns(mains: Sequence[MainSummary]) -> str:
    width = max(len(m.seat_return) for m in mains)
    rows = [
        [
            _e(m.setting.said()),
            *(est(e, percent=False, digits=2) for e in m.seat_return),
            *([""] * (width - len(m.seat_return))),
        ]
        for m in mains
    ]
    return _table([_("setting"), *(f"P{s}" for s in range(width))], rows)


def _dist(d: Any, digits: int = 0) -> str:
    return (
        f"<span class='est'><b>{_f(d.median, digits)}</b><small>{_f(d.p10, digits)}&ndash;"
        f"{_f(d.p90, digits)}</small></span>"
    )


def _length(mains: Sequence[MainSummary]) -> str:
    rows = [
        [
            _e(m.setting.said()),
            _dist(m.decisions),
            _dist(m.turns),
            _dist(m.rounds),
            _dist(m.minutes, 1),
            est(m.minutes.mean, percent=False),
        ]
        for m in mains
    ]
    head = [_("setting"), _("decisions"), _("turns"), _("rounds"), _("table minutes")]
    return _table([*head, _("mean minutes")], rows)


def _skill(summary: LabSummary) -> str:
    rows = [
        [
            _e(s.setting.said()),
            _e(s.lineup.name),
            str(s.games),
            f"{_f(100 * s.fair, 1)}%",
            est(s.strong_win),
            est(s.order, percent=False, digits=2),
        ]
        for s in summary.skill
    ]
    head = [_("setting"), _("line-up"), _("games"), _("fair"), _("strong bot wins"), _("Order")]
    return _table(head, rows, numeric_from=2)


def _drama(mains: Sequence[MainSummary]) -> str:
    rows = []
    for m in mains:
        if m.lead_changes is None or m.half_leader_wins is None or m.half_leader_share is None:
            continue
        rows.append(
            [
                _e(m.setting.said()),
                est(m.lead_changes.mean, percent=False, digits=2),
                _dist(m.lead_changes),
                est(m.half_leader_share),
                est(m.half_leader_wins),
                f"{_f(100 * m.fair, 1)}%",
            ]
        )
    return _table(
        [_("setting"), _("lead changes (mean)"), _("median (10-90%)"),
         _("a sole leader at half time"), _("the half-time leader wins"), _("fair")],
        rows,
    )  # fmt: skip


def _extras(mains: Sequence[MainSummary]) -> str:
    """The game's own measures: a row per setting, like every other table."""
    specs = [(e.name, e.label, e.kind) for e in mains[0].extras]
    rows = []
    for m in mains:
        cells = []
        for name, _label, kind in specs:
            found = m.extra(name)
            rate = kind == "rate"
            cells.append(
                est(found.estimate, percent=rate, digits=1 if rate else 2) if found else est(None)
            )
        rows.append([_e(m.setting.said()), *cells])
    return _table([_("setting"), *(_(label) for _name, label, _kind in specs)], rows)


def _cards(main: MainSummary, game: str, played: bool = True) -> str:
    cards = sorted(main.cards, key=lambda c: c.held.value - c.not_held.value, reverse=True)
    if not played:
        rows = [
            [_e(card_name(game, c.name)), est(c.held), est(c.not_held),
             _difference(c.held, c.not_held, c.held_flag, c.held_p)]
            for c in cards
        ]  # fmt: skip
        head = [_("card"), _("held at start"), _("not held"), _("difference (percentage points)")]
        return _table(head, rows)
    rows = [
        [
            _e(card_name(game, c.name)),
            est(c.held),
            est(c.not_held),
            _difference(c.held, c.not_held, c.held_flag, c.held_p),
            est(c.played),
            est(c.not_played),
            _difference(c.played, c.not_played, c.played_flag, c.played_p) if c.played.n else "",
        ]
        for c in cards
    ]
    return _table(
        [_("card"), _("held at start"), _("not held"), _("difference (percentage points)"),
         _("played"), _("not played"), _("difference (percentage points)")],
        rows,
    )  # fmt: skip


def _difference(yes: Estimate, no: Estimate, state: str, p: float) -> str:
    """A card's difference in win rate, bold with its Holm p where flagged."""
    text = f"{_f(100 * (yes.value - no.value), 1, True)}"
    if state == TOO_FEW:
        return f"{text}<small class='ci'>" + _("too few games") + "</small>"
    if state == FLAGGED:
        return f"<b>{text}</b><small class='ci'>p {_f(p, 3)} (Holm)</small>"
    return text


def _moves(mains: Sequence[MainSummary]) -> str:
    kinds = list(dict.fromkeys(kind for m in mains for kind, _ in m.moves))
    rows = []
    for kind in kinds:
        cells = [
            f"{_f(dict(m.moves)[kind].value, 1)}" if kind in dict(m.moves) else "0" for m in mains
        ]
        rows.append([_e(kind), *cells])
    return _table([_("moves per game"), *(m.setting.said() for m in mains)], rows)


SAME = "same"
"""Every line-up agrees: the rules decide it."""
NOT_AVAILABLE = "n/a"
AGREEMENT_WORDS = {
    SAME: N_("same"),
    DEPENDS: N_("depends on the bots"),
    TOO_FEW: N_("too few games"),
    FLAGGED: N_("flagged"),
    NOT_AVAILABLE: N_("n/a"),
    WITHIN: N_("within chance"),
}
"""The words of the rules-or-bots table and the seats' flags, as the reader reads them."""


def agreement_word(word: str) -> str:
    return _(AGREEMENT_WORDS[word]) if word in AGREEMENT_WORDS else word


def _same(estimates: Sequence[Estimate], rate: bool) -> str:
    """Whether estimates under several line-ups agree: their 95% intervals share a value (a
    share's interval wider than `MAX_WIDTH` is too few games to say either)."""
    if any(e.n == 0 for e in estimates):
        return NOT_AVAILABLE
    if rate and any(too_wide(e) for e in estimates):
        return TOO_FEW
    return SAME if max(e.low for e in estimates) <= min(e.high for e in estimates) else DEPENDS


def _states_same(states: Sequence[str]) -> str:
    """Whether per-line-up flags agree (too few games under any: cannot say)."""
    if TOO_FEW in states:
        return TOO_FEW
    return SAME if len(set(states)) == 1 else DEPENDS


def _bots_cell(names: Sequence[str], values: Sequence[str], verdict: str) -> str:
    """One measure at one setting: each line-up's value on a line, then the verdict."""
    lines = "".join(
        f"<div><small class='ci'>{_e(name)}</small> {value}</div>"
        for name, value in zip(names, values, strict=True)
    )
    tone = {SAME: "same", DEPENDS: "bots"}.get(verdict, "few")
    return f"{lines}<div class='verdict {tone}'>{_e(agreement_word(verdict))}</div>"


def _bots(summary: LabSummary) -> str:
    """Rules or bots? Each headline measure per setting under every main line-up, and whether
    the line-ups agree: where they do, the rules decide it; where not, the bots do."""
    names = summary.lineup_names()
    by = {(m.setting.said(), m.lineup.name): m for m in summary.main}
    first_extra = summary.primary[0].extras[0] if summary.primary[0].extras else None
    head = [_("setting"), _("seats differ (Holm)"), _("first player wins")]
    head += [_("table minutes (mean)")]
    head += [_(first_extra.label)] if first_extra is not None else []
    rows: list[list[str]] = []
    for label in [m.setting.said() for m in summary.primary]:
        ms = [by[(label, name)] for name in names if (label, name) in by]
        if len(ms) < len(names):
            continue
        seats = [m.seats_flag for m in ms]
        firsts = [m.first_player_flag for m in ms]
        row = [
            _e(label),
            _bots_cell(names, [_e(agreement_word(x)) for x in seats], _states_same(seats)),
            _bots_cell(names, [est(m.first_player_win) for m in ms], _states_same(firsts)),
            _bots_cell(
                names,
                [est(m.minutes.mean, percent=False) for m in ms],
                _same([m.minutes.mean for m in ms], rate=False),
            ),
        ]
        if first_extra is not None:
            found = [m.extra(first_extra.name) for m in ms]
            values = [x.estimate for x in found if x is not None]
            rate = first_extra.kind == "rate"
            row.append(
                _bots_cell(
                    names,
                    [est(e, percent=rate, digits=1 if rate else 2) for e in values],
                    _same(values, rate) if len(values) == len(ms) else NOT_AVAILABLE,
                )
            )
        rows.append(row)
    return _table(head, rows)


def _ignored(summary: LabSummary) -> str:
    """Where a parameter is ignored by the bots: said plainly, with what it means."""
    notes = dict(_measures(summary).bots_ignore)
    out: list[str] = []
    swept = {key for s in summary.plan.settings for key, _ in s.swept}
    given = {key for s in summary.plan.settings for key, _ in s.params}
    for key in sorted(swept | (given & set(notes))):
        same = [name for k, name in summary.ignored if k == key]
        others = [n for n in summary.lineup_names() if n not in same] if key in swept else []
        parts: list[str] = []
        if same:
            parts.append(
                _(
                    "under {lineups} every game was played move for move alike at every value "
                    "of <code>{key}</code> (the values share their deals): these bots ignore "
                    "it, so what the sweep shows is the same games scored another way, not how "
                    "players would change their play for it"
                ).format(lineups=_e(", ".join(same)), key=_e(key))
            )
        if others and same:
            parts.append(
                _("{lineups} played differently at different values").format(
                    lineups=_e(", ".join(others))
                )
            )
        if key in notes:
            parts.append(_e(_(notes[key])))
        if parts:
            out.append(f"<li><b>{_e(key)}</b>: " + "; ".join(parts) + ".</li>")
    if not out:
        return ""
    title = _("Parameters the bots do not play to.")
    return f"<div class='ignored'><b>{title}</b><ul>" + "".join(out) + "</ul></div>"


def _section(anchor: str, title: str, lead: str = "") -> str:
    return f"<h2 id='{anchor}'>{_e(title)}</h2>" + (f"<p class='lead'>{lead}</p>" if lead else "")


def _cards_setting(summary: LabSummary) -> MainSummary | None:
    """The setting whose card impact is drawn: the game's usual player count, else the first."""
    mains = list(summary.primary)
    if not mains:
        return None
    usual = summary.plan.load(mains[0].setting).default_players
    return next((m for m in mains if m.setting.players == usual and m.cards), mains[0])


def render(
    summary: LabSummary,
    claims: Sequence[ClaimResult],
    *,
    command: str,
    speed: str,
    with_plots: bool = True,
    sequential: str = "",
) -> str:
    plan = summary.plan
    mains = list(summary.primary)
    draw = with_plots and plots.matplotlib_available()

    def plot(make: Callable[[], str | None], alt: str, caption: str = "") -> str:
        return _figure(make() if draw else None, alt, caption)

    main_bots = _(" and ").join(lineup.name for lineup in plan.main_lineups)
    scored = any(m.lead_changes is not None for m in mains)
    sweeps = plots.sweep_lines(summary) if draw else []
    shown = {"claims", "seats", "length", "files"}
    shown |= {"bots"} if len(summary.lineup_names()) > 1 and mains else set()
    shown |= {"questions"} if mains and mains[0].extras else set()
    shown |= {"skill"} if summary.skill else set()
    shown |= {"drama"} if scored else set()
    card_main = _cards_setting(summary)
    shown |= {"cards"} if card_main is not None and card_main.cards else set()
    shown |= {"sweeps"} if sweeps else set()
    nav = "".join(f"<a href='#{a}'>{_e(_(t))}</a>" for a, t in SECTIONS if a in shown)
    meta = _("{bots} bots &middot; {settings} &middot; seed {seed} &middot; {speed}").format(
        bots=_e(main_bots),
        settings=ngettext("{n} setting", "{n} settings", len(plan.settings)).format(
            n=len(plan.settings)
        ),
        seed=plan.seed,
        speed=_e(speed),
    )
    until = _("Run until narrow.")
    title = _("Roost lab: {title}").format(title=plan.title)
    parts = [
        f"<!doctype html><html lang='{html_language()}'><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        f"<title>{_e(title)}</title><style>{CSS}</style></head><body>",
        "<header class='hero'><div class='in'><div class='kicker'>"
        + _e(_("Roost balance lab"))
        + ""
        "</div>",
        f"<h1>{_e(plan.title)}</h1>",
        f"<p class='meta'>{meta}<br><code>{_e(command)}</code></p>",
        f"<nav>{nav}</nav></div></header><main>",
        f"<div class='ignored sequential'><b>{until}</b> {_e(sequential)}</div>"
        if sequential
        else "",
        glance(summary, claims),
        _section(
            "claims",
            _("What the rulebook claims, and what the games say"),
            _(
                "Bots, not people, played these games: read the results as what the rules do "
                "when played sensibly, not as what your table will do. The same command gives "
                "the same numbers, whatever the number of workers or the backend."
            ),
        ),
        claims_cards(claims),
        _ignored(summary),
    ]
    if "bots" in shown:
        others = ", ".join(summary.lineup_names()[1:])
        parts += [
            _section(
                "bots",
                _("Rules or bots?"),
                _(
                    "The same settings under every main line-up (sharing their deals). Where "
                    "the line-ups agree, the rules decide the measure; where they do not, it "
                    "<b>depends on the bots</b>, and a table of people may differ again. Means "
                    "agree where their 95% intervals overlap, flags where both are the same. The "
                    "rest of the report shows {lineup} in detail"
                ).format(lineup=_e(mains[0].lineup.name))
                + (
                    _(
                        "; {lineups} played fewer games (--other-games), so its intervals are "
                        "wider."
                    ).format(lineups=_e(others))
                    if any(lu.games < plan.main_lineups[0].games for lu in plan.main_lineups[1:])
                    else "."
                ),
            ),
            _bots(summary),
        ]
    if not draw:
        off = _("Plots are off (install matplotlib: {how})").format(how=_e(plots.INSTALL))
        parts.append(f"<p class='lead'>{off}</p>")
    if "questions" in shown:
        parts += [
            _section("questions", _("This game's own questions")),
            plot(lambda: plots.extras_panels(mains), _("the game's own measures")),
            _extras(mains),
        ]
    parts += [
        _section(
            "seats",
            _("Seats: does where you sit matter?"),
            _(
                "Win rate per seat (a shared win counts for each winner). The fair rate is all "
                "wins over all seat-games. p tests that every seat wins alike."
            )
            + " "
            + flags_text()
            + " "
            + _(
                "The first player is whoever makes the first decision once the cards are "
                "dealt; Order = (win rate - fair) / (1 - fair)."
            ),
        ),
        _seats(mains),
        plot(lambda: plots.seat_bars(mains), _("win rate per seat")),
        "<details><summary>" + _e(_("Mean return per seat")) + "</summary>",
        _returns(mains),
        "</details>",
        _section(
            "length",
            _("Length and table time"),
            _(
                "Medians, with the range of games from 10% to 90% after them. Estimated table "
                "time: {time} (adjust with --seconds-per-decision and friends). A decision is "
                "forced when it is the only legal move. Turns are runs of decisions by one "
                "player unless the game counts its own; rounds are the game's own, or turns / "
                "players."
            ).format(time=_e(plan.time.describe())),
        ),
        _length(mains),
        plot(
            lambda: plots.length_boxes(mains),
            _("length per setting"),
            _(
                "Boxes hold the middle half of the games, whiskers 10&ndash;90%; the line is "
                "the median, the diamond the mean."
            ),
        ),
        plot(lambda: plots.minutes_hist(mains), _("distribution of table time")),
    ]
    if "skill" in shown:
        parts += [
            _section(
                "skill",
                _("Skill or luck?"),
                _(
                    "One stronger bot against weaker ones, its seat rotating. Order = (its win "
                    "rate - fair) / (1 - fair), the CardStock measure: 0 means skill does not "
                    "show, 1 means the stronger player always wins, below 0 that the "
                    "'stronger' bot is not."
                ),
            ),
            plot(lambda: plots.skill_points(summary), _("Order per line-up")),
            _skill(summary),
        ]
    if "drama" in shown:
        parts += [
            _section(
                "drama",
                _("Drama: is it over at half time?"),
                _(
                    "Standing: {standing}. A lead change is the sole leader changing hands "
                    "(read at the start of every turn and at the end); the half-time leader is "
                    "the sole leader at half the game's decisions. A half-time leader who wins "
                    "far above the fair rate means the second half rarely matters."
                ).format(standing=_e(_score_label(summary))),
            ),
            plot(lambda: plots.drama(mains), _("lead changes and half-time leaders")),
            _drama(mains),
        ]
    if "cards" in shown and card_main is not None:
        played_note = _measures(summary).played_impact
        parts += [
            _section(
                "cards",
                _("Card impact ({setting})").format(setting=card_main.setting.said()),
                _(
                    "The win rate of a seat that held a card type at the start, or played it, "
                    "against one that did not. An association, not a cause: cards played often "
                    "in long games, or on the way out, look good. A difference is bold only "
                    "where a two-proportion test, Holm-corrected over every card type of this "
                    "setting (held and played), is below 0.05. Other settings are in "
                    "summary.json."
                ),
            ),
            plot(
                lambda: plots.card_impact(card_main, plan.game, played=not played_note),
                _("card impact"),
                _("No 'played' panel: {why}.").format(why=_e(_(played_note)))
                if played_note
                else "",
            ),
            "<details><summary>" + _e(_("The table")) + "</summary>",
            _cards(card_main, plan.game, played=not played_note),
            "</details>",
        ]
    if sweeps:
        parts.append(
            _section(
                "sweeps",
                _("Variant sweeps"),
                _(
                    "What changes with each swept parameter, one line per player count (other "
                    "swept parameters at their first value). Sweeps share seeds: game 17 starts "
                    "from the same deal at every value, so differences are the rule's, not "
                    "luck's."
                ),
            )
        )
        for key, uri in sweeps:
            parts += [f"<h3>{_e(key)}</h3>", _figure(uri, _("sweep of {key}").format(key=key))]
    files = (
        _(
            "<code>games.csv</code>: one row per game (setting, bots, returns, winners, length, "
            "table time, the game's own measures, moves by kind)"
        ),
        _(
            "<code>seats.csv</code>: one row per seat and game, with the cards held at the "
            "start and played"
        ),
        _("<code>cards.csv</code>: card type ids and names"),
        _(
            "<code>summary.json</code>: every number above with its interval, the claims, the "
            "plan and the time model"
        ),
    )
    parts += [
        "<h2>" + _e(_("Moves")) + "</h2>",
        "<details><summary>" + _e(_("Moves per game, by kind")) + "</summary>",
        _moves(mains),
        "</details>",
        _section("files", _("Files beside this report")),
        "<ul class='files'>" + "".join(f"<li>{item}</li>" for item in files) + "</ul>",
        "</main></body></html>",
    ]
    return "\n".join(parts)


def _measures(summary: LabSummary) -> GameMeasures[Any]:
    return game_measures(summary.plan.load(summary.plan.settings[0]))


def _score_label(summary: LabSummary) -> str:
    if not summary.main:
        return ""
    label = _measures(summary).score_label
    return _(label) if label else ""
