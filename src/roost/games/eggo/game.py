"""Stranger Things: Eggo Card Game: the game object and its parameters."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from roost.core.cards import CardInfo
from roost.core.decks import copies_error, read_copy_counts, short_deck_error
from roost.core.errors import ParameterError
from roost.core.game import Game
from roost.core.message import Message
from roost.core.params import Param
from roost.core.registry import register
from roost.games.eggo import views
from roost.games.eggo.actions import NUM_ACTIONS, OWN_SHIFT, PLAY_ACTIONS
from roost.games.eggo.cards import (
    CARD_TYPES,
    CHARACTERS,
    COPIES_KEYS,
    DEFAULT_COUNTS,
    DEMOGORGON,
    DEMOGORGON_TEXT,
    HAND_SIZE,
    HUMAN_CARDS,
    NO_CHARACTER,
    CardType,
    card_info,
    deck_of,
    own_card_types,
    own_cards_text,
    parse_own_cards,
    playable_masks,
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
            "cards dealt to each player (the rulebook: {hand}); the deck must hold a "  # noqa: UP032 (a template: the catalogue extracts it)
            "start card and every hand".format(hand=HAND_SIZE),
            minimum=1,
            maximum=MAX_HAND,
        ),
        Param(
            "own_cards",
            str,
            "",
            "your own Draw N cards, played as the Draw 2 is (on their colour; the next player "
            "draws N, then takes a normal turn): terms separated by '/', 'draw:N' a Draw N in "
            "each colour, 'draw:NxC' C per colour; N is 1, 3 or 4 (e.g. 'draw:3x2/draw:1')",
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
        own_given = str(self._params["own_cards"])
        try:
            own = parse_own_cards(own_given)
        except ValueError as error:
            raise ParameterError(
                f"{self.name}: parameter 'own_cards' takes cards like 'draw:3x2/draw:1'; "
                f"got {own_given!r} ({error})"
            ) from None
        self._params["own_cards"] = own_cards_text(own)
        self.own_draws = own
        """The own Draw N cards, as (N, copies per colour) by N (RULES.md, "Your own cards")."""
        types = CARD_TYPES + own_card_types(own)
        counts = counts + tuple(card.copies for card in types[len(CARD_TYPES) :])
        self.counts = counts
        """Copies of each card type in this game's deck, by type id (own cards last)."""
        self._set_tables(types)
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
            for info in (card_info(card) for card in types)
        )
        self.most_copies = max(c for card, c in enumerate(counts) if card != DEMOGORGON)
        """The most copies of one card a hand can hold: what the RL encoder scales counts by."""

    def _set_tables(self, types: tuple[CardType, ...]) -> None:
        """The per-card-type tables the engine, views and bots read: the box's (`cards.py`)
        with this game's own cards appended (the same values as the box's without them)."""
        self.num_types = len(types)
        """Card types: 47 in the box, 4 more per own Draw N."""
        self.card_names = tuple(card.name for card in types)
        self.kinds = tuple(card.kind for card in types)
        """Each type's kind: character, reverse, draw2, portal, rift, demogorgon, draw (own)."""
        self.colours = tuple(card.colour if card.colour is not None else -1 for card in types)
        """Each type's colour (-1: none)."""
        self.card_characters = tuple(
            card.character if card.character is not None else NO_CHARACTER for card in types
        )
        """Each type's character (`NO_CHARACTER`: none)."""
        self.draws = tuple(card.draws for card in types)
        """Cards each type makes the next player draw (2 for a Draw 2, N for a Draw N, else 0)."""
        self.play_actions = PLAY_ACTIONS + tuple(
            (card.id + OWN_SHIFT,) for card in types[len(CARD_TYPES) :]
        )
        """The decision actions that play each card type (own cards: ids after the box's)."""
        self.playable = playable_masks(types)
        """Bitmask of playable types for each top of pile ``colour * 10 + character``."""
        self.hand_mask = (1 << len(types)) - 1 - (1 << DEMOGORGON)
        """Types a hand may hold: all but the Demogorgon."""
        self.most_draws = max(self.draws)
        """The most cards one card makes a player draw (2 in the box): the RL scale."""
        assert len(CHARACTERS) == NO_CHARACTER

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
        """The box's 61, then one play action per own card type (RULES.md, Actions)."""
        return NUM_ACTIONS + self.num_types - len(CARD_TYPES)

    def max_chance_outcomes(self) -> int:
        return self.num_types

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
        return self.card_names[card]

    def narrate(self, before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
        """`views.narrate`, told how many Demogorgons this deck holds (the observation does
        not say: it is a parameter of the game)."""
        return views.narrate(before, after, self.demogorgons)

    def narrate_messages(
        self, before: Mapping[str, Any], after: Mapping[str, Any]
    ) -> list[Message]:
        """`narrate` as messages, for a reader in any language (`views.narrate_messages`,
        told how many Demogorgons this deck holds)."""
        return views.narrate_messages(before, after, self.demogorgons)


register(EggoGame)
