"""Several `roost serve` processes on one PostgreSQL database (see ``docs/deploy.md``).

Any process can serve any table: its players and spectators may be connected to different
processes. What makes that safe and live:

* **Moves from anywhere, stored once.** Every process applies the moves of the people
  connected to it. A move is stored only if the table's row is still at the version the process
  had (`roost.server.tables.rows.append_actions`, under the row's lock), so two processes can never
  both store a version: the loser reloads the table and answers ``stale_version``, as for any
  crossed move.
* **Fan-out.** Each committed change of a table is announced on the channel
  `roost.server.db.CHANNEL` (``NOTIFY``, sent by PostgreSQL at commit). Every process that
  holds the table in memory reloads what it lacks and sends its own clients their new views.
* **Missed news heals.** Every `Settings.adopt_every` seconds each process compares the stored
  version and status of the unfinished tables it holds with its own, and reloads any that
  differ (news that came while the table was being loaded, or while LISTEN was reconnecting).
* **One owner per table.** Bots, stand-ins, move clocks and the disconnection grace run in one
  process only: the one holding the table's session-level advisory lock. When that process
  dies, PostgreSQL drops its session and the lock; another process takes the lock within
  `Settings.adopt_every` seconds, reloads the table and lets its bots go on.
* **Presence.** Whether a person is connected anywhere (for the grace and the ``connected`` of
  a seat) is announced on the same channel (``P`` messages). A process that starts asks the
  others to say again who is connected to them (``Q``); each process also holds an advisory
  lock of its own, so the others can tell when it has died and forget its connections.

Payloads: ``T <origin> <table>`` (a table changed), ``P <origin> <table> <seat> <count>``
(connections of a seat at one process), ``Q <origin>`` (say your presence again), ``C <origin>
<table>`` (the table's chat changed: handed to `on_chat`, see `roost.server.chat.service`).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Awaitable, Callable
from contextlib import suppress
from functools import partial
from typing import Any, Protocol

import psycopg
from sqlalchemy.engine import make_url

from roost.server.db import CHANNEL, Store
from roost.server.outages import cause, is_outage
from roost.server.tables.rows import table_versions
from roost.server.tables.table import Table


class Host(Protocol):
    """What the cluster needs of this process's lobby: its tables in memory, and taking over
    a table whose owner died."""

    @property
    def tables(self) -> dict[str, Table]: ...

    async def adopt(self, table_id: str) -> None: ...


log = logging.getLogger("roost.server.cluster")

TABLE_LOCKS = 7701
"""First key of the advisory locks that own tables (the second is a hash of the table id)."""
PROCESS_LOCKS = 7702
"""First key of the advisory lock each process holds while it lives."""


def lock_key(name: str) -> int:
    """A signed 32-bit key for an advisory lock from a table id or a process origin."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:4], "big", signed=True)


