"""Load test: many concurrent tables on one `roost serve` process, over real WebSockets.

Each table is one simulated person and bots (medium, with the server's pause before each bot
move). The person thinks a random time before each move, then sends it over its WebSocket;
the round trip is the time from sending the move to its ``ack`` (the move is then stored). A
finished table is replaced by a new one, so the count of tables stays up. The simulated people
run in `--client-procs` processes of their own so that their work does not sit in the server's
event loop (they share the machine's cores with it all the same: see the load average printed
beside every figure).

Figures: moves per second (every decision stored in the window: people's and bots'; chance draws
apart), the p50/p95/p99 of a person's move round trip, the server's memory at the start, with
every table live, at peak, and per table; the server's CPU per stored action, split by thread
(the event loop, the store's writer and readers). `--profile FILE` records the server with
py-spy (`pip install py-spy`) during the measured window and prints where its time goes;
`--cpu-profile FILE` profiles the event loop by its CPU time instead (cProfile), which a loaded
machine does not skew.

`--stalls` says what the slow moves waited for: the server's event loop and each client
process's run `roost.server.stalls`' probe, and `stall_report` lines their stalls (and what each
was made of: the loop's work, collections, waiting for a core, other threads) up with the moves
over `--slow-ms`. `--pin` puts the server on core 0 and the load generator on core 1.
`--server-python` and `--server-src` run the server from another venv or checkout, so that one
sitting can alternate two builds ("before" and "after"; docs/measured/server-speed.md).

    .venv/bin/python scripts/load_server.py --tables 1000 --seconds 60
    .venv/bin/python scripts/load_server.py --tables 1000 --profile /tmp/roost.prof
    .venv/bin/python scripts/load_server.py --tables 300 --cpu-profile /tmp/loop.pstats
    .venv/bin/python scripts/load_server.py --tables 3000 --seconds 40 --stalls --pin
    .venv/bin/python scripts/load_server.py --server-python ../wt-base/.venv/bin/python
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets
from sqlalchemy import create_engine, text
from websockets.asyncio.client import ClientConnection

from serverkit import (
    Server,
    cpu_seconds,
    load_average,
    percentile,
    rss_mib,
    start_server,
    wait_ready,
)
from stall_report import report as stall_report

# --- the simulated people (a client process) ----------------------------------------------------


class CountingConnection(ClientConnection):
    """A client WebSocket that counts the bytes it receives on the wire (frame headers and
    per-message deflate included), for what the server's frames cost in bandwidth."""

    received = 0

    def data_received(self, data: bytes) -> None:
        CountingConnection.received += len(data)
        super().data_received(data)


