"""Manda Huevos!'s bots: the heuristic's rules of thumb in scenarios, the search helpers' range
and legality. (Legality over many games and determinism are in test_bots.py.)

Every position is played: `position` takes the decisions of the seats in turn (by their text)
and the hands they end with, and deals and draws each seat the eggs it places just in time.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import pytest

import roost
from roost.bots.heuristic.manda_huevos import choose
from roost.core.game import CHANCE
from roost.core.view import SeatView
from roost.games.manda_huevos.cards import HEN
from roost.games.manda_huevos.search import playout_action, win_chances
from roost.games.manda_huevos.state import MandaHuevosState
from roost.games.manda_huevos.views import EggCell, read
from roost.testing.conformance import random_playthrough
from roost.testing.scenario import Scenario

HANDS = ([4, 4, 4], [6, 6, 6], [7, 7, 7])
"""The hands of P1-P3 (nobody else sees them)."""


def position(turns: Sequence[str], hands: Sequence[Sequence[int]]) -> Scenario:
    """The game in which the seats in turn (from P0) take these decisions and end holding these
    hands: each seat is dealt, and draws, the eggs it places (and the hen it plays) just in
    time."""
    n = len(hands)
    streams: list[list[int]] = [[] for _ in range(n)]
    seat = 0
    for i, text in enumerate(turns):
        placed = re.match(r"place egg (\d+)", text)
        if placed:
            streams[seat].append(int(placed.group(1)))
        elif text == "play the hen":
            streams[seat].append(HEN)
        if i + 1 == len(turns) or not turns[i + 1].startswith("hen:"):
            seat = (seat + 1) % n
    cards = [iter([*stream, *hand]) for stream, hand in zip(streams, hands, strict=True)]

    def deal(scenario: Scenario, outcomes: list[int]) -> int:
        obs = read(scenario.obs(None))
        receiver = obs["current_player"]
        if receiver is None:  # the deal, round the table
            receiver = sum(obs["hand_sizes"]) % n
        return next(cards[receiver], outcomes[0])

    table = Scenario("manda-huevos", players=n, fill=deal)
    return table.settle().do(*turns)


def laid(containers: Sequence[Sequence[int]]) -> list[str]:
    """The egg plays that fill these containers, a slot of each container in turn."""
    return [
        f"place egg {eggs[slot]} in P{seat}'s container"
        for slot in range(6)
        for seat, eggs in enumerate(containers)
        if slot < len(eggs)
    ]


def board(table: Scenario) -> list[list[tuple[int, bool]]]:
    """Each container's eggs: (value, asleep)."""

    def egg(cell: EggCell | None) -> tuple[int, bool]:
        assert cell is not None and cell["egg"] is not None  # everything is seen
        return cell["egg"], cell["asleep"]

    containers = read(table.obs())["containers"]
    return [[egg(cell) for cell in row if cell is not None] for row in containers]


def heuristic_move(table: Scenario) -> str:
    seat = table.player
    action = choose(SeatView(table.state, seat), random.Random(0))
    return table.state.action_to_string(action, seat)


def face_up(table: Scenario) -> list[int]:
    return [len(cards) for cards in read(table.obs())["face_up_actions"]]


def _swap_position() -> Scenario:
    """P0: 1, 5; P1: 9, 4; P2: 3; P3: 2. P1-P3 have used Move and Swap, P0 nothing."""
    return position(
        [
            "place egg 1 in P0's container",
            "place egg 9 in P1's container",
            "place egg 3 in P2's container",
            "place egg 2 in P3's container",
            "place egg 5 in P2's container",
            "Move an Egg: egg 5 (P2's slot 2) to P0's container",
            "Swap Eggs: egg 3 (P2's slot 1) with egg 2 (P3's slot 1)",
            "Swap Eggs: egg 2 (P2's slot 1) with egg 3 (P3's slot 1)",
            "place egg 4 in P2's container",
            "Swap Eggs: egg 5 (P0's slot 2) with egg 4 (P2's slot 2)",
            "Move an Egg: egg 4 (P0's slot 2) to P1's container",
            "Move an Egg: egg 5 (P2's slot 2) to P0's container",
        ],
        [[5, 5, 5], *HANDS],
    )


