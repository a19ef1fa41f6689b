"""Benchmark profiles, leaderboards and rating updates on PostgreSQL (not a test; prints figures).

1. Fills a throwaway PostgreSQL cluster (a temp folder, a unix socket) through today's schema
   with `--accounts` accounts and `--games` finished 4-seat games (3 people and a bot each, the
   people drawn with a Zipf-like skew so some play thousands of games and most a few dozen;
   half the games rated, with their openskill updates computed as the server would, in order).
   The games have no action rows: no profile or leaderboard query reads them.
2. Starts a real `roost serve` on that database and asks, over loopback HTTP one at a time, for
   random profiles (`GET /api/users/NAME`), their first page of games
   (`GET /api/users/NAME/games`) and the leaderboards (`GET /api/leaderboard/GAME`): p50 and
   p99 of each.
3. Times a rating update as the server makes it: `rate_result` for a 4-seat game of three
   rated people and a bot, in a transaction of its own, committed (and openskill's computation
   alone).

    .venv/bin/python scripts/bench_accounts.py [--accounts 10000] [--games 200000] [--requests 400]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import secrets
import time
from pathlib import Path
from typing import Any

import httpx
from openskill.models import PlackettLuce
from sqlalchemy import text

from roost.server.db import Base, Store, models
from roost.server.ratings.service import bot_rating, display, ranks, rate_result
from roost.server.tables.rows import SeatRecord, TableRecord
from serverkit import Postgres, fresh_database, load_average, percentile, start_server, wait_ready

GAMES = ["big-chicken", "egg-bound", "manda-huevos", "eggo"]
LEVELS = ["easy", "medium", "hard"]
PLAYERS = {"big-chicken": 4, "egg-bound": 4, "manda-huevos": 4, "eggo": 4}
HASH = "$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$not-a-real-hash-the-bench-never-signs-in"
BATCH = 5000


def fill(store: Store, accounts: int, games: int, rng: random.Random) -> list[str]:
    """Accounts and finished games, inserted in batches; returns the user names."""
    models()
    tables = Base.metadata.tables
    now = time.time()
    names = [f"player{index:05d}" for index in range(accounts)]
    with store.engine.begin() as connection:
        for start in range(0, accounts, BATCH):
            connection.execute(
                tables["roost_users"].insert(),
                [
                    {
                        "id": index + 1,
                        "name": names[index],
                        "name_key": names[index],
                        "password_hash": HASH,
                        "created_at": now - 86400 * 365,
                    }
                    for index in range(start, min(accounts, start + BATCH))
                ],
            )
    model = PlackettLuce()
    ratings: dict[tuple[int, str], tuple[float, float, int]] = {}
    weights = list(itertools.accumulate(1 / (rank + 10) for rank in range(accounts)))
    """Cumulative: a few accounts play a lot, most a little."""
    table_rows: list[dict[str, Any]] = []
    seat_rows: list[dict[str, Any]] = []
    history_rows: list[dict[str, Any]] = []
    started = time.monotonic()

    def flush(connection: Any) -> None:
        for name, rows in (
            ("roost_tables", table_rows),
            ("roost_seats", seat_rows),
            ("roost_rating_history", history_rows),
        ):
            if rows:
                connection.execute(tables[name].insert(), rows)
                rows.clear()

    with store.engine.begin() as connection:
        for number in range(games):
            game = GAMES[number % len(GAMES)]
            people: set[int] = set()
            while len(people) < 3:
                people.add(rng.choices(range(1, accounts + 1), cum_weights=weights)[0])
            users: list[int | None] = [*people, None]
            rng.shuffle(users)
            level = rng.choice(LEVELS)
            returns = [rng.random() for _ in users]
            winner = max(range(len(users)), key=lambda seat: returns[seat])
            rated = number % 2 == 0
            table_id = secrets.token_urlsafe(6)
            at = now - (games - number) * 60.0
            table_rows.append(
                {
                    "id": table_id,
                    "game": game,
                    "params": {"players": PLAYERS[game]},
                    "seed": rng.getrandbits(62),
                    "status": "over",
                    "version": 100,
                    "clock": None,
                    "creator": "bench",
                    "created_at": at - 600,
                    "updated_at": at,
                    "result": {"returns": returns, "winners": [winner]},
                    "rated": rated,
                    "public": True,
                }
            )
            for seat, user in enumerate(users):
                seat_rows.append(
                    {
                        "table_id": table_id,
                        "seat": seat,
                        "type": "person" if user else "bot",
                        "name": names[user - 1] if user else None,
                        "level": None if user else level,
                        "token_hash": secrets.token_hex(32) if user else None,
                        "away": False,
                        "arrived": True,
                        "always_ask": False,
                        "user_id": user,
                    }
                )
            if rated:
                teams = []
                for user in users:
                    mu, sigma = (
                        ratings.get((user, game), (25.0, 25 / 3))[:2]
                        if user
                        else bot_rating(game, level)
                    )
                    teams.append([model.rating(mu=mu, sigma=sigma)])
                after = model.rate(teams, ranks=ranks(returns))
                for seat, user in enumerate(users):
                    if user is None:
                        continue
                    before = teams[seat][0]
                    new = after[seat][0]
                    count = ratings.get((user, game), (0.0, 0.0, 0))[2] + 1
                    ratings[(user, game)] = (new.mu, new.sigma, count)
                    history_rows.append(
                        {
                            "user_id": user,
                            "game": game,
                            "table_id": table_id,
                            "seat": seat,
                            "mu_before": before.mu,
                            "sigma_before": before.sigma,
                            "mu": new.mu,
                            "sigma": new.sigma,
                            "rating_before": display(before.mu, before.sigma),
                            "rating": display(new.mu, new.sigma),
                            "at": at,
                        }
                    )
            if len(table_rows) >= BATCH:
                flush(connection)
                print(f"  {number + 1:,} games ({time.monotonic() - started:.0f} s)", flush=True)
        flush(connection)
        rows = [
            {
                "user_id": user,
                "game": game,
                "mu": mu,
                "sigma": sigma,
                "rating": display(mu, sigma),
                "games": count,
                "updated_at": now,
            }
            for (user, game), (mu, sigma, count) in ratings.items()
        ]
        for start in range(0, len(rows), BATCH):
            connection.execute(tables["roost_ratings"].insert(), rows[start : start + BATCH])
        connection.execute(text("SELECT setval('roost_users_id_seq', :n)"), {"n": accounts})
    with store.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        connection.execute(text("ANALYZE"))
    return names


def rating_update_cost(store: Store, names: list[str], rounds: int) -> tuple[list[float], float]:
    """Seconds per committed rating update of a 4-seat game (3 people, a bot), and the seconds
    openskill's computation alone takes."""
    rng = random.Random(5)
    times: list[float] = []
    for _ in range(rounds):
        users = rng.sample(range(1, len(names) + 1), 3)
        record = TableRecord(
            id=secrets.token_urlsafe(6),
            game="egg-bound",
            params={"players": 4},
            seed=1,
            status="over",
            seats=[
                *(
                    SeatRecord(s, "person", names[u - 1], None, None, user=u)
                    for s, u in enumerate(users)
                ),
                SeatRecord(3, "bot", None, "hard"),
            ],
            creator="bench",
            created_at=time.time(),
            rated=True,
        )
        tables = Base.metadata.tables
        with store.engine.begin() as connection:  # the table is stored beforehand (not timed)
            connection.execute(
                tables["roost_tables"].insert(),
                {
                    "id": record.id, "game": record.game, "params": record.params, "seed": 1,
                    "status": "over", "version": 0, "creator": "bench",
                    "created_at": record.created_at, "updated_at": record.created_at,
                },
            )  # fmt: skip
        result = {"returns": [rng.random() for _ in range(4)], "winners": [0]}
        started = time.perf_counter()
        with store.session() as session:
            rate_result(session, record, result)
        times.append(time.perf_counter() - started)
    model = PlackettLuce()
    teams = [[model.rating()] for _ in range(4)]
    started = time.perf_counter()
    for _ in range(1000):
        model.rate(teams, ranks=[1.0, 2.0, 3.0, 4.0])
    return times, (time.perf_counter() - started) / 1000