class Person:
    """One person at one table at a time, playing from its views."""

    def __init__(self, args: argparse.Namespace, base: str, index: int) -> None:
        self.args = args
        self.base = base
        self.ws_base = base.replace("http://", "ws://")
        self.rng = random.Random(index)
        self.index = index
        self.samples: list[tuple[float, float]] = []
        """(sent at, wall clock; seconds to its ack) of each move in the window."""
        self.errors: Counter[str] = Counter()
        self.moves = 0
        self.games = 0
        self.frames = 0
        self.text_bytes = 0

    async def run(self, http: httpx.AsyncClient, stop_at: float, start_at: float) -> None:
        low, high = self.args.think
        seats: list[dict[str, Any]] = [{"type": "open"}]
        seats += [{"type": "bot", "level": "medium"}] * (self.args.players - 1)
        while time.time() < stop_at:
            try:
                response = await http.post(
                    f"{self.base}/api/tables",
                    json={
                        "game": self.args.game,
                        "players": self.args.players,
                        "seats": seats,
                        "name": f"p{self.index}",
                    },
                )
                response.raise_for_status()
            except httpx.HTTPError as error:
                self.errors[f"create: {type(error).__name__}"] += 1
                await asyncio.sleep(1.0)
                continue
            body = response.json()
            table_id, token = body["table"]["id"], body["token"]
            try:
                await self._play(table_id, token, low, high, stop_at, start_at)
            except (OSError, websockets.WebSocketException) as error:
                self.errors[f"socket: {type(error).__name__}"] += 1
                await asyncio.sleep(1.0)

    async def _play(
        self, table_id: str, token: str, low: float, high: float, stop_at: float, start_at: float
    ) -> None:
        # no keepalive pings from this side, as a browser (whose WebSocket never sends one);
        # the server's own pings, and the pongs they get back, are part of the load
        async with websockets.connect(
            f"{self.ws_base}/api/tables/{table_id}/ws",
            max_size=2**20,
            ping_interval=None,
            create_connection=CountingConnection,
        ) as ws:
            # protocol 2, as the web client: a view's table description only when it changed
            hello = {"type": "hello", "token": token, "protocol": 2}
            await ws.send(orjson.dumps(hello).decode())
            loop = asyncio.get_running_loop()
            stop_loop = loop.time() + (stop_at - time.time()) + 0.1
            while time.time() < stop_at:
                try:  # a timer per frame: `asyncio.wait_for` would make a task per frame
                    async with asyncio.timeout_at(stop_loop):
                        text = await ws.recv()
                except TimeoutError:
                    return
                self._count(text)
                frame = orjson.loads(text)
                if frame["type"] != "view":
                    continue
                if frame["table"] is not None and frame["table"]["status"] == "over":
                    self.games += 1
                    return
                if not frame["actions"]:
                    continue
                await asyncio.sleep(self.rng.uniform(low, high))
                action = self.rng.choice(frame["actions"])["action"]
                sent_wall = time.time()
                sent = time.perf_counter()
                move = {"type": "move", "version": frame["version"], "action": action}
                await ws.send(orjson.dumps(move).decode())
                while True:
                    text = await ws.recv()
                    self._count(text)
                    reply = orjson.loads(text)
                    if reply["type"] in ("ack", "error"):
                        break
                elapsed = time.perf_counter() - sent
                if reply["type"] == "error":
                    self.errors[reply["code"]] += 1
                    continue
                self.moves += 1
                if start_at <= sent_wall < stop_at:
                    self.samples.append((sent_wall, elapsed))

    def _count(self, text: str | bytes) -> None:
        self.frames += 1
        self.text_bytes += len(text.encode() if isinstance(text, str) else text)


async def client_main(args: argparse.Namespace) -> None:
    """A client process: `args.count` people, started evenly over the ramp. It decodes frames
    with orjson and times out a wait with `asyncio.timeout_at` (not `wait_for`'s task per frame)
    to keep its own CPU small beside the server's on the same cores. Its garbage
    collector is tuned as the server's is, so that its own pauses (0.3 s with the defaults)
    do not land in the round trips it measures. With `--stalls` its loop's own stalls are
    recorded (`LoopProbe`), for `stall_report`; with `--cpus` it runs on those cores only."""
    from roost.server.stalls import LoopProbe

    if args.cpus:
        os.sched_setaffinity(0, _cpus(args.cpus))
    gc.set_threshold(50_000, 20, 100)
    events: list[dict[str, Any]] = []
    probe = LoopProbe(events.append, watch=False, gc_min=0.001) if args.stalls else None
    if probe is not None:
        probe.start()
    stop_at, start_at = args.stop_at, args.start_at
    limits = httpx.Limits(max_connections=50, max_keepalive_connections=50)
    async with httpx.AsyncClient(timeout=60, limits=limits) as http:
        people = [Person(args, args.base, args.first + i) for i in range(args.count)]
        tasks = []
        ramp_end = args.ramp_until
        for i, person in enumerate(people):
            at = time.time() + (ramp_end - time.time()) * i / max(1, len(people))
            tasks.append(asyncio.create_task(_later(at, person.run(http, stop_at, start_at))))
        await asyncio.wait(tasks, timeout=max(1.0, stop_at - time.time() + 15))
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    if probe is not None:
        await probe.stop()
    errors: Counter[str] = Counter()
    for person in people:
        errors.update(person.errors)
    print(
        json.dumps(
            {
                "samples": [s for p in people for s in p.samples],
                "errors": dict(errors),
                "moves": sum(p.moves for p in people),
                "games": sum(p.games for p in people),
                "frames": sum(p.frames for p in people),
                "text_bytes": sum(p.text_bytes for p in people),
                "wire_bytes": CountingConnection.received,
                "stalls": [e for e in events if e["kind"] != "second"],
            }
        )
    )


