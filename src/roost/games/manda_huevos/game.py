"""Manda Huevos!: the game object and its parameters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from roost.core.cards import CardInfo
from roost.core.decks import apply_copies, copies_error, copies_text, deck_error
from roost.core.errors import ParameterError
from roost.core.game import Game
from roost.core.params import Param
from roost.core.registry import register
from roost.games.manda_huevos.actions import NUM_ACTIONS
from roost.games.manda_huevos.cards import (
    ACTION_CARDS,
    CARD_INFO,
    CONTAINER_SIZE,
    COPIES_KEYS,
    DECK_TYPES,
    DEFAULT_COPIES,
    DEFAULT_EGG_VALUES,
    HAND_SIZE,
    HEN,
    HEN_COPY,
    MAX_HAND,
    MAX_VALUE,
    egg_deck,
    parse_egg_values,
)
from roost.games.manda_huevos.state import MandaHuevosState


class MandaHuevosGame(Game):
    """Gather the most points of eggs in your own container, with eggs, action cards and the
    hen."""

    name = "manda-huevos"
    title = "Manda Huevos!"
    min_players = 2
    max_players = 6
    default_players = 4
    parameters = (
        Param(
            "egg_values",
            str,
            DEFAULT_EGG_VALUES,
            "the egg cards' values: comma-separated terms 'A-BxN' (N cards of each value A "
            f"to B), 'VxN', 'A-B' or 'V', values 0-{MAX_VALUE}; the real distribution is not "
            "known, the default is values 1-9, six of each (54 cards, as in the box)",
        ),
        Param(
            "quick",
            bool,
            False,
            "the Quick Game: end the moment any container holds six eggs (default: the "
            "moment every container does)",
        ),
        Param(
            "memory",
            bool,
            False,
            "memory mode: a sleeping egg's value is hidden from every player until the end "
            "(default: everyone saw it, so it stays known)",
        ),
        Param(
            "final_draw",
            bool,
            False,
            "the player whose egg (or hen) ends the game still draws, so that every hand "
            "holds three cards for the tie-break (default: the game ends at that moment, "
            "before the draw)",
        ),
        Param(
            "copies",
            str,
            "",
            "changes to the cards besides the eggs, KEY=N separated by ',' or '/': how many of "
            "each action card a player gets, 0 or 1 (move-an-egg, swap-eggs, sleep-wake, or "
            "actions for all three; the box: one of each) and the hen, 0 or 1 (hen; the box: "
            "one), e.g. 'swap-eggs=0/hen=0'",
        ),
        Param(
            "hand",
            int,
            HAND_SIZE,
            f"cards dealt to each player and kept in hand by drawing (the rulebook: {HAND_SIZE}); "
            "the deck must deal every hand",
            minimum=1,
            maximum=MAX_HAND,
        ),
    )
    rules_file = Path(__file__).with_name("RULES.md")
    golden_variants = ({"players": 3, "quick": True, "memory": True},)

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        text = str(self._params["egg_values"])
        try:
            counts = parse_egg_values(text)
        except ValueError as error:
            raise ParameterError(
                f"{self.name}: parameter 'egg_values' takes terms like '1-9x6' "
                f"(values 0-{MAX_VALUE}); {text!r}: {error}"
            ) from None
        eggs = sum(counts)
        self.hand_size = int(self._params["hand"])
        """Cards dealt to each player, and kept in hand by drawing after every egg play."""
        hand = self.hand_size
        if eggs < hand * self.num_players:
            if hand != HAND_SIZE:
                raise deck_error(
                    self.name,
                    "hand",
                    hand,
                    f"{self.num_players} hands of {hand} need {hand * self.num_players} egg "
                    f"cards; 'egg_values' {text!r} gives {eggs}",
                )
            raise ParameterError(
                f"{self.name}: parameter 'egg_values' must give at least {hand} egg cards "
                f"per player ({hand * self.num_players} for {self.num_players} players); "
                f"{text!r} gives {eggs}"
            )
        copies_given = str(self._params["copies"])
        try:
            copies, _ = apply_copies(DEFAULT_COPIES, copies_given, COPIES_KEYS)
        except ValueError as error:
            raise copies_error(self.name, copies_given, "swap-eggs=0/hen=0", str(error)) from None
        # Kept written one way (`copies_text`): equal changes make equal games, and the value
        # survives OpenSpiel's game strings and --sweep lists.
        self._params["copies"] = copies_text(copies_given, COPIES_KEYS)
        if max(copies) > 1:
            raise copies_error(
                self.name,
                copies_given,
                "swap-eggs=0/hen=0",
                "a player holds at most one of each action card, and there is one hen at most",
            )
        self.copies = copies
        """Each player's copies of each action card (by `MOVE_CARD`, `SWAP_CARD`,
        `SLEEP_CARD`), then the hen's (`HEN_COPY`)."""
        self.missing_actions = sum(
            1 << card for card in range(len(ACTION_CARDS)) if not copies[card]
        )
        """The action cards nobody has, as face-down bits: they never turn face up."""
        self.hens = copies[HEN_COPY]
        self.egg_counts = counts
        self.egg_count = eggs
        self.quick = bool(self._params["quick"])
        self.memory = bool(self._params["memory"])
        self.final_draw = bool(self._params["final_draw"])
        self.perfect_recall = not self.memory
        self.deck = (*egg_deck(counts), *((HEN,) * self.hens))
        self.full_mask = (1 << (CONTAINER_SIZE * self.num_players)) - 1

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return DECK_TYPES

    def max_game_length(self) -> int:
        """The bound proved in RULES.md ("Game length")."""
        n = self.num_players
        eggs = self.egg_count
        placements = min(eggs, CONTAINER_SIZE * n if not self.quick else 5 * n + 1)
        plays = placements + 1  # the hen once
        actions = 3 * (n + plays)
        hen_steps = CONTAINER_SIZE + 1
        chance = eggs + self.hens
        no_pass = (CONTAINER_SIZE + self.hand_size) * n - 1  # 9n - 1 with hands of three
        passes = 0 if eggs >= no_pass else (n - 1) * (plays + actions) + n
        return chance + plays + hen_steps + actions + passes

    def min_return(self) -> float:
        return 0.0

    def max_return(self) -> float:
        return 1.0

    def new_initial_state(self) -> MandaHuevosState:
        return MandaHuevosState(self)

    def all_cards(self) -> list[int]:
        return list(self.deck)

    def card_types(self) -> tuple[CardInfo, ...]:
        return CARD_INFO


register(MandaHuevosGame)
