"""Checks of what a store holds, for the tests that take a database away or restore a backup:
every table's stored list replays (each chance draw the one its seed gives, each decision by
the seat to move), and an over table's stored result is the replay's."""

from __future__ import annotations

import random
from typing import Any

from sqlalchemy import select, text

from roost.core.game import CHANCE
from roost.core.registry import load_game
from roost.server.db import Store
from roost.server.tables.rows import TableRecord, TableRow, load_table


def all_tables(store: Store) -> dict[str, TableRecord]:
    def read(session: Any) -> dict[str, TableRecord]:
        ids = session.execute(select(TableRow.id)).scalars().all()
        records = {table_id: load_table(session, table_id) for table_id in ids}
        return {key: value for key, value in records.items() if value is not None}

    return store.run(read)


def replay_problems(record: TableRecord) -> list[str]:
    """What is wrong with a stored table (nothing: an empty list)."""
    problems: list[str] = []
    game = load_game(record.game, **record.params)
    state = game.new_initial_state()
    for version, entry in enumerate(record.actions):
        if state.is_terminal():
            return [f"{record.id} v{version}: an action after the end"]
        if state.current_player() == CHANCE:
            drawn = state.sample_chance(random.Random(f"{record.seed}:{version}"))
            if entry.by != "chance" or entry.action != drawn:
                problems.append(f"{record.id} v{version}: the stored draw is not the seed's")
        elif entry.seat != state.current_player():
            problems.append(f"{record.id} v{version}: stored for seat {entry.seat}")
        elif entry.action not in state.legal_actions():
            problems.append(f"{record.id} v{version}: an illegal action")
        state.apply_action(entry.action)
    if record.status == "over":
        if not state.is_terminal():
            problems.append(f"{record.id}: over, but its list does not replay to the end")
        elif record.result is None or (
            record.result["returns"] != list(state.returns())
            or record.result["winners"] != list(state.winners())
        ):
            problems.append(f"{record.id}: the stored result is not the replay's")
    elif state.is_terminal():
        problems.append(f"{record.id}: its list replays to the end but it is {record.status}")
    return problems


def sqlite_intact(store: Store) -> bool:
    """SQLite's own check of the file (always true on PostgreSQL)."""
    if store.dialect != "sqlite":
        return True
    return bool(store.run(lambda s: s.execute(text("PRAGMA integrity_check")).scalar()) == "ok")
