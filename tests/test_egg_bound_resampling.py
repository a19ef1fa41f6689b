"""Egg Bound resampling: genuine histories, face-down Chickens and "no Chicken", depending only
on what the seat knows, with the Discard Pile turned over (the rule) and shuffled (the house
rule). Method: src/roost/games/egg_bound/hidden.py and resample.py."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from roost.core.errors import RoostError
from roost.core.game import OMNISCIENT
from roost.core.state import State
from roost.games.egg_bound.actions import SONG, STAR, decode_star
from roost.games.egg_bound.cards import CARD_NAMES, CHICKENS, DEFAULT_COMPOSITION
from roost.games.egg_bound.game import EggBoundGame
from roost.games.egg_bound.resample import luby
from roost.games.egg_bound.views import read
from roost.testing.conformance import random_playthrough, seat_log
from tests.test_egg_bound_rules import Table, card

RULES = ("turn_over", "shuffle")
LONG = "classic-2025"
"""The first-guess deck, for the tests that need long random games (many reshuffles): with it a
third of random games run to the turn cap; the default deck's end sooner (RULES.md, The cards)."""


def random_state(
    players: int,
    seed: int,
    steps: int,
    max_turns: int = 120,
    reshuffle: str = "turn_over",
    composition: str = DEFAULT_COMPOSITION,
) -> State:
    """The state `steps` actions into a random game (or its end)."""
    game = EggBoundGame(
        players=players, max_turns=max_turns, reshuffle=reshuffle, composition=composition
    )
    state: State = game.new_initial_state()
    for step in random_playthrough(game, seed):
        state = step.state
        if step.index >= steps:
            break
    return state.clone()


def assert_genuine(state: State, seat: int, seed: int) -> State:
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
    rule=st.sampled_from(RULES),
)
def test_resamples_are_genuine_and_depend_only_on_what_the_seat_knows(
    players: int, seed: int, steps: int, seat: int, resample_seed: int, rule: str
) -> None:
    state = random_state(players, seed, steps, reshuffle=rule)
    assert_genuine(state, seat % players, resample_seed)


@pytest.mark.parametrize(
    ("rule", "players", "seed"),
    [
        ("turn_over", 2, 2),
        ("turn_over", 4, 1),
        ("turn_over", 6, 0),
        ("shuffle", 2, 2),
        ("shuffle", 4, 6),
        ("shuffle", 6, 0),
    ],
)
def test_resamples_stay_genuine_across_many_reshuffles(rule: str, players: int, seed: int) -> None:
    """Long random games (five to nine reshuffles): every 150th position, every seat."""
    game = EggBoundGame(players=players, reshuffle=rule, composition=LONG)
    for step in random_playthrough(game, seed):
        state = step.state
        if step.index % 150 == 0 and step.index:
            for seat in range(players):
                assert_genuine(state, seat, step.index + seat)
    assert read(state.observation(None))["reshuffles"] >= 5


@pytest.mark.parametrize("rule", RULES)
def test_resampling_redeals_what_the_seat_cannot_see(rule: str) -> None:
    state = random_state(4, 6, 400, max_turns=300, reshuffle=rule, composition=LONG)
    assert read(state.observation(None))["reshuffles"] >= 1
    hands = {
        repr(state.resample_from_infostate(0, random.Random(k)).observation(OMNISCIENT)["hands"])
        for k in range(10)
    }
    assert len(hands) > 1


def test_with_the_pile_turned_over_only_cards_from_the_first_pile_are_redealt() -> None:
    """After the turn-over every card drawn is public: a resample keeps the cards everyone
    knows in every hand, and the Draw Pile in its order."""
    state = random_state(4, 6, 400, max_turns=300, composition=LONG)
    view = read(state.observation(None))
    assert view["reshuffles"] >= 1 and any(view["known_hands"])
    for k in range(10):
        resampled = state.resample_from_infostate(1, random.Random(k))
        everything = read(resampled.observation(OMNISCIENT))
        for hand, known in zip(everything["hands"], view["known_hands"], strict=True):
            assert not Counter(known) - Counter(hand)
        assert everything["draw_pile_known"] == view["draw_pile_known"]


def test_a_face_down_chicken_is_resampled_among_the_chickens_the_attacker_could_hold() -> None:
    table = Table([["Star Egg Head", "Mother Hen"], [], []])
    table.do("challenge P1: Star Egg Head, Mother Hen face down")
    seen: Counter[str] = Counter()
    for k in range(40):
        resampled = assert_genuine(table.state, 1, k)
        challenge = read(resampled.observation(OMNISCIENT))["challenge"]
        assert challenge is not None and challenge["chicken"] in CHICKENS
        seen[CARD_NAMES[challenge["chicken"]]] += 1
    assert len(seen) > 1, "the seat cannot know which Chicken lies face down"
    # The attacker knows its own Chicken: it never changes for them.
    for k in range(5):
        resampled = table.state.resample_from_infostate(0, random.Random(k))
        challenge = read(resampled.observation(OMNISCIENT))["challenge"]
        assert challenge is not None and challenge["chicken"] == card("Mother Hen")


def test_a_chicken_taken_back_unseen_stays_unknown_and_in_the_attackers_hand() -> None:
    table = Table([["Star Egg Head", "Mother Hen"], [], []])
    table.do("challenge P1: Star Egg Head, Mother Hen face down")
    played = len(table.state.history()) - 1
    table.allow().do("place no Chicken")
    chickens = set()
    for k in range(40):
        resampled = assert_genuine(table.state, 2, k)
        action = resampled.history()[played]
        assert STAR <= action < SONG
        chosen = CHICKENS[decode_star(action)[1]]
        chickens.add(chosen)
        assert chosen in read(resampled.observation(OMNISCIENT))["hands"][0]
    assert len(chickens) > 1


def test_a_defender_who_placed_no_chicken_held_none_in_every_resample() -> None:
    table = Table([["Star Egg Head", "Mother Hen"], [], []])
    table.do("challenge P1: Star Egg Head, Mother Hen face down").allow()
    index = len(table.state.history())
    table.do("place no Chicken")
    for k in range(30):
        resampled = assert_genuine(table.state, 0, k)
        before = table.game.state_from_history(resampled.history()[:index])
        hand = read(before.observation(OMNISCIENT))["hands"][1]
        assert not set(CHICKENS) & set(hand)


@pytest.mark.parametrize("rule", RULES)
def test_the_seats_own_cards_never_change(rule: str) -> None:
    state = random_state(3, 5, 400, reshuffle=rule)
    for seat in range(3):
        for k in range(3):
            resampled = state.resample_from_infostate(seat, random.Random(k))
            assert resampled.observation(seat)["hand"] == state.observation(seat)["hand"]


def test_resampling_needs_the_record() -> None:
    state = random_state(2, 1, 40)
    state.stop_recording()
    with pytest.raises(RoostError, match="stopped recording"):
        state.resample_from_infostate(0, random.Random(0))


def test_luby_restart_budgets() -> None:
    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
