"""One game table: the authority over one game, as boardgame.io's `Master` is.

A `Table` knows no HTTP and no WebSocket. A connection is anything with ``deliver(text)``
(non-blocking; the transport queues and sends). For each move the table authenticates the seat
(by its token's hash, compared in constant time), checks the state version the client acted
on, checks the move is legal, draws the chance outcomes that follow from the table's own seed,
stores the move and those draws in one transaction, and only then acknowledges and sends every
connected seat its own view: its observation, its legal actions as that seat may know them and
the new log lines in its words. Spectators get the spectator view.

A table's state is rebuilt from its stored action list (`Table.restore`), so a restart loses
nothing; the chance draw at version ``v`` comes from a generator seeded by (seed, v), so a
rebuilt table draws exactly what the first one would have.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import random
import secrets
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

from pydantic import BaseModel

from roost.coach.tutorials import tutorial_script
from roost.core.errors import RoostError
from roost.core.game import CHANCE, TERMINAL, Game
from roost.core.message import Message, message, plain
from roost.core.registry import load_game
from roost.core.state import State
from roost.server import metrics, wire
from roost.server.config import Settings
from roost.server.db import Conflict, StorageError, Store
from roost.server.errors import ServerError
from roost.server.protocol import (
    ErrorFrame,
    TableFrame,
    TableInfo,
    ViewFrame,
    Welcome,
)
from roost.server.tables import clock
from roost.server.tables.autoplay import Autoplay
from roost.server.tables.bots import BotRunner, bot_name, bot_name_data
from roost.server.tables.log import SeatLog, TableLog, Viewer, derive
from roost.server.tables.notes import taken
from roost.server.tables.reactions import reaction_pause
from roost.server.tables.rows import (
    ActionRecord,
    Append,
    NoteRecord,
    SeatRecord,
    TableRecord,
    add_note,
    append_actions,
    load_table,
    mark_arrived,
    save_seat,
    save_status,
)

log = logging.getLogger("roost.server.table")


class Peers(Protocol):
    """The other server processes sharing the database (`roost.server.tables.cluster.Cluster`)."""

    def elsewhere(self, table_id: str) -> set[int]:
        """Seats of the table with a connection at another process."""
        ...

    def changed(self, table_id: str, seat: int, count: int) -> None:
        """This process now has `count` connections for the seat."""
        ...


ResultHook = Callable[[Any, TableRecord, dict[str, Any]], None]
"""Called inside the transaction that stores a rated table's final actions and result, with
that transaction's session, the table (its seats) and the result: what it writes commits with
the result or not at all. The ratings concern gives it at assembly (roost.server.app), so the
tables know nothing of ratings."""


class Connection(Protocol):
    """A client connected to a table, as the table sees it."""

    def deliver(self, text: str) -> None:
        """Queue one JSON frame for the client (never blocks)."""
        ...

    def end(self, code: int) -> None:
        """Close the connection with this WebSocket code once the queued frames are out."""
        ...


NO_TOKEN = "-" * 64
"""What a seat without a token is compared with: the length of a hash, and no hash at all."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)


def new_seed() -> int:
    return secrets.randbits(62)


def frame_text(frame: BaseModel) -> str:
    return frame.model_dump_json()


@dataclass
class Attached:
    """One connection's place at the table."""

    seat: int | None
    compact: bool = False
    """The client speaks protocol 2 or later: its views leave out the table's description
    while it is the one last sent (`Table._broadcast`)."""


