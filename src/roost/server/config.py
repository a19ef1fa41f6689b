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
    chat: ChatLimits = ChatLimits()
    """The limits of table chat."""
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
Young collections of up to 50,000 objects let them die first; full ones become rare."""


def tune_gc() -> None:
    """Set `GC_THRESHOLDS` for this process (`roost serve` calls it; tests and embedders that
    run the app in their own process keep theirs)."""
    gc.set_threshold(*GC_THRESHOLDS)
