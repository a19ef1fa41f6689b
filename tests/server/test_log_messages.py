"""The log as messages: every line of a view frame carries its message's data (``msg``) beside
its English ``text``, and the frame is the same for every reader whatever their language (the
client translates). Notes (a seat taken, a stand-in) and the refusals a player reads (an
illegal move, a full table) are messages too."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from roost.core.message import PLAIN, Listing, Message, Term
from roost.core.registry import load_game
from roost.i18n import translations
from roost.server.app import create_app
from roost.server.db import Store
from roost.server.errors import ServerError
from roost.server.replays import game_steps
from roost.server.tables import notes
from roost.server.tables.notes import note_message
from roost.server.tables.table import Table
from tests.server.helpers import FakeConnection, make_table, play_out, run, seat_people
from tests.server.test_api import error_of, receive_until, settings_for


def from_json(data: Any) -> Message | Term | Listing | int | str:
    """A message's data read back (what the web client's renderMessage reads)."""
    if isinstance(data, (int, str)):
        return data
    if "l" in data:
        return Listing([from_json(item) for item in data["l"]])
    if "c" in data:
        return Term(data["c"], data["s"])
    fields = {name: from_json(value) for name, value in data["f"].items()}
    return Message(data["t"], fields, data.get("p"), data.get("n", 0))


def english(data: Any) -> str:
    said = from_json(data)
    assert isinstance(said, Message)
    return said.english()


@pytest.mark.parametrize("name", ["big-chicken", "manda-huevos"])
def test_every_log_line_carries_its_message(store: Store, name: str) -> None:
    game = load_game(name, players=3)

    async def scenario() -> tuple[Table, dict[int, FakeConnection]]:
        table, tokens = make_table(store, game, ["person", "person", "medium"])
        people = await seat_people(table, tokens)
        await play_out(table, people, random.Random(5))
        return table, {seat: connection for seat, (_, connection) in people.items()}

    table, connections = run(scenario())
    spanish = translations("es")
    kinds = set()
    translated = 0
    for connection in connections.values():
        lines = [line for view in connection.views() for line in view["log"]]
        for line in lines:
            assert english(line["msg"]) == line["text"]
            said = from_json(line["msg"])
            assert isinstance(said, Message)
            kinds.add(line["kind"])
            if line["kind"] in ("move", "event", "chance"):
                assert said.template != PLAIN, line
            translated += said.render(spanish) != line["text"]
        for view in connection.views():
            for action in view["actions"]:
                assert english(action["msg"]) == action["text"]
    assert {"move", "event", "deal"} <= kinds
    assert translated
    for viewer in ("all", 0):  # the replay's steps and notes carry their messages too
        replay = game_steps(table, viewer)
        assert replay.steps and replay.notes is not None
        for step in replay.steps:
            assert english(step.msg) == step.text
        for note in replay.notes:
            assert english(note.msg) == note.text


def test_the_frame_is_the_same_for_readers_of_every_language(tmp_path: Path) -> None:
    """Two people at one table, one whose browser asks for Spanish: the server sends the same
    log (the language is the client's business)."""
    settings = settings_for(tmp_path, database_url=f"sqlite:///{tmp_path / 'db.sqlite'}")
    with TestClient(create_app(settings)) as client:
        seats = [{"type": "open"}, {"type": "open"}, {"type": "bot", "level": "easy"}]
        ana = client.post(
            "/api/tables",
            json={"game": "big-chicken", "players": 3, "seats": seats, "name": "Ana"},
        ).json()
        table_id = ana["table"]["id"]
        bo = client.post(
            f"/api/tables/{table_id}/join",
            json={"name": "Bo"},
            headers={"Accept-Language": "es-ES,es;q=0.9"},
        ).json()
        logs = []
        for token, language in ((ana["token"], "en"), (bo["token"], "es")):
            with client.websocket_connect(
                f"/api/tables/{table_id}/ws", headers={"Accept-Language": language}
            ) as ws:
                ws.send_json({"type": "hello", "token": token})
                receive_until(ws, "welcome")
                logs.append(receive_until(ws, "view")["log"])
        public = [[line for line in log if line["kind"] in ("note", "deal")] for log in logs]
        assert public[0] == public[1]
        assert [line["kind"] for line in public[0]][:2] == ["note", "deal"]
        taken = [line for line in public[0] if "Bo takes seat 2." == line["text"]]
        assert from_json(taken[0]["msg"]) == notes.taken("Bo", 1)
        assert from_json(taken[0]["msg"]).render(translations("es")) == (  # type: ignore[union-attr]
            "Bo ocupa el asiento 2."
        )
        # a full table's refusal: the English sentence and its message
        full = client.post(f"/api/tables/{table_id}/join", json={"name": "Cy"})
        refused = error_of(full)
        assert refused["code"] in ("table_full", "not_waiting")
        assert english(refused["msg"]) == refused["message"]


def test_an_illegal_move_is_refused_with_its_reason_as_a_message(store: Store) -> None:
    game = load_game("manda-huevos", players=2)

    async def scenario() -> tuple[ServerError, Any]:
        table, tokens = make_table(store, game, ["person", "person"])
        connections = {seat: FakeConnection() for seat in tokens}
        for seat, token in tokens.items():
            await table.attach(connections[seat], token)
        await table.start_if_full()
        mover = table.state.current_player()
        legal = set(table.state.legal_actions())
        action = next(a for a in range(game.num_distinct_actions()) if a not in legal)
        with pytest.raises(ServerError) as caught:
            await table.move(tokens[mover], table.version, action)
        return caught.value, table.state.why_illegal_message(action)

    error, reason = run(scenario())
    assert error.code == "illegal_action"
    assert error.msg is not None
    assert english(error.msg) == error.message
    said = from_json(error.msg)
    assert isinstance(said, Message) and said.fields["reason"] == reason
    assert said.render(translations("es")).startswith("jugada no válida")


@pytest.mark.parametrize(
    "said",
    [
        notes.taken("Ana", 0),
        notes.taken("Ana takes seat 3.", 4),
        notes.timed_out("Bo", "medium"),
        notes.left("Bo: is back.", "hard"),
        notes.back("Cy"),
        notes.never_came("Dee", 2, 60.0),
        notes.never_came("Dee", 2, 0.5),
    ],
    ids=repr,
)
def test_a_stored_note_is_read_back_as_its_message(said: Message) -> None:
    assert note_message(said.english()) == said


def test_a_note_of_other_words_is_plain_english() -> None:
    said = note_message("Something the server said long ago.")
    assert said.template == PLAIN and said.english() == "Something the server said long ago."
