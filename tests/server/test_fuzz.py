"""Hostile input against a real `roost serve` process: property-based fuzzing of every REST
route (schemathesis, from the server's own ``/openapi.json``) and of WebSocket frames
(hypothesis): malformed JSON, wrong types, huge numbers and strings, unknown fields, other seats'
and forged tokens, replayed and out-of-order moves, floods.

What must hold for every case: the server answers (never a 5xx, never a crash: the process is
alive at the end and its log holds no traceback); a refused request or frame carries a clear
error (a code and a sentence) and changes nothing in the store; what the server answers fits
its schema. ``ROOST_FUZZ_EXAMPLES`` (default 15) sets the examples per REST route and mode;
the WebSocket fuzz runs ten times as many. ``-s`` prints how many cases were tried.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import sqlite3
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import Case, GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    negative_data_rejection,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.core.result import Ok
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from serverkit import Server, start_server, wait_ready

FLOOD = 600
EXAMPLES = int(os.environ.get("ROOST_FUZZ_EXAMPLES", "15"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)


@dataclass
class Fixture:
    """A real server with a few tables in known states, and what the fuzz counted."""

    server: Server
    db: Path
    games: list[str]
    tables: dict[str, str] = field(default_factory=dict)
    """Role (waiting, playing, over) -> table id."""
    tokens: dict[str, list[str]] = field(default_factory=dict)
    """Table id -> its seats' tokens."""
    counts: Counter[str] = field(default_factory=Counter)
    session: str = ""
    """A live session cookie of the account `fuzzer` (made again if a case ended it)."""
    csrf: str = ""
    dead_session: str = ""
    """The cookie of a session that was signed out (an expired one is refused alike)."""
    signed_up: int = 0
    sessions: list[str] = field(default_factory=list)
    """Every session id the fixture was given (none may reach the server's log)."""

    def live_session(self) -> tuple[str, str]:
        """A session cookie that is live now, and its CSRF token: a case may have signed it
        out, so it is checked and, if need be, made anew (a new account each time: a case may
        also have changed nothing else, but the password is the fixture's)."""
        jar = {COOKIE: self.session}
        with httpx.Client(base_url=self.server.base, timeout=60, cookies=jar) as http:
            if http.get("/api/account").json()["account"] is not None:
                return self.session, self.csrf
        with httpx.Client(base_url=self.server.base, timeout=60) as http:
            self.session, self.csrf = account_session(http, self)
        return self.session, self.csrf

    def all_tokens(self) -> list[str]:
        return [token for tokens in self.tokens.values() for token in tokens]


COOKIE = "roost_session"
PASSWORD = "fuzzing is a fine pastime"


def account_session(http: httpx.Client, fixture: Fixture) -> tuple[str, str]:
    """A new account's session cookie and CSRF token. Each sign-up comes from an address of its
    own (X-Forwarded-For, trusted from loopback as behind a proxy), so the fuzz's own failed
    sign-ins, all from 127.0.0.1, never rate-limit the fixture."""
    fixture.signed_up += 1
    address = f"192.0.2.{fixture.signed_up % 250 + 1}"
    made = http.post(
        "/api/account/signup",
        json={"name": f"fuzzer{fixture.signed_up}", "password": PASSWORD},
        headers={"X-Forwarded-For": address},
    )
    assert made.status_code == 201, made.text
    fixture.sessions.append(made.cookies[COOKIE])
    return made.cookies[COOKIE], made.json()["csrf"]


def snapshot(db: Path, table_id: str | None) -> tuple[Any, ...]:
    """What a refused request must not change: the number of tables, accounts and sessions
    (with their last use) and the ratings, and for `table_id`, its row (status, version,
    rematch, result), its seats, actions and notes."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30) as connection:
        count = connection.execute(
            "SELECT (SELECT count(*) FROM roost_tables), (SELECT count(*) FROM roost_users),"
            " (SELECT group_concat(id_hash || seen_at) FROM roost_sessions),"
            " (SELECT count(*) FROM roost_rating_history)"
        ).fetchone()
        if table_id is None:
            return (count,)
        row = connection.execute(
            "SELECT status, version, rematch, result FROM roost_tables WHERE id = ?", (table_id,)
        ).fetchall()
        seats = connection.execute(
            "SELECT seat, type, name, level, token_hash, away, user_id FROM roost_seats "
            "WHERE table_id = ? ORDER BY seat",
            (table_id,),
        ).fetchall()
        actions = connection.execute(
            "SELECT count(*) FROM roost_actions WHERE table_id = ?", (table_id,)
        ).fetchone()
        notes = connection.execute(
            "SELECT count(*) FROM roost_notes WHERE table_id = ?", (table_id,)
        ).fetchone()
    return count, row, seats, actions, notes


def moves_by_itself(db: Path, table_id: str) -> bool:
    """A table whose bots are playing changes without anyone asking (not a fixed point)."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30) as connection:
        status = connection.execute(
            "SELECT status FROM roost_tables WHERE id = ?", (table_id,)
        ).fetchone()
        bots = connection.execute(
            "SELECT count(*) FROM roost_seats WHERE table_id = ? AND (type = 'bot' OR away)",
            (table_id,),
        ).fetchone()
    return bool(status and status[0] == "playing" and bots[0])


