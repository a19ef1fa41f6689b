"""Writing a comparison of two variants (`roost.lab.compare`): ``compare.html`` (one table, then
a plot per measure with both variants), ``compare.json`` (every difference with its interval,
p-values raw and Holm-adjusted, and verdict), and each variant's own lab output in ``a/`` and
``b/`` (its report, records and summary), so a surprising difference can be followed to the
games behind it.

The page uses the lab report's look (`roost.lab.report.CSS`) and colours: significant
differences in bold, blue "from the rules", orange "depends on the bots".
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path

from roost.i18n import N_, format_fixed, html_language
from roost.i18n import gettext as _
from roost.lab import LabRun, write_lab
from roost.lab import plots as lab_plots
from roost.lab.compare import (
    FROM_BOTS,
    FROM_RULES,
    METHOD,
    NO_DIFFERENCE,
    NOT_CONTRADICTED,
    SINGLE,
    Comparison,
    Row,
    diff_text,
    p_text,
)
from roost.lab.output import check_writable, write_json
from roost.lab.plan import say_label
from roost.lab.report import CSS, est
from roost.lab.stats import ALPHA

EXTRA_CSS = """
td.sig{font-weight:700} tr.first td{border-top:2px solid #d9d6cc}
.verdict.rules{color:#264b75}.verdict.bots{color:#8a4a0c}.verdict.none{color:#8a8f98}
"""
VERDICT_CLASS = {FROM_RULES: "rules", NOT_CONTRADICTED: "rules", FROM_BOTS: "bots"}
VERDICT_WORDS = {
    FROM_RULES: N_("from the rules"),
    NOT_CONTRADICTED: N_("from the rules (not contradicted)"),
    FROM_BOTS: N_("depends on the bots"),
    NO_DIFFERENCE: N_("no significant difference"),
    SINGLE: N_("one line-up only: rules and bots not told apart"),
}
"""A difference's verdict as the reader reads it (compare.json keeps the English)."""


def verdict_word(verdict: str) -> str:
    return _(VERDICT_WORDS[verdict]) if verdict in VERDICT_WORDS else verdict


def method_text(comparison: Comparison) -> str:
    """How the differences were tested, in the reader's language (compare.json keeps the
    English `Comparison.method`)."""
    return _(METHOD).replace("{alpha:g}", format_fixed(ALPHA, 2)).format(m=comparison.tests)


def _e(text: object) -> str:
    return html.escape(str(text))


def measure_plot(comparison: Comparison, rows: Sequence[Row]) -> str | None:
    """One measure in both variants: a row per setting and line-up, A and B side by side with
    their 95% intervals; a star marks a significant difference (Holm)."""
    points = [(r.setting, c) for r in rows for c in r.by_lineup]
    if not points:
        return None
    plt = lab_plots._pyplot()
    share = rows[0].measure.kind == "share"
    scale = 100.0 if share else 1.0
    height = lab_plots._rows_height(len(points)) + 0.3
    fig, ax = plt.subplots(figsize=(lab_plots.WIDTH, height))
    labels = [
        f"{say_label(setting)}, {c.lineup}" + ("  *" if c.significant else "")
        for setting, c in points
    ]
    for offset, name, colour, ests in (
        (-0.15, f"A: {comparison.a.name}", lab_plots.BLUE, [c.a for _s, c in points]),
        (0.15, f"B: {comparison.b.name}", lab_plots.ORANGE, [c.b for _s, c in points]),
    ):
        ax.errorbar([scale * e.value for e in ests], [i + offset for i in range(len(ests))],
                    xerr=lab_plots._errors(ests, scale), fmt="o", capsize=3, color=colour,
                    label=name)  # fmt: skip
    lab_plots._settings_axis(ax, labels)
    if share:
        ax.set_xlim(-2, 102)
    ax.set_title(rows[0].measure.said() + (" (%)" if share else ""))
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))  # beside the panel: hides no point
    fig.tight_layout()
    return lab_plots._uri(fig)


