"""The rows of table chat: one per message said in a room of a table, and the chat columns of
the table's own row (its creator's seat, the switch of the spectators' room); the plain
functions of a `Session` that read and write them."""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import Float, ForeignKey, Integer, String, func, select, text, update
from sqlalchemy.orm import Mapped, Session, mapped_column

from roost.server.db import CHANNEL, Base, Conflict
from roost.server.protocol import ChatLine, ChatRoom
from roost.server.tables.rows import TableRow


class ChatRow(Base):
    """One chat message (see `roost.server.chat.service`): stored before anyone is sent it."""

    __tablename__ = "roost_chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("roost_tables.id", ondelete="CASCADE"), index=True
    )
    room: Mapped[str] = mapped_column(String(16))
    """``players`` (read by everyone at the table) or ``spectators`` (spectators only)."""
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The writer's seat; None for a spectator."""
    name: Mapped[str] = mapped_column(String(64))
    """The writer's name as it was shown when the message was said."""
    text: Mapped[str] = mapped_column(String(1000))
    """At most `ChatLimits.max_text` code points (300); the column leaves room to raise it."""
    version: Mapped[int] = mapped_column(Integer)
    """The table's version when the message was said (the replay shows it from there on)."""
    at: Mapped[float] = mapped_column(Float)


class ChatFull(Conflict):
    """The room holds as many messages as a table keeps (seen in the writing transaction, so
    it holds with several server processes): nothing was written."""


# --- the repository ---------------------------------------------------------------------------


@dataclass
class StoredChat:
    creator: int | None
    spectators_open: bool
    lines: list[ChatLine]


def announce_chat(session: Session, table_id: str) -> None:
    """On PostgreSQL, tell the other server processes (at commit) that the table's chat
    changed; they reload it (`ChatService.news`)."""
    if session.get_bind().dialect.name != "postgresql":
        return
    origin = session.info.get("origin", "")
    session.execute(
        text("SELECT pg_notify(:channel, :payload)"),
        {"channel": CHANNEL, "payload": f"C {origin} {table_id}"},
    )


def load_chat(session: Session, table_id: str) -> StoredChat | None:
    """The table's chat (both rooms, oldest first) and its switch; None if no such table."""
    row = session.execute(
        select(TableRow.creator_seat, TableRow.spectator_chat).where(TableRow.id == table_id)
    ).first()
    if row is None:
        return None
    lines = [
        _line(chat_row)
        for chat_row in session.scalars(
            select(ChatRow).where(ChatRow.table_id == table_id).order_by(ChatRow.id)
        )
    ]
    return StoredChat(creator=row[0], spectators_open=bool(row[1]), lines=lines)


def load_lines(session: Session, table_id: str) -> list[ChatLine]:
    """Every message of the table, oldest first (for the replay)."""
    stored = load_chat(session, table_id)
    return stored.lines if stored is not None else []


def add_chat(
    session: Session,
    table_id: str,
    room: ChatRoom,
    seat: int | None,
    name: str,
    said: str,
    version: int,
    cap: int,
) -> ChatLine:
    """Store one message; `ChatFull` if its room already holds `cap` messages."""
    count = session.scalar(
        select(func.count())
        .select_from(ChatRow)
        .where(ChatRow.table_id == table_id, ChatRow.room == room)
    )
    if int(count or 0) >= cap:
        raise ChatFull(f"the {room} room of table {table_id} is full")
    row = ChatRow(
        table_id=table_id,
        room=room,
        seat=seat,
        name=name,
        text=said,
        version=version,
        at=time.time(),
    )
    session.add(row)
    session.flush()
    announce_chat(session, table_id)
    return _line(row)


def set_spectators_open(session: Session, table_id: str, is_open: bool) -> None:
    session.execute(update(TableRow).where(TableRow.id == table_id).values(spectator_chat=is_open))
    announce_chat(session, table_id)


def _line(row: ChatRow) -> ChatLine:
    return ChatLine(
        id=row.id,
        room=row.room,  # type: ignore[arg-type]
        seat=row.seat,
        name=row.name,
        text=row.text,
        version=row.version,
        at=row.at,
    )
