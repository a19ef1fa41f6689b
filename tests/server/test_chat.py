"""Table chat (roost.server.chat, docs/protocol.md "Chat"), on SQLite and on PostgreSQL: the
rules of the text, the rooms and who reads them (checked on the frames each connection
received), the rate limits, the cap per room, the creator's switch, the chat kept across a
restart, the REST route and the replay; bad input is refused with a clear error frame and
changes nothing."""

from __future__ import annotations

import asyncio
import json
import logging
import random
from contextlib import ExitStack
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError
from starlette.testclient import WebSocketTestSession

from roost.server.app import create_app
from roost.server.chat.rows import StoredChat, load_chat
from roost.server.chat.service import BIDI_CONTROLS, ChatService, Window, clean_name, clean_text
from roost.server.config import ChatLimits, Settings
from roost.server.db import Store
from roost.server.errors import ServerError
from roost.server.protocol import Chat, ChatSwitch
from roost.server.tables.table import Table
from tests.server.helpers import FakeConnection, game_for, make_table, run

LIMITS = ChatLimits()
CHAT_FRAME_KEYS = {"type", "id", "room", "seat", "name", "text", "version", "at", "ref"}


# --- the text ------------------------------------------------------------------------------------


def refused(raw: str) -> ServerError:
    with pytest.raises(ServerError) as caught:
        clean_text(raw, LIMITS)
    return caught.value


def test_html_and_script_are_kept_as_the_text_they_are() -> None:
    for hostile in ('<img src=x onerror="window.__pwned=1">', "<script>alert(1)</script>"):
        assert clean_text(hostile, LIMITS) == hostile


def test_bidi_controls_are_removed_and_direction_marks_kept() -> None:
    assert clean_text("\u202egnp.exe", LIMITS) == "gnp.exe"
    assert clean_text("a\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069b", LIMITS) == "ab"
    assert (
        clean_text("\u05e9\u05dc\u05d5\u05dd \u200fok", LIMITS)
        == "\u05e9\u05dc\u05d5\u05dd \u200fok"
    )
    assert BIDI_CONTROLS == {*range(0x202A, 0x202F), *range(0x2066, 0x206A)}
    assert refused("\u202e\u202c").code == "chat_empty"  # nothing left once they are gone
    with pytest.raises(ServerError, match="text-direction"):
        clean_name("\u202eAna\u202c")  # a name is refused, as everywhere


def test_length_is_counted_in_code_points_after_trimming() -> None:
    assert clean_text("  " + "é" * 300 + " \n", LIMITS) == "é" * 300
    error = refused("é" * 301)
    assert error.code == "chat_too_long"
    assert "at most 300" in error.message and "301" in error.message
    assert len(clean_text("\U0001f469\u200d\U0001f373" * 100, LIMITS)) == 300  # 3 each
    assert refused("x" * 10_000).code == "chat_too_long"


def test_zero_width_and_combining_characters_are_kept_but_something_must_show() -> None:
    zalgo = "Z" + "".join(chr(0x0300 + i) for i in range(50))
    assert clean_text(zalgo, LIMITS) == zalgo
    assert clean_text("a\u200db\u200cc\u200bd\ufeff", LIMITS) == "a\u200db\u200cc\u200bd\ufeff"
    for empty in ("", "   ", "\n\n", "\u200b\u200d\u2060", "\u00a0\u3000"):
        assert refused(empty).code == "chat_empty"
    error = refused("\u0301\u0301abc")
    assert error.code == "chat_bad_text" and "combining" in error.message
    with pytest.raises(ServerError):
        clean_name("\u200b\u200c")


def test_control_characters_and_lone_surrogates_are_refused_newlines_kept() -> None:
    for bad, named in (("a\x00b", "U+0000"), ("a\x1bb", "U+001B"), ("a\x9bb", "U+009B")):
        error = refused(bad)
        assert error.code == "chat_bad_text" and named in error.message
    assert refused("a\ud800b").code == "chat_bad_text"
    assert refused("tab\there").code == "chat_bad_text"
    assert clean_text("one\r\ntwo\rthree\u2028four", LIMITS) == "one\ntwo\nthree\nfour"
    assert clean_text("\n".join("abcdef"), LIMITS).count("\n") == 5
    assert refused("\n".join("abcdefg")).code == "chat_bad_text"


