"""The report's plots, drawn with matplotlib (the ``lab`` extra) as base64 PNG for embedding.

Each function returns a ``data:`` URI, or None when there is nothing to draw.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from roost.core.errors import RoostError
from roost.lab.stats import Estimate

if TYPE_CHECKING:
    from roost.lab.summary import LabSummary, MainSummary

INSTALL = ".venv/bin/pip install -e '.[lab]'   (or: pip install matplotlib)"


def matplotlib_available() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def require_matplotlib() -> None:
    if not matplotlib_available():
        raise RoostError(f"roost lab draws its plots with matplotlib: {INSTALL}; or --no-plots")


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update(
        {
            "figure.dpi": 96,
            "font.size": 9,
            "axes.spines.top": False,
            "axes.spines.right": False,
            "axes.grid": True,
            "grid.alpha": 0.3,
        }
    )
    return plt


def _uri(fig: Any) -> str:
    plt = _pyplot()
    buffer = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buffer, format="png", metadata={"Software": None})
    plt.close(fig)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def _errors(estimates: Sequence[Estimate], scale: float = 1.0) -> list[list[float]]:
    return [
        [scale * max(0.0, e.value - e.low) for e in estimates],
        [scale * max(0.0, e.high - e.value) for e in estimates],
    ]


def _grid(count: int, per_row: int = 3) -> tuple[int, int]:
    cols = min(per_row, count)
    return (count + cols - 1) // cols, cols


def seat_bars(mains: Sequence[MainSummary]) -> str | None:
    """Win rate per seat with 95% intervals, one panel per setting, the fair rate dashed."""
    if not mains:
        return None
    plt = _pyplot()
    rows, cols = _grid(len(mains))
    fig, axes = plt.subplots(rows, cols, figsize=(3.4 * cols, 2.6 * rows), squeeze=False)
    for ax in axes.flat[len(mains) :]:
        ax.set_visible(False)
    for ax, m in zip(axes.flat, mains, strict=False):
        seats = list(range(len(m.seat_win)))
        values = [100 * e.value for e in m.seat_win]
        ax.bar(seats, values, yerr=_errors(m.seat_win, 100), capsize=3, color="#4c78a8")
        ax.axhline(100 * m.fair, color="#e45756", linestyle="--", linewidth=1, label="fair")
        ax.set_xticks(seats, [f"P{s}" for s in seats])
        ax.set_title(m.setting.label)
        ax.set_ylabel("win %")
    axes.flat[0].legend(loc="lower right", fontsize=8)
    return _uri(fig)


def minutes_boxes(mains: Sequence[MainSummary]) -> str | None:
    """Estimated table time per setting: boxes (quartiles), whiskers 10-90%, the mean as a
    diamond."""
    if not mains:
        return None
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(min(11.0, 1.0 * len(mains) + 2.5), 3.6))
    stats = [
        {
            "med": m.minutes.median,
            "q1": m.minutes.p25,
            "q3": m.minutes.p75,
            "whislo": m.minutes.p10,
            "whishi": m.minutes.p90,
            "mean": m.minutes.mean.value,
            "label": m.setting.label,
        }
        for m in mains
    ]
    ax.bxp(stats, showfliers=False, showmeans=True, patch_artist=True,
           boxprops={"facecolor": "#9ecae9"})  # fmt: skip
    ax.tick_params(axis="x", labelrotation=20)
    ax.set_ylabel("estimated table time (minutes)")
    ax.set_title("box 25-75%, whiskers 10-90%, triangle: mean", fontsize=8)
    return _uri(fig)


def minutes_hist(mains: Sequence[MainSummary]) -> str | None:
    """The distribution of table time, one outline per setting (at most eight)."""
    if not mains:
        return None
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7.5, 3.2))
    shown = mains[:8]
    top = max(m.minutes.p90 for m in shown) * 1.6 or 1.0
    bins = [top * i / 40 for i in range(41)]
    for m in shown:
        values = [min(v, top) for v in m.minutes.values]
        ax.hist(values, bins=bins, histtype="step", density=True, linewidth=1.4,
                label=m.setting.label)  # fmt: skip
    ax.set_xlabel("estimated table time (minutes; the last bin holds everything longer)")
    ax.set_ylabel("share of games")
    ax.legend(fontsize=8)
    return _uri(fig)


def skill_points(summary: LabSummary) -> str | None:
    """Order of each skill line-up per setting, with 95% intervals."""
    if not summary.skill:
        return None
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7.5, 3.2))
    labels = list(dict.fromkeys(s.setting.label for s in summary.skill))
    lineups = list(dict.fromkeys(s.lineup.name for s in summary.skill))
    for k, name in enumerate(lineups):
        points = [s for s in summary.skill if s.lineup.name == name]
        xs = [labels.index(s.setting.label) + 0.12 * (k - (len(lineups) - 1) / 2) for s in points]
        ax.errorbar(xs, [s.order.value for s in points], yerr=_errors([s.order for s in points]),
                    fmt="o", capsize=3, label=name)  # fmt: skip
    ax.axhline(0, color="grey", linewidth=1)
    ax.set_xticks(range(len(labels)), labels, rotation=20, ha="right")
    ax.set_ylabel("Order: (win - fair) / (1 - fair)")
    ax.legend(fontsize=8)
    return _uri(fig)


def drama(mains: Sequence[MainSummary]) -> str | None:
    """Lead changes per game and how often the half-time leader wins, per setting."""
    scored = [m for m in mains if m.lead_changes is not None and m.half_leader_wins is not None]
    if not scored:
        return None
    plt = _pyplot()
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 0.4 * len(scored) + 1.6))
    labels = [m.setting.label for m in scored]
    ys = list(range(len(scored)))
    changes = [m.lead_changes.mean for m in scored if m.lead_changes is not None]
    left.errorbar([e.value for e in changes], ys, xerr=_errors(changes), fmt="o", capsize=3)
    left.set_yticks(ys, labels)
    left.invert_yaxis()
    left.set_xlabel("lead changes per game")
    wins = [m.half_leader_wins for m in scored if m.half_leader_wins is not None]
    right.errorbar([100 * e.value for e in wins], ys, xerr=_errors(wins, 100), fmt="o",
                   capsize=3, color="#f58518")  # fmt: skip
    right.set_yticks(ys, [""] * len(ys))
    right.invert_yaxis()
    right.set_xlabel("the half-time leader wins (%)")
    return _uri(fig)


def card_impact(main: MainSummary, limit: int = 24) -> str | None:
    """Win rate when a card type was held at the start (dot) against not held (ring)."""
    cards = [c for c in main.cards if c.held.n and c.not_held.n]
    if not cards:
        return None
    cards.sort(key=lambda c: c.held.value - c.not_held.value, reverse=True)
    if len(cards) > limit:
        cards = cards[: limit // 2] + cards[-limit // 2 :]
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7.5, 0.26 * len(cards) + 1.2))
    ys = list(range(len(cards)))
    ax.errorbar([100 * c.held.value for c in cards], ys, xerr=_errors([c.held for c in cards], 100),
                fmt="o", capsize=2, label="held at the start")  # fmt: skip
    ax.plot([100 * c.not_held.value for c in cards], ys, "o", mfc="none", color="grey",
            label="not held")  # fmt: skip
    ax.axvline(100 * main.fair, color="#e45756", linestyle="--", linewidth=1, label="fair")
    ax.set_yticks(ys, [c.name for c in cards])
    ax.invert_yaxis()
    ax.set_xlabel(f"win % ({main.setting.label})")
    ax.legend(fontsize=8, loc="lower right")
    return _uri(fig)


def extras_panels(mains: Sequence[MainSummary]) -> str | None:
    """Each of the game's own measures across settings, with intervals."""
    names = [e.name for e in mains[0].extras] if mains else []
    names = [n for n in names if any((x := m.extra(n)) and x.estimate.n for m in mains)]
    if not names:
        return None
    plt = _pyplot()
    rows, cols = _grid(len(names), 2)
    fig, axes = plt.subplots(rows, cols, figsize=(4.6 * cols, 0.3 * len(mains) * rows + 1.4 * rows),
                             squeeze=False)  # fmt: skip
    for ax in axes.flat[len(names) :]:
        ax.set_visible(False)
    labels = [m.setting.label for m in mains]
    for ax, name in zip(axes.flat, names, strict=False):
        found = [(i, m.extra(name)) for i, m in enumerate(mains)]
        points = [(i, e) for i, e in found if e is not None and e.estimate.n]
        if not points:
            continue
        scale = 100.0 if points[0][1].kind == "rate" else 1.0
        ests = [e.estimate for _, e in points]
        ax.errorbar([scale * e.value for e in ests], [i for i, _ in points],
                    xerr=_errors(ests, scale), fmt="o", capsize=2)  # fmt: skip
        ax.set_yticks(range(len(labels)), labels, fontsize=7)
        ax.invert_yaxis()
        ax.set_title(points[0][1].label + (" (%)" if scale == 100 else ""), fontsize=9)
    return _uri(fig)


