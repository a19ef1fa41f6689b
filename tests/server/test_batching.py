"""The store's batch transaction runs the moves of many tables in two statements
(`roost.server.tables.rows.Append`, `append_many`): every move of the batch is stored, in one
commit, and a move made at a version its table has left is refused alone."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import pytest
from sqlalchemy import event, text
from sqlalchemy.orm import SessionTransaction

from roost.server.db import Conflict, StorageError, Store
from roost.server.tables.rows import (
    ActionRecord,
    Append,
    NoteRecord,
    SeatRecord,
    TableRecord,
    add_note,
    insert_table,
    load_table,
)
from tests.server.helpers import run, until


def _tables(store: Store, count: int) -> list[str]:
    ids = [f"batch{i:04d}" for i in range(count)]
    for table_id in ids:
        record = TableRecord(
            id=table_id,
            game="eggo",
            params={},
            seed=7,
            status="playing",
            seats=[SeatRecord(0, "bot", level="easy"), SeatRecord(1, "bot", level="easy")],
            creator="test",
            created_at=time.time(),
        )
        store.run(partial(insert_table, record=record))
    return ids


def _moves(store: Store, table_id: str) -> list[ActionRecord]:
    record = store.run(lambda session: load_table(session, table_id))
    assert record is not None
    return record.actions


async def _write_all(store: Store, appends: Sequence[Callable[[Any], Any]]) -> list[object]:
    # queued in one tick of the loop: they go to the writer as one batch
    done: list[object] = await asyncio.gather(
        *(store.write(a) for a in appends), return_exceptions=True
    )
    return done


class _Counting:
    """A DBAPI cursor that notes every statement it runs."""

    def __init__(self, cursor: Any, statements: list[str]) -> None:
        self.cursor = cursor
        self.statements = statements

    def executemany(self, statement: str, rows: Any) -> None:
        self.statements.append(statement)
        self.cursor.executemany(statement, rows)

    @property
    def rowcount(self) -> int:
        return int(self.cursor.rowcount)


def test_moves_of_many_tables_are_stored_in_one_commit(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = _tables(store, 6)
    first = [
        Append(t, 0, (ActionRecord(i, None, "chance"), ActionRecord(i + 1, 0, "bot")))
        for i, t in enumerate(ids)
    ]
    second = [Append(t, 2, (ActionRecord(40 + i, 1, "bot"),)) for i, t in enumerate(ids)]

    statements: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        statements.append(statement)

    original = Append.run_cursor

    def counted(cursor: Any, dialect: str, origin: str, appends: list[Append]) -> bool:
        return original(_Counting(cursor, statements), dialect, origin, appends)

    async def both() -> tuple[list[object], int, list[object]]:
        before = store.commits
        event.listen(store.engine, "before_cursor_execute", count)
        monkeypatch.setattr(Append, "run_cursor", staticmethod(counted))
        outcomes = await _write_all(store, first)
        monkeypatch.undo()
        event.remove(store.engine, "before_cursor_execute", count)
        commits = store.commits - before
        return outcomes, commits, await _write_all(store, second)

    outcomes, commits, later = run(both())
    # PostgreSQL's announcements (one per table, in one executemany) are not counted
    statements = [s for s in statements if "pg_notify" not in s]
    assert outcomes == [None] * 6
    assert later == [None] * 6
    assert commits == 1
    assert len(statements) == 2, statements  # one UPDATE and one INSERT for the six tables
    for i, table_id in enumerate(ids):
        assert _moves(store, table_id) == [
            ActionRecord(i, None, "chance"),
            ActionRecord(i + 1, 0, "bot"),
            ActionRecord(40 + i, 1, "bot"),
        ]


def test_a_stale_move_in_a_batch_is_refused_alone(store: Store) -> None:
    ids = _tables(store, 4)
    # the third table's second move was made at version 0, but the table is then at version 1
    second = [
        Append(t, 0 if i == 2 else 1, (ActionRecord(9, 1, "bot"),)) for i, t in enumerate(ids)
    ]

    async def both() -> list[object]:
        await _write_all(store, [Append(t, 0, (ActionRecord(1, 0, "bot"),)) for t in ids])
        return await _write_all(store, second)

    outcomes = run(both())
    assert [type(o) for o in outcomes] == [type(None), type(None), Conflict, type(None)]
    for i, table_id in enumerate(ids):
        expected = [ActionRecord(1, 0, "bot")]
        if i != 2:
            expected.append(ActionRecord(9, 1, "bot"))
        assert _moves(store, table_id) == expected


@pytest.mark.parametrize("count", [1, 2])
def test_a_move_without_actions_only_moves_the_version_check(store: Store, count: int) -> None:
    ids = _tables(store, count)

    async def both() -> tuple[list[object], list[object]]:
        done = await _write_all(store, [Append(t, 0, ()) for t in ids])
        return done, await _write_all(store, [Append(t, 1, ()) for t in ids])

    done, stale = run(both())
    assert done == [None] * count
    assert all(_moves(store, t) == [] for t in ids)
    assert all(isinstance(o, Conflict) for o in stale)


def test_a_batch_of_moves_only_runs_without_a_session(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer's cheap path: moves alone are committed on the driver's cursor."""
    ids = _tables(store, 3)

    def no_session() -> Any:
        raise AssertionError("a batch of moves opened a session")

    async def write() -> list[object]:
        monkeypatch.setattr(store, "_sessions", no_session)
        done = await _write_all(store, [Append(t, 0, (ActionRecord(7, 0, "bot"),)) for t in ids])
        monkeypatch.undo()
        return done

    assert run(write()) == [None] * 3
    assert all(_moves(store, t) == [ActionRecord(7, 0, "bot")] for t in ids)


