"""Soak test: many tables for a long time, the server restarted as a supervisor would, and the
server's footprint sampled to find a leak.

`--tables` tables are kept busy on one `roost serve` process: each has one scripted person
over a real WebSocket (thinking `--think` seconds a move) and medium bots (Eggo, `--players`
seats); a finished table is replaced by a new one. Every `--restart-every` minutes the server
is stopped with SIGTERM (what systemd sends) and started again on the same database: the people
reconnect and their tables are rebuilt. Every `--sample-every` seconds the script samples the
server process and its bot workers: resident memory, open file descriptors, threads, and the
database's size (its pages, as a reader sees them) per finished table.

At the end it prints every sample, the first and last values of each curve, and the trend of
each within every life of the server (a least-squares slope per minute over its samples after
its first `--warm-up` seconds, marked ``w``: thread pools and caches fill, finished tables stay
in memory for `--keep-finished` seconds), and fails (exit 1) when a trend passes its bound
(`BOUNDS`), when a child of a stopped server outlives it, or when the people saw errors other
than the ones a restart explains. `make soak` runs a short version (three minutes).

Memory is judged two ways, because a server's memory rises with its live tables' games: each
table holds its game's history and every reader's log, so memory grows until the tables' games
are of mixed ages, a game length or two after a start that began them all together (tracemalloc
on a 300-table run: the growth is the tables' log lines and action records; measured, 300 Eggo
tables level off about 24 minutes into a life, +0.4 MiB a minute after). So the trend within a
life counts only after `--settle` minutes of it (25 by default), and lives shorter than that
(the default 10-minute ones) are compared with each other instead: the memory at the end of
every whole life after the first must not rise from life to life beyond `ACROSS_LIVES`
(something kept across restarts: state loaded from a growing database). Two runs cover both:

    .venv/bin/python scripts/soak.py --minutes 60 --warm-up 300                       # 6 lives
    .venv/bin/python scripts/soak.py --minutes 50 --restart-every 60 --warm-up 300    # 1 life
    .venv/bin/python scripts/soak.py --minutes 3 --tables 30 --players 2 --restart-every 1.5 \
        --sample-every 5 --warm-up 40 --keep-finished 5 --think 0.2-0.5 --bot-pause 0.05
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets
from sqlalchemy import create_engine, text

from serverkit import Server, load_average, rss_mib, start_server, wait_ready

BOUNDS = {
    "server_mib": 1.0,
    "fds": 4.0,
    "threads": 1.0,
}
"""The largest trend allowed within one life of the server, per minute: resident memory
(MiB, counted after `--settle` minutes of the life), open file descriptors and threads (after
the warm-up). The hour-long run finishes about 50 games a minute, so a leak of 20 KiB a
finished game (a seventh of one connection's worth) passes 1 MiB a minute; a settled life
measured +0.4. `--short-bounds` for three-minute runs."""
ACROSS_LIVES = 2.0
"""The largest rise of the server's memory from one whole life to the next (MiB a life, the
least-squares slope of each life's last sample, the first life left out: it starts on an empty
database with every table new). The hour run's lives ended at 322.8, 321.8, 322.1, 322.8 and
322.0 MiB; the database grows by about 7 MB a life, so a server that kept a tenth of the
finished tables' rows in memory would rise by 0.7 MiB a life, and one that kept a third, 2.3."""
SETTLE_MINUTES = 25.0
"""How long into a life the server's memory settles (300 four-seat Eggo tables, people thinking
3-9 s a move: about 24 minutes; the tables' histories and logs fill until their games are of
mixed ages). Memory trends within a life count after this; the default `--settle`."""
SHORT_BOUNDS = {
    "server_mib": 12.0,
    "fds": 12.0,
    "threads": 3.0,
}
"""The bounds of `make test`'s three-minute run (`--short-bounds`; tests/server/test_soak.py).
Its lives are shorter than the time the server takes to settle: its caches fill (SQLite's page
caches, pools: 4-6 MiB a minute in the first three minutes, level after) and its thread pools
start their threads as work first needs them (one more thread in a 50-second window reads as
more than one a minute). So the bounds are looser: they catch a leak the size of the one this
script was made for (an evicted table left to the cycle collector: 27 MiB a minute, half a MiB
a finished game) or a thread or descriptor per game, and leave slow leaks to the hour. Its
descriptors are mostly the people's WebSockets, which come and go (60-70, 181 reconnections in
a run): over the 50 seconds a life is sampled after its warm-up they swing by 4-7, which a
least-squares slope reads as 4-8 a minute (a CI run failed at +4.4 with a bound of 4, its
samples 64 67 63 64 68 63 65 70); a descriptor per game would be about +50 a minute."""
DB_GROWTH = 1.5
"""The database's size per finished table at the end may be at most this times the first
sample's with ten finished tables or more (it should fall: the schema's fixed pages spread)."""


