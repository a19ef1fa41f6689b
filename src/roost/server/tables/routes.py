"""The REST routes of games and tables: the games and their rules, making a table, finding,
joining, starting and rematching one, and its current view (docs/protocol.md, "REST routes")."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Query, Request, Response

from roost.core.message import message
from roost.server.errors import ServerError
from roost.server.protocol import (
    CreateTable,
    GameDetail,
    GameInfo,
    Invite,
    JoinTable,
    QuickPlay,
    SeatGrant,
    StartTable,
    TableAnswer,
    TableInfo,
    ViewFrame,
)
from roost.server.routing import ERRORS, bearer, client_address, person_of
from roost.server.tables.lobby import Lobby

router = APIRouter()


def lobby_of(request: Request) -> Lobby:
    """The process's lobby; the first request tells it the address people reach it by."""
    lobby: Lobby = request.app.state.lobby
    if not lobby.public_url:
        lobby.public_url = str(request.base_url).rstrip("/")
    return lobby


@router.get("/api/games", response_model=list[GameInfo], tags=["games"])
async def games() -> list[GameInfo]:
    """Every game, with its parameters and their help text."""
    return Lobby.games()


@router.get("/api/games/{name}", response_model=GameDetail, responses=ERRORS, tags=["games"])
async def game(name: str, request: Request) -> GameDetail:
    """A game with its card catalogue and its rules (Markdown). Query parameters are the
    game's parameters (`?players=3&own_cards=egg:12`, strings as on the command line): the
    catalogue is then that game's, with its own cards and counts; a bad one is a 400. `lang`
    (`en`, `es`) is not a game parameter: the language of the rules page."""
    items = request.query_params.multi_items()
    params = dict(items)
    if len(params) != len(items):
        raise ServerError("bad_params", message("a game parameter is given more than once"), 400)
    language = params.pop("lang", "en")
    return Lobby.game(name, params, language=language)


@router.post(
    "/api/tables", status_code=201, response_model=SeatGrant, responses=ERRORS, tags=["tables"]
)
async def create_table(body: CreateTable, request: Request) -> SeatGrant:
    """Create a table; with `name`, the creator takes the first open seat (a signed-in
    creator under their user name)."""
    return await lobby_of(request).create(body, client_address(request), account_of(request))


def account_of(request: Request) -> tuple[int, str] | None:
    """(id, user name) of the signed-in person making the request, if any."""
    person = person_of(request)
    return (person.id, person.name) if person is not None else None


@router.post("/api/quickplay", response_model=SeatGrant, responses=ERRORS, tags=["tables"])
async def quick_play(body: QuickPlay, request: Request) -> SeatGrant:
    """Play now: a seat at the oldest open public table of the game (same `rated`), or a new
    one whose open seats get bots after a wait."""
    return await lobby_of(request).quick(body, client_address(request), account_of(request))


@router.get("/api/tables", response_model=list[TableInfo], responses=ERRORS, tags=["tables"])
async def tables(
    request: Request, status: Annotated[str, Query(max_length=16)] = "open"
) -> list[TableInfo]:
    """Tables, newest first: open (waiting or playing), playing, over or all."""
    return await lobby_of(request).list(status)


@router.get("/api/tables/{table_id}", response_model=TableInfo, responses=ERRORS, tags=["tables"])
async def table(table_id: str, request: Request) -> TableInfo:
    return (await lobby_of(request).find(table_id)).info()


@router.post(
    "/api/tables/{table_id}/join", response_model=SeatGrant, responses=ERRORS, tags=["tables"]
)
async def join(table_id: str, body: JoinTable, request: Request) -> SeatGrant:
    """Take an open seat; the answer carries the seat's secret token. A signed-in person sits
    under their user name."""
    found = await lobby_of(request).find(table_id)
    account = account_of(request)
    name = account[1] if account is not None else body.name
    user = account[0] if account is not None else None
    seat, token = await found.join(name, body.seat, body.token, user)
    return SeatGrant(table=found.info(), seat=seat, token=token)


@router.post(
    "/api/tables/{table_id}/start", response_model=TableInfo, responses=ERRORS, tags=["tables"]
)
async def start(
    table_id: str,
    request: Request,
    body: StartTable | None = None,
    authorization: Annotated[str | None, Header()] = None,
) -> TableInfo:
    """Start now; `fill` seats a bot of that level in every open seat."""
    found = await lobby_of(request).find(table_id)
    await found.start(bearer(authorization), body.fill if body else None)
    return found.info()


@router.post(
    "/api/tables/{table_id}/rematch",
    status_code=201,
    response_model=TableAnswer,
    responses={**ERRORS, 200: {"model": TableAnswer, "description": "The rematch made before"}},
    tags=["tables"],
)
async def rematch(
    table_id: str,
    request: Request,
    response: Response,
    authorization: Annotated[str | None, Header()] = None,
) -> TableAnswer:
    """The same seats at a new deal; the same tokens stay valid there."""
    info, made = await lobby_of(request).rematch(table_id, bearer(authorization))
    if not made:
        response.status_code = 200
    return TableAnswer(table=info)


@router.get(
    "/api/tables/{table_id}/view", response_model=ViewFrame, responses=ERRORS, tags=["play"]
)
async def view(
    table_id: str, request: Request, authorization: Annotated[str | None, Header()] = None
) -> ViewFrame:
    """What a WebSocket would show now: the token's seat, or the spectator view."""
    found = await lobby_of(request).find(table_id)
    async with found.lock:
        seat = found.authenticate(bearer(authorization))
        return found.view(seat, full=True)


@router.get(
    "/api/tables/{table_id}/invite", response_model=Invite, responses=ERRORS, tags=["tables"]
)
async def invite(table_id: str, request: Request) -> Invite:
    info = (await lobby_of(request).find(table_id)).info()
    return Invite(url=info.invite_url, table=info)
