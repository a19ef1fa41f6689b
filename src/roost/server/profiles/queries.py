"""What the profile pages read: an account's ratings with their history, its games (played,
won, each with its players and rating change) and a game's leaderboard. Reads only: the rows
are the accounts', the tables' and the ratings' (this concern owns none)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, select
from sqlalchemy.orm import Session

from roost.server.accounts.rows import UserRow, name_key
from roost.server.ratings.rows import RatingHistoryRow, RatingRow
from roost.server.ratings.service import PROVISIONAL_GAMES
from roost.server.tables.rows import SeatRow, TableRow

HISTORY_POINTS = 500
"""Points of a rating's history a profile shows (the newest)."""


@dataclass(frozen=True)
class Found:
    user_id: int
    name: str
    created_at: float


def find_user(session: Session, name: str) -> Found | None:
    row = session.execute(
        select(UserRow.id, UserRow.name, UserRow.created_at).where(
            UserRow.name_key == name_key(name)
        )
    ).first()
    return Found(*row) if row is not None else None


@dataclass
class RatingData:
    game: str
    mu: float
    sigma: float
    rating: int
    games: int
    history: list[tuple[float, int, str]]
    """(at, rating, table id), oldest first."""


def ratings(session: Session, user_id: int) -> list[RatingData]:
    found = []
    for row in session.scalars(select(RatingRow).where(RatingRow.user_id == user_id)):
        points = session.execute(
            select(RatingHistoryRow.at, RatingHistoryRow.rating, RatingHistoryRow.table_id)
            .where(RatingHistoryRow.user_id == user_id, RatingHistoryRow.game == row.game)
            .order_by(RatingHistoryRow.id.desc())
            .limit(HISTORY_POINTS)
        ).all()
        history = [(float(at), int(rating), str(t)) for at, rating, t in reversed(points)]
        found.append(RatingData(row.game, row.mu, row.sigma, row.rating, row.games, history))
    return found


def stats(session: Session, user_id: int) -> dict[str, tuple[int, int]]:
    """game -> (finished games played, won) over every finished game, rated or not."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    rows = session.execute(
        select(TableRow.game, TableRow.result, SeatRow.seat)
        .join(SeatRow, SeatRow.table_id == TableRow.id)
        .where(SeatRow.user_id == user_id, TableRow.status == "over")
    )
    for game, result, seat in rows:
        counts[game][0] += 1
        if result is not None and seat in result.get("winners", []):
            counts[game][1] += 1
    return {game: (played, won) for game, (played, won) in counts.items()}


@dataclass
class GameData:
    table_id: str
    game: str
    finished_at: float
    rated: bool
    seat: int
    returns: list[float]
    winners: list[int]
    players: list[tuple[int, str | None, str, str | None, bool]]
    """(seat, name, type, level, signed in)."""
    rating_before: int | None
    rating_after: int | None


def games(
    session: Session, user_id: int, *, before: float | None, limit: int, game: str | None
) -> list[GameData]:
    """The account's finished games, newest first, older than `before`."""
    where: list[Any] = [SeatRow.user_id == user_id, TableRow.status == "over"]
    if before is not None:
        where.append(TableRow.updated_at < before)
    if game is not None:
        where.append(TableRow.game == game)
    rows = session.execute(
        select(
            TableRow.id,
            TableRow.game,
            TableRow.updated_at,
            TableRow.rated,
            TableRow.result,
            SeatRow.seat,
        )
        .join(SeatRow, SeatRow.table_id == TableRow.id)
        .where(*where)
        .order_by(TableRow.updated_at.desc())
        .limit(limit)
    ).all()
    ids = [row[0] for row in rows]
    if not ids:
        return []
    players: dict[str, list[tuple[int, str | None, str, str | None, bool]]] = defaultdict(list)
    for seat in session.scalars(
        select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat)
    ):
        players[seat.table_id].append(
            (seat.seat, seat.name, seat.type, seat.level, seat.user_id is not None)
        )
    changes = {
        table_id: (before_rating, after)
        for table_id, before_rating, after in session.execute(
            select(
                RatingHistoryRow.table_id, RatingHistoryRow.rating_before, RatingHistoryRow.rating
            ).where(and_(RatingHistoryRow.user_id == user_id, RatingHistoryRow.table_id.in_(ids)))
        )
    }
    found = []
    for table_id, game_name, updated_at, rated, result, seat in rows:
        result = result or {}
        change = changes.get(table_id)
        found.append(
            GameData(
                table_id=table_id,
                game=game_name,
                finished_at=float(updated_at),
                rated=bool(rated),
                seat=int(seat),
                returns=[float(r) for r in result.get("returns", [])],
                winners=[int(w) for w in result.get("winners", [])],
                players=players[table_id],
                rating_before=change[0] if change else None,
                rating_after=change[1] if change else None,
            )
        )
    return found


def leaderboard(session: Session, game: str, limit: int) -> list[tuple[str, int, int]]:
    """(name, rating, rated games) of the best accounts with `PROVISIONAL_GAMES` rated games or
    more, best first."""
    rows = session.execute(
        select(UserRow.name, RatingRow.rating, RatingRow.games)
        .join(UserRow, UserRow.id == RatingRow.user_id)
        .where(RatingRow.game == game, RatingRow.games >= PROVISIONAL_GAMES)
        .order_by(RatingRow.rating.desc(), UserRow.name_key)
        .limit(limit)
    ).all()
    return [(str(name), int(rating), int(count)) for name, rating, count in rows]
