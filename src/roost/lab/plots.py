"""The report's plots, drawn with matplotlib (the ``lab`` extra) as base64 PNG for embedding.

Every figure has the report's width and one look (palette, fonts, light grid), so the page
reads as one document rather than a pile of charts. Settings (player counts, swept values) are
always on the vertical axis: their labels can be long, and a designer scans them top to
bottom like the tables beside them. Every estimate is drawn with its 95% interval.

Each function returns a ``data:`` URI, or None when there is nothing to draw.
"""

from __future__ import annotations

import base64
import io
import textwrap
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from roost.core.errors import RoostError
from roost.i18n import card_name, ngettext
from roost.i18n import gettext as _
from roost.lab.stats import FLAGGED, Estimate

if TYPE_CHECKING:
    from roost.lab.summary import LabSummary, MainSummary

INSTALL = ".venv/bin/pip install -e '.[lab]'   (or: pip install matplotlib)"

WIDTH = 10.0
"""Inches; at `DPI` the PNG is 1200 pixels wide, shown at the report's 1000."""
DPI = 120
INK = "#1d2433"
MUTED = "#8a8f98"
BLUE = "#3b6ea8"
ORANGE = "#e8833a"
RED = "#d1495b"
GREEN = "#4f9d69"
PALETTE = (BLUE, ORANGE, GREEN, RED, "#7b5ea7", "#c9a227", "#3a9ca8", "#a8553b")


def matplotlib_available() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def require_matplotlib() -> None:
    if not matplotlib_available():
        raise RoostError(
            _("roost lab draws its plots with matplotlib: {install}; or --no-plots").format(
                install=INSTALL
            )
        )


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update(
        {
            "figure.dpi": DPI,
            "savefig.dpi": DPI,
            "font.size": 9.5,
            "axes.titlesize": 10,
            "axes.titleweight": "bold",
            "axes.titlelocation": "left",
            "axes.labelcolor": INK,
            "axes.edgecolor": "#c9ccd2",
            "axes.spines.top": False,
            "axes.spines.right": False,
            "axes.grid": True,
            "axes.axisbelow": True,
            "grid.color": "#e6e8ec",
            "grid.linewidth": 0.8,
            "xtick.color": INK,
            "ytick.color": INK,
            "legend.frameon": False,
            "legend.fontsize": 8.5,
            "axes.prop_cycle": plt.cycler(color=list(PALETTE)),
        }
    )
    return plt


def _uri(fig: Any) -> str:
    plt = _pyplot()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", metadata={"Software": None}, bbox_inches="tight")
    plt.close(fig)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def _errors(estimates: Sequence[Estimate], scale: float = 1.0) -> list[list[float]]:
    return [
        [scale * max(0.0, e.value - e.low) for e in estimates],
        [scale * max(0.0, e.high - e.value) for e in estimates],
    ]


def _players(n: int) -> str:
    """ "4 players" in the reader's language (a panel's title, a line's legend)."""
    return ngettext("{n} player", "{n} players", n).format(n=n)


def _title(ax: Any, text: str, columns: int, fontsize: float = 10.0) -> None:
    """A panel's title wrapped to its panel's width, so titles of neighbouring panels (long
    sweep labels, the game's measures) never run into each other."""
    chars = max(18, int(100 / columns * 10 / fontsize))
    ax.set_title("\n".join(textwrap.wrap(text, chars)), fontsize=fontsize)


def _grid(count: int, per_row: int = 3) -> tuple[int, int]:
    cols = min(per_row, count)
    return (count + cols - 1) // cols, cols


def _rows_height(count: int) -> float:
    """A panel's height for `count` settings down its side."""
    return 0.32 * count + 0.9


def _settings_axis(ax: Any, labels: Sequence[str], show: bool = True) -> None:
    """Settings down the side, first at the top (panels share rows without sharing axes, so
    hiding one panel's labels leaves the others')."""
    ax.set_yticks(range(len(labels)), labels)
    ax.tick_params(axis="y", labelleft=show)
    ax.set_ylim(len(labels) - 0.5, -0.5)
    ax.grid(axis="y", visible=False)


def _legend_above(fig: Any, ax: Any, columns: int = 6) -> None:
    """The figure's legend in one row above the panels, where it hides no point."""
    handles, names = ax.get_legend_handles_labels()
    fig.legend(handles, names, loc="upper left", ncols=min(columns, len(names)),
               bbox_to_anchor=(0.0, 1.0))  # fmt: skip


