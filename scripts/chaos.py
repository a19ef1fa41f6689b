"""kill -9 chaos: SIGKILL a real `roost serve` at random moments while tables are played, restart
it, and check that no move was lost and no client was told anything the store does not hold.

Tables (each game in turn, 2 to 4 seats: one or two scripted people over real WebSockets, a
spectator, bots for the other seats) are played by clients that reconnect whenever the server
goes away; a finished table is replaced by a new one while the kills go on. The server is killed
with SIGKILL (its whole process group) after a random while, restarted on the same port and the
same SQLite file, `--kills` times. Then every table is played to the end and the store is read.

Checks (each failure is listed; the exit status is 1 if there is any):

- every move a client saw acknowledged (``ack``) is in the store, at its version, for its seat;
- every table a client was told about (create / join answers) is in the store;
- after each restart every unfinished table is back in memory (`/api/health`);
- every create and join is sent again with the same client-chosen token until it is answered
  (docs/protocol.md), so an answer lost in a kill loses no seat: no table is left waiting, and
  every table plays to the end;
- each table's stored action list replays to a finished game whose returns and winners are the
  stored result, and each stored chance draw is the one the table's seed gives at its version
  (so a rebuilt table draws what the first one would have);
- every view any client received (people and spectators) equals the observation of the replayed
  stored list at that view's version, for that viewer: no client saw a state the store lost;
- each client's last view is the final one; the server's log holds no traceback.

    .venv/bin/python scripts/chaos.py                       # 50 tables, 20 kills, SQLite
    .venv/bin/python scripts/chaos.py --tables 6 --kills 3 --seed 2
    .venv/bin/python scripts/chaos.py --postgres --processes 3   # 3 processes, one PostgreSQL

With ``--processes N`` (PostgreSQL only) the clients pick a server at random on every
(re)connection and each kill hits one of them: the others adopt its tables (docs/deploy.md).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import random
import secrets
import shutil
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pydantic_core
from sqlalchemy.orm import Session
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from roost.core.game import CHANCE
from roost.core.registry import load_game, registered_games
from roost.server.db import Store
from roost.server.tables.rows import TableRecord, load_table, table_ids
from serverkit import (
    Postgres,
    Server,
    free_port,
    fresh_database,
    load_average,
    start_server,
    wait_ready,
)

NETWORK_ERRORS = (OSError, WebSocketException, TimeoutError, httpx.HTTPError, ValueError)


@dataclass
class ChaosConfig:
    tables: int = 50
    """Tables played at once (a finished one is replaced while the kills go on)."""
    kills: int = 20
    seed: int = 1
    gap: tuple[float, float] = (1.0, 4.0)
    """Seconds the server runs between a (re)start and the next kill (uniform)."""
    down: tuple[float, float] = (0.0, 0.5)
    """Seconds the server stays down before the restart."""
    think: tuple[float, float] = (0.0, 0.04)
    """A scripted person's think time before a move."""
    bot_pause: float = 0.02
    grace: float = 2.0
    """Disconnection grace: people who stay away longer get a stand-in."""
    arrival_grace: float = 8.0
    """Seconds a person who took a seat has to come to it: longer than the disconnection
    grace, since on a loaded machine a reconnection after a kill can take a few seconds, and
    shorter than `orphan_after`."""
    finish_timeout: float = 600.0
    """Seconds the tables have to finish after the last kill."""
    orphan_after: float = 20.0
    """Seconds a table may stay waiting after the last kill (a join in flight) before it counts
    as left waiting: a failure."""
    verbose: bool = True
    db_url: str = ""
    """The database (default: a SQLite file in the run's folder)."""
    processes: int = 1
    """Server processes on the database (more than one needs PostgreSQL: docs/deploy.md);
    each client picks one at random whenever it (re)connects, each kill hits one at random."""


@dataclass
class Ack:
    table_id: str
    seat: int
    version: int
    action: int
    acked_version: int


@dataclass
class ChaosReport:
    kills: int = 0
    restarts: int = 0
    tables: int = 0
    tables_known: int = 0
    orphans: int = 0
    finished: int = 0
    acks: int = 0
    stored_actions: int = 0
    stored_decisions: int = 0
    views_checked: int = 0
    reconnects: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0
    load: str = ""
    setup: str = ""

    def summary(self) -> str:
        return (
            f"{self.setup}: {self.kills} kill -9 rounds survived ({self.restarts} restarts); "
            f"{self.tables} tables in the store ({self.tables_known} known to clients, "
            f"{self.orphans} left waiting), {self.finished} played to the end; "
            f"{self.acks} acknowledged moves checked in the store; {self.stored_actions} stored "
            f"actions replayed ({self.stored_decisions} decisions); {self.views_checked} views "
            f"checked against the replay; {self.reconnects} reconnection attempts; refused frames "
            f"{dict(self.errors)}; {self.seconds:.0f} s; {self.load}; "
            f"failures: {len(self.failures)}"
        )


