"""What Prometheus sees of a `roost serve` process, at ``GET /metrics``.

* ``roost_tables{status}`` (gauge): tables held in memory, waiting, playing or over;
* ``roost_connected_clients`` (gauge): open play WebSockets (people and spectators);
* ``roost_moves_stored_total{by}`` (counter): actions stored, by person, bot, standin, auto
  (an automatic answer) and chance (the draws); its ``rate()`` is the moves stored per second;
* ``roost_ack_seconds`` (histogram): a person's move from its frame's arrival to its ``ack``
  (the move is then stored: with ``--durability full``, on stable storage);
* ``roost_bot_jobs`` (gauge): bot moves asked for and not yet answered (the queue's depth);
* ``roost_bot_think_seconds{pool}`` (histogram): a bot's thinking, its wait for a worker
  included (``process``: hard bots in the workers; ``inline``: the heuristic levels at a
  table, in the event loop; ``thread``: other work in threads);
* ``roost_database_errors_total`` (counter): writes the database refused or could not take
  (each answered "not stored, try again");
* ``roost_database_commits_total`` (counter): transactions the store's writer committed (a
  batch of moves of many tables is one); its ``rate()`` beside the moves' is how many moves
  share a commit;
* ``roost_database_up`` (gauge): 0 from a refused write until a write commits again, else 1;
* ``process_*``, ``python_gc_*``: the client library's own (resident memory, open file
  descriptors, CPU, collections).

Labels take a few fixed values only: no table id, name, token or seed is ever a label or a
value. The counters are per process (a cluster is several targets); `roost_tables` is filled
from the lobby of the app that answers the scrape.
"""

from __future__ import annotations

import time
from collections import Counter as Tally
from collections.abc import Iterator
from contextlib import contextmanager

from fastapi import APIRouter, Request
from fastapi.responses import Response
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, Counter, Gauge, Histogram
from prometheus_client import generate_latest as _generate

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
THINK_BUCKETS = (0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
STATUSES = ("waiting", "playing", "over")

TABLES = Gauge("roost_tables", "Tables held in memory, by status", ["status"])
CLIENTS = Gauge("roost_connected_clients", "Open play WebSockets (people and spectators)")
MOVES = Counter(
    "roost_moves_stored", "Actions stored, by who decided them (chance: the draws)", ["by"]
)
ACK = Histogram(
    "roost_ack_seconds",
    "A person's move from its frame's arrival to its ack (the move is stored)",
    buckets=LATENCY_BUCKETS,
)
BOT_JOBS = Gauge("roost_bot_jobs", "Bot moves asked for and not yet answered (queue depth)")
BOT_THINK = Histogram(
    "roost_bot_think_seconds",
    "A bot's thinking, its wait for a worker included",
    ["pool"],
    buckets=THINK_BUCKETS,
)
GC_FULL = Histogram(
    "roost_gc_full_seconds",
    "The scheduled full garbage collections (a pause of the whole process each)",
    buckets=LATENCY_BUCKETS,
)
DATABASE_ERRORS = Counter("roost_database_errors", "Writes the database refused or could not take")
DATABASE_COMMITS = Counter(
    "roost_database_commits", "Transactions the store's writer committed (one per batch)"
)
DATABASE_UP = Gauge("roost_database_up", "0 from a failed write until a write commits again")
DATABASE_UP.set(1)

router = APIRouter(tags=["server"])


_MOVES_BY: dict[str, Counter] = {}
"""`MOVES`'s counter of each label value, looked up once (`stored` runs at every move)."""


def stored(by: list[str]) -> None:
    """Count the actions of one stored move (its decisions and the chance draws after it)."""
    for who in by:
        counter = _MOVES_BY.get(who)
        if counter is None:
            counter = _MOVES_BY[who] = MOVES.labels(who)
        counter.inc()


@contextmanager
def bot_job(pool: str) -> Iterator[None]:
    """Around one bot move: the queue's depth while it waits or thinks, and its time."""
    BOT_JOBS.inc()
    started = time.perf_counter()
    try:
        yield
    finally:
        BOT_JOBS.dec()
        BOT_THINK.labels(pool).observe(time.perf_counter() - started)


_INLINE_THINK = BOT_THINK.labels("inline")


def thought_inline(seconds: float) -> None:
    """A heuristic bot's move decided in the event loop (`seconds` of thinking, no queue):
    observed directly, the job gauge untouched (it is never waiting)."""
    _INLINE_THINK.observe(seconds)


def tables_by_status(statuses: list[str]) -> None:
    tally = Tally(statuses)
    for status in STATUSES:
        TABLES.labels(status).set(tally.get(status, 0))


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    """The Prometheus text format (scrape it: docs/deploy.md, "Metrics")."""
    lobby = getattr(request.app.state, "lobby", None)
    if lobby is not None:
        tables_by_status([table.status for table in list(lobby.tables.values())])
    return Response(_generate(REGISTRY), media_type=CONTENT_TYPE_LATEST)
