"""Storage: a table is its game, parameters, seats, seed and action list (SQLAlchemy 2.0).

The same code runs on SQLite (the default, a file in the data folder) and on PostgreSQL
(``postgresql+psycopg://...``). The schema is created and upgraded by the Alembic migrations in
``roost/server/migrations`` when the store opens.

Writes go through one writer that commits in batches (group commit): every write a table makes
while the previous commit is on disk joins the next transaction, and each caller's future
resolves only once its transaction has committed. So a move is committed before it is
acknowledged, and a busy server makes one fsync for many moves instead of one each.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    create_engine,
    delete,
    event,
    false,
    func,
    select,
    text,
    true,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

log = logging.getLogger("roost.server.store")
T = TypeVar("T")
MIGRATIONS = Path(__file__).parent / "migrations"


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "roost_tables"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    params: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    clock: Mapped[int | None] = mapped_column(Integer, nullable=True)
    creator: Mapped[str] = mapped_column(String(64), index=True)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)
    rematch: Mapped[str | None] = mapped_column(String(16), nullable=True)
    rematch_of: Mapped[str | None] = mapped_column(String(16), nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    create_key: Mapped[str | None] = mapped_column(
        String(64), nullable=True, index=True, unique=True
    )
    """The hash of the token the creator chose (None: the server chose it, or a rematch): a
    retried create finds its table by it (see `find_created`)."""
    creator_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat the creator took when creating the table with a name (None: created without
    one). Its holder is "the table's creator", who may switch the spectators' chat off."""
    spectator_chat: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    """Whether spectators may write in their chat room (the creator's switch; see chat.py)."""


class SeatRow(Base):
    __tablename__ = "roost_seats"

    table_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("roost_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    type: Mapped[str] = mapped_column(String(8))
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    level: Mapped[str | None] = mapped_column(String(8), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    away: Mapped[bool] = mapped_column(Boolean, default=False)
    arrived: Mapped[bool] = mapped_column(Boolean, default=False, server_default=true())
    """Whether the seat's person has connected since taking it (a seat taken by someone who
    never comes goes back to open after the grace; see `Table.join`)."""
    always_ask: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """The person wants to be asked even when "let it happen" is their only answer
    (roost.server.reactions)."""


class ActionRow(Base):
    __tablename__ = "roost_actions"

    table_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("roost_tables.id", ondelete="CASCADE"), primary_key=True
    )
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    """The version the action was applied at (its index in the history)."""
    action: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat that decided it (None: chance)."""
    by: Mapped[str] = mapped_column(String(8))
    """``person``, ``auto`` (a reaction answered for a person, roost.server.reactions),
    ``bot``, ``standin`` or ``chance``."""
    at: Mapped[float] = mapped_column(Float)


class ChatRow(Base):
    """One chat message (see `roost.server.chat`): stored before anyone is sent it."""

    __tablename__ = "roost_chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("roost_tables.id", ondelete="CASCADE"), index=True
    )
    room: Mapped[str] = mapped_column(String(16))
    """``players`` (read by everyone at the table) or ``spectators`` (spectators only)."""
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The writer's seat; None for a spectator."""
    name: Mapped[str] = mapped_column(String(64))
    """The writer's name as it was shown when the message was said."""
    text: Mapped[str] = mapped_column(String(1000))
    """At most `ChatLimits.max_text` code points (300); the column leaves room to raise it."""
    version: Mapped[int] = mapped_column(Integer)
    """The table's version when the message was said (the replay shows it from there on)."""
    at: Mapped[float] = mapped_column(Float)


class NoteRow(Base):
    __tablename__ = "roost_notes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("roost_tables.id", ondelete="CASCADE"), index=True
    )
    version: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    text: Mapped[str] = mapped_column(String(200))
    at: Mapped[float] = mapped_column(Float)


# --- records: what the rest of the server reads and writes ---------------------------------------


