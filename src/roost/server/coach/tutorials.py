"""Learn to play at the server: a tutorial's table (docs/protocol.md, "Tutorials").

`POST /api/tutorials/{game}` makes a table of the game's tutorial (`roost.coach.tutorials`):
the learner in seat 0, easy bots in the others, started at once. The table follows the
tutorial's script: its chance draws and its bots' moves are the scripted ones, and a move of
the learner other than the scripted one is refused (``tutorial_move``), so the deal meets every
rule the tutorial lists; after the script the game goes on freely (chance from the table's own
seed, easy bots). The table is the learner's own: it is not listed in the lobby.

`GET /api/tutorials` lists the games with a tutorial; `GET /api/tutorials/{game}` gives the
lessons (each rule's words and the version from which it is shown) and the learner's scripted
moves, which the page (js/learn.js) shows beside the table.
"""

from __future__ import annotations

import secrets
import time
from functools import partial

from fastapi import APIRouter, Request

from roost.coach.tutorials import LEARNER, Tutorial, tutorial_for, tutorials
from roost.core.message import message
from roost.server.errors import ServerError
from roost.server.protocol import (
    SeatGrant,
    StartTutorial,
    TutorialDetail,
    TutorialInfo,
)
from roost.server.routing import ERRORS, client_address
from roost.server.tables.lobby import Lobby
from roost.server.tables.routes import lobby_of
from roost.server.tables.rows import (
    SeatRecord,
    TableRecord,
    find_created,
    unfinished_count,
)
from roost.server.tables.table import hash_token, new_seed, new_token

router = APIRouter(tags=["tutorials"])


def _tutorial(game: str) -> Tutorial:
    found = tutorial_for(game) if len(game) <= 64 else None
    if found is None:
        raise ServerError(
            "tutorial_not_found", message("there is no tutorial of {game}", game=repr(game)), 404
        )
    return found


@router.get("/api/tutorials", response_model=list[TutorialInfo])
async def list_tutorials() -> list[TutorialInfo]:
    """Every game with a tutorial."""
    return [
        TutorialInfo(game=name, title=t.load().title, lessons=len(t.rules))
        for name, t in tutorials().items()
    ]


@router.get("/api/tutorials/{game}", response_model=TutorialDetail, responses=ERRORS)
async def tutorial(game: str) -> TutorialDetail:
    """A tutorial's lessons (each rule and the version it is shown from) and the learner's
    scripted moves."""
    return TutorialDetail(**_tutorial(game).to_json())


@router.post("/api/tutorials/{game}", status_code=201, response_model=SeatGrant, responses=ERRORS)
async def start_tutorial(game: str, body: StartTutorial, request: Request) -> SeatGrant:
    """A table of the game's tutorial: the learner in seat 0 (the answer carries the seat's
    token), easy bots elsewhere, started at once."""
    found = _tutorial(game)
    lobby = lobby_of(request)
    name = body.name or "Learner"
    create_key = hash_token(body.token) if body.token is not None else None
    if create_key is not None:
        again = await _made_before(lobby, create_key, name, body.token)
        if again is not None:
            return again
    creator = client_address(request)
    count = await lobby.store.read(partial(unfinished_count, creator=creator))
    if count >= lobby.settings.max_tables_per_client:
        raise ServerError(
            "too_many_tables",
            message(
                "you already have {count} unfinished tables; finish or leave one first",
                count=count,
            ),
            429,
        )
    loaded = found.load()
    token = body.token or new_token()
    seats = [SeatRecord(LEARNER, "person", name, None, hash_token(token))]
    seats += [SeatRecord(seat, "bot", None, found.bots) for seat in range(1, loaded.num_players)]
    record = TableRecord(
        id=secrets.token_urlsafe(6),
        game=loaded.name,
        params=loaded.params,
        seed=new_seed(),
        status="waiting",
        seats=seats,
        creator=creator[:64],
        created_at=time.time(),
        create_key=create_key,
        creator_seat=LEARNER,
        tutorial=loaded.name,
    )
    made_before = None
    if create_key is not None:
        made_before = partial(_made_before, lobby, create_key, name, body.token)
    return await lobby.open_table(record, LEARNER, token, made_before)


async def _made_before(
    lobby: Lobby, create_key: str, name: str, token: str | None
) -> SeatGrant | None:
    """The answer to a start sent again (its answer lost): the table it made."""
    table_id = await lobby.store.read(partial(find_created, create_key=create_key))
    if table_id is None:
        return None
    table = await lobby.find(table_id)
    if table.record.tutorial is None:
        raise ServerError("token_reused", message("this token already made another table"))
    assert token is not None
    seat, token = await table.join(name, None, token)
    return SeatGrant(table=table.info(), seat=seat, token=token)
