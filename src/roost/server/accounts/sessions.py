"""Sessions, after OWASP's Session Management cheat sheet: the id is 256 random bits, kept only
in the person's cookie (the store holds its SHA-256), ended by an idle and an absolute timeout,
made anew at every sign-in and password change (so an id planted before sign-in is worth
nothing: no fixation), and ended at sign-out, sign-out everywhere, a password change and the
deletion of the account.

The cookie is ``roost_session``: HttpOnly (no script reads it), SameSite=Lax (not sent with a
cross-site POST), Path=/, Secure on https (or when `AccountSettings.secure_cookies` says the
server is behind an https proxy), with a Max-Age of the absolute timeout.
"""

from __future__ import annotations

import hashlib
import secrets

from fastapi import Request, Response

from roost.server.config import AccountSettings

COOKIE = "roost_session"


def new_session_id() -> str:
    """256 random bits, base64url (43 characters)."""
    return secrets.token_urlsafe(32)


def hash_session_id(session_id: str) -> str:
    return hashlib.sha256(session_id.encode("utf-8", "surrogatepass")).hexdigest()


def session_cookie(request: Request) -> str | None:
    value = request.cookies.get(COOKIE)
    return value if value else None


def secure(request: Request, settings: AccountSettings) -> bool:
    return settings.secure_cookies or request.url.scheme == "https"


def set_cookie(
    response: Response, request: Request, session_id: str, settings: AccountSettings
) -> None:
    response.set_cookie(
        COOKIE,
        session_id,
        max_age=int(settings.absolute_timeout),
        path="/",
        httponly=True,
        samesite="lax",
        secure=secure(request, settings),
    )


def clear_cookie(response: Response, request: Request, settings: AccountSettings) -> None:
    response.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="lax", secure=secure(request, settings)
    )
