"""Reviews at the server: a background job per table and seat, computed in the bot workers,
with its progress, a cancel, and the result stored with the game.

A review (`roost.coach.review`) is cut into pieces of a few decisions (`CoachLimits.chunk`); a
job sends one piece at a time to the bot workers, so a hard bot's move waits at most one piece
(a few tenths of a second) behind a review, and at most `CoachLimits.reviews_at_once` reviews
run at once in a process (the others are ``queued``). Progress is stored after every piece, the
review itself when it is done. Each decision's search is seeded from the seat's information
and the review's own seed, so a review is the same whichever process computes it and however
it is cut (a review started twice, at two processes of a cluster, stores the same result).

Who may see or start the review of seat ``s`` (`check_access`):

* before the end of the game, only the player of ``s`` (the seat's token), and only at a table
  whose game is not rated: the review covers the decisions so far, from ``s``'s information
  only, like a hint of the past;
* once the game is over, whoever shows the seat's own view or the full deal: the player of ``s``
  (its token), a replay viewer of seat ``s`` (``viewer`` = ``s``), or a viewer of the full deal
  (``viewer`` = ``all``, any seat; after the end every card is public, see
  `roost.server.replays`). A spectator's view or another seat's view never shows it: it would
  tell them what ``s`` held.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from roost.coach.review import (
    DecisionReview,
    ReviewSettings,
    assemble,
    chunks,
    decision_points,
)
from roost.core.message import Message, message, plain
from roost.server.coach.rows import ReviewRecord, load_review, save_review
from roost.server.coach.work import review_chunk
from roost.server.config import CoachLimits
from roost.server.db import StorageError, Store
from roost.server.errors import ServerError
from roost.server.protocol import ReviewAnswer, Viewer
from roost.server.tables.bots import BotRunner
from roost.server.tables.table import Table

log = logging.getLogger("roost.server.coach")

STALE = 30.0
"""Seconds after which a stored ``queued`` or ``running`` review that no job of this process
runs is taken for one whose process stopped (it is reported ``stopped`` and may start again)."""
STOPPED = message("the server stopped before the review was done: start it again")
"""What a review whose worker stopped with the server says (stored, then said again)."""


def failed(error: str) -> Message:
    """What a review that failed says: the error's type only (its details are in the log)."""
    return message("the review failed: {error}", error=error)


def review_note(text: str) -> Message:
    """A review's stored note (English, in the row) as the message it was made from; an
    unknown note (an older server's) as its English."""
    if text == STOPPED.english():
        return STOPPED
    prefix = "the review failed: "
    if text.startswith(prefix):
        return failed(text[len(prefix) :])
    return plain(text)


def check_access(table: Table, seat: int, token_seat: int | None, viewer: Viewer | None) -> None:
    """Refuse (`ServerError`) a request for the review of `seat` that its asker may not see
    (see the module docstring)."""
    players = table.game.num_players
    if not 0 <= seat < players:
        raise ServerError(
            "bad_request", message("this table has seats 0 to {last}", last=players - 1), 400
        )
    if table.status == "over":
        if viewer == "all" or viewer == seat or token_seat == seat:
            return
        raise ServerError(
            "review_forbidden",
            message(
                "a seat's review is shown with that seat's own view or with the full deal "
                "(viewer 'all'), not with another view"
            ),
            403,
        )
    if token_seat != seat:
        raise ServerError(
            "review_forbidden",
            message(
                "before the end of the game only the seat's player (with its token) may review it"
            ),
            403,
        )
    if table.record.rated:
        raise ServerError(
            "review_forbidden", message("this game is rated: its review comes after the end"), 403
        )


@dataclass
class Job:
    """A review being computed by this process."""

    table_id: str
    seat: int
    upto: int
    settings: ReviewSettings
    status: str = "queued"
    done: int = 0
    total: int = 0
    cancelled: bool = False
    task: asyncio.Task[None] | None = field(default=None, repr=False)


