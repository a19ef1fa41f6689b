"""What an operator asks a running server: is it up, how many tables it holds."""

from __future__ import annotations

from fastapi import APIRouter, Request

from roost.server.protocol import PROTOCOL_VERSION, Health
from roost.server.tables.routes import lobby_of

router = APIRouter(tags=["server"])


@router.get("/api/health", response_model=Health)
async def health(request: Request) -> Health:
    return Health(ok=True, tables=len(lobby_of(request).tables), protocol=PROTOCOL_VERSION)
