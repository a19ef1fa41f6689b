"""Hints at the tables: the `hint` frame of the play WebSocket (docs/protocol.md, "Hints").

The seat to move asks; the server answers a `hint` frame with the hard bot's best moves and the
seat's chances after each (`roost.coach.hints`, computed in the bot workers from the seat's own
information: a hint tells nothing of the other hands). It refuses, with an `error` frame and
nothing changed:

* at a table whose game is rated (`roost.server.tables.rows.rated`): ``hints_off``;
* a spectator: ``not_seated``; a table not started or over: ``not_started``, ``game_over``;
* a seat that does not decide now (or whose stand-in plays): ``not_your_turn``.

One hint is worked out per table, version and seat, and kept: asking again at the same moment
(two tabs, a double click) costs nothing and gets the same answer. Tables of bots alone are not
touched: nobody there can ask.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import OrderedDict
from typing import Any, Final

from roost.core.message import message
from roost.server.coach.work import HintJob, hint_job
from roost.server.config import CoachLimits
from roost.server.errors import ServerError
from roost.server.protocol import HintFrame, HintRequest, MoveEstimateInfo
from roost.server.tables.bots import BotRunner
from roost.server.tables.table import Connection, Table, frame_text

KEEP: Final = 256
"""Hints kept (by table, version and seat) for a repeated request."""


def hint_seed(table: Table, version: int, seat: int) -> int:
    """The seed of a hint's search: the table, the moment and the seat (not the table's seed,
    which stays secret until the end; the search reads the seat's information only anyway)."""
    digest = hashlib.sha256(f"hint:{table.id}:{version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


class Hints:
    """The hints of one server process."""

    def __init__(self, bots: BotRunner, limits: CoachLimits) -> None:
        self.bots = bots
        self.limits = limits
        self._kept: OrderedDict[tuple[str, int, int], asyncio.Future[dict[str, Any]]] = (
            OrderedDict()
        )

    def check(self, table: Table, seat: int | None) -> int:
        """The seat a hint is for, or the refusal (see the module docstring)."""
        if seat is None:
            raise ServerError(
                "not_seated", message("spectators cannot ask for hints; join a seat to play")
            )
        if table.record.rated:
            raise ServerError("hints_off", message("this game is rated: no hints at this table"))
        if table.status == "waiting":
            raise ServerError("not_started", message("the game has not started yet"))
        if table.status == "over":
            raise ServerError("game_over", message("the game is over"))
        if table.to_move() != seat or table.seats[seat].away:
            raise ServerError(
                "not_your_turn",
                message("a hint is for your own decision: it is not your decision now"),
            )
        return seat

    async def answer(
        self, table: Table, connection: Connection, seat: int | None, frame: HintRequest
    ) -> None:
        """Answer a `hint` frame on `connection` (a refusal raises `ServerError`)."""
        checked = self.check(table, seat)
        version = table.version
        key = (table.id, version, checked)
        future = self._kept.get(key)
        if future is None:
            job = HintJob(
                game=table.game.name,
                params=tuple(sorted(table.game.params.items())),
                history=tuple(entry.action for entry in table.record.actions),
                seat=checked,
                iterations=self.limits.hint_iterations,
                seed=hint_seed(table, version, checked),
            )
            future = asyncio.ensure_future(self.bots.run(hint_job, job))
            self._kept[key] = future
            while len(self._kept) > KEEP:
                self._kept.popitem(last=False)
        try:
            found = await asyncio.shield(future)
        except Exception:
            self._kept.pop(key, None)
            raise ServerError(
                "hint_failed", message("the hint could not be worked out; try again")
            ) from None
        answer = HintFrame(
            version=version,
            seat=checked,
            measure=found["measure"],
            choices=found["choices"],
            moves=[MoveEstimateInfo(**move) for move in found["moves"]],
            ref=frame.ref,
        )
        connection.deliver(frame_text(answer))