async def latencies(base: str, paths: list[str]) -> list[float]:
    times: list[float] = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        for path in paths[:20]:  # warm up
            (await client.get(path)).raise_for_status()
        for path in paths:
            started = time.perf_counter()
            answer = await client.get(path)
            times.append(time.perf_counter() - started)
            answer.raise_for_status()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--accounts", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--updates", type=int, default=300)
    options = parser.parse_args()
    rng = random.Random(1)
    print(f"start: {load_average()}")
    cluster = Postgres.start()
    try:
        url = fresh_database(cluster.url)
        store = Store(url)
        started = time.monotonic()
        names = fill(store, options.accounts, options.games, rng)
        with store.engine.connect() as connection:
            counts = {
                name: connection.execute(text(f"SELECT count(*) FROM {name}")).scalar()
                for name in ("roost_users", "roost_tables", "roost_seats", "roost_ratings",
                             "roost_rating_history")
            }  # fmt: skip
        print(f"filled in {time.monotonic() - started:.0f} s: {counts}")
        most = [
            name
            for (name,) in store.engine.connect().execute(
                text(
                    "SELECT u.name FROM roost_users u JOIN roost_seats s ON s.user_id = u.id"
                    " GROUP BY u.name ORDER BY count(*) DESC LIMIT 1"
                )
            )
        ]
        store.engine.dispose()

        folder = Path(cluster.root)
        server = start_server(url, folder / "server.log")
        try:
            asyncio.run(wait_ready(server))
            picks = [rng.choice(names) for _ in range(options.requests)]
            boards = [f"/api/leaderboard/{GAMES[i % 4]}" for i in range(options.requests)]
            figures = {
                "profile": asyncio.run(latencies(server.base, [f"/api/users/{n}" for n in picks])),
                "games page": asyncio.run(
                    latencies(server.base, [f"/api/users/{n}/games" for n in picks])
                ),
                "leaderboard": asyncio.run(latencies(server.base, boards)),
                f"profile of the busiest ({most[0]})": asyncio.run(
                    latencies(server.base, [f"/api/users/{most[0]}"] * 50)
                ),
            }
        finally:
            server.stop()
        print(f"loopback HTTP, one request at a time ({load_average()}):")
        for what, times in figures.items():
            print(
                f"  {what}: p50 {percentile(times, 0.5) * 1000:.1f} ms, "
                f"p99 {percentile(times, 0.99) * 1000:.1f} ms ({len(times)} requests)"
            )
        store = Store(url)
        times, compute = rating_update_cost(store, names, options.updates)
        store.engine.dispose()
        p50, p99 = percentile(times, 0.5) * 1000, percentile(times, 0.99) * 1000
        print(
            f"rating update (3 people and a bot, committed): p50 {p50:.2f} ms, p99 {p99:.2f} ms;"
            f" openskill's computation alone {compute * 1000:.3f} ms ({load_average()})"
        )
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()
