"""The shortcuts the engine takes for search and random play stay exact: the chance outcome
`sample_chance` drew is trusted by `apply_action` at that node only, and never by a resampled
position."""

from __future__ import annotations

import random

import pytest

import roost
from roost.core.errors import IllegalActionError
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
