"""One scenario builder for every game: choose the chance outcomes, play decisions by their text.

Rule tests are positions reached the way a real game reaches them: the deal and every draw are
chance outcomes that the test chooses, and every decision is a legal action named by its text.
Nothing writes a state's private fields, so a scenario is also a valid history (it can be saved,
replayed and shown to a front end).

>>> from roost.testing.scenario import Scenario
>>> s = Scenario("eggo", players=2, characters="assigned")
>>> _ = s.stack("red Dustin")                     # the start card
>>> _ = s.stack("red Will", "blue Will", "red Mike", "blue Mike")   # the deal, one card at a time
>>> _ = s.stack("red Lucas", "blue Lucas", "red Nancy", "blue Nancy")  # round the table
>>> _ = s.do("play red Will")                     # the stack is used up before the decision
>>> s.player
1

Chance outcomes are named by the card they give (``game.card_name``) or by their full text for an
omniscient viewer; decisions by their text as the mover sees them, or by a fragment of it that
matches exactly one legal action. Anything that does not match says what would have.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Self

from roost.core.errors import IllegalActionError
from roost.core.game import CHANCE, OMNISCIENT, TERMINAL, Game
from roost.core.registry import load_game
from roost.core.state import State

Filler = Callable[["Scenario", list[int]], int]
"""Chooses a chance outcome when the stack is empty: (scenario, possible outcomes) -> outcome."""


class ScenarioError(AssertionError):
    """A scenario step that does not fit the position (a test bug, reported with the options)."""


def lowest_unreserved(scenario: Scenario, outcomes: list[int]) -> int:
    """A filler: the lowest outcome the stack does not still ask for (else the lowest)."""
    wanted = set(scenario.pending())
    for outcome in outcomes:
        if outcome not in wanted:
            return outcome
    return outcomes[0]


class Scenario:
    """A game played from chosen chance outcomes and decisions given by their text."""

    def __init__(self, game: str | Game, /, *, fill: Filler | None = None, **params: Any) -> None:
        self.game: Game = load_game(game, **params) if isinstance(game, str) else game
        self.state: State = self.game.new_initial_state()
        self._stack: list[str | int] = []
        self._fill = fill

    # --- building the position -----------------------------------------------------------------

    def stack(self, *outcomes: str | int) -> Self:
        """Queue chance outcomes (card names, texts or ids), used as chance nodes come up."""
        self._stack.extend(outcomes)
        return self

    def pending(self) -> list[int]:
        """The queued chance outcomes that name a card, as ids (for fillers)."""
        names = {self.game.card_name(card): card for card in set(self.game.all_cards())}
        return [
            item if isinstance(item, int) else names[item]
            for item in self._stack
            if isinstance(item, int) or item in names
        ]

    def settle(self) -> Self:
        """Resolve chance nodes from the stack (then the filler, if any) until a decision, the
        end, or a chance node with nothing to give it."""
        while self.state.current_player() == CHANCE:
            if self._stack:
                self._apply_chance(self._stack.pop(0))
            elif self._fill is not None:
                outcomes = [outcome for outcome, _ in self.state.chance_outcomes()]
                self.state.apply_action(self._fill(self, outcomes))
            else:
                break
        return self

    def chance(self, *outcomes: str | int) -> Self:
        """Apply these chance outcomes now (each at a chance node)."""
        for outcome in outcomes:
            if self.state.current_player() != CHANCE:
                raise ScenarioError(
                    f"chance outcome {outcome!r} given, but {self._who()} is to move"
                )
            self._apply_chance(outcome)
        return self

    def do(self, *moves: str | int) -> Self:
        """The decisions with these texts (or ids), each by the seat to move, after settling
        the chance nodes before each from the stack."""
        for move in moves:
            self.settle()
            self.state.apply_action(self.action(move))
        return self.settle()

    def action(self, move: str | int) -> int:
        """The legal decision named by `move` (its text, a unique fragment of it, or its id)."""
        player = self.state.current_player()
        if player < 0:
            raise ScenarioError(f"decision {move!r} given, but {self._who()} is to move")
        legal = self.state.legal_actions()
        if isinstance(move, int):
            if move not in legal:
                raise ScenarioError(f"action {move} is not legal; legal: {self.texts()}")
            return move
        texts = {self.state.action_to_string(a, player): a for a in legal}
        if move in texts:
            return texts[move]
        matches = [a for text, a in texts.items() if move in text]
        if len(matches) == 1:
            return matches[0]
        found = "matches several" if matches else "matches none"
        raise ScenarioError(f"{move!r} {found} of the legal actions: {list(texts)}")

    def _apply_chance(self, outcome: str | int) -> None:
        outcomes = [possible for possible, _ in self.state.chance_outcomes()]
        if isinstance(outcome, int):
            chosen = outcome
        else:
            by_text: dict[str, int] = {}
            for possible in outcomes:
                by_text[self.game.card_name(possible)] = possible
                by_text[self.state.action_to_string(possible, OMNISCIENT)] = possible
            if outcome not in by_text:
                names = sorted({self.game.card_name(o) for o in outcomes})
                raise ScenarioError(f"chance cannot give {outcome!r} here; it can give: {names}")
            chosen = by_text[outcome]
        if chosen not in outcomes:
            raise ScenarioError(f"chance outcome {chosen} is not possible here")
        self.state.apply_action(chosen)

    # --- reading the position ------------------------------------------------------------------

    @property
    def player(self) -> int:
        """The seat to move (or `CHANCE` / `TERMINAL`)."""
        return self.state.current_player()

    def texts(self, viewer: int | None = OMNISCIENT) -> list[str]:
        """The legal decisions' texts, in action order (as `viewer` may know them)."""
        return [self.state.action_to_string(a, viewer) for a in self.state.legal_actions()]

    def obs(self, seat: int | None = OMNISCIENT) -> Mapping[str, Any]:
        """The observation of `seat` (everything, by default)."""
        return self.state.observation(seat)

    def refuse(self, move: int | object) -> str:
        """Apply an action that must be illegal: return the reason, check nothing changed."""
        before = self.state.clone()
        try:
            self.state.apply_action(move)  # type: ignore[arg-type]
        except IllegalActionError as error:
            if self.state != before:
                raise ScenarioError(f"refusing {move!r} changed the state") from None
            return error.reason
        raise ScenarioError(f"{move!r} was accepted")

    def is_over(self) -> bool:
        return self.state.current_player() == TERMINAL

    def _who(self) -> str:
        player = self.state.current_player()
        if player == CHANCE:
            return "chance"
        if player == TERMINAL:
            return "nobody (the game is over)"
        return f"seat {player}"
