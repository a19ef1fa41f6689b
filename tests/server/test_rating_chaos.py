"""kill -9 and ratings: a real `roost serve` process finishes rated games (a signed-in person's
seat played by a stand-in, against bots) while it is SIGKILLed at random moments and restarted.
No crash may leave a result without its rating update or an update without its result: they
are one transaction. At the end every table is over, each with exactly one rating history row,
and the history is one unbroken chain (each game starts from the rating the one before left),
ending at the stored rating."""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

from serverkit import Server, start_server, wait_ready

TABLES_PER_ROUND = 8
KILLS = 4


def rated_table(http: httpx.Client, csrf: str) -> str:
    made = http.post(
        "/api/tables",
        json={
            "game": "manda-huevos",
            "players": 2,
            "params": {"quick": True},
            "seats": [{"type": "open"}, {"type": "bot", "level": "easy"}],
            "name": "x",
            "rated": True,
        },
        headers={"X-CSRF-Token": csrf},
    )
    assert made.status_code == 201, made.text
    return str(made.json()["table"]["id"])


def start(url: str, log: Path) -> Server:
    # the person never connects: a stand-in plays their seat after the grace, so the games
    # play to the end by themselves
    server = start_server(url, log, grace=0.2)
    asyncio.run(wait_ready(server))
    return server


def query(url: str, sql: str) -> list[Any]:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql))]
    finally:
        engine.dispose()


@pytest.mark.timeout(300)
def test_kill_9_never_splits_a_result_from_its_rating(database_url: str, tmp_path: Path) -> None:
    """On SQLite and on PostgreSQL."""
    log = tmp_path / "server.log"
    rng = random.Random(17)
    server = start(database_url, log)
    tables: list[str] = []
    try:
        with httpx.Client(base_url=server.base, timeout=60) as http:
            made = http.post(
                "/api/account/signup", json={"name": "Chaos", "password": "kill nine times"}
            )
            assert made.status_code == 201, made.text
            cookie, csrf = made.cookies["roost_session"], made.json()["csrf"]
        for _ in range(KILLS):
            jar = {"roost_session": cookie}
            with httpx.Client(base_url=server.base, timeout=60, cookies=jar) as http:
                tables += [rated_table(http, csrf) for _ in range(TABLES_PER_ROUND)]
            time.sleep(rng.uniform(0.3, 1.5))  # some games end, some are mid-way, some mid-write
            server.kill()
            server = start(database_url, log)
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            [(left,)] = query(
                database_url, "SELECT count(*) FROM roost_tables WHERE status != 'over'"
            )
            if left == 0:
                break
            time.sleep(0.5)
        assert left == 0, f"{left} tables did not finish"
        assert not server.errors(), server.errors()
    finally:
        server.stop()

    over = {
        table_id
        for (table_id,) in query(
            database_url, "SELECT id FROM roost_tables WHERE status = 'over' AND result IS NOT NULL"
        )
    }
    history = query(
        database_url,
        "SELECT table_id, mu_before, sigma_before, mu, sigma FROM roost_rating_history ORDER BY id",
    )
    stored = query(database_url, "SELECT mu, sigma, games FROM roost_ratings")
    assert over == set(tables)
    assert sorted(row[0] for row in history) == sorted(tables)  # each rated once, none missed
    for before, after in itertools.pairwise(history):
        assert (after[1], after[2]) == (before[3], before[4])  # an unbroken chain
    assert stored == [(history[-1][3], history[-1][4], len(tables))]
