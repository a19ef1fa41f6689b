"""Quick play and the table properties behind it (on SQLite and PostgreSQL): "Play now" seats
people at the oldest open public table of the game with the same rated choice, or opens one;
private tables are never listed nor found by quick play; a table that fills itself gives its
open seats bots of its level when its wait is over, also after a restart."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from roost.server.app import create_app
from roost.server.config import FAST_HASHING, Settings


def settings_for(database_url: str, quick_fill: int = 30) -> Settings:
    return Settings(
        database_url=database_url,
        bot_pause=0.0,
        reaction_pause=0.0,
        bot_workers=0,
        accounts=FAST_HASHING,
        quick_fill=quick_fill,
    )


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for(database_url))) as test_client:
        yield test_client


def browser(client: TestClient) -> TestClient:
    other = TestClient(client.app, base_url=str(client.base_url))
    other.portal = client.portal
    return other


def quick(client: TestClient, name: str, **extra: Any) -> dict[str, Any]:
    answer = client.post("/api/quickplay", json={"game": "egg-bound", "name": name, **extra})
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def test_play_now_seats_people_at_one_table_until_it_is_full(client: TestClient) -> None:
    first = quick(client, "Ana")
    table = first["table"]
    assert table["public"] and table["fill_after"] == 30 and not table["rated"]
    assert table["fill_at"] == pytest.approx(table["created_at"] + 30)
    players = len(table["seats"])  # the game's default
    seats = [first["seat"]]
    for index in range(1, players):
        grant = quick(browser(client), f"P{index}")
        assert grant["table"]["id"] == table["id"]
        seats.append(grant["seat"])
    assert seats == list(range(players))
    assert client.get(f"/api/tables/{table['id']}").json()["status"] == "playing"
    again = quick(browser(client), "Late")
    assert again["table"]["id"] != table["id"] and again["seat"] == 0


def test_play_now_takes_the_oldest_open_public_table_of_its_kind(client: TestClient) -> None:
    def make(**extra: Any) -> str:
        body = {"game": "egg-bound", "players": 3, "name": "Host", **extra}
        made = browser(client).post("/api/tables", json=body)
        assert made.status_code == 201, made.text
        return str(made.json()["table"]["id"])

    private = make(public=False)
    oldest = make()
    make()  # a newer one
    other_game = browser(client).post(
        "/api/tables", json={"game": "eggo", "players": 3, "name": "Host"}
    )
    assert other_game.status_code == 201
    assert quick(browser(client), "Bo")["table"]["id"] == oldest
    listed = {t["id"] for t in client.get("/api/tables?status=all").json()}
    assert oldest in listed and private not in listed
    # the private table is still reached by its link
    assert client.get(f"/api/tables/{private}").json()["public"] is False


def test_rated_play_now_needs_an_account_and_meets_rated_tables_only(client: TestClient) -> None:
    refused = client.post("/api/quickplay", json={"game": "egg-bound", "name": "G", "rated": True})
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "sign_in_required"
    unrated = quick(browser(client), "Guest")
    ana, bo = browser(client), browser(client)
    for who, name in ((ana, "Ana"), (bo, "Bo_")):
        made = who.post("/api/account/signup", json={"name": name, "password": "a fine password"})
        assert made.status_code == 201
    headers = {"X-CSRF-Token": ana.get("/api/account").json()["csrf"]}
    rated = ana.post(
        "/api/quickplay", json={"game": "egg-bound", "name": "x", "rated": True}, headers=headers
    ).json()
    assert rated["table"]["id"] != unrated["table"]["id"] and rated["table"]["rated"]
    assert rated["table"]["seats"][0]["name"] == "Ana"
    headers = {"X-CSRF-Token": bo.get("/api/account").json()["csrf"]}
    joined = bo.post(
        "/api/quickplay", json={"game": "egg-bound", "name": "x", "rated": True}, headers=headers
    ).json()
    assert joined["table"]["id"] == rated["table"]["id"] and joined["seat"] == 1
    # Ana asking again does not take a second seat at her own table
    headers = {"X-CSRF-Token": ana.get("/api/account").json()["csrf"]}
    second = ana.post(
        "/api/quickplay", json={"game": "egg-bound", "name": "x", "rated": True}, headers=headers
    ).json()
    assert second["table"]["id"] != rated["table"]["id"]


def test_a_retried_play_now_gets_the_same_seat(client: TestClient) -> None:
    token = "q" * 43
    first = quick(client, "Ana", token=token)
    again = quick(client, "Ana", token=token)
    assert (again["table"]["id"], again["seat"]) == (first["table"]["id"], first["seat"])
    joiner = "j" * 43
    joined = quick(browser(client), "Bo", token=joiner)
    assert quick(browser(client), "Bo", token=joiner)["seat"] == joined["seat"]


@pytest.mark.timeout(120)
def test_open_seats_get_bots_when_the_wait_is_over(database_url: str) -> None:
    with TestClient(create_app(settings_for(database_url, quick_fill=5))) as client:
        grant = quick(client, "Ana")
        table_id = grant["table"]["id"]
        assert grant["table"]["status"] == "waiting"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            info = client.get(f"/api/tables/{table_id}").json()
            if info["status"] != "waiting":
                break
            time.sleep(0.2)
        assert info["status"] in ("playing", "over")
        assert time.time() >= info["created_at"] + 5
        kinds = [(s["type"], s["level"]) for s in info["seats"]]
        assert kinds[0] == ("person", None)
        assert all(kind == ("bot", "medium") for kind in kinds[1:])


@pytest.mark.timeout(120)
def test_the_wait_goes_on_after_a_restart(database_url: str) -> None:
    with TestClient(create_app(settings_for(database_url, quick_fill=6))) as client:
        table_id = quick(client, "Ana")["table"]["id"]
    with TestClient(create_app(settings_for(database_url, quick_fill=6))) as client:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            info = client.get(f"/api/tables/{table_id}").json()
            if info["status"] != "waiting":
                break
            time.sleep(0.2)
        assert info["status"] in ("playing", "over")
        assert [s["type"] for s in info["seats"][1:]] == ["bot"] * (len(info["seats"]) - 1)


def test_a_creator_may_fill_with_bots_of_a_level(client: TestClient) -> None:
    body = {"game": "eggo", "players": 3, "name": "Ana", "fill_after": 5, "level": "hard"}
    made = client.post("/api/tables", json=body)
    assert made.status_code == 201 and made.json()["table"]["fill_after"] == 5
    for bad in (4, 3601):
        refused = client.post("/api/tables", json={**body, "fill_after": bad})
        assert refused.status_code == 422
