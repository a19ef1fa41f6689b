"""OS names for the server's own threads, so that per-thread tools tell them apart.

Python 3.11 names its threads only inside Python: the OS (``/proc/PID/task/TID/comm``,
``top -H``, ``ps -L``) shows every thread under the process's name. `scripts/load_server.py`
splits the server's CPU by these names (the event loop, the store's writer, its readers), which
is how the store's share of a stored action was measured (docs/measured/server-speed.md)."""

from __future__ import annotations

import ctypes
import sys
from contextlib import suppress

_PR_SET_NAME = 15
"""prctl(2)'s option that names the calling thread (at most 15 bytes are kept)."""


def name_os_thread(name: str) -> None:
    """Give the calling thread `name` in the OS (Linux; elsewhere nothing happens)."""
    if not sys.platform.startswith("linux"):
        return
    with suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_NAME, name.encode()[:15], 0, 0, 0)
