"""Manda Huevos!: the game object and its parameters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from roost.core.cards import CardInfo
from roost.core.decks import copies_error, deck_error, read_copy_counts
from roost.core.errors import ParameterError
from roost.core.game import Game
from roost.core.params import Param
from roost.core.registry import register
from roost.games.manda_huevos.actions import NUM_ACTIONS
from roost.games.manda_huevos.cards import (
    ACTION_CARDS,
    BLANK_CARDS,
    CARD_INFO,
    CONTAINER_SIZE,
    COPIES_KEYS,
    DECK_TYPES,
    DEFAULT_COPIES,
    DEFAULT_EGG_VALUES,
    HAND_SIZE,
    HEN,
    HEN_COPY,
    MAX_EGG_CARDS,
    MAX_HAND,
    MAX_VALUE,
    blank_cards_used,
    egg_deck,
    own_action_info,
    own_cards_text,
    parse_egg_values,
    parse_own_cards,
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
            "the egg cards' values: comma-separated terms 'A-BxN' (N cards of each value A "  # noqa: UP032 (a template: the catalogue extracts it)
            "to B), 'VxN', 'A-B' or 'V', values 0-{most}; the real distribution is not "
            "known, the default is values 1-9, six of each (54 cards, as in the box)".format(
                most=MAX_VALUE
            ),
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
            "own_cards",
            str,
            "",
            "your own cards, on the box's {blank} blank cards: terms separated by '/', "  # noqa: UP032 (a template: the catalogue extracts it)
            "'egg:V' or 'egg:VxN' (eggs of value V, 0-20) and 'EFFECT:K' (an action card every "
            "player gets, applying move, swap, sleep or take K times, 1-3), e.g. "
            "'egg:12x2/move:2'; an egg takes a blank card, an action card one per player".format(
                blank=BLANK_CARDS
            ),
        ),
        Param(
            "hand",
            int,
            HAND_SIZE,
            "cards dealt to each player and kept in hand by drawing (the rulebook: {hand}); "  # noqa: UP032 (a template: the catalogue extracts it)
            "the deck must deal every hand".format(hand=HAND_SIZE),
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
        own_given = str(self._params["own_cards"])
        try:
            own_eggs, own_actions = parse_own_cards(own_given)
        except ValueError as error:
            raise ParameterError(
                f"{self.name}: parameter 'own_cards' takes cards like 'egg:12x2/move:2'; "
                f"{own_given!r}: {error}"
            ) from None
        blanks = blank_cards_used(own_eggs, own_actions, self.num_players)
        if blanks > BLANK_CARDS:
            raise ParameterError(
                f"{self.name}: parameter 'own_cards' {own_given!r} takes {blanks} blank cards "
                f"with {self.num_players} players (an egg takes one, an action card one per "
                f"player); the box has {BLANK_CARDS}"
            )
        # Kept written one way: equal decks make equal games, and the value lives in game
        # strings and saved games (the composition is the game's identity).
        self._params["own_cards"] = own_cards_text(own_eggs, own_actions)
        self.own_actions = own_actions
        """The own action cards, as (effect, repeats) by index: every player holds one of each
        (type id ``OWN_ACTION_IDS[index]``, face-down bit ``3 + index``)."""
        self.own_eggs = sum(own_eggs)
        """Own egg cards in the deck (on blank cards)."""
        counts = tuple(a + b for a, b in zip(counts, own_eggs, strict=True))
        if sum(counts) > MAX_EGG_CARDS:
            raise ParameterError(
                f"{self.name}: 'egg_values' and 'own_cards' make {sum(counts)} egg cards; at "
                f"most {MAX_EGG_CARDS} are allowed"
            )
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
        copies, copies_given = read_copy_counts(
            self.name, self._params, DEFAULT_COPIES, COPIES_KEYS, "swap-eggs=0/hen=0"
        )
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
        self.all_down = (1 << (len(ACTION_CARDS) + len(own_actions))) - 1
        """A player's face-down mask once every action card is used (the printed three, then
        the own ones): the next turn must be an egg."""
        self.card_info = CARD_INFO + tuple(
            own_action_info(index, effect, repeats)
            for index, (effect, repeats) in enumerate(own_actions)
        )
        """The catalogue: the printed cards, then this game's own action cards."""
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
        """The printed ids (RULES.md, "Action encoding"), then one "use own card" per own
        action card: the default game keeps its 1713."""
        return NUM_ACTIONS + len(self.own_actions)

    def max_chance_outcomes(self) -> int:
        return DECK_TYPES

    def max_game_length(self) -> int:
        """The bound proved in RULES.md ("Game length")."""
        n = self.num_players
        eggs = self.egg_count
        placements = min(eggs, CONTAINER_SIZE * n if not self.quick else 5 * n + 1)
        plays = placements + 1  # the hen once
        # Between two refreshes a player uses each action card once: a printed one is one
        # step, an own one a step to use it and one per application.
        per_refresh = len(ACTION_CARDS) + sum(1 + repeats for _, repeats in self.own_actions)
        actions = per_refresh * (n + plays)
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
        return self.card_info


register(MandaHuevosGame)
