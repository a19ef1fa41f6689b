"""Accounts and sessions, on SQLite and PostgreSQL (`database_url`): sign-up with NIST's password
rules, sign-in with one message for every failure and comparable timing, the session cookie's
flags, CSRF on every state-changing request made with it, a new session at every sign-in (no
fixation), the rate limit, sign-out here and everywhere, a new password, deletion, a guest's
seats brought along, and no password or session id in any row or log line."""

from __future__ import annotations

import logging
import math
import random
import time
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from httpx import Response
from sqlalchemy import create_engine, inspect, text

from roost.server.accounts.passwords import Hasher, common_passwords
from roost.server.accounts.sessions import COOKIE
from roost.server.app import create_app
from roost.server.config import FAST_HASHING, AccountSettings, Settings

PASSWORD = "correct horse battery"


def settings_for(database_url: str, accounts: AccountSettings = FAST_HASHING) -> Settings:
    return Settings(
        database_url=database_url,
        bot_pause=0.0,
        reaction_pause=0.0,
        bot_workers=0,
        accounts=accounts,
    )


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for(database_url))) as test_client:
        yield test_client


def browser(client: TestClient) -> TestClient:
    """Another browser (a cookie jar of its own) on the same running app: it shares the first
    client's event loop, where the app's store and tasks live."""
    other = TestClient(client.app, base_url=str(client.base_url))
    other.portal = client.portal
    return other


def sign_up(client: TestClient, name: str, password: str = PASSWORD, **extra: Any) -> Response:
    body = {"name": name, "password": password, **extra}
    answer: Response = client.post("/api/account/signup", json=body)
    return answer


def csrf(client: TestClient) -> dict[str, str]:
    token = client.get("/api/account").json()["csrf"]
    assert token
    return {"X-CSRF-Token": token}


def test_sign_up_sets_a_safe_cookie_and_says_who_is_signed_in(client: TestClient) -> None:
    answer = sign_up(client, "Ana_1")
    assert answer.status_code == 201, answer.text
    assert answer.json()["account"]["name"] == "Ana_1" and answer.json()["csrf"]
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    flags = {part.strip().lower() for part in cookie.split(";")[1:]}
    assert {"httponly", "samesite=lax", "path=/"} <= flags
    assert "secure" not in flags  # plain http here; https gets it (test below)
    me = client.get("/api/account").json()
    assert me["account"]["name"] == "Ana_1" and me["csrf"] == answer.json()["csrf"]
    anonymous = browser(client).get("/api/account").json()
    assert anonymous == {"account": None, "csrf": None}


def test_https_gets_a_secure_cookie(database_url: str) -> None:
    with TestClient(create_app(settings_for(database_url)), base_url="https://testserver") as c:
        cookie = sign_up(c, "Sec").headers["set-cookie"].lower()
        assert "; secure" in cookie


@pytest.mark.parametrize(
    ("password", "why"),
    [
        ("short", "at least 8"),
        ("qwertyuiop", "most common"),
        ("iloveyou", "most common"),
        ("Football1", "most common"),  # compared in lower case
        ("Bo_Bo_Bo", "user name"),
        ("x" * 257, "at most 256"),
    ],
)
def test_passwords_follow_nists_rules(client: TestClient, password: str, why: str) -> None:
    answer = sign_up(client, "Bo_Bo_Bo", password)
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "weak_password"
    assert why in answer.json()["error"]["message"]
    assert password not in answer.text
    assert client.get("/api/account").json()["account"] is None  # nothing was made


def test_no_composition_rule_and_the_common_list_is_shipped(client: TestClient) -> None:
    assert len(common_passwords()) == 10_000 and "123456" in common_passwords()
    assert sign_up(client, "Cyd", "all lower case words").status_code == 201
    assert sign_up(browser(client), "Dia", "ÉÉÉÉÉÉÉÉ").status_code == 201


def test_a_name_is_taken_in_any_case_and_must_fit(client: TestClient) -> None:
    assert sign_up(client, "Ana").status_code == 201
    taken = sign_up(browser(client), "aNA")
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "name_taken"
    for bad in ("ab", "with space", "x" * 25, "<b>", "deleted player"):
        assert sign_up(browser(client), bad).status_code == 422