def test_the_rate_window_allows_exactly_its_limit() -> None:
    now = [100.0]
    window = Window(5, 10.0, lambda: now[0])
    for _ in range(5):
        assert window.wait() == 0.0
        window.add()
        now[0] += 1.0
    assert window.wait() == pytest.approx(5.0)  # the first of the five leaves at 110
    now[0] = 110.0
    assert window.wait() == 0.0


# --- rooms, audiences and refusals (a table and its connections, on both databases) ---------------


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def connect(
    table: Table, chat: ChatService, token: str | None = None
) -> tuple[FakeConnection, int | None]:
    connection = FakeConnection()
    seat = await table.attach(connection, token)
    await chat.join(table, connection, seat)
    return connection, seat


def said(connection: FakeConnection) -> list[dict[str, Any]]:
    return connection.of_type("chat")


def stored(store: Store, table_id: str) -> StoredChat:
    found = store.run(partial(load_chat, table_id=table_id))
    assert found is not None
    return found


def say(room: str, text: str, ref: str | None = None, name: str | None = None) -> Chat:
    return Chat(type="chat", room=room, text=text, ref=ref, name=name)  # type: ignore[arg-type]


def test_players_room_reaches_everyone_spectators_room_only_spectators(store: Store) -> None:
    async def scenario() -> None:
        table, tokens = make_table(store, game_for("eggo", 2), ["person", "person"])
        chat = ChatService(store, LIMITS, {table.id: table})
        ana, _ = await connect(table, chat, tokens[0])
        bo, _ = await connect(table, chat, tokens[1])
        cy, _ = await connect(table, chat)
        di, _ = await connect(table, chat)
        for connection in (ana, bo, cy, di):
            history = connection.of_type("chat_history")
            assert history == [
                {"type": "chat_history", "creator": None, "spectators_open": True, "lines": []}
            ]
        await chat.receive(table, ana, 0, say("players", "Cluck!", ref="c1"))
        await chat.receive(table, cy, None, say("spectators", "Bo holds the Duck", ref="s1"))
        await chat.receive(table, di, None, say("spectators", "shh", name="Di"))

        # the players' room: to everyone, the writer's copy with its ref, nothing else in it
        for connection in (ana, bo, cy, di):
            first = said(connection)[0]
            assert set(first) == CHAT_FRAME_KEYS
            assert (first["room"], first["seat"], first["name"], first["text"]) == (
                "players",
                0,
                "Person0",
                "Cluck!",
            )
            assert first["version"] == 0 and first["ref"] == ("c1" if connection is ana else None)
        # the spectators' room never reaches a player's connection, in any frame
        for player in (ana, bo):
            assert len(said(player)) == 1
            assert all("Duck" not in text and "shh" not in text for text in player.texts)
        for spectator in (cy, di):
            lines = [(f["room"], f["name"], f["text"]) for f in said(spectator)[1:]]
            assert lines[0][0] == "spectators" and lines[0][1].startswith("Spectator ")
            assert lines[1] == ("spectators", "Di", "shh")
        # a new connection's history: what it may read, from the store after a restart too
        late_player, _ = await connect(table, chat, tokens[1])
        late_spectator, _ = await connect(table, chat)
        rooms = [line["room"] for line in late_player.of_type("chat_history")[0]["lines"]]
        assert rooms == ["players"]
        history = late_spectator.of_type("chat_history")[0]["lines"]
        assert [line["text"] for line in history] == ["Cluck!", "Bo holds the Duck", "shh"]
        again = ChatService(store, LIMITS)  # another process, or this one restarted
        fresh, _ = await connect(table, again)
        assert fresh.of_type("chat_history")[0]["lines"] == history
        assert [line.text for line in stored(store, table.id).lines] == [
            "Cluck!",
            "Bo holds the Duck",
            "shh",
        ]

    run(scenario())


