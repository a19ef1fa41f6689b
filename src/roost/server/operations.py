"""What an operator asks a running server: is it up, how many tables it holds."""

from __future__ import annotations

from fastapi import APIRouter, Request

from roost.server.protocol import PROTOCOL_VERSION, Health
from roost.server.tables.routes import lobby_of

router = APIRouter(tags=["server"])


@router.get("/api/health", response_model=Health)
async def health(request: Request) -> Health:
    """200 while the process serves; `database` says whether its writes commit now."""
    lobby = lobby_of(request)
    return Health(
        ok=True,
        tables=len(lobby.tables),
        protocol=PROTOCOL_VERSION,
        database="unavailable" if lobby.store.outage.down else "ok",
    )
