"""The play WebSocket's frames as `roost serve` writes them (`roost.server.transport`): the
frames a table delivers in one turn of the event loop go out together, framed by the
connection's protocol, in order and before any close; a client that does not read is closed
(4429); without a writer (another ASGI server, the test client) the same frames go through
ASGI. A real uvicorn with `PlaySocketProtocol` speaks the protocol as before: the welcome, the
views, acks, pongs, refusals and their close codes, and deflate with the wider window."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
import websockets

from roost.server.app import create_app
from roost.server.config import Settings, sqlite_url
from roost.server.errors import ServerError
from roost.server.socket import SEND_QUEUE_LIMIT, SocketConnection, _parse, _parse_exactly
from roost.server.transport import PlaySocketProtocol
from tests.e2e.live_server import free_port

# --- the connection's sending, with stand-ins for the socket --------------------------------------


class FakeWriter:
    """A `FrameWriter` whose socket is a list of writes (each a list of frames)."""

    def __init__(self) -> None:
        self.writes: list[list[str]] = []
        self.open = True
        self.fails = False
        self.drained = asyncio.Event()
        self.drained.set()

    @property
    def writable(self) -> bool:
        return self.drained.is_set()

    async def wait_writable(self) -> None:
        await self.drained.wait()

    def write(self, texts: Sequence[str]) -> None:
        if self.fails:
            raise RuntimeError("the socket is gone")
        self.writes.append(list(texts))


class FakeSocket:
    """The ASGI side of a connection: what was sent through it, and the close."""

    def __init__(self) -> None:
        self.sent: list[str | int] = []

    async def send_text(self, text: str) -> None:
        await asyncio.sleep(0)
        self.sent.append(text)

    async def close(self, code: int = 1000) -> None:
        self.sent.append(code)


def _connection(writer: FakeWriter | None) -> tuple[SocketConnection, FakeSocket]:
    socket = FakeSocket()
    return SocketConnection(socket, writer), socket  # type: ignore[arg-type]


async def _settled(connection: SocketConnection) -> None:
    for _ in range(100):
        await asyncio.sleep(0)
        if not connection.busy:
            return
    raise AssertionError("the connection never finished sending")


def test_the_frames_of_one_turn_are_written_together_in_order() -> None:
    async def scenario() -> None:
        writer = FakeWriter()
        connection, socket = _connection(writer)
        connection.deliver("ack")
        connection.deliver("view")
        assert writer.writes == []  # written at the end of the turn, not at once
        await _settled(connection)
        assert writer.writes == [["ack", "view"]]
        connection.deliver("next")
        await _settled(connection)
        assert writer.writes == [["ack", "view"], ["next"]]
        assert socket.sent == [] and connection.task is None

    asyncio.run(scenario())


def test_a_close_goes_after_the_frames_before_it() -> None:
    async def scenario() -> None:
        writer = FakeWriter()
        connection, socket = _connection(writer)
        connection.deliver("error")
        connection.end(4401)
        connection.deliver("too late")
        await _settled(connection)
        assert writer.writes == [["error"]]
        assert socket.sent == [4401]
        assert connection.closed

    asyncio.run(scenario())


def test_a_full_socket_buffer_holds_the_frames_until_it_drains() -> None:
    async def scenario() -> None:
        writer = FakeWriter()
        writer.drained.clear()
        connection, _ = _connection(writer)
        connection.deliver("one")
        connection.deliver("two")
        for _ in range(5):
            await asyncio.sleep(0)
        assert writer.writes == [] and connection.busy
        connection.deliver("three")
        writer.drained.set()
        await _settled(connection)
        assert [text for write in writer.writes for text in write] == ["one", "two", "three"]

    asyncio.run(scenario())


def test_a_client_that_does_not_read_is_closed() -> None:
    async def scenario() -> None:
        writer = FakeWriter()
        writer.drained.clear()
        connection, socket = _connection(writer)
        for n in range(SEND_QUEUE_LIMIT + 5):
            connection.deliver(str(n))
        assert connection.closed
        writer.drained.set()
        await _settled(connection)
        written = [text for write in writer.writes for text in write]
        assert written == [str(n) for n in range(SEND_QUEUE_LIMIT)]
        assert socket.sent == [4429]

    asyncio.run(scenario())


def test_a_gone_client_is_written_nothing_more() -> None:
    async def scenario() -> None:
        writer = FakeWriter()
        connection, socket = _connection(writer)
        writer.open = False
        connection.deliver("view")
        await _settled(connection)
        assert writer.writes == [] and connection.closed and socket.sent == []

    asyncio.run(scenario())


def test_a_failed_write_closes_the_connection_quietly() -> None:
    async def scenario() -> None:
        writer = FakeWriter()
        connection, socket = _connection(writer)
        writer.fails = True
        connection.deliver("view")
        connection.end(1000)
        await _settled(connection)
        assert connection.closed and not connection.busy and socket.sent == []
        connection.deliver("later")
        assert not connection.busy

    asyncio.run(scenario())


def test_without_a_writer_the_frames_go_through_asgi_in_order() -> None:
    async def scenario() -> None:
        connection, socket = _connection(None)
        connection.deliver("ack")
        connection.deliver("view")
        await asyncio.sleep(0)
        connection.deliver("more")
        connection.end(1000)
        await _settled(connection)
        assert socket.sent == ["ack", "view", "more", 1000]

    asyncio.run(scenario())


def test_closing_the_connection_drops_what_is_left() -> None:
    async def scenario() -> None:
        writer = FakeWriter()
        writer.drained.clear()
        connection, _ = _connection(writer)
        connection.deliver("view")
        await asyncio.sleep(0)
        await connection.close()
        writer.drained.set()
        await asyncio.sleep(0)
        assert writer.writes == [] and not connection.busy

    asyncio.run(scenario())


# --- frames read once ---------------------------------------------------------------------------

FRAMES = [
    '{"type":"move","version":3,"action":7,"ref":"a"}',
    '{"type":"move","version":3.0,"action":7}',
    '{"type":"move","version":3.5,"action":7}',
    '{"type":"move","version":123456789012345678901234567890,"action":7}',
    '{"type":"move","version":18446744073709551615,"action":7}',
    '{"type":"move","version":NaN,"action":7}',
    '{"type":"move","version":1e400,"action":7}',
    '{"type":"move","version":[1e400],"action":7}',
    '{"type":"move","version":"3","action":7}',
    '{"type":"move","version":-1,"action":7}',
    '{"type":"ping","ref":"\\ud800"}',
    '{"type":"ping","ref":"x","ref":"y"}',
    '{"type":"ping","extra":1}',
    '{"type":"hello","token":null}',
    '{"type":"prefs","always_ask":1}',
    '{"type":"chat","room":"players","text":"hola \\u00e9"}',
    '{"type":"nothing"}',
    '{"version":1}',
    "[1, 2]",
    '"move"',
    "12",
    "null",
    "{",
    "",
    ' {"type": "ping"} ',
]


def _outcome(parse: Any, text: str) -> Any:
    try:
        return parse(text)
    except ServerError as error:
        return (error.code, error.message, error.msg)


@pytest.mark.parametrize("text", FRAMES)
def test_a_frame_read_by_orjson_is_what_the_standard_library_read(text: str) -> None:
    assert _outcome(_parse, text) == _outcome(_parse_exactly, text)


# --- a real uvicorn with the play socket's protocol --------------------------------------------


class Served:
    """`create_app` under uvicorn with `PlaySocketProtocol`, as `roost serve` runs it."""

    def __init__(self, folder: Path, deflate: bool = True) -> None:
        self.port = free_port()
        settings = Settings(
            database_url=sqlite_url(folder / "roost.db"),
            bot_pause=0.0,
            reaction_pause=0.0,
            bot_workers=0,
            grace=30.0,
        )
        config = uvicorn.Config(
            create_app(settings),
            host="127.0.0.1",
            port=self.port,
            ws=PlaySocketProtocol,
            ws_max_size=65536,
            ws_per_message_deflate=deflate,
            log_level="warning",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{self.base}/api/health", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.05)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    server = Served(tmp_path)
    try:
        yield server
    finally:
        server.stop()


def _table(base: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """A table made by Ana, who takes its first open seat (her token is the answer's)."""
    made = httpx.post(
        f"{base}/api/tables",
        json={"game": "eggo", "players": len(seats), "seats": seats, "name": "Ana"},
    )
    made.raise_for_status()
    body: dict[str, Any] = made.json()
    return body


async def _next(ws: Any, kind: str, seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The next frame of `kind`; the frames read on the way are added to `seen`."""
    while True:
        frame: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if seen is not None:
            seen.append(frame)
        if frame["type"] == kind:
            return frame


def test_a_game_is_played_over_the_play_sockets_protocol(served: Served) -> None:
    body = _table(served.base, [{"type": "open"}, {"type": "bot", "level": "medium"}])
    url = served.base.replace("http://", "ws://") + f"/api/tables/{body['table']['id']}/ws"

    async def scenario() -> None:
        async with (
            websockets.connect(url, compression="deflate") as ws,
            websockets.connect(url) as watcher,
        ):
            assert ws.response is not None
            offered = ws.response.headers.get("Sec-WebSocket-Extensions") or ""
            assert "permessage-deflate" in offered and "server_max_window_bits=13" in offered
            await watcher.send(json.dumps({"type": "hello"}))
            assert (await _next(watcher, "welcome"))["role"] == "spectator"
            seen: list[dict[str, Any]] = []
            await ws.send(json.dumps({"type": "hello", "token": body["token"]}))
            assert (await _next(ws, "welcome", seen))["seat"] == 0
            await ws.send(json.dumps({"type": "ping", "ref": "p"}))
            assert (await _next(ws, "pong", seen))["ref"] == "p"
            await ws.send(json.dumps({"type": "hello"}))
            assert (await _next(ws, "error", seen))["code"] == "hello_first"
            await ws.send("not json")
            assert (await _next(ws, "error", seen))["code"] == "bad_request"
            await watcher.send(json.dumps({"type": "move", "version": 0, "action": 0}))
            assert (await _next(watcher, "error"))["code"] == "not_seated"
            moves = 0
            view = [frame for frame in seen if frame["type"] == "view"][-1]
            while moves < 6 and view["table"]["status"] != "over":
                if not view["actions"] or view["passive"]:
                    view = await _next(ws, "view")
                    continue
                action = view["actions"][0]["action"]
                await ws.send(
                    json.dumps(
                        {"type": "move", "version": view["version"], "action": action, "ref": "m"}
                    )
                )
                ack = await _next(ws, "ack")
                assert ack["ref"] == "m" and ack["version"] > view["version"]
                moves += 1
                view = await _next(ws, "view")  # the view follows its ack
                assert view["version"] >= ack["version"]
            await ws.send(json.dumps({"type": "move", "version": 0, "action": 0, "ref": "old"}))
            stale = await _next(ws, "error")
            assert stale["code"] in ("stale_version", "game_over") and stale["ref"] == "old"
            assert moves > 0

    asyncio.run(scenario())


def test_refusals_close_with_their_codes(served: Served) -> None:
    body = _table(served.base, [{"type": "open"}, {"type": "bot", "level": "medium"}])
    ws_base = served.base.replace("http://", "ws://")

    async def closed_with(path: str, first: str | None) -> tuple[int, dict[str, Any]]:
        async with websockets.connect(ws_base + path) as ws:
            if first is not None:  # a table that is not there is refused before any frame
                await ws.send(first)
            frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
            with pytest.raises(websockets.ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 30)
            assert ws.close_code is not None
            return ws.close_code, frame

    async def scenario() -> None:
        table = f"/api/tables/{body['table']['id']}/ws"
        code, frame = await closed_with("/api/tables/nothing/ws", None)
        assert code == 4404 and frame["code"] == "table_not_found"
        code, frame = await closed_with(table, '{"type":"ping"}')
        assert code == 4400 and frame["code"] == "hello_first"
        code, frame = await closed_with(table, '{"type":"hello","token":"wrong"}')
        assert code == 4401 and frame["code"] == "unauthorized"

    asyncio.run(scenario())


def test_the_protocol_keeps_uvicorns_deflate_switch(tmp_path: Path) -> None:
    server = Served(tmp_path, deflate=False)
    try:
        body = _table(server.base, [{"type": "open"}, {"type": "bot", "level": "easy"}])
        url = server.base.replace("http://", "ws://") + f"/api/tables/{body['table']['id']}/ws"

        async def scenario() -> None:
            async with websockets.connect(url, compression="deflate") as ws:
                assert ws.response is not None
                assert "Sec-WebSocket-Extensions" not in ws.response.headers
                await ws.send(json.dumps({"type": "hello", "token": body["token"]}))
                assert (await _next(ws, "view"))["seat"] == 0

        asyncio.run(scenario())
    finally:
        server.stop()
