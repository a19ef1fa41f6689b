"""A game written outside Roost, as plain Python, subclasses `Game` and `State` and passes the
conformance suite, whichever build of the engine runs (in the compiled one, its classes are
interpreted subclasses of compiled ones).

The toy game, High Card: each player is dealt one card of six; in turn each bets or folds; the
highest card among those who bet wins (nobody wins if all fold).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import roost
from roost import CHANCE, OMNISCIENT, TERMINAL, ActionInfo, CardInfo, Choice, Game, State
from roost.core import registry
from roost.testing.conformance import check_game

DEAL, BET, OVER = 0, 1, 2
PHASES = ("deal", "bet", "over")
CARDS = 6
FOLD, RAISE = 0, 1


class HighCardGame(Game):
    name = "toy-high-card"
    title = "High Card (a test's toy game)"
    min_players = 2
    max_players = 3
    default_players = 2
    rules_file = Path(__file__)

    def num_distinct_actions(self) -> int:
        return 2

    def max_chance_outcomes(self) -> int:
        return CARDS

    def max_game_length(self) -> int:
        return 2 * self.num_players

    def min_return(self) -> float:
        return 0.0

    def max_return(self) -> float:
        return 1.0

    def new_initial_state(self) -> HighCardState:
        return HighCardState(self)

    def all_cards(self) -> list[int]:
        return list(range(CARDS))

    def card_types(self) -> tuple[CardInfo, ...]:
        return tuple(CardInfo(card, f"card {card}", "number", str(card)) for card in range(CARDS))


class HighCardState(State[HighCardGame]):
    __slots__ = ("_bets", "_deck", "_hands", "_phase", "_player")

    def __init__(self, game: HighCardGame) -> None:
        super().__init__(game)
        self._hands: list[int] = []
        self._deck = list(range(CARDS))
        self._bets: list[int] = []
        self._phase = DEAL
        self._player = 0

    def current_player(self) -> int:
        if self._phase == DEAL:
            return CHANCE
        return self._player if self._phase == BET else TERMINAL

    def _legal_now(self) -> list[int]:
        return [FOLD, RAISE] if self._phase == BET else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._phase != DEAL:
            return []
        return [(card, 1 / len(self._deck)) for card in self._deck]

    def _chance_ok(self, outcome: int) -> bool:
        return outcome in self._deck

    def _apply(self, action: int) -> None:
        if self._phase == DEAL:
            self._deck.remove(action)
            self._hands.append(action)
            if len(self._hands) == self._game.num_players:
                self._phase = BET
        else:
            self._bets.append(action)
            self._player += 1
            if self._player == self._game.num_players:
                self._phase = OVER

    def _explain_illegal(self, action: int) -> str:
        return f"card {action} is dealt already"

    def _observe(self, viewer: int | None) -> dict[str, Any]:
        hands = [
            card if viewer in (seat, OMNISCIENT) else None for seat, card in enumerate(self._hands)
        ]
        obs: dict[str, Any] = {
            "game": self._game.name,
            "players": self._game.num_players,
            "seat": viewer,
            "phase": PHASES[self._phase],
            "current_player": self.current_player(),
            "hands": hands,
            "bets": list(self._bets),
        }
        if self._phase == OVER:
            obs["winners"] = self.winners()
        return obs

    def _action_text(self, action: int, viewer: int | None) -> str:
        if self.current_player() == CHANCE:
            seat = len(self._hands)
            if viewer in (seat, OMNISCIENT):
                return f"P{seat} is dealt card {action}"
            return f"P{seat} is dealt a card"
        return f"P{self._player} " + ("bets" if action == RAISE else "folds")

    def _action_info(self, action: int, viewer: int | None) -> ActionInfo:
        kind = "bet" if action == RAISE else "fold"
        return ActionInfo(kind, steps=(Choice("option", action, kind),))

    def _resample(self, seat: int, rng: random.Random) -> HighCardState:
        if self._phase == OVER:  # the winner tells what was held: keep it simple, keep it all
            return self.clone()
        history = self.history()
        dealt = len(self._hands)
        unseen = sorted(card for index, card in enumerate(self._hands) if index != seat)
        unseen += self._deck
        unseen.sort()
        rng.shuffle(unseen)
        new_hands = [
            card if index == seat else unseen.pop() for index, card in enumerate(self._hands)
        ]
        rebuilt = self._game.state_from_history([*new_hands, *history[dealt:]])
        assert isinstance(rebuilt, HighCardState)
        return rebuilt

    def _copy_into(self, other: HighCardState) -> None:
        other._hands = self._hands.copy()
        other._deck = self._deck.copy()
        other._bets = self._bets.copy()
        other._phase = self._phase
        other._player = self._player

    def _key(self) -> tuple[Any, ...]:
        return (tuple(self._hands), tuple(sorted(self._deck)), tuple(self._bets), self._phase,
                self._player)  # fmt: skip

    def returns(self) -> list[float]:
        winners = self.winners()
        return [1.0 if seat in winners else 0.0 for seat in range(self._game.num_players)]

    def winners(self) -> list[int]:
        if self._phase != OVER:
            return []
        betting = [seat for seat, bet in enumerate(self._bets) if bet == RAISE]
        return [max(betting, key=lambda seat: self._hands[seat])] if betting else []

    def card_places(self) -> dict[str, list[int]]:
        places = {f"hand {seat}": [card] for seat, card in enumerate(self._hands)}
        places["deck"] = list(self._deck)
        return places


@pytest.fixture
def registered() -> Iterator[None]:
    roost.register(HighCardGame)
    try:
        yield
    finally:
        registry._GAMES.pop(HighCardGame.name, None)


@pytest.mark.parametrize("players", [2, 3])
def test_an_interpreted_game_passes_the_conformance_suite(registered: None, players: int) -> None:
    check_game(roost.load_game(HighCardGame.name, players=players), seeds=list(range(6)))


def test_an_interpreted_state_clones_without_running_its_init(registered: None) -> None:
    state = roost.load_game(HighCardGame.name).new_initial_state()
    state.apply_action(3)
    copy = state.clone()
    assert type(copy) is HighCardState and copy == state
    copy.apply_action(5)
    assert state.history() == [3] and copy.history() == [3, 5]
