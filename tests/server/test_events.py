"""The server's log carries `event` lines: `Game.narrate` on each viewer's own observations,
the same after a rebuild from the stored action list."""

from __future__ import annotations

import random
from typing import Any

import pytest

from roost.core.game import Game
from roost.core.registry import load_game, registered_games
from roost.server.db import Store
from roost.server.tables.table import Table
from tests.server.helpers import make_table, play_out, run, seat_people

GAMES = list(registered_games())


def _expected(game: Game, history: list[int], viewer: int | None) -> list[tuple[int, str]]:
    state = game.new_initial_state()
    before = state.observation(viewer)
    lines = []
    for version, action in enumerate(history):
        state.apply_action(action)
        after = state.observation(viewer)
        lines += [(version, text) for text in game.narrate(before, after)]
        before = after
    return lines


def _events(table: Table, viewer: int | None) -> list[tuple[int, str]]:
    log: list[dict[str, Any]] = table.view(viewer, full=True).model_dump()["log"]
    return [(line["version"], line["text"]) for line in log if line["kind"] == "event"]


@pytest.mark.parametrize("name", GAMES)
def test_every_viewer_is_told_the_events_of_its_own_observations(store: Store, name: str) -> None:
    game = load_game(name, players=3)

    async def scenario() -> None:
        table, tokens = make_table(store, game, ["person", "medium", "person"], seed=4)
        people = await seat_people(table, tokens)
        await play_out(table, people, random.Random(2), limit=120)
        history = [entry.action for entry in table.record.actions]
        for viewer in (0, 2, None):
            told = _events(table, viewer)
            assert told == _expected(game, history, viewer)
            assert told, "a whole game without one event"
        # the lines a connection was sent one view at a time hold the same events
        sent = [line for view in people[0][1].views() for line in view["log"]]
        assert [(x["version"], x["text"]) for x in sent if x["kind"] == "event"] == _events(
            table, 0
        )
        rebuilt = Table.restore(
            table.record, store=table.store, bots=table.bots, settings=table.settings
        )
        for viewer in (0, 1, None):
            assert _events(rebuilt, viewer) == _events(table, viewer)

    run(scenario(), timeout=180)
