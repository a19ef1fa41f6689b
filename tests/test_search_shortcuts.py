"""The shortcuts the engine takes for search and random play stay exact: the chance outcome
`sample_chance` drew is trusted by `apply_action` at that node only, and never by a resampled
position."""

from __future__ import annotations

import random

import pytest

import roost
from roost.core.errors import IllegalActionError, RoostError
from roost.core.view import SeatView
from roost.testing.conformance import random_playthrough

GAMES = sorted(roost.registered_games())


@pytest.mark.parametrize("name", GAMES)
def test_a_drawn_outcome_is_trusted_at_its_node_only(name: str) -> None:
    game = roost.load_game(name)
    chance_nodes = [
        step.state.clone()
        for step in random_playthrough(game, 3)
        if step.state.is_chance_node() and step.index > 10
    ]
    state = chance_nodes[len(chance_nodes) // 2]
    drawn = state.sample_chance(random.Random(1))
    for seat in range(game.num_players):
        for fresh in (
            state.resample_from_infostate(seat, random.Random(2)),
            SeatView(state, seat).determinize_unrecorded(random.Random(2)),
        ):
            assert fresh._sampled == -1
    with pytest.raises(IllegalActionError):
        state.apply_action(-1)
    copy = state.clone()
    copy.apply_action(drawn)
    assert copy._sampled == -1
    if copy.is_chance_node():
        with pytest.raises(IllegalActionError):
            copy.apply_action(game.max_chance_outcomes())


@pytest.mark.parametrize("name", GAMES)
def test_playing_chance_at_once_deals_what_one_draw_at_a_time_could(name: str) -> None:
    """`_play_chance` (a search's chance, which a game may play in one go, as BIG CHICKEN
    deals a round) leaves a decision or the end with no card lost or doubled: each chance run of
    a seeded game, played at once in an unrecorded copy, holds the same cards as the run played
    one outcome at a time (who got which may differ), and the game plays on to its end."""
    game = roost.load_game(name)
    checked = 0
    for step in random_playthrough(game, 5):
        state = step.state
        if not state.is_chance_node() or checked >= 6:
            continue
        fast = state.clone()
        fast.stop_recording()
        fast._play_chance(random.Random(step.index))
        assert not fast.is_chance_node()
        slow = state.clone()
        rng = random.Random(step.index)
        while slow.is_chance_node():
            slow.apply_action(slow.sample_chance(rng))
        assert sorted(card for cards in fast.card_places().values() for card in cards) == sorted(
            card for cards in slow.card_places().values() for card in cards
        )
        while not fast.is_terminal():  # and the game plays on from there
            if fast.is_chance_node():
                fast._play_chance(rng)
            else:
                legal = fast.legal_actions()
                fast.apply_action(legal[rng.randrange(len(legal))])
        checked += 1
    assert checked > 0


RANDOM_ACTION_CASES: list[tuple[str, dict[str, object]]] = [(name, {}) for name in GAMES] + [
    ("manda-huevos", {"players": 2}),
    ("manda-huevos", {"players": 6, "quick": True}),
    ("manda-huevos", {"players": 3, "copies": "swap-eggs=0/hen=0", "hand": 5}),
    ("manda-huevos", {"players": 5, "copies": "move-an-egg=0/sleep-wake=0"}),
    ("manda-huevos", {"own_cards": "egg:12x2/move:2"}),
]


@pytest.mark.parametrize(("name", "params"), RANDOM_ACTION_CASES)
def test_random_action_picks_what_the_list_would(name: str, params: dict[str, object]) -> None:
    """`random_action` (which Manda Huevos! answers without listing a turn's moves) picks
    ``legal_actions()[rng.randrange(n)]`` from the same draws at every decision of seeded random
    games, and leaves the generator where that pick leaves it: random play with a seed is the
    same game either way, so the golden files and the builds' histories stay as they are."""
    game = roost.load_game(name, **params)
    decisions = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            listed = random.Random()
            listed.setstate(rng.getstate())
            legal = state.clone().legal_actions()
            expected = legal[listed.randrange(len(legal))]
            view = SeatView(state, state.current_player())
            picked = state.random_action(rng) if decisions % 2 else view.random_action(rng)
            assert picked == expected, (seed, state.history())
            assert rng.getstate() == listed.getstate()
            state.apply_action(picked)
            decisions += 1
    assert decisions > 100


@pytest.mark.parametrize("name", GAMES)
def test_random_action_off_a_seat_s_turn_is_a_clear_error(name: str) -> None:
    game = roost.load_game(name)
    steps = [step.state.clone() for step in random_playthrough(game, 2)]
    chance = next(state for state in steps if state.is_chance_node())
    with pytest.raises(RoostError, match="random_action called where chance is to move"):
        chance.random_action(random.Random(0))
    decision = next(state for state in steps if state.current_player() >= 0)
    other = (decision.current_player() + 1) % game.num_players
    before = decision.clone()
    with pytest.raises(RoostError, match=f"not seat {other}'s turn"):
        SeatView(decision, other).random_action(random.Random(0))
    assert decision == before
