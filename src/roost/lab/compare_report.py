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

from roost.lab import LabRun, write_lab
from roost.lab import plots as lab_plots
from roost.lab.compare import (
    FROM_BOTS,
    FROM_RULES,
    NOT_CONTRADICTED,
    Comparison,
    Row,
    diff_text,
    p_text,
)
from roost.lab.output import check_writable, write_json
from roost.lab.report import CSS, est

EXTRA_CSS = """
td.sig{font-weight:700} tr.first td{border-top:2px solid #d9d6cc}
.verdict.rules{color:#264b75}.verdict.bots{color:#8a4a0c}.verdict.none{color:#8a8f98}
"""
VERDICT_CLASS = {FROM_RULES: "rules", NOT_CONTRADICTED: "rules", FROM_BOTS: "bots"}


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
    labels = [f"{setting}, {c.lineup}" + ("  *" if c.significant else "") for setting, c in points]
    for offset, name, colour, ests in (
        (-0.15, f"A: {comparison.a.name}", lab_plots.BLUE, [c.a for _, c in points]),
        (0.15, f"B: {comparison.b.name}", lab_plots.ORANGE, [c.b for _, c in points]),
    ):
        ax.errorbar([scale * e.value for e in ests], [i + offset for i in range(len(ests))],
                    xerr=lab_plots._errors(ests, scale), fmt="o", capsize=3, color=colour,
                    label=name)  # fmt: skip
    lab_plots._settings_axis(ax, labels)
    if share:
        ax.set_xlim(-2, 102)
    ax.set_title(rows[0].measure.label + (" (%)" if share else ""))
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0))  # beside the panel: hides no point
    fig.tight_layout()
    return lab_plots._uri(fig)


def table_html(comparison: Comparison) -> str:
    """The comparison as one table: a row per measure, setting and line-up."""
    head = ["setting", "measure", "line-up", "A (95% interval)", "B (95% interval)",
            "B - A (95% interval)", "p (Holm)", "significant", "rules or bots?"]  # fmt: skip
    out = ["<div class='wrap'><table><tr>", *(f"<th>{_e(h)}</th>" for h in head), "</tr>"]
    for row in comparison.rows:
        for k, c in enumerate(row.by_lineup):
            sig = " sig" if c.significant else ""
            verdict = ""
            if k == 0:
                tone = VERDICT_CLASS.get(row.verdict, "none")
                verdict = f"<span class='verdict {tone}'>{_e(row.verdict)}</span>"
            kind = row.measure.kind
            share = kind == "share"
            digits = 1 if share else 2
            out.append(
                f"<tr class='{'first' if k == 0 else ''}'>"
                f"<td>{_e(row.setting) if k == 0 else ''}</td>"
                f"<td>{_e(row.measure.label) if k == 0 else ''}</td><td>{_e(c.lineup)}</td>"
                f"<td class='n'>{est(c.a, percent=share, digits=digits)}</td>"
                f"<td class='n'>{est(c.b, percent=share, digits=digits)}</td>"
                f"<td class='n{sig}'>{_e(diff_text(kind, c.diff))}</td>"
                f"<td class='n{sig}'>{_e(p_text(c.p_holm))}</td>"
                f"<td class='{sig}'>{'yes' if c.significant else 'no'}</td><td>{verdict}</td></tr>"
            )
    out.append("</table></div>")
    return "".join(out)


def render_compare(
    comparison: Comparison, *, command: str, speed: str, with_plots: bool = True
) -> str:
    """The comparison page (self-contained, as the lab's report)."""
    a, b = comparison.a, comparison.b
    significant = comparison.significant()
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        f"<title>Roost lab: {_e(comparison.title)}, two variants</title>",
        f"<style>{CSS}{EXTRA_CSS}</style></head><body>",
        "<header class='hero'><div class='in'><div class='kicker'>Roost balance lab: variants "
        "side by side</div>",
        f"<h1>{_e(comparison.title)}: {_e(a.name)} (A) vs {_e(b.name)} (B)</h1>",
        f"<p class='meta'>{_e(speed)}<br><code>{_e(command)}</code></p></div></header><main>",
        "<h2>The variants</h2><ul>",
        *(
            f"<li><b>{letter}: {_e(v.name)}</b> (<code>{_e(v.path)}</code>): "
            + (", ".join(f"<code>{_e(k)}={_e(x)}</code>" for k, x in v.params) or "the defaults")
            + (f"; players {_e(v.players)}" if v.players else "")
            + f" &middot; <a href='{letter.lower()}/report.html'>its own report</a></li>"
            for letter, v in (("A", a), ("B", b))
        ),
        "</ul>",
        f"<h2>Differences</h2><p class='lead'>{_e(comparison.method)} {len(significant)} of "
        f"{len(comparison.rows)} measures differ significantly under at least one line-up. "
        "A difference is <b>from the rules</b> where every line-up finds it the same way (or "
        "none contradicts it), and <b>depends on the bots</b> where line-ups disagree.</p>",
        table_html(comparison),
    ]
    if with_plots and lab_plots.matplotlib_available():
        parts.append("<h2>Per measure</h2>")
        by_measure: dict[str, list[Row]] = {}
        for row in comparison.rows:
            by_measure.setdefault(row.measure.key, []).append(row)
        for rows in by_measure.values():
            uri = measure_plot(comparison, rows)
            if uri:
                parts.append(
                    f"<h3>{_e(rows[0].measure.label)}</h3><figure><img src='{uri}' "
                    f"alt='{_e(rows[0].measure.label)}'><figcaption>95% intervals; * a "
                    "significant difference (Holm)</figcaption></figure>"
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
    speed = f"{games} games in {seconds:.1f} s (both variants)"
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
