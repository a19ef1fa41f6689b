"""First-player compensation: ``roost lab GAME --compensate --players N``.

A game whose first player wins more than the fair rate can give the others something back: a
card, an egg, a point, a turn. Each such change is a game parameter whose default is the
rulebook's game (no compensation); a game's lab companion lists the candidates as a **ladder**,
mildest first (`roost.lab.hooks.Compensation`), and ``--candidate`` gives one's own.

**The search.** Every candidate (and the rulebook's game, "none", first) is played as an ordinary
lab run at the same player count, with the same main line-ups, games and seed (so the same deals
as far as the decks allow: common random numbers) and no skill line-ups. The size is fixed in
advance (``--games`` for the first line-up, ``--other-games`` for the others): no look at the
results decides how many games are played, so no interval is narrowed by stopping when it looked
good. For every candidate and line-up the report gives:

* the **first player's win rate** with its 95% Wilson interval, against the **fair rate** of that
  run (all wins over all seat-games: 1/n with one winner a game, less where games can end with
  none), and the edge, rate - fair, in percentage points;
* the p-value of a score test that the first player wins at the fair rate, **Holm-adjusted**
  over every candidate and line-up (`roost.lab.stats.holm`): "edge" where it is below 0.05;
* the **shift** against no compensation: the candidate's rate minus the rulebook's with
  Newcombe's hybrid score interval and the pooled z-test's p-value, Holm-adjusted over every
  candidate and line-up (`roost.lab.stats.newcombe`): how much the change moved the edge.

**The pick** is the first candidate up the ladder (the mildest) whose 95% interval contains the
fair rate under **every** line-up, each interval being at most ``--max-width`` wide (a wide
interval contains the fair rate out of ignorance: it says "too few games", never "fair"). The
unadjusted 95% interval is used on purpose: a correction would widen it and make "fair" easier
to reach, the wrong way for a claim of fairness. Where the rulebook's game already passes there
is nothing to compensate; where no candidate passes the report says **none found**, and which
way each one missed (still the first player's edge, or now the others').
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from roost.core.errors import RoostError
from roost.i18n import N_
from roost.lab.hooks import Compensation
from roost.lab.output import check_writable, write_json, write_records
from roost.lab.plan import parse_pairs
from roost.lab.stats import Estimate, holm, newcombe, proportion_p
from roost.lab.summary import LabSummary, MainSummary

if TYPE_CHECKING:
    from roost.lab import LabRun

NONE = Compensation("none", "no compensation (the rulebook)", ())
"""The rulebook's game: the first rung, against which every shift is measured."""
MAX_WIDTH = 0.10
"""The widest interval (10 percentage points) that may call a first player fair: an edge of a
few points (Egg Bound's 2-player one is about 3) hides inside a wider one."""

PICKED = N_("fair under every line-up")
TOO_FEW = N_("too few games")
FIRST_AHEAD = N_("the first player still ahead")
FIRST_BEHIND = N_("the first player now behind")
ALPHA = 0.05

Say = Callable[[str], str]
"""How a sentence is said: `str` keeps the English (the JSON), `roost.i18n.gettext` translates
it for the terminal."""


def parse_candidate(text: str, index: int) -> Compensation:
    """``--candidate "first_short=1;first_egg=false"``: parameters separated by ';' (a value may
    hold commas, as `copies` does); the label is the text itself."""
    parts = [part.strip() for part in text.split(";") if part.strip()]
    if not parts:
        raise RoostError(
            f"--candidate takes key=value parameters separated by ';' (e.g. first_short=1); "
            f"got {text!r}"
        )
    pairs = parse_pairs(parts, "--candidate")
    keys = [key for key, _ in pairs]
    if len(set(keys)) != len(keys):
        raise RoostError(f"--candidate {text!r} names a parameter twice")
    label = "; ".join(f"{k}={v}" for k, v in pairs)  # its own words: none to translate
    key = f"c{index}"  # a name of its own, outside the call pybabel reads for words
    return Compensation(key, label, tuple(pairs))


def check_candidates(
    candidates: Sequence[Compensation], given: Sequence[str], game: str
) -> list[Compensation]:
    """The ladder with the rulebook's game first; refused where it is empty, repeats a
    candidate, or a candidate sets a parameter also fixed by --param (whose value would win)."""
    if not candidates:
        raise RoostError(
            f"{game} lists no compensation of its own: give candidates with --candidate "
            "key=value (repeatable, mildest first)"
        )
    fixed = {key for key, _ in parse_pairs(list(given), "--param")}
    seen: set[tuple[tuple[str, str], ...]] = set()
    for candidate in candidates:
        if not candidate.params:
            raise RoostError(f"candidate {candidate.label!r} changes nothing")
        clash = fixed & {key for key, _ in candidate.params}
        if clash:
            raise RoostError(
                f"--param {sorted(clash)[0]} is also a candidate's parameter "
                f"({candidate.label}): leave it to the candidates"
            )
        key = tuple(sorted(candidate.params))
        if key in seen:
            raise RoostError(f"the candidate {candidate.label!r} is given twice")
        seen.add(key)
    return [NONE, *candidates]


