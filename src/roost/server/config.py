"""Server settings: where the database is, how long bots pause, grace periods and limits."""

from __future__ import annotations

import gc
import os
from dataclasses import dataclass
from pathlib import Path

DATABASE_ENV = "ROOST_DATABASE_URL"
"""Environment variable that overrides the default database URL."""
DATA_ENV = "ROOST_DATA_DIR"
"""Environment variable that overrides the default data folder (for the SQLite file)."""


def default_data_dir() -> Path:
    """``$ROOST_DATA_DIR``, else ``$XDG_DATA_HOME/roost``, else ``~/.local/share/roost``."""
    explicit = os.environ.get(DATA_ENV)
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "roost"


def default_database_url() -> str:
    """``$ROOST_DATABASE_URL``, else a SQLite file in the data folder."""
    explicit = os.environ.get(DATABASE_ENV)
    if explicit:
        return explicit
    return sqlite_url(default_data_dir() / "roost.db")


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


@dataclass(frozen=True)
class ChatLimits:
    """The limits of table chat (docs/protocol.md, "Chat"): a chat is for a few words between
    moves, so these keep one person from filling everyone's screen or the database."""

    max_text: int = 300
    """Code points of a message after trimming (a user-perceived character may be several)."""
    max_lines: int = 6
    """Lines of a message (so one message cannot be a screenful of line breaks)."""
    burst: int = 5
    """Messages one connection, or one seat over all its connections, may send per `window`."""
    window: float = 10.0
    """Seconds of the rate limit's window."""
    room_burst: int = 20
    """Messages the whole spectators' room may receive per `window` (many connections)."""
    per_room: int = 500
    """Messages a table keeps per room; further ones are refused (``chat_full``)."""


@dataclass(frozen=True)
class AccountSettings:
    """Accounts and their sessions (docs/protocol.md, "Accounts"): the password hash's cost,
    the session timeouts (OWASP's Session Management cheat sheet) and the sign-in limits."""

    hash_time_cost: int = 3
    """Argon2id passes (argon2-cffi's default profile, RFC 9106's "low memory" one)."""
    hash_memory_kib: int = 65536
    """Argon2id memory per hash, KiB (64 MiB)."""
    hash_parallelism: int = 4
    hashing_at_once: int = 2
    """Password hashes computed at once (each takes `hash_memory_kib`); the others wait."""
    idle_timeout: float = 14 * 24 * 3600.0
    """Seconds a session lives without a request (then it is signed out)."""
    absolute_timeout: float = 60 * 24 * 3600.0
    """Seconds a session lives at most, however busy (then its person signs in again)."""
    touch_every: float = 300.0
    """Seconds between two writes of a session's last use (the idle timeout's clock)."""
    secure_cookies: bool = False
    """Mark the session cookie Secure even on a plain-http request (behind a proxy that ends
    https without telling: see docs/deploy.md). An https request always gets it."""
    attempts_per_account: int = 5
    """Failed sign-ins one user name may take per `attempt_window` (whether or not it exists)."""
    attempts_per_address: int = 20
    """Failed sign-ins one client address may make per `attempt_window`."""
    attempt_window: float = 900.0
    signups_per_address: int = 10
    """Accounts one client address may make per `signup_window`."""
    signup_window: float = 3600.0


FAST_HASHING = AccountSettings(hash_time_cost=1, hash_memory_kib=1024, hash_parallelism=1)
"""Cheap hashes for tests and benchmarks (never for a server people use)."""


@dataclass(frozen=True)
class CoachLimits:
    """The coach's budget (roost.server.coach): reviews and hints are the hard bot's search,
    computed in the bot workers between the bots' own moves."""

    review_iterations: int = 1000
    """Search iterations per decision of a review (the hard bot's budget; the estimates of
    the move chosen and of the best move are each topped up to as many)."""
    hint_iterations: int = 1000
    """Search iterations of a hint (the hard bot's budget)."""
    reviews_at_once: int = 1
    """Reviews computed at the same time by this process (the others wait their turn): one
    piece of one review in the workers at a time leaves them to the bots between pieces."""
    chunk: int = 4
    """Decisions per piece of a review sent to a worker (a piece takes a few tenths of a
    second, so a bot's move never waits long behind it)."""
    queued_reviews: int = 50
    """Reviews waiting or running at once in this process; more are refused (429)."""


