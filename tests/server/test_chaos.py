"""kill -9, the short version of `scripts/chaos.py`: a real `roost serve` process is killed with
SIGKILL at random moments while people (over real WebSockets) and bots play; after each restart
it must have lost no acknowledged move, every table must play to the end, and every view a
client was sent must be the replay of the stored action list at that version."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from chaos import run_chaos, suite_config
from serverkit import fresh_database


# The bound: 2 kills over ~10 s, then at most 120 s for the tables to finish (suite_config's
# finish_timeout) and 120 s for the clients to see the end; 15-21 s is the usual run here.
@pytest.mark.timeout(300)
def test_kill_9_loses_no_acknowledged_move_and_every_table_finishes(tmp_path: Path) -> None:
    config = suite_config("sqlite", seed=7)
    report = asyncio.run(run_chaos(config, tmp_path))
    assert report.failures == [], report.summary()
    assert report.kills == 2 and report.restarts == 2
    assert report.acks > 0 and report.views_checked > report.acks
    assert report.tables >= 4 and report.finished == report.tables


@pytest.mark.timeout(300)
def test_kill_9_of_one_of_two_processes_on_postgres_loses_nothing(
    postgres_url: str, tmp_path: Path
) -> None:
    """The same with two server processes on one PostgreSQL: each kill hits one of them, the
    other adopts its tables; clients reconnect to either."""
    config = suite_config("postgres", seed=11, db_url=fresh_database(postgres_url))
    report = asyncio.run(run_chaos(config, tmp_path))
    assert report.failures == [], report.summary()
    assert report.kills == 2 and report.acks > 0 and report.views_checked > report.acks
    assert report.tables >= 4 and report.finished == report.tables
