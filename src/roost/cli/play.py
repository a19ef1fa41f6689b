"""Play a game in the terminal: people (hot-seat) and bots around one table.

Everything a person is shown comes from `observation(seat)`, from action descriptions as that
seat may know them, and from `Game.narrate` (the events a player would say aloud, built from
two observations), so the terminal shows exactly what the rulebook lets the player see. When
the device passes between two people the screen and its scrollback are cleared first.

A move is chosen one step at a time (the card, then its target ...) from the legal actions'
steps (`cli/chooser.py`); a forced move says so. In the prompt, ``?`` shows the rules of the
phase and the legend of the screen, ``rules`` the whole rulebook, ``log`` everything that
happened, ``b`` goes back a step, ``save`` saves, ``q`` saves and stops; with ``--hints``,
``hint`` shows the hard bot's best moves and the seat's chances after each (from the seat's
information only).

Every chance draw and every bot decision takes its randomness from the seed and the position
in the game alone, so a saved game resumed plays on exactly as it would have.
"""

from __future__ import annotations

import json
import math
import random
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from rich.console import Console, Group, RenderableType
from rich.markdown import Markdown
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from roost.bots import make_bot
from roost.cli.chooser import Option, StepChooser, step_words
from roost.cli.names import SeatNames
from roost.cli.render import TerminalRenderer, terminal_renderer
from roost.coach.hints import hint
from roost.core.actions import Choice
from roost.core.errors import RoostError
from roost.core.game import CHANCE, Game
from roost.core.registry import load_state
from roost.core.state import State
from roost.core.view import SeatView
from roost.i18n import N_, SOURCE_LANGUAGE, current_language, ngettext, say
from roost.i18n import gettext as _
from roost.i18n.rules import rules_page

HUMAN: Final = "human"
SAVE_FORMAT: Final = "roost-terminal-game"
SAVE_VERSION: Final = 1
MAX_OPTIONS_PER_COLUMN: Final = 12
CLEAR: Final = "\x1b[2J\x1b[3J\x1b[H"
"""Clear the screen, its scrollback (ESC[3J: the last player's hand must not stay in the
terminal's history) and home the cursor."""

Ask = Callable[[str], str]

_QUESTIONS: Final = {
    "card": N_("Which card?"),
    "character": N_("Which character do you play?"),
    "colour": N_("Which colour do you announce?"),
    "deck": N_("Draw from which deck? (nobody knows what either holds)"),
    "seat": N_("Against whom?"),
    "container": N_("Which container?"),
    "egg": N_("Which egg?"),
    "lay": N_("What do you lay?"),
    "cards": N_("Which cards?"),
    "number": N_("Which number does the Duck stand for?"),
    "suit": N_("Which suit does the Duck stand for?"),
    "chicken": N_("Which Chicken?"),
    "face_down": N_("Which Chicken do you place face down?"),
    "keep": N_("Keep the Chicken?"),
    "cluck_off": N_("Answer with Cluck-Off?"),
}
"""The generic question of each step kind (marked for the catalogue, translated when asked)."""
_COMMANDS: Final = N_("b back · ? help · rules · log · save · q quit")
"""The prompt's commands: the keys stay the same in every language, their words are translated."""


class QuitGame(Exception):
    """The person at the keyboard asked to stop (the game is saved first)."""


@dataclass(frozen=True)
class LogLine:
    kind: str
    """``move`` (a seat's decision), ``draw`` (a draw decision and the card drawn, in one
    line), ``chance``, ``deal`` or ``event`` (narration)."""
    text: str


@dataclass
class SeatLog:
    """What one viewer has been told, in order."""

    lines: list[LogLine] = field(default_factory=list)
    mark: int = 0
    """Where this seat's last decision starts the log "since your last move"."""
    in_deal: bool = False
    last_decider: int | None = None
    """The seat of the last decision logged."""
    draw_at: int | None = None
    """The index of a "draw" decision line the card drawn will replace (one line a draw)."""


def derive(seed: int, *parts: object) -> int:
    """A seed for one chance draw or one bot decision, from the game's seed and a position."""
    return random.Random("/".join(str(p) for p in (seed, *parts))).randrange(2**62)


