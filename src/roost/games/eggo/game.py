"""Stranger Things: Eggo Card Game: the game object and its parameters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from roost.core.cards import CardInfo
from roost.core.game import Game
from roost.core.params import Param
from roost.core.registry import register
from roost.games.eggo.actions import NUM_ACTIONS
from roost.games.eggo.cards import CARD_INFO, CARD_NAMES, FULL_DECK, HAND_SIZE, NUM_TYPES
from roost.games.eggo.state import EggoState


class EggoGame(Game):
    """Escape the Upside Down and empty your hand before the fourth Demogorgon is drawn."""

    name = "eggo"
    title = "Stranger Things: Eggo Card Game"
    min_players = 2
    max_players = 6
    default_players = 4
    parameters = (
        Param(
            "characters",
            str,
            "choose",
            "'choose': each seat picks a character in turn (Barb allowed); "
            "'assigned': seat i plays the i-th of Will, Mike, Lucas, Dustin, Eleven, Hopper",
            choices=("choose", "assigned"),
        ),
        Param(
            "two_player_reverse",
            str,
            "no_skip",
            "what a Reverse does with two players in play: 'no_skip' (the rulebook: the "
            "previous player, i.e. the other one, goes) or 'skip' (the player goes again)",
            choices=("no_skip", "skip"),
        ),
    )
    rules_file = Path(__file__).with_name("RULES.md")
    golden_variants = ({"players": 2, "characters": "assigned", "two_player_reverse": "skip"},)

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.choose_characters = self._params["characters"] == "choose"
        self.reverse_skips = self._params["two_player_reverse"] == "skip"
        self.deck = FULL_DECK

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return NUM_TYPES

    def max_game_length(self) -> int:
        n = self.num_players
        deck_after_deal = len(FULL_DECK) - 1 - HAND_SIZE * n  # Demogorgons included
        playable_cards = len(FULL_DECK) - 4 - 1  # every card but Demogorgons and the start
        choices = n if self.choose_characters else 0
        return choices + 1 + HAND_SIZE * n + 2 * deck_after_deal + playable_cards

    def min_return(self) -> float:
        return 0.0

    def max_return(self) -> float:
        return 1.0

    def new_initial_state(self) -> EggoState:
        return EggoState(self)

    def all_cards(self) -> list[int]:
        return list(FULL_DECK)

    def card_types(self) -> tuple[CardInfo, ...]:
        return CARD_INFO

    def card_name(self, card: int) -> str:
        return CARD_NAMES[card]


register(EggoGame)