def seat_bars(mains: Sequence[MainSummary]) -> str | None:
    """Win rate per seat with 95% intervals, one panel per setting, the fair rate dashed; a
    seat whose interval misses the fair rate is drawn in colour."""
    if not mains:
        return None
    plt = _pyplot()
    rows, cols = _grid(len(mains))
    fig, axes = plt.subplots(
        rows, cols, figsize=(WIDTH, 2.3 * rows + 0.3), squeeze=False, sharey=True
    )
    for ax in axes.flat[len(mains) :]:
        ax.set_visible(False)
    for ax, m in zip(axes.flat, mains, strict=False):
        seats = list(range(len(m.seat_win)))
        colours = [
            (BLUE if e.value > m.fair else RED) if m.seat_flag(s) == FLAGGED else MUTED
            for s, e in enumerate(m.seat_win)
        ]
        ax.bar(
            seats,
            [100 * e.value for e in m.seat_win],
            yerr=_errors(m.seat_win, 100),
            capsize=3,
            color=colours,
            width=0.65,
            error_kw={"elinewidth": 1, "ecolor": INK},
        )
        ax.axhline(100 * m.fair, color=INK, linestyle="--", linewidth=1)
        ax.set_xticks(seats, [f"P{s}" for s in seats])
        _title(ax, m.setting.said(), cols)
        ax.grid(axis="x", visible=False)
    for row in axes:
        row[0].set_ylabel(_("win %"))
    fig.suptitle(
        _(
            "dashed: the fair rate · blue / red: above / below it beyond chance (Holm-corrected "
            "over every seat) · grey: within chance, or too few games"
        ),
        fontsize=8.5,
        color=MUTED,
        x=0.01,
        ha="left",
    )
    fig.tight_layout()
    return _uri(fig)


def _hbox(ax: Any, mains: Sequence[MainSummary], get: Callable[[Any], Any]) -> None:
    stats = []
    for m in mains:
        dist = get(m)
        stats.append(
            {
                "med": dist.median,
                "q1": dist.p25,
                "q3": dist.p75,
                "whislo": dist.p10,
                "whishi": dist.p90,
                "mean": dist.mean.value,
            }
        )
    ax.bxp(
        stats,
        positions=range(len(mains)),
        orientation="horizontal",
        showfliers=False,
        showmeans=True,
        patch_artist=True,
        widths=0.55,
        boxprops={"facecolor": "#cfe0f1", "edgecolor": BLUE},
        medianprops={"color": BLUE, "linewidth": 2},
        whiskerprops={"color": BLUE},
        capprops={"color": BLUE},
        meanprops={"marker": "D", "markerfacecolor": ORANGE, "markeredgecolor": "white"},
    )


def length_boxes(mains: Sequence[MainSummary]) -> str | None:
    """Decisions, turns and table time per game, per setting: boxes 25-75%, whiskers 10-90%,
    the median a line and the mean a diamond."""
    if not mains:
        return None
    plt = _pyplot()
    fig, axes = plt.subplots(1, 3, figsize=(WIDTH, _rows_height(len(mains)) + 0.4))
    labels = [m.setting.said() for m in mains]
    panels: list[tuple[str, Callable[[Any], Any]]] = [
        (_("decisions per game"), lambda m: m.decisions),
        (_("turns per game"), lambda m: m.turns),
        (_("estimated table time (minutes)"), lambda m: m.minutes),
    ]
    for k, (ax, (title, get)) in enumerate(zip(axes, panels, strict=True)):
        _hbox(ax, mains, get)
        _settings_axis(ax, labels, show=k == 0)
        ax.set_title(title)
    fig.tight_layout()
    return _uri(fig)


HIST_LINES = 6
"""Outlines one panel of the table-time histogram holds before it splits by player count."""


