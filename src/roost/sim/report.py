"""Arena results as tables for people and as JSON for tools."""

from __future__ import annotations

import json
from dataclasses import asdict

from rich.console import Console
from rich.table import Table

from roost.sim.arena import ArenaResult


def _interval(low: float, high: float) -> str:
    return f"{100 * low:.1f}-{100 * high:.1f}"


def print_arena(console: Console, result: ArenaResult, seed: int) -> None:
    games = len(result.records)
    fair = result.fair_rate
    table = Table(
        title=f"{result.game}, {result.players} players, {games} games, seed {seed}: by bot",
        caption="seats: seat-games played; return and place: means per seat-game",
    )
    for column in ("bot", "seats", "wins", "win %", "95% CI", "vs fair", "return", "place"):
        table.add_column(column, justify="left" if column == "bot" else "right", no_wrap=True)
    for kind, stats in result.by_kind().items():
        low, high = stats.interval()
        verdict = "above" if low > fair else "below" if high < fair else "within"
        table.add_row(
            kind,
            str(stats.seat_games),
            str(stats.wins),
            f"{100 * stats.win_rate:.1f}",
            _interval(low, high),
            verdict,
            f"{stats.total_return / stats.seat_games:.3f}",
            f"{stats.total_place / stats.seat_games:.2f}",
        )
    console.print(table)
    console.print(
        f"Fair win rate (all wins / all seat-games): {100 * fair:.1f}%. "
        f"Mean game length: {result.mean_decisions:.1f} decisions, "
        f"{result.mean_length:.1f} actions with chance."
    )
    seats = Table(title="By seat (all bots)")
    for column in ("seat", "win %", "95% CI", "return", "place"):
        seats.add_column(column, justify="right", no_wrap=True)
    for seat, stats in enumerate(result.by_seat()):
        low, high = stats.interval()
        seats.add_row(
            f"P{seat}",
            f"{100 * stats.win_rate:.1f}",
            _interval(low, high),
            f"{stats.total_return / stats.seat_games:.3f}",
            f"{stats.total_place / stats.seat_games:.2f}",
        )
    console.print(seats)


def write_records(result: ArenaResult, path: str) -> None:
    data = {
        "game": result.game,
        "players": result.players,
        "bots": list(result.kinds),
        "games": [asdict(record) for record in result.records],
    }
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1)
