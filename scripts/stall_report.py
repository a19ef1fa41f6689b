"""What the slow moves of a load test waited for: the server's loop stalls, its collections, the
load generator's own loop stalls (`roost.server.stalls` recorded them; `load_server.py
--stalls` prints this report).

A person's move is timed by the load generator, in its own event loop. If that loop is late,
the move looks slow though the server answered at once; if the server's loop is late, every
move waiting for it is. Each slow move is put down to whichever stall covered most of it, and
each server stall to what its span was made of (the loop's own work, of it collections; waiting
for a core; other threads' CPU), so the p99 reads as causes rather than as one figure.

Not a test and not part of the package: `scripts/load_server.py` imports it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Event = dict[str, Any]

CAUSES = ("collections", "the loop's own work", "waiting for a core", "other threads", "unknown")
"""What a server stall's span was mostly made of, in the order they are printed."""


@dataclass(frozen=True)
class Stall:
    """One late wake-up of a loop: `start`-`end` is the lateness (wall clock)."""

    start: float
    end: float
    cause: str
    event: Event


def stall_cause(event: Event) -> str:
    """The largest part of a stall's span: collections (any thread's: each holds the GIL), the
    loop's other work, its wait for a core, other threads' CPU; unknown when these cover less
    than half the lateness (the loop slept in a system call, or the machine's vCPU was away)."""
    gc = float(event.get("gc", 0.0))
    parts = {
        "collections": gc,
        "the loop's own work": max(0.0, float(event["loop_cpu"]) - float(event.get("gc_loop", 0))),
        "waiting for a core": float(event["runqueue"]),
        "other threads": max(0.0, float(event["others_cpu"]) - (gc - event.get("gc_loop", 0))),
    }
    cause = max(parts, key=parts.__getitem__)
    return cause if sum(parts.values()) >= float(event["lag"]) / 2 else "unknown"


def stalls(events: Iterable[Event]) -> list[Stall]:
    """The stall events as intervals of lateness, each with its cause."""
    found = []
    for event in events:
        if event.get("kind") != "stall":
            continue
        end = float(event["at"]) + float(event["span"])
        found.append(Stall(end - float(event["lag"]), end, stall_cause(event), event))
    return sorted(found, key=lambda s: s.start)


def covered(stalls_: Sequence[Stall], start: float, end: float) -> tuple[float, Stall | None]:
    """Seconds of [start, end] that `stalls_` cover, and the stall covering most of it."""
    total, best, best_overlap = 0.0, None, 0.0
    for stall in stalls_:
        if stall.start >= end:
            break
        overlap = min(end, stall.end) - max(start, stall.start)
        if overlap > 0:
            total += overlap
            if overlap > best_overlap:
                best, best_overlap = stall, overlap
    return total, best


def attribute(
    moves: Sequence[tuple[float, float, int]],
    server: Sequence[Stall],
    clients: Mapping[int, Sequence[Stall]],
    slow: float,
) -> tuple[int, Counter[str]]:
    """Each move of `moves` (sent at, seconds, client process) that took `slow` or longer, put
    down to the server's stalls (by their cause) or its client's, whichever covered more of it,
    if that was at least a fifth of it; else to neither. Returns the count of slow moves and
    the tally."""
    tally: Counter[str] = Counter()
    count = 0
    for sent, seconds, client in moves:
        if seconds < slow:
            continue
        count += 1
        end = sent + seconds
        on_server, worst = covered(server, sent, end)
        on_client, _ = covered(clients.get(client, ()), sent, end)
        if max(on_server, on_client) < seconds / 5:
            tally["neither (queued behind other work, or the writer)"] += 1
        elif on_client > on_server:
            tally["the load generator's own loop"] += 1
        else:
            assert worst is not None
            tally[f"the server's loop: {worst.cause}"] += 1
    return count, tally


def _ms(seconds: float) -> str:
    return f"{1000 * seconds:.0f} ms" if seconds >= 0.01 else f"{1000 * seconds:.1f} ms"


def describe_stalls(name: str, found: Sequence[Stall], window: float) -> list[str]:
    """One line: how many stalls, their lateness, and what their spans were made of."""
    if not found:
        return [f"  {name}: no stalls"]
    late = sum(s.end - s.start for s in found)
    spans = sum(float(s.event["span"]) for s in found)
    parts = {
        "the loop's own work": sum(float(s.event["loop_cpu"]) for s in found),
        "collections": sum(float(s.event.get("gc", 0.0)) for s in found),
        "waiting for a core": sum(float(s.event["runqueue"]) for s in found),
        "other threads' CPU": sum(float(s.event["others_cpu"]) for s in found),
    }
    causes = Counter(s.cause for s in found)
    return [
        f"  {name}: {len(found)} stalls, {late:.2f} s late in all ({100 * late / window:.1f}% "
        f"of the window), longest {_ms(max(s.end - s.start for s in found))}",
        "    their spans ("
        + f"{spans:.2f} s): "
        + ", ".join(f"{label} {100 * v / spans:.0f}%" for label, v in parts.items())
        + " (the loop's work includes its collections)",
        "    by largest part: "
        + ", ".join(f"{cause} {causes[cause]}" for cause in CAUSES if causes[cause]),
    ]


