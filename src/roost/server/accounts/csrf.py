"""CSRF protection for requests made with the session cookie (OWASP's CSRF cheat sheet).

The token is bound to the session: HMAC-SHA256 of a fixed label keyed by the session id. The
server keeps nothing more (it recomputes the token from the cookie), a page of another site can
neither read the token (it is given in a JSON answer, which another origin cannot read) nor make
it (it would need the session id, which no script reads: the cookie is HttpOnly), and a new
session (sign-in, password change) has a new token.

Every request that may change something (any method but GET, HEAD and OPTIONS) and carries a
live session cookie must send the token in the ``X-CSRF-Token`` header, or it is refused (403
``csrf_failed``) before it reaches any route. Requests that act with a seat token in
``Authorization: Bearer`` need none: a browser never adds that header by itself.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

HEADER = "x-csrf-token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
LABEL = b"roost csrf token v1"


def csrf_token(session_id: str) -> str:
    digest = hmac.new(session_id.encode("utf-8", "surrogatepass"), LABEL, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def csrf_ok(session_id: str, sent: str | None) -> bool:
    """Whether `sent` is this session's token (compared in constant time)."""
    if not sent:
        return False
    return hmac.compare_digest(csrf_token(session_id).encode(), sent.encode("utf-8", "replace"))
