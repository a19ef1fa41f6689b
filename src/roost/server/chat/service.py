"""Table chat: two rooms per table, stored with the table, carried on the table's WebSockets.

* **Rooms.** ``players``: written by the seated players, read by everyone at the table.
  ``spectators``: written and read by spectators only, so nobody watching can coach a player
  (a player's connection is never sent a line of it); the table's creator may close it for
  writing. Both rooms are in the replay, once the game is over.
* **Stored first.** A message is committed (through the store's batched writer) before anyone
  is sent it, so what a client saw survives a reload, a restart and shows in the replay. The
  table's chat is loaded from the store the first time a connection of the table needs it
  (after a restart: when the first client reconnects).
* **Plain text.** `clean_text` refuses what could hurt a reader (control characters, lone
  surrogates, too long, too many lines, nothing visible) and removes the bidirectional
  embedding and override controls; clients still show every text as text, isolated.
* **Several server processes** (PostgreSQL): a stored message is announced with NOTIFY
  (``C <origin> <table>`` on `roost.server.db.CHANNEL`); every other process holding the
  table's chat reloads it and sends its own clients the lines they lack.

Nothing here knows HTTP: `app.py` hands this module the frames and the connections.
"""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
import time
import unicodedata
import weakref
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from roost.core.message import Message, message
from roost.server.chat.rows import ChatFull, StoredChat, add_chat, load_chat, set_spectators_open
from roost.server.config import ChatLimits
from roost.server.db import Conflict, StorageError, Store
from roost.server.errors import ServerError
from roost.server.protocol import (
    Chat,
    ChatFrame,
    ChatHistory,
    ChatLine,
    ChatLog,
    ChatRoom,
    ChatRooms,
    ChatSwitch,
    ErrorFrame,
)
from roost.server.tables.table import Connection, Table, frame_text

log = logging.getLogger("roost.server.chat")

QUICK_REACTIONS = ("Good game", "Cluck!", "Nice lay")
"""The web client's preset reactions: ordinary messages (sent by a button), stored and replayed
like any other."""

BIDI_CONTROLS = frozenset([*range(0x202A, 0x202F), *range(0x2066, 0x206A)])
"""LRE, RLE, PDF, LRO, RLO and LRI, RLI, FSI, PDI: removed from every message and name. They
exist only to change the order in which the text around them is shown (an override shows
"exe.txt" as "txt.exe"); without them, right-to-left text is still shown right (the Unicode
bidirectional algorithm orders it by its letters) and the marks U+200E/U+200F stay allowed.
Removing rather than refusing keeps a pasted message that carries them (some editors add
them) instead of refusing it for an invisible reason."""

LINE_BREAKS = str.maketrans({"\r": "\n", "\u2028": "\n", "\u2029": "\n", "\x85": "\n"})


# --- text -----------------------------------------------------------------------------------------


def clean_text(raw: str, limits: ChatLimits) -> str:
    """The message as it is stored and shown, or a `ServerError` saying what is wrong.

    Line breaks (CR LF, CR, U+2028, U+2029, NEL) become LF; bidi controls are removed
    (`BIDI_CONTROLS`); then other control characters and lone surrogates are refused, the text
    is trimmed, and it must have something visible, at most ``limits.max_text`` code points and
    ``limits.max_lines`` lines, and not begin with a combining mark (which would join the text
    shown before it). Zero-width joiners and combining marks are kept: emoji sequences and
    many scripts need them; clients clip what a pile of marks draws outside the line."""
    text = raw.replace("\r\n", "\n").translate(LINE_BREAKS)
    text = "".join(ch for ch in text if ord(ch) not in BIDI_CONTROLS)
    _refuse_controls(text, name=False)
    text = text.strip()
    if not _visible(text):
        raise ServerError("chat_empty", message("the message is empty: write something to say"))
    length = len(text)  # code points
    if length > limits.max_text:
        raise ServerError(
            "chat_too_long",
            message(
                "a chat message is at most {max} characters; this one has {length}",
                max=limits.max_text,
                length=length,
            ),
        )
    lines = text.count("\n") + 1
    if lines > limits.max_lines:
        raise ServerError(
            "chat_bad_text",
            message(
                "a chat message has at most {max} lines; this has {lines}",
                max=limits.max_lines,
                lines=lines,
            ),
        )
    if unicodedata.category(text[0]).startswith("M"):
        raise ServerError("chat_bad_text", message("a message cannot begin with a combining mark"))
    return text


