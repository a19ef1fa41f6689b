"""The rows of the tables being played: a table is its game, parameters, seats, seed and
action list, with the notes the server wrote in its log; and the plain functions of a `Session`
that read and write them (each runs inside one transaction of `roost.server.db.Store`)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    bindparam,
    delete,
    false,
    func,
    select,
    true,
    update,
)
from sqlalchemy.orm import Mapped, Session, mapped_column

from roost.server.db import CHANNEL, Base, Conflict, announce, rowcount


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
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Ratings change with the result (every person at it signed in: roost.server.ratings)."""
    public: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    """Listed in the lobby and found by quick play (a private table: by its link only)."""
    fill_after: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """Seconds after its creation at which a waiting table's open seats get bots."""
    fill_level: Mapped[str | None] = mapped_column(String(8), nullable=True)
    """The level of those bots."""
    tutorial: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The game whose tutorial this table plays (roost.coach.tutorials): its chance and bots
    follow the tutorial's script, and so must the learner; None for every other table."""


class SeatRow(Base):
    __tablename__ = "roost_seats"

    table_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("roost_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    type: Mapped[str] = mapped_column(String(8))
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    level: Mapped[str | None] = mapped_column(String(8), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    away: Mapped[bool] = mapped_column(Boolean, default=False)
    arrived: Mapped[bool] = mapped_column(Boolean, default=False, server_default=true())
    """Whether the seat's person has connected since taking it (a seat taken by someone who
    never comes goes back to open after the grace; see `Table.join`)."""
    always_ask: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """The person wants to be asked even when "let it happen" is their only answer
    (roost.server.reactions)."""
    user_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    """The account of a signed-in person (roost_users.id; no foreign key, so that the tables
    know nothing of accounts), None for a guest, a bot or an open seat."""


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


_TABLES = Base.metadata.tables["roost_tables"]
_SEATS = Base.metadata.tables["roost_seats"]
"""The tables' and seats' store tables, updated with Core statements: an update of the ORM's
classes goes through the ORM's bulk update (its session synchronisation), which cost a table's
start and its person's arrival several times what the statement itself did."""


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
    user: int | None = None
    """A signed-in person's account id."""


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
    rated: bool = False
    public: bool = True
    fill_after: int | None = None
    fill_level: str | None = None
    tutorial: str | None = None
    """The game whose tutorial the table plays (None: an ordinary table)."""
    actions: list[ActionRecord] = field(default_factory=list)
    notes: list[NoteRecord] = field(default_factory=list)


# --- the repository: plain functions of a Session ------------------------------------------------


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
            rated=record.rated,
            public=record.public,
            fill_after=record.fill_after,
            fill_level=record.fill_level,
            tutorial=record.tutorial,
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
        user_id=seat.user,
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
    it is still held by the token with this hash and its person never came (a seat given up;
    another server process may have seen them arrive). Else `Conflict`. The name,
    the account and a person's arrival go back only with one of those (a seat changing hands):
    another change (away, a preference) never writes back a name or account that a guest's
    sign-up gave the seat meanwhile (roost.server.accounts), nor unsays an arrival another
    server process stored."""
    seats = _SEATS.c
    where = [seats.table_id == table_id, seats.seat == seat.seat]
    if claim:
        where.append(seats.type == "open")
    if holder is not None:
        where.extend((seats.token_hash == holder, seats.arrived.is_(False)))
    values: dict[str, Any] = {
        "type": seat.type,
        "level": seat.level,
        "token_hash": seat.token_hash,
        "away": seat.away,
        "always_ask": seat.always_ask,
    }
    if claim or holder is not None or seat.type != "person":
        values["name"] = seat.name
        values["user_id"] = seat.user
        values["arrived"] = seat.arrived
    elif seat.arrived:
        values["arrived"] = True
    result = session.execute(update(_SEATS).where(*where).values(**values))
    if (claim or holder is not None) and rowcount(result) != 1:
        raise Conflict(f"seat {seat.seat} of table {table_id} changed meanwhile")
    announce(session, table_id)


def mark_arrived(session: Session, table_id: str, seat: int, holder: str | None) -> None:
    """The person holding `seat` by the token with hash `holder` came to the table; `Conflict`
    if the seat no longer is theirs (given up at another server process meanwhile), so an
    arrival never writes a person back into a seat that went back to open."""
    seats = _SEATS.c
    where = [seats.table_id == table_id, seats.seat == seat, seats.token_hash == holder]
    result = session.execute(update(_SEATS).where(*where).values(arrived=True))
    if rowcount(result) != 1:
        raise Conflict(f"seat {seat} of table {table_id} changed hands meanwhile")
    announce(session, table_id)


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
    session.execute(update(_TABLES).where(_TABLES.c.id == table_id).values(**values))
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
    if rowcount(moved) != 1:
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


_MOVED = (
    _TABLES.update()
    .where(_TABLES.c.id == bindparam("moved_id"), _TABLES.c.version == bindparam("moved_from"))
    .values(version=bindparam("moved_to"), updated_at=bindparam("moved_at"))
)
"""Every table of a batch moved on in one executemany, each only from the version its move
was made at (`append_many`)."""
_ADDED = Base.metadata.tables["roost_actions"].insert()


@dataclass(frozen=True)
class Append:
    """The write of a move that neither ends the game nor changes the status: its decisions
    and chance draws. Alone it is `append_actions`; the store runs every `Append` of one
    batch transaction together (`append_many`), so a busy server makes two statements for
    the moves of all its tables in a commit instead of two per table. A batch made only of
    moves runs on the database driver's own connection, with no session (`run_cursor`)."""

    table_id: str
    start: int
    actions: tuple[ActionRecord, ...]

    def __call__(self, session: Session) -> None:
        append_many(session, [self])

    @staticmethod
    def run_many(session: Session, appends: list[Append]) -> None:
        append_many(session, appends)

    @staticmethod
    def run_cursor(cursor: Any, dialect: str, origin: str, appends: list[Append]) -> bool:
        """`append_many` on a DBAPI cursor in its connection's open transaction (the store's
        writer, for a batch of moves only). False, having run nothing, for a database other
        than SQLite and PostgreSQL, whose statements are written here for those two."""
        return append_cursor(cursor, dialect, origin, appends)


def append_many(session: Session, appends: list[Append]) -> None:
    """`append_actions` of several tables (at most one move each) in two statements: one
    executemany UPDATE of their versions, each only from the version its move was made at,
    and one executemany INSERT of all their actions. If any table had moved on (another
    process moved first), `Conflict` for the lot: nothing of the transaction is kept, and the
    store tries each write alone, so only the stale one is refused."""
    connection = session.connection()
    origin = str(session.info.get("origin", ""))
    raw = connection.connection.dbapi_connection
    if raw is not None:
        cursor = raw.cursor()
        try:
            if append_cursor(cursor, connection.dialect.name, origin, appends):
                return
        finally:
            cursor.close()
    now = time.time()
    moved = connection.execute(
        _MOVED,
        [
            {
                "moved_id": append.table_id,
                "moved_from": append.start,
                "moved_to": append.start + len(append.actions),
                "moved_at": now,
            }
            for append in appends
        ],
    )
    if not connection.dialect.supports_sane_multi_rowcount or rowcount(moved) != len(appends):
        raise Conflict("a table of the batch is no longer at the version of its move")
    rows = _action_rows(appends, now)
    if rows:
        connection.execute(_ADDED, rows)
    for append in appends:
        announce(session, append.table_id)


def _action_rows(appends: list[Append], now: float) -> list[dict[str, Any]]:
    return [
        {
            "table_id": append.table_id,
            "version": append.start + offset,
            "action": record.action,
            "seat": record.seat,
            "by": record.by,
            "at": now,
        }
        for append in appends
        for offset, record in enumerate(append.actions)
    ]


_PLACEHOLDER = {"sqlite": "?", "postgresql": "%s"}
"""Each driver's positional parameter (sqlite3: qmark; psycopg: format)."""


def _driver_sql(dialect: str) -> tuple[str, str] | None:
    """The UPDATE and INSERT of `append_many` as the driver takes them (None: another
    database). Written once here: going through SQLAlchemy's statements cost the writer more
    CPU than SQLite's own work on them (docs/measured/server-speed.md)."""
    mark = _PLACEHOLDER.get(dialect)
    if mark is None:
        return None
    return (
        f"UPDATE roost_tables SET version = {mark}, updated_at = {mark} "
        f"WHERE roost_tables.id = {mark} AND roost_tables.version = {mark}",
        'INSERT INTO roost_actions (table_id, version, action, seat, "by", at) '
        f"VALUES ({mark}, {mark}, {mark}, {mark}, {mark}, {mark})",
    )


_DRIVER_SQL = {name: _driver_sql(name) for name in _PLACEHOLDER}


def append_cursor(cursor: Any, dialect: str, origin: str, appends: list[Append]) -> bool:
    """`append_many` with the driver's cursor: the same two statements (and on PostgreSQL the
    same announcements), the same `Conflict`. False, having run nothing, for a database whose
    statements are not written here."""
    statements = _DRIVER_SQL.get(dialect)
    if statements is None:
        return False
    update_sql, insert_sql = statements
    now = time.time()
    cursor.executemany(
        update_sql,
        [
            (append.start + len(append.actions), now, append.table_id, append.start)
            for append in appends
        ],
    )
    if cursor.rowcount != len(appends):
        raise Conflict("a table of the batch is no longer at the version of its move")
    rows = [
        (append.table_id, append.start + offset, record.action, record.seat, record.by, now)
        for append in appends
        for offset, record in enumerate(append.actions)
    ]
    if rows:
        cursor.executemany(insert_sql, rows)
    if dialect == "postgresql":
        cursor.executemany(
            "SELECT pg_notify(%s, %s)",
            [(CHANNEL, f"T {origin} {append.table_id}") for append in appends],
        )
    return True


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
        rated=row.rated,
        public=row.public,
        fill_after=row.fill_after,
        fill_level=row.fill_level,
        tutorial=row.tutorial,
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
                row.user_id,
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
    """(record without actions, version) of the newest public tables with these statuses (not
    the tutorials' tables: each is one learner's own)."""
    rows = list(
        session.scalars(
            select(TableRow)
            .where(
                TableRow.status.in_(statuses),
                TableRow.public == true(),
                TableRow.tutorial.is_(None),
            )
            .order_by(TableRow.created_at.desc())
            .limit(limit)
        )
    )
    seats = _seats(session, [row.id for row in rows])
    return [(_record(row, seats[row.id]), row.version) for row in rows]


def quick_candidates(session: Session, game: str, rated: bool, limit: int = 20) -> list[str]:
    """Ids of the oldest waiting public tables of `game` with this `rated`, for quick play (the
    caller tries them in order: a seat may go meanwhile)."""
    open_seat = (
        select(SeatRow.table_id)
        .where(SeatRow.table_id == TableRow.id, SeatRow.type == "open")
        .exists()
    )
    return list(
        session.scalars(
            select(TableRow.id)
            .where(
                TableRow.status == "waiting",
                TableRow.game == game,
                TableRow.public == true(),
                TableRow.rated == (true() if rated else false()),
                open_seat,
            )
            .order_by(TableRow.created_at)
            .limit(limit)
        )
    )


def token_tables(session: Session, token_hash: str) -> list[str]:
    """Ids of the tables where the token with this hash holds a seat."""
    return list(
        session.scalars(select(SeatRow.table_id).where(SeatRow.token_hash == token_hash).limit(8))
    )


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
    """Delete a table and every row of every concern that belongs to it (a `table_id`)."""
    for table in reversed(Base.metadata.sorted_tables):
        if "table_id" in table.c:
            session.execute(delete(table).where(table.c.table_id == table_id))
    session.execute(delete(TableRow).where(TableRow.id == table_id))