def digest(observation: Any) -> str:
    """A fingerprint of an observation as JSON (the server's own serialiser, parsed back)."""
    data = json.loads(pydantic_core.to_json(observation))
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(text.encode()).hexdigest()


class Chaos:
    def __init__(self, config: ChaosConfig, folder: Path) -> None:
        self.config = config
        self.folder = folder
        self.url = config.db_url or f"sqlite:///{folder / 'chaos.db'}"
        self.ports = [free_port() for _ in range(config.processes)]
        self.rng = random.Random(config.seed)
        self.report = ChaosReport()
        self.acks: list[Ack] = []
        self.known: set[str] = set()
        self.seen: dict[tuple[str, int | None], dict[int, str]] = {}
        """(table, viewer) -> version -> digest of the observation the client was sent."""
        self.last: dict[tuple[str, int | None], tuple[int, str]] = {}
        """(table, viewer) -> (version, status) of the last view each client received."""
        self.creating = True
        self.servers: list[Server | None] = [None] * config.processes
        self.games = sorted(registered_games())

    def say(self, text: str) -> None:
        if self.config.verbose:
            print(text, flush=True)

    def fail(self, text: str) -> None:
        self.report.failures.append(text)
        self.say(f"FAIL: {text}")

    # --- the server -------------------------------------------------------------------------

    def base(self, index: int | None = None) -> str:
        """One server's address (a random one without `index`)."""
        if index is None:
            index = self.rng.randrange(len(self.ports))
        return f"http://127.0.0.1:{self.ports[index]}"

    async def start(self, index: int = 0) -> None:
        self.servers[index] = server = start_server(
            self.url,
            self.folder / f"server{index}.log",
            port=self.ports[index],
            bot_pause=self.config.bot_pause,
            bot_workers=0,
            grace=self.config.grace,
            arrival_grace=self.config.arrival_grace,
        )
        await wait_ready(server)

    def unfinished_in_store(self) -> set[str]:
        store = Store(self.url, run_migrations=False)
        try:
            return set(store.run(lambda session: table_ids(session, ("waiting", "playing"))))
        finally:
            store.engine.dispose()

    async def killer(self) -> None:
        for round_ in range(self.config.kills):
            await asyncio.sleep(self.rng.uniform(*self.config.gap))
            index = self.rng.randrange(len(self.servers))
            victim = self.servers[index]
            assert victim is not None
            victim.kill()
            self.report.kills += 1
            unfinished = await asyncio.to_thread(self.unfinished_in_store)
            await asyncio.sleep(self.rng.uniform(*self.config.down))
            await self.start(index)
            self.report.restarts += 1
            if len(self.servers) == 1:  # alone, it must have rebuilt every unfinished table
                async with httpx.AsyncClient(timeout=30) as http:
                    live = (await http.get(f"{self.base(0)}/api/health")).json()["tables"]
                if live < len(unfinished):
                    self.fail(f"restart {round_ + 1}: {live} live, {len(unfinished)} unfinished")
            self.say(
                f"kill {round_ + 1}/{self.config.kills}: {len(unfinished)} unfinished tables "
                f"rebuilt, {len(self.acks)} acks so far"
            )
        self.creating = False

    # --- the clients ------------------------------------------------------------------------

    async def post(self, http: httpx.AsyncClient, path: str, body: dict[str, Any]) -> Any:
        """A POST answered; None when the server went away before answering (outcome
        unknown)."""
        try:
            response = await http.post(f"{self.base()}{path}", json=body)
        except httpx.HTTPError:
            await asyncio.sleep(0.2)
            return None
        if response.status_code >= 500:
            self.fail(f"POST {path} answered {response.status_code}: {response.text[:200]}")
            return None
        return response.json()

    async def claim(self, http: httpx.AsyncClient, path: str, body: dict[str, Any]) -> Any:
        """Create or join with a token of our own, sent again until answered, as the web client
        does: an answer lost in a kill is not a seat lost (docs/protocol.md)."""
        claim = {**body, "token": secrets.token_urlsafe(32)}
        while True:
            answer = await self.post(http, path, claim)
            if answer is not None:
                return answer

    async def slot(self, index: int) -> None:
        """One place at the lobby: create a table, play it out, create the next one while the
        kills go on."""
        rng = random.Random(self.config.seed * 1000 + index)
        round_ = 0
        async with httpx.AsyncClient(timeout=30) as http:
            while self.creating:
                game = self.games[(index + round_) % len(self.games)]
                round_ += 1
                players = rng.choice((2, 3, 4))
                people = 1 if players == 2 or rng.random() < 0.5 else 2
                levels = [rng.choice(("easy", "medium")) for _ in range(players)]
                seats: list[dict[str, Any]] = [{"type": "open"}] * people + [
                    {"type": "bot", "level": level} for level in levels[people:]
                ]
                body = {"game": game, "players": players, "seats": seats, "name": f"c{index}"}
                created = await self.claim(http, "/api/tables", body)
                if "error" in created:
                    self.fail(f"create refused: {created}")
                    continue
                table_id = created["table"]["id"]
                self.known.add(table_id)
                # the creator comes to the table at once, as a person would
                clients = [
                    self.client(table_id, created["seat"], created["token"], rng),
                    self.client(table_id, None, None, rng),
                ]
                tasks = [asyncio.create_task(client) for client in clients]
                if people == 2:
                    join = {"name": f"d{index}", "seat": 1}
                    joined = await self.claim(http, f"/api/tables/{table_id}/join", join)
                    if "error" in joined:
                        self.fail(f"{table_id}: join refused: {joined}")
                    else:
                        seat, token = joined["seat"], joined["token"]
                        tasks.append(asyncio.create_task(self.client(table_id, seat, token, rng)))
                await asyncio.gather(*tasks)

    async def client(
        self, table_id: str, seat: int | None, token: str | None, rng: random.Random
    ) -> None:
        """A person (or, without a token, a spectator) at one table until its game is over,
        reconnecting whenever the server goes away."""
        key = (table_id, seat)
        seen = self.seen.setdefault(key, {})
        deadline = time.monotonic() + self.config.finish_timeout + 60 * (self.config.kills + 1)
        first = True
        while time.monotonic() < deadline:
            if not first:
                self.report.reconnects += 1
                await asyncio.sleep(rng.uniform(0.05, 0.3))
            first = False
            pending: tuple[str, int, int] | None = None
            try:
                ws_base = self.base().replace("http://", "ws://")
                async with connect(
                    f"{ws_base}/api/tables/{table_id}/ws", open_timeout=10, max_size=2**22
                ) as ws:
                    await ws.send(json.dumps({"type": "hello", "token": token}))
                    async for raw in ws:
                        frame = json.loads(raw)
                        kind = frame["type"]
                        if kind == "view":
                            version = frame["version"]
                            seen[version] = digest(frame["observation"])
                            status = frame["table"]["status"]
                            self.last[key] = (version, status)
                            if status == "over":
                                return
                            if frame["actions"] and pending is None:
                                await asyncio.sleep(rng.uniform(*self.config.think))
                                action = rng.choice(frame["actions"])["action"]
                                ref = f"{seat}:{version}:{action}"
                                pending = (ref, version, action)
                                move = {"type": "move", "version": version, "action": action}
                                await ws.send(json.dumps({**move, "ref": ref}))
                        elif kind == "ack":
                            if pending is None or frame["ref"] != pending[0]:
                                self.fail(f"{table_id}: an ack for no move in flight: {frame}")
                                continue
                            assert seat is not None
                            _, version, action = pending
                            self.acks.append(Ack(table_id, seat, version, action, frame["version"]))
                            pending = None
                        elif kind == "error":
                            code = frame["code"]
                            self.report.errors[code] += 1
                            ours = pending is not None and frame.get("ref") == pending[0]
                            if code == "rate_limited" and pending is not None and ours:
                                await asyncio.sleep(0.3)  # too quick: the same move again
                                ref, version, action = pending
                                move = {"type": "move", "version": version, "action": action}
                                await ws.send(json.dumps({**move, "ref": ref}))
                                continue
                            if code != "stale_version":
                                self.fail(f"{table_id} seat {seat}: refused: {frame}")
                            if ours:
                                pending = None
            except ConnectionClosed as closed:
                if closed.rcvd is not None and closed.rcvd.code == 4401:
                    self.fail(f"{table_id} seat {seat}: the token was refused (seat given up)")
                    return
                continue
            except NETWORK_ERRORS:
                continue
        self.fail(f"{table_id} seat {seat}: the client gave up waiting for the end")

    # --- the end ----------------------------------------------------------------------------

    async def finish(self) -> None:
        """Wait for every table to finish. Every create and join is sent again until answered
        and a seat nobody came to opens after the grace, so a table still waiting
        `orphan_after` s after the kills is a failure: the checker fills its open seats so
        that the run ends."""
        deadline = time.monotonic() + self.config.finish_timeout
        waiting_since: dict[str, float] = {}
        nudged: set[str] = set()
        async with httpx.AsyncClient(timeout=30) as http:
            while time.monotonic() < deadline:
                unfinished = await asyncio.to_thread(self.unfinished_in_store)
                if not unfinished:
                    return
                for table_id in unfinished - nudged:
                    info = (await http.get(f"{self.base(0)}/api/tables/{table_id}")).json()
                    if info["status"] != "waiting":
                        continue
                    since = waiting_since.setdefault(table_id, time.monotonic())
                    if time.monotonic() - since < self.config.orphan_after:
                        continue
                    nudged.add(table_id)
                    self.report.orphans += 1
                    seats = [(s["type"], s["name"], s["connected"]) for s in info["seats"]]
                    self.fail(f"table {table_id} was left waiting: seats {seats}")
                    for seat in info["seats"]:
                        if seat["type"] == "open":
                            await http.post(
                                f"{self.base(0)}/api/tables/{table_id}/join",
                                json={"name": "checker", "seat": seat["seat"]},
                            )
                await asyncio.sleep(0.5)
        self.fail(f"tables still unfinished after {self.config.finish_timeout} s: {unfinished}")

    def check_store(self) -> None:
        store = Store(self.url, run_migrations=False)
        try:
            records = store.run(_load_all)
        finally:
            store.engine.dispose()
        report = self.report
        report.tables = len(records)
        report.tables_known = len(self.known)
        for table_id in sorted(self.known - set(records)):
            self.fail(f"table {table_id} was created for a client but is not in the store")
        views: dict[str, dict[tuple[int, int | None], str]] = {}
        for (table_id, viewer), by_version in self.seen.items():
            for version, sent in by_version.items():
                views.setdefault(table_id, {})[(version, viewer)] = sent
        for table_id, record in records.items():
            if record.status != "over":
                self.fail(f"table {table_id} is {record.status}, not over")
                continue
            report.finished += 1
            game = load_game(record.game, **record.params)
            state = game.new_initial_state()
            wanted = views.get(table_id, {})
            viewers = {viewer for _, viewer in wanted}
            for version, entry in enumerate([*record.actions, None]):
                for viewer in viewers:
                    seen_digest = wanted.get((version, viewer))
                    if seen_digest is None:
                        continue
                    report.views_checked += 1
                    if digest(dict(state.observation(viewer))) != seen_digest:
                        self.fail(f"{table_id} v{version}: viewer {viewer} was sent another view")
                if entry is None:
                    break
                if state.current_player() == CHANCE:
                    drawn = state.sample_chance(random.Random(f"{record.seed}:{version}"))
                    if entry.by != "chance" or entry.action != drawn:
                        self.fail(f"{table_id} v{version}: stored draw is not the seed's")
                elif entry.seat != state.current_player():
                    self.fail(f"{table_id} v{version}: stored for seat {entry.seat}")
                else:
                    report.stored_decisions += 1
                state.apply_action(entry.action)
                report.stored_actions += 1
            if not state.is_terminal():
                self.fail(f"{table_id}: the stored list does not replay to the end")
            elif record.result is None or (
                record.result["returns"] != list(state.returns())
                or record.result["winners"] != list(state.winners())
            ):
                self.fail(f"{table_id}: stored result {record.result} is not the replay's")
        for ack in self.acks:
            acked = records.get(ack.table_id)
            report.acks += 1
            if acked is None:
                self.fail(f"acked move of missing table {ack.table_id}")
                continue
            actions = acked.actions
            stored = actions[ack.version] if ack.version < len(actions) else None
            if stored is None or (stored.action, stored.seat, stored.by) != (
                ack.action,
                ack.seat,
                "person",
            ):
                self.fail(f"acked move {ack} is not in the store (found {stored})")
            if ack.acked_version > len(actions):
                self.fail(f"acked version {ack.acked_version} beyond the stored {len(actions)}")
        for (table_id, viewer), (version, status) in self.last.items():
            final = records.get(table_id)
            if final is None:
                continue
            if status != "over" or version != len(final.actions):
                self.fail(f"{table_id}: viewer {viewer} was left at v{version} ({status})")

    async def run(self) -> ChaosReport:
        started = time.monotonic()
        self.report.load = load_average()
        database = self.url.split(":", 1)[0].split("+", 1)[0]
        self.report.setup = f"{len(self.servers)} server process(es) on {database}"
        for index in range(len(self.servers)):
            await self.start(index)
        slots = [asyncio.create_task(self.slot(i)) for i in range(self.config.tables)]
        try:
            await self.killer()
            self.say("kills done: the tables play to the end")
            await self.finish()
            done, _ = await asyncio.wait(slots, timeout=120)
            if len(done) < len(slots):
                self.fail(f"{len(slots) - len(done)} clients did not see their game end")
        finally:
            for task in slots:
                task.cancel()
            await asyncio.gather(*slots, return_exceptions=True)
            for server in self.servers:
                if server is not None:
                    server.stop()
        for server in self.servers:
            trouble = server.errors() if server else ""
            if trouble:
                self.fail(f"a server logged a traceback:\n{trouble}")
        await asyncio.to_thread(self.check_store)
        self.report.seconds = time.monotonic() - started
        self.report.load += f" (start); {load_average()} (end)"
        return self.report


