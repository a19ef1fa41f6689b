"""The chat's REST route (its WebSocket frames are handled by `roost.server.chat.service`).

``GET /api/tables/{id}/chat``: what a reader may read now, for clients that poll and for
tests; a seat token reads the players' room, no token (a spectator) both rooms.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Request

from roost.server.chat.service import ChatService
from roost.server.errors import ServerError
from roost.server.protocol import ChatLog, ErrorBody
from roost.server.tables.lobby import Lobby

router = APIRouter(tags=["chat"])

ERRORS: dict[int | str, dict[str, object]] = {
    status: {"model": ErrorBody} for status in (400, 401, 404)
}


@router.get("/api/tables/{table_id}/chat", response_model=ChatLog, responses=ERRORS)
async def chat_log(
    table_id: str,
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> ChatLog:
    """The table's chat as the token's seat may read it (the players' room), or as a
    spectator without a token (both rooms), oldest first."""
    lobby: Lobby = request.app.state.lobby
    chat: ChatService = request.app.state.chat
    table = await lobby.find(table_id)
    seat = table.authenticate(_bearer(authorization))
    return await chat.log(table, seat)


def _bearer(authorization: str | None) -> str | None:
    """The token of ``Authorization: Bearer <token>`` (as every route that acts for a seat)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ServerError("unauthorized", "send the seat token as 'Authorization: Bearer ...'", 401)
    return token.strip()
