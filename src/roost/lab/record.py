"""One game's record: what the lab keeps of each game it plays (a row of games.csv)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LabRecord:
    """The outcome and measures of one game.

    `setting` and `lineup` index the plan's settings (player count and parameters) and line-ups
    (which bots); `index` is the game's number within them, from which its seeds derive."""

    setting: int
    lineup: int
    index: int
    kinds: tuple[str, ...]
    """The bot at each seat."""
    returns: tuple[float, ...]
    winners: tuple[int, ...]
    choices: int
    """Decisions with two or more legal moves."""
    forced: int
    """Decisions with one legal move."""
    chance: int
    """Chance steps: cards dealt, drawn, turned over."""
    turns: int
    rounds: int
    first_player: int
    """Who made the first decision once every hand was dealt (-1: never)."""
    lead_changes: int
    """Times the sole leader (by the game's score) changed hands (-1: the game keeps no score)."""
    half_leader: int
    """The sole leader at half time, by decisions (-1: a tie, or no score)."""
    moves: tuple[tuple[str, int], ...]
    """Decisions of each kind (``play``, ``draw``, ``cluck_off`` ...), sorted by kind."""
    extras: tuple[tuple[str, float | None], ...]
    """The game's own measures (its `Extra`s), in their order."""
    held: tuple[tuple[int, ...], ...]
    """Each seat's hand at the start, card type ids sorted (empty if never dealt)."""
    played: tuple[tuple[int, ...], ...]
    """Each seat's cards that left the hand in its moves, sorted."""

    @property
    def decisions(self) -> int:
        return self.choices + self.forced

    def won(self, seat: int) -> bool:
        return seat in self.winners

    def place(self, seat: int) -> int:
        """1 + the seats with a strictly higher return."""
        mine = self.returns[seat]
        return 1 + sum(1 for r in self.returns if r > mine)

    def extra(self, name: str) -> float | None:
        for key, value in self.extras:
            if key == name:
                return value
        return None
