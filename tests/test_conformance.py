"""Every registered game, at every player count and in each of its golden variants, passes the
conformance suite."""

from __future__ import annotations

from typing import Any

import pytest

import roost
from roost.testing.conformance import check_game
from roost.testing.playthrough import Golden, goldens
from tests.helpers import player_counts

CASES = [
    (name, players)
    for name, game_class in roost.registered_games().items()
    for players in player_counts(game_class)
]
VARIANTS = [golden for golden in goldens() if golden.params]
DECK_VARIANTS = [
    ("eggo", {"players": 5, "copies": "demogorgon=2/portal=1/characters=1", "hand": 6}),
    ("eggo", {"players": 3, "copies": "demogorgon=7,rift=0,draw-2=4", "hand": 2}),
    ("egg-bound", {"players": 3, "hand": 7, "reshuffle": "shuffle"}),
    ("egg-bound", {"players": 6, "hand": 3}),
    ("manda-huevos", {"players": 3, "copies": "swap-eggs=0/hen=0", "hand": 4}),
    ("manda-huevos", {"players": 5, "copies": "actions=0", "hand": 2, "quick": True}),
    ("manda-huevos", {"players": 4, "own_cards": "move:2/egg:12x2"}),
    (
        "manda-huevos",
        {"players": 2, "own_cards": "swap:2/sleep:3/take:2/move:1", "quick": True, "memory": True},
    ),
    (
        "manda-huevos",
        {"players": 3, "own_cards": "take:1/egg:20x2/egg:0", "egg_values": "1-9x2", "hand": 4},
    ),
    ("eggo", {"players": 3, "own_cards": "draw:3x2/draw:1"}),
    ("eggo", {"players": 2, "own_cards": "draw:4x3", "copies": "draw-2=0", "hand": 6}),
    (
        "egg-bound",
        {
            "players": 4,
            "own_cards": "chicken:4-4-2x3/chicken:2-1-4:Scrawny",
            "copies": "chickens:4",
        },
    ),
    (
        "egg-bound",
        {
            "players": 3,
            "own_cards": "chicken:3-3-3x4/chicken:1-1-1/chicken:4-4-4:Ace/chicken:2-2-2x2",
            "copies": "chickens:3",
            "reshuffle": "shuffle",
        },
    ),
    ("big-chicken", {"players": 4, "copies": "big-red=0/duck=5", "hand": 8, "rounds": 2}),
    ("big-chicken", {"players": 3, "copies": "eggs-7=2,duck=3", "last_egg": "strict"}),
]
"""A non-default deck (the `copies` and `hand` parameters) or two per game: everything that
follows from the counts must hold there too (tests/test_decks.py checks the deal itself). Manda
Huevos!'s own cards (`own_cards`): eggs of new values and action cards of every effect, with the
Quick Game and memory mode, and a small deck that runs dry (passes). Eggo's own Draw N cards,
with the printed Draw 2 and without it. Egg Bound's own Chickens (ties with printed ones, four
designs, a shuffled pile)."""


@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_games_conform(name: str, players: int) -> None:
    game = roost.load_game(name, players=players)
    check_game(game, seeds=[players * 100 + k for k in range(4)])


@pytest.mark.parametrize("name", list(roost.registered_games()))
def test_default_parameters_conform_over_more_seeds(name: str) -> None:
    check_game(roost.load_game(name), seeds=list(range(1000, 1008)), deep_every=23)


@pytest.mark.parametrize("golden", VARIANTS, ids=[golden.file_name for golden in VARIANTS])
def test_golden_variants_conform(golden: Golden) -> None:
    check_game(golden.game(), seeds=[500 + k for k in range(4)])


@pytest.mark.parametrize(
    ("name", "params"), DECK_VARIANTS, ids=[f"{n}-{p}" for n, p in DECK_VARIANTS]
)
def test_changed_decks_conform(name: str, params: dict[str, Any]) -> None:
    check_game(roost.load_game(name, **params), seeds=[700 + k for k in range(3)])