@dataclass
class Sample:
    minute: float
    life: int
    age: float
    """Minutes since this life of the server started."""
    server_mib: float
    workers_mib: float
    fds: int
    threads: int
    db_bytes: int
    finished: int

    @property
    def per_table(self) -> float:
        return self.db_bytes / self.finished if self.finished else float("nan")


def proc_count(pid: int, what: str) -> int:
    """Open descriptors (``fd``) or threads (``threads``) of a process; 0 if it is gone."""
    try:
        if what == "fd":
            return len(os.listdir(f"/proc/{pid}/fd"))
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("Threads:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == pid and stat[0] != "Z":
                found.append(int(entry.name))
    return found


def database(url: str) -> tuple[int, int]:
    """The database's size in bytes as a reader sees it (its pages, the WAL's committed ones
    included: the files' sizes swing with the WAL between checkpoints), and its finished
    tables."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            pages = connection.execute(text("PRAGMA page_count")).scalar() or 0
            size = connection.execute(text("PRAGMA page_size")).scalar() or 0
            count = connection.execute(
                text("SELECT COUNT(*) FROM roost_tables WHERE status = 'over'")
            ).scalar()
        return int(pages) * int(size), int(count or 0)
    finally:
        engine.dispose()


def slope(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of (minute, value) points (0 with fewer than three)."""
    if len(points) < 3:
        return 0.0
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    var = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / var if var else 0.0


# --- the people -------------------------------------------------------------------------------


@dataclass
class People:
    """Every scripted person: each keeps one table busy, reconnecting across restarts."""

    args: argparse.Namespace
    base: str
    errors: Counter[str] = field(default_factory=Counter)
    moves: int = 0
    games: int = 0

    async def person(self, index: int, stop_at: float) -> None:
        rng = random.Random(index)
        bots = self.args.players - 1
        seats: list[dict[str, str]] = [{"type": "open"}] + [
            {"type": "bot", "level": "medium"}
        ] * bots
        table: tuple[str, str] | None = None
        async with httpx.AsyncClient(base_url=self.base, timeout=30) as http:
            while time.time() < stop_at:
                try:
                    if table is None:
                        answer = await http.post(
                            "/api/tables",
                            json={
                                "game": "eggo",
                                "players": self.args.players,
                                "seats": seats,
                                "name": f"p{index}",
                            },
                        )
                        answer.raise_for_status()
                        table = (answer.json()["table"]["id"], answer.json()["token"])
                    if await self.play(*table, rng, stop_at):
                        table = None  # over: a new one
                except (OSError, httpx.HTTPError, websockets.WebSocketException, TimeoutError):
                    self.errors["reconnect"] += 1  # a restart: try again in a moment
                    await asyncio.sleep(rng.uniform(0.5, 2.0))

    async def play(self, table_id: str, token: str, rng: random.Random, stop_at: float) -> bool:
        """Play until the game is over (True) or the time is up (False)."""
        low, high = self.args.think
        url = f"{self.base.replace('http', 'ws')}/api/tables/{table_id}/ws"
        async with websockets.connect(url, max_size=2**20) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            while time.time() < stop_at:
                try:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), 5))
                except TimeoutError:
                    continue
                if frame["type"] == "error":
                    self.errors[frame["code"]] += 1
                if frame["type"] != "view":
                    continue
                if frame["table"]["status"] == "over":
                    self.games += 1
                    return True
                if not frame["actions"]:
                    continue
                await asyncio.sleep(rng.uniform(low, high))
                action = rng.choice(frame["actions"])["action"]
                await ws.send(
                    json.dumps({"type": "move", "version": frame["version"], "action": action})
                )
                self.moves += 1
        return False


# --- the conductor ----------------------------------------------------------------------------


