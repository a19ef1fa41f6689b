"""The REST routes of profiles (docs/protocol.md, "Profiles and leaderboards"): a player's
ratings and counts, their finished games page by page, and each game's leaderboard. Public
reads: anyone may look at anyone's profile, as on lichess."""

from __future__ import annotations

from functools import partial
from typing import Annotated

from fastapi import APIRouter, Path, Query, Request
from sqlalchemy.orm import Session

from roost.core.errors import UnknownGameError
from roost.core.message import message
from roost.core.registry import game_class, registered_games
from roost.server.db import Store
from roost.server.errors import ServerError, unknown_game
from roost.server.profiles import queries
from roost.server.protocol import (
    GamePlayer,
    GameRating,
    GamesPage,
    GameStats,
    Leaderboard,
    LeaderboardEntry,
    PlayedGame,
    Profile,
    RatingPoint,
)
from roost.server.ratings.service import PROVISIONAL_GAMES
from roost.server.routing import ERRORS

router = APIRouter(tags=["profiles"])

PAGE = 50
LEADERBOARD = 100


def store_of(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def _title(game: str) -> str:
    try:
        return game_class(game).title
    except UnknownGameError:
        return game


def _game(name: str) -> str:
    try:
        return game_class(name).name
    except UnknownGameError:
        raise ServerError("game_not_found", unknown_game(name), 404) from None


async def _user(request: Request, name: str) -> queries.Found:
    found = await store_of(request).read(partial(queries.find_user, name=name))
    if found is None:
        raise ServerError(
            "user_not_found", message("there is no player {name}", name=repr(name)), 404
        )
    return found


@router.get("/api/users/{name}", response_model=Profile, responses=ERRORS)
async def profile(name: Annotated[str, Path(max_length=64)], request: Request) -> Profile:
    """A player's ratings (with their history) and, per game, finished games and wins."""
    found = await _user(request, name)

    def read(session: Session) -> tuple[list[queries.RatingData], dict[str, tuple[int, int]]]:
        return queries.ratings(session, found.user_id), queries.stats(session, found.user_id)

    ratings, stats = await store_of(request).read(read)
    order = {game: index for index, game in enumerate(registered_games())}
    return Profile(
        name=found.name,
        created_at=found.created_at,
        ratings=[
            GameRating(
                game=r.game,
                title=_title(r.game),
                rating=r.rating,
                provisional=r.games < PROVISIONAL_GAMES,
                rated_games=r.games,
                mu=r.mu,
                sigma=r.sigma,
                history=[RatingPoint(at=at, rating=v, table_id=t) for at, v, t in r.history],
            )
            for r in sorted(ratings, key=lambda r: order.get(r.game, 99))
        ],
        stats=[
            GameStats(game=game, title=_title(game), played=played, wins=wins)
            for game, (played, wins) in sorted(stats.items(), key=lambda g: order.get(g[0], 99))
        ],
    )


def place(returns: list[float], winners: list[int], seat: int) -> int | None:
    """The seat's place by the game's returns, or None for a loser the returns do not rank
    (every loser has the same return, as in a win-or-lose game)."""
    if seat >= len(returns):
        return None
    losers = {r for s, r in enumerate(returns) if s not in winners}
    if seat not in winners and len(losers) <= 1:
        return None
    return 1 + sum(1 for r in returns if r > returns[seat])


@router.get("/api/users/{name}/games", response_model=GamesPage, responses=ERRORS)
async def games(
    name: Annotated[str, Path(max_length=64)],
    request: Request,
    before: Annotated[float | None, Query(ge=0, le=1e12)] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = PAGE,
    game: Annotated[str | None, Query(max_length=64)] = None,
) -> GamesPage:
    """The player's finished games, newest first; `before` (a `next_before`) pages on."""
    found = await _user(request, name)
    game_name = _game(game) if game is not None else None
    rows = await store_of(request).read(
        partial(queries.games, user_id=found.user_id, before=before, limit=limit, game=game_name)
    )
    page = [
        PlayedGame(
            table_id=g.table_id,
            game=g.game,
            title=_title(g.game),
            finished_at=g.finished_at,
            rated=g.rated,
            seat=g.seat,
            place=place(g.returns, g.winners, g.seat),
            won=g.seat in g.winners,
            players=[
                GamePlayer(
                    seat=seat,
                    name=player_name,
                    type=kind,  # type: ignore[arg-type]
                    level=level,  # type: ignore[arg-type]
                    signed_in=signed_in,
                )
                for seat, player_name, kind, level, signed_in in g.players
            ],
            rating_before=g.rating_before,
            rating_after=g.rating_after,
            replay_url=f"/replay/{g.table_id}",
        )
        for g in rows
    ]
    next_before = page[-1].finished_at if len(page) == limit else None
    return GamesPage(games=page, next_before=next_before)


@router.get("/api/leaderboard/{game}", response_model=Leaderboard, responses=ERRORS)
async def leaderboard(
    game: Annotated[str, Path(max_length=64)],
    request: Request,
    limit: Annotated[int, Query(ge=1, le=LEADERBOARD)] = LEADERBOARD,
) -> Leaderboard:
    """The best signed-in players of a game with at least 10 rated games."""
    name = _game(game)
    rows = await store_of(request).read(partial(queries.leaderboard, game=name, limit=limit))
    return Leaderboard(
        game=name,
        title=_title(name),
        min_games=PROVISIONAL_GAMES,
        entries=[
            LeaderboardEntry(rank=index + 1, name=user, rating=rating, rated_games=count)
            for index, (user, rating, count) in enumerate(rows)
        ],
    )
