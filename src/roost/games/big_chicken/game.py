"""BIG CHICKEN: Just Hatched: the game object and its parameters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from roost.core.cards import CardInfo
from roost.core.decks import (
    card_key,
    copies_error,
    read_copy_counts,
    short_deck_error,
)
from roost.core.errors import ParameterError
from roost.core.game import Game
from roost.core.params import Param
from roost.core.registry import register
from roost.games.big_chicken.actions import NUM_ACTIONS
from roost.games.big_chicken.cards import (
    CARD_INFO,
    CARD_NAMES,
    COPIES_KEYS,
    HAND_SIZE,
    MULTIPLIERS,
    NUM_TYPES,
    ROUNDS,
    dealt_per_round,
    deck_counts,
    deck_of,
    most_copies,
)
from roost.games.big_chicken.state import BigChickenState

MULTIPLIER_SEPARATOR = "/"
"""Between the pairs of the `multipliers` parameter as the game writes it: not a comma, which
separates parameters in OpenSpiel's game strings (``big_chicken(multipliers=8:2/10:3,...)``),
in ``--param``/``--sweep`` lists and in lab plans. A comma is still read (``8:2,10:3``)."""
MAX_PENALTY = 100
MAX_HAND = 20
"""The largest `hand` parameter: twice the rulebook's ten, a bound on typed values."""


def format_multipliers(table: tuple[tuple[int, int], ...]) -> str:
    """The `multipliers` text of a table, the x1 entry left out: ((1, 1), (8, 2), (10, 3)) ->
    ``"8:2/10:3"`` (what `parse_multipliers` reads back)."""
    return MULTIPLIER_SEPARATOR.join(f"{least}:{times}" for least, times in table if least > 1)


DEFAULT_MULTIPLIERS = format_multipliers(MULTIPLIERS)


def parse_multipliers(text: str) -> tuple[tuple[int, int], ...]:
    """``"8:2/10:3"`` (or ``"8:2,10:3"``) -> ((1, 1), (8, 2), (10, 3)): from so many cards
    left, that multiplier.

    Raises ValueError with what is wrong."""
    table = [(1, 1)]
    for part in text.replace(",", MULTIPLIER_SEPARATOR).split(MULTIPLIER_SEPARATOR):
        if not part.strip():
            continue
        least, sep, times = part.partition(":")
        if not sep or not least.strip().isdigit() or not times.strip().isdigit():
            raise ValueError(f"{part.strip()!r} is not CARDS:MULTIPLIER")
        entry = (int(least), int(times))
        if entry[0] <= table[-1][0] or entry[1] < 1:
            raise ValueError("card counts must increase (from 2 up) and multipliers be at least 1")
        table.append(entry)
    return tuple(table)


