"""``roost lab GAME --compare A.toml B.toml`` in the terminal: the comparison as one rich table
(the same rows as ``compare.html``), the method and its correction said under it, so a
screenshot of the terminal carries its own caveats."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from roost.lab.compare import (
    FROM_BOTS,
    FROM_RULES,
    NOT_CONTRADICTED,
    Comparison,
    diff_text,
    p_text,
    value_text,
)

VERDICT_STYLE = {FROM_RULES: "blue", NOT_CONTRADICTED: "blue", FROM_BOTS: "dark_orange"}


def compare_table(comparison: Comparison) -> Table:
    """A row per measure, setting and line-up; significant differences in bold, the verdict on
    the measure's first line."""
    a, b = comparison.a, comparison.b
    table = Table(
        title=f"{comparison.title}: A = {escape(a.name)}, B = {escape(b.name)}",
        caption=escape(comparison.method),
        caption_justify="left",
    )
    several = len({row.setting for row in comparison.rows}) > 1
    for column in (["setting"] if several else []) + ["measure", "line-up"]:
        table.add_column(column, overflow="fold", min_width=10)
    for column in ("A", "B"):
        table.add_column(column, justify="right", no_wrap=True)
    table.add_column("B - A (95% interval)", justify="right", no_wrap=True)
    table.add_column("p (Holm)", justify="right", no_wrap=True)
    table.add_column("significant", no_wrap=True)
    table.add_column("rules or bots?", overflow="fold")
    for row in comparison.rows:
        kind = row.measure.kind
        for k, c in enumerate(row.by_lineup):
            style = VERDICT_STYLE.get(row.verdict, "dim")
            verdict = f"[{style}]{escape(row.verdict)}[/{style}]" if k == 0 else ""
            bold = "bold" if c.significant else ""
            cells = [escape(row.setting) if k == 0 else ""] if several else []
            cells += [
                escape(row.measure.label) if k == 0 else "",
                escape(c.lineup),
                value_text(kind, c.a),
                value_text(kind, c.b),
                f"[{bold}]{diff_text(kind, c.diff)}[/{bold}]" if bold else diff_text(kind, c.diff),
                f"[{bold}]{p_text(c.p_holm)}[/{bold}]" if bold else p_text(c.p_holm),
                "[bold]yes[/bold]" if c.significant else "no",
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
