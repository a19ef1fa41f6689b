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
import sqlite3
import time
from pathlib import Path

import httpx
import pytest

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


def start(db: Path, log: Path) -> Server:
    # the person never connects: a stand-in plays their seat after the grace, so the games
    # play to the end by themselves
    server = start_server(f"sqlite:///{db}", log, grace=0.2)
    asyncio.run(wait_ready(server))
    return server


@pytest.mark.timeout(300)
def test_kill_9_never_splits_a_result_from_its_rating(tmp_path: Path) -> None:
    db, log = tmp_path / "chaos.db", tmp_path / "server.log"
    rng = random.Random(17)
    server = start(db, log)
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
            server = start(db, log)
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            with sqlite3.connect(db, timeout=30) as connection:
                left = connection.execute(
                    "SELECT count(*) FROM roost_tables WHERE status != 'over'"
                ).fetchone()[0]
            if left == 0:
                break
            time.sleep(0.5)
        assert left == 0, f"{left} tables did not finish"
        assert not server.errors(), server.errors()
    finally:
        server.stop()

    with sqlite3.connect(db) as connection:
        over = {
            table_id
            for (table_id,) in connection.execute(
                "SELECT id FROM roost_tables WHERE status = 'over' AND result IS NOT NULL"
            )
        }
        history = connection.execute(
            "SELECT table_id, mu_before, sigma_before, mu, sigma FROM roost_rating_history"
            " ORDER BY id"
        ).fetchall()
        stored = connection.execute("SELECT mu, sigma, games FROM roost_ratings").fetchall()
    assert over == set(tables)
    assert sorted(row[0] for row in history) == sorted(tables)  # each rated once, none missed
    for before, after in itertools.pairwise(history):
        assert (after[1], after[2]) == (before[3], before[4])  # an unbroken chain
    assert stored == [(history[-1][3], history[-1][4], len(tables))]
