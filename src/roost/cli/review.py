"""`roost review SAVED.json [--seat N]`: where a game turned, for one seat, in the terminal.

It reads a game saved by `roost play` (``q`` or ``save``), a server replay's export (the JSON of
``GET /api/tables/{id}/replay``) or a bare state (``State.to_json()``: game, params, history),
reviews the seat's decisions with `roost.coach.review` (the hard bot's search from the seat's
own information) and prints, per decision, the move chosen and the best move with the seat's
chances after each, the loss and its mark, under a line of the chances over the game.

Which seat, when ``--seat`` is not given: the person's seat of a terminal game (the first if
several people played), the viewer's seat of a replay exported from a seat's view; any other
file needs ``--seat``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from rich.console import Console
from rich.progress import Progress
from rich.table import Table
from rich.text import Text

from roost.cli.names import SeatNames
from roost.cli.play import HUMAN, SAVE_FORMAT, _seats_in
from roost.coach.review import (
    THRESHOLDS,
    MoveEstimate,
    ReviewSettings,
    SeatReview,
    review_seat,
)
from roost.core.errors import RoostError
from roost.core.registry import load_state
from roost.core.state import State
from roost.i18n import N_, SOURCE_LANGUAGE, current_language, ngettext, say
from roost.i18n import gettext as _
from roost.i18n.refusals import in_our_language
from roost.i18n.said import message_or_none

SPARKS: Final = "▁▂▃▄▅▆▇█"
MARK_STYLE: Final = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}
MARK_SIGN: Final = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
_MARKS: Final = {"inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}
_MEASURES: Final = {"win chance": N_("win chance"), "expected result": N_("expected result")}
"""The review's measure (`roost.coach.review.measure_of`), a word to translate where shown."""


@dataclass(frozen=True)
class Reviewed:
    """A game read for review: the state at its end, the seat's name list, who played where."""

    state: State
    names: tuple[str, ...]
    seat: int | None
    """The seat the file says is the reader's (None: the file does not say)."""
    source: str
    """What kind of file it was, in words."""


def read_game(path: Path) -> Reviewed:
    """Read any of the three kinds of file (a clear `RoostError` for anything wrong)."""
    where = f"{str(path)!r}"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RoostError(_("there is no file {path}").format(path=where)) from None
    except IsADirectoryError:
        raise RoostError(_("{path} is a folder; give a saved game").format(path=where)) from None
    except (OSError, UnicodeDecodeError) as error:
        raise RoostError(_("cannot read {path}: {error}").format(path=where, error=error)) from None
    try:
        data = json.loads(text)
    except ValueError:
        raise RoostError(_("{path} is not a saved game (not JSON)").format(path=where)) from None
    if not isinstance(data, dict):
        raise RoostError(_("{path} is not a saved game").format(path=where))
    names: list[str] = []
    seat: int | None = None
    if data.get("format") == SAVE_FORMAT:
        source = N_("a game saved by roost play")
        saved = data.get("state")
        seats, given = data.get("seats"), data.get("names")
        if isinstance(seats, list):
            people = [i for i, kind in enumerate(seats) if kind == HUMAN]
            seat = people[0] if people else None
        if isinstance(given, list) and all(isinstance(n, str) for n in given):
            names = list(given)
    elif isinstance(data.get("table"), dict) and "history" in data:
        source = N_("a server replay")
        table: dict[str, Any] = data["table"]
        saved = {"game": table.get("game"), "params": table.get("params", {}),
                 "history": data.get("history")}  # fmt: skip
        viewer = data.get("viewer")
        if type(viewer) is int:
            seat = viewer
        seats_info = table.get("seats")
        if isinstance(seats_info, list):
            names = [str(s.get("name") or f"P{i}") if isinstance(s, dict) else f"P{i}"
                     for i, s in enumerate(seats_info)]  # fmt: skip
    elif "game" in data and "history" in data:
        source = N_("a saved state")
        saved = data
    else:
        raise RoostError(
            _(
                "{path} is not a saved game: give a file of roost play (q or save), a server "
                "replay's JSON, or a state's to_json()"
            ).format(path=where)
        )
    try:
        state = load_state(saved)  # type: ignore[arg-type]
    except RoostError as error:
        raise RoostError(
            _("{path} holds no game that can be replayed: {error}").format(
                path=where, error=in_our_language(str(error))
            )
        ) from None
    except (TypeError, ValueError, AttributeError, KeyError):
        raise RoostError(_("{path} is damaged (its game)").format(path=where)) from None
    n = state.game.num_players
    if len(names) != n:
        names = [f"P{i}" for i in range(n)]
    return Reviewed(state, tuple(names), seat, source)


def choose_seat(reviewed: Reviewed, seat: int | None) -> int:
    n = reviewed.state.game.num_players
    if seat is None:
        seat = reviewed.seat
        if seat is None:
            raise RoostError(
                _(
                    "the file ({source}) does not say whose game it was: name the seat to "
                    "review with --seat 0..{last}"
                ).format(source=_(reviewed.source), last=n - 1)
            )
    if not 0 <= seat < n:
        raise RoostError(
            _("--seat: this game has seats 0 to {last}; got {seat}").format(last=n - 1, seat=seat)
        )
    return seat


def sparkline(values: list[float]) -> str:
    """The values (in [0, 1]) as a line of block characters."""
    top = len(SPARKS) - 1
    return "".join(SPARKS[min(top, max(0, round(v * top)))] for v in values)


def percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def show_review(console: Console, review: SeatReview, names: tuple[str, ...], title: str) -> None:
    """Print a seat's review: the line of chances, the decisions, the summary."""
    said = SeatNames(names, review.seat)
    who = said.seat(review.seat)
    known = _MEASURES.get(review.measure)
    measure = _(known) if known else review.measure
    settings = review.settings
    heading = _("Review of {name} (seat {seat}) in {title}").format(
        name=names[review.seat], seat=review.seat, title=title
    )
    console.print(
        Text.assemble(
            (heading, "bold"),
            ": ",
            _(
                "{n} decisions with a choice; the hard bot's search, {iterations} iterations a "
                "decision, from this seat's information only."
            ).format(n=len(review.decisions), iterations=settings.iterations),
        ),
        soft_wrap=True,
    )
    if not review.decisions:
        console.print(
            Text(_("{name} had no decision with a real choice to review.").format(name=who))
        )
        return
    values = [d.chosen.value for d in review.decisions]
    line = (
        _("{measure} after each of your moves:")
        if review.seat == said.viewer
        else _("{measure} after each of {name}'s moves:")
    ).format(measure=measure.capitalize(), name=said.seat(review.seat))
    console.print(
        Text.assemble(
            (line + " ", "dim"),
            (sparkline(values), "cyan"),
            (f"  {percent(values[0])} -> {percent(values[-1])}", "dim"),
        )
    )
    table = Table(show_edge=False, pad_edge=False)
    for column, justify in (
        ("#", "right"),
        (_("step"), "right"),
        (_("move played"), "left"),
        (measure, "right"),
        (_("best move"), "left"),
        (_("best"), "right"),
        (_("loss"), "right"),
        ("", "left"),
    ):
        table.add_column(column, justify=justify, overflow="fold")  # type: ignore[arg-type]
    for number, decision in enumerate(review.decisions, 1):
        mark = decision.mark
        same = decision.chosen.action == decision.best.action
        table.add_row(
            str(number),
            str(decision.version),
            Text(_move(said, decision.chosen)),
            percent(decision.chosen.value),
            Text(
                _("(the same)") if same else _move(said, decision.best),
                style="dim" if same else "",
            ),
            percent(decision.best.value),
            "" if same else f"{100 * decision.loss:.1f}",
            Text(f"{MARK_SIGN[mark]} {_(_MARKS[mark])}", style=MARK_STYLE[mark])
            if mark
            else Text(""),
        )
    console.print(table)
    counts = review.counts()
    words = ", ".join(_count(name, counts[name]) for name, _value in THRESHOLDS)
    loss = f"{100 * review.average_loss():.1f}"
    console.print(
        Text(
            _("Summary: {counts}; average loss {loss} points of {measure}.").format(
                counts=words, loss=loss, measure=measure
            )
        ),
        soft_wrap=True,
    )
    limits = ", ".join(
        _("{mark} from {points}").format(mark=_(_MARKS[name]), points=f"{100 * value:.0f}")
        for name, value in THRESHOLDS
    )
    console.print(
        Text(
            _(
                "Marks: a loss of {measure} in points ({limits}), when it is larger than the "
                "search's noise at this budget (the 'noise' of --json)."
            ).format(measure=measure, limits=limits),
            style="dim",
        ),
        soft_wrap=True,
    )


def _move(said: SeatNames, estimate: MoveEstimate) -> str:
    """A move of the review in the reader's language: its message (`MoveEstimate.msg`) said
    with the catalogue, the seats by their names. English, and a review without messages (a
    JSON written before they were kept), show the engine's text as it is."""
    if current_language() != SOURCE_LANGUAGE and estimate.msg is not None:
        message = message_or_none(estimate.msg)
        if message is not None:
            return _seats_in(said, say(message))
    return said.say(estimate.text)


def _count(mark: str, n: int) -> str:
    """ "2 mistakes", in the reader's language."""
    if mark == "inaccuracy":
        return ngettext("{n} inaccuracy", "{n} inaccuracies", n).format(n=n)
    if mark == "mistake":
        return ngettext("{n} mistake", "{n} mistakes", n).format(n=n)
    return ngettext("{n} blunder", "{n} blunders", n).format(n=n)


def run_review(
    console: Console,
    path: Path,
    seat: int | None,
    *,
    iterations: int,
    seed: int,
    jobs: int,
    json_out: Path | None,
    progress: Progress,
) -> SeatReview:
    """The command: read, check, review (with a progress bar), print, and write the JSON."""
    if not 1 <= jobs <= 64:
        raise RoostError(_("--jobs takes 1 to 64 processes; got {jobs}").format(jobs=jobs))
    settings = ReviewSettings.for_budget(iterations, seed)
    reviewed = read_game(path)
    chosen = choose_seat(reviewed, seat)
    game = reviewed.state.game
    history = reviewed.state.history()
    with progress:
        task = progress.add_task(_("Reviewing seat {seat}").format(seat=chosen), total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        review = review_seat(game, history, chosen, settings, progress=advance, jobs=jobs)
    players = ngettext("{n} player", "{n} players", game.num_players).format(n=game.num_players)
    stopped = _(", stopped at step {step}").format(step=len(history))
    ended = "" if reviewed.state.is_terminal() else stopped
    show_review(console, review, reviewed.names, f"{game.title}, {players}{ended}")
    if json_out is not None:
        try:
            json_out.write_text(json.dumps(review.to_json(), indent=1) + "\n", encoding="utf-8")
        except OSError as error:
            raise RoostError(
                _("--json: the review could not be written: {error}").format(error=error)
            ) from None
        console.print(Text(_("The review is written to {path}.").format(path=json_out)))
    return review
