"""The store's batch transaction runs the moves of many tables in two statements
(`roost.server.tables.rows.Append`, `append_many`): every move of the batch is stored, in one
commit, and a move made at a version its table has left is refused alone."""

from __future__ import annotations

import asyncio
import time
from functools import partial
from typing import Any

import pytest
from sqlalchemy import event

from roost.server.db import Conflict, Store
from roost.server.tables.rows import (
    ActionRecord,
    Append,
    SeatRecord,
    TableRecord,
    insert_table,
    load_table,
)
from tests.server.helpers import run


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


async def _write_all(store: Store, appends: list[Append]) -> list[object]:
    # queued in one tick of the loop: they go to the writer as one batch
    return await asyncio.gather(*(store.write(a) for a in appends), return_exceptions=True)


def test_moves_of_many_tables_are_stored_in_one_commit(store: Store) -> None:
    ids = _tables(store, 6)
    first = [
        Append(t, 0, (ActionRecord(i, None, "chance"), ActionRecord(i + 1, 0, "bot")))
        for i, t in enumerate(ids)
    ]
    second = [Append(t, 2, (ActionRecord(40 + i, 1, "bot"),)) for i, t in enumerate(ids)]

    statements: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if "pg_notify" not in statement:  # PostgreSQL's announcements, one per table
            statements.append(statement)

    async def both() -> tuple[list[object], int, list[object]]:
        before = store.commits
        event.listen(store.engine, "before_cursor_execute", count)
        outcomes = await _write_all(store, first)
        event.remove(store.engine, "before_cursor_execute", count)
        commits = store.commits - before
        return outcomes, commits, await _write_all(store, second)

    outcomes, commits, later = run(both())
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
