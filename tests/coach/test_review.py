"""The review after a game (`roost.coach.review`): it sees only what its seat saw.

The proof: two histories that seat ``s`` cannot tell apart (one is a state resampled from the
other for ``s``: other hands, other draws, the same log for ``s``) give the same review of ``s``,
decision for decision (the resampling check of the conformance suite, applied to the review).
A review that peeks at the real cards fails that check (the control that shows the check can
fail), and the review's best moves are the heuristic's far more often than a random player's."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from roost.bots import make_bot
from roost.coach.review import (
    THRESHOLDS,
    ReviewSettings,
    SeatReview,
    decision_points,
    mark_for,
    review_seat,
)
from roost.core.registry import load_game, registered_games
from roost.core.runner import play_game
from roost.core.state import State
from roost.core.view import SeatView
from roost.testing.conformance import seat_log

QUICK = ReviewSettings(iterations=200, least_visits=200)
GAMES = sorted(registered_games())


def played(name: str, seed: int, kinds: tuple[str, ...] = ("medium",) * 4) -> State:
    game = load_game(name, players=len(kinds))
    bots = [make_bot(kind, game, seed * 10 + seat) for seat, kind in enumerate(kinds)]
    return play_game(game, bots, random.Random(seed))


def twin(state: State, seat: int) -> tuple[list[int], list[int]]:
    """A prefix of the game's history and a history seat `seat` cannot tell from it that
    differs elsewhere: the real one resampled for `seat` after its last decision in it."""
    game = state.game
    history = state.history()
    points = decision_points(game, history, seat)
    for point in reversed(points):
        prefix = history[: point.version + 1]
        real = game.state_from_history(prefix)
        for k in range(5):
            other = real.resample_from_infostate(seat, random.Random(k)).history()
            if other != prefix:
                return prefix, other
    raise AssertionError(f"{game.name}: no resample of seat {seat} differs from the real game")


class Peeking(SeatView):
    """A dishonest window: its 'resampled' worlds are the real state itself."""

    def determinize(self, rng: random.Random) -> State:
        return self._state.clone()

    def determinize_unrecorded(self, rng: random.Random) -> State:
        copy = self._state.clone()
        copy.stop_recording()
        return copy


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_review_is_the_same_for_deals_the_seat_cannot_tell_apart(name: str) -> None:
    state = played(name, seed=11)
    game = state.game
    seat = 1
    real, other = twin(state, seat)
    assert real != other
    assert seat_log(game, real, seat) == seat_log(game, other, seat)
    honest = [review_seat(game, h, seat, QUICK).to_json() for h in (real, other)]
    assert honest[0]["decisions"], "nothing was reviewed: the test would prove nothing"
    assert honest[0] == honest[1]
    # The control: a review that searches the real cards tells the two deals apart.
    peeking = [review_seat(game, h, seat, QUICK, view_of=Peeking).to_json() for h in (real, other)]
    assert peeking[0] != peeking[1]


def test_the_review_depends_on_its_seed_and_not_on_the_number_of_processes() -> None:
    state = played("big-chicken", seed=3)
    game, history = state.game, state.history()[:160]
    one = review_seat(game, history, 0, QUICK)
    assert review_seat(game, history, 0, QUICK) == one
    assert review_seat(game, history, 0, QUICK, jobs=2) == one
    other = ReviewSettings(iterations=200, least_visits=200, seed=2)
    assert review_seat(game, history, 0, other).decisions != one.decisions


def test_a_review_survives_json_and_says_what_it_measured() -> None:
    state = played("egg-bound", seed=5)
    review = review_seat(state.game, state.history(), 2, QUICK)
    data: dict[str, Any] = json.loads(json.dumps(review.to_json()))
    assert SeatReview.from_json(data) == review
    assert data["measure"] == "win chance"
    assert data["thresholds"] == {"inaccuracy": 0.05, "mistake": 0.1, "blunder": 0.2}
    assert data["summary"]["decisions"] == len(review.decisions)
    for decision in review.decisions:
        assert 0.0 <= decision.chosen.value <= 1.0 and 0.0 <= decision.best.value <= 1.0
        assert decision.loss == pytest.approx(
            max(0.0, decision.best.value - decision.chosen.value), abs=2e-4
        )
        assert decision.chosen.visits >= QUICK.least_visits
        assert decision.best.visits >= QUICK.least_visits
        assert decision.options[0] == decision.best


def test_marks_follow_the_stated_thresholds_and_never_mark_noise() -> None:
    assert [name for name, _ in THRESHOLDS] == ["inaccuracy", "mistake", "blunder"]
    assert mark_for(0.049, 0.01) is None
    assert mark_for(0.05, 0.01) == "inaccuracy"
    assert mark_for(0.10, 0.01) == "mistake"
    assert mark_for(0.199, 0.01) == "mistake"
    assert mark_for(0.20, 0.01) == "blunder"
    assert mark_for(0.30, 0.31) is None, "a loss within the search's noise is not marked"


def test_the_review_agrees_with_the_heuristic_far_more_than_with_random_moves() -> None:
    """The estimates mean something: over two games of BIG CHICKEN (a game of skill), the
    review's best move is the move played far more often for a seat of the heuristic than for a
    seat playing at random beside it (measured: 76% against 22%)."""
    agree = {0: 0, 1: 0}
    total = {0: 0, 1: 0}
    for seed in (1, 2):
        state = played("big-chicken", seed, ("random", "medium", "medium", "medium"))
        for seat in (0, 1):
            decisions = review_seat(state.game, state.history(), seat, QUICK).decisions
            agree[seat] += sum(d.chosen.action == d.best.action for d in decisions)
            total[seat] += len(decisions)
    assert agree[1] / total[1] > agree[0] / total[0] + 0.3