def test_wrong_password_and_unknown_name_answer_the_same(client: TestClient) -> None:
    sign_up(client, "Ana")
    other = browser(client)
    wrong = other.post("/api/account/signin", json={"name": "Ana", "password": "not it at all"})
    unknown = other.post("/api/account/signin", json={"name": "Nobody", "password": PASSWORD})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    assert wrong.json()["error"]["code"] == "bad_credentials"
    assert "set-cookie" not in wrong.headers and "set-cookie" not in unknown.headers
    right = other.post("/api/account/signin", json={"name": "ana", "password": PASSWORD})
    assert right.status_code == 200 and right.json()["account"]["name"] == "Ana"


def test_csrf_token_is_needed_with_the_cookie(client: TestClient) -> None:
    sign_up(client, "Ana")
    headers = csrf(client)
    for sent in ({}, {"X-CSRF-Token": "forged"}, {"X-CSRF-Token": headers["X-CSRF-Token"][:-1]}):
        refused = client.post("/api/account/signout", headers=sent)
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "csrf_failed"
        made = client.post("/api/tables", json={"game": "eggo", "name": "Ana"}, headers=sent)
        assert made.status_code == 403
    assert client.get("/api/tables?status=all").json() == []  # no table was made
    assert client.get("/api/account").json()["account"]["name"] == "Ana"  # still signed in
    made = client.post("/api/tables", json={"game": "eggo", "name": "x"}, headers=headers)
    assert made.status_code == 201
    assert made.json()["table"]["seats"][0] == {**made.json()["table"]["seats"][0], "name": "Ana"}
    assert made.json()["table"]["seats"][0]["signed_in"] is True
    assert client.post("/api/account/signout", headers=headers).status_code == 204
    assert client.get("/api/account").json()["account"] is None


def test_seat_token_requests_need_no_csrf_token(client: TestClient) -> None:
    guest = browser(client)
    made = guest.post(
        "/api/tables",
        json={"game": "eggo", "players": 2, "name": "Guest", "seats": [{"type": "open"}] * 2},
    ).json()
    start = guest.post(
        f"/api/tables/{made['table']['id']}/start",
        json={"fill": "easy"},
        headers={"Authorization": f"Bearer {made['token']}"},
    )
    assert start.status_code == 200, start.text


def test_a_new_session_at_every_sign_in_no_fixation(client: TestClient) -> None:
    old_csrf = sign_up(client, "Ana").json()["csrf"]
    planted = client.cookies[COOKIE]
    other = browser(client)
    # a session id someone planted in this browser
    other.cookies.set(COOKIE, planted, domain="testserver.local")
    signed = other.post(
        "/api/account/signin",
        json={"name": "Ana", "password": PASSWORD},
        headers=csrf(other),
    )
    assert signed.status_code == 200
    fresh = other.cookies[COOKIE]
    assert fresh != planted
    assert client.get("/api/account").json()["account"] is None  # the planted id is dead
    assert other.get("/api/account").json()["account"]["name"] == "Ana"
    assert signed.json()["csrf"] != old_csrf  # a new session, a new CSRF token


def test_a_dead_or_forged_cookie_is_a_guest_and_is_cleared(client: TestClient) -> None:
    forged = browser(client)
    forged.cookies.set(COOKIE, "A" * 43)
    answer = forged.get("/api/account")
    assert answer.json() == {"account": None, "csrf": None}
    assert answer.headers["set-cookie"].startswith(f"{COOKIE}=;")
    assert "Max-Age=0" in answer.headers["set-cookie"]
    forged.cookies.set(COOKIE, "A" * 43)
    guest_table = forged.post("/api/tables", json={"game": "eggo"})  # no CSRF needed: a guest
    assert guest_table.status_code == 201
    assert forged.post("/api/account/signout").json()["error"]["code"] == "not_signed_in"


def test_sessions_time_out(database_url: str) -> None:
    quick = replace(FAST_HASHING, idle_timeout=1.0, touch_every=0.0)
    with TestClient(create_app(settings_for(database_url, quick))) as client:
        sign_up(client, "Ana")
        assert client.get("/api/account").json()["account"] is not None
        time.sleep(1.3)
        assert client.get("/api/account").json()["account"] is None
    brief = replace(FAST_HASHING, absolute_timeout=3.0, touch_every=0.0)
    with TestClient(create_app(settings_for(database_url, brief))) as client:
        signed_up = time.monotonic()
        sign_up(client, "Bo_")
        busy = 0
        while time.monotonic() - signed_up < 2.0:  # busy (each use under the timeout), yet it ends
            assert client.get("/api/account").json()["account"] is not None
            busy += 1
            time.sleep(0.2)
        assert busy >= 1
        time.sleep(max(0.0, signed_up + 3.3 - time.monotonic()))
        assert client.get("/api/account").json()["account"] is None