def test_swaps_a_low_awake_egg_for_an_opponents_high_one() -> None:
    table = _swap_position()
    assert board(table) == [
        [(1, False), (5, False)],
        [(9, False), (4, False)],
        [(3, False)],
        [(2, False)],
    ]
    assert face_up(table) == [3, 1, 1, 1]  # nobody can swap or move it straight back
    assert heuristic_move(table) == "Swap Eggs: egg 1 (P0's slot 1) with egg 9 (P1's slot 1)"


def test_puts_a_high_egg_to_sleep_when_it_can_be_swapped_away() -> None:
    table = position(
        [
            "place egg 9 in P0's container",
            "place egg 4 in P1's container",
            "place egg 2 in P2's container",
            "place egg 3 in P3's container",
            "Swap Eggs: egg 2 (P2's slot 1) with egg 3 (P3's slot 1)",
            "place egg 5 in P1's container",
            "place egg 5 in P2's container",
            "place egg 6 in P3's container",
            "Move an Egg: egg 5 (P1's slot 2) to P0's container",
            "place egg 4 in P1's container",
            "place egg 1 in P2's container",
            "place egg 1 in P1's container",
        ],
        [[5, 5, 5], *HANDS],
    )
    assert [[value for value, _ in row] for row in board(table)] == [
        [9, 5],
        [4, 4, 1],
        [3, 5, 1],
        [2, 6],
    ]
    assert face_up(table) == [1, 3, 3, 3]  # P0 has only Put to Sleep / Wake left
    assert heuristic_move(table) == "Put to Sleep: egg 9 (P0's slot 1)"


def test_dumps_a_low_egg_on_the_leader() -> None:
    table = position(
        [
            "place egg 5 in P0's container",
            "place egg 9 in P1's container",
            "place egg 3 in P2's container",
            "place egg 2 in P3's container",
            "Put to Sleep: egg 9 (P1's slot 1)",
            "place egg 8 in P1's container",
            "place egg 5 in P2's container",
            "place egg 4 in P3's container",
            "Swap Eggs: egg 5 (P2's slot 2) with egg 4 (P3's slot 2)",
            "place egg 6 in P1's container",
            "place egg 5 in P0's container",
            "place egg 2 in P0's container",
            "Move an Egg: egg 2 (P0's slot 3) to P3's container",
            "place egg 7 in P1's container",
            "place egg 1 in P2's container",
            "place egg 1 in P3's container",
        ],
        [[1, 5, 5], *HANDS],
    )
    assert read(table.obs())["points"] == [10, 30, 8, 10]
    assert read(table.obs())["must_play_egg"] == [True, False, False, False]
    assert heuristic_move(table) == "place egg 1 in P1's container"


def test_keeps_the_hen_while_nothing_is_worth_taking() -> None:
    table = position(
        [
            "place egg 5 in P0's container",
            "place egg 1 in P1's container",
            "place egg 9 in P2's container",
            "place egg 2 in P3's container",
            "Put to Sleep: egg 9 (P2's slot 1)",
            "place egg 2 in P1's container",
            "place egg 3 in P2's container",
            "place egg 1 in P3's container",
            "Swap Eggs: egg 1 (P1's slot 1) with egg 1 (P3's slot 2)",
            "place egg 3 in P1's container",
            "place egg 2 in P0's container",
            "place egg 1 in P2's container",
            "Move an Egg: egg 2 (P0's slot 2) to P3's container",
            "place egg 1 in P1's container",
            "place egg 2 in P2's container",
            "place egg 3 in P3's container",
        ],
        [[HEN, 4, 8], *HANDS],
    )
    awake = [value for row in board(table)[1:] for value, asleep in row if not asleep]
    assert sorted(set(awake)) == [1, 2, 3]  # the 9 sleeps
    assert read(table.obs())["must_play_egg"][0]
    assert heuristic_move(table).startswith("place egg")