def minutes_hist(mains: Sequence[MainSummary]) -> str | None:
    """The shape of the table-time distribution, one outline per setting: one panel for a few
    settings, else a panel per player count (every setting is drawn; none is dropped)."""
    if not mains:
        return None
    plt = _pyplot()
    groups: list[tuple[str, list[MainSummary]]] = [("", list(mains))]
    if len(mains) > HIST_LINES:
        counts = list(dict.fromkeys(m.setting.players for m in mains))
        groups = [(_players(n), [m for m in mains if m.setting.players == n]) for n in counts]
    rows, cols = _grid(len(groups), 2)
    height = 3.0 if len(groups) == 1 else 2.6
    fig, axes = plt.subplots(rows, cols, figsize=(WIDTH, height * rows), squeeze=False, sharex=True)
    for ax in axes.flat[len(groups) :]:
        ax.set_visible(False)
    top = max(m.minutes.p90 for m in mains) * 1.5 or 1.0
    bins = [top * i / 45 for i in range(46)]
    styles = ("-", "--", ":", "-.")
    for ax, (title, shown) in zip(axes.flat, groups, strict=False):
        for k, m in enumerate(shown):
            values = [min(v, top) for v in m.minutes.values]
            weights = [100 / len(values)] * len(values)
            swept = ", ".join(f"{key}={v}" for key, v in m.setting.swept)
            label = swept if title and swept else m.setting.said()
            ax.hist(values, bins=bins, weights=weights, histtype="step", linewidth=1.6,
                    label=label, color=PALETTE[k % len(PALETTE)],
                    linestyle=styles[(k // len(PALETTE)) % len(styles)])  # fmt: skip
        if title:
            _title(ax, title, cols)
        ax.set_ylabel(_("games (%)"))
        ax.set_xlim(0, top)
        ax.set_ylim(bottom=0)
        ax.tick_params(axis="x", labelbottom=True)
        if len(groups) == 1:  # beside the panel, where it hides no outline
            ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
    for ax in axes.flat[max(0, len(groups) - cols) : len(groups)]:
        ax.set_xlabel(_("estimated table time (minutes; the last bin holds all longer)"))
    if len(groups) > 1:  # the same swept values in every panel: one legend above them all
        longest = max(groups, key=lambda g: len(g[1]))[1]
        _legend_above(fig, axes.flat[groups.index(next(g for g in groups if g[1] is longest))])
        fig.tight_layout(rect=(0, 0, 1, 1 - 0.35 / (height * rows)))
    else:
        fig.tight_layout()
    return _uri(fig)


def skill_points(summary: LabSummary) -> str | None:
    """Order of each skill line-up per setting, with 95% intervals, between luck (0) and a
    stronger player who always wins (1)."""
    if not summary.skill:
        return None
    plt = _pyplot()
    labels = list(dict.fromkeys(s.setting.said() for s in summary.skill))
    lineups = list(dict.fromkeys(s.lineup.name for s in summary.skill))
    fig, ax = plt.subplots(figsize=(WIDTH, _rows_height(len(labels)) + 0.5))
    for k, name in enumerate(lineups):
        points = [s for s in summary.skill if s.lineup.name == name]
        offset = 0.18 * (k - (len(lineups) - 1) / 2)
        ys = [labels.index(s.setting.said()) + offset for s in points]
        ax.errorbar([s.order.value for s in points], ys, xerr=_errors([s.order for s in points]),
                    fmt="o", capsize=3, markersize=6, label=name)  # fmt: skip
    ax.axvline(0, color=INK, linewidth=1)
    ax.axvline(1, color=MUTED, linewidth=1, linestyle=":")
    _settings_axis(ax, labels)
    low = min(-0.1, min(s.order.low for s in summary.skill) - 0.05)
    ax.set_xlim(low, 1.08)
    ax.set_xlabel(_("Order = (win rate - fair) / (1 - fair):   0 pure luck,   1 the stronger wins"))
    _legend_above(fig, ax)
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.4 / (_rows_height(len(labels)) + 0.5)))
    return _uri(fig)


def drama(mains: Sequence[MainSummary]) -> str | None:
    """Lead changes per game, and how often the half-time leader wins against the fair rate
    (what a leader chosen at random would win)."""
    scored = [m for m in mains if m.lead_changes is not None and m.half_leader_wins is not None]
    if not scored:
        return None
    plt = _pyplot()
    fig, (left, right) = plt.subplots(1, 2, figsize=(WIDTH, _rows_height(len(scored)) + 0.6))
    labels = [m.setting.said() for m in scored]
    ys = list(range(len(scored)))
    changes = [m.lead_changes.mean for m in scored if m.lead_changes is not None]
    left.errorbar([e.value for e in changes], ys, xerr=_errors(changes), fmt="o", capsize=3,
                  color=BLUE)  # fmt: skip
    _settings_axis(left, labels)
    left.set_title(_("lead changes per game (mean)"))
    left.set_xlim(left=0)
    wins = [m.half_leader_wins for m in scored if m.half_leader_wins is not None]
    right.errorbar([100 * e.value for e in wins], ys, xerr=_errors(wins, 100), fmt="o",
                   capsize=3, color=ORANGE, label=_("the half-time leader wins"))  # fmt: skip
    right.plot([100 * m.fair for m in scored], ys, "|", color=INK, markersize=14,
               label=_("fair rate"))  # fmt: skip
    _settings_axis(right, labels, show=False)
    right.set_title(_("the half-time leader wins (%)"))
    right.set_xlim(0, 100)
    _legend_above(fig, right)
    fig.tight_layout(rect=(0, 0, 1, 0.93))
    return _uri(fig)


def card_impact(main: MainSummary, game: str, limit: int = 24, played: bool = True) -> str | None:
    """Win rate of a seat that held a card type at the start (left) or played it (right, unless
    `played` is False: see `GameMeasures.played_impact`), with its interval, against seats that
    did not (ring); a difference flagged beyond chance (Holm over the setting's card types) is
    drawn in orange."""
    cards = [c for c in main.cards if c.held.n and c.not_held.n]
    if not cards:
        return None
    cards.sort(key=lambda c: c.held.value - c.not_held.value, reverse=True)
    if len(cards) > limit:
        cards = cards[: limit // 2] + cards[-limit // 2 :]
    plt = _pyplot()
    height = 0.24 * len(cards) + 1.6
    fig, axes = plt.subplots(1, 2 if played else 1, figsize=(WIDTH if played else WIDTH * 0.6,
                             height), sharex=True, squeeze=False)  # fmt: skip
    ys = list(range(len(cards)))
    names = [card_name(game, c.name) for c in cards]
    panels = [
        (_("win % when held at the start"), [(c.held, c.not_held, c.held_flag) for c in cards])
    ]
    if played:
        panels.append(
            (_("win % when played"), [(c.played, c.not_played, c.played_flag) for c in cards])
        )
    for k, (ax, (title, rows)) in enumerate(zip(axes[0], panels, strict=True)):
        for flagged in (False, True):
            shown = [(y, yes) for y, (yes, _no, f) in zip(ys, rows, strict=True)
                     if yes.n and (f == FLAGGED) == flagged]  # fmt: skip
            if not shown:
                continue
            ax.errorbar([100 * e.value for _, e in shown], [y for y, _ in shown],
                        xerr=_errors([e for _, e in shown], 100), fmt="o", capsize=2,
                        color=ORANGE if flagged else BLUE, markersize=5,
                        label=_("with the card, beyond chance (Holm)") if flagged
                        else _("with the card (95% interval)"))  # fmt: skip
        ax.plot([100 * no.value if no.n else float("nan") for _yes, no, _f in rows], ys, "o",
                mfc="none", color=MUTED, label=_("without it"))  # fmt: skip
        ax.axvline(100 * main.fair, color=RED, linestyle="--", linewidth=1, label=_("fair rate"))
        ax.set_title(title)
        _settings_axis(ax, names, show=k == 0)
    handles: dict[str, Any] = {}
    for ax in axes[0]:
        for handle, name in zip(*ax.get_legend_handles_labels(), strict=True):
            handles.setdefault(name, handle)
    fig.legend(list(handles.values()), list(handles), loc="upper left", ncols=len(handles),
               bbox_to_anchor=(0.0, 1.0))  # fmt: skip
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.45 / height))
    return _uri(fig)