def test_refused_messages_change_nothing(store: Store) -> None:
    with pytest.raises(ValidationError, match="text-direction"):
        say("spectators", "hi", name="\u202e\u200b")

    async def scenario() -> None:
        table, tokens = make_table(store, game_for("eggo", 2), ["person", "person"])
        chat = ChatService(store, LIMITS, {table.id: table})
        ana, _ = await connect(table, chat, tokens[0])
        cy, _ = await connect(table, chat)
        cases: list[tuple[FakeConnection, int | None, Chat | ChatSwitch, str]] = [
            (cy, None, say("players", "coaching"), "chat_forbidden"),
            (ana, 0, say("spectators", "hello watchers"), "chat_forbidden"),
            (ana, 0, say("players", "x" * 301), "chat_too_long"),
            (ana, 0, say("players", " \u200b "), "chat_empty"),
            (ana, 0, say("players", "bell\x07"), "chat_bad_text"),
            # the protocol refuses such a name before the service sees it (below); the service
            # refuses it too, for a frame that comes by another way
            (
                cy,
                None,
                Chat.model_construct(
                    type="chat", room="spectators", text="hi", ref=None, name="\u202e\u200b"
                ),
                "chat_bad_text",
            ),
            # this table was made without a creator: nobody may switch
            (
                ana,
                0,
                ChatSwitch(type="chat_switch", room="spectators", open=False),
                "chat_forbidden",
            ),
        ]
        for connection, seat, frame, code in cases:
            before = [len(c.frames) for c in (ana, cy)]
            with pytest.raises(ServerError) as caught:
                await chat.receive(table, connection, seat, frame)
            assert caught.value.code == code, caught.value.message
            assert [len(c.frames) for c in (ana, cy)] == before  # nobody was sent anything
        assert stored(store, table.id).lines == []
        assert stored(store, table.id).spectators_open

    run(scenario())


def test_rate_limit_per_connection_per_seat_and_for_the_spectators(store: Store) -> None:
    async def scenario() -> None:
        clock = Clock()
        limits = ChatLimits(burst=5, window=10.0, room_burst=8)
        table, tokens = make_table(store, game_for("eggo", 2), ["person", "person"])
        chat = ChatService(store, limits, {table.id: table}, clock=clock)
        tab_one, _ = await connect(table, chat, tokens[0])
        tab_two, _ = await connect(table, chat, tokens[0])  # the same seat in a second tab
        for n in range(5):
            clock.now += 0.5
            await chat.receive(table, (tab_one, tab_two)[n % 2], 0, say("players", f"m{n}"))
        for connection in (tab_one, tab_two):  # per seat: the other tab is refused too
            with pytest.raises(ServerError) as caught:
                await chat.receive(table, connection, 0, say("players", "one more", ref="c9"))
            error = caught.value
            assert error.code == "chat_rate_limited"
            assert (
                "at most 5 in 10 seconds" in error.message and "try again in 8 s" in error.message
            )
        bo, _ = await connect(table, chat, tokens[1])
        await chat.receive(table, bo, 1, say("players", "Bo is not limited by Ana"))
        clock.now += 8.0  # the first message is 10 s old
        await chat.receive(table, tab_one, 0, say("players", "again"))
        assert len(stored(store, table.id).lines) == 7

        # spectators: five per connection, eight for the whole room
        watchers = [(await connect(table, chat))[0] for _ in range(3)]
        for n in range(8):
            await chat.receive(table, watchers[n % 2], None, say("spectators", f"w{n}"))
        with pytest.raises(ServerError) as caught:
            await chat.receive(table, watchers[2], None, say("spectators", "first of mine"))
        assert caught.value.code == "chat_rate_limited"
        assert len(stored(store, table.id).lines) == 15

    run(scenario())


def test_a_room_keeps_at_most_its_cap_even_across_processes(store: Store) -> None:
    async def scenario() -> None:
        limits = ChatLimits(per_room=3, burst=100)
        table, tokens = make_table(store, game_for("eggo", 2), ["person", "person"])
        here = ChatService(store, limits, {table.id: table})
        there = ChatService(store, limits)  # another process: its memory does not see ours
        ana, _ = await connect(table, here, tokens[0])
        bo, _ = await connect(table, there, tokens[1])
        for n in range(3):
            await here.receive(table, ana, 0, say("players", f"m{n}"))
        for chat, connection, seat in ((here, ana, 0), (there, bo, 1)):
            with pytest.raises(ServerError) as caught:
                await chat.receive(table, connection, seat, say("players", "one too many"))
            assert caught.value.code == "chat_full" and "3 messages" in caught.value.message
        cy, _ = await connect(table, here)
        await here.receive(table, cy, None, say("spectators", "our room is not full"))
        assert [line.room for line in stored(store, table.id).lines] == ["players"] * 3 + [
            "spectators"
        ]

    run(scenario())