@dataclass
class TerminalTable:
    """One game at a terminal, with a console to draw on and a way to ask for input."""

    game: Game
    seats: Sequence[str]
    seed: int
    console: Console
    ask: Ask
    names: Sequence[str] = ()
    state: State | None = None
    """A game to continue (resumed from a save); a new one by default."""
    pace: float = 0.0
    """Seconds between two moves of a bots-only table (0: show only the end)."""
    save_path: Path | None = None
    hints: bool = False
    """Whether ``hint`` at the prompt shows the search's best moves (``roost play --hints``)."""
    sleep: Callable[[float], None] = time.sleep
    logs: dict[int | None, SeatLog] = field(init=False)
    renderer: TerminalRenderer = field(init=False)
    table_names: SeatNames = field(init=False)
    _seen: dict[int | None, Mapping[str, Any]] = field(init=False)
    """The legal moves' English texts and their words in the reader's language (`_label`)."""

    def __post_init__(self) -> None:
        n = self.game.num_players
        if len(self.seats) != n:
            raise ValueError(f"{len(self.seats)} seats given for {n} players")
        names = list(self.names) or [f"P{seat}" for seat in range(n)]
        self.table_names = SeatNames(tuple(names))
        viewers: list[int | None] = list(self.humans)
        if len(viewers) != 1:
            viewers.append(None)  # someone watching: the end is shown from the public view
        self.logs = {viewer: SeatLog() for viewer in viewers}
        self.renderer = terminal_renderer(self.game)
        self._seen = {}
        if self.state is None:
            self.state = self.game.new_initial_state()

    @property
    def humans(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]

    def names_for(self, viewer: int | None) -> SeatNames:
        return self.table_names.seen_by(viewer)

    # --- the game loop -------------------------------------------------------------------------

    def play(self) -> State:
        """Play to the end (or until a person quits: `QuitGame`, after saving)."""
        state = self.state
        assert state is not None
        watching = not self.humans and self.pace > 0
        last_human: int | None = None
        if state.history():
            for log in self.logs.values():
                resumed = _("Game resumed at move {n}").format(n=len(state.history()))
                log.lines.append(LogLine("event", resumed))
        while not state.is_terminal():
            version = len(state.history())
            player = state.current_player()
            if player == CHANCE:
                action = state.sample_chance(random.Random(derive(self.seed, "chance", version)))
            elif player in self.humans:
                if len(self.humans) > 1 and player != last_human:
                    self._hand_over(player)
                last_human = player
                action = self._ask_move(state, player)
            else:
                if watching:
                    self._show_watch(state)
                    self.sleep(self.pace)
                bot = make_bot(self.seats[player], self.game, derive(self.seed, player, version))
                action = bot.choose(SeatView(state, player))
            self._advance(state, player, action)
        self._show_result(state)
        return state

    def _advance(self, state: State, player: int, action: int) -> None:
        """Apply `action`, telling every viewer what happened in their own words."""
        deal = player == CHANCE and "deal" in str(state.observation(None).get("phase", ""))
        before: dict[int | None, Mapping[str, Any]] = {}
        for viewer, log in self.logs.items():
            names = self.names_for(viewer)
            before[viewer] = self._seen.get(viewer) or state.observation(viewer)
            if deal:
                if not log.in_deal:
                    log.lines.append(LogLine("deal", _("The cards are dealt.")))
                    log.in_deal = True
                continue
            log.in_deal = False
            text = say(state.action_to_message(action, viewer))
            if player == CHANCE:
                if log.draw_at is not None and log.draw_at == len(log.lines) - 1:
                    # one line a draw: "P1 draws red Will from deck A"
                    log.lines[log.draw_at] = LogLine("draw", _seats_in(names, text))
                else:
                    log.lines.append(LogLine("chance", _seats_in(names, text)))
                log.draw_at = None
                continue
            if viewer == player and log.last_decider != player:
                log.mark = len(log.lines)  # the start of this seat's turn
            log.last_decider = player
            kind = state.action_info(action, viewer).kind
            who = (
                names.seat(player)
                if current_language() == SOURCE_LANGUAGE
                else _seats_in(names, f"P{player}")
            )
            said = f"{who}: {_seats_in(names, text, player)}"
            log.lines.append(LogLine("move", said))
            log.draw_at = len(log.lines) - 1 if kind == "draw" else None
        state.apply_action(action)
        for viewer, log in self.logs.items():
            after = state.observation(viewer)
            self._seen[viewer] = after
            names = self.names_for(viewer)
            for event in self.game.narrate_messages(before[viewer], after):
                log.lines.append(LogLine("event", _seats_in(names, say(event))))
                log.draw_at = None

    # --- screens -----------------------------------------------------------------------------

    def _clear(self) -> None:
        if self.console.is_terminal:
            self.console.file.write(CLEAR)
            self.console.file.flush()
        else:
            self.console.print()

    def _hand_over(self, seat: int) -> None:
        self._clear()
        name = self.table_names.seat(seat)
        self.console.print(
            Panel(
                Text(_("Pass the device to {name}, then press Enter.").format(name=name)),
                expand=False,
            )
        )
        self.ask("")
        self._clear()

    def _board(self, state: State, viewer: int | None) -> RenderableType:
        obs = state.observation(viewer)
        return self.renderer.render(self.game, obs, self.names_for(viewer))

    def _title(self, state: State, viewer: int | None) -> str:
        player = state.current_player()
        names = self.names_for(viewer)
        if player < 0:
            return self.game.title
        who = (
            _("Your turn")
            if player == viewer
            else _("{name} to move").format(name=names.seat(player))
        )
        return f"{self.game.title}: {who}"

    def _log_panel(self, viewer: int | None, room: int, *, since_mark: bool) -> Panel | None:
        log = self.logs[viewer]
        if not self.game.perfect_recall and viewer is not None:
            # A memory variant: players are not meant to keep a record of the past, so the log
            # only ever covers what happened since the player's last turn.
            del log.lines[: log.mark]
            log.mark = 0
            log.draw_at = None
        lines = log.lines[log.mark :] if since_mark else log.lines
        if not lines:
            return None
        room = max(4, room)
        shown = lines[-room:]
        out = Text()
        if len(lines) > len(shown):
            earlier = len(lines) - len(shown)
            out.append(
                ngettext(
                    "({n} earlier line: type log)", "({n} earlier lines: type log)", earlier
                ).format(n=earlier)
                + "\n",
                style="dim",
            )
        for i, line in enumerate(shown):
            if i:
                out.append("\n")
            out.append_text(_log_text(line))
        if not self.game.perfect_recall:
            title = _("Since your last turn")
        elif viewer is not None and since_mark:
            title = _("Since your last move")
        else:
            title = _("What happened")
        return Panel(out, title=title, title_align="left", expand=False)

    def _height(self, renderable: RenderableType) -> int:
        options = self.console.options
        return len(self.console.render_lines(renderable, options, pad=False))

    def _show_table(self, state: State, seat: int, reserve: int) -> None:
        board = Group(Rule(self._title(state, seat)), self._board(state, seat))
        self.console.print(board)
        room = self.console.size.height - self._height(board) - reserve - 3
        panel = self._log_panel(seat, room, since_mark=True)
        if panel is not None:
            self.console.print(panel)

    def _show_watch(self, state: State) -> None:
        """A frame of a bots-only table: the public view and what just happened."""
        self._clear()
        board = Group(Rule(self._title(state, None)), self._board(state, None))
        self.console.print(board)
        room = self.console.size.height - self._height(board) - 4
        panel = self._log_panel(None, room, since_mark=False)
        if panel is not None:
            self.console.print(panel)
        self.console.print(Text(_("Ctrl-C stops watching."), style="dim"))

    # --- asking a person for a move ------------------------------------------------------------

    def _ask_move(self, state: State, seat: int) -> int:
        names = self.names_for(seat)
        infos = state.legal_action_infos(seat)
        chooser = StepChooser(infos)
        if chooser.only is not None:
            self._show_table(state, seat, reserve=3)
            self.console.print(
                Text.assemble(
                    (_("Your only move:") + " ", "bold"),
                    _seats_in(names, say(state.action_to_message(infos[0].action, seat))),
                    style="default",
                )
            )
            while True:
                reply = self.ask(_("Press Enter to play it (? help, q quit): ")).strip().lower()
                if reply in ("", "1"):
                    return chooser.only
                if not self._command(reply, state, seat):
                    self._say_error(
                        _("{reply}: press Enter, or type ? for help.").format(reply=_shown(reply))
                    )
        reserve = self._options_height(chooser.options()) + 4
        self._show_table(state, seat, reserve)
        obs = state.observation(seat)
        self._show_options(chooser, names, obs)
        while True:
            options = chooser.options()
            commands = _(_COMMANDS) + (" · " + _("hint") if self.hints else "")
            prompt = _("Choose 1-{count} ({commands}): ").format(
                count=len(options), commands=commands
            )
            reply = self.ask(prompt).strip().lower()
            if reply in ("b", "back"):
                if chooser.back():
                    self._show_options(chooser, names, obs)
                else:
                    self._say_error(_("This is the first step: there is nothing to go back to."))
                continue
            if self._command(reply, state, seat):
                self._show_options(chooser, names, obs)
                continue
            choice, reason = parse_choice(reply, len(options))
            if choice is None:
                self._say_error(reason)
                continue
            action = chooser.pick(choice)
            if action is not None:
                return action
            self._show_options(chooser, names, obs)

    def _label(self, names: SeatNames, step: Choice) -> str:
        """A step's words in the reader's language, the seats' names for their labels."""
        return _seats_in(names, step_words(step))

    def _options_height(self, options: list[Option]) -> int:
        count = len(options)
        columns = math.ceil(count / MAX_OPTIONS_PER_COLUMN)
        return math.ceil(count / columns) + 2

    def _show_options(self, chooser: StepChooser, names: SeatNames, obs: Mapping[str, Any]) -> None:
        path = chooser.path
        options = chooser.options()
        if path:
            crumbs = Text(_("So far:") + " ", style="dim")
            for i, (step, forced) in enumerate(zip(path, chooser.forced, strict=True)):
                if i:
                    crumbs.append(" > ", style="dim")
                crumbs.append(self._label(names, step), style="bold")
                if forced:
                    crumbs.append(" " + _("(the only choice)"), style="dim")
            self.console.print(crumbs)
        self.console.print(Text(self._question(path, options, obs), style="bold"))
        count = len(options)
        columns = math.ceil(count / MAX_OPTIONS_PER_COLUMN)
        grid = Table.grid(padding=(0, 2))
        per_column = math.ceil(count / columns)
        for _column in range(columns):
            grid.add_column(justify="right", style="bold cyan")
            grid.add_column()
        rows: list[list[RenderableType]] = [[] for _row in range(per_column)]
        for index, option in enumerate(options):
            label = Text(self._label(names, option.step))
            if option.action is None:
                label.append(" ...", style="dim")
            note = self._note(option.step) if columns == 1 else None
            if note:
                label.append(f"  {names.say(note)}", style="dim italic")
            rows[index % per_column] += [Text(str(index + 1)), label]
        for row in rows:
            row += [Text("")] * (2 * columns - len(row))
            grid.add_row(*row)
        self.console.print(grid)

    def _question(self, path: list[Choice], options: list[Option], obs: Mapping[str, Any]) -> str:
        kinds = {option.step.kind for option in options}
        if len(kinds) != 1:
            return _("Your move:")
        kind = kinds.pop()
        return self.renderer.question(path, kind, obs) or _(
            _QUESTIONS.get(kind, N_("What do you do?"))
        )

    def _note(self, step: Choice) -> str | None:
        note = self.renderer.note(step)
        if note:
            return note
        if step.kind in ("card", "chicken"):
            cards = self.game.card_types()
            if 0 <= step.value < len(cards) and cards[step.value].kind not in (
                self.renderer.plain_kinds
            ):
                return cards[step.value].text or None
        return None

    def _say_error(self, reason: str) -> None:
        self.console.print(Text(reason, style="bold red"))

    def _command(self, reply: str, state: State, seat: int) -> bool:
        """Carry out a command typed at the prompt; False if `reply` is not one."""
        if reply in ("q", "quit", "exit"):
            raise QuitGame
        if reply in ("?", "h", "help"):
            self._show_help(state, seat)
        elif reply == "rules":
            page = rules_page(type(self.game), current_language())
            self._page(Markdown(page.text))
        elif reply == "log":
            log = self.logs[seat]
            text = Text("\n").join(_log_text(line) for line in log.lines) or Text(_("(empty)"))
            self._page(Panel(text, title=_("Everything you were told"), title_align="left"))
        elif reply == "hint":
            if self.hints:
                self._show_hint(state, seat)
            else:
                self._say_error(_("Hints are off in this game: start it with roost play --hints."))
        elif reply == "save":
            path = self.save(state)
            self.console.print(
                Text(
                    _("Saved to {path}. Continue later with: {command}").format(
                        path=path, command=resume_hint(path)
                    )
                ),
                soft_wrap=True,
            )
        else:
            return False
        return True

    def _show_hint(self, state: State, seat: int) -> None:
        """The hard bot's best moves for the seat, with its chances after each (from the
        seat's information only: `roost.coach.hints`)."""
        names = self.names_for(seat)
        self.console.print(Text(_("Thinking..."), style="dim"))
        advice = hint(state, seat, seed=derive(self.seed, "hint", len(state.history())))
        measure = advice.measure
        lines = Text()

        def move_words(action: int) -> str:
            return _seats_in(names, say(state.action_to_message(action, seat)))

        if advice.choices == 1:
            lines.append(_("Your only move:") + " " + move_words(advice.best.action), style="bold")
        else:
            lines.append(_("The hard bot would play:") + " ", style="bold")
            lines.append(move_words(advice.best.action), style="bold cyan")
            lines.append(f" ({measure} {100 * advice.best.value:.0f}%)")
            for other in advice.moves[1:]:
                lines.append(
                    "\n  "
                    + _("or {move} ({percent}%)").format(
                        move=move_words(other.action), percent=f"{100 * other.value:.0f}"
                    )
                )
        lines.append(
            "\n"
            + ngettext(
                "Estimated by search from what you know only ({n} iteration on the first move).",
                "Estimated by search from what you know only ({n} iterations on the first move).",
                advice.best.visits,
            ).format(n=advice.best.visits),
            style="dim",
        )
        self.console.print(Panel(lines, title=_("Hint"), title_align="left", expand=False))

    def _show_help(self, state: State, seat: int) -> None:
        obs = state.observation(seat)
        phase = str(obs.get("phase", "")).replace("_", " ")
        rules = Text(self.renderer.help(obs))
        self.console.print(
            Panel(rules, title=_("The rules now ({phase})").format(phase=phase), title_align="left")
        )
        if self.renderer.legend:
            legend = Text(self.renderer.legend)
            self.console.print(Panel(legend, title=_("What is on screen"), title_align="left"))
        self.console.print(
            Text(
                _(
                    "Type the number of a choice. b: back one step. rules: the whole rulebook. "
                    "log: everything that happened. save: save the game. q: save and stop."
                )
                + (" " + _("hint: the search's best moves.") if self.hints else ""),
                style="dim",
            )
        )

    def _page(self, renderable: RenderableType) -> None:
        """Show something long a screenful at a time."""
        lines = self.console.render_lines(renderable, self.console.options, pad=False)
        page = max(5, self.console.size.height - 2)
        for start in range(0, len(lines), page):
            for line in lines[start : start + page]:
                text = Text()
                for segment in line:
                    text.append(segment.text, segment.style)
                self.console.print(text)
            if start + page < len(lines):
                more = self.ask(_("-- more: Enter for the next page, q to stop -- "))
                if more.strip().lower() in ("q", "quit"):
                    break

    # --- saving --------------------------------------------------------------------------------

    def save(self, state: State | None = None) -> Path:
        """Write the game (its action list, seats, names and seed) to `save_path`."""
        state = state or self.state
        assert state is not None and self.save_path is not None
        data = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "state": state.to_json(),
            "seats": list(self.seats),
            "names": list(self.table_names.names),
            "seed": self.seed,
        }
        self.save_path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        return self.save_path

    # --- the end -------------------------------------------------------------------------------

    def _show_result(self, state: State) -> None:
        viewer = self.humans[0] if len(self.humans) == 1 else None
        names = self.names_for(viewer)
        if len(self.humans) > 1:
            self._clear()
        self.console.print(Rule(_("Game over")))
        self.console.print(self._board(state, viewer))
        room = self.console.size.height - 12 - self.game.num_players
        panel = self._log_panel(viewer, room, since_mark=viewer is not None)
        if panel is not None:
            self.console.print(panel)
        winners = state.winners()
        table = Table(title=_("Result"), title_justify="left")
        table.add_column(_("seat"))
        table.add_column(_("played by"))
        table.add_column(_("result"))
        for seat, kind in enumerate(self.seats):
            player = (
                _("you")
                if seat == viewer
                else _("a person")
                if kind == HUMAN
                else _("bot: {kind}").format(kind=kind)
            )
            result = _("won") if seat in winners else "-"
            table.add_row(names.seat(seat), player, result)
        self.console.print(table)
        if not winners:
            self.console.print(_("Nobody won."))
        self.console.print(_("Replay this deal with --seed {seed}.").format(seed=self.seed))


