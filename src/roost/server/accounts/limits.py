"""Sign-in attempts, limited per user name and per client address (OWASP's Authentication
cheat sheet), and sign-ups per address.

Failures are counted in a sliding window: past `attempts_per_account` failures for one user
name (whether or not an account has it: the limit must not tell) or `attempts_per_address`
from one address, further tries are refused (429 ``too_many_attempts``, with when to try again)
before any password is checked. A success clears its name's count. Counts are kept by each
server process (with several processes, each allows its own share).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

from roost.core.message import Message, message
from roost.server.config import AccountSettings
from roost.server.errors import ServerError


class Window:
    """Events per key in the last `span` seconds."""

    def __init__(self, limit: int, span: float, clock: Callable[[], float]) -> None:
        self.limit = limit
        self.span = span
        self.clock = clock
        self._events: dict[str, deque[float]] = {}

    def _live(self, key: str) -> deque[float]:
        events = self._events.get(key)
        if events is None:
            return deque()
        cutoff = self.clock() - self.span
        while events and events[0] <= cutoff:
            events.popleft()
        if not events:
            del self._events[key]
        return events

    def wait(self, key: str) -> float:
        """Seconds before `key` may act again (0: now)."""
        events = self._live(key)
        if len(events) < self.limit:
            return 0.0
        return max(0.0, events[len(events) - self.limit] + self.span - self.clock())

    def add(self, key: str) -> None:
        if len(self._events) > 100_000:  # bound the memory a flood of names can take
            for stale in list(self._events)[:50_000]:
                self._live(stale)
        self._events.setdefault(key, deque()).append(self.clock())

    def clear(self, key: str) -> None:
        self._events.pop(key, None)


class SignInLimits:
    def __init__(
        self, settings: AccountSettings, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.accounts = Window(settings.attempts_per_account, settings.attempt_window, clock)
        self.addresses = Window(settings.attempts_per_address, settings.attempt_window, clock)
        self.signups = Window(settings.signups_per_address, settings.signup_window, clock)

    def check(self, name_key: str, address: str) -> None:
        wait = max(self.accounts.wait(name_key), self.addresses.wait(address))
        if wait > 0:
            raise too_many(
                wait, lambda s: message("too many sign-in attempts; try again in {s} s", s=s)
            )

    def failed(self, name_key: str, address: str) -> None:
        self.accounts.add(name_key)
        self.addresses.add(address)

    def succeeded(self, name_key: str) -> None:
        self.accounts.clear(name_key)

    def check_signup(self, address: str) -> None:
        wait = self.signups.wait(address)
        if wait > 0:
            raise too_many(
                wait,
                lambda s: message(
                    "too many new accounts from this address; try again in {s} s", s=s
                ),
            )

    def signed_up(self, address: str) -> None:
        self.signups.add(address)


class TooMany(ServerError):
    def __init__(self, said: Message, retry_after: int) -> None:
        super().__init__("too_many_attempts", said, 429)
        self.headers = {"Retry-After": str(retry_after)}


def too_many(wait: float, said: Callable[[int], Message]) -> TooMany:
    """The refusal of one more attempt for `wait` seconds (whole, rounded up): `said` of them."""
    seconds = max(1, int(wait + 0.999))
    refused = said(seconds)
    return TooMany(refused, seconds)
