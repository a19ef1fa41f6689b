"""Every registered game, at every player count and in each of its golden variants, passes the
conformance suite."""

from __future__ import annotations

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
