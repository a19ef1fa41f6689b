"""Egg Bound resampling: genuine histories across reshuffles, face-down Chickens and "no
Chicken", depending only on what the seat knows (method: src/roost/games/egg_bound/RULES.md)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from roost.core.game import OMNISCIENT
from roost.games.egg_bound.actions import ALLOW, DEFEND_NONE, SONG, STAR, decode_star, star_action
from roost.games.egg_bound.cards import CARD_NAMES, CHICKENS, MOTHER_HEN, STAR_EGG_HEAD
from roost.games.egg_bound.game import EggBoundGame
from roost.games.egg_bound.resample import _luby
from roost.games.egg_bound.state import EggBoundState
from roost.testing.conformance import random_playthrough, seat_log
from tests.test_egg_bound_rules import chicken, deal, star


def random_state(players: int, seed: int, steps: int, max_turns: int = 120) -> EggBoundState:
    """The state `steps` actions into a random game (or its end)."""
    game = EggBoundGame(players=players, max_turns=max_turns)
    state = game.new_initial_state()
    for step in random_playthrough(game, seed):
        state = step.state  # type: ignore[assignment]
        if step.index >= steps:
            break
    return state.clone()


def assert_genuine(state: EggBoundState, seat: int, seed: int) -> EggBoundState:
    game = state.game
    resampled = state.resample_from_infostate(seat, random.Random(seed))
    assert resampled.observation(seat) == state.observation(seat)
    assert game.state_from_history(resampled.history()) == resampled
    assert seat_log(game, resampled.history(), seat) == seat_log(game, state.history(), seat)
    again = resampled.resample_from_infostate(seat, random.Random(seed + 1))
    direct = state.resample_from_infostate(seat, random.Random(seed + 1))
    assert again == direct, "the resample depends on cards the seat cannot see"
    return resampled


@settings(max_examples=30)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 700),
    seat=st.integers(0, 5),
    resample_seed=st.integers(0, 10**6),
)
def test_resamples_are_genuine_and_depend_only_on_what_the_seat_knows(
    players: int, seed: int, steps: int, seat: int, resample_seed: int
) -> None:
    state = random_state(players, seed, steps)
    assert_genuine(state, seat % players, resample_seed)


@pytest.mark.parametrize(("players", "seed"), [(2, 2), (4, 6), (6, 0)])
def test_resamples_stay_genuine_across_many_reshuffles(players: int, seed: int) -> None:
    """Long random games (five to nine reshuffles): every 150th position, every seat."""
    game = EggBoundGame(players=players)
    for step in random_playthrough(game, seed):
        state = step.state
        assert isinstance(state, EggBoundState)
        if step.index % 150 == 0 and step.index:
            for seat in range(players):
                assert_genuine(state, seat, step.index + seat)
    assert state.observation(None)["reshuffles"] >= 5


def test_resampling_redeals_what_the_seat_cannot_see() -> None:
    state = random_state(4, 6, 400, max_turns=300)
    assert state.observation(None)["reshuffles"] >= 1
    hands = {
        repr(state.resample_from_infostate(0, random.Random(k)).observation(OMNISCIENT)["hands"])
        for k in range(10)
    }
    assert len(hands) > 1


def test_a_face_down_chicken_is_resampled_among_the_chickens_the_attacker_could_hold() -> None:
    state = deal([[STAR_EGG_HEAD, MOTHER_HEN], [], []])
    state.apply_action(star_action(star(STAR_EGG_HEAD), chicken(MOTHER_HEN), 1))
    seen: Counter[str] = Counter()
    for k in range(40):
        resampled = assert_genuine(state, 1, k)
        face_down = resampled.observation(OMNISCIENT)["challenge"]["chicken"]
        assert face_down in {CARD_NAMES[c] for c in CHICKENS}
        seen[face_down] += 1
    assert len(seen) > 1, "the seat cannot know which Chicken lies face down"
    # The attacker knows its own Chicken: it never changes for them.
    for k in range(5):
        resampled = state.resample_from_infostate(0, random.Random(k))
        assert resampled.observation(OMNISCIENT)["challenge"]["chicken"] == "Mother Hen"


def test_a_chicken_taken_back_unseen_stays_unknown_and_in_the_attackers_hand() -> None:
    state = deal([[STAR_EGG_HEAD, MOTHER_HEN], [], []])
    state.apply_action(star_action(star(STAR_EGG_HEAD), chicken(MOTHER_HEN), 1))
    state.apply_action(ALLOW)
    state.apply_action(DEFEND_NONE)
    played = state.history().index(star_action(star(STAR_EGG_HEAD), chicken(MOTHER_HEN), 1))
    chickens = set()
    for k in range(40):
        resampled = assert_genuine(state, 2, k)
        action = resampled.history()[played]
        assert STAR <= action < SONG
        chosen = CHICKENS[decode_star(action)[1]]
        chickens.add(chosen)
        assert CARD_NAMES[chosen] in resampled.observation(OMNISCIENT)["hands"][0]
    assert len(chickens) > 1


def test_a_defender_who_placed_no_chicken_held_none_in_every_resample() -> None:
    state = deal([[STAR_EGG_HEAD, MOTHER_HEN], [], []])
    state.apply_action(star_action(star(STAR_EGG_HEAD), chicken(MOTHER_HEN), 1))
    state.apply_action(ALLOW)
    index = len(state.history())
    state.apply_action(DEFEND_NONE)
    for k in range(30):
        resampled = assert_genuine(state, 0, k)
        before = state.game.state_from_history(resampled.history()[:index])
        hand = before.observation(OMNISCIENT)["hands"][1]
        assert not {CARD_NAMES[c] for c in CHICKENS} & set(hand)


def test_the_seats_own_cards_never_change() -> None:
    state = random_state(3, 5, 400)
    for seat in range(3):
        for k in range(3):
            resampled = state.resample_from_infostate(seat, random.Random(k))
            assert resampled.observation(seat)["hand"] == state.observation(seat)["hand"]


def test_resampling_needs_the_record() -> None:
    state = random_state(2, 1, 40)
    state.stop_recording()
    with pytest.raises(RuntimeError, match="stopped recording"):
        state.resample_from_infostate(0, random.Random(0))


def test_luby_restart_budgets() -> None:
    assert [_luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
