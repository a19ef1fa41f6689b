"""The Table on its own (no HTTP): whole games, refused moves, what each seat is sent."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from roost.core.game import OMNISCIENT
from roost.core.registry import load_game, registered_games
from roost.server.db import Store
from roost.server.errors import ServerError
from roost.server.tables.rows import ActionRecord, ActionRow, load_table
from roost.server.tables.table import Table, legal_action_data
from tests.server.helpers import FAST, FakeConnection, make_table, play_out, run, seat_people, until

GAMES = sorted(registered_games())


def stored_history(store: Store, table_id: str) -> list[int]:
    record = store.run(lambda session: load_table(session, table_id))
    assert record is not None
    return [entry.action for entry in record.actions]


# --- whole games --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_every_game_is_played_to_the_end_by_people_and_bots(store: Store, name: str) -> None:
    game = load_game(name, players=3)

    async def scenario() -> Table:
        table, tokens = make_table(store, game, ["person", "person", "medium"])
        people = await seat_people(table, tokens)
        await play_out(table, people, random.Random(7))
        # every view offered moves exactly to the seat that had to decide then
        for seat, (_, connection) in people.items():
            for view in connection.views():
                to_move = view["table"]["to_move"]
                assert bool(view["actions"]) == (to_move == seat), view["version"]
        return table

    table = run(scenario())
    assert table.status == "over"
    history = stored_history(store, table.id)
    replayed = game.state_from_history(history)
    assert replayed == table.state
    assert table.record.result == {"returns": replayed.returns(), "winners": replayed.winners()}


@pytest.mark.parametrize("name", GAMES)
def test_a_table_of_bots_plays_itself_to_the_end(store: Store, name: str) -> None:
    game = load_game(name, players=2)

    async def scenario() -> Table:
        table, _ = make_table(store, game, ["easy", "medium"])
        spectator = FakeConnection()
        await table.attach(spectator, None)
        await table.start_if_full()
        await until(lambda: table.status == "over", timeout=120)
        assert spectator.last_view()["table"]["result"] is not None
        return table

    table = run(scenario())
    assert game.state_from_history(stored_history(store, table.id)) == table.state


# --- refused moves ------------------------------------------------------------------------------


def test_forged_stale_repeated_and_other_seats_moves_change_nothing(store: Store) -> None:
    game = load_game("eggo", players=3)

    async def scenario() -> None:
        table, tokens = make_table(store, game, ["person", "person", "person"])
        connections = {seat: FakeConnection() for seat in tokens}
        for seat, token in tokens.items():
            await table.attach(connections[seat], token)
        await table.start_if_full()
        mover = table.state.current_player()
        other = (mover + 1) % 3
        version = table.version
        action = table.state.legal_actions()[0]

        async def expect(code: str, token: str | None, at: int, act: int) -> None:
            before = (table.version, stored_history(store, table.id), table.state.clone())
            sent = {seat: len(c.frames) for seat, c in connections.items()}
            with pytest.raises(ServerError) as caught:
                await table.move(token, at, act)
            assert caught.value.code == code, caught.value.message
            assert (table.version, stored_history(store, table.id)) == before[:2]
            assert table.state == before[2]
            assert {seat: len(c.frames) for seat, c in connections.items()} == sent

        await expect("unauthorized", "forged-token", version, action)
        await expect("unauthorized", tokens[mover] + "x", version, action)
        await expect("not_seated", None, version, action)
        await expect("not_your_turn", tokens[other], version, action)
        await expect("stale_version", tokens[mover], version + 1, action)
        await expect("stale_version", tokens[mover], version - 1, action)
        illegal = next(
            a for a in range(game.num_distinct_actions()) if a not in table.state.legal_actions()
        )
        await expect("illegal_action", tokens[mover], version, illegal)
        await expect("illegal_action", tokens[mover], version, 10**6)

        new_version = await table.move(tokens[mover], version, action)
        assert new_version > version
        # the same move sent again is stale: never applied twice
        after = stored_history(store, table.id)
        with pytest.raises(ServerError) as caught:
            await table.move(tokens[mover], version, action)
        assert caught.value.code == "stale_version"
        assert stored_history(store, table.id) == after

    run(scenario())


def test_moves_before_the_start_and_after_the_end_are_refused(store: Store) -> None:
    game = load_game("eggo", players=2)

    async def scenario() -> None:
        table, tokens = make_table(store, game, ["person", "open"])
        with pytest.raises(ServerError) as caught:
            await table.move(tokens[0], 0, 54)
        assert caught.value.code == "not_started"
        seat, token = await table.join("Bo", None)
        assert (seat, table.status) == (1, "playing")
        people = {0: (tokens[0], FakeConnection()), 1: (token, FakeConnection())}
        for _s, (t, c) in people.items():
            await table.attach(c, t)
        await play_out(table, people, random.Random(3))
        with pytest.raises(ServerError) as caught:
            await table.move(tokens[0], table.version, 0)
        assert caught.value.code == "game_over"

    run(scenario())


def test_a_refused_write_applies_nothing(store: Store) -> None:
    game = load_game("eggo", players=2)

    async def scenario() -> None:
        table, tokens = make_table(store, game, ["person", "person"])
        await table.start_if_full()
        mover = table.state.current_player()
        version, state = table.version, table.state.clone()
        # a row already at the next version makes the write fail (as a crashed twin would)
        store.run(
            lambda session: session.add(
                ActionRow(table_id=table.id, version=version, action=0, seat=0, by="person", at=0.0)
            )
        )
        with pytest.raises(ServerError) as caught:
            await table.move(tokens[mover], version, table.state.legal_actions()[0])
        assert caught.value.code == "storage_failed"
        assert table.version == version and table.state == state

    run(scenario())


# --- what each seat is sent ---------------------------------------------------------------------


def _shadow(table: Table, history: list[int]) -> Table:
    """The same table rebuilt on another history (a resampled one)."""
    record = replace(
        table.record,
        actions=[ActionRecord(action, None, "x") for action in history],
        notes=list(table.record.notes),
        seats=list(table.record.seats),
    )
    return Table.restore(record, store=table.store, bots=table.bots, settings=table.settings)


def _seen(table: Table, viewer: int | None) -> dict[str, Any]:
    """What a frame shows; the log only where the game has perfect recall (in a memory
    variant a resample may rewrite the past a viewer was once told, as RULES.md says)."""
    frame = table.view(viewer, full=True).model_dump()
    keys = ["version", "observation", "actions"]
    if table.state.game.perfect_recall:
        keys.append("log")
    return {key: frame[key] for key in keys}


def _variants(name: str) -> list[dict[str, Any]]:
    return [{}, *[dict(v) for v in registered_games()[name].golden_variants]]


LEAK_CASES = [
    pytest.param(name, params, id=f"{name}-{i}")
    for name in GAMES
    for i, params in enumerate(_variants(name))
]


@pytest.mark.parametrize(("name", "params"), LEAK_CASES)
def test_no_seat_or_spectator_is_sent_what_it_may_not_know(
    store: Store, name: str, params: dict[str, Any]
) -> None:
    """Resample the hidden cards from a seat's information: the frames that seat (and the
    spectators) would be sent are identical, so they carry nothing of what is hidden."""
    params = {"players": 3, **params}
    game = load_game(name, **params)
    rng = random.Random(11)

    async def scenario() -> None:
        players = game.num_players
        table, tokens = make_table(store, game, ["person"] * players)
        connections = {seat: FakeConnection() for seat in tokens}
        spectator = FakeConnection()
        for seat, token in tokens.items():
            await table.attach(connections[seat], token)
        await table.attach(spectator, None)
        await table.start_if_full()
        checks = moves = 0
        while table.status != "over" and moves < 160:
            moves += 1
            mover = table.state.current_player()
            if rng.random() < 0.12 or checks == 0:
                checks += 1
                for seat in range(players):
                    resampled = table.state.resample_from_infostate(seat, rng)
                    shadow = _shadow(table, resampled.history())
                    assert _seen(shadow, seat) == _seen(table, seat)
                    assert _seen(shadow, None) == _seen(table, None)
            view = connections[mover].last_view()
            action = rng.choice(view["actions"])["action"]
            await table.move(tokens[mover], view["version"], action)
        secret = str(table.record.seed)
        for connection in [*connections.values(), spectator]:
            before_end = [
                t
                for t, f in zip(connection.texts, connection.frames, strict=True)
                if not (f.get("table") or {}).get("result")
            ]
            assert not any(secret in text for text in before_end)
            assert not any(token in text for token in tokens.values() for text in connection.texts)
            # the log lines sent one frame at a time add up to the whole log
            sent = [line for view in connection.views() for line in view["log"]]
            seat = connection.views()[0]["seat"]
            if game.perfect_recall:
                assert sent == table.view(seat, full=True).model_dump()["log"]
        assert checks > 1

    run(scenario(), timeout=120)


@pytest.mark.parametrize("name", GAMES)
def test_actions_are_sent_as_data_with_the_seats_words(name: str) -> None:
    game = load_game(name, players=3)
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        seat = state.current_player()
        data = legal_action_data(state, seat)
        assert [d["action"] for d in data] == state.legal_actions()
        for entry in data:
            assert entry["text"] == state.action_to_string(entry["action"], seat)
            assert entry["steps"] and entry["kind"] != "action"
        state.apply_action(rng.choice(state.legal_actions()))


# --- stand-ins ----------------------------------------------------------------------------------


def is_away(table: Table, seat: int) -> bool:
    return table.seats[seat].away


def test_a_person_out_of_time_gets_a_stand_in_until_back(store: Store) -> None:
    game = load_game("eggo", players=2)

    async def scenario() -> None:
        table, tokens = make_table(store, game, ["person", "person"], clock=10)
        table.record.clock = 0  # the test does not wait 10 s: the timer fires at once
        connections = {seat: FakeConnection() for seat in tokens}
        for seat, token in tokens.items():
            await table.attach(connections[seat], token)
        await table.start_if_full()
        mover = table.state.current_player()
        table.record.clock = 3600  # from now on nobody else times out
        await until(lambda: table.seats[mover].away and table.version >= 1)
        assert is_away(table, mover)
        lines = [line["text"] for view in connections[mover].views() for line in view["log"]]
        assert any("ran out of time" in text for text in lines)
        await table.come_back(mover)
        assert not is_away(table, mover)
        assert any("is back" in line["text"] for line in connections[1].last_view()["log"])
        stored = store.run(lambda session: load_table(session, table.id))
        assert stored is not None and not stored.seats[mover].away
        assert any("ran out of time" in note.text for note in stored.notes)

    run(scenario())


def test_a_person_who_leaves_is_replaced_after_the_grace_and_returns(store: Store) -> None:
    game = load_game("eggo", players=2)
    # Bots pause between moves, so the game is still on when the person comes back (someone
    # who returns to a finished game has nothing to be back for).
    settings = replace(FAST, grace=0.05, bot_pause=0.05)

    async def scenario() -> None:
        table, tokens = make_table(store, game, ["person", "medium"], settings=settings)
        connection = FakeConnection()
        await table.attach(connection, tokens[0])
        await table.start_if_full()
        await table.detach(connection)
        await until(lambda: any(entry.by == "standin" for entry in table.record.actions))
        assert table.status == "playing"
        assert is_away(table, 0)
        assert any(entry.by == "standin" for entry in table.record.actions)
        again = FakeConnection()
        await table.attach(again, tokens[0])
        assert not is_away(table, 0)
        assert again.frames[0]["type"] == "welcome"
        texts = [line["text"] for view in again.views() for line in view["log"]]
        assert any("left the table" in text for text in texts)
        assert any("is back" in text for text in texts)

    run(scenario())


def test_a_rebuilt_table_shows_the_same_views(store: Store) -> None:
    game = load_game("eggo", players=3)

    async def scenario() -> None:
        table, tokens = make_table(store, game, ["person", "medium", "easy"])
        connection = FakeConnection()
        await table.attach(connection, tokens[0])
        await table.start_if_full()
        for _ in range(3):
            await until(lambda: bool(connection.last_view()["actions"]))
            view = connection.last_view()
            await table.move(tokens[0], view["version"], view["actions"][0]["action"])
        async with table.lock:
            record = store.run(lambda session: load_table(session, table.id))
            assert record is not None
            rebuilt = Table.restore(record, store=store, bots=table.bots, settings=table.settings)
            for viewer in (0, 1, 2, None):
                assert _seen(rebuilt, viewer) == _seen(table, viewer)
            assert rebuilt.state.observation(OMNISCIENT) == table.state.observation(OMNISCIENT)
        table.close()

    run(scenario())
