"""What every router of the server shares: the error answers, the client's address, the seat
token of a request's header and the signed-in person, if any. (The services a request reaches
are each concern's own: the lobby through `roost.server.tables.routes.lobby_of`, the chat
through `chat.routes.chat_of`, accounts through `accounts.routes.accounts_of`.)"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from roost.core.message import message
from roost.server.errors import ServerError
from roost.server.invalid import invalid
from roost.server.protocol import ErrorBody, ErrorDetail

ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody} for status in (400, 401, 403, 404, 409, 413, 429)
}
"""The refusals a route may answer, for the OpenAPI schema (docs/protocol.md, "Errors")."""

HTTP_SAID = {said.english(): said for said in (message("Not Found"), message("Method Not Allowed"))}
"""Starlette's own refusals (an unknown address, a method a route does not take), as messages."""


def install_error_handlers(app: FastAPI) -> None:
    """Every refusal answers the same JSON body: `ServerError`s, bodies that do not fit the
    schema (422) and Starlette's own (404 for an unknown route, 405)."""

    @app.exception_handler(ServerError)
    async def server_error(_request: Request, error: ServerError) -> JSONResponse:
        response = error_response(error.status, error.code, error.message, msg=error.msg)
        response.headers.update(getattr(error, "headers", None) or {})
        return response

    @app.exception_handler(RequestValidationError)
    async def unfit(_request: Request, error: RequestValidationError) -> JSONResponse:
        details = [
            {"loc": list(e.get("loc", ())), "msg": str(e.get("msg", "")), "type": e.get("type")}
            for e in error.errors()
        ]
        said = invalid(error.errors()[0] if details else None)
        return error_response(422, "invalid_request", said.english(), details, said.to_json())

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, error: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "http_error")
        said = HTTP_SAID.get(str(error.detail))
        msg = said.to_json() if said is not None else None
        return error_response(error.status_code, code, str(error.detail), msg=msg)


def error_response(
    status: int,
    code: str,
    message: str,
    details: list[dict[str, Any]] | None = None,
    msg: dict[str, Any] | None = None,
) -> JSONResponse:
    body = ErrorBody(error=ErrorDetail(code=code, message=message, details=details, msg=msg))
    return JSONResponse(body.model_dump(exclude_none=True), status_code=status)


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def bearer(authorization: str | None) -> str | None:
    """The token of ``Authorization: Bearer <token>``; None without the header."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ServerError(
            "unauthorized", message("send the seat token as 'Authorization: Bearer ...'"), 401
        )
    return token.strip()


@dataclass(frozen=True)
class Person:
    """Who a request comes from when it carries a live session cookie: an account's id and
    name. Set by `roost.server.accounts.middleware` (which also checked the request's CSRF
    token if it changes anything); the other concerns read it here and never import accounts."""

    id: int
    name: str


def person_of(request: Request) -> Person | None:
    """The signed-in person making this request, or None for a guest."""
    person = getattr(request.state, "person", None)
    return person if isinstance(person, Person) else None
