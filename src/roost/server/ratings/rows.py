"""The rows of ratings: each account's rating per game (openskill's mu and sigma, the number
shown, the rated games counted) and one history row per account and rated game.

A history row's (table, seat) is unique: a game is rated once, whatever happens. Both go with
their account (ON DELETE CASCADE), and a history row with its table.
"""

from __future__ import annotations

from sqlalchemy import Float, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from roost.server.db import Base


class RatingRow(Base):
    __tablename__ = "roost_ratings"
    __table_args__ = (Index("ix_roost_ratings_board", "game", "rating"),)

    user_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("roost_users.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    rating: Mapped[int] = mapped_column(Integer)
    """`display(mu, sigma)`: kept for the leaderboard's index."""
    games: Mapped[int] = mapped_column(Integer)
    """Rated games played."""
    updated_at: Mapped[float] = mapped_column(Float)


class RatingHistoryRow(Base):
    __tablename__ = "roost_rating_history"
    __table_args__ = (
        UniqueConstraint("table_id", "seat", name="uq_roost_rating_history_seat"),
        Index("ix_roost_rating_history_user", "user_id", "game", "id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(Integer, ForeignKey("roost_users.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(64))
    table_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("roost_tables.id", ondelete="CASCADE")
    )
    seat: Mapped[int] = mapped_column(Integer)
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    rating_before: Mapped[int] = mapped_column(Integer)
    rating: Mapped[int] = mapped_column(Integer)
    at: Mapped[float] = mapped_column(Float)