@dataclass
class SeatRecord:
    seat: int
    type: str
    """``open``, ``person`` or ``bot``."""
    name: str | None = None
    level: str | None = None
    token_hash: str | None = None
    away: bool = False
    arrived: bool = False
    """A person's: connected to the table at least once since taking the seat."""
    always_ask: bool = False
    """A person's: asked even when "let it happen" is their only answer."""


@dataclass(frozen=True)
class ActionRecord:
    action: int
    seat: int | None
    by: str


@dataclass(frozen=True)
class NoteRecord:
    version: int
    seat: int | None
    text: str


@dataclass
class TableRecord:
    id: str
    game: str
    params: dict[str, Any]
    seed: int
    status: str
    seats: list[SeatRecord]
    creator: str
    created_at: float
    clock: int | None = None
    rematch: str | None = None
    rematch_of: str | None = None
    result: dict[str, Any] | None = None
    create_key: str | None = None
    creator_seat: int | None = None
    """The seat its creator took (a create with a name), whose holder may switch the
    spectators' chat off."""
    actions: list[ActionRecord] = field(default_factory=list)
    notes: list[NoteRecord] = field(default_factory=list)


# --- the repository: plain functions of a Session ------------------------------------------------

CHANNEL = "roost_tables"
"""The PostgreSQL channel on which every committed change of a table is announced (see
`roost.server.cluster`): the payload is ``T <origin> <table id>``."""


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


def insert_table(session: Session, record: TableRecord) -> None:
    """Store a new table; `Conflict` if its `create_key` made a table already."""
    if record.create_key is not None and find_created(session, record.create_key) is not None:
        raise Conflict("a table was already created with this key")
    now = time.time()
    session.add(
        TableRow(
            id=record.id,
            game=record.game,
            params=record.params,
            seed=record.seed,
            status=record.status,
            version=len(record.actions),
            clock=record.clock,
            creator=record.creator,
            created_at=record.created_at,
            updated_at=now,
            rematch=record.rematch,
            rematch_of=record.rematch_of,
            result=record.result,
            create_key=record.create_key,
            creator_seat=record.creator_seat,
        )
    )
    session.flush()
    for seat in record.seats:
        session.add(_seat_row(record.id, seat))


def _seat_row(table_id: str, seat: SeatRecord) -> SeatRow:
    return SeatRow(
        table_id=table_id,
        seat=seat.seat,
        type=seat.type,
        name=seat.name,
        level=seat.level,
        token_hash=seat.token_hash,
        away=seat.away,
        arrived=seat.arrived,
        always_ask=seat.always_ask,
    )


def save_seat(
    session: Session,
    table_id: str,
    seat: SeatRecord,
    *,
    claim: bool = False,
    holder: str | None = None,
) -> None:
    """Store a seat. `claim`: only if it is still open (a person taking it); `holder`: only if
    it is still held by the token with this hash (a seat given up). Else `Conflict`."""
    where = [SeatRow.table_id == table_id, SeatRow.seat == seat.seat]
    if claim:
        where.append(SeatRow.type == "open")
    if holder is not None:
        where.append(SeatRow.token_hash == holder)
    result = session.execute(
        update(SeatRow)
        .where(*where)
        .values(
            type=seat.type,
            name=seat.name,
            level=seat.level,
            token_hash=seat.token_hash,
            away=seat.away,
            arrived=seat.arrived,
            always_ask=seat.always_ask,
        )
    )
    if (claim or holder is not None) and _rowcount(result) != 1:
        raise Conflict(f"seat {seat.seat} of table {table_id} changed meanwhile")
    announce(session, table_id)


def _rowcount(result: Any) -> int:
    return int(result.rowcount)


def save_status(
    session: Session,
    table_id: str,
    status: str,
    *,
    result: dict[str, Any] | None = None,
    rematch: str | None = None,
) -> None:
    values: dict[str, Any] = {"status": status, "updated_at": time.time()}
    if result is not None:
        values["result"] = result
    if rematch is not None:
        values["rematch"] = rematch
    session.execute(update(TableRow).where(TableRow.id == table_id).values(**values))
    announce(session, table_id)


