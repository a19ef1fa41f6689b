"""The chat's REST route (its WebSocket frames are handled by `roost.server.chat.service`).

``GET /api/tables/{id}/chat``: what a reader may read now, for clients that poll and for
tests; a seat token reads the players' room, no token (a spectator) both rooms.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Request

from roost.server.chat.service import ChatService
from roost.server.protocol import ChatLog
from roost.server.routing import ERRORS, bearer
from roost.server.tables.routes import lobby_of

router = APIRouter(tags=["chat"])


def chat_of(request: Request) -> ChatService:
    chat: ChatService = request.app.state.chat
    return chat


@router.get("/api/tables/{table_id}/chat", response_model=ChatLog, responses=ERRORS)
async def chat_log(
    table_id: str,
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> ChatLog:
    """The table's chat as the token's seat may read it (the players' room), or as a
    spectator without a token (both rooms), oldest first."""
    table = await lobby_of(request).find(table_id)
    seat = table.authenticate(bearer(authorization))
    return await chat_of(request).log(table, seat)
