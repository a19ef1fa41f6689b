"""The REST routes of accounts (docs/protocol.md, "Accounts"): sign up, sign in, who am I, sign
out (here or everywhere), a new password, deleting the account, and bringing a browser's guest
seats along. Every route that changes something, when the request carries a session cookie,
went through the CSRF check of `roost.server.accounts.middleware` first."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from roost.server.accounts.csrf import csrf_token
from roost.server.accounts.service import Accounts, Granted, account_of, not_signed_in
from roost.server.accounts.sessions import clear_cookie, session_cookie, set_cookie
from roost.server.protocol import (
    Account,
    AccountAnswer,
    ChangePassword,
    Claimed,
    ClaimSeats,
    DeleteAccount,
    Me,
    SetLanguage,
    SignIn,
    SignUp,
)
from roost.server.routing import ERRORS, Person, client_address, person_of

router = APIRouter(tags=["accounts"])


def accounts_of(request: Request) -> Accounts:
    accounts: Accounts = request.app.state.accounts
    return accounts


def signed_in(request: Request) -> tuple[Person, str]:
    """The person and their session id, or `not_signed_in` (401)."""
    person = person_of(request)
    session_id = getattr(request.state, "session_id", None)
    if person is None or not isinstance(session_id, str):
        raise not_signed_in()
    return person, session_id


def _answer(granted: Granted, request: Request, response: Response) -> AccountAnswer:
    set_cookie(response, request, granted.session_id, accounts_of(request).settings)
    response.headers["Cache-Control"] = "no-store"
    return AccountAnswer(account=granted.account, csrf=granted.csrf, claimed=granted.claimed)


@router.get("/api/account", response_model=Me, responses=ERRORS)
async def me(request: Request, response: Response) -> Me:
    """The signed-in account and its session's CSRF token; nulls for a guest."""
    response.headers["Cache-Control"] = "no-store"
    person = person_of(request)
    session_id = getattr(request.state, "session_id", None)
    if person is None or not isinstance(session_id, str):
        return Me(account=None, csrf=None)
    user = await accounts_of(request).user(person.id)
    if user is None:
        return Me(account=None, csrf=None)
    return Me(account=account_of(user), csrf=csrf_token(session_id))


@router.post("/api/account/signup", status_code=201, response_model=AccountAnswer, responses=ERRORS)
async def sign_up(body: SignUp, request: Request, response: Response) -> AccountAnswer:
    """Make an account and sign in; the guest seats listed become the account's."""
    granted = await accounts_of(request).sign_up(
        body.name,
        body.password.get_secret_value(),
        body.seats,
        client_address(request),
        session_cookie(request),
    )
    return _answer(granted, request, response)


@router.post("/api/account/signin", response_model=AccountAnswer, responses=ERRORS)
async def sign_in(body: SignIn, request: Request, response: Response) -> AccountAnswer:
    """Sign in: a new session (the browser's old one, if any, ends)."""
    granted = await accounts_of(request).sign_in(
        body.name,
        body.password.get_secret_value(),
        body.seats,
        client_address(request),
        session_cookie(request),
    )
    return _answer(granted, request, response)


@router.post("/api/account/signout", status_code=204, responses=ERRORS)
async def sign_out(request: Request) -> Response:
    _person, session_id = signed_in(request)
    accounts = accounts_of(request)
    await accounts.sign_out(session_id)
    response = Response(status_code=204)
    clear_cookie(response, request, accounts.settings)
    return response


@router.post("/api/account/signout-everywhere", status_code=204, responses=ERRORS)
async def sign_out_everywhere(request: Request) -> Response:
    """End every session of the account, this one too."""
    person, _session_id = signed_in(request)
    accounts = accounts_of(request)
    await accounts.sign_out_everywhere(person.id)
    response = Response(status_code=204)
    clear_cookie(response, request, accounts.settings)
    return response


@router.post("/api/account/password", response_model=AccountAnswer, responses=ERRORS)
async def change_password(
    body: ChangePassword, request: Request, response: Response
) -> AccountAnswer:
    """A new password: every session ends, this browser gets a new one."""
    person, _session_id = signed_in(request)
    granted = await accounts_of(request).change_password(
        person.id,
        body.password.get_secret_value(),
        body.new_password.get_secret_value(),
        client_address(request),
    )
    return _answer(granted, request, response)


@router.post("/api/account/language", response_model=Account, responses=ERRORS)
async def set_language(body: SetLanguage, request: Request, response: Response) -> Account:
    """Store the language the person chose with the page's switch; every browser they sign in
    on then opens in it (until that browser's own switch chooses another)."""
    person, _session_id = signed_in(request)
    response.headers["Cache-Control"] = "no-store"
    return await accounts_of(request).set_language(person.id, body.language)


@router.post("/api/account/delete", status_code=204, responses=ERRORS)
async def delete_account(body: DeleteAccount, request: Request) -> Response:
    """Delete the account (with the password): its games stay, under "deleted player"."""
    person, _session_id = signed_in(request)
    accounts = accounts_of(request)
    await accounts.delete(person.id, body.password.get_secret_value(), client_address(request))
    response = Response(status_code=204)
    clear_cookie(response, request, accounts.settings)
    return response


@router.post("/api/account/seats", response_model=Claimed, responses=ERRORS)
async def claim_seats(body: ClaimSeats, request: Request) -> Claimed:
    """Give the account the guest seats this browser holds (by their tokens)."""
    person, _session_id = signed_in(request)
    return Claimed(claimed=await accounts_of(request).claim(person.id, person.name, body.seats))
