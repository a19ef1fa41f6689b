"""A table's log: what each viewer (every seat, and the spectators) has been told, in order,
in its own words.

Each action's line is its text as that viewer may read it (`State.action_to_message`); the
events a player would say aloud about it ("P1 escaped", "Round 2 is over") are ``event``
lines from `Game.narrate_messages` on the viewer's own observations before and after; the deal
is one line; the server's notes (a seat taken, a stand-in) are ``note`` lines. A `LogDraft`
holds the lines of actions not yet stored: they join the log only once the actions are
committed.

A viewer's lines are a function of the table's stored actions and notes and of that viewer's
own observations, nothing else (not even which other viewers are followed), so they are only
kept for the viewers someone is reading now (`TableLog.follow`: a connection of that seat, or
a spectator). The others are worked out again from the stored history when someone comes to
read them (`derive`), line for line what they would have been: with one person and three
bots, the bots' seats and the spectators (whom nobody watches at most tables) cost nothing.

Every line is a message (`roost.core.message`): ``text`` is its canonical English (the API,
old clients, tests) and ``msg`` its data, which each client renders in its reader's language,
so a viewer's frame is the same whatever language its reader reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypedDict

from roost.core.game import CHANCE, Game
from roost.core.message import Message
from roost.core.state import State
from roost.server.protocol import LogKind
from roost.server.tables.notes import DEAL, note_message

Viewer = int | None
DEAL_LINE = DEAL.english()


class LogLine(TypedDict):
    """One line of a viewer's log, laid out as `roost.server.protocol.LogLine` (plain data: a
    view frame encodes it without a model, `roost.server.wire`)."""

    n: int
    version: int
    seat: int | None
    kind: LogKind
    text: str
    msg: dict[str, object]
    """The line as a message's data (`Message.to_json`), for the client to translate."""


class Note(Protocol):
    """A stored note, as the log reads it (`roost.server.tables.rows.NoteRecord`)."""

    @property
    def version(self) -> int: ...

    @property
    def seat(self) -> int | None: ...

    @property
    def text(self) -> str: ...


@dataclass
class SeatLog:
    """What one viewer (a seat, or the spectators) has been told, in order."""

    lines: list[LogLine] = field(default_factory=list)
    sent: int = 0
    """Lines already broadcast to this viewer's connections."""
    since_decision: int = 0
    """Index of the first line after this seat's last decision (memory variants)."""
    in_deal: bool = False
    """Inside the deal's chance draws (told as one line), as this viewer saw them."""

    def note(self, version: int, seat: int | None, said: Message) -> None:
        self.in_deal = False
        self.lines.append(log_line(self, version, seat, "note", said))


class TableLog:
    """The logs of the viewers someone is reading now (see the module docstring)."""

    def __init__(self) -> None:
        self.of: dict[Viewer, SeatLog] = {}
        """Each followed viewer's log."""
        self.seen: tuple[int, dict[Viewer, Mapping[str, Any]]] = (-1, {})
        """(version, each followed viewer's observation at that version), carried from one
        action to the next so each observation is worked out once."""

    def follow(self, viewer: Viewer, derived: SeatLog) -> None:
        """Keep `viewer`'s log up to date from now on, starting from `derived` (its log so
        far, `derive`): every line of it counts as sent."""
        derived.sent = len(derived.lines)
        self.of[viewer] = derived

    def unfollow(self, viewer: Viewer) -> None:
        """Nobody reads `viewer`'s log any more: stop keeping it."""
        self.of.pop(viewer, None)

    def draft(self) -> LogDraft:
        """Lines for actions about to be applied, for every followed viewer."""
        return LogDraft(self)

    def stored(self, state: State, version: int, action: int) -> None:
        """Apply a stored action (on a rebuild, or taken from another process) and log it."""
        draft = self.draft()
        draft.action(state, version, action)
        state.apply_action(action)
        draft.applied(state, version)
        draft.commit()

    def note(self, version: int, seat: int | None, text: str) -> None:
        """A line of the server's own (to every viewer)."""
        said = note_message(text)
        for viewer_log in self.of.values():
            viewer_log.note(version, seat, said)


