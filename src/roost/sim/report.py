"""Arena results as tables for people and as JSON for tools."""

from __future__ import annotations

import json
from dataclasses import asdict

from rich.console import Console
from rich.table import Table

from roost.i18n import format_fixed
from roost.i18n import gettext as _
from roost.sim.arena import ArenaResult, wilson
from roost.sim.ratings import GameRatings


def _interval(low: float, high: float) -> str:
    return f"{format_fixed(100 * low, 1)}-{format_fixed(100 * high, 1)}"


def print_arena(console: Console, result: ArenaResult, seed: int) -> None:
    games = len(result.records)
    fair = result.fair_rate
    table = Table(
        title=_("{game}, {players} players, {games} games, seed {seed}: by bot").format(
            game=result.game, players=result.players, games=games, seed=seed
        ),
        caption=_("seats: seat-games played; return and place: means per seat-game"),
    )
    columns = (_("bot"), _("seats"), _("wins"), _("win %"), _("95% CI"), _("vs fair"))
    for k, column in enumerate((*columns, _("return"), _("place"))):
        table.add_column(column, justify="left" if k == 0 else "right", no_wrap=True)
    for kind, stats in result.by_kind().items():
        low, high = stats.interval()
        verdict = _("above") if low > fair else _("below") if high < fair else _("within")
        table.add_row(
            kind,
            str(stats.seat_games),
            str(stats.wins),
            format_fixed(100 * stats.win_rate, 1),
            _interval(low, high),
            verdict,
            format_fixed(stats.total_return / stats.seat_games, 3),
            format_fixed(stats.total_place / stats.seat_games, 2),
        )
    console.print(table)
    console.print(
        _(
            "Fair win rate (all wins / all seat-games): {fair}%. Mean game length: {decisions} "
            "decisions, {actions} actions with chance."
        ).format(
            fair=format_fixed(100 * fair, 1),
            decisions=format_fixed(result.mean_decisions, 1),
            actions=format_fixed(result.mean_length, 1),
        )
    )
    seats = Table(title=_("By seat (all bots)"))
    for column in (_("seat"), _("win %"), _("95% CI"), _("return"), _("place")):
        seats.add_column(column, justify="right", no_wrap=True)
    for seat, stats in enumerate(result.by_seat()):
        low, high = stats.interval()
        seats.add_row(
            f"P{seat}",
            format_fixed(100 * stats.win_rate, 1),
            _interval(low, high),
            format_fixed(stats.total_return / stats.seat_games, 3),
            format_fixed(stats.total_place / stats.seat_games, 2),
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


def print_ratings(console: Console, rated: list[GameRatings], seed: int) -> None:
    """Per game: each kind's rating and win rate, then whether each level beats the one below
    (the kinds in the order given, weakest first); then the ordinals side by side."""
    for entry in rated:
        games = len(entry.records)
        fair = entry.fair_rate
        table = Table(
            title=_("{game}, {players} players, {games} games, seed {seed}: ratings").format(
                game=entry.game, players=entry.players, games=games, seed=seed
            ),
            caption=_(
                "openskill Plackett-Luce; ordinal = mu - 3 sigma; {win} over the round robin"
            ).format(win=_("win %")),
        )
        columns = (_("bot"), "mu", "sigma", _("ordinal"), _("win %"), _("95% CI"), _("fair %"))
        for k, column in enumerate(columns):
            table.add_column(column, justify="left" if k == 0 else "right", no_wrap=True)
        wins = entry.win_rates()
        for rating in entry.ratings():
            won, seats = wins[rating.kind]
            low, high = wilson(won, seats)
            table.add_row(
                rating.kind,
                format_fixed(rating.mu, 2),
                format_fixed(rating.sigma, 2),
                format_fixed(rating.ordinal, 2),
                format_fixed(100 * won / seats, 1) if seats else "-",
                _interval(low, high),
                format_fixed(100 * fair, 1),
            )
        console.print(table)
        for lower, upper in zip(entry.kinds, entry.kinds[1:], strict=False):
            duel = entry.head_to_head(upper, lower)
            low, high = duel.interval()
            line = (
                _(
                    "  {upper} ahead of {lower}: {share}% ({interval}) of {decided} games that "
                    "did not tie them ({ties} ties): clearly above"
                )
                if duel.clear
                else _(
                    "  {upper} ahead of {lower}: {share}% ({interval}) of {decided} games that "
                    "did not tie them ({ties} ties): not clearly above"
                )
            )
            console.print(
                line.format(
                    upper=upper,
                    lower=lower,
                    share=format_fixed(100 * duel.share, 1),
                    interval=_interval(low, high),
                    decided=duel.decided,
                    ties=duel.ties,
                )
            )
    if len(rated) > 1:
        summary = Table(title=_("Ordinals (mu - 3 sigma) by game"))
        summary.add_column(_("bot"), no_wrap=True)
        for entry in rated:
            summary.add_column(entry.game, justify="right", no_wrap=True)
        kinds = rated[0].kinds
        ordinals = [{r.kind: r.ordinal for r in entry.ratings()} for entry in rated]
        for kind in kinds:
            summary.add_row(kind, *(format_fixed(values.get(kind, 0.0), 2) for values in ordinals))
        console.print(summary)
