"""Databases written by a release of the server, for the upgrade test
(tests/server/test_release_upgrade.py): run it with that release's source first on the path,

    PYTHONPATH=/path/to/release/src .venv/bin/python scripts/release_databases.py OUT_DIR

and it writes ``OUT_DIR/release.sqlite`` and ``OUT_DIR/release.postgres.sql`` (a plain
``pg_dump`` of the same tables made on a throwaway PostgreSQL cluster): a finished game with
chat, a game being played and a table waiting for a player, each made through the release's own
API. The committed files (tests/server/data/) were made from the release before accounts
(migration 0003: commit affd2f3), which ``release.json`` beside them records.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url

import roost
from roost.server.app import create_app
from roost.server.config import Settings
from serverkit import Postgres, fresh_database, postgres_bin


def play(client: TestClient, table_id: str, token: str, moves: int | None) -> None:
    """Play one seat at random over the WebSocket: `moves` moves, or to the end (None)."""
    rng = random.Random(table_id)
    made = 0
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        for _ in range(10_000):
            frame = ws.receive_json()
            if frame["type"] != "view":
                continue
            if frame["table"]["status"] == "over" or (moves is not None and made >= moves):
                return
            if frame["actions"] and not frame.get("passive"):
                action = rng.choice(frame["actions"])["action"]
                ws.send_json({"type": "move", "version": frame["version"], "action": action})
                made += 1
                if made == 3:
                    ws.send_json({"type": "chat", "room": "players", "text": "Nice lay"})


def fill(url: str) -> dict[str, Any]:
    """The release's server on `url`: three tables in three states; what they are."""
    settings = Settings(database_url=url, bot_pause=0.0, reaction_pause=0.0, bot_workers=0)
    made: dict[str, Any] = {}
    with TestClient(create_app(settings)) as client:
        bots = [{"type": "open"}, {"type": "bot", "level": "easy"}]
        body = {"game": "manda-huevos", "players": 2, "params": {"quick": True}, "seats": bots}
        over = client.post("/api/tables", json={**body, "name": "Ana"}).json()
        play(client, over["table"]["id"], over["token"], None)
        playing = client.post("/api/tables", json={**body, "name": "Bo"}).json()
        play(client, playing["table"]["id"], playing["token"], 2)
        waiting = client.post(
            "/api/tables",
            json={"game": "eggo", "players": 2, "name": "Cy", "seats": [{"type": "open"}] * 2},
        ).json()
        for role, grant in (("over", over), ("playing", playing), ("waiting", waiting)):
            made[role] = client.get(f"/api/tables/{grant['table']['id']}").json()
    return made


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    print(f"the release's roost: {Path(roost.__file__).parent}")
    sqlite = out / "release.sqlite"
    sqlite.unlink(missing_ok=True)
    tables = fill(f"sqlite:///{sqlite}")
    cluster = Postgres.start()
    try:
        url = fresh_database(cluster.url)
        fill(url)
        database = make_url(url).database
        folder = postgres_bin()
        assert folder is not None and database is not None
        dump = subprocess.run(
            [str(folder / "pg_dump"), "--no-owner", "--no-privileges", "-h", str(cluster.root),
             "-U", "postgres", database],
            check=True, capture_output=True, text=True,
        )  # fmt: skip
        (out / "release.postgres.sql").write_text(dump.stdout)
    finally:
        cluster.stop()
    (out / "release.json").write_text(json.dumps({"tables": tables}, indent=1) + "\n")
    print(f"wrote {sqlite}, {out / 'release.postgres.sql'}, {out / 'release.json'}")


if __name__ == "__main__":
    main()
