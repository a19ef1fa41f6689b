"""Ratings per game: openskill's Plackett-Luce model, updated in the transaction that stores a
rated table's result (`rate_result` is the tables' result hook, given at assembly by
roost.server.app): the result and the ratings commit together or not at all, so no crash can
leave one without the other.

* **The model**: openskill's ``PlackettLuce()`` with its defaults (mu 25, sigma 25/3), the
  model `roost ratings` fits the bots with (roost.sim.ratings); the seats are ranked by their
  returns, ties sharing a rank.
* **Bots** play at fixed ratings, those `roost ratings` measured (``bots.json``, from the README's
  "Rated levels"): they take part in every update so that beating a hard bot is worth more than
  beating an easy one, but their own ratings never move. So a new player's number means
  something at once: it is measured against bots whose strength is known.
* **The number shown** is openskill's ordinal (mu - 3 sigma: the rating the player is very
  likely above) on a familiar scale: ``1000 + 40 x ordinal``, never below 0. A new player shows
  1000 (ordinal 0); the bots sit between 1550 (BIG CHICKEN's easy) and 2140 (its hard), a medium
  bot near 1750. It is **provisional** until 10 rated games.
* A person with no account at a rated table (their account was deleted during the game) plays
  at a new player's rating, and nothing of theirs is stored.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import select
from sqlalchemy.orm import Session

from roost.server.accounts.rows import UserRow
from roost.server.ratings.rows import RatingHistoryRow, RatingRow
from roost.server.tables.rows import TableRecord

BOTS = Path(__file__).with_name("bots.json")
PROVISIONAL_GAMES = 10
"""Rated games before a rating stops being provisional (and enters the leaderboard)."""
MODEL = PlackettLuce()
START_MU = float(MODEL.mu)
START_SIGMA = float(MODEL.sigma)


def display(mu: float, sigma: float) -> int:
    """The number shown: 1000 + 40 x (mu - 3 sigma), rounded, never below 0."""
    return max(0, round(1000 + 40 * (mu - 3 * sigma)))


@cache
def bot_ratings() -> dict[str, dict[str, tuple[float, float]]]:
    """game -> level -> (mu, sigma), as `roost ratings` measured them."""
    data = json.loads(BOTS.read_text(encoding="utf-8"))
    return {
        game: {level: (float(r["mu"]), float(r["sigma"])) for level, r in levels.items()}
        for game, levels in data["games"].items()
    }


def bot_rating(game: str, level: str | None) -> tuple[float, float]:
    levels = bot_ratings().get(game, {})
    return levels.get(level or "medium") or levels.get("medium") or (START_MU, START_SIGMA)


def ranks(returns: Sequence[float]) -> list[float]:
    """1 + the number of seats with a strictly higher return (ties share a rank)."""
    return [1.0 + sum(1 for other in returns if other > mine) for mine in returns]


def rate_result(session: Session, record: TableRecord, result: dict[str, Any]) -> None:
    """The tables' result hook: update the ratings of every signed-in person at the table from
    its result, inside the transaction that stores it."""
    returns = [float(value) for value in result["returns"]]
    users = {s.seat: s.user for s in record.seats if s.type == "person" and s.user is not None}
    known = _known_users(session, list(users.values()))
    users = {seat: user for seat, user in users.items() if user in known}
    current: dict[int, RatingRow] = {}
    if users:
        query = (
            select(RatingRow)
            .where(RatingRow.user_id.in_(list(users.values())), RatingRow.game == record.game)
            .with_for_update()
        )
        current = {row.user_id: row for row in session.scalars(query)}
    teams = []
    for seat in record.seats:
        user = users.get(seat.seat)
        if seat.type == "bot":
            mu, sigma = bot_rating(record.game, seat.level)
        elif user is not None and user in current:
            mu, sigma = current[user].mu, current[user].sigma
        else:
            mu, sigma = START_MU, START_SIGMA
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    rated = MODEL.rate(teams, ranks=ranks(returns))
    now = time.time()
    for index, user in sorted(users.items()):
        before = teams[index][0]
        after = rated[index][0]
        mu, sigma = float(after.mu), float(after.sigma)
        row = current.get(user)
        if row is None:
            row = RatingRow(user_id=user, game=record.game, games=0)
            session.add(row)
        row.mu, row.sigma, row.rating = mu, sigma, display(mu, sigma)
        row.games = (row.games or 0) + 1
        row.updated_at = now
        session.add(
            RatingHistoryRow(
                user_id=user,
                game=record.game,
                table_id=record.id,
                seat=index,
                mu_before=float(before.mu),
                sigma_before=float(before.sigma),
                mu=mu,
                sigma=sigma,
                rating_before=display(float(before.mu), float(before.sigma)),
                rating=display(mu, sigma),
                at=now,
            )
        )
    session.flush()


def _known_users(session: Session, ids: list[int]) -> set[int]:
    """The ids among `ids` that are still accounts."""
    if not ids:
        return set()
    return set(session.scalars(select(UserRow.id).where(UserRow.id.in_(ids))))
