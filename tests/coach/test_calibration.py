"""The review's chances mean something (roost.coach.calibration, roost.coach.chances): on fresh
bot games (not those the maps were fitted on), the calibrated chances beat the base rate in every
game (a small version, with a loose bound, of scripts/calibration.py's 1,000 games per game);
and the map itself: monotone, the identity where there is none, fitted back from known data."""

from __future__ import annotations

import math
import random

import pytest

from roost.coach.calibration import Sample, collect, fit_platt, mapped, summarise
from roost.coach.chances import MAPS, PlattMap, chance_map
from roost.coach.review import ReviewSettings
from roost.core.registry import load_game, registered_games

GAMES = sorted(registered_games())
SMALL = ReviewSettings(iterations=300, least_visits=300, calibrated=False)


@pytest.mark.parametrize("game", GAMES)
def test_the_calibrated_chances_beat_the_base_rate_on_fresh_games(game: str) -> None:
    raw = collect(load_game(game, players=4), 50, seed=7, per_seat=1, settings=SMALL)
    assert len(raw) >= 150
    result = summarise(mapped(raw, chance_map(game)), boot=200, seed=7)
    assert result.brier < result.base_brier, result  # better than always saying the base rate
    assert result.skill > 0.05, result


def test_every_game_has_a_fitted_map() -> None:
    assert sorted(MAPS) == GAMES


def test_a_map_is_monotone_and_the_identity_is_exact() -> None:
    for chances in (*MAPS.values(), PlattMap(1.3, -0.4)):
        values = [chances(k / 100) for k in range(101)]
        assert values == sorted(values)
        assert all(0.0 < v < 1.0 for v in values)
    identity = PlattMap()
    assert [identity(k / 10) for k in range(11)] == [k / 10 for k in range(11)]
    assert identity.derivative(0.3) == 1.0
    skewed = PlattMap(1.5, 0.7)
    step = 1e-6
    slope = (skewed(0.4 + step) - skewed(0.4 - step)) / (2 * step)
    assert skewed.derivative(0.4) == pytest.approx(slope, rel=1e-4)


def test_fitting_finds_a_known_map_back() -> None:
    truth = PlattMap(1.6, 0.8)
    rng = random.Random(3)
    samples = []
    for index in range(6000):
        raw = rng.uniform(0.02, 0.98)
        won = 1.0 if rng.random() < truth(raw) else 0.0
        samples.append(Sample(index, 0, raw, won))
    fitted = fit_platt(samples)
    assert math.isclose(fitted.slope, truth.slope, abs_tol=0.15)
    assert math.isclose(fitted.shift, truth.shift, abs_tol=0.15)