def test_a_failed_write_is_a_clear_error_and_nothing_is_sent(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario() -> None:
        table, tokens = make_table(store, game_for("eggo", 2), ["person", "person"])
        chat = ChatService(store, LIMITS, {table.id: table})
        ana, _ = await connect(table, chat, tokens[0])
        bo, _ = await connect(table, chat, tokens[1])

        def broken(_session: Any) -> None:
            raise RuntimeError("the disk is full")

        monkeypatch.setattr("roost.server.chat.service.add_chat", lambda _s, **_k: broken(_s))
        with pytest.raises(ServerError) as caught:
            await chat.receive(table, ana, 0, say("players", "lost?"))
        assert caught.value.code == "storage_failed"
        assert said(ana) == [] and said(bo) == []
        assert stored(store, table.id).lines == []

    run(scenario())


# --- through the app: frames, the creator, restarts, REST and the replay -------------------------


def settings(url: str, **chat: int | float) -> Settings:
    return Settings(
        database_url=url,
        bot_pause=0.0,
        bot_workers=0,
        cluster=False,
        moves_per_second=1e6,
        frames_per_second=1e6,
        chat=ChatLimits(**chat),  # type: ignore[arg-type]
    )


def hello(
    client: TestClient, table_id: str, token: str | None, stack: ExitStack
) -> WebSocketTestSession:
    """A WebSocket that said hello (closed when `stack` closes)."""
    ws = stack.enter_context(client.websocket_connect(f"/api/tables/{table_id}/ws"))
    ws.send_json({"type": "hello", "token": token})
    return ws


def until_type(ws: WebSocketTestSession, *kinds: str) -> dict[str, Any]:
    """The next frame of one of these types (views and table frames in between are skipped)."""
    while True:
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] in kinds:
            return frame