def test_sign_in_attempts_are_limited_per_name_and_per_address(database_url: str) -> None:
    limits = replace(FAST_HASHING, attempts_per_account=3, attempts_per_address=6)
    with TestClient(create_app(settings_for(database_url, limits))) as client:
        sign_up(client, "Ana")
        other = browser(client)
        for _ in range(3):
            bad = {"name": "Ana", "password": "wrong password"}
            assert other.post("/api/account/signin", json=bad).status_code == 401
        right = other.post("/api/account/signin", json={"name": "Ana", "password": PASSWORD})
        assert right.status_code == 429 and right.json()["error"]["code"] == "too_many_attempts"
        assert int(right.headers["retry-after"]) > 0
        # an unknown name is limited alike (the limit tells nothing of who exists)
        for _ in range(3):
            bad = {"name": "Ghost", "password": "wrong password"}
            assert other.post("/api/account/signin", json=bad).status_code == 401
        ghost = other.post("/api/account/signin", json={"name": "Ghost", "password": "x" * 9})
        assert ghost.status_code == 429 and ghost.json() == {
            **ghost.json(),
            "error": {**ghost.json()["error"], "code": "too_many_attempts"},
        }
        # six failures from one address: every name is refused from there
        fresh = other.post("/api/account/signin", json={"name": "Neverseen", "password": "y" * 9})
        assert fresh.status_code == 429


def test_sign_out_everywhere_ends_every_session(client: TestClient) -> None:
    sign_up(client, "Ana")
    phone = browser(client)
    phone.post("/api/account/signin", json={"name": "Ana", "password": PASSWORD})
    assert phone.get("/api/account").json()["account"]["name"] == "Ana"
    assert client.post("/api/account/signout-everywhere", headers=csrf(client)).status_code == 204
    assert phone.get("/api/account").json()["account"] is None
    assert client.get("/api/account").json()["account"] is None


def test_a_new_password_ends_every_other_session(client: TestClient) -> None:
    sign_up(client, "Ana")
    phone = browser(client)
    phone.post("/api/account/signin", json={"name": "Ana", "password": PASSWORD})
    before = client.cookies[COOKIE]
    wrong = client.post(
        "/api/account/password",
        json={"password": "not the password", "new_password": "a brand new one"},
        headers=csrf(client),
    )
    assert wrong.status_code == 401
    changed = client.post(
        "/api/account/password",
        json={"password": PASSWORD, "new_password": "a brand new one"},
        headers=csrf(client),
    )
    assert changed.status_code == 200
    assert client.cookies[COOKIE] != before  # a new session here
    assert client.get("/api/account").json()["account"]["name"] == "Ana"
    assert phone.get("/api/account").json()["account"] is None
    old = browser(client).post("/api/account/signin", json={"name": "Ana", "password": PASSWORD})
    assert old.status_code == 401
    new = browser(client).post(
        "/api/account/signin", json={"name": "Ana", "password": "a brand new one"}
    )
    assert new.status_code == 200


def test_a_deleted_account_cannot_sign_in_its_sessions_are_dead_its_games_stay(
    client: TestClient,
) -> None:
    sign_up(client, "Ana")
    phone = browser(client)
    phone.post("/api/account/signin", json={"name": "Ana", "password": PASSWORD})
    made = client.post(
        "/api/tables",
        json={"game": "eggo", "players": 2, "name": "Ana", "seats": [{"type": "open"}] * 2},
        headers=csrf(client),
    ).json()
    refused = client.post(
        "/api/account/delete", json={"password": "not it at all"}, headers=csrf(client)
    )
    assert refused.status_code == 401
    assert (
        client.post(
            "/api/account/delete", json={"password": PASSWORD}, headers=csrf(client)
        ).status_code
        == 204
    )
    assert client.get("/api/account").json()["account"] is None
    assert phone.get("/api/account").json()["account"] is None
    gone = browser(client).post("/api/account/signin", json={"name": "Ana", "password": PASSWORD})
    unknown = browser(client).post(
        "/api/account/signin", json={"name": "Zed", "password": PASSWORD}
    )
    assert gone.status_code == 401 and gone.json() == unknown.json()
    seat = client.get(f"/api/tables/{made['table']['id']}").json()["seats"][0]
    assert seat["name"] == "deleted player" and seat["signed_in"] is False
    assert client.get("/api/users/Ana").status_code == 404
    assert sign_up(browser(client), "Ana", "another password").status_code == 201


