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

import orjson
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
from roost.server.transport import FrameWriter, frame_writer

router = APIRouter()

SEND_QUEUE_LIMIT = 256
"""Frames waiting for a slow client before its connection is closed."""
FLOOD_LIMIT = 200
"""Frames refused in a row for rate before the connection is closed (4429)."""


@router.websocket("/api/tables/{table_id}/ws")
async def play(websocket: WebSocket, table_id: str) -> None:
    """The conversation runs in a task of its own, awaited here: each time it wakes (a frame
    came in, a move was stored) the event loop resumes that task's few frames, not the dozen
    of the ASGI stack above this function (uvicorn's, FastAPI's middleware, the router). A
    cancelled connection cancels the task with it."""
    await asyncio.get_running_loop().create_task(_play(websocket, table_id))


async def _play(websocket: WebSocket, table_id: str) -> None:
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
    """A WebSocket as the table sees it: `deliver` never blocks, so a slow client never holds
    up a table.

    The frames delivered in one turn of the event loop are written together at its end: under
    `roost serve`, framed and written at once by the connection's `FrameWriter`
    (`roost.server.transport`: one system call for an ``ack`` and the view after it, no task);
    elsewhere, or while the client's socket buffer is full, by a task of their own through
    ASGI. Frames waiting beyond `SEND_QUEUE_LIMIT` close the connection (4429)."""

    def __init__(self, websocket: WebSocket, writer: FrameWriter | None = None) -> None:
        self.websocket = websocket
        self.writer = writer
        self.pending: list[str] = []
        """Frames delivered and not yet written."""
        self.closing: int | None = None
        """The code to close with once `pending` is written (`end`)."""
        self.closed = False
        self.task: asyncio.Task[None] | None = None
        """The task writing what `_flush` could not write at once, if any."""
        self._loop = asyncio.get_running_loop()
        self._flush_handle: asyncio.Handle | None = None

    def deliver(self, text: str) -> None:
        if self.closed:
            return
        if len(self.pending) >= SEND_QUEUE_LIMIT:
            self.end(4429)
            return
        self.pending.append(text)
        self._wake()

    def end(self, code: int) -> None:
        if not self.closed:
            self.closed = True
            self.closing = code
            self._wake()

    @property
    def busy(self) -> bool:
        """Whether frames or a close are still to go out."""
        return bool(self.pending) or self.task is not None or self._flush_handle is not None

    def _wake(self) -> None:
        if self._flush_handle is None and self.task is None:
            self._flush_handle = self._loop.call_soon(self._flush)

    def _flush(self) -> None:
        """Write what is pending if the socket takes it now, else leave it to a task."""
        self._flush_handle = None
        writer = self.writer
        if writer is not None and writer.writable:
            if self.pending:
                try:
                    if not writer.open:  # the client has gone: nothing more will reach it
                        raise ConnectionError
                    writer.write(self.pending)
                except Exception:
                    self.pending.clear()
                    self.closing = None
                    self.closed = True
                    return
                self.pending.clear()
            if self.closing is None:
                return
        self.task = self._loop.create_task(self._send())

    async def _send(self) -> None:
        try:
            while self.pending or self.closing is not None:
                writer = self.writer
                if self.pending and writer is not None:
                    await writer.wait_writable()
                    if not writer.open:  # the client has gone
                        self.closed = True
                        break
                    texts, self.pending = self.pending, []
                    writer.write(texts)
                elif self.pending:
                    await self.websocket.send_text(self.pending.pop(0))
                else:
                    code, self.closing = self.closing, None
                    await self.websocket.close(code=code or 1000)
        except Exception:
            self.closed = True
        finally:
            self.task = None
            if self.closed:
                self.pending.clear()
                self.closing = None

    async def close(self) -> None:
        """Stop sending (the conversation is over); frames not yet written are dropped."""
        self.closed = True
        self.pending.clear()
        self.closing = None
        if self._flush_handle is not None:
            self._flush_handle.cancel()
            self._flush_handle = None
        task, self.task = self.task, None
        if task is not None:
            task.cancel()
            with suppress(asyncio.CancelledError, Exception):
                await task


async def _refuse(websocket: WebSocket, error: ServerError, code: int) -> None:
    with suppress(Exception):
        frame = ErrorFrame(code=error.code, message=error.message, msg=error.msg)
        await websocket.send_text(frame_text(frame))
        await websocket.close(code=code)


def _parse(text: str) -> AnyClientFrame:
    """A client's frame, read by orjson and checked by its model. A frame orjson does not
    read as the standard library would (NaN, a lone surrogate, an integer beyond 64 bits,
    which it reads as a float), or that its model refuses, is read again by `_parse_exactly`,
    so every refusal is the one it always was."""
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        return _parse_exactly(text)
    if type(data) is not dict or any(type(value) is float for value in data.values()):
        return _parse_exactly(text)
    try:
        return CLIENT_FRAME.validate_python(data)
    except ValidationError:
        return _parse_exactly(text)


def _parse_exactly(text: str) -> AnyClientFrame:
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
    connection = SocketConnection(websocket, frame_writer(websocket.scope))
    try:
        seat = await table.attach(connection, hello.token, hello.protocol)
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
    while connection.busy and not connection.closed:
        await asyncio.sleep(0.01)