def play_to_the_end(base: str, table_id: str, token: str) -> None:
    """Play one seat at random over the WebSocket until the game is over."""
    rng = random.Random(3)
    with connect(f"{base.replace('http', 'ws')}/api/tables/{table_id}/ws", proxy=None) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            frame = json.loads(ws.recv(timeout=60))
            if frame["type"] != "view":
                continue
            if frame["table"]["status"] == "over":
                return
            if frame["actions"]:
                action = rng.choice(frame["actions"])["action"]
                ws.send(json.dumps({"type": "move", "version": frame["version"], "action": action}))
    raise AssertionError("the table did not finish")


@pytest.fixture(scope="module")
def fuzz(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fixture]:
    folder = tmp_path_factory.mktemp("fuzz")
    db = folder / "fuzz.db"
    server = start_server(f"sqlite:///{db}", folder / "server.log", grace=3600.0)
    try:
        asyncio.run(wait_ready(server))
        with httpx.Client(base_url=server.base, timeout=60) as http:
            games = [game["name"] for game in http.get("/api/games").json()]
            fixture = Fixture(server, db, games)
            two_open = {"game": "manda-huevos", "players": 2, "seats": [{"type": "open"}] * 2}
            waiting = http.post("/api/tables", json={**two_open, "name": "Ana"}).json()
            playing = http.post("/api/tables", json={**two_open, "name": "Bo"}).json()
            joined = http.post(f"/api/tables/{playing['table']['id']}/join", json={"name": "Cy"})
            against_bot = [{"type": "open"}, {"type": "bot", "level": "easy"}]
            over = http.post(
                "/api/tables",
                json={**two_open, "seats": against_bot, "name": "Di"},
            ).json()
            play_to_the_end(server.base, over["table"]["id"], over["token"])
            for role, body in (("waiting", waiting), ("playing", playing), ("over", over)):
                fixture.tables[role] = body["table"]["id"]
                fixture.tokens[body["table"]["id"]] = [body["token"]]
            fixture.tokens[playing["table"]["id"]].append(joined.json()["token"])
            dead, dead_csrf = account_session(http, fixture)
            with httpx.Client(base_url=server.base, timeout=60, cookies={COOKIE: dead}) as ended:
                signout = ended.post("/api/account/signout", headers={"X-CSRF-Token": dead_csrf})
                assert signout.status_code == 204, signout.text
            http.cookies.clear()
            fixture.dead_session = dead
            fixture.session, fixture.csrf = account_session(http, fixture)
        yield fixture
        assert server.process.poll() is None, "the server died"
        assert not server.errors(), server.errors()
        logged = server.log.read_text(errors="replace")
        assert not [token for token in fixture.all_tokens() if token in logged]
        secrets_kept = [PASSWORD, fixture.session, fixture.dead_session, *fixture.sessions]
        assert not [secret for secret in secrets_kept if secret in logged]
        print(f"\nfuzz cases tried: {dict(fixture.counts)}")
        report = os.environ.get("ROOST_FUZZ_REPORT")
        if report:
            Path(report).write_text(json.dumps(dict(fixture.counts)))
    finally:
        server.stop()


# --- REST: schemathesis from the server's OpenAPI schema -----------------------------------------

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


FORGED = [
    "Bearer forged-token",
    "Basic YTpi",
    "Bearer ",
    "Bearer " + "x" * 5000,
    "bearer \u00e9t\u00e9",
]


