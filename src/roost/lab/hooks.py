"""What a game gives the lab: its own measures and its rulebook's claims, found by convention.

A game's lab companion is ``roost.lab.games.<folder>`` exporting ``LAB``, a `GameMeasures` typed
with the game's observation (``GameMeasures[EggoObservation]``), so mypy checks every field a
measure reads. Measures read observations (each turn's public one for the score, the omniscient
one at the start and at the end) and the moves as data (`roost.core.actions.ActionInfo`: kind
and cards), never a state's private fields. A game without a companion still gets every generic
measure (seats, length, skill, card impact); it has no score, extras or claims.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

from roost.core.companions import companion
from roost.core.game import Game

if TYPE_CHECKING:
    from roost.lab.claims import Claim

Obs = TypeVar("Obs")


@dataclass(frozen=True, slots=True)
class Move:
    """One decision as the lab saw it: who, what kind of move, which cards left the hand."""

    seat: int
    kind: str
    cards: tuple[int, ...]
    forced: bool
    """The only legal move."""


@dataclass(frozen=True)
class Trace:
    """What the runner saw of one game, besides the final observation."""

    players: int
    moves: tuple[Move, ...]
    start_hands: tuple[tuple[int, ...], ...] | None
    """Every hand at the start (the first decision at which every hand holds a card)."""
    first_player: int | None
    """Who made that first decision: the player who starts the game proper."""

    def count(self, kind: str, seat: int | None = None) -> int:
        """Moves of this kind (by this seat)."""
        return sum(1 for m in self.moves if m.kind == kind and (seat is None or m.seat == seat))

    def holder(self, card: int) -> int | None:
        """The seat that held `card` at the start (the first, if several)."""
        if self.start_hands is None:
            return None
        return next((s for s, hand in enumerate(self.start_hands) if card in hand), None)


@dataclass(frozen=True)
class Extra(Generic[Obs]):
    """A number per game that the game's designers would ask about.

    `kind` says how it is summarised: ``rate`` for a yes/no (1/0) per game (a share with its
    Wilson interval), ``mean`` for a count or amount (a mean with its interval). `value` returns
    None where the question does not apply to that game (it is then left out)."""

    name: str
    label: str
    kind: Literal["rate", "mean"]
    value: Callable[[Obs, Trace], float | None]


@dataclass(frozen=True)
class Compensation:
    """A change of the rules that gives something back to the players after the first (a
    card, an egg, a point, a turn), as game parameters whose defaults are the rulebook's game;
    `roost.lab.compensate` searches a ladder of them."""

    key: str
    """A short name (``first_short=1``)."""
    label: str
    """What it does, in words."""
    params: tuple[tuple[str, str], ...]
    """The parameters it sets, as ``--param key=value`` would carry them."""


def _all_hands(obs: Mapping[str, Any]) -> Sequence[Sequence[int]] | None:
    hands = obs.get("hands")
    return hands if isinstance(hands, list) else None


@dataclass(frozen=True)
class GameMeasures(Generic[Obs]):
    """A game's lab companion (see the module docstring)."""

    read: Callable[[Mapping[str, Any]], Obs]
    """The game's `views.read`: an observation as its TypedDict."""
    hands: Callable[[Obs], Sequence[Sequence[int]] | None]
    """Every hand, from the omniscient observation."""
    score: Callable[[Obs], Sequence[float]] | None = None
    """Each seat's standing, higher is better, from the public (spectator) observation: for
    drama (lead changes, the half-time leader). None: the game keeps no score."""
    score_label: str = ""
    turns: Callable[[Obs, Trace], int] | None = None
    """Turns played, when the game counts them (default: runs of decisions by one seat)."""
    rounds: Callable[[Obs, Trace], int] | None = None
    """Rounds played, when the game has rounds (default: turns / players, rounded up)."""
    extras: tuple[Extra[Obs], ...] = ()
    claims: tuple[Claim, ...] = ()
    bots_ignore: tuple[tuple[str, str], ...] = ()
    """(parameter, what it means) for parameters the game's bots do not play to: the report
    says so wherever the parameter is set or swept (the lab also finds it out: see
    `roost.lab.summary.ignored_parameters`)."""
    compensations: tuple[Compensation, ...] = ()
    """First-player compensations the rules allow, mildest first (``roost lab GAME
    --compensate``): the ladder the search climbs."""
    played_impact: str = ""
    """Empty: card impact shows the win rate when a card was played as well as when it was held.
    Otherwise why not: in a shedding game every seat plays nearly every card it holds, and the
    one who goes out first plays fewest, so "played" measures how long a seat stayed in."""


def generic_measures() -> GameMeasures[Mapping[str, Any]]:
    """The measures of a game without a lab companion."""
    return GameMeasures(read=lambda obs: obs, hands=_all_hands)


_CACHE: dict[str, GameMeasures[Any]] = {}


def game_measures(game: Game | type[Game]) -> GameMeasures[Any]:
    """The game's `LAB` (``roost.lab.games.<folder>``), or the generic measures."""
    name = game.name
    found = _CACHE.get(name)
    if found is None:
        found = companion(game, "roost.lab.games.{folder}", "LAB", GameMeasures)
        if found is None:
            found = generic_measures()
        _CACHE[name] = found
    return found
