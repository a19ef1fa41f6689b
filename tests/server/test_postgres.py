"""The same storage on a real PostgreSQL (a throwaway cluster; skipped when not installed)."""

from __future__ import annotations

import random
import secrets
import time

import pytest

from roost.core.registry import load_game
from roost.server.db import Conflict, Store, migrate
from roost.server.tables.rows import (
    ActionRecord,
    SeatRecord,
    TableRecord,
    append_actions,
    insert_table,
    load_table,
    table_ids,
    unfinished_count,
)
from roost.server.tables.table import Table
from tests.server.helpers import FakeConnection, make_table, play_out, run
from tests.server.test_restart import restart_scenario


def test_the_schema_migrates_twice_and_round_trips_a_table(pg_store: Store) -> None:
    assert pg_store.dialect == "postgresql"
    migrate(pg_store.engine)  # a second start changes nothing
    record = TableRecord(
        id=secrets.token_urlsafe(6),
        game="eggo",
        params={"players": 2, "characters": "choose", "two_player_reverse": "no_skip"},
        seed=2**62 - 1,
        status="playing",
        seats=[SeatRecord(0, "person", "Ana", None, "h" * 64), SeatRecord(1, "bot", None, "hard")],
        creator="pg-test",
        created_at=time.time(),
        clock=30,
    )
    pg_store.run(lambda session: insert_table(session, record))
    pg_store.run(
        lambda session: append_actions(
            session, record.id, 0, [ActionRecord(54, 0, "person"), ActionRecord(3, None, "chance")]
        )
    )
    with pytest.raises(Conflict):  # one version is never stored twice
        pg_store.run(
            lambda session: append_actions(session, record.id, 1, [ActionRecord(4, None, "chance")])
        )
    loaded = pg_store.run(lambda session: load_table(session, record.id))
    assert loaded is not None
    assert [a.action for a in loaded.actions] == [54, 3]
    assert loaded.seed == record.seed and loaded.seats == record.seats
    assert record.id in pg_store.run(lambda session: table_ids(session, ("playing",)))
    assert pg_store.run(lambda session: unfinished_count(session, "pg-test")) >= 1


def test_a_game_is_played_and_rebuilt_on_postgres(pg_store: Store) -> None:
    game = load_game("eggo", players=3)

    async def scenario() -> None:
        table, tokens = make_table(pg_store, game, ["person", "medium", "easy"])
        connection = FakeConnection()
        await table.attach(connection, tokens[0])
        await table.start_if_full()
        await play_out(table, {0: (tokens[0], connection)}, random.Random(9))
        record = await pg_store.read(lambda session: load_table(session, table.id))
        assert record is not None and record.status == "over"
        rebuilt = Table.restore(record, store=pg_store, bots=table.bots, settings=table.settings)
        assert rebuilt.state == table.state
        await pg_store.close()

    run(scenario())


def test_a_restarted_server_on_postgres_finishes_the_game(postgres_url: str) -> None:
    restart_scenario(postgres_url)
