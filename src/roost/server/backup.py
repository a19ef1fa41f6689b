"""Backups of a server's database, taken while it runs, and their restore.

A backup is one SQLite file holding the whole store at one instant (every row of every concern,
and the schema's revision), whatever database it came from:

* **from SQLite**: SQLite's online backup API copies the live file page by page in one step, as
  one read transaction; in WAL mode the server goes on writing meanwhile, and the copy is the
  database as of a single commit.
* **from PostgreSQL**: every row is read in one ``REPEATABLE READ, READ ONLY`` transaction (one
  snapshot, however long the copy takes, without blocking the server) and written to a new
  SQLite file migrated to the same revision. ``pg_dump`` is the other way (docs/deploy.md); this
  one needs no matching client version and restores into either kind of database.

`restore` writes a backup into a new database: a SQLite file that does not exist yet (copied by
the backup API, then migrated to this version of roost), or an empty PostgreSQL database
(migrated, then the rows copied in one transaction and the id sequences moved past them). A
database that already holds tables is refused, and nothing is written to it.

Both check the copy before they finish (SQLite's ``integrity_check``, and the rows of every
table counted on both sides), so a backup that reports success is one that restores.
"""

from __future__ import annotations

import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import (
    Connection,
    Engine,
    MetaData,
    Table,
    create_engine,
    func,
    inspect,
    select,
    text,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from roost.core.errors import RoostError
from roost.server.db import make_engine, migrate, models

BATCH = 2000
"""Rows copied per statement."""
VERSION_TABLE = "roost_alembic_version"
"""Where Alembic keeps the schema's revision (`roost/server/migrations/env.py`)."""


class BackupError(RoostError):
    """A backup or restore that cannot be done as asked: nothing was written."""


@dataclass
class Report:
    """What a backup or restore copied: rows per table, the schema revision, the file size."""

    revision: str
    rows: dict[str, int] = field(default_factory=dict)
    size: int = 0

    @property
    def tables(self) -> int:
        """Game tables (rows of ``roost_tables``)."""
        return self.rows.get("roost_tables", 0)


def _sqlite_path(url: str) -> Path | None:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return None
    database = parsed.database or ""
    if not database or database == ":memory:":
        raise BackupError("an in-memory SQLite database has nothing to back up or restore into")
    return Path(database).expanduser()


def head_revision() -> str:
    """The newest schema revision this version of roost knows."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from roost.server.db import MIGRATIONS

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


def _revision(connection: Connection) -> str | None:
    if not inspect(connection).has_table(VERSION_TABLE):
        return None
    value = connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalar()
    return None if value is None else str(value)


def _count(connection: Connection, metadata: MetaData) -> dict[str, int]:
    return {
        table.name: int(connection.execute(select(func.count()).select_from(table)).scalar() or 0)
        for table in metadata.sorted_tables
    }


def _single_file(path: Path) -> None:
    """Leave the SQLite file at `path` in rollback-journal mode: a backup is one file, with no
    -wal or -shm beside it (the server turns WAL on again when it opens a restored one)."""
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("PRAGMA journal_mode=DELETE").fetchone()


def _check_sqlite(path: Path) -> None:
    with closing(sqlite3.connect(path)) as connection:
        verdict = connection.execute("PRAGMA integrity_check").fetchone()
    if verdict is None or verdict[0] != "ok":
        raise BackupError(f"the copy in {path} failed SQLite's integrity check: {verdict}")


def _copy_rows(source: Connection, target: Connection, metadata: MetaData) -> dict[str, int]:
    """Every row of every table of `metadata`, parents first, in batches."""
    copied: dict[str, int] = {}
    for table in metadata.sorted_tables:
        count = 0
        result = source.execution_options(yield_per=BATCH).execute(select(table))
        for rows in result.partitions(BATCH):
            target.execute(table.insert(), [dict(row._mapping) for row in rows])
            count += len(rows)
        copied[table.name] = count
    return copied


def _new_file(path: Path) -> None:
    if path.exists():
        raise BackupError(f"{path} exists already: give a new file name (nothing was written)")
    if not path.parent.is_dir():
        raise BackupError(f"the folder {path.parent} does not exist (nothing was written)")


@contextmanager
def _reachable() -> Iterator[None]:
    """A database that cannot be reached or read is a clear one-line error."""
    try:
        yield
    except (OperationalError, sqlite3.OperationalError) as error:
        cause = getattr(error, "orig", None) or error
        first = (str(cause).strip().splitlines() or ["unknown error"])[0]
        raise BackupError(f"the database could not be read or written: {first}") from None


def backup(url: str, file: Path) -> Report:
    """Copy the database at `url` (live or not) into the new SQLite file `file`."""
    with _reachable():
        return _backup(url, file)


def _backup(url: str, file: Path) -> Report:
    _new_file(file)
    source_path = _sqlite_path(url)
    metadata = models()
    if source_path is not None:
        if not source_path.is_file():
            raise BackupError(f"there is no database at {source_path}")
        try:
            with (
                closing(sqlite3.connect(source_path)) as source,
                closing(sqlite3.connect(file)) as target,
            ):
                source.backup(target)  # one step: one read transaction, one commit's state
        except sqlite3.Error as error:
            file.unlink(missing_ok=True)
            raise BackupError(f"the backup failed: {error}") from None
    else:
        engine = make_engine(url)
        try:
            _backup_rows(engine, file, metadata)
        except BaseException:
            file.unlink(missing_ok=True)
            raise
        finally:
            engine.dispose()
    try:
        _single_file(file)
        _check_sqlite(file)
        return _report(file, metadata)
    except BaseException:
        file.unlink(missing_ok=True)
        raise


def _backup_rows(engine: Engine, file: Path, metadata: MetaData) -> None:
    target = make_engine(f"sqlite:///{file}", durability="fast")
    try:
        with engine.connect() as source:
            source = source.execution_options(isolation_level="REPEATABLE READ")
            with source.begin():
                if engine.dialect.name == "postgresql":
                    source.execute(text("SET TRANSACTION READ ONLY"))
                revision = _revision(source)
                if revision is None:
                    raise BackupError("the database holds no roost schema: nothing to back up")
                if revision != head_revision():
                    raise BackupError(
                        f"the database is at schema revision {revision} and this roost at "
                        f"{head_revision()}: back it up with the roost that serves it"
                    )
                migrate(target)
                with target.begin() as writing:
                    copied = _copy_rows(source, writing, metadata)
                    if copied != _count(source, metadata):
                        raise BackupError("the rows changed during the copy")
    finally:
        target.dispose()


def _report(file: Path, metadata: MetaData) -> Report:
    engine = create_engine(f"sqlite:///{file}")
    try:
        with engine.connect() as connection:
            revision = _revision(connection) or "none"
            rows = _count(connection, metadata)
    finally:
        engine.dispose()
    return Report(revision, rows, file.stat().st_size)


@contextmanager
def _migrated_copy(file: Path) -> Iterator[Path]:
    """The backup `file`, copied and migrated to this roost's schema (an older backup is
    upgraded as the server would upgrade its database); the backup itself is not touched."""
    with tempfile.TemporaryDirectory(prefix="roost-restore-") as folder:
        copy = Path(folder) / "backup.db"
        with (
            closing(sqlite3.connect(f"file:{file}?mode=ro", uri=True)) as source,
            closing(sqlite3.connect(copy)) as target,
        ):
            source.backup(target)
        engine = make_engine(f"sqlite:///{copy}", durability="fast")
        try:
            with engine.connect() as connection:
                if _revision(connection) is None:
                    raise BackupError(f"{file} is not a roost backup (no schema revision)")
            migrate(engine)
        finally:
            engine.dispose()
        yield copy


def restore(file: Path, url: str) -> Report:
    """Write the backup `file` into the new or empty database at `url`."""
    with _reachable():
        return _restore(file, url)


def _restore(file: Path, url: str) -> Report:
    if not file.is_file():
        raise BackupError(f"there is no backup at {file}")
    try:
        _check_sqlite(file)
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{file} is not a SQLite backup: {error}") from None
    metadata = models()
    target_path = _sqlite_path(url)
    with _migrated_copy(file) as copy:
        if target_path is not None:
            _new_file(target_path)
            with (
                closing(sqlite3.connect(copy)) as source,
                closing(sqlite3.connect(target_path)) as target,
            ):
                source.backup(target)
            _check_sqlite(target_path)
            return _report(target_path, metadata)
        return _restore_rows(copy, url, metadata)


def _restore_rows(copy: Path, url: str, metadata: MetaData) -> Report:
    source_engine = create_engine(f"sqlite:///{copy}")
    target = make_engine(url)
    try:
        with target.connect() as connection:
            present = [
                name for name in inspect(connection).get_table_names() if name in metadata.tables
            ]
            for name in present:
                if connection.execute(
                    select(func.count()).select_from(metadata.tables[name])
                ).scalar():
                    raise BackupError(
                        "the target database already holds roost data (table "
                        f"{name}): restore into a new, empty database (nothing was written)"
                    )
        migrate(target)
        with source_engine.connect() as source, target.begin() as writing:
            revision = _revision(source) or "none"
            copied = _copy_rows(source, writing, metadata)
            if target.dialect.name == "postgresql":
                _advance_sequences(writing, metadata)
            if _count(writing, metadata) != copied:
                raise BackupError("the restored rows do not match the backup's")
        return Report(revision, copied)
    finally:
        source_engine.dispose()
        target.dispose()


def _advance_sequences(connection: Connection, metadata: MetaData) -> None:
    """Rows were inserted with their ids: move each id sequence past the largest, so the next
    row the server inserts gets a new id."""
    for table in metadata.sorted_tables:
        for column in table.primary_key.columns:
            if column.autoincrement is True or (
                column.autoincrement == "auto"
                and len(table.primary_key.columns) == 1
                and column.type.python_type is int
            ):
                _set_sequence(connection, table, column.name)


def _set_sequence(connection: Connection, table: Table, column: str) -> None:
    sequence = connection.execute(
        text("SELECT pg_get_serial_sequence(:table, :column)"),
        {"table": table.name, "column": column},
    ).scalar()
    if sequence is None:
        return
    connection.execute(
        text(
            f"SELECT setval(:sequence, COALESCE((SELECT MAX({column}) FROM {table.name}), 0) + 1,"
            " false)"
        ),
        {"sequence": sequence},
    )
