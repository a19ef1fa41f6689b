"""Property tests over every registered game: card conservation and hidden information."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import roost
from roost.core.game import Game
from roost.core.state import State
from roost.testing.conformance import random_playthrough
from tests.helpers import player_counts

GAMES = sorted(roost.registered_games())


@st.composite
def games(draw: st.DrawFn) -> Game:
    name = draw(st.sampled_from(GAMES))
    players = draw(st.sampled_from(player_counts(roost.registered_games()[name])))
    return roost.load_game(name, players=players)


def _state_after(game: Game, seed: int, fraction: float) -> State:
    """A state some way into a random game (by the fraction of that game's length)."""
    states = [step.state.clone() for step in random_playthrough(game, seed)]
    return states[min(len(states) - 1, int(fraction * len(states)))]


@given(game=games(), seed=st.integers(0, 10**6))
def test_every_card_is_in_exactly_one_place_at_every_step(game: Game, seed: int) -> None:
    expected = Counter(game.all_cards())
    for step in random_playthrough(game, seed):
        seen: Counter[int] = Counter()
        for cards in step.state.card_places().values():
            seen.update(cards)
        assert seen == expected, f"step {step.index}: {seen - expected} / {expected - seen}"


@given(
    game=games(),
    seed=st.integers(0, 10**6),
    fraction=st.floats(0.0, 1.0),
    seat=st.integers(0, 5),
    resample_seed=st.integers(0, 10**6),
)
def test_observation_is_unchanged_by_resampling(
    game: Game, seed: int, fraction: float, seat: int, resample_seed: int
) -> None:
    seat %= game.num_players
    state = _state_after(game, seed, fraction)
    resampled = state.resample_from_infostate(seat, random.Random(resample_seed))
    assert resampled.observation(seat) == state.observation(seat)
    assert game.state_from_history(resampled.history()) == resampled


def _redealt_views(state: State, seat: int) -> set[str]:
    """The omniscient views of twelve re-deals of what `seat` cannot see."""
    return {
        repr(state.resample_from_infostate(seat, random.Random(k)).observation(roost.OMNISCIENT))
        for k in range(12)
    }


@given(game=games(), seed=st.integers(0, 10**6), seat=st.integers(0, 5))
def test_redealing_what_a_seat_cannot_see_changes_nothing_it_sees(
    game: Game, seed: int, seat: int
) -> None:
    seat %= game.num_players
    state = _state_after(game, seed, 0.4)
    view = state.observation(seat)
    for k in range(12):
        assert state.resample_from_infostate(seat, random.Random(k)).observation(seat) == view


@pytest.mark.parametrize("name", GAMES)
def test_redealing_does_change_the_hidden_cards(name: str) -> None:
    """Keeps the test above from being vacuous: early in a game, re-dealing moves hidden cards.

    Checked on chosen positions rather than on every generated one, because late in a game a
    seat can often deduce every hidden card (e.g. from public discards), and then a genuine
    resampler has only one world to return."""
    game = roost.load_game(name)
    for seed in range(5):
        state = _state_after(game, seed, 0.15)
        if state.is_terminal():
            continue
        seat = max(0, state.current_player())
        assert len(_redealt_views(state, seat)) > 1, f"seed {seed}: resampling changed nothing"