@dataclass(frozen=True)
class Settings:
    """Everything `create_app` needs; the defaults are those of `roost serve`."""

    database_url: str = ""
    """SQLAlchemy URL; empty: `default_database_url()`."""
    bot_pause: float = 0.8
    """Seconds a bot waits before its move, so that people can follow."""
    reaction_pause: float = 1.0
    """Median seconds before an answer to a reaction window that the server gives for a
    person, or a bot gives (roost.server.reactions); 0: at once (tests)."""
    bot_workers: int = 2
    """Processes that bots think in; 0 runs them in threads instead (tests, tiny machines)."""
    grace: float = 60.0
    """Seconds a person may stay disconnected before a stand-in plays for them."""
    arrival_grace: float | None = None
    """Seconds a person who took a seat has to come to it: at a waiting table, before the seat
    opens again; at a started one, before a stand-in plays for them. None: `grace` (`roost
    serve --grace` sets both)."""
    standin_level: str = "medium"
    """The bot level that plays for a person who timed out or left."""
    hello_timeout: float = 10.0
    """Seconds a new WebSocket has to send its hello."""
    max_frame: int = 4096
    """Largest WebSocket frame answered normally (bytes)."""
    max_body: int = 65536
    """Largest REST request body (bytes)."""
    moves_per_second: float = 10.0
    move_burst: int = 20
    frames_per_second: float = 30.0
    frame_burst: int = 60
    max_tables_per_client: int = 20
    """Unfinished tables one client address may have created."""
    max_connections_per_table: int = 64
    public_url: str = ""
    """The server's address for invite links (empty: taken from the first request)."""
    cluster: bool = True
    """On PostgreSQL, share the tables with the other server processes on the same database
    (see ``roost.server.tables.cluster``); off: this process assumes it is alone."""
    adopt_every: float = 1.0
    """Seconds between two looks for tables whose owning process is gone (cluster only)."""
    keep_finished: float = 600.0
    """Seconds a finished table with nobody connected stays in memory (then: from the store)."""
    gc_every: float = 0.0
    """Seconds between scheduled full garbage collections; 0: none (the interpreter's own
    schedule). `roost serve` sets `collector.FULL_EVERY` with its tuned thresholds; above 0,
    the objects of start-up are frozen out of the collections' scans too
    (`collector.freeze_start_up`), and the young generation is tended on the loop's clock
    instead of the interpreter's count (`collector.collect_young`: collected while that finds
    garbage, else mostly promoted unscanned)."""
    chat: ChatLimits = ChatLimits()
    """The limits of table chat."""
    accounts: AccountSettings = AccountSettings()
    """Password hashing, session timeouts and sign-in limits."""
    quick_fill: int = 30
    """Seconds a quick-play table waits for people before bots fill its open seats."""
    coach: CoachLimits = CoachLimits()
    """The budget of reviews and hints."""
    commit_gap: float = 0.012
    """Seconds from the start of one commit of the store before the next may start: writes
    made meanwhile share it (`roost.server.db.Store._gather`); 0: no wait. 12 ms: at 1,000
    tables a commit then holds 8-9 moves instead of 3, a quarter less CPU a stored move (the
    writer's thread and the loop's handing over), for about 5 ms more on a move's
    acknowledgement; longer gaps save little more (docs/measured/server-speed.md)."""
    durability: str = "full"
    """What an acknowledged move survives: ``full``, a power cut (every commit is synced to
    stable storage before the answer); ``fast``, the server being killed but not a power cut
    (`roost.server.db.make_engine`; docs/deploy.md, "Durability")."""

    def resolved_url(self) -> str:
        return self.database_url or default_database_url()


GC_THRESHOLDS = (50_000, 20, 100)
"""The cyclic garbage collector's thresholds in a `roost serve` process (Python's: 700, 10, 10).

A busy server makes many objects that live a few seconds (a table's state lives until its next
move); with the defaults they are promoted to the oldest generation and trigger full
collections, each a pause of the whole process: with 1,000 tables, 19 pauses of 0.1-1.2 s in
75 s, which were the load test's whole p95/p99 (scripts/load_server.py; docs/measured/server.md).
Young collections of up to 50,000 objects let them die first; full ones become rare. Once the
app runs, `collector.collect_young` replaces the automatic collections; these thresholds cover
start-up and any process that runs the app without it."""


def tune_gc() -> None:
    """Set `GC_THRESHOLDS` for this process (`roost serve` calls it; tests and embedders that
    run the app in their own process keep theirs)."""
    gc.set_threshold(*GC_THRESHOLDS)