def _seats_in(names: SeatNames, text: str, mover: int | None = None) -> str:
    """The game's words with the seats' names for ``P<n>``. In English `SeatNames` also
    speaks to the viewer ("You draw", "your container", a mover's "your" as "their" on
    another's line); in another language the viewer's seat is their label marked as theirs
    ("P0 (tú)"), which fits every sentence without knowing its grammar."""
    if current_language() == SOURCE_LANGUAGE:
        return names.mover_says(mover, text) if mover is not None else names.say(text)

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        if seat >= len(names.names):
            return match.group(0)
        if seat == names.viewer:
            return _("{name} (you)").format(name=names.names[seat])
        return names.names[seat]

    return _SEAT_LABEL.sub(name, text)


_SEAT_LABEL: Final = re.compile(r"\bP(\d+)\b")


def _log_text(line: LogLine) -> Text:
    if line.kind == "event":
        return Text.assemble(("» ", "bold yellow"), (line.text, "bold"))
    if line.kind in ("chance", "deal"):
        return Text("  " + line.text, style="dim")
    if line.kind == "draw":
        return Text(line.text)
    name, sep, rest = line.text.partition(": ")
    return Text.assemble((name, "bold"), sep, rest)


def _shown(reply: str) -> str:
    return repr(reply if len(reply) <= 20 else reply[:20] + "...")


