"""Replays of finished tables: the game move by move in the words of any viewer (a seat, a
spectator, or the full deal), the view at any version, and what was said at the table.

A replay is only for a finished table: the seed and every hidden card are public then."""

from __future__ import annotations

from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from roost.core.game import OMNISCIENT, Game
from roost.core.message import message
from roost.server.chat.rows import load_lines
from roost.server.errors import ServerError
from roost.server.protocol import Replay, ReplayNote, ReplayStep, ReplayView, Viewer
from roost.server.routing import ERRORS
from roost.server.tables.notes import note_message
from roost.server.tables.routes import lobby_of
from roost.server.tables.table import Table, legal_action_data

router = APIRouter(tags=["replay"])


@router.get("/api/tables/{table_id}/replay", response_model=Replay, responses=ERRORS)
async def replay(
    table_id: str, request: Request, viewer: Annotated[str, Query(max_length=16)] = "all"
) -> Replay:
    """A finished game move by move, in the words of `viewer`, with the table's chat."""
    seen_by = parse_viewer(viewer)  # bad input first, before any work
    lobby = lobby_of(request)
    table = await lobby.find(table_id)
    steps = game_steps(table, seen_by)
    steps.chat = await lobby.store.read(partial(load_lines, table_id=table.id))
    return steps


@router.get("/api/tables/{table_id}/replay/{version}", response_model=ReplayView, responses=ERRORS)
async def replay_view(
    table_id: str,
    version: int,
    request: Request,
    viewer: Annotated[str, Query(max_length=16)] = "all",
) -> ReplayView:
    """The view of `viewer` at one version of a finished game."""
    seen_by = parse_viewer(viewer)  # bad input first, before any work
    table = await lobby_of(request).find(table_id)
    return view_at(table, version, seen_by)


def game_steps(table: Table, viewer: Viewer) -> Replay:
    """Every action of a finished table with its text as `viewer` reads it (no chat yet)."""
    _require_over(table)
    seat = _viewer_seat(table.game, viewer)
    state = table.game.new_initial_state()
    steps: list[ReplayStep] = []
    for version, entry in enumerate(table.record.actions):
        said = state.action_to_message(entry.action, seat)
        steps.append(
            ReplayStep(
                version=version,
                seat=entry.seat,
                kind="chance" if entry.seat is None else "move",
                action=entry.action,
                text=said.english(),
                msg=said.to_json(),
            )
        )
        state.apply_action(entry.action)
    return Replay(
        table=table.info(),
        viewer=viewer,
        seed=table.record.seed,
        history=[entry.action for entry in table.record.actions],
        steps=steps,
        notes=[
            ReplayNote(
                version=n.version, seat=n.seat, text=n.text, msg=note_message(n.text).to_json()
            )
            for n in table.record.notes
        ],
    )


def view_at(table: Table, version: int, viewer: Viewer) -> ReplayView:
    """What `viewer` saw at `version` of a finished table (and the moves offered then)."""
    _require_over(table)
    seat = _viewer_seat(table.game, viewer)
    if not 0 <= version <= table.version:
        raise ServerError(
            "not_found",
            message("this replay has versions 0 to {last}", last=table.version),
            404,
        )
    history = [entry.action for entry in table.record.actions[:version]]
    state = table.game.state_from_history(history)
    player = state.current_player()
    to_move = player if player >= 0 else None
    actions: list[dict[str, Any]] = []
    if to_move is not None and (seat in (to_move, OMNISCIENT)):
        actions = legal_action_data(state, to_move)
    return ReplayView(
        version=version,
        viewer=viewer,
        to_move=to_move,
        observation=dict(state.observation(seat)),
        actions=actions,
    )


def parse_viewer(text: str) -> Viewer:
    if text == "all":
        return "all"
    if text == "spectator":
        return "spectator"
    if text.isascii() and text.isdigit():  # not '¹' or '٣': digits to str.isdigit, not to int
        return int(text)
    raise ServerError(
        "bad_request",
        message("viewer is 'all', 'spectator' or a seat; got {text}", text=repr(text)),
        400,
    )


def _require_over(table: Table) -> None:
    if table.status != "over":
        raise ServerError("not_over", message("a replay is available once the game is over"))


def _viewer_seat(game: Game, viewer: Viewer) -> int | None:
    if viewer == "all":
        return OMNISCIENT
    if viewer == "spectator":
        return None
    if not 0 <= viewer < game.num_players:
        raise ServerError(
            "bad_request",
            message(
                "viewer is 'all', 'spectator' or a seat from 0 to {last}",
                last=game.num_players - 1,
            ),
            400,
        )
    return viewer