def steer(case: Case[Any], fixture: Fixture, rng: random.Random) -> tuple[str | None, bool]:
    """Point part of the cases at real tables, games and tokens (random ids only ever meet a
    404); returns the table the case acts on, if any, and whether the case was changed."""
    target: str | None = None
    changed = False
    path = case.path_parameters or {}
    if "table_id" in path and rng.random() < 0.75:
        target = rng.choice(list(fixture.tables.values()))
        path["table_id"] = target
        changed = True
    if "name" in path and rng.random() < 0.5:
        path["name"] = rng.choice(fixture.games)
        changed = True
    if isinstance(case.body, dict) and "game" in case.body and rng.random() < 0.5:
        case.body["game"] = rng.choice(fixture.games)
        changed = True
    headers = case.headers if case.headers is not None else {}
    own = fixture.tokens.get(target or "", [])
    others = [t for t in fixture.all_tokens() if t not in own]
    choice = rng.random()
    if choice < 0.25 and own:
        headers["Authorization"] = f"Bearer {rng.choice(own)}"
    elif choice < 0.45 and others:
        headers["Authorization"] = f"Bearer {rng.choice(others)}"
    elif choice < 0.6:
        headers["Authorization"] = rng.choice(FORGED)
    case.headers = headers
    # the session cookie: none, a live one with or without its CSRF token, or a dead one
    cookies = case.cookies if case.cookies is not None else {}
    jar = rng.random()
    if jar < 0.2:
        session, csrf = fixture.live_session()
        cookies[COOKIE] = session
        headers["X-CSRF-Token"] = csrf
        fixture.counts["cases with a live session"] += 1
    elif jar < 0.3:
        cookies[COOKIE] = fixture.live_session()[0]  # without the CSRF token
        fixture.counts["cases with a session and no CSRF token"] += 1
    elif jar < 0.4:
        cookies[COOKIE] = rng.choice(["A" * 43, fixture.dead_session, "x;y", "é" * 5])
        fixture.counts["cases with a forged or expired cookie"] += 1
    case.cookies = cookies
    return target, changed


# Every route, positive and negative cases: under the default 120 s on a quiet machine, over it
# at load 15 (seen while six engineers shared the machine).
@pytest.mark.timeout(480)
def test_every_rest_route_survives_generated_requests(fuzz: Fixture) -> None:
    schema = schemathesis.openapi.from_url(f"{fuzz.server.base}/openapi.json")
    session = requests.Session()
    counter = iter(range(10**9))
    tried = Counter[str]()
    for result in schema.get_all_operations():
        assert isinstance(result, Ok), result
        operation = result.ok()
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

            @FUZZ
            @given(case=operation.as_strategy(generation_mode=mode))
            def one(case: Case[Any]) -> None:
                rng = random.Random(next(counter))
                target, steered = steer(case, fuzz, rng)
                before = snapshot(fuzz.db, target)
                response = case.call(base_url=fuzz.server.base, session=session, timeout=60)
                tried[case.operation.label] += 1
                # a steered case may have had its one wrong part replaced by a right one
                checks = CHECKS if steered else [*CHECKS, negative_data_rejection]
                case.validate_response(response, checks=checks)
                if response.status_code >= 400:
                    error = response.json()["error"]
                    assert error["code"] and error["message"], error
                    if target is None or not moves_by_itself(fuzz.db, target):
                        assert snapshot(fuzz.db, target) == before, (case, response.text)

            try:
                one()
            except Unsatisfiable:  # nothing to make invalid in a route without parameters
                continue
    fuzz.counts["rest requests"] += sum(tried.values())
    fuzz.counts["rest routes"] += len(tried)
    assert len(tried) >= 24  # every route of the API was reached


# --- the WebSocket ------------------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=False)
    | st.text(max_size=40),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=12,
)
ODD = (
    st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats()
    | st.text(max_size=20)
    | st.none()
    | st.lists(st.integers(), max_size=3)
    | st.booleans()
)


@dataclass(frozen=True)
class Rel:
    """The table's version at sending time, plus `offset`."""

    offset: int


@dataclass(frozen=True)
class Pick:
    """One of the legal actions of the seat to move at sending time."""

    index: int