def append_actions(
    session: Session,
    table_id: str,
    start: int,
    actions: list[ActionRecord],
    *,
    status: str | None = None,
    result: dict[str, Any] | None = None,
) -> None:
    """Store `actions` at versions ``start, start + 1, ...``, only if the table is still at
    version `start` (else `Conflict`: another process moved first). The version check comes
    first, so it takes the table's row lock before anything is written; the primary key
    (table, version) makes a second write of one version fail besides."""
    now = time.time()
    values: dict[str, Any] = {"version": start + len(actions), "updated_at": now}
    if status is not None:
        values["status"] = status
    if result is not None:
        values["result"] = result
    # Core statements, not the ORM's unit of work: the writer thread holds the GIL for a
    # third as long per move (measured with scripts/load_server.py --profile).
    tables = Base.metadata.tables["roost_tables"]
    moved = session.execute(
        tables.update().where(tables.c.id == table_id, tables.c.version == start).values(**values)
    )
    if _rowcount(moved) != 1:
        raise Conflict(f"table {table_id} is no longer at version {start}")
    if not actions:  # (an empty executemany would insert one row of defaults)
        announce(session, table_id)
        return
    session.execute(
        Base.metadata.tables["roost_actions"].insert(),
        [
            {
                "table_id": table_id,
                "version": start + offset,
                "action": record.action,
                "seat": record.seat,
                "by": record.by,
                "at": now,
            }
            for offset, record in enumerate(actions)
        ],
    )
    announce(session, table_id)


def add_note(session: Session, table_id: str, note: NoteRecord) -> None:
    session.add(
        NoteRow(
            table_id=table_id, version=note.version, seat=note.seat, text=note.text, at=time.time()
        )
    )
    announce(session, table_id)


def load_table(session: Session, table_id: str, *, actions: bool = True) -> TableRecord | None:
    row = session.get(TableRow, table_id)
    if row is None:
        return None
    record = _record(row, _seats(session, [table_id])[table_id])
    if actions:
        record.actions = [
            ActionRecord(a.action, a.seat, a.by)
            for a in session.scalars(
                select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.version)
            )
        ]
        record.notes = [
            NoteRecord(n.version, n.seat, n.text)
            for n in session.scalars(
                select(NoteRow).where(NoteRow.table_id == table_id).order_by(NoteRow.id)
            )
        ]
    return record


def _record(row: TableRow, seats: list[SeatRecord]) -> TableRecord:
    return TableRecord(
        id=row.id,
        game=row.game,
        params=dict(row.params),
        seed=row.seed,
        status=row.status,
        seats=seats,
        creator=row.creator,
        created_at=row.created_at,
        clock=row.clock,
        rematch=row.rematch,
        rematch_of=row.rematch_of,
        result=row.result,
        create_key=row.create_key,
        creator_seat=row.creator_seat,
    )


def _seats(session: Session, table_ids: list[str]) -> dict[str, list[SeatRecord]]:
    seats: dict[str, list[SeatRecord]] = {table_id: [] for table_id in table_ids}
    for row in session.scalars(
        select(SeatRow).where(SeatRow.table_id.in_(table_ids)).order_by(SeatRow.seat)
    ):
        seats[row.table_id].append(
            SeatRecord(
                row.seat,
                row.type,
                row.name,
                row.level,
                row.token_hash,
                row.away,
                row.arrived,
                row.always_ask,
            )
        )
    return seats


def find_created(session: Session, create_key: str) -> str | None:
    """The id of the table created with this key (the hash of its creator's token), if any."""
    return session.scalar(select(TableRow.id).where(TableRow.create_key == create_key))


def table_ids(session: Session, statuses: tuple[str, ...]) -> list[str]:
    return list(
        session.scalars(
            select(TableRow.id).where(TableRow.status.in_(statuses)).order_by(TableRow.created_at)
        )
    )


def table_versions(session: Session, statuses: tuple[str, ...]) -> dict[str, tuple[int, str]]:
    """Table id -> (stored version, status) of the tables with these statuses."""
    rows = session.execute(
        select(TableRow.id, TableRow.version, TableRow.status).where(TableRow.status.in_(statuses))
    )
    return {table_id: (version, status) for table_id, version, status in rows}


