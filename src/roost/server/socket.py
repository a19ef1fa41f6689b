"""The play WebSocket, ``/api/tables/{id}/ws``: one connection per client and table, from the
hello to the disconnection (docs/protocol.md, "The WebSocket"). Frames are read, rate-limited
and handed to the table (moves, "I'm back", preferences), to the chat or to the coach (hints);
the table sends its frames through a `SocketConnection`, which queues them so a slow client
never holds one up."""

from __future__ import annotations

import asyncio
import json
import time
from contextlib import suppress

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from roost.server import metrics, refusals
from roost.server.chat.service import ChatService
from roost.server.coach.service import Coach
from roost.server.config import Settings
from roost.server.errors import ServerError
from roost.server.invalid import invalid
from roost.server.limits import TokenBucket
from roost.server.protocol import (
    CLIENT_FRAME,
    AnyClientFrame,
    Back,
    Chat,
    ChatSwitch,
    ErrorFrame,
    Hello,
    HintRequest,
    Ping,
    Pong,
    Prefs,
)
from roost.server.tables.lobby import Lobby
from roost.server.tables.table import Table, frame_text

router = APIRouter()

SEND_QUEUE_LIMIT = 256
"""Frames waiting for a slow client before its connection is closed."""
FLOOD_LIMIT = 200
"""Frames refused in a row for rate before the connection is closed (4429)."""


@router.websocket("/api/tables/{table_id}/ws")
async def play(websocket: WebSocket, table_id: str) -> None:
    await websocket.accept()
    lobby: Lobby = websocket.app.state.lobby
    try:
        table = await lobby.find(table_id)
    except ServerError as error:
        await _refuse(websocket, error, 4404)
        return
    await _session(
        websocket, table, lobby.settings, websocket.app.state.chat, websocket.app.state.coach
    )


# --- one WebSocket client ------------------------------------------------------------------------


class SocketConnection:
    """A WebSocket as the table sees it: frames are queued and sent by a task of their own, so
    a slow client never holds up a table."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.queue: asyncio.Queue[str | int] = asyncio.Queue()
        """Frames to send; a number closes the connection with that code."""
        self.closed = False
        self.task = asyncio.get_running_loop().create_task(self._pump())

    def deliver(self, text: str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= SEND_QUEUE_LIMIT:
            self.end(4429)
            return
        self.queue.put_nowait(text)

    def end(self, code: int) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(code)

    async def _pump(self) -> None:
        try:
            while True:
                item = await self.queue.get()
                if isinstance(item, int):
                    await self.websocket.close(code=item)
                    return
                await self.websocket.send_text(item)
        except Exception:
            self.closed = True

    async def close(self) -> None:
        self.closed = True
        self.task.cancel()
        with suppress(asyncio.CancelledError, Exception):
            await self.task


async def _refuse(websocket: WebSocket, error: ServerError, code: int) -> None:
    with suppress(Exception):
        frame = ErrorFrame(code=error.code, message=error.message, msg=error.msg)
        await websocket.send_text(frame_text(frame))
        await websocket.close(code=code)


def _parse(text: str) -> AnyClientFrame:
    try:
        data = json.loads(text)
    except ValueError:
        raise ServerError("bad_request", refusals.NOT_JSON) from None
    if not isinstance(data, dict):
        raise ServerError("bad_request", refusals.NO_TYPE)
    try:
        return CLIENT_FRAME.validate_python(data)
    except ValidationError as error:
        raise ServerError("bad_request", invalid(error.errors()[0])) from None


async def _session(
    websocket: WebSocket, table: Table, settings: Settings, chat: ChatService, coach: Coach
) -> None:
    """One client's conversation with one table, from hello to disconnection."""
    try:
        first = await asyncio.wait_for(_receive(websocket), settings.hello_timeout)
    except TimeoutError:
        await _refuse(websocket, ServerError("hello_first", refusals.NO_HELLO), 4408)
        return
    except ServerError as error:
        await _refuse(websocket, error, 4400)
        return
    if first is None:
        return
    try:
        if len(first) > settings.max_frame:
            raise ServerError("too_large", refusals.frame_too_large(settings.max_frame))
        hello = _parse(first)
        if not isinstance(hello, Hello):
            raise ServerError("hello_first", refusals.HELLO_FIRST)
    except ServerError as error:
        await _refuse(websocket, error, 4400)
        return
    connection = SocketConnection(websocket)
    try:
        seat = await table.attach(connection, hello.token)
    except ServerError as error:
        await connection.close()
        await _refuse(websocket, error, 4401 if error.code == "unauthorized" else 4429)
        return
    await chat.join(table, connection, seat)
    metrics.CLIENTS.inc()
    frames = TokenBucket(settings.frames_per_second, settings.frame_burst)
    moves = TokenBucket(settings.moves_per_second, settings.move_burst)
    refused = 0
    flooded = False
    try:
        while not connection.closed:
            ref: str | None = None
            try:
                text = await _receive(websocket)
                if text is None:
                    break
                arrived = time.perf_counter()
                if not frames.take():
                    refused += 1
                    if refused > FLOOD_LIMIT:
                        flooded = True
                        break
                    raise ServerError("rate_limited", refusals.TOO_MANY_FRAMES)
                refused = 0
                if len(text) > settings.max_frame:
                    raise ServerError("too_large", refusals.frame_too_large(settings.max_frame))
                frame = _parse(text)
                ref = getattr(frame, "ref", None)
                if isinstance(frame, Ping):
                    connection.deliver(frame_text(Pong(ref=frame.ref)))
                elif isinstance(frame, Hello):
                    raise ServerError("hello_first", refusals.HELLO_AGAIN)
                elif isinstance(frame, Chat | ChatSwitch):
                    await chat.receive(table, connection, seat, frame)
                elif isinstance(frame, HintRequest):
                    await coach.hints.answer(table, connection, seat, frame)
                elif seat is None:
                    raise ServerError("not_seated", refusals.SPECTATORS_CANNOT_PLAY)
                elif isinstance(frame, Back):
                    await table.come_back(seat)
                elif isinstance(frame, Prefs):
                    await table.set_prefs(seat, frame.always_ask)
                else:
                    if not moves.take():
                        raise ServerError("rate_limited", refusals.TOO_MANY_MOVES)
                    await table.move_as(
                        seat,
                        frame.version,
                        frame.action,
                        by="person",
                        connection=connection,
                        ref=frame.ref,
                    )
                    metrics.ACK.observe(time.perf_counter() - arrived)
            except ServerError as error:
                table.send_error(connection, error, ref)
                if error.code == "stale_version":
                    table.send_view(connection)
    finally:
        metrics.CLIENTS.dec()
        chat.leave(table, connection)
        await table.detach(connection)
        # let queued frames go out before closing
        with suppress(Exception):
            await asyncio.wait_for(_drain(connection), 1.0)
        await connection.close()
        with suppress(Exception):
            await websocket.close(code=4429 if flooded else 1000)


async def _receive(websocket: WebSocket) -> str | None:
    """The next frame's text, None when the client has gone; a binary frame must be UTF-8."""
    try:
        message = await websocket.receive()
    except (WebSocketDisconnect, RuntimeError):
        return None
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is not None:
        return str(text)
    data = message.get("bytes") or b""
    try:
        return bytes(data).decode("utf-8")
    except UnicodeDecodeError:
        raise ServerError("bad_request", refusals.NOT_TEXT) from None


async def _drain(connection: SocketConnection) -> None:
    while not connection.queue.empty() and not connection.closed:
        await asyncio.sleep(0.01)