def sweep_lines(summary: LabSummary) -> list[tuple[str, str]]:
    """For each swept parameter: key measures against its values, one line per player count
    (other swept parameters at their first value)."""
    plan = summary.plan
    keys = list(dict.fromkeys(k for s in plan.settings for k, _ in s.swept))
    out: list[tuple[str, str]] = []
    plt = _pyplot()
    for key in keys:
        values = list(dict.fromkeys(v for s in plan.settings for k, v in s.swept if k == key))
        first = {k: v for s in plan.settings[:1] for k, v in s.swept if k != key}
        measures: list[tuple[str, Any]] = [
            ("table minutes (mean)", lambda m: (m.minutes.mean, 1.0)),
            ("first player win % ", lambda m: (m.first_player_win, 100.0)),
            ("games with no winner %", lambda m: (m.no_winner, 100.0)),
        ]
        for extra in summary.main[0].extras if summary.main else ():
            measures.append(
                (
                    extra.label + (" %" if extra.kind == "rate" else ""),
                    lambda m, n=extra.name, k=extra.kind: (
                        m.extra(n).estimate if m.extra(n) else None,
                        100.0 if k == "rate" else 1.0,
                    ),
                )
            )
        rows, cols = _grid(len(measures), 3)
        fig, axes = plt.subplots(rows, cols, figsize=(3.4 * cols, 2.5 * rows), squeeze=False)
        for ax in axes.flat[len(measures) :]:
            ax.set_visible(False)
        for ax, (title, get) in zip(axes.flat, measures, strict=False):
            for players in dict.fromkeys(s.players for s in plan.settings):
                xs, ys, errs = [], [], []
                for x, value in enumerate(values):
                    wanted = {**first, key: value}
                    m = next(
                        (
                            m
                            for m in summary.main
                            if m.setting.players == players and dict(m.setting.swept) == wanted
                        ),
                        None,
                    )
                    if m is None:
                        continue
                    est, scale = get(m)
                    if est is None or not est.n:
                        continue
                    xs.append(x)
                    ys.append(scale * est.value)
                    errs.append(est)
                if xs:
                    ax.errorbar(xs, ys, yerr=_errors(errs, 100.0 if "%" in title else 1.0),
                                marker="o", capsize=2, label=f"{players}p")  # fmt: skip
            ax.set_xticks(range(len(values)), values, fontsize=7)
            ax.set_title(title, fontsize=8)
        axes.flat[0].legend(fontsize=7)
        fig.suptitle(f"sweep of {key}")
        out.append((key, _uri(fig)))
    return out
