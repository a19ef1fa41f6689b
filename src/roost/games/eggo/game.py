"""Stranger Things: Eggo Card Game: the game object and its parameters."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from roost.core.cards import CardInfo
from roost.core.decks import copies_error, read_copy_counts, short_deck_error
from roost.core.game import Game
from roost.core.params import Param
from roost.core.registry import register
from roost.games.eggo import views
from roost.games.eggo.actions import NUM_ACTIONS
from roost.games.eggo.cards import (
    CARD_INFO,
    CARD_NAMES,
    COPIES_KEYS,
    DEFAULT_COUNTS,
    DEMOGORGON,
    DEMOGORGON_TEXT,
    HAND_SIZE,
    HUMAN_CARDS,
    NUM_TYPES,
    deck_of,
)
from roost.games.eggo.state import EggoState

MAX_HAND = 20
"""The largest `hand` parameter: five times the rulebook's four, a bound on typed values."""


class EggoGame(Game):
    """Escape the Upside Down and empty your hand before the last Demogorgon (the fourth in the
    box) is drawn."""

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
        Param(
            "copies",
            str,
            "",
            "changes to the deck's counts (the box: 72 character cards, 2 of each colour and "
            "character; Reverse and Draw 2, 2 per colour; Portal 8; All-Players Rift 6; "
            "Demogorgon 4), KEY=N separated by ',' or '/': a card (red-will, blue-reverse, "
            "yellow-draw-2, portal, all-players-rift, demogorgon) or a kind (characters, will "
            "... jonathan in every colour, reverse, draw-2, rift), e.g. 'demogorgon=5'; the "
            "last Demogorgon drawn ends the game, so at least one is needed",
        ),
        Param(
            "hand",
            int,
            HAND_SIZE,
            f"cards dealt to each player (the rulebook: {HAND_SIZE}); the deck must hold a "
            "start card and every hand",
            minimum=1,
            maximum=MAX_HAND,
        ),
    )
    rules_file = Path(__file__).with_name("RULES.md")
    golden_variants = ({"players": 2, "characters": "assigned", "two_player_reverse": "skip"},)

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.choose_characters = self._params["characters"] == "choose"
        self.reverse_skips = self._params["two_player_reverse"] == "skip"
        counts, text = read_copy_counts(
            self.name, self._params, DEFAULT_COUNTS, COPIES_KEYS, "demogorgon=5,portal=4"
        )
        self.counts = counts
        """Copies of each card type in this game's deck, by type id."""
        self.hand_size = int(self._params["hand"])
        """Cards dealt to each player."""
        self.demogorgons = counts[DEMOGORGON]
        """The Demogorgons in the deck: the last one drawn ends the game."""
        self._check_deck(text)
        self.deck = deck_of(counts)
        """Every card of this game, by type id (`DEFAULT_COUNTS` unless `copies` changes it)."""
        self._card_info = tuple(
            replace(info, text=DEMOGORGON_TEXT.format(views.ordinal(self.demogorgons)))
            if info.id == DEMOGORGON
            else info
            for info in CARD_INFO
        )
        self.most_copies = max(c for card, c in enumerate(counts) if card != DEMOGORGON)
        """The most copies of one card a hand can hold: what the RL encoder scales counts by."""

    def _check_deck(self, text: str) -> None:
        """Refuse a deck that cannot make a game: no Demogorgon to end it, no character card
        to start the pile, too few cards to deal every hand."""
        counts = self.counts
        if self.demogorgons < 1:
            raise copies_error(
                self.name, text, "demogorgon=5", "the last Demogorgon ends the game: keep one"
            )
        if not any(counts[card] for card in HUMAN_CARDS):
            raise copies_error(
                self.name,
                text,
                "characters=1",
                "the pile starts with a character card: keep one",
            )
        others = sum(counts) - self.demogorgons
        needed = self.hand_size * self.num_players + 1
        if others < needed:
            raise short_deck_error(
                self.name,
                self.hand_size,
                HAND_SIZE,
                text,
                f"{self.num_players} hands of {self.hand_size} and a start card need "
                f"{needed} cards besides the Demogorgons; the deck has {others}",
            )

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return NUM_TYPES

    def max_game_length(self) -> int:
        n = self.num_players
        dealt = self.hand_size * n
        deck_after_deal = len(self.deck) - 1 - dealt  # Demogorgons included
        playable_cards = len(self.deck) - self.demogorgons - 1  # all but Demogorgons, the start
        choices = n if self.choose_characters else 0
        return choices + 1 + dealt + 2 * deck_after_deal + playable_cards

    def min_return(self) -> float:
        return 0.0

    def max_return(self) -> float:
        return 1.0

    def new_initial_state(self) -> EggoState:
        return EggoState(self)

    def all_cards(self) -> list[int]:
        return list(self.deck)

    def card_types(self) -> tuple[CardInfo, ...]:
        """The catalogue, the Demogorgon's text naming the one that really ends this game (the
        last: `copies` may change how many there are)."""
        return self._card_info

    def card_name(self, card: int) -> str:
        return CARD_NAMES[card]

    def narrate(self, before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
        """`views.narrate`, told how many Demogorgons this deck holds (the observation does
        not say: it is a parameter of the game)."""
        return views.narrate(before, after, self.demogorgons)


register(EggoGame)
