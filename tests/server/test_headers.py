"""Every HTTP answer of the server carries the security headers (roost.server.headers): every
route of the app, answered or refused, the pages, the static files and the errors."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from roost.server.app import create_app
from roost.server.config import Settings
from roost.server.headers import DOCS_PATHS, DOCS_POLICY

EXPECTED = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'roost.db'}", bot_workers=0)
    with TestClient(create_app(settings)) as opened:
        yield opened


def directives(policy: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


def check(response_headers: dict[str, str], path: str) -> None:
    for name, value in EXPECTED.items():
        assert response_headers.get(name) == value, (path, name)
    permissions = response_headers.get("permissions-policy", "")
    for feature in ("camera=()", "microphone=()", "geolocation=()"):
        assert feature in permissions, (path, permissions)
    policy = response_headers.get("content-security-policy", "")
    rules = directives(policy)
    assert rules.get("frame-ancestors") == ["'none'"], (path, policy)
    if path in DOCS_PATHS:
        assert policy == DOCS_POLICY
        return
    assert rules["default-src"] == ["'none'"]
    assert rules["script-src"] == ["'self'"], policy
    assert rules["style-src"] == ["'self'"], policy
    assert rules["connect-src"] == ["'self'", "ws://testserver", "wss://testserver"], policy
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy


HIDDEN = (
    ("GET", "/"),
    ("GET", "/t/{table_id}"),
    ("GET", "/replay/{table_id}"),
    ("GET", "/metrics"),
    ("GET", "/docs"),
    ("GET", "/docs/oauth2-redirect"),
    ("GET", "/redoc"),
    ("GET", "/openapi.json"),
)
"""The routes outside the API's schema: the web client's pages, metrics and the API pages."""


def test_every_route_answers_with_the_security_headers(client: TestClient) -> None:
    """Every route of the schema with every method, and every route outside it, once with a
    real table (answered) and once with an unknown one (refused)."""
    created = client.post(
        "/api/tables",
        json={"game": "eggo", "players": 2, "seats": [{"type": "open"}, {"type": "open"}]},
    )
    assert created.status_code == 201
    real = created.json()["table"]["id"]
    schema = client.get("/openapi.json").json()["paths"]
    routes = [(method.upper(), path) for path, item in schema.items() for method in item]
    routes += HIDDEN
    assert len(routes) > len(HIDDEN) + 5
    statuses: set[int] = set()
    for method, template in routes:
        for table in (real, "nosuchtable"):
            path = re.sub(r"\{[^}]+\}", table, template)
            body: dict[str, object] | None = {} if method in ("POST", "PUT", "PATCH") else None
            response = client.request(method, path, json=body)
            check(dict(response.headers), template)
            statuses.add(response.status_code)
    assert {200, 404} <= statuses  # answered and refused alike


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/static/js/main.js", 200),
        ("GET", "/static/css/roost.css", 200),
        ("GET", "/static/favicon.svg", 200),
        ("GET", "/static/nothing-here.js", 404),
        ("GET", "/no/such/route", 404),
        ("DELETE", "/api/health", 405),
        ("POST", "/api/tables", 413),
    ],
)
def test_static_files_and_refusals_carry_them_too(
    client: TestClient, method: str, path: str, status: int
) -> None:
    body = b"x" * 70_000 if status == 413 else None
    response = client.request(method, path, content=body)
    assert response.status_code == status
    check(dict(response.headers), path)


def test_a_forged_host_header_names_no_socket_origin(client: TestClient) -> None:
    response = client.get("/", headers={"host": "evil.example'; script-src *"})
    rules = directives(response.headers["content-security-policy"])
    assert rules["connect-src"] == ["'self'"]
    assert rules["script-src"] == ["'self'"]