class Table(Autoplay):
    """A game table (see the module docstring). All changes go through `self.lock`."""

    def __init__(
        self,
        record: TableRecord,
        *,
        store: Store,
        bots: BotRunner,
        settings: Settings,
        public_url: Callable[[], str] = lambda: "",
        on_change: Callable[[Table], None] | None = None,
        peers: Peers | None = None,
        owner: bool = True,
        on_result: ResultHook | None = None,
    ) -> None:
        self.record = record
        self.on_result = on_result
        self.peers = peers
        self.owner = owner
        """Only the owner runs the table's bots, stand-ins, clock and grace (see cluster.py);
        every process applies the moves of its own clients."""
        self.store = store
        self.bots = bots
        self.settings = settings
        self.public_url = public_url
        self.on_change = on_change
        self.game: Game = load_game(record.game, **record.params)
        self.state: State = self.game.new_initial_state()
        self.lock = asyncio.Lock()
        self.connections: dict[Connection, Attached] = {}
        self.log = TableLog()
        self.timers = clock.Timers()
        self.bot_task: asyncio.Task[None] | None = None
        self._notes_done = 0
        self.closed = False
        self._described: tuple[tuple[Any, ...], dict[str, Any]] | None = None
        """`info_data`'s description and the key it was built for (`_description_key`)."""
        self._broadcast_key: tuple[Any, ...] | None = None
        """The description's key at the last broadcast (`_broadcast`)."""
        self._chance = random.Random()
        """The generator of the chance draws, seeded again for each (`chance_rng`)."""
        pauses = random.Random(secrets.randbits(64))
        self.pause: Callable[[], float] = partial(reaction_pause, pauses, settings.reaction_pause)
        """The pause before an answer to a reaction window given by the server (roost.server.
        reactions); replaceable, for the tests that look at the pauses drawn. Nothing the table
        holds refers back to it (no closure over `self`): an evicted table is freed by reference
        counting at once, not left as cyclic garbage for the rare full collections of a
        server's tuned collector (`GC_THRESHOLDS`), which let memory grow by half a MiB a
        finished game between them."""
        self.script: list[int] | None = tutorial_script(record.tutorial)
        """A tutorial's scripted actions (roost.coach.tutorials): chance and the bots follow
        them, and the learner's moves must be them; None at every other table."""

    # --- building and rebuilding ------------------------------------------------------------

    @classmethod
    def restore(
        cls,
        record: TableRecord,
        *,
        store: Store,
        bots: BotRunner,
        settings: Settings,
        public_url: Callable[[], str] = lambda: "",
        on_change: Callable[[Table], None] | None = None,
        peers: Peers | None = None,
        owner: bool = True,
        on_result: ResultHook | None = None,
    ) -> Table:
        """The table of a stored record, its game rebuilt by replaying the action list."""
        table = cls(
            record,
            store=store,
            bots=bots,
            settings=settings,
            public_url=public_url,
            on_change=on_change,
            peers=peers,
            owner=owner,
            on_result=on_result,
        )
        state = table.state
        notes = record.notes
        for version, entry in enumerate(record.actions):
            table._log_notes(notes, version)
            table.log.stored(state, version, entry.action)
        table._log_notes(notes, len(record.actions))
        return table

    def _log_notes(self, notes: list[NoteRecord], version: int) -> None:
        while self._notes_done < len(notes) and notes[self._notes_done].version <= version:
            note = notes[self._notes_done]
            self.log.note(note.version, note.seat, note.text)
            self._notes_done += 1

    def scripted(self, version: int) -> int | None:
        """The action a tutorial's script prescribes at `version` (None: free play)."""
        script = self.script
        return script[version] if script is not None and version < len(script) else None

    # --- what anyone may read ---------------------------------------------------------------

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def version(self) -> int:
        return len(self.record.actions)

    @property
    def status(self) -> str:
        return self.record.status

    @property
    def seats(self) -> list[SeatRecord]:
        return self.record.seats

    def to_move(self) -> int | None:
        if self.record.status != "playing":
            return None
        player = self.state.current_player()
        return player if player >= 0 else None

    def seat_name(self, seat: int) -> str:
        record = self.seats[seat]
        if record.type == "bot":
            return bot_name(record.level).english()
        return record.name or f"P{seat}"

    def seat_said(self, seat: int) -> str | Message:
        """A seat's name inside a message: a bot's as its level's name, which each reader's
        client says in their language; a person's as they gave it."""
        record = self.seats[seat]
        return bot_name(record.level) if record.type == "bot" else self.seat_name(seat)

    def connected_seats(self) -> set[int]:
        """Seats with a connection here or at another server process."""
        here = {a.seat for a in self.connections.values() if a.seat is not None}
        return here | self.peers.elsewhere(self.id) if self.peers is not None else here

    def _tell_peers(self, seat: int | None) -> None:
        if self.peers is not None and seat is not None:
            count = sum(1 for a in self.connections.values() if a.seat == seat)
            self.peers.changed(self.id, seat, count)

    def info(self) -> TableInfo:
        """The table's public description (no token, no seed before the end)."""
        return TableInfo.model_validate(self.info_data())

    def info_data(self) -> dict[str, Any]:
        """`info` as plain data, laid out and typed as `TableInfo` (what a view frame
        carries, encoded without the model: `roost.server.wire`).

        Built again only when what it describes changed (`_description_key`); between two
        versions of a game only its version, turn and deadline change, which are filled in
        on every call. Rebuilding it for every frame was a third of the view frames' CPU
        (docs/measured/server-speed.md)."""
        key = self._description_key()
        described = self._described
        if described is None or described[0] != key:
            described = self._described = (key, self._describe(key))
        to_move = self.to_move()
        return {
            **described[1],
            "version": len(self.record.actions),
            "to_move": to_move,
            "deadline": self._deadline(to_move),
        }

    def _deadline(self, to_move: int | None) -> float | None:
        """When the clock of the seat to move runs out, if it runs."""
        return self.timers.deadline(("clock", to_move)) if to_move is not None else None

    def _description_key(self) -> tuple[Any, ...]:
        """Everything `info_data` says besides the version, the turn and the deadline: its
        description is reused while this compares equal. Worked out on every call (a few
        comparisons), so no change can be missed: the seats' records, the status, the
        connections here and at other server processes, the invitation's address."""
        record = self.record
        connections = self.connections.values()
        return (
            self.public_url(),
            record.status,
            record.result,
            record.rematch,
            [(s.type, s.name, s.level, s.away, s.user is not None) for s in record.seats],
            self.connected_seats(),
            sum(1 for a in connections if a.seat is None),
        )

    def _describe(self, key: tuple[Any, ...]) -> dict[str, Any]:
        """The table's description for `key` (`_description_key`), its version, turn and
        deadline left for `info_data` to fill in."""
        base, status, stored_result, _, _, connected, spectators = key
        record = self.record
        result = None
        if status == "over" and stored_result is not None:
            result = {
                "returns": [float(r) for r in stored_result["returns"]],
                "winners": [int(w) for w in stored_result["winners"]],
                "seed": record.seed,
                "seed_text": str(record.seed),
            }
        return {
            "id": record.id,
            "game": self.game.name,
            "title": self.game.title,
            "params": self.game.params,
            "status": status,
            "version": None,
            "seats": [
                {
                    "seat": seat.seat,
                    "type": seat.type,
                    "name": self.seat_name(seat.seat) if seat.type != "open" else None,
                    "name_msg": bot_name_data(seat.level) if seat.type == "bot" else None,
                    "level": seat.level,
                    "connected": seat.type == "bot" or seat.seat in connected,
                    "standin": seat.away,
                    "signed_in": seat.user is not None,
                }
                for seat in record.seats
            ],
            "to_move": None,
            "clock": record.clock,
            "deadline": None,
            "spectators": spectators,
            "invite_url": f"{base}/t/{record.id}",
            "created_at": record.created_at,
            "rematch": record.rematch,
            "rematch_of": record.rematch_of,
            "result": result,
            "rated": record.rated,
            "public": record.public,
            "fill_after": record.fill_after,
            "fill_at": self.fill_at(),
            "hints": not record.rated,
            "tutorial": record.tutorial,
        }

    def authenticate(self, token: str | None) -> int | None:
        """The seat whose token this is (None for no token: a spectator), or `unauthorized`.
        Every seat's hash is compared, in constant time."""
        if token is None:
            return None
        found = self.seat_of(token)
        if found is None:
            raise ServerError(
                "unauthorized", message("this token is not a seat's of this table"), 401
            )
        return found

    def seat_of(self, token: str) -> int | None:
        """The seat this token holds, or None."""
        given = hash_token(token)
        found: int | None = None
        for seat in self.seats:
            stored = seat.token_hash or NO_TOKEN
            if hmac.compare_digest(given, stored):
                found = seat.seat
        return found

    def actions_for(self, viewer: Viewer, state: State | None = None) -> list[dict[str, Any]]:
        """The legal actions of `viewer` as data, if that seat must decide now."""
        state = state or self.state
        if viewer is None or self.record.status != "playing":
            return []
        if state.current_player() != viewer or self.seats[viewer].away:
            return []
        return legal_action_data(state, viewer)

    def view(self, viewer: Viewer, *, full: bool) -> ViewFrame:
        """The view frame for `viewer`: `full` carries the whole log (a new connection),
        otherwise the lines not yet broadcast."""
        return ViewFrame.model_validate(self.view_data(viewer, full=full))

    def view_text(self, viewer: Viewer, *, full: bool, described: bool = True) -> str:
        """`view` as the frame's JSON text (encoded without the model: `roost.server.wire`)."""
        return wire.dumps(self.view_data(viewer, full=full, described=described))

    def view_data(self, viewer: Viewer, *, full: bool, described: bool = True) -> dict[str, Any]:
        """`view` as plain data, laid out as `ViewFrame`; without the table's description
        (None) unless `described`."""
        seat_log = self.log_of(viewer)
        if full:
            start = 0
            if not self.game.perfect_recall and viewer is not None:
                start = seat_log.since_decision
            lines = seat_log.lines[start:]
        else:
            lines = seat_log.lines[seat_log.sent :]
        actions = self.actions_for(viewer)
        to_move = self.to_move()
        return {
            "type": "view",
            "version": self.version,
            "seat": viewer,
            "table": self.info_data() if described else None,
            "to_move": to_move,
            "deadline": self._deadline(to_move),
            "observation": dict(self.observation(viewer)),
            "actions": actions,
            "log": lines,
            "passive": bool(actions) and self._answered_for(viewer),
        }

    def observation(self, viewer: Viewer) -> Mapping[str, Any]:
        """`viewer`'s observation of the current state: the one the log worked out for this
        version when it has it (`TableLog.seen`, keyed by viewer like every view), else new."""
        version, seen = self.log.seen
        if version == self.version and viewer in seen:
            return seen[viewer]
        return self.state.observation(viewer)

    def _answered_for(self, seat: int | None) -> bool:
        """Whether the server (the table's owner, wherever it runs) answers for this person
        now (see `_schedule`)."""
        return (
            seat is not None
            and not self.seats[seat].always_ask
            and self.state.passive_reply() is not None
        )

    # --- connections ------------------------------------------------------------------------

    async def attach(
        self, connection: Connection, token: str | None, protocol: int = 1
    ) -> int | None:
        """Seat `connection` by its token (or as a spectator), send it the welcome and its
        full view; a person who was replaced by a stand-in is back. `protocol`: the version
        its client speaks (its hello's)."""
        async with self.lock:
            seat = await self._seat_by_token(token)
            if len(self.connections) >= self.settings.max_connections_per_table:
                raise ServerError(
                    "too_many_connections", message("this table has too many connections")
                )
            if seat is not None and not self.seats[seat].arrived:
                await self._arrived(seat, token)
            self.connections[connection] = Attached(seat, compact=protocol >= 2)
            if seat not in self.log.of:
                self.log.follow(seat, self._derive(seat))
            self._tell_peers(seat)
            role = "player" if seat is not None else "spectator"
            connection.deliver(
                frame_text(Welcome(table_id=self.id, seat=seat, role=role))  # type: ignore[arg-type]
            )
            connection.deliver(self.view_text(seat, full=True))
            if seat is not None:
                self.timers.cancel(("grace", seat))
                if self.seats[seat].away and self.status == "playing":
                    await self._set_away(seat, False, clock.back(self.seat_name(seat)))
                    return seat
            self._broadcast_table(exclude=connection)
            return seat

    async def detach(self, connection: Connection) -> None:
        async with self.lock:
            attached = self.connections.pop(connection, None)
            if attached is None:
                return
            seat = attached.seat
            self._unfollow_if_unread(seat)
            self._tell_peers(seat)
            if seat is not None and seat not in self.connected_seats():
                self._start_grace(seat)
            self._broadcast_table()
            if self.on_change is not None:
                self.on_change(self)

    def _start_grace(self, seat: int) -> None:
        """An absent person's grace: at a waiting table, only for someone who never came (their
        seat goes back to open when it ends); once playing, a stand-in takes over.

        Someone who has not come yet has the arrival grace even once the table has started:
        the page of whoever took the last seat is still loading when the game begins, and a
        grace meant for a closed tab would hand their first turns (at a table of bots, the
        whole game) to a stand-in before they ever saw it."""
        record = self.seats[seat]
        if not self.owner or record.type != "person":
            return
        if self.status == "waiting" and record.arrived:
            return
        if self.status not in ("waiting", "playing") or record.away:
            return
        self.timers.set(
            ("grace", seat),
            self.settings.grace if record.arrived else self._arrival_grace(),
            partial(self._grace_over, seat, record.token_hash),
        )

    def _arrival_grace(self) -> float:
        """Seconds someone who took a seat of a waiting table has to come to it."""
        arrival = self.settings.arrival_grace
        return self.settings.grace if arrival is None else arrival

    def _watch_absent(self) -> None:
        """Start the grace of every absent person who has none running, cancel that of every
        present one (after a join, a restart, or news from another server process)."""
        connected = self.connected_seats()
        for record in self.seats:
            key = ("grace", record.seat)
            if record.type != "person" or record.seat in connected:
                self.timers.cancel(key)
            elif self.timers.deadline(key) is None:
                self._start_grace(record.seat)

    async def _grace_over(self, seat: int, holder: str | None) -> None:
        async with self.lock:
            record = self.seats[seat]
            if seat in self.connected_seats() or record.token_hash != holder:
                return
            if self.status == "waiting" and not record.arrived:
                await self._give_up(seat)
            elif self.status == "playing" and not record.away:
                level = self.settings.standin_level
                await self._set_away(seat, True, clock.left(self.seat_name(seat), level))

    async def _give_up(self, seat: int) -> None:
        """A person took a seat of a waiting table and never came: it is open again (stored
        only if that person still holds it, so a seat claimed elsewhere meanwhile is kept)."""
        record = self.seats[seat]
        opened = SeatRecord(seat, "open", arrived=True)
        note = NoteRecord(
            self.version, seat, clock.never_came(self.seat_name(seat), seat, self._arrival_grace())
        )

        def write(session: Any) -> None:
            save_seat(session, self.id, opened, holder=record.token_hash)
            add_note(session, self.id, note)

        try:
            await self.store.write(write)
        except Conflict:
            if await self._sync():
                self._broadcast()
            return
        self.seats[seat] = opened
        self._noted(note)
        self._broadcast()

    async def _arrived(self, seat: int, token: str | None) -> None:
        """The person at `seat` connects for the first time since taking it: stored, so the
        seat is theirs across restarts and no other server process gives it up. If another
        process gave it up a moment ago, `unauthorized` (as for a seat given up here). A
        failed write only leaves the grace to decide (it frees nobody who is connected)."""
        record = self.seats[seat]
        write = partial(mark_arrived, table_id=self.id, seat=seat, holder=record.token_hash)
        try:
            await self.store.write(write)
        except Conflict:
            await self._take_in()
            self.authenticate(token)
            return
        except StorageError:
            return
        record.arrived = True

    def _noted(self, note: NoteRecord) -> None:
        """A note just stored: into the record and every viewer's log."""
        self.record.notes.append(note)
        self._notes_done += 1
        self.log.note(note.version, note.seat, note.text)

    async def presence_changed(self, seat: int) -> None:
        """A person connected or left at another server process: the owner starts or stops
        the grace (and a stand-in ends when its person is back)."""
        async with self.lock:
            if not 0 <= seat < len(self.seats):
                return
            if self.owner and self.seats[seat].type == "person":
                self._watch_absent()
                back = seat in self.connected_seats() and self.seats[seat].away
                if back and self.status == "playing":
                    await self._set_away(seat, False, clock.back(self.seat_name(seat)))
                    return
            self._broadcast_table()

    async def refresh(self) -> None:
        """Take in what another server process stored for this table (new actions and the
        notes among them, seats, status), then send this process's clients their views."""
        async with self.lock:
            await self._take_in()

    async def _take_in(self) -> bool:
        """`refresh` with the lock held; True if the store held news."""
        if not await self._sync():
            return False
        if self.owner:
            await self._settle()
        self._schedule()
        self._broadcast()
        if self.status == "over" and self.on_change is not None:
            self.on_change(self)
        return True

    async def _seat_by_token(self, token: str | None) -> int | None:
        """`authenticate`, reading the store once on a miss when other server processes share
        it: a join stored by another process a moment ago reaches this one by a notification
        that may still be on its way, and its person must not be refused meanwhile."""
        try:
            return self.authenticate(token)
        except ServerError:
            if self.peers is None or not await self._take_in():
                raise
        return self.authenticate(token)

    async def _sync(self) -> bool:
        """Reload the stored table into this one (the lock is held); True if it changed."""
        record = await self.store.read(partial(load_table, table_id=self.id))
        if record is None or len(record.actions) < self.version:
            return False
        changed = False
        for entry in record.actions[self.version :]:
            version = self.version
            self._log_notes(record.notes, version)
            self.log.stored(self.state, version, entry.action)
            self.record.actions.append(entry)
            changed = True
        if self._notes_done < len(record.notes):
            self._log_notes(record.notes, self.version)
            changed = True
        self.record.notes = record.notes
        for seat, stored in enumerate(record.seats):
            if seat < len(self.seats) and stored != self.seats[seat]:
                if stored.token_hash != self.seats[seat].token_hash:
                    self._unseat(seat)
                self.seats[seat] = stored
                changed = True
        for name in ("status", "result", "rematch"):
            if getattr(record, name) != getattr(self.record, name):
                setattr(self.record, name, getattr(record, name))
                changed = True
        return changed

    def _unseat(self, seat: int) -> None:
        """The seat changed hands at another server process (given up there the moment its
        person connected here): its connections here close, so nobody reads the seat of the
        next person to take it."""
        lost = ServerError("seat_lost", message("your seat was given up: you did not come in time"))
        for connection, attached in list(self.connections.items()):
            if attached.seat == seat:
                del self.connections[connection]
                self.send_error(connection, lost, None)
                connection.end(4401)
        self._unfollow_if_unread(seat)
        self._tell_peers(seat)

    async def come_back(self, seat: int) -> None:
        """The person at `seat` says they are back (ends a stand-in; harmless otherwise)."""
        async with self.lock:
            if self.seats[seat].away and self.status == "playing":
                await self._set_away(seat, False, clock.back(self.seat_name(seat)))

    async def _set_away(self, seat: int, away: bool, note: str) -> None:
        """Hand a person's seat to a stand-in, or give it back; stored, logged, broadcast."""
        record = self.seats[seat]
        changed = SeatRecord(**{**record.__dict__, "away": away})
        entry = NoteRecord(self.version, seat, note)

        def write(session: Any) -> None:
            save_seat(session, self.id, changed)
            add_note(session, self.id, entry)

        await self.store.write(write)
        record.away = away
        self._noted(entry)
        self._schedule()  # first: the views carry the clock's deadline
        self._broadcast()

    # --- moves ------------------------------------------------------------------------------

    async def move(
        self,
        token: str | None,
        version: int,
        action: int,
        *,
        connection: Connection | None = None,
        ref: str | None = None,
    ) -> int:
        """A person's move: authenticate, check, store, acknowledge, fan out. Returns the new
        version; raises `ServerError` (nothing changed) when refused."""
        seat = self.authenticate(token)
        if seat is None:
            raise ServerError(
                "not_seated", message("spectators cannot move; join a seat to play"), 403
            )
        return await self.move_as(
            seat, version, action, by="person", connection=connection, ref=ref
        )

    async def move_as(
        self,
        seat: int,
        version: int,
        action: int,
        *,
        by: str,
        connection: Connection | None = None,
        ref: str | None = None,
    ) -> int:
        """`seat` (already authenticated) decides `action` at `version`; `by` is ``person``,
        ``bot`` or ``standin``."""
        async with self.lock:
            self._check_move(seat, version, action, by)
            if by == "person" and self.seats[seat].away:
                await self._set_away(seat, False, clock.back(self.seat_name(seat)))
                if self.version != version:  # cannot happen: _set_away draws nothing
                    raise ServerError("stale_version", message("the table moved on; try again"))
            await self._advance([ActionRecord(action, seat, by)], connection, ref)
            return self.version

    def _check_move(self, seat: int, version: int, action: int, by: str) -> None:
        status = self.record.status
        if status == "waiting":
            raise ServerError("not_started", message("the game has not started yet"))
        if status == "over":
            raise ServerError("game_over", message("the game is over"))
        if version != self.version:
            raise ServerError(
                "stale_version",
                message(
                    "you acted on version {version} but the table is at version {current}; "
                    "here is the current view",
                    version=version,
                    current=self.version,
                ),
            )
        player = self.state.current_player()
        if player != seat:
            if player >= 0:
                turn = message(
                    "it is not your decision now ({who} decides)", who=self.seat_said(player)
                )
            else:
                turn = message("it is not your decision now (nobody decides)")
            raise ServerError("not_your_turn", turn)
        record = self.seats[seat]
        if by == "bot" and record.type != "bot":
            raise ServerError("not_your_turn", message("this seat is not a bot's"))
        if by == "standin" and not record.away:
            raise ServerError("not_your_turn", message("the person is back"))
        if by == "auto" and (record.type != "person" or record.away):
            raise ServerError("not_your_turn", message("a bot answers for this seat"))
        expected = self.scripted(version)
        if expected is not None and action != expected and action in self.state.legal_actions():
            words = self.state.action_to_message(expected, seat)
            raise ServerError(
                "tutorial_move", message("in this lesson the move is: {move}", move=words)
            )
        if action not in self.state.legal_actions():
            try:
                reason = self.state.why_illegal_message(action)
            except RoostError as error:
                reason = plain(str(error))
            raise ServerError(
                "illegal_action",
                message("illegal action {action}: {reason}", action=str(action), reason=reason),
            )

    def chance_rng(self, version: int) -> random.Random:
        """The generator of the chance draw at `version`: the same on every rebuild. One
        generator seeded again (the same draws as a new one from the same seed: a new one
        was 2.5 KB allocated and freed a draw); valid until the next call."""
        self._chance.seed(f"{self.record.seed}:{version}")
        return self._chance

    async def _advance(
        self,
        decisions: list[ActionRecord],
        connection: Connection | None = None,
        ref: str | None = None,
    ) -> None:
        """Apply `decisions` and the chance draws that follow on a copy, store them all in one
        transaction, then make the copy the table's state and fan out. A refused write changes
        nothing."""
        start = self.version
        state = self.state.clone()
        records = list(decisions)
        pending_logs = self.log.draft()
        for offset, entry in enumerate(records):
            pending_logs.action(state, start + offset, entry.action)
            state.apply_action(entry.action)
            pending_logs.applied(state, start + offset)
        while state.current_player() == CHANCE:
            version = start + len(records)
            scripted = self.scripted(version)
            if scripted is not None:  # a tutorial's stacked deal and draws
                outcome = scripted
            else:
                outcome = state.sample_chance(self.chance_rng(version))
            pending_logs.action(state, version, outcome)
            state.apply_action(outcome)
            pending_logs.applied(state, version)
            records.append(ActionRecord(outcome, None, "chance"))
        status = self.record.status
        result: dict[str, Any] | None = None
        if state.current_player() == TERMINAL:
            status = "over"
            result = {"returns": list(state.returns()), "winners": list(state.winners())}
        hook = self.on_result if self.record.rated and result is not None else None
        try:
            await self.store.write(
                _append(
                    self.id, start, records, status, self.record.status, result, hook, self.record
                )
            )
        except StorageError:
            raise ServerError(
                "storage_failed",
                message(
                    "the move was not stored (the server cannot write to its database) and was "
                    "not played; try again in a moment"
                ),
                503,
            ) from None
        except Conflict:  # another server process stored this version first
            if await self._sync():
                self._schedule()
                self._broadcast()
            raise ServerError(
                "stale_version",
                message("the table moved on before this move; here is the current view"),
            ) from None
        metrics.stored([entry.by for entry in records])
        self.state = state
        self.record.actions.extend(records)
        pending_logs.commit()
        if status != self.record.status:
            self.record.status = status
            self.record.result = result
        if connection is not None:
            connection.deliver(wire.ack_text(ref, self.version))
        self._schedule()  # first: the views carry the clock's deadline
        self._broadcast()
        if status == "over" and self.on_change is not None:
            self.on_change(self)

    # --- starting -----------------------------------------------------------------------------

    async def join(
        self, name: str, seat: int | None, token: str | None = None, user: int | None = None
    ) -> tuple[int, str]:
        """Take an open seat under `name`; returns the seat and its secret token. The table
        starts when this was the last open seat. `user`: the account of a signed-in person
        (then `name` is its user name); a rated table seats only those, each once.

        `token`, when the client chose it, makes the join idempotent: if it already holds a
        seat here (the answer to an earlier try was lost), that seat is the answer."""
        async with self.lock:
            if token is not None:
                held = self.seat_of(token)
                if held is not None:
                    return held, token
            if self.record.rated and user is None:
                raise ServerError(
                    "sign_in_required",
                    message("a rated table seats only signed-in players: sign in"),
                    401,
                )
            if user is not None and any(s.user == user for s in self.seats):
                raise ServerError(
                    "already_seated", message("you already have a seat at this table")
                )
            if self.status != "waiting":
                raise ServerError(
                    "not_waiting", message("this table's game has started; watch it instead")
                )
            open_seats = [s.seat for s in self.seats if s.type == "open"]
            if not open_seats:
                raise ServerError("table_full", message("every seat of this table is taken"))
            if seat is None:
                seat = open_seats[0]
            elif not 0 <= seat < len(self.seats):
                raise ServerError(
                    "bad_seats",
                    message("this table has seats 0 to {last}", last=len(self.seats) - 1),
                    400,
                )
            elif seat not in open_seats:
                raise ServerError(
                    "seat_taken",
                    message("seat {seat} is taken by {name}", seat=seat, name=self.seat_said(seat)),
                )
            token = token or new_token()
            changed = SeatRecord(
                seat, "person", name, None, hash_token(token), False, False, user=user
            )
            note = NoteRecord(self.version, seat, taken(name, seat).english())

            def write(session: Any) -> None:
                save_seat(session, self.id, changed, claim=True)
                add_note(session, self.id, note)

            try:
                await self.store.write(write)
            except Conflict:  # taken at another server process meanwhile (perhaps by this token)
                if await self._sync():
                    self._watch_absent()
                    self._broadcast()
                held = self.seat_of(token)
                if held is not None:
                    return held, token
                raise ServerError(
                    "seat_taken", message("seat {seat} was just taken", seat=seat)
                ) from None
            self.seats[seat] = changed
            self._noted(note)
            if all(s.type != "open" for s in self.seats):
                await self._start()
            else:
                self._start_grace(seat)
                self._arm_fill()
                self._broadcast()
            return seat, token

    async def start(self, token: str | None, fill: str | None) -> None:
        """Start now (a seated person asks); `fill` gives every open seat a bot of that level."""
        async with self.lock:
            seat = self.authenticate(token)
            if seat is None:
                raise ServerError(
                    "unauthorized", message("only a seated player can start the table"), 401
                )
            if self.status != "waiting":
                raise ServerError("not_waiting", message("this table has already started"))
            open_seats = [s.seat for s in self.seats if s.type == "open"]
            if open_seats and fill is None:
                listed = ", ".join(str(s) for s in open_seats)
                raise ServerError(
                    "seats_open",
                    message(
                        "seats {seats} are still open; fill them with bots or wait", seats=listed
                    ),
                )
            await self._fill_and_start(fill)

    async def _fill_and_start(self, level: str | None) -> None:
        """Give every open seat a bot of `level`, then start (the lock is held)."""
        open_seats = [s.seat for s in self.seats if s.type == "open"]
        filled = [SeatRecord(s, "bot", None, level, None, False) for s in open_seats]

        def write(session: Any) -> None:
            for seat_record in filled:
                save_seat(session, self.id, seat_record)

        if filled:
            await self.store.write(write)
            for seat_record in filled:
                self.seats[seat_record.seat] = seat_record
        await self._start()

    def fill_at(self) -> float | None:
        """When a waiting table that fills itself gives its open seats bots (Unix time)."""
        if self.record.fill_after is None or self.status != "waiting":
            return None
        return self.record.created_at + self.record.fill_after

    def _arm_fill(self) -> None:
        """The owner's timer that fills a waiting table's open seats with bots of its level
        when its wait is over (quick play, or a creator's choice), so nobody waits forever.
        Armed at creation, at a join and after a restart (from the stored creation time)."""
        when = self.fill_at()
        if when is None or not self.owner or self.timers.deadline(("fill", None)) is not None:
            return
        self.timers.set(("fill", None), when - time.time(), self._fill_over)

    async def _fill_over(self) -> None:
        async with self.lock:
            if self.status != "waiting" or self.closed:
                return
            if not any(s.type == "person" for s in self.seats):
                return  # nobody to play with: it waits for a person (who arms it again)
            try:
                await self._fill_and_start(self.record.fill_level or "medium")
            except ServerError as error:
                if error.code != "stale_version":
                    raise
            except (StorageError, Conflict):
                if await self._sync():
                    self._broadcast()

    async def start_if_full(self) -> None:
        """Start a new table whose seats are all taken; else give its creator the grace to
        arrive."""
        async with self.lock:
            if self.status == "waiting" and all(s.type != "open" for s in self.seats):
                await self._start()
            elif self.status == "waiting":
                self._watch_absent()
                self._arm_fill()

    async def _start(self) -> None:
        await self.store.write(partial(save_status, table_id=self.id, status="playing"))
        self.record.status = "playing"
        self.timers.cancel(("fill", None))
        for seat in self.seats:  # from now, a grace ends in a stand-in (restarted below)
            self.timers.cancel(("grace", seat.seat))
        self._watch_absent()
        try:
            await self._advance([])
        except ServerError as error:
            if error.code != "stale_version":
                raise
            # another server process started it first: _advance took its draws in
        if self.on_change is not None:
            self.on_change(self)

    async def resume(self) -> None:
        """After a restart: draw any chance still owed, start the grace of every absent person
        and let bots and stand-ins play. A table whose last seat was stored but whose start was
        not (the server died in between) starts now."""
        async with self.lock:
            if not self.owner:
                return
            with contextlib.suppress(ServerError):  # stale: another process went on first
                await self._resume()

    async def _settle(self) -> None:
        """The owner's duty after news from the store: a waiting table whose seats are all
        taken starts (the process that took the last seat may have died before starting it);
        every absent person's grace runs."""
        if self.status == "waiting" and all(s.type != "open" for s in self.seats):
            with contextlib.suppress(ServerError):  # stale: another process started it
                await self._start()
            return
        self._watch_absent()
        self._arm_fill()

    async def _resume(self) -> None:
        if self.status == "waiting" and all(s.type != "open" for s in self.seats):
            await self._start()
            return
        self._watch_absent()
        self._arm_fill()
        if self.status == "playing":
            if self.state.current_player() == CHANCE:
                await self._advance([])
            else:
                self._schedule()

    async def set_prefs(self, seat: int, always_ask: bool) -> None:
        """A person's choice: be asked even when "let it happen" is the only answer. Stored
        with the seat, so that the table's owner (perhaps another server process) knows it."""
        async with self.lock:
            record = self.seats[seat]
            if record.always_ask == always_ask:
                return
            changed = SeatRecord(**{**record.__dict__, "always_ask": always_ask})
            await self.store.write(partial(save_seat, table_id=self.id, seat=changed))
            record.always_ask = always_ask
            if self.to_move() == seat:
                self._schedule()
                self._broadcast()

    # --- the log ------------------------------------------------------------------------------

    def log_of(self, viewer: Viewer) -> SeatLog:
        """`viewer`'s log: the one kept while it has a connection here, else worked out from
        the stored history (`roost.server.tables.log.derive`: the same lines)."""
        followed = self.log.of.get(viewer)
        return followed if followed is not None else self._derive(viewer)

    def _derive(self, viewer: Viewer) -> SeatLog:
        actions = (entry.action for entry in self.record.actions)
        return derive(self.game, actions, self.record.notes[: self._notes_done], viewer)

    def _unfollow_if_unread(self, seat: Viewer) -> None:
        """Stop keeping `seat`'s log when its last connection here has gone."""
        if all(attached.seat != seat for attached in self.connections.values()):
            self.log.unfollow(seat)

    # --- fan-out ------------------------------------------------------------------------------

    def _broadcast(self) -> None:
        """Send every connection its viewer's new view (each computed once per viewer and
        kind of client).

        A client of protocol 2 (`Attached.compact`) is sent the table's description only
        when it changed since the last broadcast: every connection here got that broadcast,
        or a full view since (which carries the description), so its client still holds the
        rest. The description was two thirds of a view's bytes, and of the CPU spent
        encoding and compressing it, with its version, turn and deadline the only change
        from one move to the next (docs/measured/server-speed.md)."""
        key = self._description_key()
        described = key != self._broadcast_key
        self._broadcast_key = key
        by_viewer: dict[tuple[Viewer, bool], list[Connection]] = {}
        for connection, attached in self.connections.items():
            by_viewer.setdefault((attached.seat, attached.compact), []).append(connection)
        for (viewer, compact), connections in by_viewer.items():
            text = self.view_text(viewer, full=False, described=described or not compact)
            for connection in connections:
                connection.deliver(text)
        for viewer_log in self.log.of.values():
            viewer_log.sent = len(viewer_log.lines)

    def _broadcast_table(self, exclude: Connection | None = None) -> None:
        text = frame_text(TableFrame(table=self.info()))
        for connection in self.connections:
            if connection is not exclude:
                connection.deliver(text)

    def send_error(self, connection: Connection, error: ServerError, ref: str | None) -> None:
        frame = ErrorFrame(code=error.code, message=error.message, ref=ref, msg=error.msg)
        connection.deliver(frame_text(frame))

    def send_view(self, connection: Connection) -> None:
        """Send one connection its full current view (after a stale move, for instance)."""
        attached = self.connections.get(connection)
        if attached is not None:
            connection.deliver(self.view_text(attached.seat, full=True))

    def notify_table(self) -> None:
        """Tell every connection the table's description changed (a rematch was made)."""
        self._broadcast_table()

    def close(self) -> None:
        """Stop timers and bots (the server is stopping or the table leaves memory)."""
        self.closed = True
        self.timers.cancel_all()
        if self.bot_task is not None:
            self.bot_task.cancel()