def libpq_url(url: str) -> str:
    """The SQLAlchemy URL as libpq takes it (``postgresql+psycopg://`` -> ``postgresql://``)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Cluster:
    """This process's part in a cluster of server processes sharing one PostgreSQL."""

    def __init__(self, store: Store, adopt_every: float = 1.0) -> None:
        self.store = store
        self.origin = store.origin
        self.conninfo = libpq_url(store.url)
        self.adopt_every = adopt_every
        self.owned: set[str] = set()
        self.remote: dict[str, dict[tuple[str, int], int]] = {}
        """Table -> (process, seat) -> connections of that seat at that process."""
        self.local: dict[tuple[str, int], int] = {}
        """(table, seat) -> connections of that seat here (what this process announces)."""
        self.lobby: Host | None = None
        self.on_chat: Callable[[str], None] | None = None
        """Told the id of a table whose chat another process changed (and, after the LISTEN
        connection dropped, of every table: news may have been missed)."""
        self._control: psycopg.AsyncConnection[Any] | None = None
        self._control_lock = asyncio.Lock()
        self._tasks: list[asyncio.Task[None]] = []
        self._refreshing: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self._background: set[asyncio.Task[Any]] = set()
        self._failing: set[str] = set()
        """The loops whose last try failed (logged once per outage: `_trouble`)."""

    # --- life -------------------------------------------------------------------------------

    async def open(self) -> None:
        """Connect, and take this process's own lock (its sign of life for the others)."""
        self._control = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
        await self._query("SELECT pg_advisory_lock(%s, %s)", PROCESS_LOCKS, lock_key(self.origin))

    async def start(self, lobby: Host) -> None:
        """Listen for the others' news from now on (before the lobby rebuilds its tables)."""
        self.lobby = lobby
        loop = asyncio.get_running_loop()
        listening = asyncio.Event()
        self._tasks.append(loop.create_task(self._listen(listening), name="roost-listen"))
        await asyncio.wait_for(listening.wait(), 30)
        await self._notify(f"Q {self.origin}")

    def adopting(self) -> None:
        """Adopt the tables nobody owns from now on (once the lobby has rebuilt its own)."""
        loop = asyncio.get_running_loop()
        self._tasks.append(loop.create_task(self._adopt_loop(), name="roost-adopt"))

    async def close(self) -> None:
        for task in self._tasks + list(self._refreshing.values()) + list(self._background):
            task.cancel()
        for task in self._tasks:
            with suppress(asyncio.CancelledError, Exception):
                await task
        if self._control is not None:
            with suppress(Exception):
                await self._control.close()  # drops every advisory lock of this process

    # --- ownership --------------------------------------------------------------------------

    async def try_own(self, table_id: str) -> bool:
        """Take the table's lock if nobody holds it; True if this process owns the table."""
        if table_id in self.owned:
            return True
        got = await self._query(
            "SELECT pg_try_advisory_lock(%s, %s)", TABLE_LOCKS, lock_key(table_id)
        )
        if got:
            self.owned.add(table_id)
        return bool(got)

    async def release(self, table_id: str) -> None:
        if table_id in self.owned:
            self.owned.discard(table_id)
            await self._query("SELECT pg_advisory_unlock(%s, %s)", TABLE_LOCKS, lock_key(table_id))

    async def _adopt_loop(self) -> None:
        while True:
            await asyncio.sleep(self.adopt_every)
            try:
                await self._adopt_once()
                self._fine("adopting tables")
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self._trouble("adopting tables", error)

    def _trouble(self, what: str, error: BaseException) -> None:
        """A loop's try failed: while the database is away (an outage: roost.server.outages)
        that is said once, not every second; anything else is logged with its traceback."""
        if not (is_outage(error) or isinstance(error, psycopg.OperationalError)):
            log.error("%s failed; trying again", what, exc_info=error)
        elif what not in self._failing:
            log.error("%s failed (%s); trying again every second", what, cause(error))
        self._failing.add(what)

    def _fine(self, what: str) -> None:
        if what in self._failing:
            self._failing.discard(what)
            log.warning("%s works again", what)

    async def _adopt_once(self) -> None:
        """Own every unfinished table whose owner is gone; forget the connections of
        processes that are gone; let go of finished tables."""
        assert self.lobby is not None
        await self._query("SELECT 1")  # after a PostgreSQL restart: reconnects, locks taken back
        stored = await self.store.read(partial(table_versions, statuses=("waiting", "playing")))
        for table_id in stored:
            if table_id not in self.owned and await self.try_own(table_id):
                log.info("table %s: adopted (its owner is gone)", table_id)
                await self.lobby.adopt(table_id)
        # News can be missed (it came while the table was being loaded, or the LISTEN
        # connection dropped): a table whose stored version or status differs is reloaded.
        for table_id, table in list(self.lobby.tables.items()):
            if table.status == "over":
                continue
            if stored.get(table_id, (-1, "over")) != (table.version, table.status):
                self._refresh(table_id)
        still = set(stored)
        for table_id in list(self.owned):
            held = self.lobby.tables.get(table_id)
            if table_id not in still and (held is None or held.status == "over"):
                await self.release(table_id)
        origins = {origin for seats in self.remote.values() for origin, _ in seats}
        for origin in origins:
            alive = not await self._query(
                "SELECT pg_try_advisory_lock(%s, %s)", PROCESS_LOCKS, lock_key(origin)
            )
            if not alive:
                await self._query(
                    "SELECT pg_advisory_unlock(%s, %s)", PROCESS_LOCKS, lock_key(origin)
                )
                self._forget(origin)

    def _forget(self, origin: str) -> None:
        """A process is gone: its connections are gone with it."""
        for table_id, seats in self.remote.items():
            gone = [seat for (o, seat) in seats if o == origin]
            for seat in gone:
                del seats[(origin, seat)]
                self._presence_changed(table_id, seat)

    # --- presence ---------------------------------------------------------------------------

    def elsewhere(self, table_id: str) -> set[int]:
        """Seats of the table with a connection at another process."""
        return {seat for (_, seat), n in self.remote.get(table_id, {}).items() if n > 0}

    def changed(self, table_id: str, seat: int, count: int) -> None:
        """The connections of a seat here changed to `count`: tell the others."""
        if count:
            self.local[(table_id, seat)] = count
        else:
            self.local.pop((table_id, seat), None)
        self._spawn(self._notify(f"P {self.origin} {table_id} {seat} {count}"))

    def _presence_changed(self, table_id: str, seat: int) -> None:
        table = self.lobby.tables.get(table_id) if self.lobby else None
        if table is not None:
            self._spawn(table.presence_changed(seat))

    # --- news -------------------------------------------------------------------------------

    async def _listen(self, listening: asyncio.Event) -> None:
        """Receive the others' news, reconnecting when the database connection drops."""
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.conninfo, autocommit=True
                ) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    if listening.is_set():  # a reconnection: news may have been missed
                        for table_id in list(self.lobby.tables if self.lobby else ()):
                            self._refresh(table_id)
                            if self.on_chat is not None:
                                self.on_chat(table_id)
                    listening.set()
                    self._fine("listening for the other processes' news")
                    async for notice in connection.notifies():
                        self._receive(notice.payload)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self._trouble("listening for the other processes' news", error)
                await asyncio.sleep(1.0)

    def _receive(self, payload: str) -> None:
        parts = payload.split()
        if len(parts) < 2 or parts[1] == self.origin:
            return
        kind, origin = parts[0], parts[1]
        if kind == "T" and len(parts) == 3:
            self._refresh(parts[2])
        elif kind == "P" and len(parts) == 5:
            table_id, seat, count = parts[2], int(parts[3]), int(parts[4])
            seats = self.remote.setdefault(table_id, {})
            if count:
                seats[(origin, seat)] = count
            else:
                seats.pop((origin, seat), None)
            self._presence_changed(table_id, seat)
        elif kind == "C" and len(parts) == 3 and self.on_chat is not None:
            self.on_chat(parts[2])
        elif kind == "Q":
            for (table_id, seat), count in list(self.local.items()):
                self._spawn(self._notify(f"P {self.origin} {table_id} {seat} {count}"))

    def _refresh(self, table_id: str) -> None:
        """Reload a table another process changed (one reload at a time per table; news that
        comes during one makes another)."""
        if self.lobby is None or table_id not in self.lobby.tables:
            return
        if table_id in self._refreshing:
            self._again.add(table_id)
            return
        task = asyncio.get_running_loop().create_task(self._refresh_task(table_id))
        self._refreshing[table_id] = task

    async def _refresh_task(self, table_id: str) -> None:
        try:
            while True:
                table = self.lobby.tables.get(table_id) if self.lobby else None
                if table is None:
                    return
                await table.refresh()
                if table_id not in self._again:
                    return
                self._again.discard(table_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: reloading it failed", table_id)
        finally:
            self._refreshing.pop(table_id, None)

    # --- the control connection ---------------------------------------------------------------

    async def _query(self, sql: str, *args: Any) -> Any:
        assert self._control is not None
        async with self._control_lock:
            if self._control.closed or self._control.broken:
                await self._reconnect()
            cursor = await self._control.execute(sql, args)
            row = await cursor.fetchone()
        return row[0] if row else None

    async def _reconnect(self) -> None:
        """The control connection died with the database (a PostgreSQL restart): its session's
        advisory locks are gone. Connect again and take them back: this process's own, and each
        owned table's; a table another process adopted meanwhile is its now (this process stops
        playing its bots: the other does)."""
        with suppress(Exception):
            assert self._control is not None
            await self._control.close()
        control = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
        self._control = control

        async def one(sql: str, *args: Any) -> Any:
            row = await (await control.execute(sql, args)).fetchone()
            return row[0] if row else None

        await one("SELECT pg_advisory_lock(%s, %s)", PROCESS_LOCKS, lock_key(self.origin))
        for table_id in sorted(self.owned):
            if not await one(
                "SELECT pg_try_advisory_lock(%s, %s)", TABLE_LOCKS, lock_key(table_id)
            ):
                self.owned.discard(table_id)
                held = self.lobby.tables.get(table_id) if self.lobby else None
                if held is not None:
                    held.owner = False
                log.warning(
                    "table %s: another process took it while the database was away", table_id
                )
        log.warning("the cluster's control connection is back; %d tables owned", len(self.owned))

    async def _notify(self, payload: str) -> None:
        with suppress(Exception):
            await self._query("SELECT pg_notify(%s, %s)", CHANNEL, payload)

    def _spawn(self, awaitable: Awaitable[Any]) -> None:
        task = asyncio.get_running_loop().create_task(_quietly(awaitable))
        self._background.add(task)
        task.add_done_callback(self._background.discard)


async def _quietly(awaitable: Awaitable[Any]) -> None:
    try:
        await awaitable
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("a cluster task failed")
