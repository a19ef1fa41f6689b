"""One way of naming the seats everywhere on screen: each seat's name, and "You" for the person
at the keyboard.

Game texts name seats ``P0``, ``P1`` ... (action texts, narration, choice labels); `SeatNames`
puts the table's names in their place, and for the viewer's own seat says "You" / "you" /
"your", with the verb after it agreeing ("You draw", "You are").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from roost.core.errors import RoostError
from roost.i18n import gettext

MAX_NAME: Final = 16

_SEAT: Final = re.compile(r"\bP(\d)\b('s)?( \w+)?")
_SENTENCE_START: Final = re.compile(r"(^|[.!?]\s+)$")
_AND_VERB: Final = re.compile(r"(\b[Yy]ou \w+ and )(\w+)")
_VERBS: Final = {
    "is": "are",
    "was": "were",
    "has": "have",
    "does": "do",
    "draws": "draw",
    "plays": "play",
    "wins": "win",
    "takes": "take",
    "leads": "lead",
    "shows": "show",
    "flips": "flip",
    "gives": "give",
    "says": "say",
    "deals": "deal",
    "holds": "hold",
    "may": "may",
    "must": "must",
    "share": "share",
    "loses": "lose",
    "keeps": "keep",
    "stays": "stay",
}
"""Third-person verbs that follow a seat in game texts, and the form after "You"."""


def parse_names(text: str, players: int) -> list[str]:
    """``--names Ana,Bo,...``: one name per seat (a blank keeps the default), checked."""
    names = [name.strip() for name in text.split(",")]
    if len(names) != players:
        raise RoostError(f"--names gives {len(names)} names but the game has {players} seats")
    for name in names:
        if len(name) > MAX_NAME:
            raise RoostError(f"--names: {name!r} is longer than {MAX_NAME} characters")
        if name and not all(ch.isprintable() for ch in name):
            raise RoostError(f"--names: {name!r} holds a character that cannot be shown")
        if name.lower() in ("you", "your"):
            raise RoostError("--names: 'You' is kept for the person at the keyboard")
    given = [name.lower() for name in names if name]
    if len(given) != len(set(given)):
        raise RoostError("--names: two seats have the same name")
    return names


def default_names(kinds: Sequence[str], given: Sequence[str] = ()) -> list[str]:
    """The seats' names: those given, else ``P<n>`` as the games' own texts say."""
    names = list(given) or [""] * len(kinds)
    return [name or f"P{seat}" for seat, name in enumerate(names)]


@dataclass(frozen=True)
class SeatNames:
    """The names of a table's seats, as seen by `viewer` (None: someone watching)."""

    names: tuple[str, ...]
    viewer: int | None = None

    def seen_by(self, viewer: int | None) -> SeatNames:
        return SeatNames(self.names, viewer)

    def seat(self, seat: int | None, *, start: bool = True) -> str:
        """A seat's name ("You" for the viewer; "you" where `start` is false)."""
        if seat is None:
            return gettext("nobody")
        if seat == self.viewer:
            return gettext("You") if start else gettext("you")
        return self.names[seat] if 0 <= seat < len(self.names) else f"P{seat}"

    def possessive(self, seat: int) -> str:
        return "your" if seat == self.viewer else f"{self.seat(seat)}'s"

    def say(self, text: str) -> str:
        """A game text with the seats' names for ``P<n>`` ("P2 draws" -> "Bo draws", and for
        the viewer "You draw", "your container")."""

        def swap(match: re.Match[str]) -> str:
            seat = int(match.group(1))
            owner = match.group(2)
            rest = match.group(3) or ""
            if seat >= len(self.names):
                return match.group(0)
            if seat != self.viewer:
                return f"{self.names[seat]}{owner or ''}{rest}"
            head = text[: match.start()]
            if owner:
                start = _SENTENCE_START.search(head) is not None
                return ("Your" if start else "your") + rest
            word = rest.strip()
            if word in _VERBS:
                rest = f" {_VERBS[word]}"
            start = _SENTENCE_START.search(head) is not None
            return ("You" if start else "you") + rest

        said = _SEAT.sub(swap, text)
        if self.viewer is None:
            return said
        # a second verb of the same subject: "you win and takes" -> "you win and take"
        return _AND_VERB.sub(
            lambda m: (
                f"{m.group(1)}{_VERBS.get(m.group(2), m.group(2))}"
                if m.group(0).split()[1] in _VERBS.values()
                else m.group(0)
            ),
            said,
        )

    def mover_says(self, mover: int, text: str) -> str:
        """A decision's text on the log line of `mover`: decision texts speak to the mover
        ("give your best card"), so on someone else's line they say "their"."""
        if mover != self.viewer:
            text = re.sub(r"\byou hold\b", "they hold", text)
            text = re.sub(r"\bin front of you\b", "in front of them", text)
            text = re.sub(r"\byour\b", "their", text)
        return self.say(text)
