"""The language on the account, on SQLite and PostgreSQL (`database_url`): a signed-in person's
choice (the page's switch) is stored on their account, returned by every account answer (so
another browser that signs in opens in it), and a language Roost does not speak is a clear 400
that changes nothing. Guests have no account to store it on."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from roost.server.app import create_app
from tests.server.test_accounts import PASSWORD, browser, csrf, settings_for, sign_up


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for(database_url))) as test_client:
        yield test_client


def set_language(client: TestClient, language: object) -> tuple[int, dict[str, object]]:
    answer = client.post("/api/account/language", json={"language": language}, headers=csrf(client))
    body: dict[str, object] = answer.json()
    return answer.status_code, body


def test_a_new_account_has_no_language_until_its_person_chooses(client: TestClient) -> None:
    answer = sign_up(client, "Lola")
    assert answer.json()["account"]["language"] is None
    assert client.get("/api/account").json()["account"]["language"] is None
    status, account = set_language(client, "es")
    assert status == 200, account
    assert account["name"] == "Lola" and account["language"] == "es"
    assert client.get("/api/account").json()["account"]["language"] == "es"


def test_the_language_follows_the_account_to_another_browser(client: TestClient) -> None:
    sign_up(client, "Pilar")
    assert set_language(client, "es-ES")[1]["language"] == "es"  # a tag naming Spanish
    other = browser(client)
    signed_in = other.post("/api/account/signin", json={"name": "pilar", "password": PASSWORD})
    assert signed_in.status_code == 200, signed_in.text
    assert signed_in.json()["account"]["language"] == "es"
    # the other browser switches back to English: the account keeps the latest choice
    assert set_language(other, "en")[1]["language"] == "en"
    assert client.get("/api/account").json()["account"]["language"] == "en"


def test_an_unknown_language_is_a_clear_400_and_changes_nothing(client: TestClient) -> None:
    sign_up(client, "Nuria")
    set_language(client, "es")
    for bad in ("fr", "", "xx-YY", "Español"):
        status, body = set_language(client, bad)
        assert status == 400, (bad, body)
        error = body["error"]
        assert isinstance(error, dict) and error["code"] == "bad_language"
        assert repr(bad) in error["message"] and "en, es" in error["message"]
    for malformed in (None, 3, "e" * 100):
        assert set_language(client, malformed)[0] == 422
    extra = client.post(
        "/api/account/language", json={"language": "en", "x": 1}, headers=csrf(client)
    )
    assert extra.status_code == 422
    assert client.get("/api/account").json()["account"]["language"] == "es"


def test_a_guest_cannot_store_a_language_and_a_change_needs_the_csrf_token(
    client: TestClient,
) -> None:
    guest = client.post("/api/account/language", json={"language": "es"})
    assert guest.status_code == 401 and guest.json()["error"]["code"] == "not_signed_in"
    sign_up(client, "Rocio")
    forged = client.post("/api/account/language", json={"language": "es"})
    assert forged.status_code == 403 and forged.json()["error"]["code"] == "csrf_failed"
    assert client.get("/api/account").json()["account"]["language"] is None