def derive(game: Game, actions: Iterable[int], notes: Sequence[Note], viewer: Viewer) -> SeatLog:
    """`viewer`'s log of a table whose stored actions and notes are these, replayed from the
    game's start: the lines it would hold had it been followed throughout."""
    log = TableLog()
    log.of[viewer] = SeatLog()
    state = game.new_initial_state()
    noted = 0
    version = 0
    for version, action in enumerate(actions):
        while noted < len(notes) and notes[noted].version <= version:
            log.note(notes[noted].version, notes[noted].seat, notes[noted].text)
            noted += 1
        log.stored(state, version, action)
    for note in notes[noted:]:
        log.note(note.version, note.seat, note.text)
    return log.of[viewer]


def log_line(
    seat_log: SeatLog, version: int, seat: int | None, kind: LogKind, said: Message
) -> LogLine:
    return {
        "n": len(seat_log.lines),
        "version": version,
        "seat": seat,
        "kind": kind,
        "text": said.english(),
        "msg": said.to_json(),
    }


Pending = tuple[int, int | None, LogKind, Message]
"""A line not yet committed: its version, seat, kind and message."""


class LogDraft:
    """Log lines of actions not yet committed: added to the followed viewers' logs by `commit`.

    Besides each action's line, the events a player would say aloud about it
    (`Game.narrate_messages`, from the viewer's observations before and after the action: "P1
    escaped", "Round 2 is over") become ``event`` lines, each viewer's from that viewer's own
    observations. With nobody following, a draft works nothing out."""

    def __init__(self, log: TableLog) -> None:
        self.log = log
        self.viewers = list(log.of)
        self.lines: dict[Viewer, list[Pending]] = {viewer: [] for viewer in self.viewers}
        self.in_deal = {viewer: seat_log.in_deal for viewer, seat_log in log.of.items()}
        self.seen = log.seen
        self.before: dict[Viewer, Mapping[str, Any]] = {}

    def action(self, state: State, version: int, action: int) -> None:
        viewers = self.viewers
        if not viewers:
            return
        seen_version, seen = self.seen
        if seen_version == version and all(viewer in seen for viewer in viewers):
            self.before = seen
        else:
            self.before = {viewer: state.observation(viewer) for viewer in viewers}
        player = state.current_player()
        for viewer in viewers:
            lines = self.lines[viewer]
            if player == CHANCE:
                if "deal" in str(self.before[viewer].get("phase", "")):
                    if not self.in_deal[viewer]:
                        self.in_deal[viewer] = True
                        lines.append((version, None, "deal", DEAL))
                    continue
                self.in_deal[viewer] = False
                lines.append((version, None, "chance", state.action_to_message(action, viewer)))
            else:
                self.in_deal[viewer] = False
                lines.append((version, player, "move", state.action_to_message(action, viewer)))

    def applied(self, state: State, version: int) -> None:
        """The action logged at `version` was applied to `state`: log its events."""
        if not self.viewers:
            self.seen = (version + 1, {})
            return
        game = state.game
        after = {viewer: state.observation(viewer) for viewer in self.viewers}
        for viewer, seen_after in after.items():
            events = game.narrate_messages(self.before[viewer], seen_after)
            if events:
                self.in_deal[viewer] = False
                self.lines[viewer].extend((version, None, "event", said) for said in events)
        self.seen = (version + 1, after)

    def commit(self) -> None:
        log = self.log
        log.seen = self.seen
        for viewer, pending in self.lines.items():
            viewer_log = log.of.get(viewer)
            if viewer_log is None:  # cannot happen: the table's lock is held meanwhile
                continue
            viewer_log.in_deal = self.in_deal[viewer]
            for version, seat, kind, said in pending:
                viewer_log.lines.append(log_line(viewer_log, version, seat, kind, said))
                if kind == "move" and viewer == seat:
                    viewer_log.since_decision = len(viewer_log.lines)