def parse_choice(reply: str, count: int) -> tuple[int | None, str]:
    """A 0-based choice from a typed number, or None and the reason it is not one."""
    if not reply:
        return None, _("Type the number of a choice, 1-{count} (? for help).").format(count=count)
    if not (reply.isascii() and reply.isdigit()):
        return None, _(
            "{reply} is not a choice: type a number from 1 to {count} (or ? for help, q to stop)."
        ).format(reply=_shown(reply), count=count)
    number = int(reply[:6]) if len(reply) <= 6 else count + 1
    if not 1 <= number <= count:
        return None, _("There is no choice {reply}; type a number from 1 to {count}.").format(
            reply=_shown(reply)[1:-1], count=count
        )
    return number - 1, ""


def resume_hint(path: Path) -> str:
    return f"roost play --resume {path}"


@dataclass(frozen=True)
class Saved:
    """A game read back from a save file."""

    state: State
    seats: list[str]
    names: list[str]
    seed: int


def load_saved(path: Path) -> Saved:
    """Read a save file, checking everything (a clear `RoostError` for anything wrong)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RoostError(f"--resume: there is no file {str(path)!r}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise RoostError(f"--resume: cannot read {str(path)!r}: {error}") from None
    try:
        data = json.loads(text)
    except ValueError:
        raise RoostError(f"--resume: {str(path)!r} is not a saved Roost game (not JSON)") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise RoostError(f"--resume: {str(path)!r} is not a saved Roost game")
    if data.get("version") != SAVE_VERSION:
        raise RoostError(
            f"--resume: {str(path)!r} was saved by another version of Roost "
            f"(format {data.get('version')!r}, this one reads {SAVE_VERSION})"
        )
    seats, names, seed = data.get("seats"), data.get("names"), data.get("seed")
    if (
        not isinstance(seats, list)
        or not all(isinstance(kind, str) for kind in seats)
        or not isinstance(names, list)
        or not all(isinstance(name, str) for name in names)
        or type(seed) is not int
    ):
        raise RoostError(f"--resume: {str(path)!r} is damaged (seats, names or seed)")
    try:
        state = load_state(data.get("state"))  # type: ignore[arg-type]
    except RoostError as error:
        raise RoostError(f"--resume: {str(path)!r} holds no playable game: {error}") from None
    except (TypeError, ValueError, AttributeError):
        raise RoostError(f"--resume: {str(path)!r} is damaged (its game)") from None
    n = state.game.num_players
    if len(seats) != n or len(names) != n:
        raise RoostError(f"--resume: {str(path)!r} is damaged (it names the wrong seats)")
    return Saved(state, seats, names, seed)
