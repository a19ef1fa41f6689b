"""The stored reviews: one row per table and seat, the review itself once it is done, stored with
the game (deleted with its table)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import JSON, Float, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, Session, mapped_column

from roost.server.db import Base


class ReviewRow(Base):
    __tablename__ = "roost_reviews"

    table_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("roost_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    status: Mapped[str] = mapped_column(String(16))
    """``queued``, ``running``, ``done``, ``cancelled`` or ``failed``."""
    done: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    upto: Mapped[int] = mapped_column(Integer)
    """The table's version the review covers."""
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    review: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    message: Mapped[str | None] = mapped_column(String(200), nullable=True)
    updated_at: Mapped[float] = mapped_column(Float)


@dataclass
class ReviewRecord:
    table_id: str
    seat: int
    status: str
    done: int
    total: int
    upto: int
    settings: dict[str, Any]
    review: dict[str, Any] | None = None
    message: str | None = None
    updated_at: float = 0.0


def load_review(session: Session, table_id: str, seat: int) -> ReviewRecord | None:
    row = session.get(ReviewRow, (table_id, seat))
    if row is None:
        return None
    return ReviewRecord(
        row.table_id,
        row.seat,
        row.status,
        row.done,
        row.total,
        row.upto,
        dict(row.settings),
        dict(row.review) if row.review is not None else None,
        row.message,
        row.updated_at,
    )


def save_review(session: Session, record: ReviewRecord) -> None:
    """Store the review's row as it is now (made or replaced)."""
    record.updated_at = time.time()
    session.merge(
        ReviewRow(
            table_id=record.table_id,
            seat=record.seat,
            status=record.status,
            done=record.done,
            total=record.total,
            upto=record.upto,
            settings=record.settings,
            review=record.review,
            message=record.message,
            updated_at=record.updated_at,
        )
    )