async def _later(at: float, coroutine: Any) -> None:
    await asyncio.sleep(max(0.0, at - time.time()))
    await coroutine


# --- the conductor ------------------------------------------------------------------------------


def count_decisions(url: str, since: float, until: float) -> tuple[int, int]:
    engine = create_engine(url)
    with engine.connect() as connection:
        rows = connection.execute(
            text(
                "SELECT by = 'chance', count(*) FROM roost_actions "
                "WHERE at >= :since AND at < :until GROUP BY by = 'chance'"
            ),
            {"since": since, "until": until},
        ).all()
    engine.dispose()
    counts = {bool(chance): int(n) for chance, n in rows}
    return counts.get(False, 0), counts.get(True, 0)


def children_cpu(pid: int) -> float:
    try:
        found = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return 0.0
    return sum(cpu_seconds(int(child)) for child in found)


def thread_cpu(pid: int, tid: int) -> float:
    """CPU time (user + system) of one thread of a process so far (0 if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/task/{tid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def thread_times(pid: int) -> dict[int, tuple[str, float, float]]:
    """Each thread of a process: its OS name and its user and system CPU seconds so far. The
    server names its own threads (`roost.server.threads`: the store's ``roost-commit`` writer
    and ``roost-read`` readers); the main thread (the event loop) has the process's id."""
    ticks = os.sysconf("SC_CLK_TCK")
    found: dict[int, tuple[str, float, float]] = {}
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            comm = (task / "comm").read_text().strip()
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        tid = int(task.name)
        found[tid] = (comm, int(fields[11]) / ticks, int(fields[12]) / ticks)
    return found


def thread_split(
    pid: int,
    before: dict[int, tuple[str, float, float]],
    after: dict[int, tuple[str, float, float]],
) -> dict[str, tuple[float, float]]:
    """User and system CPU seconds between two `thread_times`, by role: ``event loop`` (the
    main thread), each named thread's name, ``other threads`` (unnamed: the default executor's,
    uvicorn's); a thread that ended in between is missing from both."""
    split: dict[str, tuple[float, float]] = {}
    for tid, (comm, user, system) in after.items():
        _, user0, system0 = before.get(tid, (comm, 0.0, 0.0))
        role = "event loop" if tid == pid else comm if comm.startswith("roost-") else "other"
        had_user, had_system = split.get(role, (0.0, 0.0))
        split[role] = (had_user + user - user0, had_system + system - system0)
    return split


def children_rss(pid: int) -> float:
    try:
        found = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return 0.0
    return sum(rss_mib(int(child)) for child in found)


SERVER_CPU, CLIENT_CPU = "0", "1"
"""The cores of `--pin`: the server (and its bot workers), the load generator (and this)."""


