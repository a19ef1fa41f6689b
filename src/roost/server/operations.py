"""What an operator asks a running server: is it up, how many tables it holds, which release
and build of Roost answers."""

from __future__ import annotations

from functools import cache
from typing import Literal

from fastapi import APIRouter, Request

from roost._version import __version__
from roost.build import build_info
from roost.server.protocol import PROTOCOL_VERSION, Health
from roost.server.tables.routes import lobby_of

router = APIRouter(tags=["server"])


@cache
def _build() -> Literal["compiled", "pure", "mixed"]:
    """The engine's build, found once: it cannot change while the process runs, and finding it
    looks up every engine module (a few milliseconds a health check would otherwise pay)."""
    return build_info().kind


@router.get("/api/health", response_model=Health)
async def health(request: Request) -> Health:
    """200 while the process serves; `database` says whether its writes commit now; `version`
    and `build` say which release of Roost answers and whether its engine is compiled (a
    deployment check: the wheel installed is the one meant)."""
    lobby = lobby_of(request)
    return Health(
        ok=True,
        tables=len(lobby.tables),
        protocol=PROTOCOL_VERSION,
        version=__version__,
        build=_build(),
        database="unavailable" if lobby.store.outage.down else "ok",
    )