@dataclass(frozen=True)
class Measured:
    """One candidate under one line-up."""

    lineup: str
    first: Estimate
    """The first player's win rate with its 95% Wilson interval."""
    fair: float
    wins: int
    p_fair: float = 1.0
    """Holm-adjusted p-value that the first player wins at the fair rate."""
    shift: tuple[float, float, float] | None = None
    """The rate minus the rulebook's, with its 95% Newcombe interval (None for "none")."""
    p_shift: float = 1.0
    """Holm-adjusted p-value that the shift is 0."""

    @property
    def edge(self) -> float:
        return self.first.value - self.fair

    @property
    def width(self) -> float:
        return self.first.high - self.first.low

    def status(self, max_width: float) -> str:
        """`PICKED` (the interval holds the fair rate and is narrow enough), `TOO_FEW`, or which
        side of fair the interval lies."""
        if self.first.n == 0 or self.width > max_width:
            return TOO_FEW
        if self.first.contains(self.fair):
            return PICKED
        return FIRST_AHEAD if self.first.low > self.fair else FIRST_BEHIND

    def to_json(self, max_width: float) -> dict[str, Any]:
        return {
            "lineup": self.lineup,
            "first_player_win_rate": self.first.to_json(),
            "first_player_wins": self.wins,
            "fair_rate": round(self.fair, 6),
            "edge": round(self.edge, 6),
            "p_fair_holm": round(self.p_fair, 6),
            "shift": None
            if self.shift is None
            else {
                "value": round(self.shift[0], 6),
                "low": round(self.shift[1], 6),
                "high": round(self.shift[2], 6),
            },
            "p_shift_holm": round(self.p_shift, 6),
            "status": self.status(max_width),
        }


@dataclass(frozen=True)
class Rung:
    """One candidate of the ladder, under every line-up."""

    candidate: Compensation
    by_lineup: tuple[Measured, ...]

    def passes(self, max_width: float) -> bool:
        return bool(self.by_lineup) and all(m.status(max_width) == PICKED for m in self.by_lineup)

    def verdict(self, max_width: float) -> str:
        statuses = [m.status(max_width) for m in self.by_lineup]
        if all(s == PICKED for s in statuses):
            return PICKED
        missed = [
            f"{m.lineup}: {s}" for m, s in zip(self.by_lineup, statuses, strict=True) if s != PICKED
        ]
        return "; ".join(missed)


@dataclass(frozen=True)
class Search:
    game: str
    title: str
    players: int
    rungs: tuple[Rung, ...]
    max_width: float
    games: tuple[tuple[str, int], ...]
    """(line-up, games per candidate)."""
    seed: int

    @property
    def baseline(self) -> Rung:
        return self.rungs[0]

    @property
    def edge_found(self) -> bool:
        """Whether the rulebook's game has a first-player edge beyond chance (Holm) under some
        line-up."""
        return any(m.p_fair < ALPHA for m in self.baseline.by_lineup)

    @property
    def pick(self) -> Rung | None:
        """The mildest candidate fair under every line-up (None: none found; the baseline
        itself when the rulebook's game already passes)."""
        return next((r for r in self.rungs if r.passes(self.max_width)), None)

    def conclusion(self, say: Say = str) -> str:
        """The answer in one paragraph (in English, the JSON's; with `say` a catalogue's
        gettext, the terminal's language)."""
        base = self.baseline
        width = f"{100 * self.max_width:g}"
        if base.passes(self.max_width):
            return say(
                N_(
                    "Nothing to compensate at {players} players: without a compensation the "
                    "first player's 95% interval holds the fair rate under every line-up (each "
                    "at most {width} points wide)."
                )
            ).format(players=self.players, width=width)
        pick = self.pick
        edge = say(
            N_("beyond chance (Holm)") if self.edge_found else N_("not beyond chance after Holm")
        )
        if pick is None:
            return say(
                N_(
                    "None found: no candidate brings the first player's 95% interval onto the "
                    "fair rate under every line-up at {players} players (at most {width} points "
                    "wide). The rulebook's first-player edge: {edges}, {edge}."
                )
            ).format(players=self.players, width=width, edges=_edges(base, say), edge=edge)
        return say(
            N_(
                "Pick: {label} ({params}), the mildest candidate whose 95% interval holds the "
                "fair rate under every line-up at {players} players: {edges}; without it "
                "{base} ({edge})."
            )
        ).format(
            label=label_of(pick.candidate, say),
            params=_params_text(pick.candidate, say),
            players=self.players,
            edges=_edges(pick, say),
            base=_edges(base, say),
            edge=edge,
        )

    def method(self, say: Say = str) -> str:
        """How the search reads its figures (`say` as in `conclusion`)."""
        sizes = ", ".join(f"{lineup} {games}" for lineup, games in self.games)
        return say(
            N_(
                "Games per candidate: {sizes} (seed {seed}, the same deals for every "
                "candidate). The first player's win rate with its 95% Wilson interval against "
                "the fair rate (all wins over seat-games); p: score test against fair, "
                "Holm-adjusted over all {tests} candidate x line-up tests; shift: against no "
                "compensation, Newcombe's interval, p Holm-adjusted alike. Pick: the mildest "
                "candidate whose interval holds the fair rate under every line-up, each "
                "interval at most {width} points wide."
            )
        ).format(sizes=sizes, seed=self.seed, tests=self.tests, width=f"{100 * self.max_width:g}")

    @property
    def tests(self) -> int:
        return sum(len(r.by_lineup) for r in self.rungs)

    def to_json(self) -> dict[str, Any]:
        pick = self.pick
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "games": dict(self.games),
            "max_width": self.max_width,
            "alpha": ALPHA,
            "correction": "holm",
            "method": self.method(),
            "edge_found": self.edge_found,
            "pick": None if pick is None else pick.candidate.key,
            "conclusion": self.conclusion(),
            "candidates": [
                {
                    "key": r.candidate.key,
                    "label": r.candidate.label,
                    "params": dict(r.candidate.params),
                    "passes": r.passes(self.max_width),
                    "verdict": r.verdict(self.max_width),
                    "by_lineup": [m.to_json(self.max_width) for m in r.by_lineup],
                }
                for r in self.rungs
            ],
        }


