"""The FastAPI app: the REST lobby and one WebSocket per client (see ``docs/protocol.md``).

`create_app(settings)` builds the app; its lifespan opens the store (migrating it), starts the
bot workers and rebuilds every unfinished table. Everything about a game goes through the
`Table`; this module only translates HTTP and WebSocket messages to and from it.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from roost.server.chat.routes import router as chat_router
from roost.server.chat.service import ChatService
from roost.server.cluster import Cluster
from roost.server.config import Settings
from roost.server.db import Store
from roost.server.errors import ServerError
from roost.server.limits import BodyLimit, TokenBucket
from roost.server.protocol import (
    CLIENT_FRAME,
    PROTOCOL_VERSION,
    AnyClientFrame,
    Back,
    Chat,
    ChatSwitch,
    CreateTable,
    ErrorBody,
    ErrorDetail,
    ErrorFrame,
    GameDetail,
    GameInfo,
    Health,
    Hello,
    Invite,
    JoinTable,
    Ping,
    Pong,
    Prefs,
    Replay,
    ReplayView,
    SeatGrant,
    StartTable,
    TableAnswer,
    TableInfo,
    Viewer,
    ViewFrame,
)
from roost.server.tables.bots import BotRunner
from roost.server.tables.lobby import Lobby
from roost.server.tables.table import Table, frame_text

log = logging.getLogger("roost.server")

SEND_QUEUE_LIMIT = 256
"""Frames waiting for a slow client before its connection is closed."""
FLOOD_LIMIT = 200
"""Frames refused in a row for rate before the connection is closed (4429)."""

ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody} for status in (400, 401, 403, 404, 409, 413, 429)
}


def web_static_dir() -> Path:
    """The web client's files (``roost/web/static``), whether or not they exist yet."""
    return Path(str(resources.files("roost"))) / "web" / "static"


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server app; `settings` default to those of `roost serve`."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, settings.resolved_url())
        bots = BotRunner(settings.bot_workers)
        cluster: Cluster | None = None
        if settings.cluster and store.dialect == "postgresql":
            cluster = Cluster(store, settings.adopt_every)
            await cluster.open()
        lobby = Lobby(store, bots, settings, cluster)
        app.state.lobby = lobby
        chat = ChatService(store, settings.chat, lobby.tables)
        app.state.chat = chat
        if cluster is not None:
            cluster.on_chat = chat.news
            await cluster.start(lobby)
        restored = await lobby.restore_all()
        if cluster is not None:
            cluster.adopting()
        log.info("roost server ready: %d unfinished tables rebuilt", restored)
        try:
            yield
        finally:
            if cluster is not None:
                await cluster.close()
            await chat.close()
            await lobby.close()
            bots.close()
            await store.close()

    app = FastAPI(
        title="Roost",
        version=str(PROTOCOL_VERSION),
        summary="Online tables for four egg card games (protocol: docs/protocol.md)",
        lifespan=lifespan,
    )

    @app.exception_handler(ServerError)
    async def server_error(_request: Request, error: ServerError) -> JSONResponse:
        return _error_response(error.status, error.code, error.message)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        details = [
            {"loc": list(e.get("loc", ())), "msg": str(e.get("msg", "")), "type": e.get("type")}
            for e in error.errors()
        ]
        first = details[0] if details else {"loc": [], "msg": "invalid request"}
        where = ".".join(str(part) for part in first["loc"])
        message = f"{where}: {first['msg']}" if where else str(first["msg"])
        return _error_response(422, "invalid_request", message, details)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, error: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "http_error")
        return _error_response(error.status_code, code, str(error.detail))

    def lobby_of(request: Request) -> Lobby:
        lobby: Lobby = request.app.state.lobby
        if not lobby.public_url:
            lobby.public_url = str(request.base_url).rstrip("/")
        return lobby

    # --- games --------------------------------------------------------------------------------

    @app.get("/api/games", response_model=list[GameInfo], tags=["games"])
    async def games() -> list[GameInfo]:
        """Every game, with its parameters and their help text."""
        return Lobby.games()

    @app.get("/api/games/{name}", response_model=GameDetail, responses=ERRORS, tags=["games"])
    async def game(name: str) -> GameDetail:
        """A game with its card catalogue and its rules (Markdown)."""
        return Lobby.game(name)

    # --- tables -------------------------------------------------------------------------------

    @app.post(
        "/api/tables",
        status_code=201,
        response_model=SeatGrant,
        responses=ERRORS,
        tags=["tables"],
    )
    async def create_table(body: CreateTable, request: Request) -> SeatGrant:
        """Create a table; with `name`, the creator takes the first open seat."""
        return await lobby_of(request).create(body, _client(request))

    @app.get("/api/tables", response_model=list[TableInfo], responses=ERRORS, tags=["tables"])
    async def tables(
        request: Request,
        status: Annotated[str, Query(max_length=16)] = "open",
    ) -> list[TableInfo]:
        """Tables, newest first: open (waiting or playing), playing, over or all."""
        return await lobby_of(request).list(status)

    @app.get("/api/tables/{table_id}", response_model=TableInfo, responses=ERRORS, tags=["tables"])
    async def table(table_id: str, request: Request) -> TableInfo:
        return (await lobby_of(request).find(table_id)).info()

    @app.post(
        "/api/tables/{table_id}/join", response_model=SeatGrant, responses=ERRORS, tags=["tables"]
    )
    async def join(table_id: str, body: JoinTable, request: Request) -> SeatGrant:
        """Take an open seat; the answer carries the seat's secret token."""
        table = await lobby_of(request).find(table_id)
        seat, token = await table.join(body.name, body.seat, body.token)
        return SeatGrant(table=table.info(), seat=seat, token=token)

    @app.post(
        "/api/tables/{table_id}/start", response_model=TableInfo, responses=ERRORS, tags=["tables"]
    )
    async def start(
        table_id: str,
        request: Request,
        body: StartTable | None = None,
        authorization: Annotated[str | None, Header()] = None,
    ) -> TableInfo:
        """Start now; `fill` seats a bot of that level in every open seat."""
        table = await lobby_of(request).find(table_id)
        await table.start(_bearer(authorization), body.fill if body else None)
        return table.info()

    @app.post(
        "/api/tables/{table_id}/rematch",
        status_code=201,
        response_model=TableAnswer,
        responses={
            **ERRORS,
            200: {"model": TableAnswer, "description": "The rematch made before"},
        },
        tags=["tables"],
    )
    async def rematch(
        table_id: str,
        request: Request,
        response: Response,
        authorization: Annotated[str | None, Header()] = None,
    ) -> TableAnswer:
        """The same seats at a new deal; the same tokens stay valid there."""
        info, made = await lobby_of(request).rematch(table_id, _bearer(authorization))
        if not made:
            response.status_code = 200
        return TableAnswer(table=info)

    @app.get(
        "/api/tables/{table_id}/view", response_model=ViewFrame, responses=ERRORS, tags=["play"]
    )
    async def view(
        table_id: str,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> ViewFrame:
        """What a WebSocket would show now: the token's seat, or the spectator view."""
        table = await lobby_of(request).find(table_id)
        async with table.lock:
            seat = table.authenticate(_bearer(authorization))
            return table.view(seat, full=True)

    @app.get(
        "/api/tables/{table_id}/invite", response_model=Invite, responses=ERRORS, tags=["tables"]
    )
    async def invite(table_id: str, request: Request) -> Invite:
        info = (await lobby_of(request).find(table_id)).info()
        return Invite(url=info.invite_url, table=info)

    @app.get(
        "/api/tables/{table_id}/replay", response_model=Replay, responses=ERRORS, tags=["replay"]
    )
    async def replay(
        table_id: str,
        request: Request,
        viewer: Annotated[str, Query(max_length=16)] = "all",
    ) -> Replay:
        """A finished game move by move, in the words of `viewer`."""
        return await lobby_of(request).replay(table_id, _viewer(viewer))

    @app.get(
        "/api/tables/{table_id}/replay/{version}",
        response_model=ReplayView,
        responses=ERRORS,
        tags=["replay"],
    )
    async def replay_view(
        table_id: str,
        version: int,
        request: Request,
        viewer: Annotated[str, Query(max_length=16)] = "all",
    ) -> ReplayView:
        """The view of `viewer` at one version of a finished game."""
        return await lobby_of(request).replay_view(table_id, version, _viewer(viewer))

    @app.get("/api/health", response_model=Health, tags=["server"])
    async def health(request: Request) -> Health:
        return Health(ok=True, tables=len(lobby_of(request).tables), protocol=PROTOCOL_VERSION)

    # --- the WebSocket ------------------------------------------------------------------------

    @app.websocket("/api/tables/{table_id}/ws")
    async def play(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        lobby: Lobby = websocket.app.state.lobby
        try:
            table = await lobby.find(table_id)
        except ServerError as error:
            await _refuse(websocket, error, 4404)
            return
        await _session(websocket, table, settings, websocket.app.state.chat)

    # --- pages --------------------------------------------------------------------------------

    static = web_static_dir()
    app.mount("/static", StaticFiles(directory=static, check_dir=False), name="static")

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def index() -> Response:
        return _page(static)

    @app.get("/t/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        return _page(static)

    @app.get("/replay/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    async def replay_page(table_id: str) -> Response:
        return _page(static)

    app.include_router(chat_router)
    app.add_middleware(BodyLimit, limit=settings.max_body)
    return app


def _error_response(
    status: int, code: str, message: str, details: list[dict[str, Any]] | None = None
) -> JSONResponse:
    body = ErrorBody(error=ErrorDetail(code=code, message=message, details=details))
    return JSONResponse(body.model_dump(exclude_none=True), status_code=status)


def _client(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _bearer(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ServerError("unauthorized", "send the seat token as 'Authorization: Bearer ...'", 401)
    return token.strip()


def _viewer(text: str) -> Viewer:
    if text == "all":
        return "all"
    if text == "spectator":
        return "spectator"
    if text.isascii() and text.isdigit():  # not '¹' or '٣': digits to str.isdigit, not to int
        return int(text)
    raise ServerError("bad_request", f"viewer is 'all', 'spectator' or a seat; got {text!r}", 400)


def _page(static: Path) -> Response:
    index = static / "index.html"
    if index.is_file():
        return FileResponse(index)
    return HTMLResponse(FALLBACK_PAGE)


FALLBACK_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Roost</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 2em auto; line-height: 1.5">
<h1>Roost server</h1>
<p>The web client is not installed in this copy, but the server is running.</p>
<ul>
<li><a href="/api/games">/api/games</a>: the games and their parameters</li>
<li><a href="/api/tables">/api/tables</a>: open and running tables</li>
<li><a href="/docs">/docs</a>: the API, interactive (<a href="/openapi.json">/openapi.json</a>)</li>
<li>Play over the WebSocket <code>/api/tables/{id}/ws</code> (see docs/protocol.md)</li>
</ul>
</body></html>
"""


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
        await websocket.send_text(frame_text(ErrorFrame(code=error.code, message=error.message)))
        await websocket.close(code=code)


def _parse(text: str) -> AnyClientFrame:
    try:
        data = json.loads(text)
    except ValueError:
        raise ServerError("bad_request", "a frame is a JSON object") from None
    if not isinstance(data, dict):
        raise ServerError("bad_request", "a frame is a JSON object with a 'type'")
    try:
        return CLIENT_FRAME.validate_python(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first.get("loc", ()))
        raise ServerError(
            "bad_request", f"{where}: {first.get('msg')}" if where else str(first.get("msg"))
        ) from None


async def _session(
    websocket: WebSocket, table: Table, settings: Settings, chat: ChatService
) -> None:
    """One client's conversation with one table, from hello to disconnection."""
    try:
        first = await asyncio.wait_for(_receive(websocket), settings.hello_timeout)
    except TimeoutError:
        await _refuse(websocket, ServerError("hello_first", "no hello in time"), 4408)
        return
    except ServerError as error:
        await _refuse(websocket, error, 4400)
        return
    if first is None:
        return
    try:
        if len(first) > settings.max_frame:
            raise ServerError("too_large", f"frames are limited to {settings.max_frame} bytes")
        hello = _parse(first)
        if not isinstance(hello, Hello):
            raise ServerError("hello_first", "the first frame is a hello")
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
                if not frames.take():
                    refused += 1
                    if refused > FLOOD_LIMIT:
                        flooded = True
                        break
                    raise ServerError("rate_limited", "too many frames; slow down")
                refused = 0
                if len(text) > settings.max_frame:
                    raise ServerError(
                        "too_large", f"frames are limited to {settings.max_frame} bytes"
                    )
                frame = _parse(text)
                ref = getattr(frame, "ref", None)
                if isinstance(frame, Ping):
                    connection.deliver(frame_text(Pong(ref=frame.ref)))
                elif isinstance(frame, Hello):
                    raise ServerError("hello_first", "this connection already said hello")
                elif isinstance(frame, Chat | ChatSwitch):
                    await chat.receive(table, connection, seat, frame)
                elif seat is None:
                    raise ServerError("not_seated", "spectators cannot play; join a seat")
                elif isinstance(frame, Back):
                    await table.come_back(seat)
                elif isinstance(frame, Prefs):
                    await table.set_prefs(seat, frame.always_ask)
                else:
                    if not moves.take():
                        raise ServerError("rate_limited", "too many moves; slow down")
                    await table.move_as(
                        seat,
                        frame.version,
                        frame.action,
                        by="person",
                        connection=connection,
                        ref=frame.ref,
                    )
            except ServerError as error:
                table.send_error(connection, error, ref)
                if error.code == "stale_version":
                    table.send_view(connection)
    finally:
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
        raise ServerError("bad_request", "a frame is JSON text (UTF-8)") from None


async def _drain(connection: SocketConnection) -> None:
    while not connection.queue.empty() and not connection.closed:
        await asyncio.sleep(0.01)
