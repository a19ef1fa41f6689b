"""Where an event loop's stalls come from, measured inside the process (opt-in).

A person's move that takes 500 ms when the median takes 6 ms waited for something: the loop
busy with other work, a garbage collection, another thread holding the GIL, or the kernel
giving the core to another process. Latency figures alone cannot tell these apart, so
`LoopProbe` wakes every `interval` and, for each wake-up that came late by `threshold` or
more, records what the span was made of:

* ``loop_cpu``: the loop thread's CPU time (its own work, collections included);
* ``gc``: the collections that ran in the process, by thread (a collection holds the GIL, so
  one in another thread stalls the loop too);
* ``runqueue``: the loop thread's time runnable but not running (``/proc/thread-self/schedstat``:
  the kernel's scheduler gave the core to someone else);
* ``others_cpu``: the other threads' CPU (the store's writer holding the GIL shows here);
* ``stacks``: the loop thread's stack as a watchdog thread saw it during the stall (which
  callback was running), a few samples a stall.

Besides the stalls it records every collection (generation, thread, length and its CPU time,
which a loaded machine does not lengthen) and, once a second,
the second's totals, so that a reader sees the bursts, not only the averages.

`roost serve` starts it when ``ROOST_STALL_LOG`` names a file (`from_env`): one JSON object a
line, written about once a second. `scripts/load_server.py` sets it and lines the stalls up with
the slow moves; its client processes use the same probe in memory for their own loops, since a
load generator whose loop stalls measures its own lateness. Standard library only.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

STALL_LOG_ENV = "ROOST_STALL_LOG"
"""Environment variable naming the file `roost serve` writes its loop's stalls to."""

Event = dict[str, Any]


def _runqueue_reader() -> Callable[[], float]:
    """A function giving the calling thread's seconds spent runnable but waiting for a core,
    read from the thread's schedstat file (opened here, in the thread that will read it; 0
    forever where the file is missing)."""
    try:
        fd = os.open("/proc/thread-self/schedstat", os.O_RDONLY)
    except OSError:
        return lambda: 0.0

    def read() -> float:
        try:
            return int(os.pread(fd, 128, 0).split()[1]) / 1e9
        except (OSError, IndexError, ValueError):
            return 0.0

    return read


def short_stack(frame: FrameType | None, depth: int = 4) -> str:
    """The innermost `depth` frames as ``function (file.py:line)``, innermost first, then
    ``... <`` the frame the event loop called (the callback or task that was running). A stack
    that ends in ``run (runners.py)`` is the loop in its own C code: waiting for events, or
    waiting for a core (uvloop's callbacks are C)."""
    frames: list[str] = []
    while frame is not None:
        code = frame.f_code
        frames.append(f"{code.co_name} ({Path(code.co_filename).name}:{frame.f_lineno})")
        frame = frame.f_back
    entry = next(
        (i - 1 for i, text in enumerate(frames) if text.startswith("run (runners.py:")), -1
    )
    shown = " < ".join(frames[:depth])
    if entry >= depth:
        shown += f" < ... < {frames[entry]}"
    return shown


