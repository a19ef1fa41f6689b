"""The database of a `roost serve` process: the engine, the migrations and the batched writer.

The same code runs on SQLite (the default, a file in the data folder) and on PostgreSQL
(``postgresql+psycopg://...``). The schema is created and upgraded by the Alembic migrations in
``roost/server/migrations`` when the store opens. Each concern keeps its own rows beside its code
(`roost.server.tables.rows`, `roost.server.chat.rows`, ...) on the one `Base` declared here;
`models()` imports them all, so that the metadata (for Alembic and the tests) is whole.

Writes go through one writer that commits in batches (group commit): every write a table makes
while the previous commit is on disk joins the next transaction, and each caller's future
resolves only once its transaction has committed. So a move is committed before it is
acknowledged, and a busy server makes one fsync for many moves instead of one each.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import math
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager, suppress
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import MetaData, create_engine, event, text
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import DeclarativeBase, Session, sessionmaker
from sqlalchemy.pool import PoolProxiedConnection

from roost.server.metrics import DATABASE_COMMITS
from roost.server.outages import Outage
from roost.server.threads import name_os_thread

log = logging.getLogger("roost.server.db")
T = TypeVar("T")
MIGRATIONS = Path(__file__).parent / "migrations"
MODELS = (
    "roost.server.tables.rows",
    "roost.server.chat.rows",
    "roost.server.accounts.rows",
    "roost.server.ratings.rows",
    "roost.server.coach.rows",
)
"""The modules that declare rows: every concern with store tables of its own."""


class Base(DeclarativeBase):
    pass


def models() -> MetaData:
    """Every row of every concern, declared (the whole schema, as the migrations build it)."""
    for name in MODELS:
        importlib.import_module(name)
    return Base.metadata


CHANNEL = "roost_tables"
"""The PostgreSQL channel on which every committed change of a table is announced (see
`roost.server.tables.cluster`): the payload is ``T <origin> <table id>``."""


class Conflict(Exception):
    """A write found the table changed under it (by another server process): nothing was
    written; the caller reloads the table and refuses the request as stale."""


def announce(session: Session, table_id: str) -> None:
    """On PostgreSQL, tell the other server processes (LISTEN/NOTIFY, sent at commit) that the
    table changed. `origin` (the writing process) lets a process skip its own news."""
    if session.get_bind().dialect.name != "postgresql":
        return
    origin = session.info.get("origin", "")
    session.execute(
        text("SELECT pg_notify(:channel, :payload)"),
        {"channel": CHANNEL, "payload": f"T {origin} {table_id}"},
    )


def rowcount(result: Any) -> int:
    return int(result.rowcount)


# --- the engine, migrations and the writer --------------------------------------------------------


DURABILITY = ("full", "fast")
"""What an acknowledged move survives (`make_engine`; docs/deploy.md, "Durability")."""


def make_engine(url: str, durability: str = "full") -> Engine:
    """An engine for `url`; a SQLite file gets WAL and a busy timeout, and its folder is
    created. ``hide_parameters``: a failed statement's message (which is logged) never shows
    the values it carried, such as a table's seed.

    `durability` says what a commit (and so an acknowledged move) survives:

    * ``full`` (the default): a power cut or an OS crash. SQLite runs ``synchronous=FULL``, so
      every commit waits for the WAL to be on stable storage (fsync); PostgreSQL connections
      set ``synchronous_commit=on`` (whatever the database's default), so a commit returns once
      its WAL record is flushed. The writer commits in batches, so a busy server makes one
      fsync for many moves (`Store`).
    * ``fast``: the server process being killed (kill -9) at any moment, but not a power cut or
      an OS crash, which may lose the last commits. SQLite runs ``synchronous=NORMAL`` (the WAL
      is synced only at checkpoints), PostgreSQL ``synchronous_commit=off``.
    """
    if durability not in DURABILITY:
        raise ValueError(f"durability is one of {', '.join(DURABILITY)}, not {durability!r}")
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database or ""
        if database and database != ":memory:":
            Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": 30},
            hide_parameters=True,
        )
        synchronous = "FULL" if durability == "full" else "NORMAL"

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA synchronous={synchronous}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    engine = create_engine(
        url, pool_pre_ping=True, pool_size=5, max_overflow=5, hide_parameters=True
    )
    if engine.dialect.name == "postgresql":
        commit = "on" if durability == "full" else "off"

        @event.listens_for(engine, "connect")
        def _session_settings(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute(f"SET synchronous_commit TO {commit}")
            cursor.close()
            connection.commit()

    return engine


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision (Alembic), under a lock on PostgreSQL so that
    several processes starting together migrate once."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(7707070707)"))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


Op = Callable[[Session], Any]
IDLE_RECHECK = 1.0
"""Seconds after which the writer's own connection to a database server is pinged again
(`Store._writer_connection`)."""


class Store:
    """The database of one server process: batched writes, reads in threads."""

    def __init__(
        self,
        url: str,
        *,
        run_migrations: bool = True,
        durability: str = "full",
        commit_gap: float = 0.0,
    ) -> None:
        self.url = url
        self.commit_gap = commit_gap
        """Seconds from the start of one commit before the next may start (`_write_loop`);
        0: each commit starts as soon as the previous one is done."""
        self.engine = make_engine(url, durability)
        if run_migrations:
            migrate(self.engine)
        self.origin = secrets.token_hex(6)
        """This process's name in the announcements of its writes (`announce`)."""
        self._sessions = sessionmaker(
            self.engine, expire_on_commit=False, info={"origin": self.origin}
        )
        self._pending: list[tuple[Op, asyncio.Future[Any]]] = []
        self._wakeup: asyncio.Event | None = None
        self._writer: asyncio.Task[None] | None = None
        self._lock = threading.Lock()
        # Threads of the store's own: a commit never waits in the default pool's queue behind
        # bot jobs (the load test's p99 came mostly from that queue).
        self._committer = ThreadPoolExecutor(
            1,
            thread_name_prefix="roost-commit",
            initializer=name_os_thread,
            initargs=("roost-commit",),
        )
        self._readers = ThreadPoolExecutor(
            4, thread_name_prefix="roost-read", initializer=name_os_thread, initargs=("roost-read",)
        )
        self.commits = 0
        """Transactions committed by the writer (for benchmarks)."""
        self._connection: PoolProxiedConnection | None = None
        """The writer's own connection for batches of moves (`_commit_on_cursor`), kept from
        one commit to the next; used only in the writer's thread."""
        self._connection_used = 0.0
        """`time.monotonic()` when the writer last took its connection."""
        self.outage = Outage()
        """Whether writes are failing now, and since when (`roost.server.outages`)."""

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session in a transaction, committed on leaving (for sync code and tests)."""
        with self._sessions() as session, session.begin():
            yield session

    def run(self, op: Callable[[Session], T]) -> T:
        """Run `op` in its own transaction, now, in this thread."""
        with self.session() as session:
            return op(session)

    async def read(self, op: Callable[[Session], T]) -> T:
        """Run a read in a worker thread (off the event loop)."""
        return await asyncio.get_running_loop().run_in_executor(self._readers, self.run, op)

    async def write(self, op: Callable[[Session], T]) -> T:
        """Run `op` in the next batch transaction; returns once that transaction committed."""
        loop = asyncio.get_running_loop()
        if self._writer is None or self._writer.done():
            self._wakeup = asyncio.Event()
            self._writer = loop.create_task(self._write_loop(), name="roost-store-writer")
        assert self._wakeup is not None
        future: asyncio.Future[T] = loop.create_future()
        self._pending.append((op, future))
        self._wakeup.set()
        return await future

    async def _write_loop(self) -> None:
        assert self._wakeup is not None
        loop = asyncio.get_running_loop()
        started = -math.inf
        while True:
            await self._wakeup.wait()
            early = started + self.commit_gap - loop.time()
            if early > 0:
                await self._gather(early)
            self._wakeup.clear()
            batch, self._pending = self._pending, []
            if not batch:
                continue
            started = loop.time()
            done: asyncio.Future[list[tuple[bool, Any]]] = loop.create_future()
            work = self._committer.submit(self._commit_batch, [op for op, _ in batch])
            work.add_done_callback(partial(_settle_soon, loop, done))
            outcomes = await done
            for (_, future), (ok, value) in zip(batch, outcomes, strict=True):
                if future.done():
                    continue
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)

    async def _gather(self, seconds: float) -> None:
        """Wait before a commit that would follow the previous one within `commit_gap`: the
        writes made meanwhile join it. Every commit costs the writer's thread and the event
        loop the same whatever it holds (a transaction, a fsync, handing it over and back),
        and a server whose moves come faster than its commits end already gathers them; a
        gap makes the server whose writer keeps up gather them too, for at most that long
        on an acknowledgement (docs/measured/server-speed.md)."""
        await asyncio.sleep(seconds)

    def _commit_batch(self, ops: list[Op]) -> list[tuple[bool, Any]]:
        """Every op in one transaction; if that fails, each op alone, so that one bad write
        fails only its own caller."""
        with self._lock:
            try:
                results = self._commit_on_cursor(ops)
                if results is None:
                    with self.session() as session:
                        results = _run_batch(session, ops)
                self.commits += 1
                DATABASE_COMMITS.inc()
                self.outage.committed()
                return results
            except Conflict as conflict:
                if len(ops) == 1:
                    return [(False, conflict)]
            except Exception as error:
                if len(ops) == 1:
                    self.outage.failed(error)
                    return [(False, _failure())]
            outcomes: list[tuple[bool, Any]] = []
            for op in ops:
                try:
                    with self.session() as session:
                        value = op(session)
                    # only now is it committed: a commit that fails (a full disk fails there,
                    # not in the statements) is that op's one outcome, a failure
                    outcomes.append((True, value))
                    self.commits += 1
                    DATABASE_COMMITS.inc()
                    self.outage.committed()
                except Conflict as conflict:
                    outcomes.append((False, conflict))
                except Exception as error:
                    self.outage.failed(error)
                    outcomes.append((False, _failure()))
            return outcomes

    def _commit_on_cursor(self, ops: list[Op]) -> list[tuple[bool, Any]] | None:
        """A batch of ops of one kind that runs on the driver's cursor (a ``run_cursor``
        static method, as `roost.server.tables.rows.Append`: the moves of a busy server's
        tables), committed with no session on the writer's own connection; None, having run
        nothing, when the batch holds anything else or the kind cannot run on this database.
        The session's work per commit, and the pool's for a connection, were most of the
        writer's CPU for a batch of one move (docs/measured/server-speed.md)."""
        run_cursor = getattr(ops[0], "run_cursor", None)
        if run_cursor is None or any(
            getattr(op, "run_cursor", None) is not run_cursor for op in ops
        ):
            return None
        try:
            connection = self._writer_connection()
            cursor = connection.cursor()
            try:
                ran = run_cursor(cursor, self.dialect, self.origin, ops)
            finally:
                cursor.close()
            if not ran:
                return None
            connection.commit()
        except Conflict:
            try:
                connection.rollback()
            except Exception:
                self._drop_connection()
            raise
        except BaseException as error:
            # the connection may be broken (the database went away): a new one next time
            self._drop_connection()
            dialect = self.engine.dialect
            if isinstance(error, dialect.loaded_dbapi.Error):
                # as SQLAlchemy would raise it (an OperationalError is an outage: outages.py)
                raise DBAPIError.instance(
                    None, None, error, dialect.loaded_dbapi.Error, True, dialect=dialect
                ) from error
            raise
        return [(True, None)] * len(ops)

    def _writer_connection(self) -> PoolProxiedConnection:
        """The writer's own connection (in the writer's thread, the lock held). After
        `IDLE_RECHECK` seconds unused, a server database's goes back to the pool and a new one
        comes out, pinged first (``pool_pre_ping``): a PostgreSQL restarted while the tables
        were quiet costs no refused move, as with a connection taken from the pool each time.
        A SQLite file has no server to lose."""
        now = time.monotonic()
        connection = self._connection
        if (
            connection is not None
            and self.dialect != "sqlite"
            and now - self._connection_used > IDLE_RECHECK
        ):
            self._connection = None
            with suppress(Exception):
                connection.close()
            connection = None
        if connection is None:
            connection = self._connection = self.engine.raw_connection()
        self._connection_used = now
        return connection

    def _drop_connection(self) -> None:
        """Forget the writer's own connection (it may be broken): the pool makes a new one."""
        connection, self._connection = self._connection, None
        if connection is not None:
            with suppress(Exception):
                connection.invalidate()

    def _release_connection(self) -> None:
        """Give the writer's own connection back (in the writer's thread, at close)."""
        with self._lock:
            if self._connection is not None:
                with suppress(Exception):
                    self._connection.close()
                self._connection = None

    async def close(self) -> None:
        if self._writer is not None:
            while self._pending:
                await asyncio.sleep(0.01)
            self._writer.cancel()
            with suppress(asyncio.CancelledError):
                await self._writer
            self._writer = None
        with suppress(Exception):
            await asyncio.get_running_loop().run_in_executor(
                self._committer, self._release_connection
            )
        self._committer.shutdown(wait=False)
        self._readers.shutdown(wait=False)
        self.engine.dispose()