async def soak(args: argparse.Namespace) -> int:
    folder = Path(tempfile.mkdtemp(prefix="roost-soak-"))
    url = f"sqlite:///{folder / 'soak.db'}"
    log = folder / "server.log"
    start = time.time()
    stop_at = start + args.minutes * 60
    samples: list[Sample] = []
    problems: list[str] = []
    life = 0
    started = start  # of the current life

    def launch(port: int | None = None) -> Server:
        return start_server(
            url, log, port=port, bot_pause=args.bot_pause, bot_workers=args.bot_workers,
            grace=3600,
            extra=["--durability", args.durability, "--keep-finished", str(args.keep_finished)],
        )  # fmt: skip

    server = launch()
    try:
        await wait_ready(server)
    except BaseException:
        server.stop()  # a server that never became ready is not left behind
        raise
    people = People(args, server.base)
    tasks = [asyncio.create_task(people.person(i, stop_at)) for i in range(args.tables)]
    print(
        f"soak: {args.tables} tables for {args.minutes} min, restart every "
        f"{args.restart_every} min, a sample every {args.sample_every} s; {load_average()}; "
        f"folder {folder}"
    )
    next_restart = start + args.restart_every * 60
    next_sample = start + args.sample_every
    try:
        while time.time() < stop_at:
            await asyncio.sleep(max(0.0, min(next_sample, next_restart, stop_at) - time.time()))
            now = time.time()
            if now >= next_sample:
                next_sample += args.sample_every
                workers = children(server.pid)
                size, finished = await asyncio.to_thread(database, url)
                sample = Sample(
                    minute=(now - start) / 60,
                    life=life,
                    age=(now - started) / 60,
                    server_mib=rss_mib(server.pid),
                    workers_mib=sum(rss_mib(pid) for pid in workers),
                    fds=proc_count(server.pid, "fd"),
                    threads=proc_count(server.pid, "threads"),
                    db_bytes=size,
                    finished=finished,
                )
                samples.append(sample)
                print(
                    f"  {sample.minute:6.1f} min  life {life}"
                    f"{'w' if sample.age * 60 < args.warm_up else ' '}"
                    f" server {sample.server_mib:6.1f} MiB"
                    f"  workers {sample.workers_mib:6.1f} MiB  fds {sample.fds:4d}"
                    f"  threads {sample.threads:3d}  db {sample.db_bytes / 1e6:7.2f} MB"
                    f"  finished {sample.finished:5d}  ({sample.per_table / 1024:6.1f} KiB each)"
                    f"  {load_average()}",
                    flush=True,
                )
            if now >= next_restart and now < stop_at - 5:
                next_restart += args.restart_every * 60
                kids = children(server.pid)
                server.process.send_signal(signal.SIGTERM)  # as systemd stops a service
                server.process.wait(30)
                await asyncio.sleep(5.0)
                alive = [pid for pid in kids if _alive(pid)]
                if alive:
                    problems.append(f"restart {life + 1}: children {alive} outlived the server")
                server = launch(server.port)
                await wait_ready(server)  # on failure, `finally` stops it
                started = time.time()
                life += 1
                print(
                    f"  {(time.time() - start) / 60:6.1f} min  restarted (life {life})", flush=True
                )
    finally:
        await asyncio.gather(*tasks, return_exceptions=True)
        server.stop()
    if server.errors():
        problems.append(f"the server logged a traceback:\n{server.errors()}")
    return report(
        samples, people, problems, life,
        bounds=SHORT_BOUNDS if args.short_bounds else BOUNDS,
        warm_up=args.warm_up / 60, settle=args.settle, life_minutes=args.restart_every,
    )  # fmt: skip


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def report(
    samples: list[Sample],
    people: People,
    problems: list[str],
    lives: int,
    *,
    bounds: dict[str, float],
    warm_up: float,
    settle: float,
    life_minutes: float,
) -> int:
    """Print the curves and trends; 1 when anything failed. `warm_up` and `settle` are minutes
    into a life: the first before which no trend counts, the second before which memory's
    does not."""
    if len(samples) < 2:
        print("too few samples")
        return 1
    first, last = samples[0], samples[-1]
    print(f"\nsoak: {lives} restarts, {people.games} games finished by the people, "
          f"{people.moves} moves sent; client events: {dict(people.errors)}")  # fmt: skip
    print("curve             start      end")
    for name, unit, scale in (
        ("server_mib", "MiB", 1.0), ("workers_mib", "MiB", 1.0), ("fds", "", 1.0),
        ("threads", "", 1.0), ("db_bytes", "MB", 1e-6),
    ):  # fmt: skip
        start, end = getattr(first, name) * scale, getattr(last, name) * scale
        print(f"  {name:13s} {start:8.1f} {end:8.1f} {unit}")
    steady = [s for s in samples if s.finished >= 10]
    if steady:
        start, end = steady[0].per_table / 1024, last.per_table / 1024
        print(f"  {'KiB per table':13s} {start:8.1f} {end:8.1f}")
        if last.per_table > DB_GROWTH * steady[0].per_table:
            problems.append(
                f"the database grows per finished table: {steady[0].per_table / 1024:.1f} -> "
                f"{last.per_table / 1024:.1f} KiB"
            )
    print(f"trend within each life, per minute (bound; memory after {settle:.1f} min of a life):")
    for life in range(lives + 1):
        trends: dict[str, float] = {}
        for name in bounds:
            since = max(warm_up, settle) if name == "server_mib" else warm_up
            points = [s for s in samples if s.life == life and s.age >= since]
            if len(points) >= 3:
                trends[name] = slope([(s.minute, float(getattr(s, name))) for s in points])
        shown = [f"{n} {trends[n]:+.2f} ({bounds[n]})" if n in trends else f"{n} -" for n in bounds]
        print(f"  life {life}: " + ", ".join(shown))
        for name, value in trends.items():
            if value > bounds[name]:
                problems.append(
                    f"life {life}: {name} grows {value:+.2f}/min (bound {bounds[name]})"
                )
    ends: list[tuple[float, float]] = []
    for life in range(1, lives + 1):
        of_life = [s for s in samples if s.life == life]
        if of_life and of_life[-1].age >= 0.9 * life_minutes:  # a whole life
            ends.append((float(life), of_life[-1].server_mib))
    if len(ends) >= 3:
        rise = slope(ends)
        print(
            "memory at the end of each whole life after the first: "
            + ", ".join(f"{mib:.1f}" for _, mib in ends)
            + f" MiB; {rise:+.2f} MiB a life (bound {ACROSS_LIVES})"
        )
        if rise > ACROSS_LIVES:
            problems.append(f"memory rises {rise:+.2f} MiB a life (bound {ACROSS_LIVES})")
    elif not any(s.age >= settle for s in samples):
        problems.append(
            f"memory was not judged: no life reached --settle ({settle:g} min) and fewer than "
            "three whole lives after the first"
        )
    unexplained = {
        k: v for k, v in people.errors.items() if k not in ("reconnect", "stale_version")
    }
    if unexplained:
        problems.append(f"the people were refused: {unexplained}")
    if people.games == 0:
        problems.append("no game was finished")
    for problem in problems:
        print(f"FAIL: {problem}")
    print("soak: " + ("FAILED" if problems else "passed"))
    return 1 if problems else 0


