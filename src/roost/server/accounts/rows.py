"""The rows of accounts: a user (name and password hash) and their sessions (stored hashed), and
the plain functions of a `Session` that read and write them.

A deleted account leaves no row: its sessions and ratings go with it (ON DELETE CASCADE) and
its seats keep their games under the name "deleted player" (`delete_user`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import Float, ForeignKey, Integer, String, delete, select, update
from sqlalchemy.orm import Mapped, Session, mapped_column

from roost.server.db import Base, announce, rowcount

DELETED_NAME = "deleted player"
"""What a deleted account's seats are called (a space: no user name can be it)."""


class UserRow(Base):
    __tablename__ = "roost_users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(24))
    """As the person typed it (shown everywhere)."""
    name_key: Mapped[str] = mapped_column(String(24), unique=True)
    """The name in lower case: two accounts' names differ by more than case."""
    password_hash: Mapped[str] = mapped_column(String(255))
    """argon2id, in the PHC string format (salt and parameters included)."""
    created_at: Mapped[float] = mapped_column(Float)
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)
    """The language the person chose with the page's switch (``en``, ``es``); None until
    they choose (their browser's languages decide)."""


class SessionRow(Base):
    __tablename__ = "roost_sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    """SHA-256 of the session id: the id itself is only ever in the person's cookie."""
    user_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("roost_users.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[float] = mapped_column(Float)
    """For the absolute timeout."""
    seen_at: Mapped[float] = mapped_column(Float)
    """The last request (written at most every `touch_every` s), for the idle timeout."""


# --- records ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class User:
    id: int
    name: str
    password_hash: str
    created_at: float
    language: str | None = None


@dataclass(frozen=True)
class LiveSession:
    """A session that is still valid, with its person."""

    id_hash: str
    user_id: int
    name: str
    created_at: float
    seen_at: float


def _user(row: UserRow) -> User:
    return User(row.id, row.name, row.password_hash, row.created_at, row.language)


# --- users --------------------------------------------------------------------------------------


def name_key(name: str) -> str:
    return name.lower()


def user_by_name(session: Session, name: str) -> User | None:
    row = session.scalar(select(UserRow).where(UserRow.name_key == name_key(name)))
    return _user(row) if row is not None else None


def user_by_id(session: Session, user_id: int) -> User | None:
    row = session.get(UserRow, user_id)
    return _user(row) if row is not None else None


def insert_user(session: Session, name: str, password_hash: str) -> User | None:
    """A new user, or None if the name (in any case) is taken."""
    if user_by_name(session, name) is not None:
        return None
    row = UserRow(
        name=name, name_key=name_key(name), password_hash=password_hash, created_at=time.time()
    )
    session.add(row)
    session.flush()
    return _user(row)


def set_password(session: Session, user_id: int, password_hash: str) -> None:
    session.execute(
        update(UserRow).where(UserRow.id == user_id).values(password_hash=password_hash)
    )


def set_language(session: Session, user_id: int, language: str) -> bool:
    """Store the person's chosen language; False if the account is gone."""
    result = session.execute(update(UserRow).where(UserRow.id == user_id).values(language=language))
    return rowcount(result) > 0


def delete_user(session: Session, user_id: int) -> list[str]:
    """Delete the account: its sessions and ratings (cascade) and its name. Its seats stay,
    with their games, as "deleted player" and no account. Returns the ids of their tables."""
    seats = Base.metadata.tables["roost_seats"]
    tables = [
        table_id
        for (table_id,) in session.execute(
            select(seats.c.table_id).where(seats.c.user_id == user_id)
        )
    ]
    session.execute(
        seats.update().where(seats.c.user_id == user_id).values(user_id=None, name=DELETED_NAME)
    )
    session.execute(delete(SessionRow).where(SessionRow.user_id == user_id))
    session.execute(delete(UserRow).where(UserRow.id == user_id))
    for table_id in tables:  # other server processes reload those tables' seats
        announce(session, table_id)
    return tables


# --- sessions -----------------------------------------------------------------------------------


def insert_session(session: Session, id_hash: str, user_id: int) -> None:
    now = time.time()
    session.add(SessionRow(id_hash=id_hash, user_id=user_id, created_at=now, seen_at=now))


def live_session(
    session: Session, id_hash: str, *, now: float, idle: float, absolute: float
) -> LiveSession | None:
    """The session with this hash if it has not timed out (a timed-out one is deleted)."""
    row = session.execute(
        select(SessionRow, UserRow.name)
        .join(UserRow, UserRow.id == SessionRow.user_id)
        .where(SessionRow.id_hash == id_hash)
    ).first()
    if row is None:
        return None
    found, name = row
    if now - found.seen_at > idle or now - found.created_at > absolute:
        session.execute(delete(SessionRow).where(SessionRow.id_hash == id_hash))
        return None
    return LiveSession(found.id_hash, found.user_id, name, found.created_at, found.seen_at)


def touch_session(session: Session, id_hash: str, now: float) -> None:
    session.execute(update(SessionRow).where(SessionRow.id_hash == id_hash).values(seen_at=now))


def delete_session(session: Session, id_hash: str) -> None:
    session.execute(delete(SessionRow).where(SessionRow.id_hash == id_hash))


def delete_sessions(session: Session, user_id: int) -> int:
    """End every session of the user; returns how many there were."""
    return rowcount(session.execute(delete(SessionRow).where(SessionRow.user_id == user_id)))


def session_count(session: Session, user_id: int) -> int:
    return len(
        list(session.scalars(select(SessionRow.id_hash).where(SessionRow.user_id == user_id)))
    )


# --- a guest's seats ----------------------------------------------------------------------------


def claim_seats(
    session: Session, user_id: int, name: str, held: list[tuple[str, str]]
) -> list[str]:
    """Give the account the seats a guest's browser holds: (table id, token hash) pairs of
    seats taken by a person with no account. Their name becomes the account's. Returns the ids
    of the tables whose seats changed."""
    seats = Base.metadata.tables["roost_seats"]
    changed: list[str] = []
    for table_id, token_hash in held:
        result = session.execute(
            seats.update()
            .where(
                seats.c.table_id == table_id,
                seats.c.token_hash == token_hash,
                seats.c.type == "person",
                seats.c.user_id.is_(None),
            )
            .values(user_id=user_id, name=name)
        )
        if rowcount(result) > 0:
            changed.append(table_id)
            announce(session, table_id)
    return changed
