"""Who a request comes from, and its CSRF check, before any route sees it.

For every HTTP request carrying a ``roost_session`` cookie: a live session puts its `Person`
in ``request.state`` (read by every concern through `roost.server.routing.person_of`), and a
request that may change something must carry the session's CSRF token (else 403
``csrf_failed``, and nothing ran: `roost.server.accounts.csrf`). A cookie that is no session's
(forged, timed out, signed out, its account deleted) makes the request a guest's, and the
answer clears it. WebSockets are not looked at: the play socket acts by seat token only.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import cookie_parser

from roost.server.accounts.csrf import HEADER, SAFE_METHODS, csrf_ok
from roost.server.accounts.sessions import COOKIE
from roost.server.limits import ASGIApp, Message, Receive, Scope, Send
from roost.server.protocol import ErrorBody, ErrorDetail
from roost.server.refusals import CSRF
from roost.server.routing import Person

CLEAR = f"{COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax".encode()


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def _cookie(scope: Scope) -> str | None:
    """The session cookie's value, parsed as Starlette parses cookies for `request.cookies`
    (leniently: a malformed cookie of another site's script does not hide ours)."""
    raw = _header(scope, b"cookie")
    if not raw:
        return None
    return cookie_parser(raw).get(COOKIE) or None


class SessionMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        accounts: Any = None
        if scope["type"] == "http":
            app = scope.get("app")
            accounts = getattr(getattr(app, "state", None), "accounts", None)
        session_id = _cookie(scope) if accounts is not None else None
        if session_id is None:
            await self.app(scope, receive, send)
            return
        live = await accounts.resolve(session_id)
        if live is None:
            await self.app(scope, receive, self._clearing(send))
            return
        if scope["method"] not in SAFE_METHODS and not csrf_ok(
            session_id, _header(scope, HEADER.encode())
        ):
            await _refuse(send)
            return
        state = scope.setdefault("state", {})
        state["person"] = Person(live.user_id, live.name)
        state["session_id"] = session_id
        await self.app(scope, receive, send)

    @staticmethod
    def _clearing(send: Send) -> Send:
        """`send`, adding a Set-Cookie that clears a dead session cookie (unless the answer
        sets a new one: a sign-in)."""

        async def clearing(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                sets = [v for k, v in headers if k.lower() == b"set-cookie"]
                if not any(bytes(v).startswith(COOKIE.encode() + b"=") for v in sets):
                    headers.append((b"set-cookie", CLEAR))
                    message = {**message, "headers": headers}
            await send(message)

        return clearing


async def _refuse(send: Send) -> None:
    body = ErrorBody(
        error=ErrorDetail(
            code="csrf_failed",
            message=CSRF.english(),
            msg=CSRF.to_json(),
        )
    ).model_dump_json(exclude_none=True)
    await send(
        {
            "type": "http.response.start",
            "status": 403,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body.encode()})
