"""Manda Huevos!'s bots: the heuristic's rules of thumb in scenarios, the search helpers' range
and legality. (Legality over many games and determinism are in test_bots.py.)

Scenarios are set up by dealing chosen hands and then laying eggs on the table directly (the
bots read only the observation, so how the eggs got there does not matter). Positions: P0's
slots are 0-5, P1's 6-11, P2's 12-17, P3's 18-23.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import roost
from roost.bots.heuristic.manda_huevos import choose
from roost.core.game import CHANCE
from roost.core.view import SeatView
from roost.games.manda_huevos.cards import HEN
from roost.games.manda_huevos.encoding import (
    ALL_DOWN,
    HEN_STOP,
    MOVE_BIT,
    PLAY_HEN,
    SWAP_BIT,
    TOGGLE,
    place_id,
    swap_id,
    take_id,
    toggle_id,
)
from roost.games.manda_huevos.search import playout_action, win_chances
from roost.games.manda_huevos.state import MandaHuevosState
from roost.testing.conformance import random_playthrough

Eggs = Sequence[int | tuple[int, str]]
"""A container, slot by slot: a value (awake), or (value, "asleep")."""


def table(
    containers: Sequence[Eggs],
    hands: Sequence[Sequence[int]],
    *,
    down: Sequence[int] = (0, 0, 0, 0),
    player: int = 0,
) -> MandaHuevosState:
    """A position with these eggs on the table, these hands, and `player` to move."""
    game = roost.load_game("manda-huevos", players=len(hands))
    state = game.new_initial_state()
    assert isinstance(state, MandaHuevosState)
    for k in range(3):
        for hand in hands:
            state.apply_action(hand[k])
    for seat, eggs in enumerate(containers):
        for slot, egg in enumerate(eggs):
            value = egg if isinstance(egg, int) else egg[0]
            asleep = not isinstance(egg, int)
            position = 6 * seat + slot
            state._cells[position] = value
            state._occupied |= 1 << position
            if asleep:
                state._asleep |= 1 << position
            state._pool.remove(value)
    state._down = list(down)
    state._player = player
    state._legal = None
    return state


def heuristic_move(state: MandaHuevosState) -> int:
    return choose(SeatView(state, state.current_player()), random.Random(0))


def test_swaps_a_low_awake_egg_for_an_opponents_high_one() -> None:
    # Nobody can swap or move it straight back.
    taken = MOVE_BIT | SWAP_BIT
    state = table(
        [[1, 5], [9, 4], [3], [2]],
        [[5, 5, 5], [4, 4, 4], [6, 6, 6], [7, 7, 7]],
        down=(0, taken, taken, taken),
    )
    assert heuristic_move(state) == swap_id(0, 6)


def test_puts_a_high_egg_to_sleep_when_it_can_be_swapped_away() -> None:
    state = table(
        [[9, 5], [4, 4], [3, 5], [2, 6]],
        [[5, 5, 5], [4, 4, 4], [6, 6, 6], [7, 7, 7]],
        down=(MOVE_BIT | SWAP_BIT, 0, 0, 0),
    )
    assert heuristic_move(state) == toggle_id(0)


def test_dumps_a_low_egg_on_the_leader() -> None:
    state = table(
        [[5, (5, "asleep")], [(9, "asleep"), (8, "asleep"), 6], [3, 4], [2, 5]],
        [[1, 5, 5], [4, 4, 4], [6, 6, 6], [7, 7, 7]],
        down=(ALL_DOWN, 0, 0, 0),
    )
    assert heuristic_move(state) == place_id(1, 1)


def test_keeps_the_hen_while_nothing_is_worth_taking() -> None:
    state = table(
        [[5], [1, 2], [3, (9, "asleep")], [2]],
        [[HEN, 4, 8], [4, 4, 4], [6, 6, 6], [7, 7, 7]],
        down=(ALL_DOWN, 0, 0, 0),
    )
    assert heuristic_move(state) < PLAY_HEN


def test_plays_the_hen_when_high_awake_eggs_sit_elsewhere() -> None:
    # Nobody can swap or move them straight back.
    taken = MOVE_BIT | SWAP_BIT
    state = table(
        [[5], [9, 8, 2], [9, 8, 3], [7, 2]],
        [[HEN, 4, 5], [4, 4, 4], [6, 6, 6], [7, 7, 7]],
        down=(ALL_DOWN, taken, taken, taken),
    )
    assert heuristic_move(state) == PLAY_HEN
    state.apply_action(PLAY_HEN)
    takes = []
    while state.current_player() == 0:
        action = heuristic_move(state)
        if action == HEN_STOP:
            break
        takes.append(action)
        state.apply_action(action)
    assert takes[:2] in ([take_id(6), take_id(12)], [take_id(12), take_id(6)])
    assert all(state._cells[a - take_id(0)] != 2 for a in takes)


def test_plays_the_last_egg_only_when_it_wins() -> None:
    low, middle = [1, 1, 1, 2, 2, 2], [3, 3, 3, 6, 6, 6]
    hands = [[1, 2, 8], [4, 4, 4], [5, 5, 5], [7, 7, 7]]
    # P1 has 45 and the one free slot, P0 has 42: any egg of P0's there makes P1 win.
    containers = [[8, 8, 8, 8, 6, 4], [9, 9, 9, 9, 9], low, middle]
    state = table(containers, hands, down=(MOVE_BIT | SWAP_BIT, 0, 0, 0))
    assert heuristic_move(state) >= TOGGLE  # a sleep/wake instead of handing P1 the game
    # With a bigger lead the last egg ends the game at once (the lowest, for the margin).
    containers = [[9, 9, 9, 8, 8, 8], [9, 9, 7, 7, 7], low, middle]
    state = table(containers, hands, down=(MOVE_BIT | SWAP_BIT, 0, 0, 0))
    assert heuristic_move(state) == place_id(1, 1)


def test_the_value_estimate_is_a_distribution_over_seats() -> None:
    for players in (2, 4, 6):
        game = roost.load_game("manda-huevos", players=players)
        for seed in range(3):
            for step in random_playthrough(game, seed):
                state = step.state
                if state.is_terminal():
                    break
                assert isinstance(state, MandaHuevosState)
                values = win_chances(state)
                assert len(values) == players
                assert all(0.0 <= v <= 1.0 for v in values)
                assert sum(values) == pytest.approx(1.0)


def test_the_value_estimate_favours_the_points_leader_late() -> None:
    state = table(
        [[9, 9, 9, 9, 9], [1, 1, 1, 1, 1], [5, 5, 5, 5, 5, 5], [3, 3, 3, 3, 3, 3]],
        [[2, 2, 2], [4, 4, 4], [6, 6, 6], [7, 7, 7]],
    )
    values = win_chances(state)
    assert values[0] == max(values)
    assert values[1] == min(values)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_playout_policy_plays_only_legal_moves(players: int) -> None:
    game = roost.load_game("manda-huevos", players=players)
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_initial_state()
        assert isinstance(state, MandaHuevosState)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            action = playout_action(state, legal, rng)
            assert action in legal
            state.apply_action(action)


def test_the_playout_policy_takes_high_eggs_with_the_hen() -> None:
    state = table(
        [[5], [9, 8, 2], [9, 8, 3], [7, 2]],
        [[HEN, 4, 5], [4, 4, 4], [6, 6, 6], [7, 7, 7]],
        down=(ALL_DOWN, 0, 0, 0),
    )
    state.apply_action(PLAY_HEN)
    legal = state.legal_actions()
    picks = [playout_action(state, legal, random.Random(seed)) for seed in range(20)]
    assert set(picks) <= set(legal)
    assert picks.count(take_id(6)) >= 15  # the first 9 found, bar the odd random move