class BigChickenGame(Game):
    """Get rid of your cards first, Round after Round; the lowest score after five wins."""

    name = "big-chicken"
    title = "BIG CHICKEN: Just Hatched"
    min_players = 2
    max_players = 6
    default_players = 4
    parameters = (
        Param(
            "last_egg",
            str,
            "auto",
            "'auto': Last Egg is said for every player with one card left; 'strict': the "
            "player chooses, and if they stay quiet an opponent may catch them (2 penalty cards)",
            choices=("auto", "strict"),
        ),
        Param(
            "catch_limit",
            int,
            3,
            "strict Last Egg: after being caught this many times in a Round, a player's Last Egg "
            "is said for them (keeps every game finite)",
            minimum=1,
            maximum=10,
        ),
        Param(
            "catch_penalty",
            int,
            0,
            "penalty points for each time a player is caught (added after the multiplier)",
            minimum=0,
            maximum=MAX_PENALTY,
        ),
        Param(
            "multipliers",
            str,
            DEFAULT_MULTIPLIERS,
            "Card Score multipliers as CARDS:TIMES from so many cards left, separated by '/' "
            "(or ','), e.g. '8:2/10:3' (fewer cards: x1)",
        ),
        Param("rounds", int, ROUNDS, "Rounds in a game", minimum=1, maximum=20),
        Param(
            "returns",
            str,
            "golden",
            "'golden': 1 for the Golden Egg (the winner), 0 for everyone else; 'score': minus "
            "each player's final score",
            choices=("golden", "score"),
        ),
        Param(
            "copies",
            str,
            "",
            "changes to the deck of this player count (DECK SETUP), KEY=N separated by ',' or "
            "'/': a card (blue-7, orange-10, duck, blue-chicken ... big-red; Egg cards 0-2, "
            "Chickens 0-1, Ducks 0-8) or a kind (eggs-7: that number in every suit; blue-eggs: "
            "every number of a suit; chickens), e.g. 'duck=1/eggs-6=2'",
        ),
        Param(
            "hand",
            int,
            HAND_SIZE,
            "cards dealt to each player every Round (the rulebook: {hand}); the deck must "  # noqa: UP032 (a template: the catalogue extracts it)
            "hold every hand, cards left over stay out of the Round".format(hand=HAND_SIZE),
            minimum=1,
            maximum=MAX_HAND,
        ),
    )
    rules_file = Path(__file__).with_name("RULES.md")
    golden_variants = ({"players": 3, "last_egg": "strict", "catch_penalty": 2, "rounds": 2},)

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        text = str(self._params["multipliers"])
        try:
            self.multiplier_table = parse_multipliers(text)
        except ValueError as error:
            raise ParameterError(
                f"{self.name}: parameter 'multipliers' takes CARDS:TIMES pairs like "
                f"{DEFAULT_MULTIPLIERS!r}; got {text!r} ({error})"
            ) from None
        # Written one way whatever the input's separators: equal tables make equal games, and
        # the value survives OpenSpiel's game string (pickling and serializing through it).
        self._params["multipliers"] = format_multipliers(self.multiplier_table)
        self.strict = self._params["last_egg"] == "strict"
        self.catch_limit = int(self._params["catch_limit"])
        self.catch_penalty = int(self._params["catch_penalty"])
        self.rounds = int(self._params["rounds"])
        self.score_returns = self._params["returns"] == "score"
        counts, text = read_copy_counts(
            self.name, self._params, deck_counts(self.num_players), COPIES_KEYS, "duck=1/eggs-6=2"
        )
        over = [
            card_key(CARD_NAMES[card])
            for card in range(NUM_TYPES)
            if counts[card] > most_copies(card)
        ]
        if over:
            raise copies_error(
                self.name,
                text,
                "duck=1/eggs-6=2",
                f"a deck holds at most 2 of each Egg card, 1 of each Chicken, 8 Ducks; "
                f"{', '.join(over)} would have more",
            )
        self.counts = counts
        """Copies of each card type in this game's deck, by type id."""
        self.hand_size = int(self._params["hand"])
        """Cards dealt to each player every Round."""
        self.deck = deck_of(counts)
        self.dealt = dealt_per_round(self.num_players, self.hand_size)
        if len(self.deck) < self.dealt:
            raise short_deck_error(
                self.name,
                self.hand_size,
                HAND_SIZE,
                text,
                f"{self.num_players} hands of {self.hand_size} need {self.dealt} cards; the "
                f"deck has {len(self.deck)}",
            )
        self.most_held = self.hand_size + (2 * self.catch_limit if self.strict else 0)
        """The most cards a hand can hold at a Round's end: ten, plus two a catch."""
        self.most_copies = max(counts)
        """The most copies of one card type in the deck (what the RL encoder scales by)."""
        self._multipliers = [self._lookup(cards) for cards in range(self.most_held + 2)]

    def _lookup(self, cards: int) -> int:
        times = 1
        for least, value in self.multiplier_table:
            if cards >= least:
                times = value
        return times

    def multiplier(self, cards: int) -> int:
        """The Card Score multiplier for `cards` left in hand."""
        return self._multipliers[cards] if cards < len(self._multipliers) else self._lookup(cards)

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return NUM_TYPES

    def max_game_length(self) -> int:
        # See RULES.md, "Game length": per Round, the deal, two exchange decisions, and per
        # card that can enter a hand one Lay with its follow-ups and the Clucks before it.
        n = self.num_players
        catches = self.catch_limit * n if self.strict else 0
        cards_in = self.dealt + 2 * catches
        per_lay = 1 + (n - 1) + 1 + ((1 + (n - 1)) if self.strict else 0)
        per_round = self.dealt + 2 * catches + 2 + cards_in * per_lay
        return self.rounds * per_round + len(self.deck)

    def max_score(self) -> int:
        """The most points a player can end the game with."""
        most = max(cards * self.multiplier(cards) for cards in range(self.most_held + 1))
        catches = self.catch_limit if self.strict else 0
        return self.rounds * (most + catches * self.catch_penalty)

    def min_return(self) -> float:
        return -float(self.max_score()) if self.score_returns else 0.0

    def max_return(self) -> float:
        return 0.0 if self.score_returns else 1.0

    def new_initial_state(self) -> BigChickenState:
        return BigChickenState(self)

    def all_cards(self) -> list[int]:
        return list(self.deck)

    def card_types(self) -> tuple[CardInfo, ...]:
        return CARD_INFO

    def card_name(self, card: int) -> str:
        return CARD_NAMES[card]


register(BigChickenGame)
