"""The coach's REST routes: a seat's review after a game (start, progress and result, cancel);
see docs/protocol.md, "Reviews". Hints travel on the play WebSocket (`roost.server.socket`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Query, Request

from roost.server.coach.reviews import check_access
from roost.server.coach.service import Coach
from roost.server.protocol import ReviewAnswer, StartReview
from roost.server.replays import parse_viewer
from roost.server.routing import ERRORS, bearer
from roost.server.tables.routes import lobby_of

router = APIRouter(tags=["coach"])


def coach_of(request: Request) -> Coach:
    coach: Coach = request.app.state.coach
    return coach


@router.post(
    "/api/tables/{table_id}/reviews",
    status_code=202,
    response_model=ReviewAnswer,
    responses=ERRORS,
)
async def start_review(
    table_id: str,
    body: StartReview,
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
) -> ReviewAnswer:
    """Start the review of a seat (or answer the one running or done): the hard bot's search
    over each of the seat's decisions, from the seat's own information, in the bot workers."""
    table = await lobby_of(request).find(table_id)
    token_seat = table.authenticate(bearer(authorization))
    check_access(table, body.seat, token_seat, body.viewer)
    return await coach_of(request).reviews.start(table, body.seat)


@router.get("/api/tables/{table_id}/reviews/{seat}", response_model=ReviewAnswer, responses=ERRORS)
async def review(
    table_id: str,
    seat: int,
    request: Request,
    viewer: Annotated[str | None, Query(max_length=16)] = None,
    authorization: Annotated[str | None, Header()] = None,
) -> ReviewAnswer:
    """A seat's review: its progress, and the review once done."""
    seen_by = parse_viewer(viewer) if viewer is not None else None  # bad input first
    table = await lobby_of(request).find(table_id)
    token_seat = table.authenticate(bearer(authorization))
    check_access(table, seat, token_seat, seen_by)
    return await coach_of(request).reviews.status(table, seat)


@router.delete(
    "/api/tables/{table_id}/reviews/{seat}", response_model=ReviewAnswer, responses=ERRORS
)
async def cancel_review(
    table_id: str,
    seat: int,
    request: Request,
    viewer: Annotated[str | None, Query(max_length=16)] = None,
    authorization: Annotated[str | None, Header()] = None,
) -> ReviewAnswer:
    """Stop a seat's review that is queued or running (what it found so far is dropped)."""
    seen_by = parse_viewer(viewer) if viewer is not None else None
    table = await lobby_of(request).find(table_id)
    token_seat = table.authenticate(bearer(authorization))
    check_access(table, seat, token_seat, seen_by)
    return await coach_of(request).reviews.cancel(table, seat)
