"""Egg Bound: the game object and its parameters."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from roost.core.cards import CardInfo
from roost.core.decks import deck_error, parse_copies, read_copies
from roost.core.errors import ParameterError
from roost.core.game import Game
from roost.core.message import Message
from roost.core.params import Param
from roost.core.registry import register
from roost.games.egg_bound import views
from roost.games.egg_bound.actions import num_actions
from roost.games.egg_bound.cards import (
    CARD_KEYS,
    COMPOSITION_NAMES,
    COMPOSITIONS,
    COPIES_KEYS,
    DECK_SIZE,
    DEFAULT_COMPOSITION,
    GROUP_KEYS,
    HAND_SIZE,
    MAX_OWN_CHICKENS,
    PRINTED,
    CardSet,
    Composition,
    own_cards_text,
    parse_own_cards,
)
from roost.games.egg_bound.state import EggBoundState

MAX_HAND = 10
"""The largest `hand` parameter: twice the rulebook's five, a bound on typed values."""
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
        Param(
            "composition",
            str,
            DEFAULT_COMPOSITION,
            "how many copies of each card the 85-card deck holds (the rulebook's card table "  # noqa: UP032 (a template: the catalogue extracts it)
            "was lost): {default} (the default, fitted to the rulebook's '5 to "
            "15 minutes' and to games that end; see RULES.md, The cards) or 'classic-2025' (the "
            "first guess: 18 Egg cards, 4 of each Chicken, Star and the Song, ...)".format(
                default=repr(DEFAULT_COMPOSITION)
            ),
            choices=COMPOSITION_NAMES,
        ),
        Param(
            "copies",
            str,
            "",
            "changes to the composition's counts, KEY=N (or KEY:N) separated by ',' or '/', "
            "a card ({first}, {second}, ..., {last}) or every card of a kind ({kinds}), e.g. "
            "'red-bad-egg=4,egg-laying-song=5'; the deck must still hold {size} cards, each "
            "card at least once".format(
                first=CARD_KEYS[0],
                second=CARD_KEYS[1],
                last=CARD_KEYS[-1],
                kinds=", ".join(GROUP_KEYS),
                size=DECK_SIZE,
            ),
        ),
        Param(
            "hand",
            int,
            HAND_SIZE,
            "cards in a hand after the deal and every refill (the rulebook: {hand}); "  # noqa: UP032 (a template: the catalogue extracts it)
            "besides the Egg cards the deck must hold every hand, an Egg Bound card and a Fowl "
            "in front of each player, and one card more".format(hand=HAND_SIZE),
            minimum=1,
            maximum=MAX_HAND,
        ),
        Param(
            "first_short",
            int,
            0,
            "a compensation for moving first: the first player is dealt this many cards fewer "
            "than a hand (refilled to a full hand at the end of their first turn, as every "
            "hand is); default 0, the rulebook's deal",
            minimum=0,
            maximum=MAX_HAND - 1,
        ),
        Param(
            "own_cards",
            str,
            "",
            "your own Chickens, with other stars: terms 'chicken:P-I-S' (Pecking Order, IQ, "  # noqa: UP032 (a template: the catalogue extracts it)
            "Speed, each 1-4), 'xN' for N copies and ':Name' for a name (letters, digits, "
            "hyphens; '_' shows as a space), separated by '/', e.g. "
            "'chicken:4-4-1x2/chicken:2-3-3:Big_Red' (at most {designs} designs); "
            "they count among the deck's {size} cards, so make room with 'copies'".format(
                designs=MAX_OWN_CHICKENS, size=DECK_SIZE
            ),
        ),
        Param(
            "first_egg",
            bool,
            True,
            "whether the first player starts with a Good Egg like everyone else (the "
            "rulebook: 'Give each player 1 Good Egg'); false is a compensation for moving "
            "first, their egg staying on the Egg Pile",
        ),
    )
    rules_file = Path(__file__).with_name("RULES.md")
    golden_variants = ({"reshuffle": "shuffle"}, {"composition": "classic-2025"})

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.max_turns = int(self._params["max_turns"])
        self.shuffles = self._params["reshuffle"] == "shuffle"
        base = COMPOSITIONS[str(self._params["composition"])]
        own_given = str(self._params["own_cards"])
        try:
            own = parse_own_cards(own_given)
        except ValueError as error:
            raise ParameterError(
                f"{self.name}: parameter 'own_cards' takes Chickens like "
                f"'chicken:4-4-1x2/chicken:2-3-3'; {own_given!r}: {error}"
            ) from None
        self.cards = CardSet(own) if own else PRINTED
        """The card types: the printed ones, then the own Chickens (`cards.CardSet`)."""
        made: Composition | None = None
        if own:  # the deck is checked with the own Chickens in it: they count among the 85
            given = str(self._params["copies"])
            try:
                parse_copies(given, COPIES_KEYS)
            except ValueError:
                pass  # `read_copies` below says what is wrong with 'copies'
            else:
                try:
                    made = base.with_copies(given, own)
                except ValueError as error:
                    raise ParameterError(
                        f"{self.name}: parameters 'own_cards' {own_given!r} and 'copies' "
                        f"{given!r} make no deck: {error}"
                    ) from None
        self.composition: Composition
        """The deck: how many copies of each card type (`cards.Composition`)."""
        self.composition, _ = read_copies(
            self.name,
            self._params,
            COPIES_KEYS,
            "red-bad-egg=4,egg-laying-song=5",
            base.with_copies if made is None else lambda _: made,
        )
        self._params["own_cards"] = own_cards_text(own)
        self.hand_size = int(self._params["hand"])
        """Cards in a hand after the deal and at the end of every turn."""
        others = len(self.composition.draw_deck)
        needed = (self.hand_size + 2) * self.num_players + 1
        if others < needed:
            raise deck_error(
                self.name,
                "hand",
                self.hand_size,
                f"{self.num_players} hands of {self.hand_size}, an Egg Bound card and a Fowl "
                f"before each player and one card more need {needed} cards besides the Egg "
                f"cards (so a refill always finds a card); the deck has {others}",
            )

        self.first_short = int(self._params["first_short"])
        """Cards fewer dealt to the first player (seat 0): a compensation, 0 by default."""
        if self.first_short >= self.hand_size:
            raise ParameterError(
                f"{self.name}: parameter 'first_short' takes fewer cards than a hand (the first "
                f"player must be dealt at least one of the {self.hand_size}: 0 to "
                f"{self.hand_size - 1}); got {self.first_short}"
            )
        self.first_egg = bool(self._params["first_egg"])
        """Whether the first player starts with a Good Egg (the rulebook: yes)."""

    def num_distinct_actions(self) -> int:
        """The printed 178 ids, then one block per own Chicken design (RULES.md, Actions)."""
        return num_actions(len(self.cards.own))

    def max_chance_outcomes(self) -> int:
        return self.cards.num_types

    def max_game_length(self) -> int:
        return self.hand_size * self.num_players + MAX_ENTRIES_PER_TURN * self.max_turns

    def min_return(self) -> float:
        return 0.0

    def max_return(self) -> float:
        return 1.0

    def new_initial_state(self) -> EggBoundState:
        return EggBoundState(self)

    def all_cards(self) -> list[int]:
        return list(self.composition.full_deck)

    def card_types(self) -> tuple[CardInfo, ...]:
        return self.cards.info

    def card_name(self, card: int) -> str:
        return self.cards.names[card]

    def narrate(self, before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
        """`views.narrate`, told this game's cards (an own Chicken's name is not in the
        observation)."""
        return views.narrate(before, after, self.cards)

    def narrate_messages(
        self, before: Mapping[str, Any], after: Mapping[str, Any]
    ) -> list[Message]:
        """`narrate` as messages, for a reader in any language (`views.narrate_messages`,
        told this game's cards)."""
        return views.narrate_messages(before, after, self.cards)


register(EggBoundGame)
