"""Who moves when nobody clicks: the bots, the stand-ins of people who left or ran out of time,
the move clock, and the automatic answer to a reaction window for a person who can only let a
card happen (`roost.server.tables.reactions`).

Only the table's owner does this (one process, in a cluster). After every change the table
calls `_schedule`: a bot's or stand-in's turn starts a task that asks the bot workers for a move
(after the bot's pause, so people can follow; in a reaction window after a pause drawn like a
person's quick "no", thinking included); a person's turn starts their clock, and their automatic
answer's timer when they have no other answer.

`Autoplay` is a mixin of `Table`; its methods are typed against `Playing`, the part of a table
they use, so that this module needs no import of the table.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Protocol

from roost.core.game import Game
from roost.core.state import State
from roost.server.config import Settings
from roost.server.errors import ServerError
from roost.server.outages import retry_delay
from roost.server.tables import clock
from roost.server.tables.bots import BotJob, BotRunner, bot_kind, bot_seed
from roost.server.tables.rows import SeatRecord, TableRecord

log = logging.getLogger("roost.server.table")


class Playing(Protocol):
    """The part of a table that plays by itself (`roost.server.tables.table.Table`)."""

    record: TableRecord
    state: State
    game: Game
    settings: Settings
    bots: BotRunner
    timers: clock.Timers
    owner: bool
    lock: asyncio.Lock
    closed: bool
    bot_task: asyncio.Task[None] | None
    pause: Callable[[], float]

    @property
    def id(self) -> str: ...

    @property
    def version(self) -> int: ...

    @property
    def status(self) -> str: ...

    @property
    def seats(self) -> list[SeatRecord]: ...

    def seat_name(self, seat: int) -> str: ...

    async def move_as(self, seat: int, version: int, action: int, *, by: str) -> int: ...

    async def _set_away(self, seat: int, away: bool, note: str) -> None: ...

    def _schedule(self) -> None: ...

    async def _reply(self, seat: int, version: int, action: int, failures: int = 0) -> None: ...

    async def _bot_turn(self, version: int) -> None: ...

    async def _clock_over(self, seat: int, version: int) -> None: ...

    def _bot_job(self, seat: int, kind: str, seed: int) -> BotJob: ...

    def scripted(self, version: int) -> int | None: ...


class Autoplay:
    """Bots, stand-ins, clocks and automatic answers (see the module docstring)."""

    bot_task: asyncio.Task[None] | None
    """The running turn of a bot or stand-in, if any (set by the table's constructor)."""

    def _schedule(self: Playing) -> None:
        """After every change: let a bot or stand-in move, answer for a person who can only
        let a card happen, or start the person's clock."""
        self.timers.cancel_kinds("clock", "reply")
        if self.record.status != "playing" or self.closed or not self.owner:
            return
        player = self.state.current_player()
        if player < 0:
            return
        record = self.seats[player]
        if record.type == "bot" or record.away:
            if self.bot_task is None or self.bot_task.done():
                self.bot_task = asyncio.get_running_loop().create_task(self._bot_turn(self.version))
            return
        reply = self.state.passive_reply() if not record.always_ask else None
        if reply is not None:
            self.timers.set(
                ("reply", player), self.pause(), partial(self._reply, player, self.version, reply)
            )
        if self.record.clock is not None:
            self.timers.set(
                ("clock", player),
                self.record.clock,
                partial(self._clock_over, player, self.version),
            )

    async def _reply(
        self: Playing, seat: int, version: int, action: int, failures: int = 0
    ) -> None:
        """Let the card happen for a person who had no other answer (see `_schedule`); tried
        again while the database cannot store it."""
        try:
            await self.move_as(seat, version, action, by="auto")
        except ServerError as error:  # they answered first, left, or the table moved
            if error.code == "storage_failed" and not self.closed:
                self.timers.set(
                    ("reply", seat),
                    retry_delay(failures + 1),
                    partial(self._reply, seat, version, action, failures + 1),
                )

    async def _bot_turn(self: Playing, version: int) -> None:
        failures = 0  # refused writes in a row: the database is away (roost.server.outages)
        while not self.closed:
            # A reaction window is answered after a pause drawn like a person's quick "no",
            # thinking included, whether or not there was a choice: the timing tells nothing.
            reacting = self.state.reaction_window()
            started = time.monotonic()
            pause = self.pause() if reacting else self.settings.bot_pause
            if not reacting:
                await asyncio.sleep(pause)
            if self.version != version:
                version = self.version
            player = self.state.current_player()
            if self.record.status != "playing" or player < 0:
                return
            record = self.seats[player]
            if record.type == "person" and not record.away:
                return
            level = record.level if record.type == "bot" else self.settings.standin_level
            by = "bot" if record.type == "bot" else "standin"
            kind = bot_kind(level or "medium", self.game)
            seed = bot_seed(self.record.seed, version, player)
            scripted = self.scripted(version)
            try:
                # a tutorial's script decides for its bots (and a stand-in of its learner)
                action = scripted
                if action is None:
                    action = self.bots.decide_now(kind, player, seed, self.state)
                if action is None:
                    action = await self.bots.choose(self._bot_job(player, kind, seed), self.state)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table %s: the %s bot failed; it plays at random", self.id, level)
                action = random.Random(seed).choice(self.state.legal_actions())
            if reacting:
                await asyncio.sleep(max(0.0, pause - (time.monotonic() - started)))
            try:
                await self.move_as(player, version, action, by=by)
            except ServerError as error:
                if error.code == "storage_failed":
                    failures += 1
                    await asyncio.sleep(retry_delay(failures))
                    continue
                if self.version == version:
                    return
            failures = 0
            if self.version == version:
                return
            next_player = self.state.current_player()
            if next_player < 0 or self.record.status != "playing":
                return
            next_record = self.seats[next_player]
            if next_record.type == "person" and not next_record.away:
                return
            version = self.version

    def _bot_job(self: Playing, seat: int, kind: str, seed: int) -> BotJob:
        """The job of a bot that thinks off the event loop: all a worker needs to decide."""
        return BotJob(
            table_id=self.id,
            game=self.game.name,
            params=tuple(sorted(self.game.params.items())),
            history=tuple(self.state.history()),
            seat=seat,
            kind=kind,
            seed=seed,
        )

    async def _clock_over(self: Playing, seat: int, version: int) -> None:
        async with self.lock:
            if self.version != version or self.status != "playing":
                return
            if self.state.current_player() != seat or self.seats[seat].away:
                return
            level = self.settings.standin_level
            await self._set_away(seat, True, clock.timed_out(self.seat_name(seat), level))
