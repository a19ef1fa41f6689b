"""Each viewer's log is kept only while someone reads it (a connection of that seat, or a
spectator), and worked out again from the stored history when someone comes to read it: a
reader who connects late, or leaves and comes back, reads exactly the lines of a reader who
was there throughout, for every game, each from its own observations only."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from roost.core.registry import load_game, registered_games
from roost.server.db import Store
from roost.server.tables.log import derive
from roost.server.tables.table import Table
from tests.server.helpers import FakeConnection, make_table, play_out, run, seat_people

GAMES = sorted(registered_games())


def _told(connection: FakeConnection) -> list[dict[str, Any]]:
    """Every log line a connection was sent, in order (a full view, then the new lines)."""
    return [line for view in connection.views() for line in view["log"]]


def _whole(connection: FakeConnection, first: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The lines a full view sent `connection` continue those `first` was sent: ``n`` numbers
    a viewer's lines, so a memory variant's full view (from the last decision) starts where
    it says."""
    told = _told(connection)
    start = told[0]["n"] if told else len(first)
    return [*first[:start], *told]


def _derived(table: Table, viewer: int | None) -> list[dict[str, Any]]:
    actions = [entry.action for entry in table.record.actions]
    return [dict(line) for line in derive(table.game, actions, table.record.notes, viewer).lines]


@pytest.mark.parametrize("name", GAMES)
def test_late_and_returning_readers_read_what_one_there_throughout_read(
    store: Store, name: str
) -> None:
    game = load_game(name, players=3)
    rng = random.Random(3)

    async def scenario() -> None:
        table, tokens = make_table(store, game, ["person", "person", "medium"])
        throughout = FakeConnection()
        await table.attach(throughout, None)
        people = await seat_people(table, tokens)
        assert set(table.log.of) == {0, 1, None}
        # seat 1 leaves and comes back while the others play on; nobody follows its log meanwhile
        token, gone = people[1]
        await table.detach(gone)
        assert set(table.log.of) == {0, None}
        await _play_until_seat(table, people[0], 1)
        back = FakeConnection()
        await table.attach(back, token)
        people[1] = (token, back)
        # the spectators' log is kept while a spectator watches, and only then
        await table.detach(throughout)
        assert set(table.log.of) == {0, 1}
        await play_out(table, people, rng)
        late = FakeConnection()
        await table.attach(late, None)
        derived = {viewer: _derived(table, viewer) for viewer in (0, 1, None)}
        assert _told(late) == derived[None]
        assert _told(throughout) == derived[None][: len(_told(throughout))]
        assert _whole(back, _told(gone)) == derived[1]
        assert _told(people[0][1]) == derived[0]
        for viewer, followed in table.log.of.items():
            assert followed.lines == derived[viewer]
            assert followed.since_decision == _since_decision(table, viewer)
        table.close()

    run(scenario(), timeout=240)


def _since_decision(table: Table, viewer: int | None) -> int:
    actions = [entry.action for entry in table.record.actions]
    return derive(table.game, actions, table.record.notes, viewer).since_decision


async def _play_until_seat(table: Table, person: tuple[str, FakeConnection], seat: int) -> None:
    """The person at seat 0 plays (the first of its actions) and the bot by itself, until
    `seat` must decide or the game is over."""
    token, connection = person
    while table.status != "over" and table.state.current_player() != seat:
        view = connection.last_view()
        if view["actions"] and view["version"] == table.version and not view["passive"]:
            await table.move(token, view["version"], view["actions"][0]["action"])
        else:
            await asyncio.sleep(0.001)