def test_a_guests_seats_become_the_accounts_at_sign_up(client: TestClient) -> None:
    guest = browser(client)
    token = "t" * 43
    made = guest.post(
        "/api/tables",
        json={
            "game": "eggo",
            "players": 2,
            "name": "Guesty",
            "token": token,
            "seats": [{"type": "open"}, {"type": "bot", "level": "easy"}],
        },
    ).json()
    table_id = made["table"]["id"]
    forged = {"table": table_id, "token": "f" * 43}
    answer = sign_up(guest, "Ana", seats=[{"table": table_id, "token": token}, forged])
    assert answer.status_code == 201 and answer.json()["claimed"] == 1
    seat = guest.get(f"/api/tables/{table_id}").json()["seats"][0]
    assert seat["name"] == "Ana" and seat["signed_in"] is True
    # the seat token still plays the seat
    view = guest.get(f"/api/tables/{table_id}/view", headers={"Authorization": f"Bearer {token}"})
    assert view.json()["seat"] == 0
    # someone else cannot take it with the same token list
    thief = sign_up(browser(client), "Thief", seats=[{"table": table_id, "token": token}])
    assert thief.json()["claimed"] == 0


def test_rated_tables_seat_only_signed_in_people(client: TestClient) -> None:
    guest = browser(client)
    body = {"game": "eggo", "players": 2, "name": "G", "rated": True}
    refused = guest.post("/api/tables", json=body)
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "sign_in_required"
    sign_up(client, "Ana")
    made = client.post(
        "/api/tables", json={**body, "seats": [{"type": "open"}] * 2}, headers=csrf(client)
    )
    assert made.status_code == 201 and made.json()["table"]["rated"] is True
    table_id = made.json()["table"]["id"]
    no = guest.post(f"/api/tables/{table_id}/join", json={"name": "G"})
    assert no.status_code == 401 and no.json()["error"]["code"] == "sign_in_required"
    twice = client.post(f"/api/tables/{table_id}/join", json={"name": "A"}, headers=csrf(client))
    assert twice.status_code == 409 and twice.json()["error"]["code"] == "already_seated"
    bo = browser(client)
    sign_up(bo, "Bo_")
    joined = bo.post(f"/api/tables/{table_id}/join", json={"name": "x"}, headers=csrf(bo))
    assert joined.status_code == 200 and joined.json()["table"]["seats"][1]["name"] == "Bo_"


def test_no_password_or_session_id_in_any_row_or_log_line(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    caplog.set_level(logging.INFO, logger="sqlalchemy")  # statements, not rows
    secrets_seen: list[str] = []
    with TestClient(create_app(settings_for(database_url))) as client:
        first, second, third = "first secret words", "second secret words", "third secret words"
        secrets_seen += [first, second, third]
        sign_up(client, "Ana", first)
        secrets_seen.append(client.cookies[COOKIE])
        client.post(
            "/api/account/password",
            json={"password": first, "new_password": second},
            headers=csrf(client),
        )
        secrets_seen.append(client.cookies[COOKIE])
        other = browser(client)
        other.post("/api/account/signin", json={"name": "Ana", "password": third})  # wrong
        other.post("/api/account/signin", json={"name": "Ana", "password": second})
        secrets_seen.append(other.cookies[COOKIE])
        sign_up(browser(client), "Bo_", "short")  # refused
        secrets_seen.append("short")
    logged = "\n".join(record.getMessage() for record in caplog.records)
    logged += "\n".join(str(record.args) for record in caplog.records)
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            dump = []
            for name in inspect(connection).get_table_names():
                dump += [repr(row) for row in connection.execute(text(f"SELECT * FROM {name}"))]
    finally:
        engine.dispose()
    stored = "\n".join(dump)
    assert "argon2id" in stored  # the hashes are there...
    for secret in secrets_seen:
        assert secret not in stored, "a password or session id is stored"
        assert secret not in logged, "a password or session id is logged"


# --- timing --------------------------------------------------------------------------------------


def mann_whitney_p(first: list[float], second: list[float]) -> float:
    """Two-sided p-value of the Mann-Whitney U test (normal approximation with the tie
    correction; fine for 30 or more a side)."""
    pooled = sorted(
        (value, side) for side, values in enumerate((first, second)) for value in values
    )
    ranks: list[float] = [0.0] * len(pooled)
    ties = 0.0
    i = 0
    while i < len(pooled):
        j = i
        while j + 1 < len(pooled) and pooled[j + 1][0] == pooled[i][0]:
            j += 1
        for k in range(i, j + 1):
            ranks[k] = (i + j) / 2 + 1
        count = j - i + 1
        ties += count**3 - count
        i = j + 1
    n1, n2 = len(first), len(second)
    r1 = sum(rank for rank, (_, side) in zip(ranks, pooled, strict=True) if side == 0)
    u = r1 - n1 * (n1 + 1) / 2
    n = n1 + n2
    sigma = math.sqrt(n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1))))
    z = (u - n1 * n2 / 2) / sigma
    return math.erfc(abs(z) / math.sqrt(2))


