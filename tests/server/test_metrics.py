"""Prometheus metrics and JSON logs of a real `roost serve` process.

A server on PostgreSQL (its URL carries a password) with `--log-format json` plays a table of a
person and two bots, and one of hard bots (in the worker processes); the person also sends
refused frames (a forged token, illegal and stale moves). Then `/metrics` must show the tables,
the connected client, the person's and the bots' stored moves, one ack latency per acknowledged
move, the bots' think times and no database error; every line the server wrote must be one JSON
object; and neither may hold the seat token, the table's seed or the password.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy.engine import make_url

from roost.server.db import Store
from roost.server.tables.rows import load_table
from serverkit import fresh_database, start_server, wait_ready

PASSWORD = "hunter2-Pa55word"


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    found: dict[tuple[str, tuple[tuple[str, str], ...]], float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


async def scenario(base: str) -> tuple[str, str, int, int, str]:
    """The table id, the person's token, its acknowledged moves, the version the table then
    waited at for the person again (every bot move before it made), and /metrics while
    connected and the table waits."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        seats = [
            {"type": "open"},
            {"type": "bot", "level": "easy"},
            {"type": "bot", "level": "medium"},
        ]
        created = await http.post(
            "/api/tables", json={"game": "eggo", "players": 3, "seats": seats, "name": "Ana"}
        )
        assert created.status_code == 201
        table_id, token = created.json()["table"]["id"], created.json()["token"]
        hard = [{"type": "bot", "level": "hard"}] * 2
        assert (
            await http.post(
                "/api/tables", json={"game": "big-chicken", "players": 2, "seats": hard}
            )
        ).status_code == 201
        acks = 0
        async with websockets.connect(
            f"{base.replace('http', 'ws')}/api/tables/{table_id}/ws"
        ) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            view: dict[str, Any] = {"actions": [], "version": -1}
            moved = -1  # the version of the person's last move

            async def next_view() -> None:
                nonlocal view
                frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if frame["type"] == "view":
                    view = frame

            deadline = time.monotonic() + 60
            while acks < 4 and time.monotonic() < deadline:
                if not view["actions"] or view["version"] <= moved:  # not her turn yet
                    await next_view()
                    continue
                version = moved = view["version"]
                for bad in ({"version": version + 5}, {"action": 10_000}):  # refused
                    move = {"type": "move", "version": version, "action": 0, "ref": "bad"}
                    await ws.send(json.dumps({**move, **bad}))
                ref = f"good{acks}"
                action = view["actions"][0]["action"]
                await ws.send(
                    json.dumps({"type": "move", "version": version, "action": action, "ref": ref})
                )
                while True:
                    answer = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    if answer["type"] == "view":
                        view = answer
                    if answer.get("ref") == ref:
                        break
                acks += answer["type"] == "ack"
            assert acks == 4
            # until the person's turn comes again: the bots' moves between are all made and
            # thought, and the table waits for her while /metrics is read
            while not view["actions"] or view["version"] <= moved:
                await next_view()
            rest = view["version"]
            forged = await http.get(
                f"/api/tables/{table_id}/view", headers={"Authorization": "Bearer " + "x" * 43}
            )
            assert forged.status_code in (401, 403)
            # the hard bots think in the worker processes: under load the first answer can take
            # a while (the workers start with the server), so wait for it rather than a fixed time
            process_thought = 'roost_bot_think_seconds_count{pool="process"}'
            deadline = time.monotonic() + 60
            while True:
                metrics = (await http.get("/metrics")).text
                done = [line for line in metrics.splitlines() if line.startswith(process_thought)]
                if (done and float(done[0].split()[-1]) >= 1) or time.monotonic() > deadline:
                    break
                await asyncio.sleep(0.5)
    return table_id, token, acks, rest, metrics


@pytest.mark.timeout(180)
def test_metrics_and_json_logs_of_a_game(tmp_path: Path, postgres_url: str) -> None:
    url = make_url(fresh_database(postgres_url)).set(password=PASSWORD)
    db = url.render_as_string(hide_password=False)
    server = start_server(
        db, tmp_path / "server.log", bot_workers=2, extra=["--log-format", "json"]
    )
    try:
        asyncio.run(wait_ready(server))
        table_id, token, acks, rest, text = asyncio.run(scenario(server.base))
    finally:
        server.stop()
    store = Store(db, run_migrations=False)
    record = store.run(lambda session: load_table(session, table_id))
    store.engine.dispose()
    assert record is not None
    seed = str(record.seed)

    found = samples(text)
    assert found[("roost_tables", (("status", "playing"),))] >= 1
    assert found[("roost_connected_clients", ())] == 1
    assert found[("roost_moves_stored_total", (("by", "person"),))] == acks
    assert found[("roost_moves_stored_total", (("by", "bot"),))] >= acks
    assert found[("roost_moves_stored_total", (("by", "chance"),))] >= 1
    assert found[("roost_ack_seconds_count", ())] == acks
    assert 0 < found[("roost_ack_seconds_sum", ())] < acks * 5
    # the easy and medium bots think in the event loop: each of their moves at the table before
    # it waited for the person again was timed, and nothing else thinks there (how many moves
    # depends on the deal: 2 to 14 before her fourth); the other table's hard bots think in the
    # processes
    inline_moves = sum(action.by == "bot" for action in record.actions[:rest])
    assert inline_moves >= 1
    assert found[("roost_bot_think_seconds_count", (("pool", "inline"),))] == inline_moves
    assert found[("roost_bot_think_seconds_count", (("pool", "process"),))] >= 1
    assert ("roost_bot_jobs", ()) in found
    assert found[("roost_database_errors_total", ())] == 0
    # every move was committed, some perhaps together: at least one commit, at most one a write
    stored = sum(n for (name, _), n in found.items() if name == "roost_moves_stored_total")
    assert 1 <= found[("roost_database_commits_total", ())] <= stored + 10
    assert found[("roost_database_up", ())] == 1
    assert found[("process_resident_memory_bytes", ())] > 10e6
    assert found[("process_open_fds", ())] > 5

    lines = [line for line in server.log.read_text().splitlines() if line.strip()]
    assert len(lines) >= 2
    for line in lines:
        entry = json.loads(line)  # every line is one JSON object
        assert {"time", "level", "logger", "message"} <= set(entry), entry
    messages = [json.loads(line)["message"] for line in lines]
    assert any(m.startswith("serving http://127.0.0.1:") for m in messages)
    assert any("roost server ready" in m for m in messages)
    for secret in (token, seed, PASSWORD):
        assert secret not in text, "a secret in /metrics"
        assert secret not in server.log.read_text(), "a secret in the log"
