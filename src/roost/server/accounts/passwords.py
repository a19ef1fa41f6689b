"""Passwords: which ones are accepted (NIST SP 800-63B, section 5.1.1.2) and how they are kept
(argon2id through argon2-cffi).

The rules are NIST's: at least 8 characters, no rule of composition (no "a digit and a capital"),
at most 256 (every printable character and space allowed; the limit only bounds the cost of a
hash), normalized to NFKC before hashing so that a password typed on another keyboard matches,
and none of the 10,000 most common passwords (``common_passwords.txt``, from the zxcvbn package:
its header says where from) nor the user name itself.

Only the argon2id hash (salted, with its parameters) is stored. Verification of an unknown user
name runs against a dummy hash of the same cost, so that its answer takes as long as a wrong
password's (tests/server/test_accounts.py measures it).
"""

from __future__ import annotations

import asyncio
import secrets
import unicodedata
from functools import cache
from pathlib import Path

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from roost.core.message import message
from roost.server.config import AccountSettings
from roost.server.errors import ServerError

MIN_LENGTH = 8
MAX_LENGTH = 256
COMMON = Path(__file__).with_name("common_passwords.txt")


@cache
def common_passwords() -> frozenset[str]:
    """The shipped list of common passwords, in lower case."""
    lines = COMMON.read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip().lower() for line in lines if line and not line.startswith("#"))


def normalize(password: str) -> str:
    return unicodedata.normalize("NFKC", password)


def check_new(password: str, name: str) -> str:
    """The password to hash, normalized; `weak_password` (400) if the rules refuse it. The
    message says which rule, never echoing the password."""
    password = normalize(password)
    length = len(password)
    if length < MIN_LENGTH:
        raise ServerError(
            "weak_password",
            message("a password needs at least {min} characters", min=MIN_LENGTH),
            400,
        )
    if length > MAX_LENGTH:
        raise ServerError(
            "weak_password",
            message("a password has at most {max} characters", max=MAX_LENGTH),
            400,
        )
    if password.lower() in common_passwords():
        raise ServerError(
            "weak_password",
            message(
                "this password is one of the most common ones, which are tried first: "
                "choose another"
            ),
            400,
        )
    if password.lower() == name.lower():
        raise ServerError("weak_password", message("the password cannot be the user name"), 400)
    return password


class Hasher:
    """argon2id hashing off the event loop, a few at a time (each takes its memory)."""

    def __init__(self, settings: AccountSettings) -> None:
        self._hasher = PasswordHasher(
            time_cost=settings.hash_time_cost,
            memory_cost=settings.hash_memory_kib,
            parallelism=settings.hash_parallelism,
        )
        self._slots = asyncio.Semaphore(settings.hashing_at_once)
        self._dummy = self._hasher.hash(secrets.token_urlsafe(16))
        """A hash of nobody's password, verified for unknown user names (same cost)."""

    async def hash(self, password: str) -> str:
        async with self._slots:
            return await asyncio.to_thread(self._hasher.hash, normalize(password))

    async def verify(self, stored: str | None, password: str) -> bool:
        """Whether `password` is the one `stored` hashes; with no stored hash (no such user),
        the same work against the dummy hash, and False."""
        async with self._slots:
            return await asyncio.to_thread(self._verify, stored, normalize(password))

    def _verify(self, stored: str | None, password: str) -> bool:
        try:
            matched = self._hasher.verify(stored or self._dummy, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False
        return matched and stored is not None

    def needs_rehash(self, stored: str) -> bool:
        """Whether a stored hash was made with other parameters than today's."""
        return self._hasher.check_needs_rehash(stored)