def test_moves_and_other_writes_share_a_transaction(store: Store) -> None:
    """A batch with another kind of write runs it and the moves in one session."""
    ids = _tables(store, 2)
    note = NoteRecord(0, None, "a note")

    async def write() -> list[object]:
        before = store.commits
        done = await asyncio.gather(
            store.write(Append(ids[0], 0, (ActionRecord(3, None, "chance"),))),
            store.write(partial(add_note, table_id=ids[1], note=note)),
            store.write(Append(ids[1], 0, (ActionRecord(4, 1, "person"),))),
        )
        return [*done, store.commits - before]

    assert run(write()) == [None, None, None, 1]
    assert _moves(store, ids[0]) == [ActionRecord(3, None, "chance")]
    assert _moves(store, ids[1]) == [ActionRecord(4, 1, "person")]
    record = store.run(lambda session: load_table(session, ids[1]))
    assert record is not None and record.notes == [note]


def test_a_failed_commit_fails_only_its_own_move_and_the_writer_goes_on(store: Store) -> None:
    """The batch's commit fails (one move's row is already there: the primary key refuses
    it): each move is then tried alone, only that one fails, and later batches are stored."""
    ids = _tables(store, 4)
    store.run(
        lambda session: session.execute(
            text(
                'INSERT INTO roost_actions (table_id, version, action, seat, "by", at) '
                "VALUES (:table, 0, 99, 0, 'bot', 0)"
            ),
            {"table": ids[2]},
        )
    )

    async def write() -> tuple[list[object], list[object]]:
        first = await _write_all(
            store, [Append(t, 0, (ActionRecord(i, 0, "bot"),)) for i, t in enumerate(ids)]
        )
        later = [t for i, t in enumerate(ids) if i != 2]
        return first, await _write_all(
            store, [Append(t, 1, (ActionRecord(20, 1, "bot"),)) for t in later]
        )

    first, second = run(write())
    assert [type(o) for o in first] == [type(None), type(None), StorageError, type(None)]
    assert second == [None] * 3
    for i, table_id in enumerate(ids):
        if i == 2:
            assert _moves(store, table_id) == [ActionRecord(99, 0, "bot")]
        else:
            assert _moves(store, table_id) == [
                ActionRecord(i, 0, "bot"),
                ActionRecord(20, 1, "bot"),
            ]