def clean_name(raw: str) -> str:
    """A spectator's chosen name (already 1-24 characters without C0 controls: `PlayerName`),
    refused where a message would be cleaned: like every name (`roost.server.protocol.shown_name`),
    it may not hold text-direction controls, which a message only loses."""
    if any(ord(ch) in BIDI_CONTROLS for ch in raw):
        raise ServerError(
            "chat_bad_text",
            message("a name cannot hold text-direction controls (U+202A-202E, U+2066-2069)"),
        )
    _refuse_controls(raw, name=True)
    name = raw.strip()
    if not _visible(name) or unicodedata.category(name[0]).startswith("M"):
        raise ServerError("chat_bad_text", message("the name has nothing to show"))
    return name


def _refuse_controls(text: str, *, name: bool) -> None:
    """Refuse control characters (a message may hold line breaks, a name not) and lone
    surrogates, saying whether the name or the message holds them."""
    for ch in text:
        category = unicodedata.category(ch)
        if category == "Cc" and (name or ch != "\n"):
            code = f"{ord(ch):04X}"
            said = (
                message("the name holds the control character U+{code}", code=code)
                if name
                else message("the message holds the control character U+{code}", code=code)
            )
            raise ServerError("chat_bad_text", said)
        if category == "Cs":
            said = (
                message("the name holds a lone surrogate (not Unicode text)")
                if name
                else message("the message holds a lone surrogate (not Unicode text)")
            )
            raise ServerError("chat_bad_text", said)


def _visible(text: str) -> bool:
    """Whether some character draws something by itself (not a space, a format character such
    as a zero-width joiner, a control or a combining mark)."""
    return any(unicodedata.category(ch)[0] not in "ZCM" for ch in text)


# --- rates ----------------------------------------------------------------------------------------


class Window:
    """At most `limit` events in any `seconds` (a sliding window: "5 messages per 10 s" means
    exactly that, and the wait it reports is exact)."""

    def __init__(self, limit: int, seconds: float, clock: Callable[[], float]) -> None:
        self.limit = limit
        self.seconds = seconds
        self.clock = clock
        self.times: deque[float] = deque()

    def wait(self) -> float:
        """Seconds until one more event is allowed (0: now)."""
        now = self.clock()
        while self.times and self.times[0] <= now - self.seconds:
            self.times.popleft()
        if len(self.times) < self.limit:
            return 0.0
        return self.times[0] + self.seconds - now

    def add(self) -> None:
        self.times.append(self.clock())


# --- one table's chat -----------------------------------------------------------------------------


@dataclass
class Reader:
    """One connection of the table, as the chat sees it."""

    seat: int | None
    name: str
    """A spectator's name when they give none ("Spectator" and a tag of this connection)."""
    window: Window


def readable(seat: int | None) -> tuple[ChatRoom, ...]:
    """The rooms a connection reads: a spectator both, a player the players' room only."""
    return ("players", "spectators") if seat is None else ("players",)


@dataclass
class TableChat:
    """The chat of one table in this process: its lines, its switch and its readers."""

    table_id: str
    creator: int | None
    spectators_open: bool
    lines: list[ChatLine] = field(default_factory=list)
    readers: dict[Connection, Reader] = field(default_factory=dict)
    seat_windows: dict[int, Window] = field(default_factory=dict)
    room_window: Window | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    """Held while a message is stored or news is taken in: lines reach readers in order."""

    def count(self, room: ChatRoom) -> int:
        return sum(1 for line in self.lines if line.room == room)

    def log(self, seat: int | None) -> ChatLog:
        rooms = readable(seat)
        return ChatLog(
            creator=self.creator,
            spectators_open=self.spectators_open,
            lines=[line for line in self.lines if line.room in rooms],
        )

    def take_in(self, stored: StoredChat) -> list[ChatLine]:
        """Merge what the store holds (news from another process); returns the new lines."""
        known = {line.id for line in self.lines}
        new = [line for line in stored.lines if line.id not in known]
        if new:
            self.lines = sorted([*self.lines, *new], key=lambda line: line.id)
        return new

    def send(
        self, line: ChatLine, writer: Connection | None = None, ref: str | None = None
    ) -> None:
        """Deliver a line to every connection that may read its room (the writer's copy with
        its `ref`)."""
        plain = frame_text(ChatFrame(**line.model_dump()))
        for connection, reader in list(self.readers.items()):
            if line.room not in readable(reader.seat):
                continue
            if connection is writer and ref is not None:
                connection.deliver(frame_text(ChatFrame(**line.model_dump(), ref=ref)))
            else:
                connection.deliver(plain)

    def send_rooms(self, writer: Connection | None = None, ref: str | None = None) -> None:
        frame = ChatRooms(creator=self.creator, spectators_open=self.spectators_open)
        plain = frame_text(frame)
        for connection in list(self.readers):
            if connection is writer and ref is not None:
                connection.deliver(frame_text(frame.model_copy(update={"ref": ref})))
            else:
                connection.deliver(plain)