def extras_panels(mains: Sequence[MainSummary]) -> str | None:
    """Each of the game's own measures across settings, with intervals."""
    names = [e.name for e in mains[0].extras] if mains else []
    names = [n for n in names if any((x := m.extra(n)) and x.estimate.n for m in mains)]
    if not names:
        return None
    plt = _pyplot()
    rows, cols = _grid(len(names), 2)
    fig, axes = plt.subplots(
        rows, cols, figsize=(WIDTH, rows * (_rows_height(len(mains)) + 0.35)), squeeze=False
    )
    for ax in axes.flat[len(names) :]:
        ax.set_visible(False)
    labels = [m.setting.said() for m in mains]
    for k, (ax, name) in enumerate(zip(axes.flat, names, strict=False)):
        found = [(i, m.extra(name)) for i, m in enumerate(mains)]
        points = [(i, e) for i, e in found if e is not None and e.estimate.n]
        rate = points[0][1].kind == "rate"
        scale = 100.0 if rate else 1.0
        ests = [e.estimate for _, e in points]
        ax.errorbar([scale * e.value for e in ests], [i for i, _ in points],
                    xerr=_errors(ests, scale), fmt="o", capsize=3,
                    color=PALETTE[k % len(PALETTE)])  # fmt: skip
        _settings_axis(ax, labels)
        if rate:
            ax.set_xlim(-2, 102)
        else:
            ax.set_xlim(left=min(0.0, *(scale * e.low for e in ests)))
        _title(ax, _(points[0][1].label) + (" (%)" if rate else ""), cols, fontsize=9.5)
    fig.tight_layout()
    return _uri(fig)