def create(
    client: TestClient, players: int = 2, seats: list[dict[str, str]] | None = None
) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "eggo", "players": players, "name": "Ana"}
    if seats is not None:
        body["seats"] = seats
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def test_bad_chat_frames_answer_an_error_and_change_nothing(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    with TestClient(create_app(settings(database_url))) as client, ExitStack() as stack:
        made = create(client)
        table_id, token = made["table"]["id"], made["token"]
        ws = hello(client, table_id, token, stack)
        until_type(ws, "chat_history")
        frames: list[tuple[str, str]] = [
            (json.dumps({"type": "chat", "room": "lobby", "text": "hi"}), "bad_request"),
            (json.dumps({"type": "chat", "room": "players"}), "bad_request"),
            (json.dumps({"type": "chat", "room": "players", "text": 5}), "bad_request"),
            (json.dumps({"type": "chat", "room": "players", "text": "hi", "x": 1}), "bad_request"),
            (json.dumps({"type": "chat_switch", "room": "players", "open": False}), "bad_request"),
            # json.dumps writes the lone surrogate as the escape \ud800, as a hostile client would
            (json.dumps({"type": "chat", "room": "players", "text": "a\ud800b"}), "chat_bad_text"),
            (json.dumps({"type": "chat", "room": "players", "text": "x" * 10_000}), "too_large"),
            (json.dumps({"type": "chat", "room": "players", "text": "x" * 301}), "chat_too_long"),
            (json.dumps({"type": "chat", "room": "players", "text": "\x00"}), "chat_bad_text"),
        ]
        for text, code in frames:
            ws.send_text(text)
            error = until_type(ws, "error", "chat")
            assert (error["type"], error["code"]) == ("error", code), error
            assert error["message"]
        ws.send_json({"type": "chat", "room": "players", "text": "", "ref": "r1"})
        assert until_type(ws, "error")["ref"] == "r1"
        ws.send_json({"type": "ping", "ref": "still-open"})
        assert until_type(ws, "pong")["ref"] == "still-open"
        assert client.get(f"/api/tables/{table_id}/chat").json()["lines"] == []
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_the_creator_switches_the_spectators_room_off_and_it_stays_off(database_url: str) -> None:
    app_settings = settings(database_url)
    with TestClient(create_app(app_settings)) as client, ExitStack() as stack:
        made = create(client, players=3)
        table_id, ana_token = made["table"]["id"], made["token"]
        joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Bo"}).json()
        ana = hello(client, table_id, ana_token, stack)
        bo = hello(client, table_id, joined["token"], stack)
        cy = hello(client, table_id, None, stack)
        for ws in (ana, bo, cy):
            history = until_type(ws, "chat_history")
            assert (history["creator"], history["spectators_open"]) == (0, True)
        cy.send_json({"type": "chat", "room": "spectators", "text": "hello", "ref": "s1"})
        assert until_type(cy, "chat")["ref"] == "s1"
        for ws in (bo, cy):  # only the creator may switch
            ws.send_json({"type": "chat_switch", "room": "spectators", "open": False, "ref": "x"})
            error = until_type(ws, "error")
            assert error["code"] == "chat_forbidden" and "Ana, seat 1" in error["message"]
        ana.send_json({"type": "chat_switch", "room": "spectators", "open": False, "ref": "k1"})
        assert until_type(ana, "chat_rooms") == {
            "type": "chat_rooms",
            "creator": 0,
            "spectators_open": False,
            "ref": "k1",
        }
        for ws in (bo, cy):
            assert until_type(ws, "chat_rooms")["spectators_open"] is False
        cy.send_json({"type": "chat", "room": "spectators", "text": "still here?", "ref": "s2"})
        error = until_type(cy, "error", "chat")
        assert (error["type"], error["code"], error["ref"]) == ("error", "chat_off", "s2")
    # restarted: still off, and the history of the spectators' room is still theirs to read
    with TestClient(create_app(app_settings)) as client, ExitStack() as stack:
        cy = hello(client, table_id, None, stack)
        history = until_type(cy, "chat_history")
        assert history["spectators_open"] is False
        assert [line["text"] for line in history["lines"]] == ["hello"]
        ana = hello(client, table_id, ana_token, stack)
        until_type(ana, "chat_history")
        ana.send_json({"type": "chat_switch", "room": "spectators", "open": True})
        assert until_type(cy, "chat_rooms")["spectators_open"] is True
        cy.send_json({"type": "chat", "room": "spectators", "text": "thanks", "ref": "s3"})
        assert until_type(cy, "chat")["text"] == "thanks"


def test_chat_survives_a_restart_and_the_rest_route_reads_by_role(database_url: str) -> None:
    app_settings = settings(database_url)
    with TestClient(create_app(app_settings)) as client, ExitStack() as stack:
        made = create(client)
        table_id, token = made["table"]["id"], made["token"]
        ana = hello(client, table_id, token, stack)
        cy = hello(client, table_id, None, stack)
        until_type(ana, "chat_history")
        until_type(cy, "chat_history")
        texts = ['<img src=x onerror="window.__pwned=1">', "Good game", "\u05e9\u05dc\u05d5\u05dd"]
        for n, text in enumerate(texts):
            ana.send_json({"type": "chat", "room": "players", "text": text, "ref": f"c{n}"})
            assert until_type(ana, "chat")["text"] == text
        cy.send_json({"type": "chat", "room": "spectators", "text": "hi", "name": "Cy", "ref": "s"})
        while until_type(cy, "chat")["ref"] != "s":  # (Ana's lines come first)
            pass
        before = until_type(hello(client, table_id, None, stack), "chat_history")["lines"]
    with TestClient(create_app(app_settings)) as client, ExitStack() as stack:
        ana = hello(client, table_id, token, stack)
        history = until_type(ana, "chat_history")
        assert [line["text"] for line in history["lines"]] == texts
        assert history["lines"] == [line for line in before if line["room"] == "players"]
        spectator = client.get(f"/api/tables/{table_id}/chat").json()
        assert spectator["lines"] == before and spectator["creator"] == 0
        assert spectator["lines"][-1]["name"] == "Cy"
        auth = {"Authorization": f"Bearer {token}"}
        player = client.get(f"/api/tables/{table_id}/chat", headers=auth).json()
        assert player["lines"] == history["lines"]
        wrong = client.get(f"/api/tables/{table_id}/chat", headers={"Authorization": "Bearer x"})
        assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "unauthorized"
        assert client.get("/api/tables/nothing/chat").status_code == 404


def play_to_the_end(ws: WebSocketTestSession, view: dict[str, Any], rng: random.Random) -> int:
    """Play random legal moves from `view` on until the game is over; returns the final
    version."""
    frame = view
    while True:
        if frame["table"]["status"] == "over":
            return int(frame["version"])
        if frame["actions"]:
            action = rng.choice(frame["actions"])["action"]
            ws.send_json({"type": "move", "version": frame["version"], "action": action})
        frame = until_type(ws, "view")


def test_the_replay_returns_both_rooms_with_the_version_each_line_was_said(
    database_url: str,
) -> None:
    with TestClient(create_app(settings(database_url))) as client, ExitStack() as stack:
        made = create(client, seats=[{"type": "open"}, {"type": "bot", "level": "easy"}])
        table_id, token = made["table"]["id"], made["token"]
        cy = hello(client, table_id, None, stack)
        until_type(cy, "chat_history")
        ana = hello(client, table_id, token, stack)
        first = until_type(ana, "view")  # (welcome, view, then the chat's history)
        assert until_type(ana, "chat_history")["lines"] == []
        version = first["version"]
        ana.send_json({"type": "chat", "room": "players", "text": "Nice lay", "ref": "c1"})
        assert until_type(ana, "chat")["version"] == version
        cy.send_json({"type": "chat", "room": "spectators", "text": "go Ana"})
        until_type(cy, "chat")
        assert client.get(f"/api/tables/{table_id}/replay").json()["error"]["code"] == "not_over"
        final = play_to_the_end(ana, first, random.Random(5))
        ana.send_json({"type": "chat", "room": "players", "text": "Good game", "ref": "c2"})
        until_type(ana, "chat")
        replay = client.get(f"/api/tables/{table_id}/replay").json()
        assert [(c["room"], c["text"], c["version"]) for c in replay["chat"]] == [
            ("players", "Nice lay", version),
            ("spectators", "go Ana", version),
            ("players", "Good game", final),
        ]
        assert final == len(replay["history"]) > version


# --- several server processes on one PostgreSQL ---------------------------------------------------


def test_chat_said_at_one_process_reaches_the_clients_of_another(
    postgres_url: str, tmp_path: Path
) -> None:
    from serverkit import fresh_database

    asyncio.run(cluster_scenario(fresh_database(postgres_url), tmp_path))


async def cluster_scenario(url: str, folder: Path) -> None:
    import httpx
    from websockets.asyncio.client import ClientConnection, connect

    from serverkit import start_server, wait_ready

    one = start_server(url, folder / "one.log")
    two = start_server(url, folder / "two.log")
    try:
        await asyncio.gather(wait_ready(one), wait_ready(two))
        async with httpx.AsyncClient(timeout=30) as http:
            body = {"game": "eggo", "players": 2, "name": "Ana"}
            made = (await http.post(f"{one.base}/api/tables", json=body)).json()
            table_id = made["table"]["id"]

        async def client(base: str, token: str | None) -> ClientConnection:
            ws = await connect(f"{base.replace('http', 'ws')}/api/tables/{table_id}/ws")
            await ws.send(json.dumps({"type": "hello", "token": token}))
            await next_of(ws, "chat_history")
            return ws

        async def next_of(ws: ClientConnection, kind: str) -> dict[str, Any]:
            while True:
                frame: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if frame["type"] == kind:
                    return frame

        ana = await client(one.base, made["token"])  # at process one
        watcher = await client(two.base, None)  # at process two
        other_watcher = await client(one.base, None)
        await ana.send(json.dumps({"type": "chat", "room": "players", "text": "from one"}))
        line = await next_of(watcher, "chat")
        assert (line["text"], line["seat"], line["name"]) == ("from one", 0, "Ana")
        await watcher.send(json.dumps({"type": "chat", "room": "spectators", "text": "from two"}))
        assert (await next_of(other_watcher, "chat"))["text"] == "from one"  # said here
        assert (await next_of(other_watcher, "chat"))["text"] == "from two"  # said there
        await ana.send(json.dumps({"type": "chat_switch", "room": "spectators", "open": False}))
        assert (await next_of(watcher, "chat_rooms"))["spectators_open"] is False
        # the player at process one was sent no line of the spectators' room
        await ana.send(json.dumps({"type": "ping", "ref": "end"}))
        while (frame := json.loads(await asyncio.wait_for(ana.recv(), 30)))["type"] != "pong":
            assert frame.get("room") != "spectators" and "from two" not in json.dumps(frame)
        for ws in (ana, watcher, other_watcher):
            await ws.close()
        assert not one.errors() and not two.errors(), one.errors() + two.errors()
    finally:
        one.stop()
        two.stop()
