"""The balance lab: many games with chosen bots and parameters, turned into measures with 95%
intervals, checks of the rulebook's claims, and a report a designer would rather look at than
read (``roost lab GAME``).

Modules: `plan` (settings and line-ups, checked up front), `play` (one game into one record),
`backends` (local process pool, Ray), `summary` (measures), `hooks` (what a game gives the lab),
`games/<folder>` (each game's own measures and claims), `claims`, `sentence` (the findings'
words, English in the files and said in the reader's language), `timing` (the table-time model),
`plots`, `report` (HTML), `output` (CSV and JSON).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from roost.i18n import format_fixed, ngettext
from roost.lab.backends import Backend, LocalBackend
from roost.lab.claims import ClaimResult, check_claims
from roost.lab.hooks import game_measures
from roost.lab.output import check_writable, write_json, write_records
from roost.lab.plan import LabPlan, build_plan
from roost.lab.record import LabRecord
from roost.lab.sequential import Sequential
from roost.lab.summary import LabSummary, summarise


@dataclass(frozen=True)
class LabRun:
    plan: LabPlan
    records: list[LabRecord]
    summary: LabSummary
    claims: list[ClaimResult]
    seconds: float
    backend: str
    workers: int
    sequential: Sequential | None = None
    """How the run was sized when it ran until its intervals were narrow (--until-width)."""

    @property
    def games_per_second(self) -> float:
        return len(self.records) / self.seconds if self.seconds > 0 else 0.0

    def speed(self) -> str:
        """How long the run took, in the reader's language (the report's header, the
        terminal's last lines)."""
        return ngettext(
            "{games} games in {seconds} s: {rate} games/s ({backend} backend, {n} worker)",
            "{games} games in {seconds} s: {rate} games/s ({backend} backend, {n} workers)",
            self.workers,
        ).format(
            games=len(self.records),
            seconds=format_fixed(self.seconds, 1),
            rate=format_fixed(self.games_per_second, 1),
            backend=self.backend,
            n=self.workers,
        )

    def to_json(self) -> dict[str, object]:
        return {
            "plan": self.plan.to_json(),
            "claims": [c.to_json() for c in self.claims],
            "main": [m.to_json() for m in self.summary.main],
            "skill": [s.to_json() for s in self.summary.skill],
            "sequential": self.sequential.to_json() if self.sequential else None,
            "run": {
                "games": len(self.records),
                "seconds": round(self.seconds, 3),
                "games_per_second": round(self.games_per_second, 2),
                "backend": self.backend,
                "workers": self.workers,
            },
        }


def run_lab(
    plan: LabPlan,
    backend: Backend | None = None,
    progress: Callable[[int], None] | None = None,
    finished: Callable[[int, float], None] | None = None,
) -> LabRun:
    """Play every game of the plan and measure them (no files written).

    `progress` is called with the number of games just finished (a progress bar's advance);
    `finished` with a setting's index and the seconds since the start once its every game (all
    line-ups) is in, so a run without a terminal can say one line per setting instead of
    nothing for minutes."""
    backend = backend or LocalBackend(1)
    start = time.perf_counter()
    expected = sum(lineup.games for lineup in plan.lineups)
    left = [expected] * len(plan.settings)

    def done(batch: list[LabRecord]) -> None:
        if progress:
            progress(len(batch))
        for record in batch:
            left[record.setting] -= 1
            if left[record.setting] == 0 and finished:
                finished(record.setting, time.perf_counter() - start)

    records = backend.run(plan.tasks(backend.workers()), done)
    seconds = time.perf_counter() - start
    records.sort(key=lambda r: (r.setting, r.lineup, r.index))
    summary = summarise(plan, records)
    lab = game_measures(plan.load(plan.settings[0]))
    claims = check_claims(lab.claims, summary)
    return LabRun(plan, records, summary, claims, seconds, backend.name, backend.workers())


def write_lab(run: LabRun, out: Path, command: str, with_plots: bool = True) -> Path:
    """Write the records, the summary and the report into `out`; the report's path."""
    from roost.lab.report import render

    check_writable(out)
    write_records(out, run.plan, run.records)
    write_json(out / "summary.json", run.to_json())
    report = out / "report.html"
    report.write_text(
        render(
            run.summary,
            run.claims,
            command=command,
            speed=run.speed(),
            with_plots=with_plots,
            sequential=run.sequential.describe() if run.sequential else "",
        ),
        encoding="utf-8",
    )
    return report


__all__ = ["LabPlan", "LabRun", "build_plan", "check_writable", "run_lab", "write_lab"]
