"""``roost lab GAME --compare A.toml B.toml`` in the terminal: the comparison as one rich table
(the same rows as ``compare.html``), the method and its correction said under it, so a
screenshot of the terminal carries its own caveats."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from roost.i18n import format_fixed
from roost.i18n import gettext as _
from roost.lab.compare import (
    FROM_BOTS,
    FROM_RULES,
    NOT_CONTRADICTED,
    Comparison,
    diff_text,
    p_text,
    value_text,
)
from roost.lab.compare_report import method_text, verdict_word
from roost.lab.compensate import PICKED, Search, label_of
from roost.lab.plan import say_label
from roost.lab.stats import Difference

VERDICT_STYLE = {FROM_RULES: "blue", NOT_CONTRADICTED: "blue", FROM_BOTS: "dark_orange"}


def compare_table(comparison: Comparison) -> Table:
    """A row per measure, setting and line-up; significant differences in bold, the verdict on
    the measure's first line."""
    a, b = comparison.a, comparison.b
    table = Table(
        title=f"{comparison.title}: A = {escape(a.name)}, B = {escape(b.name)}",
        caption=escape(method_text(comparison)),
        caption_justify="left",
    )
    several = len({row.setting for row in comparison.rows}) > 1
    for column in ([_("setting")] if several else []) + [_("measure"), _("line-up")]:
        table.add_column(column, overflow="fold", min_width=10)
    for column in ("A", "B"):
        table.add_column(column, justify="right", no_wrap=True)
    table.add_column(_("B - A (95% interval)"), justify="right", no_wrap=True)
    table.add_column(_("p (Holm)"), justify="right", no_wrap=True)
    table.add_column(_("significant"), no_wrap=True)
    table.add_column(_("rules or bots?"), overflow="fold")
    for row in comparison.rows:
        kind = row.measure.kind
        for k, c in enumerate(row.by_lineup):
            style = VERDICT_STYLE.get(row.verdict, "dim")
            said = escape(verdict_word(row.verdict))
            verdict = f"[{style}]{said}[/{style}]" if k == 0 else ""
            bold = "bold" if c.significant else ""
            cells = [escape(say_label(row.setting)) if k == 0 else ""] if several else []
            cells += [
                escape(row.measure.said()) if k == 0 else "",
                escape(c.lineup),
                value_text(kind, c.a),
                value_text(kind, c.b),
                f"[{bold}]{diff_text(kind, c.diff)}[/{bold}]" if bold else diff_text(kind, c.diff),
                f"[{bold}]{p_text(c.p_holm)}[/{bold}]" if bold else p_text(c.p_holm),
                "[bold]" + _("yes") + "[/bold]" if c.significant else _("no"),
                verdict,
            ]
            table.add_row(*cells, end_section=k == len(row.by_lineup) - 1)
    return table


WIDE = 132
"""The table's least width: eight columns of numbers and words fold into a tower of one-word
lines at a pipe's default 80 columns; a log or a wide terminal shows each line-up on a line."""


def print_compare(console: Console, comparison: Comparison) -> None:
    """The table, at no less than `WIDE` columns where there is no terminal (a pipe, a log);
    a terminal's own width is kept, however narrow."""
    table = compare_table(comparison)
    if console.is_terminal or console.width >= WIDE:
        console.print(table)
        return
    width = console.width
    console.width = WIDE
    try:
        console.print(table)
    finally:
        console.width = width


def compensation_table(found: Search) -> Table:
    """A row per candidate and line-up: the first player's rate against fair, the edge, the
    shift from no compensation, and whether the interval holds the fair rate; the pick in
    bold, the method under the table."""
    table = Table(
        title=_("{title}, {players} players: first-player compensation").format(
            title=found.title, players=found.players
        ),
        caption=escape(found.method(_)),
        caption_justify="left",
    )
    for column in (_("candidate"), _("line-up")):
        table.add_column(column, overflow="fold", min_width=10)
    for column in (
        _("first player wins (95%)"),
        _("fair"),
        _("edge"),
        _("p (Holm)"),
        _("shift from none (95%)"),
        _("p (Holm)"),
    ):
        table.add_column(column, justify="right", no_wrap=True)
    table.add_column(_("fair inside?"), overflow="fold", min_width=12)
    pick = found.pick
    for rung in found.rungs:
        chosen = pick is not None and rung.candidate.key == pick.candidate.key
        for k, m in enumerate(rung.by_lineup):
            status = m.status(found.max_width)
            name = escape(rung.candidate.key) if k == 0 else ""
            if chosen and k == 0:
                name = "[bold]" + _("{name} (pick)").format(name=name) + "[/bold]"
            shift = (
                "-"
                if m.shift is None
                else diff_text("share", Difference(m.shift[0], m.shift[1], m.shift[2], 1.0))
            )
            table.add_row(
                name,
                escape(m.lineup),
                m.first.pct(),
                f"{format_fixed(100 * m.fair, 1)}%",
                _("{points} pts").format(points=format_fixed(100 * m.edge, 1, sign=True)),
                p_text(m.p_fair),
                shift,
                "-" if m.shift is None else p_text(m.p_shift),
                "[green]" + _("yes") + "[/green]" if status == PICKED else escape(_(status)),
                end_section=k == len(rung.by_lineup) - 1,
            )
    return table


def print_compensation(console: Console, found: Search) -> None:
    """The table (at least `WIDE` columns off a terminal, as `print_compare`), then the
    conclusion in words."""
    table = compensation_table(found)
    width = console.width
    if not console.is_terminal and console.width < COMPENSATION_WIDE:
        console.width = COMPENSATION_WIDE
    try:
        console.print(table)
    finally:
        console.width = width
    for rung in found.rungs:
        console.print(
            f"{escape(rung.candidate.key)}: {escape(label_of(rung.candidate, _))}", highlight=False
        )
    console.print(escape(found.conclusion(_)), highlight=False)


COMPENSATION_WIDE = 150
"""The compensation table's least width off a terminal: nine columns, seven of them numbers."""