def _load_all(session: Session) -> dict[str, TableRecord]:
    records: dict[str, TableRecord] = {}
    for table_id in table_ids(session, ("waiting", "playing", "over")):
        record = load_table(session, table_id)
        if record is not None:
            records[table_id] = record
    return records


async def run_chaos(config: ChaosConfig, folder: Path) -> ChaosReport:
    return await Chaos(config, folder).run()


def suite_config(kind: str, seed: int, db_url: str = "") -> ChaosConfig:
    """The two short runs of `make test` (tests/server/test_chaos.py), which
    scripts/chaos_seeds.py repeats with other seeds: ``sqlite`` (one process) and
    ``postgres`` (two processes on `db_url`, each kill hitting one of them). The tables finish
    in seconds once the kills stop; `finish_timeout` bounds a hang to two minutes."""
    if kind == "sqlite":
        return ChaosConfig(
            tables=4, kills=2, seed=seed, gap=(1.0, 2.5), verbose=False, finish_timeout=120.0
        )
    if kind == "postgres":
        return ChaosConfig(
            tables=4,
            kills=2,
            seed=seed,
            gap=(1.5, 3.0),
            verbose=False,
            db_url=db_url,
            processes=2,
            finish_timeout=120.0,
        )
    raise ValueError(f"kind is 'sqlite' or 'postgres', not {kind!r}")


