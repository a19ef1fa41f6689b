"""Play a game in the terminal: people (hot-seat) and bots around one table.

Everything a person is shown comes from `observation(seat)` and from action descriptions as that
seat may know them, so the terminal shows exactly what the rulebook lets the player see. When
the device passes between two people, the screen is cleared first.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rich.console import Console
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from roost.bots import make_bot
from roost.cli.render import renderer_for
from roost.core.game import CHANCE, Game
from roost.core.runner import Bot
from roost.core.state import State
from roost.core.view import SeatView

HUMAN = "human"
LOG_LINES = 12

Ask = Callable[[str], str]


class QuitGame(Exception):
    """The person at the keyboard asked to stop."""


@dataclass
class SeatLog:
    """What one person has been told, in order."""

    lines: list[str] = field(default_factory=list)
    in_deal: bool = False


@dataclass
class TerminalTable:
    """One game at a terminal, with a console to draw on and a way to ask for input."""

    game: Game
    seats: Sequence[str]
    seed: int
    console: Console
    ask: Ask
    bots: dict[int, Bot] = field(init=False)
    logs: dict[int, SeatLog] = field(init=False)

    def __post_init__(self) -> None:
        if len(self.seats) != self.game.num_players:
            raise ValueError(f"{len(self.seats)} seats given for {self.game.num_players} players")
        self.bots = {
            seat: make_bot(kind, self.game, self.seed * 1009 + seat)
            for seat, kind in enumerate(self.seats)
            if kind != HUMAN
        }
        self.logs = {seat: SeatLog() for seat, kind in enumerate(self.seats) if kind == HUMAN}

    @property
    def humans(self) -> list[int]:
        return sorted(self.logs)

    def play(self) -> State:
        """Play to the end (or until a person quits: `QuitGame`)."""
        rng = random.Random(self.seed)
        state = self.game.new_initial_state()
        last_human: int | None = None
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                action = state.sample_chance(rng)
            elif player in self.logs:
                if len(self.humans) > 1 and player != last_human:
                    self._hand_over(player)
                last_human = player
                action = self._ask_move(state, player)
            else:
                action = self.bots[player].choose(SeatView(state, player))
            self._log(state, player, action)
            state.apply_action(action)
        self._show_result(state)
        return state

    # --- what each person is told --------------------------------------------------------------

    def _log(self, state: State, player: int, action: int) -> None:
        spectator_phase = str(state.observation(None).get("phase", ""))
        for seat, log in self.logs.items():
            if player == CHANCE and "deal" in spectator_phase:
                if not log.in_deal:
                    log.lines.append("The cards are dealt.")
                    log.in_deal = True
                continue
            log.in_deal = False
            text = state.action_to_string(action, seat)
            if player >= 0:
                who = "You" if player == seat else f"P{player}"
                text = f"{who}: {text}"
            log.lines.append(text)

    def _hand_over(self, seat: int) -> None:
        self.console.clear()
        self.console.print(Panel(f"Pass the device to P{seat}, then press Enter.", expand=False))
        self.ask("")
        self.console.clear()

    def _show_table(self, state: State, seat: int) -> None:
        obs = state.observation(seat)
        self.console.print(Rule(f"{self.game.title}: P{seat} to move"))
        self.console.print(renderer_for(self.game)(self.game, obs))
        lines = self.logs[seat].lines[-LOG_LINES:]
        if lines:
            title = "What happened" if self.game.perfect_recall else "Since your last turn"
            self.console.print(Panel("\n".join(lines), title=title, expand=False))

    def _ask_move(self, state: State, seat: int) -> int:
        self._show_table(state, seat)
        if not self.game.perfect_recall:
            # A memory variant: players are not meant to keep a record of the past, so the
            # log only ever covers what happened since the player's last turn.
            self.logs[seat].lines.clear()
        legal = state.legal_actions()
        moves = Table(show_header=False, box=None)
        for number, action in enumerate(legal, start=1):
            moves.add_row(f"[bold]{number}[/bold]", state.action_to_string(action, seat))
        self.console.print(Panel(moves, title="Your moves", expand=False))
        while True:
            reply = self.ask(f"P{seat}, choose 1-{len(legal)} (q to quit): ").strip().lower()
            if reply in ("q", "quit", "exit"):
                raise QuitGame
            choice, reason = parse_choice(reply, len(legal))
            if choice is not None:
                return legal[choice]
            self.console.print(Text(reason, style="bold red"))

    def _show_result(self, state: State) -> None:
        viewers: list[int | None] = list(self.humans) or [None]
        self.console.print(Rule("Game over"))
        obs = state.observation(viewers[0] if len(viewers) == 1 else None)
        self.console.print(renderer_for(self.game)(self.game, obs))
        for seat in self.humans:
            lines = self.logs[seat].lines[-LOG_LINES:]
            self.console.print(Panel("\n".join(lines), title=f"P{seat}: last moves", expand=False))
        returns = state.returns()
        table = Table(title="Result")
        table.add_column("seat")
        table.add_column("player")
        table.add_column("return", justify="right")
        for seat, value in enumerate(returns):
            table.add_row(f"P{seat}", self.seats[seat], f"{value:g}")
        self.console.print(table)
        self.console.print(f"Replay this deal with --seed {self.seed}.")


def parse_choice(reply: str, count: int) -> tuple[int | None, str]:
    """A 0-based choice from a typed move number, or None and the reason it is not one."""
    if not reply:
        return None, f"Type the number of a move, 1-{count}."
    if not reply.isdigit():
        return None, f"{reply!r} is not a move number; type a number from 1 to {count}."
    number = int(reply)
    if not 1 <= number <= count:
        return None, f"There is no move {number}; type a number from 1 to {count}."
    return number - 1, ""