async def conductor(args: argparse.Namespace) -> None:
    from roost.server.stalls import STALL_LOG_ENV, read_events

    folder = Path(tempfile.mkdtemp(prefix="roost-load-"))
    url = args.db or f"sqlite:///{folder / 'load.db'}"
    stall_log = Path(args.stall_log) if args.stall_log else folder / "stalls.jsonl"
    if args.pin:
        os.sched_setaffinity(0, _cpus(CLIENT_CPU))
    if args.stalls:
        os.environ[STALL_LOG_ENV] = str(stall_log)
    wrapper = [
        sys.executable,
        __file__,
        SERVE_AS,
        SERVER_CPU if args.pin else "",
        args.server_src,
        args.server_python,
        args.cpu_profile,
        "--",
    ]
    server = start_server(
        url,
        folder / "server.log",
        bot_pause=args.bot_pause,
        bot_workers=args.bot_workers,
        grace=3600,
        extra=["--durability", args.durability]
        + ([] if args.ws_deflate == "on" else ["--no-ws-deflate"]),
        wrapper=wrapper,
    )
    os.environ.pop(STALL_LOG_ENV, None)
    clients: list[subprocess.Popen[bytes]] = []
    profiler: subprocess.Popen[bytes] | None = None
    try:
        await wait_ready(server)
        await _warm(server, args)
        baseline = rss_mib(server.pid)
        now = time.time()
        ramp_until = now + args.ramp
        start_at = ramp_until + args.settle
        stop_at = start_at + args.seconds
        print(f"server pid {server.pid} on {server.base}; database {url}")
        print(
            f"server: {args.server_python or sys.executable}"
            + (f" with {args.server_src} first on PYTHONPATH" if args.server_src else "")
            + (
                f"; pinned to core {SERVER_CPU}, the load generator to core {CLIENT_CPU}"
                if args.pin
                else "; not pinned (the load generator shares the cores)"
            )
        )
        print(
            f"{args.tables} tables of {args.game} ({args.players} seats: 1 person, "
            f"{args.players - 1} medium bots), think {args.think[0]}-{args.think[1]} s, "
            f"bot pause {args.bot_pause} s; ramp {args.ramp:.0f} s, measure {args.seconds:.0f} s"
        )
        share = [args.tables // args.client_procs] * args.client_procs
        for i in range(args.tables % args.client_procs):
            share[i] += 1
        first = 0
        for count in share:
            command = [
                sys.executable,
                __file__,
                "--client",
                "--base",
                server.base,
                "--first",
                str(first),
                "--count",
                str(count),
                "--ramp-until",
                str(ramp_until),
                "--start-at",
                str(start_at),
                "--stop-at",
                str(stop_at),
                "--game",
                args.game,
                "--players",
                str(args.players),
                "--think",
                f"{args.think[0]}-{args.think[1]}",
                *(["--cpus", CLIENT_CPU] if args.pin else []),
                *(["--stalls"] if args.stalls else []),
            ]
            clients.append(subprocess.Popen(command, stdout=subprocess.PIPE))
            first += count
        peak = baseline
        at_full = 0.0
        cpu_start = 0.0
        clients_start = 0.0
        loop_start = 0.0
        loads: list[str] = []
        while time.time() < stop_at:
            await asyncio.sleep(1.0)
            rss = rss_mib(server.pid)
            peak = max(peak, rss)
            if time.time() >= start_at and not at_full:
                at_full = rss
                cpu_start = cpu_seconds(server.pid) + children_cpu(server.pid)
                clients_start = sum(cpu_seconds(client.pid) for client in clients)
                loop_start = thread_cpu(server.pid, server.pid)
                threads_start = thread_times(server.pid)
                commits_start = await commits(server)
                if args.cpu_profile:
                    os.kill(server.pid, signal.SIGUSR1)
                loads.append(load_average())
                if args.profile:
                    profiler = _start_profile(server, args)
        loads.append(load_average())
        cpu_used = cpu_seconds(server.pid) + children_cpu(server.pid) - cpu_start
        clients_used = sum(cpu_seconds(client.pid) for client in clients) - clients_start
        loop_used = thread_cpu(server.pid, server.pid) - loop_start
        split = thread_split(server.pid, threads_start, thread_times(server.pid))
        committed = await commits(server) - commits_start
        if args.cpu_profile:
            os.kill(server.pid, signal.SIGUSR2)
        if profiler is not None:
            profiler.wait(60)
        results = []
        for client in clients:
            out, _ = client.communicate(timeout=120)
            results.append(json.loads(out.decode().strip().splitlines()[-1]))
        decisions, draws = count_decisions(url, start_at, stop_at)
        samples = [s * 1000 for r in results for _, s in r["samples"]]
        errors: Counter[str] = Counter()
        for r in results:
            errors.update(r["errors"])
        async with httpx.AsyncClient() as http:
            live = (await http.get(f"{server.base}/api/health")).json()["tables"]
        print(f"machine: {loads[0]} (measure start), {loads[-1]} (end)")
        print(
            f"moves: {decisions / args.seconds:.0f}/s stored decisions (people and bots; plus "
            f"{draws / args.seconds:.0f} chance draws/s), {live} tables in memory"
        )
        print(
            f"person's move round trip ({len(samples)} moves): p50 {percentile(samples, 0.5):.1f}"
            f" ms, p95 {percentile(samples, 0.95):.1f} ms, p99 {percentile(samples, 0.99):.1f}"
            f" ms, max {max(samples, default=float('nan')):.1f} ms"
        )
        per_table = (at_full - baseline) * 1024 / max(1, args.tables)
        print(
            f"server memory: {baseline:.0f} MiB at start, {at_full:.0f} MiB with every table "
            f"live, {peak:.0f} MiB at peak ({per_table:.0f} KiB per table); bot worker "
            f"processes {children_rss(server.pid):.0f} MiB"
        )
        print(
            f"server CPU: {cpu_used:.1f} s in the {args.seconds:.0f} s window "
            f"({100 * cpu_used / args.seconds:.0f}% of one core), "
            f"{1000 * cpu_used / max(1, decisions + draws):.2f} ms per stored action; "
            f"{loop_used:.1f} s of it in the main thread (the event loop), the rest in "
            "threads (the store's writer and readers, heuristic bots) and bot processes"
        )
        stored = max(1, decisions + draws)
        print(
            "server CPU per stored action by thread (user + system): "
            + "; ".join(
                f"{role} {1000 * (user + system) / stored:.3f} ms "
                f"({1000 * user / stored:.3f} + {1000 * system / stored:.3f})"
                for role, (user, system) in sorted(split.items(), key=lambda kv: -sum(kv[1]))
            )
        )
        print(
            f"store: {committed / args.seconds:.0f} commits/s, "
            f"{stored / max(1.0, committed):.2f} stored actions a commit"
            if committed
            else "store: no commits counter at /metrics (a server before it)"
        )
        print(
            f"load generator CPU: {clients_used:.1f} s in the window "
            f"({100 * clients_used / args.seconds:.0f}% of one core, {len(clients)} processes)"
        )
        frames = sum(r["frames"] for r in results)
        wire = sum(r["wire_bytes"] for r in results)
        print(
            f"frames to the people (whole run, per-message deflate {args.ws_deflate}): "
            f"{frames} frames, {sum(r['text_bytes'] for r in results) / max(1, frames):.0f} "
            f"bytes of JSON and {wire / max(1, frames):.0f} bytes on the wire a frame"
        )
        print(f"games finished: {sum(r['games'] for r in results)}; errors: {dict(errors)}")
        if args.stalls:
            moves = [(at, s, i) for i, r in enumerate(results) for at, s in r["samples"]]
            for line in stall_report(
                read_events(stall_log),
                {i: r["stalls"] for i, r in enumerate(results)},
                moves,
                start_at,
                stop_at,
                args.slow_ms / 1000,
            ):
                print(line)
        if args.profile:
            summarise_profile(Path(args.profile))
        if args.cpu_profile:
            summarise_cpu_profile(Path(args.cpu_profile))
    finally:
        for client in clients:
            if client.poll() is None:
                client.kill()
        if profiler is not None and profiler.poll() is None:
            profiler.kill()
        server.stop()
        trouble = server.errors()
        if trouble:
            print(trouble)
        shutil.rmtree(folder, ignore_errors=True)


async def commits(server: Server) -> float:
    """The store's commits so far (``roost_database_commits_total`` at ``/metrics``)."""
    async with httpx.AsyncClient(timeout=30) as http:
        page = (await http.get(f"{server.base}/metrics")).text
    for line in page.splitlines():
        if line.startswith("roost_database_commits_total "):
            return float(line.split()[1])
    return 0.0


async def _warm(server: Server, args: argparse.Namespace) -> None:
    """One table played through first: imports and caches are warm before the baseline."""
    seats = [{"type": "bot", "level": "medium"}] * args.players
    async with httpx.AsyncClient(timeout=60) as http:
        body = (
            await http.post(
                f"{server.base}/api/tables",
                json={"game": args.game, "players": args.players, "seats": seats},
            )
        ).json()
        for _ in range(600):
            info = (await http.get(f"{server.base}/api/tables/{body['table']['id']}")).json()
            if info["status"] == "over" or args.bot_pause > 0:
                break
            await asyncio.sleep(0.05)


def _start_profile(server: Server, args: argparse.Namespace) -> subprocess.Popen[bytes]:
    spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    command = [
        spy,
        "record",
        "--pid",
        str(server.pid),
        "--duration",
        str(int(args.seconds) - 2),
        "--rate",
        str(args.profile_rate),
        *(["--gil"] if args.profile_gil else []),
        "--format",
        "raw",
        "--nonblocking",
        "--output",
        args.profile,
    ]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def summarise_profile(path: Path, top: int = 25) -> None:
    """The functions the server spent its samples in: inclusive and own (py-spy raw)."""
    if not path.exists():
        print(f"no profile at {path} (is py-spy installed? it needs ptrace rights)")
        return
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    for line in path.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        n = int(count)
        frames = [_short(frame) for frame in stack.split(";")]
        total += n
        for frame in set(frames):
            inclusive[frame] += n
        own[frames[-1]] += n
    if not total:
        print("the profile is empty")
        return
    print(f"profile: {total} samples ({path})")
    print("  inclusive:")
    for frame, n in inclusive.most_common(top):
        print(f"    {100 * n / total:5.1f}%  {frame}")
    print("  own:")
    for frame, n in own.most_common(top):
        print(f"    {100 * n / total:5.1f}%  {frame}")


SERVE_AS = "--serve-as"
"""This script's first argument when it starts the server for the conductor:
``load_server.py --serve-as CPUS SRC PYTHON PROFILE -- ROOST serve ...``, each of the four
possibly empty."""


def serve_as(argv: list[str]) -> None:
    """Become the server: on cores CPUS (`--pin`), with SRC first on ``PYTHONPATH``
    (`--server-src`), as the ``roost`` beside PYTHON (`--server-python`; else this venv's), under
    cProfile if PROFILE names a file (`--cpu-profile`). The process is replaced (`os.execv`), so
    its id is the server's, as the conductor expects."""
    cpus, src, python, profile = argv[:4]
    rest = argv[6:]  # argv[4] is "--", argv[5] this venv's roost
    if cpus:
        os.sched_setaffinity(0, _cpus(cpus))
    if src:
        os.environ["PYTHONPATH"] = os.pathsep.join(
            part for part in (src, os.environ.get("PYTHONPATH", "")) if part
        )
    python = python or sys.executable
    roost = str(Path(python).parent / "roost")
    if not Path(roost).exists():
        sys.exit(f"no roost program beside {python}")
    if profile:
        os.execv(python, [python, __file__, SERVE_PROFILED, profile, "--", roost, *rest])
    os.execv(roost, [roost, *rest])


def _cpus(text: str) -> set[int]:
    return {int(cpu) for cpu in text.split(",")}


SERVE_PROFILED = "--serve-profiled"
"""This script's first argument when it runs the server itself under cProfile (`--cpu-profile`):
``load_server.py --serve-profiled FILE -- ROOST serve ...``."""


def serve_profiled(argv: list[str]) -> None:
    """Run `roost serve` in this process, its main thread (the event loop) profiled by cProfile
    on that thread's CPU clock between SIGUSR1 and SIGUSR2 (then written to FILE).

    py-spy samples wall time: on a loaded machine a server waiting for a core is sampled where
    it was preempted, most often just after a socket write woke a client: at load 17 its
    profile put 38% of the loop in uvicorn's WebSocket `send`, where the loop's CPU clock puts
    13% (docs/measured/server-speed.md). cProfile's own cost slows the loop about twofold,
    evenly enough for the shares to hold."""
    import cProfile
    import runpy

    out, command = argv[0], argv[2:]
    profiler = cProfile.Profile(time.thread_time)

    def start(*_: Any) -> None:
        profiler.enable()

    def stop(*_: Any) -> None:
        profiler.disable()
        profiler.dump_stats(out)

    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, stop)
    sys.argv = command
    runpy.run_path(command[0], run_name="__main__")