def _settle_soon(
    loop: asyncio.AbstractEventLoop,
    done: asyncio.Future[list[tuple[bool, Any]]],
    work: Future[list[tuple[bool, Any]]],
) -> None:
    """In the writer's thread, once a batch is committed: hand its outcomes to the loop. One
    wake-up of the loop, without `run_in_executor`'s chaining of two futures (their states,
    cancellation both ways): a third or more of the loop's cost of a one-move commit."""
    with suppress(RuntimeError):  # the loop is closed: nobody waits any more
        loop.call_soon_threadsafe(_settle, done, work)


def _settle(
    done: asyncio.Future[list[tuple[bool, Any]]], work: Future[list[tuple[bool, Any]]]
) -> None:
    if done.done():  # the writer was cancelled meanwhile
        return
    if work.cancelled():
        done.cancel()
        return
    error = work.exception()
    if error is not None:
        done.set_exception(error)
    else:
        done.set_result(work.result())


def _run_batch(session: Session, ops: list[Op]) -> list[tuple[bool, Any]]:
    """Every op of a batch in `session`'s transaction. Ops of one kind that share statements
    (those with a ``run_many`` static method, as `roost.server.tables.rows.Append`: two
    statements for the moves of every table instead of two per table) run together, after the
    others; each op of a batch is a different table's or request's, so their order within the
    transaction does not matter. Their result is None."""
    results: list[tuple[bool, Any]] = [(True, None)] * len(ops)
    together: dict[Callable[[Session, list[Any]], None], list[Op]] = {}
    for index, op in enumerate(ops):
        run_many = getattr(op, "run_many", None)
        if run_many is None:
            results[index] = (True, op(session))
        else:
            together.setdefault(run_many, []).append(op)
    for run_many, group in together.items():
        if len(group) == 1:
            group[0](session)
        else:
            run_many(session, group)
    return results


class StorageError(RuntimeError):
    """A write did not commit: the change it carried was not made."""


def _failure() -> StorageError:
    return StorageError("the database refused the write")
