"""Benchmark one `roost serve` process on loopback (not a test; prints figures).

1. Throughput: 100 bot-only tables (medium bots, no pause) kept busy for `--seconds`; moves per
   second are counted from the store (decisions; chance draws reported apart).
2. Latency: the same 100 busy tables, plus `--clients` people each at a table with a bot,
   playing over real WebSockets; the round trip of a move is the time from sending it to its
   `ack` (stored and acknowledged).

    .venv/bin/python scripts/bench_server.py [--seconds 20] [--tables 100] [--clients 10]

3. `--table-cpu GAMES`, alone: the CPU of the tables' own work, with no server process and no
   sockets. GAMES Eggo tables (one person who moves at once, three medium bots pausing
   `--bot-pause`, none by default) are played in this process, `--tables` at a time, each
   connection a recorder of its frames; the figure is the main thread's CPU (the event loop's:
   moves, bots, logs, views, handing writes to the store) and the store's threads' per stored
   action. It runs on uvloop with `roost serve`'s collector (its thresholds, the start-up
   frozen, the young collections paced on the loop's clock): on asyncio's own loop with the
   interpreter's own collections, 1,000 tables at once cost 0.33 ms a stored action instead
   of 0.20 (one sitting), which was the bench's, not the server's. A loaded
   machine slows it but hardly skews it, so two builds can be compared in one sitting:

    .venv/bin/python scripts/bench_server.py --table-cpu 200 --tables 50

   and the tables' own work at a 1,000-table server's scale (every table live, bots pausing
   as they do by default):

    .venv/bin/python scripts/bench_server.py --table-cpu 1000 --tables 1000 --bot-pause 0.8 --wire

   `--wire` also frames and deflates every frame as a play socket does; `--protocol 1` seats
   clients of protocol 1 (views with the table's description every time). Its CPU time still
   wanders with a shared machine's phase; under valgrind's callgrind the count of
   instructions does not, for comparing two builds by a few percent:

    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \
        .venv/bin/python scripts/bench_server.py --table-cpu 20 --tables 5 --wire
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import websockets

GAME = "eggo"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(db: Path, port: int, workers: int) -> subprocess.Popen[bytes]:
    roost = Path(sys.executable).parent / "roost"
    command = [
        str(roost),
        "serve",
        "--port",
        str(port),
        "--db",
        f"sqlite:///{db}",
        "--bot-pause",
        "0",
        "--bot-workers",
        str(workers),
        "--max-tables-per-client",
        "100000",
    ]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


async def wait_ready(base: str) -> None:
    async with httpx.AsyncClient() as client:
        for _ in range(200):
            try:
                if (await client.get(f"{base}/api/health")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
    raise RuntimeError("the server did not start")


async def keep_bot_tables(base: str, count: int, stop: asyncio.Event) -> None:
    """Keep `count` bot-only tables running: a finished one is replaced."""
    seats = [{"type": "bot", "level": "medium"}] * 4
    async with httpx.AsyncClient(timeout=30) as client:
        running: set[str] = set()
        while not stop.is_set():
            if running:
                try:
                    listed = (await client.get(f"{base}/api/tables?status=playing")).json()
                    running &= {t["id"] for t in listed}
                except httpx.HTTPError as error:
                    print(f"   (listing tables failed: {error!r}; retrying)")
            while len(running) < count:
                try:
                    response = await client.post(
                        f"{base}/api/tables", json={"game": GAME, "players": 4, "seats": seats}
                    )
                    response.raise_for_status()
                except httpx.HTTPError as error:
                    print(f"   (creating a table failed: {error!r}; retrying)")
                    await asyncio.sleep(0.2)
                    continue
                running.add(response.json()["table"]["id"])
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.5)


async def person(base: str, stop: asyncio.Event, samples: list[float], seed: int) -> None:
    """A person at a table with a bot, moving as soon as it may; records move round trips."""
    rng = random.Random(seed)
    ws_base = base.replace("http://", "ws://")
    async with httpx.AsyncClient(timeout=30) as client:
        while not stop.is_set():
            body = (
                await client.post(
                    f"{base}/api/tables",
                    json={
                        "game": GAME,
                        "players": 2,
                        "seats": [{"type": "open"}, {"type": "bot", "level": "medium"}],
                        "name": f"bench{seed}",
                    },
                )
            ).json()
            table_id, token = body["table"]["id"], body["token"]
            async with websockets.connect(f"{ws_base}/api/tables/{table_id}/ws") as ws:
                await ws.send(json.dumps({"type": "hello", "token": token}))
                view: dict[str, Any] | None = None
                while not stop.is_set():
                    frame = json.loads(await ws.recv())
                    if frame["type"] != "view":
                        continue
                    view = frame
                    if view["table"]["status"] == "over":
                        break
                    if not view["actions"]:
                        continue
                    action = rng.choice(view["actions"])["action"]
                    sent = time.perf_counter()
                    await ws.send(
                        json.dumps({"type": "move", "version": view["version"], "action": action})
                    )
                    while True:
                        reply = json.loads(await ws.recv())
                        if reply["type"] in ("ack", "error"):
                            break
                    if reply["type"] == "ack":
                        samples.append(time.perf_counter() - sent)


def count_actions(db: Path, since: float, until: float) -> tuple[int, int]:
    with sqlite3.connect(db) as connection:
        rows = connection.execute(
            "SELECT by = 'chance', count(*) FROM roost_actions WHERE at >= ? AND at < ? "
            "GROUP BY by = 'chance'",
            (since, until),
        ).fetchall()
    counts = dict(rows)
    return int(counts.get(0, 0)), int(counts.get(1, 0))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Recorder:
    """A connection as a table sees it, keeping only the count of its frames; with `wire`,
    each frame is also framed and compressed as a play socket sends it (`roost serve`'s
    per-message deflate settings, `roost.server.transport`), the bytes dropped."""

    def __init__(self, wire: bool = False) -> None:
        self.frames = 0
        self.changed = asyncio.Event()
        self.conn: Any = None
        if wire:
            from websockets.extensions.permessage_deflate import PerMessageDeflate
            from websockets.protocol import State
            from websockets.server import ServerProtocol

            from roost.server import transport

            deflate = PerMessageDeflate(
                False,
                False,
                transport.SERVER_WINDOW_BITS,
                transport.CLIENT_WINDOW_BITS,
                dict(transport.COMPRESS_SETTINGS),
            )
            self.conn = ServerProtocol(extensions=[])
            self.conn.extensions = [deflate]
            self.conn.state = State.OPEN

    def deliver(self, text: str) -> None:
        self.frames += 1
        if self.conn is not None:
            self.conn.send_text(text.encode())
            self.conn.data_to_send()
        self.changed.set()

    def end(self, code: int) -> None:
        pass


async def table_cpu(
    games: int,
    at_once: int,
    seed: int,
    bot_pause: float,
    durability: str,
    wire: bool = False,
    protocol: int = 2,
) -> None:
    """Part 3 of the module docstring."""
    import secrets

    from roost.core.registry import load_game
    from roost.server.collector import collect_young, freeze_start_up
    from roost.server.config import Settings, tune_gc
    from roost.server.db import Store
    from roost.server.errors import ServerError
    from roost.server.tables.bots import BotRunner
    from roost.server.tables.rows import SeatRecord, TableRecord, insert_table
    from roost.server.tables.table import Table, hash_token

    folder = Path(tempfile.mkdtemp(prefix="roost-table-cpu-"))
    settings = Settings(bot_pause=bot_pause, reaction_pause=0.0, bot_workers=0, grace=3600.0)
    gap = getattr(settings, "commit_gap", None)
    extra = {} if gap is None else {"commit_gap": gap}
    store = Store(f"sqlite:///{folder / 'bench.db'}", durability=durability, **extra)
    bots = BotRunner(0)
    game = load_game(GAME)
    rng = random.Random(seed)
    stored = 0
    frames = 0

    async def one(index: int) -> None:
        nonlocal stored, frames
        token = secrets.token_urlsafe(16)
        seats = [SeatRecord(0, "person", "P", None, hash_token(token))]
        seats += [SeatRecord(s, "bot", None, "medium") for s in range(1, game.num_players)]
        record = TableRecord(
            id=f"bench{index:06d}",
            game=game.name,
            params=game.params,
            seed=rng.getrandbits(62),
            status="waiting",
            seats=seats,
            creator="bench",
            created_at=time.time(),
        )
        await store.write(partial(insert_table, record=record))
        table = Table(record, store=store, bots=bots, settings=settings)
        connection = Recorder(wire)
        await table.attach(connection, token, protocol)
        await table.start_if_full()
        while table.status != "over":
            connection.changed.clear()
            if table.to_move() == 0 and not table._answered_for(0):
                action = rng.choice(table.state.legal_actions())
                with contextlib.suppress(ServerError):
                    await table.move(token, table.version, action, connection=connection)
                continue
            await connection.changed.wait()
        table.close()
        stored += table.version
        frames += connection.frames

    async def worker(indices: list[int]) -> None:
        for index in indices:
            await one(index)

    await one(-1)  # warm: imports, caches
    # the collector as `roost serve` runs it (roost.server.app's lifespan)
    tune_gc()
    freeze_start_up()
    young = asyncio.create_task(collect_young())
    stored = frames = 0
    loop_cpu = time.thread_time()
    process_cpu = time.process_time()
    started = time.perf_counter()
    await asyncio.gather(*(worker(list(range(w, games, at_once))) for w in range(at_once)))
    wall = time.perf_counter() - started
    loop_cpu = time.thread_time() - loop_cpu
    others = time.process_time() - process_cpu - loop_cpu
    young.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await young
    await store.close()
    print(
        f"3. {games} tables of {GAME} played in this process, {at_once} at a time "
        f"(bot pause {bot_pause:g} s, durability {durability}, commit gap {gap or 0:g} s, "
        f"protocol {protocol}{', frames deflated' if wire else ''}): "
        f"{stored} stored actions, "
        f"{frames} frames, {wall:.1f} s; "
        f"event loop {1000 * loop_cpu / stored:.3f} ms CPU per stored action, "
        f"the store's threads {1000 * others / stored:.3f} ms; "
        f"{store.commits / max(1, stored) * 100:.0f} commits per 100 actions"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--clients", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2, help="bot processes of the server")
    parser.add_argument(
        "--table-cpu", type=int, default=0, help="games to play in this process (part 3)"
    )
    parser.add_argument("--seed", type=int, default=1, help="the tables' seeds (part 3)")
    parser.add_argument(
        "--bot-pause", type=float, default=0.0, help="a bot's pause before moving (part 3)"
    )
    parser.add_argument(
        "--durability", default="full", choices=["full", "fast"], help="the store's (part 3)"
    )
    parser.add_argument(
        "--wire", action="store_true", help="frame and deflate every frame as sent (part 3)"
    )
    parser.add_argument(
        "--protocol", type=int, default=2, help="the clients' protocol version (part 3)"
    )
    args = parser.parse_args()
    if args.table_cpu:
        await table_cpu(
            args.table_cpu,
            args.tables,
            args.seed,
            args.bot_pause,
            args.durability,
            args.wire,
            args.protocol,
        )
        return
    folder = Path(tempfile.mkdtemp(prefix="roost-bench-"))
    db = folder / "bench.db"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(db, port, args.workers)
    try:
        await wait_ready(base)
        print(f"server on {base}, {os.cpu_count()} cores, SQLite at {db}")
        stop = asyncio.Event()
        keeper = asyncio.create_task(keep_bot_tables(base, args.tables, stop))
        await asyncio.sleep(3)  # let the tables fill and the bot workers warm up
        if keeper.done():
            keeper.result()  # the keeper failed: show why
        start = time.time()
        await asyncio.sleep(args.seconds)
        until = time.time()
        decisions, draws = count_actions(db, start, until)
        span = until - start
        print(
            f"1. {args.tables} bot-only tables: {decisions / span:.0f} moves/s "
            f"(decisions; plus {draws / span:.0f} chance draws/s) over {span:.0f} s"
        )
        samples: list[float] = []
        people = [
            asyncio.create_task(person(base, stop, samples, seed)) for seed in range(args.clients)
        ]
        await asyncio.sleep(args.seconds)
        stop.set()
        for task in [keeper, *people]:
            task.cancel()
        await asyncio.gather(keeper, *people, return_exceptions=True)
        if samples:
            ms = [s * 1000 for s in samples]
            print(
                f"2. move round trip with {args.tables} busy tables and {args.clients} people "
                f"({len(ms)} moves): p50 {percentile(ms, 0.5):.1f} ms, "
                f"p99 {percentile(ms, 0.99):.1f} ms, mean {statistics.fmean(ms):.1f} ms"
            )
        else:
            print("2. no move round trip measured")
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        errors = server.stderr.read().decode() if server.stderr else ""
        if "Traceback" in errors:
            print(errors[-3000:])


if __name__ == "__main__":
    runner = asyncio.run
    with contextlib.suppress(ImportError):  # `roost serve`'s loop: uvicorn picks uvloop
        import uvloop

        runner = uvloop.run
    runner(main())