class LoopProbe:
    """Measures one event loop's stalls (see the module's docstring). `sink` takes each event
    (a plain dict); `start` from inside the running loop, `stop` from the same loop."""

    def __init__(
        self,
        sink: Callable[[Event], None],
        *,
        interval: float = 0.01,
        threshold: float = 0.02,
        watch: bool = True,
        gc_min: float = 0.0,
    ) -> None:
        if not (interval > 0 and threshold > 0):
            raise ValueError("the probe's interval and threshold are seconds above 0")
        self.sink = sink
        self.interval = interval
        self.threshold = threshold
        self.watch = watch
        self.gc_min = gc_min
        self._task: asyncio.Task[None] | None = None
        self._loop_thread = 0
        self._beat = time.perf_counter()
        self._beats = 0
        self._samples: dict[int, list[str]] = {}
        self._gc_started: dict[int, tuple[float, float]] = {}
        self._gc_loop = 0.0
        """Seconds of collections in the loop's thread so far."""
        self._gc_all = 0.0
        """Seconds of collections in any thread so far."""
        self._gc_recent: list[tuple[int, str, float]] = []
        self._stop = threading.Event()
        self._watchdog: threading.Thread | None = None

    # --- the loop's side ---------------------------------------------------------------------

    def start(self) -> None:
        self._loop_thread = threading.get_ident()
        gc.callbacks.append(self._on_gc)
        self._task = asyncio.get_running_loop().create_task(self._run())
        if self.watch:
            self._watchdog = threading.Thread(
                target=self._watch, name="roost-stall-watch", daemon=True
            )
            self._watchdog.start()

    async def stop(self) -> None:
        self._stop.set()
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._on_gc)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._watchdog is not None:
            self._watchdog.join(1.0)
            self._watchdog = None

    async def _run(self) -> None:
        runqueue = _runqueue_reader()
        last = self._beat = time.perf_counter()
        last_cpu, last_all = time.thread_time(), time.process_time()
        last_wait, last_gc, last_gc_all = runqueue(), self._gc_loop, self._gc_all
        second: Event = self._new_second(time.time())
        second_at = last
        while True:
            await asyncio.sleep(self.interval)
            now = time.perf_counter()
            cpu, every, wait = time.thread_time(), time.process_time(), runqueue()
            span = now - last
            lag = span - self.interval
            loop_cpu = cpu - last_cpu
            others = max(0.0, (every - last_all) - loop_cpu)
            gc_loop, gc_all = self._gc_loop - last_gc, self._gc_all - last_gc_all
            beat = self._beats
            self._beats += 1
            self._beat = now
            second["ticks"] += 1
            second["lag_max"] = max(second["lag_max"], lag)
            for key, value in (
                ("loop_cpu", loop_cpu),
                ("runqueue", wait - last_wait),
                ("gc", gc_all),
                ("others_cpu", others),
            ):
                second[key] += value
            if lag >= self.threshold:
                second["stalls"] += 1
                self.sink(
                    {
                        "kind": "stall",
                        "at": time.time() - span,
                        "span": span,
                        "lag": lag,
                        "loop_cpu": loop_cpu,
                        "gc_loop": gc_loop,
                        "gc": gc_all,
                        "collections": self._take_collections(),
                        "runqueue": wait - last_wait,
                        "others_cpu": others,
                        "stacks": self._samples.pop(beat, []),
                    }
                )
            else:
                self._gc_recent.clear()
                self._samples.pop(beat, None)
            if now - second_at >= 1.0:
                second["seconds"] = now - second_at
                self.sink(second)
                second, second_at = self._new_second(time.time()), now
            last, last_cpu, last_all, last_wait = now, cpu, every, wait
            last_gc, last_gc_all = self._gc_loop, self._gc_all

    @staticmethod
    def _new_second(at: float) -> Event:
        return {
            "kind": "second",
            "at": at,
            "ticks": 0,
            "stalls": 0,
            "lag_max": 0.0,
            "loop_cpu": 0.0,
            "runqueue": 0.0,
            "gc": 0.0,
            "others_cpu": 0.0,
        }

    def _take_collections(self) -> list[list[Any]]:
        taken = [[gen, thread, round(seconds, 6)] for gen, thread, seconds in self._gc_recent]
        self._gc_recent.clear()
        return taken

    # --- the collector's side (any thread) ---------------------------------------------------

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        thread = threading.get_ident()
        if phase == "start":
            self._gc_started[thread] = (time.perf_counter(), time.thread_time())
            return
        started = self._gc_started.pop(thread, None)
        if started is None:
            return
        seconds = time.perf_counter() - started[0]
        cpu = time.thread_time() - started[1]
        in_loop = thread == self._loop_thread
        name = "loop" if in_loop else threading.current_thread().name
        if in_loop:
            self._gc_loop += seconds
        self._gc_all += seconds
        generation = info.get("generation", -1)
        self._gc_recent.append((generation, name, seconds))
        if seconds >= self.gc_min:
            self.sink(
                {
                    "kind": "gc",
                    "at": time.time() - seconds,
                    "seconds": seconds,
                    "cpu": cpu,
                    "generation": generation,
                    "thread": name,
                    "collected": info.get("collected", 0),
                }
            )

    # --- the watchdog's side (its own thread) ------------------------------------------------

    def _watch(self) -> None:
        """Every half threshold, if the loop has not beaten for a threshold, sample its stack
        (at most 4 samples a stall): which callback held it."""
        while not self._stop.wait(self.threshold / 2):
            beat = self._beats
            if time.perf_counter() - self._beat < self.threshold:
                continue
            samples = self._samples.setdefault(beat, [])
            if len(samples) >= 4:
                continue
            frame = sys._current_frames().get(self._loop_thread)
            samples.append(short_stack(frame))


class FileSink:
    """Events as JSON lines in a file, written in batches (`flush` once a second from the
    probe's own ``second`` events, and at `close`)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._pending: list[str] = []
        self._handle = path.open("a", encoding="utf-8")

    def __call__(self, event: Event) -> None:
        self._pending.append(json.dumps(event))
        if event["kind"] == "second":
            self.flush()

    def flush(self) -> None:
        lines, self._pending = self._pending, []
        if lines:
            self._handle.write("\n".join(lines) + "\n")
            self._handle.flush()

    def close(self) -> None:
        self.flush()
        self._handle.close()


class FileProbe:
    """A `LoopProbe` writing to a `FileSink`: what `roost serve` runs under
    ``ROOST_STALL_LOG``."""

    def __init__(self, path: Path) -> None:
        self.sink = FileSink(path)
        self.probe = LoopProbe(self.sink)

    def start(self) -> None:
        self.probe.start()

    async def stop(self) -> None:
        await self.probe.stop()
        self.sink.close()


def from_env() -> FileProbe | None:
    """The probe ``ROOST_STALL_LOG`` asks for (not started), or None when it is unset."""
    path = os.environ.get(STALL_LOG_ENV)
    return FileProbe(Path(path)) if path else None


def read_events(path: Path) -> list[Event]:
    """The events of a stall log (a line cut short by a running writer is skipped)."""
    events: list[Event] = []
    if not path.exists():
        return events
    for line in path.read_text(encoding="utf-8").splitlines():
        with contextlib.suppress(ValueError):
            events.append(json.loads(line))
    return events