def table_html(comparison: Comparison) -> str:
    """The comparison as one table: a row per measure, setting and line-up."""
    head = [_("setting"), _("measure"), _("line-up"), _("A (95% interval)"),
            _("B (95% interval)"), _("B - A (95% interval)"), _("p (Holm)"), _("significant"),
            _("rules or bots?")]  # fmt: skip
    out = ["<div class='wrap'><table><tr>", *(f"<th>{_e(h)}</th>" for h in head), "</tr>"]
    for row in comparison.rows:
        for k, c in enumerate(row.by_lineup):
            sig = " sig" if c.significant else ""
            answer = _("yes") if c.significant else _("no")
            verdict = ""
            if k == 0:
                tone = VERDICT_CLASS.get(row.verdict, "none")
                verdict = f"<span class='verdict {tone}'>{_e(verdict_word(row.verdict))}</span>"
            kind = row.measure.kind
            share = kind == "share"
            digits = 1 if share else 2
            out.append(
                f"<tr class='{'first' if k == 0 else ''}'>"
                f"<td>{_e(say_label(row.setting)) if k == 0 else ''}</td>"
                f"<td>{_e(row.measure.said()) if k == 0 else ''}</td><td>{_e(c.lineup)}</td>"
                f"<td class='n'>{est(c.a, percent=share, digits=digits)}</td>"
                f"<td class='n'>{est(c.b, percent=share, digits=digits)}</td>"
                f"<td class='n{sig}'>{_e(diff_text(kind, c.diff))}</td>"
                f"<td class='n{sig}'>{_e(p_text(c.p_holm))}</td>"
                f"<td class='{sig}'>{_e(answer)}</td>"
                f"<td>{verdict}</td></tr>"
            )
    out.append("</table></div>")
    return "".join(out)


def render_compare(
    comparison: Comparison, *, command: str, speed: str, with_plots: bool = True
) -> str:
    """The comparison page (self-contained, as the lab's report)."""
    a, b = comparison.a, comparison.b
    significant = comparison.significant()
    title = _("Roost lab: {title}, two variants").format(title=comparison.title)
    heading = _("{title}: {a} (A) vs {b} (B)").format(
        title=_e(comparison.title), a=_e(a.name), b=_e(b.name)
    )
    differ = _(
        "{significant} of {n} measures differ significantly under at least one line-up. A "
        "difference is <b>from the rules</b> where every line-up finds it the same way (or none "
        "contradicts it), and <b>depends on the bots</b> where line-ups disagree."
    ).format(significant=len(significant), n=len(comparison.rows))
    parts = [
        f"<!doctype html><html lang='{html_language()}'><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        f"<title>{_e(title)}</title>",
        f"<style>{CSS}{EXTRA_CSS}</style></head><body>",
        "<header class='hero'><div class='in'><div class='kicker'>"
        "" + _e(_("Roost balance lab: variants side by side")) + "</div>",
        f"<h1>{heading}</h1>",
        f"<p class='meta'>{_e(speed)}<br><code>{_e(command)}</code></p></div></header><main>",
        "<h2>" + _e(_("The variants")) + "</h2><ul>",
        *(
            f"<li><b>{letter}: {_e(v.name)}</b> (<code>{_e(v.path)}</code>): "
            + (
                ", ".join(f"<code>{_e(k)}={_e(x)}</code>" for k, x in v.params)
                or _e(_("the defaults"))
            )
            + (_("; players {players}").format(players=_e(v.players)) if v.players else "")
            + f" &middot; <a href='{letter.lower()}/report.html'>"
            + _e(_("its own report"))
            + "</a>"
            "</li>"
            for letter, v in (("A", a), ("B", b))
        ),
        "</ul>",
        "<h2>" + _e(_("Differences")) + f"</h2>"
        f"<p class='lead'>{_e(method_text(comparison))} {differ}</p>",
        table_html(comparison),
    ]
    if with_plots and lab_plots.matplotlib_available():
        parts.append("<h2>" + _e(_("Per measure")) + "</h2>")
        by_measure: dict[str, list[Row]] = {}
        for row in comparison.rows:
            by_measure.setdefault(row.measure.key, []).append(row)
        for rows in by_measure.values():
            uri = measure_plot(comparison, rows)
            if uri:
                label = _e(rows[0].measure.said())
                caption = _e(_("95% intervals; * a significant difference (Holm)"))
                parts.append(
                    f"<h3>{label}</h3><figure><img src='{uri}' alt='{label}'>"
                    f"<figcaption>{caption}</figcaption></figure>"
                )
    parts.append("</main></body></html>")
    return "\n".join(parts)


def write_compare(
    comparison: Comparison,
    runs: tuple[LabRun, LabRun],
    out: Path,
    command: str,
    with_plots: bool = True,
) -> Path:
    """Write both variants' lab outputs (``a/``, ``b/``) and the comparison; its page's path."""
    check_writable(out)
    for run, folder in zip(runs, ("a", "b"), strict=True):
        write_lab(run, out / folder, command, with_plots=with_plots)
    games = sum(len(run.records) for run in runs)
    seconds = sum(run.seconds for run in runs)
    speed = _("{games} games in {seconds} s (both variants)").format(
        games=games, seconds=format_fixed(seconds, 1)
    )
    write_json(
        out / "compare.json",
        {**comparison.to_json(), "run": {"games": games, "seconds": round(seconds, 3)}},
    )
    page = out / "compare.html"
    page.write_text(
        render_compare(comparison, command=command, speed=speed, with_plots=with_plots),
        encoding="utf-8",
    )
    return page