def _append(
    table_id: str,
    start: int,
    records: list[ActionRecord],
    status: str,
    old_status: str,
    result: dict[str, Any] | None,
    hook: ResultHook | None = None,
    record: TableRecord | None = None,
) -> Callable[[Any], None]:
    """The write of a move: its actions, and at the end the status, the result and what the
    result hook writes (the ratings), all in one transaction. A move that changes no status
    is an `Append`, which the store batches with other tables' moves."""
    if status == old_status and result is None and hook is None:
        return Append(table_id, start, tuple(records))

    def write(session: Any) -> None:
        append_actions(
            session,
            table_id,
            start,
            records,
            status=status if status != old_status else None,
            result=result,
        )
        if hook is not None and record is not None and result is not None:
            hook(session, record, result)

    return write


def legal_action_data(state: State, viewer: int) -> list[dict[str, Any]]:
    """`action_info(a, viewer).to_json()` of every legal action, with its text as a message's
    data (``msg``: `State.action_to_message`) for the client to translate."""
    return [
        {**info.to_json(), "msg": state.action_to_message(info.action, viewer).to_json()}
        for info in state.legal_action_infos(viewer)
    ]


def seat_records(kinds: Iterable[tuple[str, str | None]]) -> list[SeatRecord]:
    """Seat records from (type, level) pairs."""
    return [SeatRecord(seat, kind, None, level) for seat, (kind, level) in enumerate(kinds)]


def now() -> float:
    return time.time()