@pytest.mark.parametrize("where", ["statement", "connection"])
def test_the_database_refusing_a_batch_of_moves_is_an_outage(
    store: Store, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """The driver's own error on the writer's cheap path (running the statements, or
    connecting: the database is gone) counts as the database being away
    (`roost.server.outages`), as SQLAlchemy's does: the move is refused, nothing is stored,
    and the next commit ends the outage."""
    ids = _tables(store, 1)
    refused = store.engine.dialect.loaded_dbapi.OperationalError("the disk is full")

    def away(*_args: Any) -> Any:
        raise refused

    async def write() -> tuple[list[object], bool, list[object]]:
        if where == "statement":
            monkeypatch.setattr(Append, "run_cursor", staticmethod(away))
        else:
            store._drop_connection()
            monkeypatch.setattr(store.engine, "raw_connection", away)
        failed = await _write_all(store, [Append(ids[0], 0, (ActionRecord(1, 0, "bot"),))])
        monkeypatch.undo()
        down = store.outage.down
        return (
            failed,
            down,
            await _write_all(store, [Append(ids[0], 0, (ActionRecord(2, 0, "bot"),))]),
        )

    failed, down, later = run(write())
    assert [type(o) for o in failed] == [StorageError]
    assert down
    assert later == [None] and not store.outage.down
    assert _moves(store, ids[0]) == [ActionRecord(2, 0, "bot")]


def test_a_server_connection_lost_while_quiet_costs_no_move(store: Store) -> None:
    """The writer's own connection, unused for a while, is pinged before a batch: a
    PostgreSQL backend that went away meanwhile (a restart) is replaced, and the move is
    stored. A SQLite file keeps its connection."""
    ids = _tables(store, 1)

    async def first() -> object:
        return await store.write(Append(ids[0], 0, (ActionRecord(1, 0, "bot"),)))

    assert run(first()) is None
    held = store._connection
    assert held is not None
    if store.dialect == "postgresql":
        backend = held.dbapi_connection.info.backend_pid  # type: ignore[union-attr]
        store.run(lambda s: s.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": backend}))
    store._connection_used -= 60  # quiet for a minute

    async def later() -> object:
        return await store.write(Append(ids[0], 1, (ActionRecord(2, 0, "bot"),)))

    assert run(later()) is None
    assert not store.outage.down
    assert (store._connection is held) == (store.dialect == "sqlite")
    assert _moves(store, ids[0]) == [ActionRecord(1, 0, "bot"), ActionRecord(2, 0, "bot")]


def test_writes_that_follow_a_commit_closely_share_the_next(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a commit gap, a write made less than the gap after the previous commit started
    waits for the gap (`Store._gather`), and the writes made meanwhile join its commit; a
    write after a quiet spell longer than the gap is committed at once."""
    store = Store(database_url, commit_gap=0.5)
    ids = _tables(store, 3)
    asked: list[float] = []

    async def scenario() -> tuple[int, int]:
        release = asyncio.Event()

        async def gather(seconds: float) -> None:
            asked.append(seconds)
            await release.wait()  # held until the test's second write is made

        monkeypatch.setattr(store, "_gather", gather)
        await store.write(Append(ids[0], 0, (ActionRecord(1, 0, "bot"),)))
        assert asked == []  # the first commit waits for nothing
        before = store.commits
        first = asyncio.ensure_future(store.write(Append(ids[1], 0, (ActionRecord(2, 0, "bot"),))))
        await until(lambda: bool(asked))
        second = asyncio.ensure_future(store.write(Append(ids[2], 0, (ActionRecord(3, 0, "bot"),))))
        await asyncio.sleep(0)
        release.set()
        await asyncio.gather(first, second)  # both stored (a refused one would raise here)
        shared = store.commits - before
        await asyncio.sleep(0.6)  # a quiet spell longer than the gap (sleep never ends early)
        waits = len(asked)
        await store.write(Append(ids[0], 1, (ActionRecord(4, 1, "bot"),)))
        return shared, len(asked) - waits

    try:
        shared, later_waits = run(scenario())
    finally:
        store.engine.dispose()
    assert shared == 1  # the two writes in one commit
    assert 0 < asked[0] <= 0.5
    assert later_waits == 0
    assert [a.action for a in _moves(store, ids[0])] == [1, 4]
    assert [a.action for a in _moves(store, ids[2])] == [3]


def test_the_server_gathers_and_a_bare_store_does_not() -> None:
    from roost.server.config import Settings

    assert Settings().commit_gap > 0
    bare = Store("sqlite://", run_migrations=False)
    assert bare.commit_gap == 0.0
    bare.engine.dispose()


def test_writes_whose_commit_fails_are_each_refused_once(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk fails a write at its commit, after its statements ran. Each write of the
    batch, tried alone, is then refused once: counted twice (a success, then the failure of
    its commit), it stopped the store's writer, and every later write waited forever."""
    _tables(store, 1)
    refused = store.engine.dialect.loaded_dbapi.OperationalError("database or disk is full")

    def full(*_args: Any, **_kwargs: Any) -> None:
        raise refused

    def note(text_: str) -> Any:
        return partial(add_note, table_id="batch0000", note=NoteRecord(0, None, text_))

    async def write() -> tuple[list[object], list[object]]:
        monkeypatch.setattr(SessionTransaction, "commit", full)
        failed = await _write_all(store, [note("one"), note("two"), note("three")])
        monkeypatch.undo()
        later = await asyncio.wait_for(_write_all(store, [note("four")]), 10)
        return failed, later

    failed, later = run(write())
    assert [type(o) for o in failed] == [StorageError] * 3
    assert later == [None]
    record = store.run(lambda session: load_table(session, "batch0000"))
    assert record is not None and [n.text for n in record.notes] == ["four"]