class Reviews:
    """The reviews of one server process: jobs, their progress and the stored results."""

    def __init__(self, store: Store, bots: BotRunner, limits: CoachLimits) -> None:
        self.store = store
        self.bots = bots
        self.limits = limits
        self.jobs: dict[tuple[str, int], Job] = {}
        self._slots = asyncio.Semaphore(limits.reviews_at_once)
        self.closed = False

    def settings(self) -> ReviewSettings:
        return ReviewSettings.for_budget(self.limits.review_iterations)

    async def status(self, table: Table, seat: int) -> ReviewAnswer:
        """The review of `seat` as it is now (access already checked)."""
        job = self.jobs.get((table.id, seat))
        if job is not None and job.status in ("queued", "running", "cancelled"):
            return self._answer(table, seat, job.status, job.done, job.total, job.upto)
        record = await self.store.read(partial(load_review, table_id=table.id, seat=seat))
        if record is None:
            return self._answer(table, seat, "none", 0, 0, table.version)
        status = record.status
        note = record.message
        if status in ("queued", "running") and time.time() - record.updated_at > STALE:
            status = "stopped"
            note = STOPPED.english()
        return self._answer(
            table, seat, status, record.done, record.total, record.upto, record.review, note
        )

    async def start(self, table: Table, seat: int) -> ReviewAnswer:
        """Start the review of `seat` (access already checked), or answer the one that runs or
        is done for the table as it is now."""
        key = (table.id, seat)
        job = self.jobs.get(key)
        if job is not None and not job.cancelled:
            return await self.status(table, seat)
        if job is not None and job.task is not None:  # cancelled, winding down
            with contextlib.suppress(Exception):
                await job.task
        current = await self.status(table, seat)
        if current.status in ("done", "queued", "running") and current.upto == table.version:
            return current
        if key in self.jobs:  # another request started it meanwhile
            return await self.status(table, seat)
        if len(self.jobs) >= self.limits.queued_reviews:
            raise ServerError(
                "too_many_reviews", message("too many reviews are waiting; try later"), 429
            )
        if self.closed:
            raise ServerError("storage_failed", message("the server is stopping"), 503)
        history = [entry.action for entry in table.record.actions]
        job = Job(table.id, seat, len(history), self.settings())
        self.jobs[key] = job
        record = ReviewRecord(table.id, seat, "queued", 0, 0, job.upto, job.settings.to_json())
        try:
            await self.store.write(partial(save_review, record=record))
        except StorageError:
            del self.jobs[key]
            raise ServerError(
                "storage_failed", message("the review could not be stored"), 503
            ) from None
        job.task = asyncio.get_running_loop().create_task(self._run(table, job, history))
        return await self.status(table, seat)

    async def cancel(self, table: Table, seat: int) -> ReviewAnswer:
        """Stop the review of `seat` after the piece in the workers (access already checked)."""
        job = self.jobs.get((table.id, seat))
        if job is not None and not job.cancelled:
            job.cancelled = True
            job.status = "cancelled"
        return await self.status(table, seat)

    async def _run(self, table: Table, job: Job, history: list[int]) -> None:
        key = (job.table_id, job.seat)
        record = ReviewRecord(
            job.table_id, job.seat, "queued", 0, 0, job.upto, job.settings.to_json()
        )
        try:
            async with self._slots:
                if job.cancelled:
                    await self._save(record, "cancelled", job)
                    return
                game = table.game
                points = await asyncio.to_thread(decision_points, game, history, job.seat)
                job.total = len(points)
                job.status = "running"
                await self._save(record, "running", job)
                found: list[DecisionReview | None] = []
                pieces = chunks(game, history, job.seat, points, job.settings, self.limits.chunk)
                for piece in pieces:
                    if job.cancelled or self.closed:
                        break
                    part = await self.bots.run(review_chunk, piece)
                    found.extend(DecisionReview.from_json(r) if r else None for r in part)
                    job.done = len(found)
                    if job.done < job.total:
                        await self._save(record, "running", job)
                if job.cancelled or self.closed:
                    await self._save(record, "cancelled", job)
                    return
                review = assemble(game, job.seat, job.settings, found, job.upto)
                record.review = review.to_json()
                await self._save(record, "done", job)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            log.exception("table %s: the review of seat %s failed", job.table_id, job.seat)
            record.message = failed(type(error).__name__).english()
            with contextlib.suppress(Exception):
                await self._save(record, "failed", job)
        finally:
            if self.jobs.get(key) is job:
                del self.jobs[key]

    async def _save(self, record: ReviewRecord, status: str, job: Job) -> None:
        record.status = status
        record.done = job.done
        record.total = job.total
        job.status = status
        await self.store.write(partial(save_review, record=record))

    def _answer(
        self,
        table: Table,
        seat: int,
        status: str,
        done: int,
        total: int,
        upto: int,
        review: dict[str, Any] | None = None,
        note: str | None = None,
    ) -> ReviewAnswer:
        said = review_note(note) if note is not None else None
        return ReviewAnswer(
            table_id=table.id,
            seat=seat,
            status=status,  # type: ignore[arg-type]
            done=done,
            total=total,
            upto=upto,
            version=table.version,
            review=review,
            message=note,
            msg=said.to_json() if said is not None else None,
        )

    async def close(self) -> None:
        """Stop every job (the server is stopping): what is done stays stored."""
        self.closed = True
        tasks = [job.task for job in self.jobs.values() if job.task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