# --- the service ----------------------------------------------------------------------------------


class ChatService:
    """The chat of every table of this process (one per table, as long as the table is in
    the lobby's memory: the per-seat rate limits outlive a reconnection)."""

    def __init__(
        self,
        store: Store,
        limits: ChatLimits,
        tables: Mapping[str, Table] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.limits = limits
        self.tables: Mapping[str, Table] = tables if tables is not None else {}
        """The live tables by id (the lobby's), to find a table named by news."""
        self.clock = clock
        self._chats: weakref.WeakKeyDictionary[Table, TableChat] = weakref.WeakKeyDictionary()
        self._loading: dict[str, asyncio.Task[StoredChat | None]] = {}
        self._background: set[asyncio.Task[Any]] = set()

    def _window(self, limit: int) -> Window:
        return Window(limit, self.limits.window, self.clock)

    async def chat_of(self, table: Table) -> TableChat:
        """The table's chat, loaded from the store the first time (once, however many
        connections ask at the same moment)."""
        chat = self._chats.get(table)
        if chat is not None:
            return chat
        task = self._loading.get(table.id)
        if task is None:
            task = asyncio.get_running_loop().create_task(
                self.store.read(partial(load_chat, table_id=table.id))
            )
            self._loading[table.id] = task
            task.add_done_callback(lambda _: self._loading.pop(table.id, None))
        stored = await asyncio.shield(task)
        chat = self._chats.get(table)
        if chat is None:
            chat = TableChat(
                table_id=table.id,
                creator=stored.creator if stored else None,
                spectators_open=stored.spectators_open if stored else True,
                lines=list(stored.lines) if stored else [],
                room_window=self._window(self.limits.room_burst),
            )
            self._chats[table] = chat
        return chat

    # --- connections --------------------------------------------------------------------------

    async def join(self, table: Table, connection: Connection, seat: int | None) -> None:
        """A connection said hello (after its welcome): it reads the chat from now on, and is
        sent the whole chat it may read at once (so a reload shows it)."""
        try:
            chat = await self.chat_of(table)
        except Exception:
            log.exception("table %s: the chat could not be loaded", table.id)
            said = message("the chat could not be loaded; reconnect to try again")
            error = ErrorFrame(code="storage_failed", message=said.english(), msg=said.to_json())
            connection.deliver(frame_text(error))
            return
        tag = secrets.token_hex(2)
        chat.readers[connection] = Reader(seat, f"Spectator {tag}", self._window(self.limits.burst))
        connection.deliver(frame_text(ChatHistory(**chat.log(seat).model_dump())))

    def leave(self, table: Table, connection: Connection) -> None:
        chat = self._chats.get(table)
        if chat is not None:
            chat.readers.pop(connection, None)

    async def receive(
        self, table: Table, connection: Connection, seat: int | None, frame: Chat | ChatSwitch
    ) -> None:
        """A chat frame of this connection (`seat` is its authenticated seat, None for a
        spectator): stored and sent on, or refused with a `ServerError` (nothing changed)."""
        if isinstance(frame, Chat):
            await self.say(table, connection, seat, frame)
        else:
            await self.switch(table, connection, seat, frame)

    async def log(self, table: Table, seat: int | None) -> ChatLog:
        """What a reader at `seat` may read (the REST route's answer)."""
        return (await self.chat_of(table)).log(seat)

    # --- saying -------------------------------------------------------------------------------

    async def say(
        self, table: Table, connection: Connection, seat: int | None, frame: Chat
    ) -> None:
        chat = await self.chat_of(table)
        reader = chat.readers.get(connection)
        if reader is None:
            raise ServerError("storage_failed", message("the chat could not be loaded; reconnect"))
        room = frame.room
        if room == "players" and seat is None:
            raise ServerError(
                "chat_forbidden",
                message(
                    "spectators write in the spectators' room; the players' room is the players'"
                ),
            )
        if room == "spectators" and seat is not None:
            raise ServerError(
                "chat_forbidden", message("players cannot read or write the spectators' room")
            )
        if room == "spectators" and not chat.spectators_open:
            raise ServerError(
                "chat_off", message("the table's creator has switched the spectators' chat off")
            )
        said = clean_text(frame.text, self.limits)
        if seat is not None:
            name = table.seat_name(seat)
        elif frame.name is not None:
            name = clean_name(frame.name)
        else:
            name = reader.name
        async with chat.lock:
            windows = [reader.window]
            if seat is not None:
                windows.append(chat.seat_windows.setdefault(seat, self._window(self.limits.burst)))
            elif chat.room_window is not None:
                windows.append(chat.room_window)
            wait = max(window.wait() for window in windows)
            if wait > 0:
                limits = self.limits
                raise ServerError(
                    "chat_rate_limited",
                    message(
                        "you are sending messages too fast (at most {burst} in {window} "
                        "seconds); try again in {wait} s",
                        burst=limits.burst,
                        window=format(limits.window, "g"),
                        wait=math.ceil(wait),
                    ),
                )
            if chat.count(room) >= self.limits.per_room:
                raise _full(room, self.limits.per_room)
            for window in windows:
                window.add()
            write = partial(
                add_chat,
                table_id=table.id,
                room=room,
                seat=seat,
                name=name,
                said=said,
                version=table.version,
                cap=self.limits.per_room,
            )
            try:
                line = await self.store.write(write)
            except ChatFull:
                raise _full(room, self.limits.per_room) from None
            except (StorageError, Conflict):
                raise ServerError(
                    "storage_failed", message("the message could not be stored; send it again")
                ) from None
            chat.take_in(StoredChat(chat.creator, chat.spectators_open, [line]))
            chat.send(line, connection, frame.ref)

    async def switch(
        self, table: Table, connection: Connection, seat: int | None, frame: ChatSwitch
    ) -> None:
        """The creator opens or closes the spectators' room (stored, then everyone told)."""
        chat = await self.chat_of(table)
        if seat is None or seat != chat.creator:
            refused: Message = (
                message(
                    "only the table's creator ({name}, seat {seat}) can switch the spectators' "
                    "chat",
                    name=table.seat_said(chat.creator),
                    seat=chat.creator + 1,
                )
                if chat.creator is not None
                else message(
                    "only the table's creator (nobody at this table) can switch the spectators' "
                    "chat"
                )
            )
            raise ServerError("chat_forbidden", refused)
        async with chat.lock:
            if chat.spectators_open != frame.open:
                try:
                    await self.store.write(
                        partial(set_spectators_open, table_id=table.id, is_open=frame.open)
                    )
                except (StorageError, Conflict):
                    raise ServerError(
                        "storage_failed", message("the switch could not be stored; try again")
                    ) from None
                chat.spectators_open = frame.open
            chat.send_rooms(connection, frame.ref)

    # --- news from other server processes -----------------------------------------------------

    def news(self, table_id: str) -> None:
        """Another process stored something in the table's chat: reload it, if any connection
        here reads it (called by `roost.server.tables.cluster.Cluster`)."""
        table = self.tables.get(table_id)
        chat = self._chats.get(table) if table is not None else None
        if table is None or chat is None:
            return
        task = asyncio.get_running_loop().create_task(self._reload(table, chat))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _reload(self, table: Table, chat: TableChat) -> None:
        try:
            async with chat.lock:
                stored = await self.store.read(partial(load_chat, table_id=table.id))
                if stored is None:
                    return
                for line in chat.take_in(stored):
                    chat.send(line)
                if (stored.spectators_open, stored.creator) != (
                    chat.spectators_open,
                    chat.creator,
                ):
                    chat.spectators_open = stored.spectators_open
                    chat.creator = stored.creator
                    chat.send_rooms()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: reloading the chat failed", table.id)

    async def close(self) -> None:
        for task in list(self._background) + list(self._loading.values()):
            task.cancel()


def _full(room: ChatRoom, cap: int) -> ServerError:
    said = (
        message("this table's players room holds {cap} messages, as many as a table keeps", cap=cap)
        if room == "players"
        else message(
            "this table's spectators room holds {cap} messages, as many as a table keeps",
            cap=cap,
        )
    )
    return ServerError("chat_full", said)
