"""A small filesystem to fill, for the tests of a full disk (tests/server/test_outages.py,
tests/e2e/test_outage_web.py): a tmpfs mounted as root, and a file that takes all its room."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest


def mount_tmpfs(folder: Path, size: str) -> None:
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs to fill needs root (the tests run as root in CI)")
    mount = shutil.which("mount")
    if mount is None:
        pytest.skip("no mount command")
    done = subprocess.run(
        [mount, "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")


def fill(folder: Path) -> Path:
    """A file that takes every free byte of the filesystem of `folder`."""
    filler = folder / "filler"
    descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    try:
        for size in (1 << 16, 1 << 12, 1):
            try:
                while os.write(descriptor, b"\0" * size):
                    pass
            except OSError:
                continue
    finally:
        os.close(descriptor)
    return filler


def empty_wal(database: Path, within: float = 10.0) -> None:
    """Checkpoint `database`'s write-ahead log into it and cut the log to nothing, so that the
    next commit must grow the log. Without it, a full disk does not stop a commit that fits in
    the log's old frames (SQLite writes a new log over the old one's space after a checkpoint),
    and whether the first move after filling is refused depended on where the log stood. A
    server's connection between two commits does not block it; one inside a commit is waited
    for."""
    deadline = time.monotonic() + within
    connection = sqlite3.connect(database, timeout=within)
    try:
        while True:
            busy, _, _ = connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            if not busy:
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"the write-ahead log of {database} stayed busy")
            time.sleep(0.05)
    finally:
        connection.close()
