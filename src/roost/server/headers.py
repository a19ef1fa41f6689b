"""Security headers on every HTTP answer of the server: what the browser may load and run.

Invite links and seat tokens live in the web client's page and storage, and names and chat come
from strangers; the headers make the browser enforce what the client already does (it builds
its DOM from data, never from HTML strings: `web/static/js/dom.js`):

* **Content-Security-Policy**: scripts, styles, images and fonts only from the server itself (no
  inline script or style: the client sets styles through the CSSOM, ``element.style``, which a
  CSP allows), ``connect-src`` only to the server's own origin and its WebSocket, no plugins,
  no ``<base>``, forms only to itself, and ``frame-ancestors 'none'`` (no other site may frame
  the table to click for a player).
* **X-Content-Type-Options: nosniff**: a file is run or styled only as the type it was sent as.
* **Referrer-Policy: no-referrer**: the invite link in the address bar never reaches another
  site as a Referer.
* **Permissions-Policy**: no camera, microphone, location, payment, USB or screen capture;
  the clipboard (copying the invite link) and full screen for the server's own pages only.
* **X-Frame-Options: DENY** for browsers older than ``frame-ancestors``, and the
  cross-origin isolation headers that cost nothing here.

FastAPI's API pages (``/docs``, ``/redoc``) load Swagger UI and ReDoc from a CDN with an inline
script: they get a looser policy of their own (`DOCS_POLICY`), with the same frame, sniff and
referrer rules. They hold no token and are not part of the game.
"""

from __future__ import annotations

import re
from typing import Final

from starlette.datastructures import MutableHeaders

from roost.server.limits import ASGIApp, Message, Receive, Scope, Send

POLICY: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "font-src 'self'; manifest-src 'self'; connect-src 'self'{sockets}; base-uri 'none'; "
    "form-action 'self'; object-src 'none'; frame-ancestors 'none'"
)
"""The web client's policy; ``{sockets}`` becomes the WebSocket origins of the request's host."""
DOCS_POLICY: Final = (
    "default-src 'none'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
    "img-src 'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly; "
    "font-src https://fonts.gstatic.com; connect-src 'self'; worker-src blob:; "
    "base-uri 'none'; form-action 'self'; object-src 'none'; frame-ancestors 'none'"
)
"""FastAPI's ``/docs`` (Swagger UI) and ``/redoc``: scripts and styles from their CDN and one
inline script each (the page's configuration), which the strict policy would block."""
DOCS_PATHS: Final = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc"})
PERMISSIONS: Final = (
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=(), "
    "clipboard-write=(self), fullscreen=(self)"
)
FIXED: Final = (
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("permissions-policy", PERMISSIONS),
    ("x-frame-options", "DENY"),
    ("cross-origin-opener-policy", "same-origin"),
    ("cross-origin-resource-policy", "same-origin"),
)
HOST: Final = re.compile(r"^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$")
"""A Host header that may be named in the policy (a name or address, and a port)."""


def content_policy(path: str, host: str | None) -> str:
    """The Content-Security-Policy for a request of `path` with the Host header `host`.

    ``connect-src 'self'`` covers the WebSocket in browsers that follow CSP 3; the socket's own
    origins (``ws://`` and ``wss://`` of the same host) are named as well for those that do
    not. A Host header that does not look like one names nothing (the policy stays 'self')."""
    if path in DOCS_PATHS:
        return DOCS_POLICY
    sockets = ""
    if host and HOST.match(host):
        sockets = f" ws://{host} wss://{host}"
    return POLICY.format(sockets=sockets)


class SecurityHeaders:
    """ASGI middleware: the headers above on every HTTP answer (refusals and static files
    included); a header a route set itself is kept."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = next(
            (
                value.decode("latin-1")
                for name, value in scope.get("headers", ())
                if name == b"host"
            ),
            None,
        )
        policy = content_policy(str(scope.get("path", "")), host)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.setdefault("content-security-policy", policy)
                for name, value in FIXED:
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, send_with_headers)