def describe_collections(events: Iterable[Event], start: float, stop: float) -> list[str]:
    """Count, total and longest collection by generation and thread, within the window."""
    by: dict[tuple[int, str], list[tuple[float, float]]] = {}
    for event in events:
        if event.get("kind") == "gc" and start <= float(event["at"]) < stop:
            key = (int(event["generation"]), str(event["thread"]))
            wall = float(event["seconds"])
            by.setdefault(key, []).append((wall, float(event.get("cpu", wall))))
    if not by:
        return ["  server collections: none in the window"]
    lines = [
        "  server collections (generation, thread: count; wall total, longest; CPU median, max):"
    ]
    for (gen, thread), found in sorted(by.items()):
        walls = [wall for wall, _ in found]
        cpus = sorted(cpu for _, cpu in found)
        lines.append(
            f"    gen {gen} in {thread}: {len(found)}; {sum(walls):.3f} s, {_ms(max(walls))}; "
            f"{_ms(cpus[len(cpus) // 2])}, {_ms(cpus[-1])}"
        )
    return lines


def describe_seconds(events: Iterable[Event], start: float, stop: float) -> list[str]:
    """The loop's per-second totals: median and busiest seconds (bursts show here)."""
    seconds = [e for e in events if e.get("kind") == "second" and start <= float(e["at"]) < stop]
    if not seconds:
        return []

    def spread(key: str) -> str:
        values = sorted(float(e[key]) / float(e["seconds"]) for e in seconds)
        return (
            f"{100 * values[len(values) // 2]:.0f}% median, "
            f"{100 * values[int(0.95 * (len(values) - 1))]:.0f}% p95, {100 * values[-1]:.0f}% max"
        )

    return [
        f"  server loop by second ({len(seconds)} s): its CPU {spread('loop_cpu')}; waiting for "
        f"a core {spread('runqueue')}; collections {spread('gc')}; other threads "
        f"{spread('others_cpu')}"
    ]


def longest(found: Sequence[Stall], origin: float, top: int = 8) -> list[str]:
    """The longest stalls, each with its parts and the stack the watchdog saw."""
    lines = []
    for stall in sorted(found, key=lambda s: s.start - s.end)[:top]:
        e = stall.event
        collections = ", ".join(f"gen {g} in {t} {_ms(s)}" for g, t, s in e.get("collections", []))
        lines.append(
            f"    +{stall.start - origin:6.1f} s: {_ms(stall.end - stall.start)} late "
            f"({stall.cause}): loop CPU {_ms(e['loop_cpu'])}, waiting for a core "
            f"{_ms(e['runqueue'])}, other threads {_ms(e['others_cpu'])}"
            + (f"; collections: {collections}" if collections else "")
        )
        for stack in e.get("stacks", [])[:2]:
            lines.append(f"        {stack}")
    return lines


def report(
    server_events: Sequence[Event],
    client_events: Mapping[int, Sequence[Event]],
    moves: Sequence[tuple[float, float, int]],
    start: float,
    stop: float,
    slow: float,
) -> list[str]:
    """The whole printed report for the window [start, stop)."""
    window = stop - start
    server = [s for s in stalls(server_events) if start <= s.start < stop]
    clients = {i: stalls(events) for i, events in client_events.items()}
    client_all = [s for found in clients.values() for s in found if start <= s.start < stop]
    lines = ["stalls (a loop waking 20 ms or more late) in the measured window:"]
    if not server_events:
        lines.append("  server: no stall log (a server without roost.server.stalls)")
    else:
        lines += describe_stalls("server loop", server, window)
        lines += describe_seconds(server_events, start, stop)
        lines += describe_collections(server_events, start, stop)
    lines += describe_stalls(f"load generator ({len(clients)} loops)", client_all, window)
    if server:
        lines.append("  the server loop's longest stalls:")
        lines += longest(server, start)
    if client_all:
        lines.append("  the load generator's longest stalls:")
        lines += longest(client_all, start, top=3)
    count, tally = attribute(moves, server, clients, slow)
    timed = sum(1 for _, seconds, _ in moves if seconds >= 0)
    lines.append(
        f"person's moves of {_ms(slow)} or more: {count} of {timed}"
        + (": " + "; ".join(f"{why} {n}" for why, n in tally.most_common()) if count else "")
    )
    return lines