def _range(text: str) -> tuple[float, float]:
    low, _, high = text.partition("-")
    return float(low), float(high or low)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--players", type=int, default=4, help="seats of each Eggo table")
    parser.add_argument("--restart-every", type=float, default=10.0, help="minutes")
    parser.add_argument("--sample-every", type=float, default=60.0, help="seconds")
    parser.add_argument("--think", type=_range, default=(3.0, 9.0), help="a person's seconds")
    parser.add_argument("--bot-pause", type=float, default=0.8)
    parser.add_argument("--bot-workers", type=int, default=2)
    parser.add_argument("--durability", default="full", choices=["full", "fast"])
    parser.add_argument(
        "--keep-finished",
        type=float,
        default=60.0,
        help="roost serve --keep-finished: shorter than a life, so memory levels off in one",
    )
    parser.add_argument(
        "--warm-up", type=float, default=120.0, help="seconds after each start left out of trends"
    )
    parser.add_argument(
        "--settle",
        type=float,
        default=None,
        help=f"minutes into a life before its memory trend counts (default {SETTLE_MINUTES:g}; "
        "with --short-bounds, the warm-up)",
    )
    parser.add_argument(
        "--short-bounds",
        action="store_true",
        help="the looser trend bounds of a run of a few minutes (SHORT_BOUNDS)",
    )
    args = parser.parse_args()
    if args.minutes <= 0 or args.tables < 1 or args.restart_every <= 0 or args.sample_every <= 0:
        parser.error("--minutes, --tables, --restart-every and --sample-every must be positive")
    if args.settle is None:
        args.settle = args.warm_up / 60 if args.short_bounds else SETTLE_MINUTES
    if args.settle < 0 or args.warm_up < 0:
        parser.error("--settle and --warm-up cannot be negative")
    if not 2 <= args.players <= 6:
        parser.error("--players is 2 to 6 (Eggo's seats)")
    sys.exit(asyncio.run(soak(args)))


if __name__ == "__main__":
    main()