HIGH_EGGS_ELSEWHERE = [
    "place egg 5 in P0's container",
    "place egg 9 in P1's container",
    "place egg 9 in P2's container",
    "place egg 7 in P3's container",
    "Put to Sleep: egg 5 (P0's slot 1)",
    *["Swap Eggs: egg 9 (P1's slot 1) with egg 9 (P2's slot 1)"] * 4,
    "place egg 8 in P3's container",
    "place egg 8 in P3's container",
    "Move an Egg: egg 8 (P3's slot 3) to P2's container",
    "Move an Egg: egg 8 (P3's slot 2) to P1's container",
    "Move an Egg: egg 7 (P3's slot 1) to P0's container",
    "Move an Egg: egg 7 (P0's slot 2) to P3's container",
    "place egg 2 in P3's container",
]
"""P0: a sleeping 5 and the hen; P1 and P2: 9, 8; P3: 7, 2. Everyone has used Move and Swap."""


def test_plays_the_hen_when_high_awake_eggs_sit_elsewhere() -> None:
    table = position(HIGH_EGGS_ELSEWHERE, [[HEN, 4, 5], *HANDS])
    assert board(table) == [
        [(5, True)],
        [(9, False), (8, False)],
        [(9, False), (8, False)],
        [(7, False), (2, False)],
    ]
    assert face_up(table) == [0, 1, 1, 1]
    assert heuristic_move(table) == "play the hen"
    table.do("play the hen")
    takes = []
    while table.player == 0:
        move = heuristic_move(table)
        if move == "hen: stop taking eggs":
            break
        takes.append(move)
        table.do(move)
    assert takes[:2] == ["hen: take egg 9 (P1's slot 1)", "hen: take egg 9 (P2's slot 1)"]
    assert not any("egg 2" in take for take in takes)


LOW, MIDDLE = [1, 1, 1, 2, 2, 2], [3, 3, 3, 6, 6, 6]


def test_plays_the_last_egg_only_when_it_wins() -> None:
    hands = [[1, 2, 8], [4, 4, 4], [5, 5, 5], [7, 7, 7]]
    # P1 has 45 and the one free slot, P0 has 42: any egg of P0's there makes P1 win.
    turns = laid([[8, 8, 8, 8, 6, 4], [9, 9, 9, 9, 9], LOW, MIDDLE])
    turns.insert(20, "Swap Eggs: egg 6 (P0's slot 5) with egg 6 (P3's slot 4)")  # P0's turn
    table = position(turns, hands)
    assert read(table.obs())["points"] == [42, 45, 9, 27]
    assert not heuristic_move(table).startswith("place egg")  # a sleep instead
    # With a bigger lead the last egg ends the game at once (the lowest, for the margin).
    turns = laid([[9, 9, 9, 8, 8, 8], [9, 9, 7, 7, 7], LOW, MIDDLE])
    turns.insert(20, "Swap Eggs: egg 9 (P0's slot 1) with egg 9 (P1's slot 1)")
    table = position(turns, hands)
    assert heuristic_move(table) == "place egg 1 in P1's container"


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
    table = position(laid([[9] * 5, [1] * 5, [5] * 5, [3] * 5]), [[2, 2, 2], *HANDS])
    assert table.player == 0
    assert isinstance(table.state, MandaHuevosState)
    values = win_chances(table.state)
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
    table = position(HIGH_EGGS_ELSEWHERE, [[HEN, 4, 5], *HANDS]).do("play the hen")
    state = table.state
    assert isinstance(state, MandaHuevosState)
    legal = state.legal_actions()
    picks = [playout_action(state, legal, random.Random(seed)) for seed in range(20)]
    assert set(picks) <= set(legal)
    first_nine = table.action("hen: take egg 9 (P1's slot 1)")
    assert picks.count(first_nine) >= 15  # the first 9 found, bar the odd random move
