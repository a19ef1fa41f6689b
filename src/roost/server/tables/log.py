"""A table's log: what each viewer (every seat, and the spectators) has been told, in order,
in its own words.

Each action's line is its text as that viewer may read it (`State.action_to_message`); the
events a player would say aloud about it ("P1 escaped", "Round 2 is over") are ``event``
lines from `Game.narrate_messages` on the viewer's own observations before and after; the deal
is one line; the server's notes (a seat taken, a stand-in) are ``note`` lines. A `LogDraft`
holds the lines of actions not yet stored: they join the log only once the actions are
committed.

Every line is a message (`roost.core.message`): ``text`` is its canonical English (the API,
old clients, tests) and ``msg`` its data, which each client renders in its reader's language,
so a viewer's frame is the same whatever language its reader reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypedDict

from roost.core.game import CHANCE
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


@dataclass
class SeatLog:
    """What one viewer (a seat, or the spectators) has been told, in order."""

    lines: list[LogLine] = field(default_factory=list)
    sent: int = 0
    """Lines already broadcast to this viewer's connections."""
    since_decision: int = 0
    """Index of the first line after this seat's last decision (memory variants)."""


class TableLog:
    """Every viewer's log of one table."""

    def __init__(self, viewers: Iterable[Viewer]) -> None:
        self.of: dict[Viewer, SeatLog] = {viewer: SeatLog() for viewer in viewers}
        self.in_deal = False
        """Inside the deal's chance draws (told as one line)."""
        self.seen: tuple[int, dict[Viewer, Mapping[str, Any]]] = (-1, {})
        """(version, each viewer's observation at that version), carried from one action to
        the next so each observation is worked out once."""

    def draft(self, readers: list[Viewer]) -> LogDraft:
        """Lines for actions about to be applied; `readers`: the viewers anyone may be (see
        `LogDraft.readers`)."""
        return LogDraft(self, readers)

    def stored(self, state: State, version: int, action: int, readers: list[Viewer]) -> None:
        """Apply a stored action (on a rebuild, or taken from another process) and log it."""
        draft = self.draft(readers)
        draft.action(state, version, action)
        state.apply_action(action)
        draft.applied(state, version)
        draft.commit()

    def note(self, version: int, seat: int | None, text: str) -> None:
        """A line of the server's own (to every viewer)."""
        self.in_deal = False
        said = note_message(text)
        for viewer_log in self.of.values():
            viewer_log.lines.append(log_line(viewer_log, version, seat, "note", said))


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


class LogDraft:
    """Log lines of actions not yet committed: added to the table's logs by `commit`.

    Besides each action's line, the events a player would say aloud about it
    (`Game.narrate_messages`,
    from the viewer's observations before and after the action: "P1 escaped", "Round 2 is
    over") become ``event`` lines, each viewer's from that viewer's own observations."""

    def __init__(self, log: TableLog, readers: list[Viewer]) -> None:
        self.log = log
        self.viewers = readers
        """Who may read the log: people (and open seats) and spectators. A bot's seat has no
        token, so nobody ever reads its log: its observations are not worked out (with one
        person and three bots, that was half the server's time in the load test)."""
        self.entries: list[tuple[int, int | None, LogKind, dict[Viewer, list[Message]]]] = []
        self.in_deal = log.in_deal
        self.seen = log.seen
        self.before: dict[Viewer, Mapping[str, Any]] = {}

    def action(self, state: State, version: int, action: int) -> None:
        viewers = self.viewers
        seen_version, seen = self.seen
        if seen_version == version and all(viewer in seen for viewer in viewers):
            self.before = seen
        else:
            self.before = {viewer: state.observation(viewer) for viewer in viewers}
        player = state.current_player()
        if player == CHANCE:
            phase = str(self.before[None].get("phase", ""))
            if "deal" in phase:
                if not self.in_deal:
                    self.in_deal = True
                    self.entries.append((version, None, "deal", {}))
                return
        self.in_deal = False
        texts = {viewer: [state.action_to_message(action, viewer)] for viewer in viewers}
        if player == CHANCE:
            self.entries.append((version, None, "chance", texts))
        else:
            self.entries.append((version, player, "move", texts))

    def applied(self, state: State, version: int) -> None:
        """The action logged at `version` was applied to `state`: log its events."""
        game = state.game
        after = {viewer: state.observation(viewer) for viewer in self.viewers}
        events = {
            viewer: game.narrate_messages(self.before[viewer], after[viewer]) for viewer in after
        }
        if any(events.values()):
            self.in_deal = False
            self.entries.append((version, None, "event", events))
        self.seen = (version + 1, after)

    def commit(self) -> None:
        log = self.log
        log.in_deal = self.in_deal
        log.seen = self.seen
        for version, seat, kind, texts in self.entries:
            for viewer in self.viewers:
                viewer_log = log.of[viewer]
                lines = [DEAL] if kind == "deal" else texts[viewer]
                for said in lines:
                    viewer_log.lines.append(log_line(viewer_log, version, seat, kind, said))
                if kind == "move" and viewer == seat:
                    viewer_log.since_decision = len(viewer_log.lines)