def render(frame: Any, version: int, actions: list[int]) -> str:
    """A drawn frame as text, its `Rel` and `Pick` filled in from the table as it is now (the
    draw itself must not depend on the table: hypothesis replays draws)."""
    if isinstance(frame, str):
        return frame
    filled = {
        key: version + value.offset
        if isinstance(value, Rel)
        else (actions[value.index % len(actions)] if actions else value.index)
        if isinstance(value, Pick)
        else value
        for key, value in frame.items()
    }
    return json.dumps(filled)


def frames() -> st.SearchStrategy[Any]:
    """Frames of every kind a client could send: most are wrong somehow."""
    move_version = st.sampled_from([Rel(0), Rel(-1), Rel(1), Rel(1000), 0]) | ODD
    action = st.builds(Pick, st.integers(0, 50)) | st.integers(-5, 5000) | ODD
    shaped = st.fixed_dictionaries(
        {"type": st.sampled_from(["move", "hello", "back", "ping", "nope", ""]) | ODD},
        optional={
            "version": move_version,
            "action": action,
            "ref": st.text(max_size=80) | ODD,
            "token": st.text(max_size=200) | ODD,
            "extra": JSON_VALUES,
        },
    )
    well_formed = st.fixed_dictionaries(
        {
            "type": st.just("move"),
            "version": st.sampled_from([Rel(0), Rel(0), Rel(-1), Rel(1)]),
            "action": st.builds(Pick, st.integers(0, 50)) | st.integers(0, 3000),
        },
        optional={"ref": st.text(max_size=64)},
    )
    return st.one_of(
        well_formed,
        well_formed,
        shaped,
        JSON_VALUES.map(json.dumps),
        st.text(max_size=200),
        st.binary(max_size=50).map(lambda b: b.decode("latin-1")),
        st.integers(min_value=4000, max_value=9000).map(lambda n: json.dumps({"ref": "x" * n})),
    )


def receive_until_pong(ws: ClientConnection, ref: str) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    while True:
        frame = json.loads(ws.recv(timeout=60))
        if frame["type"] == "pong" and frame.get("ref") == ref:
            return got
        got.append(frame)


def legal_actions(http: httpx.Client, table_id: str, tokens: list[str]) -> tuple[int, list[int]]:
    """The table's version and the legal actions of the seat to move."""
    view = http.get(f"/api/tables/{table_id}/view").json()
    mover = view["table"]["to_move"]
    if mover is None:
        return view["version"], []
    auth = {"Authorization": f"Bearer {tokens[mover]}"}
    seat_view = http.get(f"/api/tables/{table_id}/view", headers=auth).json()
    return seat_view["version"], [a["action"] for a in seat_view["actions"]]


def new_playing_table(http: httpx.Client) -> tuple[str, list[str]]:
    """A table of two people (nobody else moves at it), started."""
    two_open = {"game": "manda-huevos", "players": 2, "seats": [{"type": "open"}] * 2}
    created = http.post("/api/tables", json={**two_open, "name": "Ed"}).json()
    table_id = created["table"]["id"]
    joined = http.post(f"/api/tables/{table_id}/join", json={"name": "Flo"}).json()
    return table_id, [created["token"], joined["token"]]


