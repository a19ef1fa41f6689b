"""Egg Bound: the game object and its parameters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from roost.core.cards import CardInfo
from roost.core.game import Game
from roost.core.params import Param
from roost.core.registry import register
from roost.games.egg_bound.actions import NUM_ACTIONS
from roost.games.egg_bound.cards import CARD_INFO, CARD_NAMES, FULL_DECK, HAND_SIZE, NUM_TYPES
from roost.games.egg_bound.state import EggBoundState

MAX_ENTRIES_PER_TURN = 6
"""At most three decisions (a play, the target's answer, a defence / keep / egg choice) and
three cards drawn (the refill of at most three cards that left hands) per turn; see RULES.md."""


class EggBoundGame(Game):
    """Be the first to show three Good Eggs."""

    name = "egg-bound"
    title = "Egg Bound"
    min_players = 2
    max_players = 6
    default_players = 4
    parameters = (
        Param(
            "max_turns",
            int,
            300,
            "turns after which the game ends with no winner (random or stubborn play can "
            "swap forever)",
            minimum=1,
            maximum=100_000,
        ),
        Param(
            "reshuffle",
            str,
            "turn_over",
            "what happens when the Draw Pile runs out: 'turn_over' (the rulebook: the Discard "
            "Pile is turned over, so the first card discarded comes up first and everyone knows "
            "the order) or 'shuffle' (a house rule: the Discard Pile is shuffled)",
            choices=("turn_over", "shuffle"),
        ),
    )
    rules_file = Path(__file__).with_name("RULES.md")
    golden_variants = ({"reshuffle": "shuffle"},)

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.max_turns = int(self._params["max_turns"])
        self.shuffles = self._params["reshuffle"] == "shuffle"

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return NUM_TYPES

    def max_game_length(self) -> int:
        return HAND_SIZE * self.num_players + MAX_ENTRIES_PER_TURN * self.max_turns

    def min_return(self) -> float:
        return 0.0

    def max_return(self) -> float:
        return 1.0

    def new_initial_state(self) -> EggBoundState:
        return EggBoundState(self)

    def all_cards(self) -> list[int]:
        return list(FULL_DECK)

    def card_types(self) -> tuple[CardInfo, ...]:
        return CARD_INFO

    def card_name(self, card: int) -> str:
        return CARD_NAMES[card]


register(EggBoundGame)
