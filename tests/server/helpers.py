"""Helpers of the server tests: a fake connection, tables on a throwaway store, scripted seats."""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from roost.core.game import Game
from roost.core.registry import load_game
from roost.server.config import Settings
from roost.server.db import Store
from roost.server.tables.bots import BotRunner
from roost.server.tables.rows import SeatRecord, TableRecord, insert_table
from roost.server.tables.table import Table, hash_token

T = TypeVar("T")

FAST = Settings(bot_pause=0.0, reaction_pause=0.0, bot_workers=0, grace=30.0)


def run(coroutine: Awaitable[T], timeout: float = 300.0) -> T:
    async def bounded() -> T:
        return await asyncio.wait_for(coroutine, timeout)

    return asyncio.run(bounded())


class FakeConnection:
    """Collects every frame a table delivers, as parsed JSON and as the text sent."""

    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.changed = asyncio.Event()
        self.ended: int | None = None
        """The close code the table ended this connection with, if it did."""

    def deliver(self, text: str) -> None:
        self.texts.append(text)
        self.frames.append(json.loads(text))
        self.changed.set()

    def end(self, code: int) -> None:
        self.ended = code

    def views(self) -> list[dict[str, Any]]:
        return [frame for frame in self.frames if frame["type"] == "view"]

    def last_view(self) -> dict[str, Any]:
        return self.views()[-1]

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [frame for frame in self.frames if frame["type"] == kind]


def make_table(
    store: Store,
    game: Game,
    kinds: list[str],
    *,
    settings: Settings = FAST,
    bots: BotRunner | None = None,
    clock: int | None = None,
    seed: int | None = None,
) -> tuple[Table, dict[int, str]]:
    """A stored table whose seats are 'person' (a token is made), 'open' or a bot level."""
    tokens: dict[int, str] = {}
    seats: list[SeatRecord] = []
    for seat, kind in enumerate(kinds):
        if kind == "person":
            tokens[seat] = secrets.token_urlsafe(16)
            seats.append(
                SeatRecord(seat, "person", f"Person{seat}", None, hash_token(tokens[seat]))
            )
        elif kind == "open":
            seats.append(SeatRecord(seat, "open"))
        else:
            seats.append(SeatRecord(seat, "bot", None, kind))
    record = TableRecord(
        id=secrets.token_urlsafe(6),
        game=game.name,
        params=game.params,
        seed=seed if seed is not None else secrets.randbits(62),
        status="waiting",
        seats=seats,
        creator="test",
        created_at=time.time(),
        clock=clock,
    )
    store.run(lambda session: insert_table(session, record))
    table = Table(record, store=store, bots=bots or BotRunner(0), settings=settings)
    return table, tokens


async def seat_people(
    table: Table, tokens: dict[int, str]
) -> dict[int, tuple[str, FakeConnection]]:
    """Each token's person connected to `table` (seat -> token and connection), then the table
    started if it is full: the usual start of a scripted game."""
    people = {}
    for seat, token in tokens.items():
        connection = FakeConnection()
        await table.attach(connection, token)
        people[seat] = (token, connection)
    await table.start_if_full()
    return people


async def play_out(
    table: Table,
    people: dict[int, tuple[str, FakeConnection]],
    rng: random.Random,
    *,
    choose: Callable[[list[dict[str, Any]], random.Random], int] | None = None,
    limit: float = 30.0,
) -> None:
    """Let scripted people (seat -> token and connection) play from their views until the end;
    bots play by themselves."""
    deadline = time.monotonic() + limit
    while table.status != "over":
        if time.monotonic() > deadline:
            raise TimeoutError(f"table {table.id} did not finish (version {table.version})")
        moved = False
        for _seat, (token, connection) in people.items():
            view = connection.last_view()
            if view["passive"]:  # the server answers for this seat in a moment
                continue
            if view["actions"] and view["version"] == table.version:
                actions = view["actions"]
                action = choose(actions, rng) if choose else rng.choice(actions)["action"]
                await table.move(token, view["version"], action, connection=connection)
                moved = True
        if not moved:
            await asyncio.sleep(0.001)


def game_for(name: str, players: int | None = None) -> Game:
    return load_game(name) if players is None else load_game(name, players=players)


async def until(condition: Callable[[], bool], timeout: float = 30.0, step: float = 0.005) -> None:
    """Wait until `condition()` holds, polling; the bound is generous, so a busy machine slows
    the test down instead of failing it (the condition, not the time, is what is tested)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout} s")
        await asyncio.sleep(step)


def described(info: dict[str, Any] | None, frame: dict[str, Any]) -> dict[str, Any]:
    """`frame` (a view) as a client of protocol 2 reads it: a view without the table's
    description takes `info`, the one last sent on the same connection, with the view's
    version, turn and deadline (static/js/table.js, `onView`)."""
    if frame["table"] is not None:
        return frame
    assert info is not None, "a view without the table's description came first"
    turn = {key: frame[key] for key in ("version", "to_move", "deadline")}
    return {**frame, "table": {**info, **turn}}