def _extra_of(name: str) -> Callable[[MainSummary], Estimate | None]:
    def get(main: MainSummary) -> Estimate | None:
        found = main.extra(name)
        return found.estimate if found else None

    return get


def sweep_lines(summary: LabSummary) -> list[tuple[str, str]]:
    """For each swept parameter: key measures against its values, one line per player count
    (other swept parameters at their first value)."""
    plan = summary.plan
    mains = summary.primary
    keys = list(dict.fromkeys(k for s in plan.settings for k, _ in s.swept))
    out: list[tuple[str, str]] = []
    if not keys:
        return out
    plt = _pyplot()
    for key in keys:
        values = list(dict.fromkeys(v for s in plan.settings for k, v in s.swept if k == key))
        first = {k: v for s in plan.settings[:1] for k, v in s.swept if k != key}
        measures: list[tuple[str, float, Callable[[MainSummary], Estimate | None]]] = [
            (_("table time (minutes, mean)"), 1.0, lambda m: m.minutes.mean),
            (_("decisions per game (mean)"), 1.0, lambda m: m.decisions.mean),
            (_("first player wins (%)"), 100.0, lambda m: m.first_player_win),
        ]
        if any(m.no_winner.value > 0 for m in summary.primary):
            measures.append((_("games with no winner (%)"), 100.0, lambda m: m.no_winner))
        for extra in summary.primary[0].extras if summary.primary else ():
            measures.append(
                (
                    _(extra.label) + (" (%)" if extra.kind == "rate" else ""),
                    100.0 if extra.kind == "rate" else 1.0,
                    _extra_of(extra.name),
                )
            )
        # a measure with nothing to draw at any value (Last Egg catches under the 'auto' Last
        # Egg) would be an empty panel
        measures = [
            m for m in measures if any((e := m[2](main)) is not None and e.n for main in mains)
        ]
        rows, cols = _grid(len(measures), 3)
        fig, axes = plt.subplots(rows, cols, figsize=(WIDTH, 2.4 * rows + 0.4), squeeze=False)
        for ax in axes.flat[len(measures) :]:
            ax.set_visible(False)
        drawn = False
        for ax, (title, scale, get) in zip(axes.flat, measures, strict=False):
            for players in dict.fromkeys(s.players for s in plan.settings):
                xs: list[int] = []
                errs: list[Estimate] = []
                for x, value in enumerate(values):
                    wanted = {**first, key: value}
                    m = next(
                        (
                            m
                            for m in summary.primary
                            if m.setting.players == players and dict(m.setting.swept) == wanted
                        ),
                        None,
                    )
                    est = get(m) if m is not None else None
                    if est is None or not est.n:
                        continue
                    xs.append(x)
                    errs.append(est)
                if xs:
                    drawn = True
                    ax.errorbar(xs, [scale * e.value for e in errs], yerr=_errors(errs, scale),
                                marker="o", capsize=3, label=_players(players))  # fmt: skip
            ax.set_xticks(range(len(values)), values)
            ax.set_xlim(-0.4, len(values) - 0.6)
            # from 0, so that equal values look equal: a zoomed axis turns 0.2 points of noise
            # into a steep line; shares on a fixed 0-100% scale
            if scale == 100.0:
                ax.set_ylim(0, 100)
            else:
                ax.set_ylim(bottom=0)
            _title(ax, title, cols, fontsize=9)
            ax.grid(axis="x", visible=False)
        if not drawn:
            plt.close(fig)
            continue
        _legend_above(fig, axes.flat[0])
        fig.tight_layout(rect=(0, 0, 1, 1 - 0.45 / (2.4 * rows + 0.4)))
        out.append((key, _uri(fig)))
    return out
