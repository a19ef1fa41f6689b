"""When the database is away: a PostgreSQL server restarting, a disk full, a file locked.

The store's writer (`roost.server.db.Store`) tells `Outage` about every write: while writes
fail, each one is refused to its caller (a person's move is answered ``storage_failed``: "not
stored, try again", never an ``ack``; a bot retries by itself with a growing pause), nothing is
applied, and the server keeps serving what it holds in memory. The first failure is logged as an
error with its cause, the rest only counted, and the first commit after them is logged with the
outage's length, so an outage is two log lines however many moves it refused. `/api/health`
answers 503 while it lasts, and ``roost_database_up`` is 0 (`roost.server.metrics`).

Errors that are not the database's state (a bug in a write) are not an outage: they are logged
with their traceback each time, as before.
"""

from __future__ import annotations

import logging
import time

from sqlalchemy.exc import DBAPIError, OperationalError

from roost.server import metrics

log = logging.getLogger("roost.server.db")

RETRY_FIRST = 0.25
"""Seconds a bot waits before storing its move again after the first refusal."""
RETRY_MOST = 5.0
"""The longest wait between two tries (the pause doubles from `RETRY_FIRST` up to this)."""


def retry_delay(failures: int) -> float:
    """The pause before the next try after `failures` refused writes in a row."""
    return float(min(RETRY_MOST, RETRY_FIRST * 2 ** max(0, min(failures - 1, 16))))


def is_outage(error: BaseException) -> bool:
    """The database could not take the write (unreachable, full, locked, read-only), as
    opposed to a write that is wrong."""
    if isinstance(error, OperationalError):
        return True
    return isinstance(error, DBAPIError) and error.connection_invalidated


def cause(error: BaseException) -> str:
    """The database's own words for an outage, one line (never a statement's parameters:
    these errors are about the connection or the disk, and `hide_parameters` is on)."""
    original = getattr(error, "orig", None) or error
    lines = str(original).strip().splitlines()
    return f"{type(original).__name__}: {lines[0] if lines else ''}"


class Outage:
    """The database as the writer last saw it."""

    def __init__(self) -> None:
        self.since: float | None = None
        """`time.monotonic()` of the first refused write of the current outage."""
        self.refused = 0
        """Writes refused in the current outage."""

    @property
    def down(self) -> bool:
        return self.since is not None

    def failed(self, error: BaseException) -> None:
        metrics.DATABASE_ERRORS.inc()
        if not is_outage(error):
            log.error("a write failed", exc_info=error)
            return
        metrics.DATABASE_UP.set(0)
        if self.since is None:
            self.since = time.monotonic()
            self.refused = 0
            log.error(
                "the database refused a write (%s): moves are answered 'not stored, try again' "
                "until it is back",
                cause(error),
            )
        self.refused += 1

    def committed(self) -> None:
        if self.since is not None:
            log.warning(
                "the database is back after %.1f s; %d writes were refused meanwhile",
                time.monotonic() - self.since,
                self.refused,
            )
            self.since = None
            self.refused = 0
            metrics.DATABASE_UP.set(1)
