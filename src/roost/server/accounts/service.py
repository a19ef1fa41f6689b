"""Accounts: sign-up, sign-in, sign-out (here or everywhere), a new password, deletion, and the
guest seats a browser brings along (docs/protocol.md, "Accounts").

Sign-in answers one message for an unknown name and a wrong password, after the same work (an
argon2id verification, against a dummy hash for an unknown name), and counts failures per name
and per address (`roost.server.accounts.limits`). Every sign-in and password change makes a new
session (`roost.server.accounts.sessions`); the one the browser had is ended.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial

from sqlalchemy.orm import Session

from roost.core.message import message
from roost.server.accounts import rows
from roost.server.accounts.csrf import csrf_token
from roost.server.accounts.limits import SignInLimits
from roost.server.accounts.passwords import Hasher, check_new
from roost.server.accounts.sessions import hash_session_id, new_session_id
from roost.server.config import AccountSettings
from roost.server.db import Store
from roost.server.errors import ServerError, known_language
from roost.server.protocol import Account, HeldSeat
from roost.server.tables.table import hash_token

log = logging.getLogger("roost.server.accounts")

BAD_CREDENTIALS = message("the user name or the password is wrong")


def not_signed_in() -> ServerError:
    return ServerError("not_signed_in", message("sign in first"), 401)


def account_of(user: rows.User) -> Account:
    """What the account API says of a user (never the password hash)."""
    return Account(name=user.name, created_at=user.created_at, language=user.language)


@dataclass(frozen=True)
class Granted:
    """A new session: its id (for the cookie only), the account and the session's CSRF
    token."""

    session_id: str
    account: Account
    csrf: str
    claimed: int


class Accounts:
    def __init__(
        self,
        store: Store,
        settings: AccountSettings,
        seats_changed: Callable[[list[str]], Awaitable[None]] | None = None,
    ) -> None:
        self.store = store
        self.settings = settings
        self.hasher = Hasher(settings)
        self.limits = SignInLimits(settings)
        self.seats_changed = seats_changed
        """Told the tables whose seats became an account's (the lobby reloads them)."""

    # --- sessions -------------------------------------------------------------------------------

    async def resolve(self, session_id: str) -> rows.LiveSession | None:
        """The live session of a cookie's id, or None (unknown, timed out, or its account
        deleted); its last use is written now and then, for the idle timeout."""
        if len(session_id) > 128:
            return None
        id_hash = hash_session_id(session_id)
        now = time.time()
        live = await self.store.read(
            partial(
                rows.live_session,
                id_hash=id_hash,
                now=now,
                idle=self.settings.idle_timeout,
                absolute=self.settings.absolute_timeout,
            )
        )
        if live is not None and now - live.seen_at > self.settings.touch_every:
            await self.store.write(partial(rows.touch_session, id_hash=id_hash, now=now))
        return live

    def _open(
        self, session: Session, user: rows.User, old: str | None, seats: list[HeldSeat]
    ) -> tuple[str, list[str]]:
        """In one transaction: end the browser's old session, make a new one, and give the
        account the guest seats the browser holds."""
        if old is not None:
            rows.delete_session(session, hash_session_id(old))
        session_id = new_session_id()
        rows.insert_session(session, hash_session_id(session_id), user.id)
        held = [(seat.table, hash_token(seat.token)) for seat in seats]
        return session_id, rows.claim_seats(session, user.id, user.name, held)

    async def _granted(self, user: rows.User, session_id: str, changed: list[str]) -> Granted:
        if changed and self.seats_changed is not None:
            await self.seats_changed(changed)
        return Granted(
            session_id,
            account_of(user),
            csrf_token(session_id),
            len(changed),
        )

    # --- sign-up and sign-in --------------------------------------------------------------------

    async def sign_up(
        self, name: str, password: str, seats: list[HeldSeat], address: str, old: str | None
    ) -> Granted:
        self.limits.check_signup(address)
        password = check_new(password, name)
        password_hash = await self.hasher.hash(password)

        def write(session: Session) -> tuple[rows.User, str, list[str]] | None:
            user = rows.insert_user(session, name, password_hash)
            if user is None:
                return None
            return user, *self._open(session, user, old, seats)

        made = await self.store.write(write)
        if made is None:
            raise ServerError(
                "name_taken",
                message("the user name {name} is taken: choose another", name=repr(name)),
            )
        self.limits.signed_up(address)
        user, session_id, changed = made
        log.info("account %d made", user.id)
        return await self._granted(user, session_id, changed)

    async def sign_in(
        self, name: str, password: str, seats: list[HeldSeat], address: str, old: str | None
    ) -> Granted:
        key = rows.name_key(name)
        self.limits.check(key, address)
        user = await self.store.read(partial(rows.user_by_name, name=name))
        stored = user.password_hash if user is not None else None
        if not await self.hasher.verify(stored, password) or user is None:
            self.limits.failed(key, address)
            raise ServerError("bad_credentials", BAD_CREDENTIALS, 401)
        self.limits.succeeded(key)
        rehash = (
            await self.hasher.hash(password) if self.hasher.needs_rehash(stored or "") else None
        )

        def write(session: Session) -> tuple[str, list[str]]:
            if rehash is not None:
                rows.set_password(session, user.id, rehash)
            return self._open(session, user, old, seats)

        session_id, changed = await self.store.write(write)
        return await self._granted(user, session_id, changed)

    async def _check_password(self, user_id: int, password: str, address: str) -> rows.User:
        """The signed-in person's account, if `password` is its password (a wrong one counts
        as a failed sign-in)."""
        user = await self.store.read(partial(rows.user_by_id, user_id=user_id))
        if user is None:
            raise not_signed_in()
        key = rows.name_key(user.name)
        self.limits.check(key, address)
        if not await self.hasher.verify(user.password_hash, password):
            self.limits.failed(key, address)
            raise ServerError("bad_credentials", message("the password is wrong"), 401)
        return user

    async def user(self, user_id: int) -> rows.User | None:
        return await self.store.read(partial(rows.user_by_id, user_id=user_id))

    # --- the signed-in person's requests --------------------------------------------------------

    async def sign_out(self, session_id: str) -> None:
        await self.store.write(partial(rows.delete_session, id_hash=hash_session_id(session_id)))

    async def sign_out_everywhere(self, user_id: int) -> int:
        return await self.store.write(partial(rows.delete_sessions, user_id=user_id))

    async def set_language(self, user_id: int, language: str) -> Account:
        """Store the language the person chose (a code of `LANGUAGES`, or a tag naming one:
        ``es-ES``); anything else is a 400 and changes nothing."""
        code = known_language(language)
        user = await self.store.write(partial(_set_language, user_id=user_id, language=code))
        if user is None:
            raise not_signed_in()
        return account_of(user)

    async def change_password(
        self, user_id: int, password: str, new_password: str, address: str
    ) -> Granted:
        user = await self._check_password(user_id, password, address)
        new_password = check_new(new_password, user.name)
        password_hash = await self.hasher.hash(new_password)

        def write(session: Session) -> tuple[str, list[str]]:
            rows.set_password(session, user.id, password_hash)
            rows.delete_sessions(session, user.id)  # every session, this one too
            return self._open(session, user, None, [])

        session_id, changed = await self.store.write(write)
        log.info("account %d: new password, every session ended", user.id)
        return await self._granted(user, session_id, changed)

    async def delete(self, user_id: int, password: str, address: str) -> None:
        user = await self._check_password(user_id, password, address)
        tables = await self.store.write(partial(rows.delete_user, user_id=user.id))
        log.info("account %d deleted", user.id)
        if tables and self.seats_changed is not None:
            await self.seats_changed(tables)

    async def claim(self, user_id: int, name: str, seats: list[HeldSeat]) -> int:
        held = [(seat.table, hash_token(seat.token)) for seat in seats]
        changed = await self.store.write(
            partial(rows.claim_seats, user_id=user_id, name=name, held=held)
        )
        if changed and self.seats_changed is not None:
            await self.seats_changed(changed)
        return len(changed)


def _set_language(session: Session, user_id: int, language: str) -> rows.User | None:
    """Write the language and read the account back, in one transaction (None: it is gone)."""
    if not rows.set_language(session, user_id, language):
        return None
    return rows.user_by_id(session, user_id)