def list_tables(
    session: Session, statuses: tuple[str, ...], limit: int
) -> list[tuple[TableRecord, int]]:
    """(record without actions, version) of the newest tables with these statuses."""
    rows = list(
        session.scalars(
            select(TableRow)
            .where(TableRow.status.in_(statuses))
            .order_by(TableRow.created_at.desc())
            .limit(limit)
        )
    )
    seats = _seats(session, [row.id for row in rows])
    return [(_record(row, seats[row.id]), row.version) for row in rows]


def unfinished_count(session: Session, creator: str) -> int:
    return int(
        session.scalar(
            select(func.count())
            .select_from(TableRow)
            .where(TableRow.creator == creator, TableRow.status != "over")
        )
        or 0
    )


def delete_table(session: Session, table_id: str) -> None:
    for model in (ActionRow, NoteRow, ChatRow, SeatRow):
        session.execute(delete(model).where(model.table_id == table_id))
    session.execute(delete(TableRow).where(TableRow.id == table_id))


# --- the engine, migrations and the writer --------------------------------------------------------


def make_engine(url: str) -> Engine:
    """An engine for `url`; a SQLite file gets WAL and a busy timeout, and its folder is
    created. ``synchronous=NORMAL`` in WAL mode: a committed move survives the server process
    being killed (kill -9) at any moment; only a power cut or an OS crash may lose the last
    commits (``FULL`` made every commit wait for the disk: 10x fewer moves/s here).
    ``hide_parameters``: a failed statement's message (which is logged) never shows the values
    it carried, such as a table's seed."""
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

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=5, hide_parameters=True)


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


class Store:
    """The database of one server process: batched writes, reads in threads."""

    def __init__(self, url: str, *, run_migrations: bool = True) -> None:
        self.url = url
        self.engine = make_engine(url)
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
        self._committer = ThreadPoolExecutor(1, thread_name_prefix="roost-commit")
        self._readers = ThreadPoolExecutor(4, thread_name_prefix="roost-read")
        self.commits = 0
        """Transactions committed by the writer (for benchmarks)."""

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
        while True:
            await self._wakeup.wait()
            self._wakeup.clear()
            batch, self._pending = self._pending, []
            if not batch:
                continue
            outcomes = await asyncio.get_running_loop().run_in_executor(
                self._committer, self._commit_batch, [op for op, _ in batch]
            )
            for (_, future), (ok, value) in zip(batch, outcomes, strict=True):
                if future.done():
                    continue
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)

    def _commit_batch(self, ops: list[Op]) -> list[tuple[bool, Any]]:
        """Every op in one transaction; if that fails, each op alone, so that one bad write
        fails only its own caller."""
        with self._lock:
            try:
                with self.session() as session:
                    results = [(True, op(session)) for op in ops]
                self.commits += 1
                return results
            except Conflict as conflict:
                if len(ops) == 1:
                    return [(False, conflict)]
            except Exception:
                if len(ops) == 1:
                    log.exception("a write failed")
                    return [(False, _failure())]
            outcomes: list[tuple[bool, Any]] = []
            for op in ops:
                try:
                    with self.session() as session:
                        outcomes.append((True, op(session)))
                    self.commits += 1
                except Conflict as conflict:
                    outcomes.append((False, conflict))
                except Exception:
                    log.exception("a write failed")
                    outcomes.append((False, _failure()))
            return outcomes

    async def close(self) -> None:
        if self._writer is not None:
            while self._pending:
                await asyncio.sleep(0.01)
            self._writer.cancel()
            with suppress(asyncio.CancelledError):
                await self._writer
            self._writer = None
        self._committer.shutdown(wait=False)
        self._readers.shutdown(wait=False)
        self.engine.dispose()


class StorageError(RuntimeError):
    """A write did not commit: the change it carried was not made."""


def _failure() -> StorageError:
    return StorageError("the database refused the write")