def test_mann_whitney_tells_two_shifted_samples_apart() -> None:
    rng = random.Random(1)
    same = mann_whitney_p(
        [rng.gauss(10, 1) for _ in range(60)], [rng.gauss(10, 1) for _ in range(60)]
    )
    apart = mann_whitney_p(
        [rng.gauss(10, 1) for _ in range(60)], [rng.gauss(12, 1) for _ in range(60)]
    )
    assert same > 0.01 and apart < 1e-6


ALPHA = 0.001
"""The test's level: a false alarm once in a thousand runs. A missing dummy hash (an unknown
name answered without a hash: 3.0 ms against 7.4 at the median here) gives p near 1e-20 with
60 tries a side (`test_the_timing_test_sees_a_missing_dummy_hash`)."""


@pytest.mark.timeout(240)
def test_wrong_password_and_unknown_name_take_comparable_time(database_url: str) -> None:
    """Response times of a wrong password and an unknown name, interleaved at random, must not
    differ at level `ALPHA` (Mann-Whitney U): the unknown name is verified against a dummy hash
    of the same cost. Real argon2id work (8 MiB, one pass) so the hash dominates."""
    p, wrong, unknown = sign_in_times(database_url)
    assert p > ALPHA, (p, wrong, unknown)


@pytest.mark.timeout(240)
def test_the_timing_test_sees_a_missing_dummy_hash(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same measure on a server that answers an unknown name at once (no dummy hash): the
    difference is found, so the test above can fail."""
    real = Hasher._verify

    def hasty(self: Hasher, stored: str | None, password: str) -> bool:
        return False if stored is None else real(self, stored, password)

    monkeypatch.setattr(Hasher, "_verify", hasty)
    p, wrong, unknown = sign_in_times(database_url)
    assert p < ALPHA and unknown < wrong, (p, wrong, unknown)


def sign_in_times(database_url: str) -> tuple[float, float, float]:
    """The Mann-Whitney p-value of sign-in times for a wrong password against an unknown name
    (60 each, interleaved at random), and the two medians."""
    costly = replace(
        FAST_HASHING,
        hash_memory_kib=8192,
        attempts_per_account=10**6,
        attempts_per_address=10**6,
    )
    with TestClient(create_app(settings_for(database_url, costly))) as client:
        sign_up(client, "Ana")
        other = browser(client)
        times: dict[str, list[float]] = {"wrong": [], "unknown": []}
        kinds = ["wrong", "unknown"] * 60
        random.Random(5).shuffle(kinds)
        bodies = {
            "wrong": {"name": "Ana", "password": "not the password"},
            "unknown": {"name": "Nobody", "password": "not the password"},
        }
        for _ in range(4):  # warm up both paths
            for kind in bodies:
                other.post("/api/account/signin", json=bodies[kind])
        for kind in kinds:
            started = time.perf_counter()
            answer = other.post("/api/account/signin", json=bodies[kind])
            times[kind].append(time.perf_counter() - started)
            assert answer.status_code == 401
    p = mann_whitney_p(times["wrong"], times["unknown"])
    return p, sorted(times["wrong"])[30], sorted(times["unknown"])[30]