def summarise_cpu_profile(path: Path, top: int = 30) -> None:
    """The event loop's functions by CPU time, own and inclusive (cProfile)."""
    import pstats

    for _ in range(50):  # the server writes it on SIGUSR2
        if path.exists():
            break
        time.sleep(0.1)
    if not path.exists():
        print(f"no CPU profile at {path}")
        return
    stats = pstats.Stats(str(path))
    print(f"CPU profile of the event loop ({path}; cProfile, thread CPU clock):")
    for order in ("tottime", "cumulative"):
        stats.sort_stats(order).print_stats(top)


def _short(frame: str) -> str:
    """'function (path/to/file.py:12)' -> 'function (file.py)'."""
    name, _, where = frame.partition(" (")
    filename = where.rsplit("/", 1)[-1].split(":", 1)[0].rstrip(")")
    return f"{name} ({filename})"


def _range(text: str) -> tuple[float, float]:
    low, _, high = text.partition("-")
    return float(low), float(high or low)


def main() -> None:
    if sys.argv[1:2] == [SERVE_PROFILED]:
        serve_profiled(sys.argv[2:])
        return
    if sys.argv[1:2] == [SERVE_AS]:
        serve_as(sys.argv[2:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60.0, help="the measured window")
    parser.add_argument("--ramp", type=float, default=40.0, help="seconds to open the tables")
    parser.add_argument("--settle", type=float, default=10.0, help="seconds before measuring")
    parser.add_argument("--think", type=_range, default=(3.0, 9.0), help="a person's think time")
    parser.add_argument("--bot-pause", type=float, default=0.8)
    parser.add_argument("--bot-workers", type=int, default=2)
    parser.add_argument("--game", default="eggo")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--client-procs", type=int, default=2)
    parser.add_argument("--db", default="", help="database URL (default: a fresh SQLite file)")
    parser.add_argument(
        "--durability", default="full", choices=["full", "fast"], help="roost serve --durability"
    )
    parser.add_argument(
        "--ws-deflate",
        default="on",
        choices=["on", "off"],
        help="per-message deflate on the play WebSockets (roost serve --ws-deflate)",
    )
    parser.add_argument("--profile", default="", help="py-spy raw profile of the server to FILE")
    parser.add_argument("--profile-rate", type=int, default=200, help="py-spy samples a second")
    parser.add_argument(
        "--cpu-profile",
        default="",
        help="cProfile of the server's event loop by CPU time over the window, to FILE",
    )
    parser.add_argument(
        "--profile-gil",
        action="store_true",
        help="sample only the thread holding the GIL (where the Python CPU goes)",
    )
    parser.add_argument(
        "--stalls",
        action="store_true",
        help="record the server's and the load generator's loop stalls and collections, and "
        "print what the slow moves waited for",
    )
    parser.add_argument(
        "--stall-log", default="", help="with --stalls: keep the server's stall log in FILE"
    )
    parser.add_argument(
        "--slow-ms", type=float, default=50.0, help="a move this slow or slower is explained"
    )
    parser.add_argument(
        "--pin",
        action="store_true",
        help=f"the server on core {SERVER_CPU}, the load generator on core {CLIENT_CPU}",
    )
    parser.add_argument(
        "--server-python",
        default="",
        help="run the server as the roost program beside this Python (another venv: 'before')",
    )
    parser.add_argument(
        "--server-src", default="", help="put this folder first on the server's PYTHONPATH"
    )
    # a client process's own arguments
    parser.add_argument("--cpus", default="", help=argparse.SUPPRESS)
    parser.add_argument("--client", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--base", help=argparse.SUPPRESS)
    parser.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--ramp-until", type=float, default=0.0, help=argparse.SUPPRESS)
    parser.add_argument("--start-at", type=float, default=0.0, help=argparse.SUPPRESS)
    parser.add_argument("--stop-at", type=float, default=0.0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    runner = asyncio.run
    with contextlib.suppress(ImportError):
        import uvloop

        runner = uvloop.run
    runner(client_main(args) if args.client else conductor(args))


if __name__ == "__main__":
    main()