def label_of(candidate: Compensation, say: Say = str) -> str:
    """A candidate's words (a game's own are in the catalogue; one given on the command line is
    its parameters, said as they are)."""
    return say(candidate.label) if candidate.label else candidate.label


def _params_text(candidate: Compensation, say: Say = str) -> str:
    return ", ".join(f"--param {k}={v}" for k, v in candidate.params) or say(N_("the defaults"))


def _edges(rung: Rung, say: Say = str) -> str:
    return ", ".join(
        say(N_("{lineup} {rate} against a fair {fair}%")).format(
            lineup=m.lineup, rate=m.first.pct(), fair=f"{100 * m.fair:.1f}"
        )
        for m in rung.by_lineup
    )


def _first(main: MainSummary) -> tuple[Estimate, int]:
    e = main.first_player_win
    return e, round(e.value * e.n)


def search(
    candidates: Sequence[Compensation],
    summaries: Sequence[LabSummary],
    max_width: float = MAX_WIDTH,
) -> Search:
    """Judge the ladder (the rulebook's game first) from each candidate's lab summary (one
    player count, the same main line-ups in each); see the module docstring."""
    if len(candidates) != len(summaries) or not summaries:
        raise ValueError("one summary per candidate, the rulebook's game first")
    if not 0 < max_width <= 1 or math.isnan(max_width):
        raise RoostError(
            f"--max-width takes percentage points from 0 to 100; got {100 * max_width:g}"
        )
    plan = summaries[0].plan
    players = {s.players for summary in summaries for s in summary.plan.settings}
    if len(players) != 1:
        raise RoostError("--compensate searches one player count at a time: give --players N")
    base = {m.lineup.name: _first(m) for m in summaries[0].main}
    raw: list[tuple[Compensation, list[Measured]]] = []
    for candidate, summary in zip(candidates, summaries, strict=True):
        found: list[Measured] = []
        for m in summary.main:
            e, wins = _first(m)
            shift = None
            if candidate is not candidates[0] and m.lineup.name in base:
                b, b_wins = base[m.lineup.name]
                d = newcombe(b_wins, b.n, wins, e.n)
                shift = (d.value, d.low, d.high)
            found.append(Measured(m.lineup.name, e, m.fair, wins, shift=shift))
        raw.append((candidate, found))
    p_fair = iter(holm([proportion_p(x.wins, x.first.n, x.fair) for _, f in raw for x in f]))
    shifts: list[float] = []
    for _, found in raw:
        for x in found:
            if x.shift is not None:
                b, b_wins = base[x.lineup]
                shifts.append(newcombe(b_wins, b.n, x.wins, x.first.n).p)
    p_shift = iter(holm(shifts))
    rungs: list[Rung] = []
    for candidate, found in raw:
        done = []
        for x in found:
            adjusted = next(p_shift) if x.shift is not None else 1.0
            done.append(
                Measured(x.lineup, x.first, x.fair, x.wins, next(p_fair), x.shift, adjusted)
            )
        rungs.append(Rung(candidate, tuple(done)))
    games = tuple((lineup.name, lineup.games) for lineup in plan.main_lineups)
    return Search(plan.game, plan.title, players.pop(), tuple(rungs), max_width, games, plan.seed)


def write_compensation(found: Search, runs: Sequence[LabRun], out: Path, command: str) -> Path:
    """Write ``compensate.json`` (the search, every figure) and each candidate's records and
    summary in a folder of its own (``none/``, ``first_short=1/``, ...); the JSON's path."""
    check_writable(out)
    for rung, run in zip(found.rungs, runs, strict=True):
        folder = out / _folder(rung.candidate.key)
        check_writable(folder)
        write_records(folder, run.plan, run.records)
        write_json(folder / "summary.json", run.to_json())
    page = out / "compensate.json"
    write_json(page, {"command": command, **found.to_json()})
    return page


def _folder(key: str) -> str:
    """A candidate's key as a folder name (no path separators, no spaces)."""
    return "".join(c if c.isalnum() or c in "=-_.," else "_" for c in key) or "candidate"
