"""A table's description (`Table.info_data`, in every view frame) is built once and reused
until what it describes changes; its version, turn and deadline are new in every frame. After
every change (moves, the clock, people coming and going, spectators, stand-ins, the end, a
rematch, the invitation's address) it equals the description built from scratch."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from roost.core.registry import load_game
from roost.server.db import Store
from roost.server.tables.table import Table
from tests.server.helpers import FakeConnection, described, make_table, play_out, run, until


def fresh(table: Table) -> dict[str, Any]:
    """The description built from scratch (the cache forgotten)."""
    kept = table._described
    table._described = None
    try:
        return table.info_data()
    finally:
        table._described = kept


def test_the_description_follows_every_change(store: Store) -> None:
    game = load_game("eggo", players=3)

    async def scenario() -> None:
        table, tokens = make_table(store, game, ["person", "person", "medium"], clock=60)
        checks = 0

        def check() -> None:
            nonlocal checks
            assert table.info_data() == fresh(table), table.version
            checks += 1

        original = table._broadcast

        def broadcast() -> None:
            original()
            check()

        table._broadcast = broadcast  # type: ignore[method-assign]
        first, second = FakeConnection(), FakeConnection()
        await table.attach(first, tokens[0])
        check()
        await table.attach(second, tokens[1])
        check()
        await table.start_if_full()
        started = table.info_data()
        assert started["status"] == "playing" and started["version"] == table.version

        watcher = FakeConnection()
        await table.attach(watcher, None)
        assert table.info_data()["spectators"] == 1
        check()

        # a version later: the version, the turn and the clock's deadline are new
        people = {0: (tokens[0], first), 1: (tokens[1], second)}

        def a_person_decides() -> bool:
            seat = table.to_move()
            return seat in people and not people[seat][1].last_view()["passive"]

        await until(a_person_decides)
        before = table.info_data()
        token, connection = people[before["to_move"]]
        action = connection.last_view()["actions"][0]["action"]
        await table.move(token, table.version, action, connection=connection)
        after = table.info_data()
        assert after["version"] > before["version"]
        assert (after["to_move"], after["deadline"]) != (before["to_move"], before["deadline"])
        check()

        # a person leaves: not connected; a stand-in plays for them; they come back
        await table.detach(second)
        assert table.info_data()["seats"][1]["connected"] is False
        check()
        async with table.lock:
            await table._set_away(1, True, "stand-in")
        assert table.info_data()["seats"][1]["standin"] is True
        check()
        second = FakeConnection()
        await table.attach(second, tokens[1])
        described = table.info_data()["seats"][1]
        assert described["connected"] is True and described["standin"] is False
        check()
        await table.detach(watcher)
        assert table.info_data()["spectators"] == 0

        # the invitation's address is learnt from the first request (roost.server.tables.routes)
        table.public_url = lambda: "http://roost.example"
        assert table.info_data()["invite_url"] == f"http://roost.example/t/{table.id}"

        await play_out(table, {0: (tokens[0], first), 1: (tokens[1], second)}, random.Random(2))
        over = table.info_data()
        assert over["status"] == "over" and over["result"] is not None
        assert over["to_move"] is None and over["deadline"] is None
        check()
        table.record.rematch = "next"
        assert table.info_data()["rematch"] == "next"
        assert checks > 10

    run(scenario())


def test_the_description_is_reused_between_versions(store: Store) -> None:
    """Between two versions nothing but the version, the turn and the deadline is built
    again: the seats' descriptions are the very same objects."""
    game = load_game("eggo", players=2)

    async def scenario() -> None:
        table, tokens = make_table(store, game, ["person", "medium"], clock=30)
        connection = FakeConnection()
        await table.attach(connection, tokens[0])
        await table.start_if_full()
        seats = table.info_data()["seats"]
        version = table.version
        view = connection.last_view()
        await table.move(tokens[0], version, view["actions"][0]["action"], connection=connection)
        assert table.version > version
        assert table.info_data()["seats"] is seats

    run(scenario())


def merged(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A protocol-2 client's views as that client reads them (`described`), each taking the
    description last sent by a view or a table frame."""
    info: dict[str, Any] | None = None
    views = []
    for frame in frames:
        if frame["type"] == "table":
            info = frame["table"]
        elif frame["type"] == "view":
            view = described(info, frame)
            info = view["table"]
            views.append(view)
    return views


@pytest.mark.parametrize("name", ["eggo", "egg-bound", "manda-huevos", "big-chicken"])
def test_a_protocol_2_client_reads_the_same_views_as_protocol_1(store: Store, name: str) -> None:
    """Two clients of the same seat, and two spectators, one of each protocol: the views a
    protocol-2 client is sent, read as it reads them (`merged`), are the protocol-1 client's
    views frame for frame, through a spectator arriving, a person leaving and coming back, and
    the end; and most of them leave the description out."""
    game = load_game(name)
    kinds = ["person", "person"] + ["medium"] * (game.num_players - 2)

    async def scenario() -> None:
        table, tokens = make_table(store, game, kinds, clock=60)
        old, new = FakeConnection(), FakeConnection()
        await table.attach(old, tokens[0], 1)
        await table.attach(new, tokens[0], 2)
        other = FakeConnection()
        await table.attach(other, tokens[1], 2)
        await table.start_if_full()
        people = {0: (tokens[0], new), 1: (tokens[1], other)}
        rng = random.Random(7)
        for _ in range(6):  # a few moves, then a spectator of each protocol arrives
            await until(lambda: table.to_move() in people or table.status == "over")
            seat = table.to_move()
            if seat is None or seat not in people:
                break
            token, connection = people[seat]
            view = connection.last_view()
            if view["actions"] and not view["passive"] and view["version"] == table.version:
                action = rng.choice(view["actions"])["action"]
                await table.move(token, view["version"], action, connection=connection)
            else:
                await asyncio.sleep(0.01)
        old_watcher, new_watcher = FakeConnection(), FakeConnection()
        await table.attach(old_watcher, None, 1)
        await table.attach(new_watcher, None, 2)
        await table.detach(other)  # a person leaves and comes back
        other = FakeConnection()
        await table.attach(other, tokens[1], 2)
        people[1] = (tokens[1], other)
        await play_out(table, people, rng)
        for protocol_1, protocol_2 in ((old, new), (old_watcher, new_watcher)):
            # each pair's first views differ only by the second one's arrival (a spectator
            # more), which a table frame then tells the first
            assert merged(protocol_2.frames)[1:] == protocol_1.views()[1:]
            assert all(view["table"] is not None for view in protocol_1.views())
            assert protocol_2.views()[0]["table"] is not None
        compact = [view for view in new.views() if view["table"] is None]
        assert len(compact) > len(new.views()) / 2
        assert merged(new.frames)[-1]["table"]["status"] == "over"

    run(scenario())
