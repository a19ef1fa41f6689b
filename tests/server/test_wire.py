"""The frames a table encodes without their models (`roost.server.wire`: views and acks)
hold exactly what the models would send, and each seat's view carries its own observation
(the table reuses the log's observations of the version, kept per viewer)."""

from __future__ import annotations

import json
import random

import pytest

from roost.core.registry import load_game
from roost.server.db import Store
from roost.server.protocol import Ack, ViewFrame
from tests.server.helpers import FakeConnection, make_table, play_out, run

GAMES = ["eggo", "egg-bound", "big-chicken", "manda-huevos"]


def _as_model_sends(text: str) -> str:
    """The frame validated by its model and encoded by it again."""
    model = ViewFrame if json.loads(text)["type"] == "view" else Ack
    return model.model_validate_json(text).model_dump_json()


@pytest.mark.parametrize("name", GAMES)
def test_views_and_acks_hold_what_their_models_send(store: Store, name: str) -> None:
    game = load_game(name, players=3)

    async def scenario() -> list[tuple[int | None, FakeConnection]]:
        table, tokens = make_table(store, game, ["person", "person", "medium"])
        people = {}
        watchers: list[tuple[int | None, FakeConnection]] = []
        for seat, token in tokens.items():
            connection = FakeConnection()
            await table.attach(connection, token)
            people[seat] = (token, connection)
            watchers.append((seat, connection))
        spectator = FakeConnection()
        await table.attach(spectator, None)
        watchers.append((None, spectator))
        checked: list[tuple[int | None, FakeConnection]] = []
        await table.start_if_full()

        # after every frame: each seat's view carries that seat's observation, never another's
        def check() -> None:
            for seat, connection in watchers:
                view = connection.last_view()
                if view["version"] == table.version:
                    expected = json.loads(json.dumps(dict(table.state.observation(seat))))
                    assert view["observation"] == expected, (seat, table.version)

        original = table._broadcast

        def broadcast() -> None:
            original()
            check()

        table._broadcast = broadcast  # type: ignore[method-assign]
        await play_out(table, people, random.Random(5))
        checked.extend(watchers)
        return checked

    watchers = run(scenario())
    for _, connection in watchers:
        kinds = {frame["type"] for frame in connection.frames}
        assert "view" in kinds
        for text, frame in zip(connection.texts, connection.frames, strict=True):
            if frame["type"] in ("view", "ack"):
                assert text == _as_model_sends(text)  # the same bytes, not only the same data
    assert any(frame["type"] == "ack" for _, c in watchers for frame in c.frames)
    over = watchers[0][1].last_view()["table"]
    assert over["status"] == "over" and over["result"] is not None
