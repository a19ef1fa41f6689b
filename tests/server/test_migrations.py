"""The Alembic migrations, on SQLite and on a real PostgreSQL (`database_url` runs each test on
both): from an empty database one revision at a time up to the newest, down again, and from
every previous revision (holding a table) up to the newest with nothing lost. The migrated
schema is exactly the models' (so a model changed without its migration fails here)."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, column, inspect, table, text
from sqlalchemy.orm import Session

from roost.server.db import MIGRATIONS, Store, make_engine, models
from roost.server.tables.rows import (
    ActionRecord,
    SeatRecord,
    TableRecord,
    append_actions,
    load_table,
)

VERSION_TABLE = "roost_alembic_version"


def revisions() -> list[str]:
    """Every revision id, oldest first."""
    script = ScriptDirectory(str(MIGRATIONS))
    return [revision.revision for revision in reversed(list(script.walk_revisions()))]


@contextmanager
def alembic(engine: Engine) -> Iterator[tuple[Config, Connection]]:
    """An Alembic config bound to one transaction on `engine` (as `store.migrate` does)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        yield config, connection


def current(engine: Engine) -> str | None:
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE})
        return context.get_current_revision()


def schema_drift(engine: Engine) -> list[object]:
    with engine.connect() as connection:
        context = MigrationContext.configure(
            connection, opts={"version_table": VERSION_TABLE, "compare_type": False}
        )
        return list(compare_metadata(context, models()))


def a_table() -> TableRecord:
    return TableRecord(
        id=secrets.token_urlsafe(6),
        game="eggo",
        params={"players": 2, "characters": "choose", "two_player_reverse": "no_skip"},
        seed=2**62 - 5,
        status="playing",
        seats=[
            SeatRecord(0, "person", "Ana", None, "a" * 64, arrived=True),
            SeatRecord(1, "bot", None, "easy", arrived=True),
        ],
        creator="migrations",
        created_at=time.time(),
    )


def test_there_is_a_chain_of_revisions() -> None:
    chain = revisions()
    assert chain and chain[0] == "0001"
    assert len(chain) == len(set(chain))


def test_migrations_apply_one_by_one_on_an_empty_database_and_back(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        assert current(engine) is None
        for revision in revisions():
            with alembic(engine) as (config, _):
                command.upgrade(config, revision)
            assert current(engine) == revision
        tables = set(inspect(engine).get_table_names())
        assert set(models().tables) <= tables
        assert schema_drift(engine) == []  # the migrations build exactly the models
        with alembic(engine) as (config, _):
            command.downgrade(config, "base")
        assert current(engine) is None
        assert not set(models().tables) & set(inspect(engine).get_table_names())
        with alembic(engine) as (config, _):
            command.upgrade(config, "head")
        assert current(engine) == revisions()[-1]
    finally:
        engine.dispose()


def test_a_database_at_each_previous_revision_upgrades_keeping_its_tables(
    database_url: str,
) -> None:
    """Each revision but the newest holds a table; opening the store (which migrates to the
    newest) keeps it whole. With one revision, its 'previous' schema is the empty database."""
    chain = revisions()
    engine = make_engine(database_url)
    try:
        records: list[TableRecord] = []
        for revision in chain:
            with alembic(engine) as (config, connection):
                command.upgrade(config, revision)
            # written with the columns this revision has (a later one's take their defaults)
            record = a_table()
            with engine.begin() as connection:
                _write_at(connection, record)
            records.append(record)
        store = Store(database_url)  # migrates to the newest: a no-op at the newest already
        try:
            assert current(store.engine) == chain[-1]
            for record in records:
                loaded = store.run(partial(load_table, table_id=record.id))
                assert loaded is not None
                assert loaded.seed == record.seed and loaded.seats == record.seats
                assert [a.action for a in loaded.actions] == [54, 3]
        finally:
            store.engine.dispose()
    finally:
        engine.dispose()


def _write_at(connection: Connection, record: TableRecord) -> None:
    """`record` as rows of the schema the database is at: the columns it lacks are left out."""
    schema = inspect(connection)
    tables = models().tables
    present = set(schema.get_table_names())  # (a later revision's tables are not there yet)
    columns = {
        name: {c["name"] for c in schema.get_columns(name)} for name in tables if name in present
    }

    def insert(name: str, row: dict[str, object]) -> None:
        kept = {key: value for key, value in row.items() if key in columns[name]}
        typed = [tables[name].c[key] for key in kept]  # (JSON columns need their type)
        connection.execute(table(name, *(column(c.name, c.type) for c in typed)).insert(), kept)

    now = time.time()
    insert(
        "roost_tables",
        {
            "id": record.id,
            "game": record.game,
            "params": record.params,
            "seed": record.seed,
            "status": record.status,
            "version": 0,
            "creator": record.creator,
            "created_at": record.created_at,
            "updated_at": now,
        },
    )
    for seat in record.seats:
        insert("roost_seats", {"table_id": record.id, **seat.__dict__, "seat": seat.seat})
    with Session(bind=connection) as session:
        append_actions(
            session, record.id, 0, [ActionRecord(54, 0, "person"), ActionRecord(3, None, "chance")]
        )
        session.flush()


@pytest.mark.parametrize("revision", revisions()[1:])
def test_each_revision_goes_down_and_up_keeping_every_table(
    database_url: str, revision: str
) -> None:
    """Revisions add and drop columns with plain ALTER TABLE: on SQLite a batch would copy
    roost_tables and drop the old one, and that drop (foreign keys on) deletes every seat and
    action by cascade."""
    chain = revisions()
    before = chain[chain.index(revision) - 1]
    engine = make_engine(database_url)
    try:
        with alembic(engine) as (config, _):
            command.upgrade(config, revision)
        record = a_table()
        with engine.begin() as connection:
            _write_at(connection, record)
        with alembic(engine) as (config, _):
            command.downgrade(config, before)
        with engine.connect() as connection:
            counts = [
                connection.execute(
                    text(f"SELECT count(*) FROM {name} WHERE table_id = :t"), {"t": record.id}
                ).scalar()
                for name in ("roost_seats", "roost_actions")
            ]
        assert counts == [2, 2]
        with alembic(engine) as (config, _):
            command.upgrade(config, "head")
        with Session(engine) as session:
            loaded = load_table(session, record.id)
        assert loaded is not None and loaded.seats == record.seats
        assert [a.action for a in loaded.actions] == [54, 3]
    finally:
        engine.dispose()