def test_websocket_frames_never_change_a_table_unless_acknowledged(fuzz: Fixture) -> None:
    http = httpx.Client(base_url=fuzz.server.base, timeout=60)
    table_id, tokens = new_playing_table(http)
    tried = Counter[str]()
    over = fuzz.tokens[fuzz.tables["over"]][0]

    @settings(FUZZ, max_examples=EXAMPLES * 10)
    @given(data=st.data())
    def one(data: st.DataObject) -> None:
        nonlocal table_id, tokens
        if http.get(f"/api/tables/{table_id}").json()["status"] == "over":
            table_id, tokens = new_playing_table(http)  # acknowledged moves ended the game
            tried["tables played to the end"] += 1
        who = data.draw(st.sampled_from([0, 1, 0, 1, "spectator", "forged", "other table"]))
        hello_token = {"spectator": None, "forged": "forged", "other table": over}.get(
            str(who), tokens[int(who) if isinstance(who, int) else 0]
        )
        drawn = data.draw(st.lists(frames(), min_size=1, max_size=6), label="frames")
        tried["connections"] += 1
        url = f"{fuzz.server.ws_base}/api/tables/{table_id}/ws"
        with connect(url, proxy=None, max_size=2**22) as ws:
            ws.send(json.dumps({"type": "hello", "token": hello_token}))
            try:
                welcome = json.loads(ws.recv(timeout=60))
            except ConnectionClosed:
                welcome = {"type": "closed"}
            if welcome["type"] != "welcome":  # a token of another table, or forged
                assert who in ("forged", "other table"), welcome
                assert welcome["type"] == "error" and welcome["code"] == "unauthorized"
                tried["refused hellos"] += 1
                return
            for n, frame in enumerate(drawn):
                text = render(frame, *legal_actions(http, table_id, tokens))
                before = snapshot(fuzz.db, table_id)
                ws.send(text)
                ws.send(json.dumps({"type": "ping", "ref": f"fence{n}"}))
                got = receive_until_pong(ws, f"fence{n}")
                tried["frames"] += 1
                kinds = [frame["type"] for frame in got]
                if "ack" in kinds:  # a legal move of the seat to move, at the right version
                    tried["moves acknowledged"] += 1
                    assert snapshot(fuzz.db, table_id)[3][0] > before[3][0]
                    after = snapshot(fuzz.db, table_id)
                    ws.send(text)  # the same move again: a replay is never applied twice
                    ws.send(json.dumps({"type": "ping", "ref": "replay"}))
                    again = receive_until_pong(ws, "replay")
                    codes = [f["code"] for f in again if f["type"] == "error"]
                    assert codes in (["stale_version"], ["game_over"]), again
                    assert snapshot(fuzz.db, table_id) == after
                    tried["replayed moves refused"] += 1
                    continue
                assert snapshot(fuzz.db, table_id) == before, (text, got)
                errors = [frame for frame in got if frame["type"] == "error"]
                for error in errors:
                    assert error["code"] and error["message"], error
                if errors:
                    tried["frames refused"] += 1
                else:  # answered in kind: a ping, or a harmless "back"
                    assert all(kind in ("pong", "view", "table") for kind in kinds), got

    one()
    http.close()
    fuzz.counts.update({f"websocket {key}": value for key, value in tried.items()})
    assert tried["frames refused"] > 0 and tried["refused hellos"] > 0


def test_a_flood_is_rate_limited_then_closed_and_changes_nothing(fuzz: Fixture) -> None:
    table_id = fuzz.tables["playing"]
    tokens = fuzz.tokens[table_id]
    before = snapshot(fuzz.db, table_id)
    url = f"{fuzz.server.ws_base}/api/tables/{table_id}/ws"
    codes: Counter[str] = Counter()
    close_code = None
    with connect(url, proxy=None, max_size=2**22, max_queue=None) as ws:
        ws.send(json.dumps({"type": "hello", "token": tokens[0]}))
        junk = json.dumps({"type": "move", "version": 10**6, "action": 1})
        with contextlib.suppress(ConnectionClosed):
            for _ in range(FLOOD):  # far more than the 30 frames/s (bursts of 60) allowed
                ws.send(junk)
        try:
            while True:
                frame = json.loads(ws.recv(timeout=60))
                if frame["type"] == "error":
                    codes[frame["code"]] += 1
        except ConnectionClosed as closed:
            close_code = closed.rcvd.code if closed.rcvd else None
    assert close_code == 4429
    assert codes["rate_limited"] > 0 and codes["stale_version"] + codes["game_over"] > 0
    assert snapshot(fuzz.db, table_id) == before
    fuzz.counts["flood frames"] += FLOOD
    with connect(url, proxy=None) as ws:  # the server still serves that table
        ws.send(json.dumps({"type": "hello", "token": tokens[1]}))
        assert json.loads(ws.recv(timeout=60))["type"] == "welcome"


def test_a_frame_over_the_hard_cap_closes_only_that_connection(fuzz: Fixture) -> None:
    table_id = fuzz.tables["playing"]
    url = f"{fuzz.server.ws_base}/api/tables/{table_id}/ws"
    before = snapshot(fuzz.db, table_id)
    with connect(url, proxy=None, max_size=2**22) as ws:
        ws.send(json.dumps({"type": "hello"}))
        assert json.loads(ws.recv(timeout=60))["type"] == "welcome"
        with pytest.raises(ConnectionClosed) as closed:
            ws.send(json.dumps({"type": "ping", "ref": "x" * 100_000}))
            while True:
                ws.recv(timeout=60)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    assert snapshot(fuzz.db, table_id) == before
    with httpx.Client(base_url=fuzz.server.base, timeout=60) as http:
        assert http.get("/api/health").json()["ok"] is True
