"""Child processes that end with the server: no orphaned bot worker after a crash or a stop.

A `roost serve` process starts children (the bot workers of `roost.server.tables.bots`, and
multiprocessing's resource tracker with them). When the server dies by a signal it cannot catch
(SIGKILL, the OOM killer) nobody tells them, and they used to be re-parented to init and live on
(about 96 MB each time): under a supervisor that restarts the server, memory runs out.

`bind_to_parent` runs first in every child (the pool's initializer) and ties it to the server
twice over:

* **Linux**: ``prctl(PR_SET_PDEATHSIG, SIGKILL)``: the kernel kills the child when its parent
  dies, by any signal, at once. The kernel counts the *thread* that created the child as its
  parent: the pool must start its workers from a thread that lives as long as the server (the
  event loop's: `BotRunner` starts every worker from its constructor, before the first job).
* **Everywhere (POSIX)**: a daemon thread checks ``os.getppid()`` twice a second and ends the
  child when it changes (the parent died and the child was re-parented). It also covers the
  window between the child's start and its prctl, and systems without prctl (macOS, the BSDs).
  On Windows neither applies; there a child whose parent was killed lives until its next job
  fails (not a platform the server is run on).

The resource tracker is not ours to start, but it needs nothing: it exits when every holder of
its pipe (the server and its workers) has gone.

SIGINT is ignored in the children: a Ctrl-C in a terminal reaches the whole foreground process
group, and the workers must not die mid-job with a traceback each while the server is still
shutting down cleanly; the server's shutdown ends them (`BotRunner.close`).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time
from typing import Final

PR_SET_PDEATHSIG: Final = 1
"""prctl(2) option: the signal this process gets when its parent (thread) dies."""
WATCH_EVERY: Final = 0.5
"""Seconds between two looks at the parent's pid (the portable fallback)."""


def set_parent_death_signal(signum: int = signal.SIGKILL) -> bool:
    """Ask the kernel for `signum` when the parent dies (Linux only); True when it is set."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, signum, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def watch_parent(parent: int, every: float = WATCH_EVERY) -> threading.Thread:
    """A daemon thread that ends this process (``os._exit``: nothing of a dead server's is
    worth flushing) as soon as its parent is no longer `parent`."""

    def watch() -> None:
        while True:
            if os.getppid() != parent:
                os._exit(0)
            time.sleep(every)

    thread = threading.Thread(target=watch, name="roost-parent-watch", daemon=True)
    thread.start()
    return thread


def bind_to_parent(parent: int) -> None:
    """Tie this child process to the server `parent` (the pool's initializer: see above)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    set_parent_death_signal()
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(0)
    watch_parent(parent)