def _range(text: str) -> tuple[float, float]:
    low, _, high = text.partition("-")
    return float(low), float(high or low)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--gap", type=_range, default=(1.0, 4.0), help="seconds between kills")
    parser.add_argument("--think", type=_range, default=(0.0, 0.04))
    parser.add_argument("--bot-pause", type=float, default=0.02)
    parser.add_argument("--db", default="", help="database URL (default: a fresh SQLite file)")
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="a throwaway PostgreSQL cluster (initdb/pg_ctl in a temp folder) as the database",
    )
    parser.add_argument(
        "--processes", type=int, default=1, help="server processes (more than 1: PostgreSQL)"
    )
    parser.add_argument("--keep", action="store_true", help="keep the database and server log")
    args = parser.parse_args()
    config = ChaosConfig(
        tables=args.tables,
        kills=args.kills,
        seed=args.seed,
        gap=args.gap,
        think=args.think,
        bot_pause=args.bot_pause,
        db_url=args.db,
        processes=args.processes,
    )
    folder = Path(tempfile.mkdtemp(prefix="roost-chaos-"))
    cluster = Postgres.start(max_connections=200) if args.postgres else None
    try:
        if cluster is not None:
            config.db_url = fresh_database(cluster.url)
        report = asyncio.run(run_chaos(config, folder))
    finally:
        if cluster is not None:
            cluster.stop()
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    print(report.summary())
    for failure in report.failures[:40]:
        print(f"  - {failure}")
    if args.keep:
        print(f"database and log in {folder}")
    sys.exit(1 if report.failures else 0)


if __name__ == "__main__":
    main()
