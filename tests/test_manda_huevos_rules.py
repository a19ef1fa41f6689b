"""Manda Huevos!'s rules, one scenario per rule (RULES.md), per item of the issue, and per kind
of illegal action.

Every scenario is built by choosing the chance outcomes (the deal, each card drawn) and playing
public actions, never by editing a state's insides. Positions: P0's slots are 0-5, P1's 6-11.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import roost
from roost.core.errors import IllegalActionError, ParameterError
from roost.core.game import CHANCE, OMNISCIENT, TERMINAL
from roost.games.manda_huevos.cards import (
    ACTION_CARDS,
    EGG_CARDS,
    HEN,
    parse_egg_values,
)
from roost.games.manda_huevos.encoding import (
    HEN_STOP,
    MOVE,
    PASS,
    PLACE,
    PLAY_HEN,
)
from roost.games.manda_huevos.encoding import move_id as move
from roost.games.manda_huevos.encoding import place_id as place
from roost.games.manda_huevos.encoding import swap_id as swap
from roost.games.manda_huevos.encoding import take_id as take
from roost.games.manda_huevos.encoding import toggle_id as toggle
from roost.games.manda_huevos.state import MandaHuevosState

ALL_UP = list(ACTION_CARDS)


class Table:
    """A game with chosen hands (seat order); eggs are played and cards drawn by choice."""

    def __init__(self, hands: Sequence[Sequence[int]], **params: Any) -> None:
        self.game = roost.load_game("manda-huevos", players=len(hands), **params)
        self.state: MandaHuevosState = self.game.new_initial_state()  # type: ignore[assignment]
        for k in range(3):
            for hand in hands:
                self.state.apply_action(hand[k])

    @property
    def obs(self) -> dict[str, Any]:
        return self.state.observation(OMNISCIENT)

    def do(self, *actions: int) -> Table:
        for action in actions:
            self.state.apply_action(action)
        return self

    def egg(self, container: int, value: int, draw: int | None = None) -> Table:
        """The mover places `value` in `container`, then draws `draw` (if the deck has cards
        and the game goes on)."""
        self.state.apply_action(place(container, value))
        if self.state.current_player() == CHANCE:
            assert draw is not None, "the deck has cards: say which one is drawn"
            self.state.apply_action(draw)
        return self

    def values(self, seat: int) -> list[int | None]:
        return [cell and cell["egg"] for cell in self.obs["containers"][seat]]

    def reason(self, action: object) -> str:
        before = self.state.clone()
        with pytest.raises(IllegalActionError) as error:
            self.state.apply_action(action)  # type: ignore[arg-type]
        assert self.state == before
        return error.value.reason


def full_game(
    eggs: Sequence[Sequence[int]], final: Sequence[Sequence[int]], **params: Any
) -> Table:
    """A game where each seat places `eggs[seat]` (six each, in order) into its own container
    and ends holding `final[seat]` (the last seat places the last egg: it ends the game, so
    it draws no card after it and ends with two)."""
    n = len(eggs)
    streams = [[*eggs[s], *final[s]] for s in range(n)]
    table = Table([stream[:3] for stream in streams], **params)
    draws = [iter(stream[3:]) for stream in streams]
    for turn in range(6 * n):
        seat = turn % n
        table.egg(seat, eggs[seat][turn // n], next(draws[seat], None))
    return table


def sleeping_nine_game(**params: Any) -> Table:
    """P1 puts P0's first egg, a 9, to sleep; then P0 fills its container with 1s and P1 its
    own with 2s (P0, full first, sleeps one of its 1s while waiting). Ends 14 to 12."""
    table = Table([[9, 1, 1], [2, 2, 2]], **params)
    table.egg(0, 9, draw=1)
    table.do(toggle(0))  # P1 puts the 9 to sleep
    p0_draws = iter([1, 1, 1, 3, 3])
    p1_draws = iter([2, 2, 2, 4, 4])
    for _ in range(5):
        table.egg(0, 1, draw=next(p0_draws))
        table.egg(1, 2, draw=next(p1_draws))
    table.do(toggle(1))  # P0, container full, puts one of its 1s to sleep
    table.egg(1, 2)  # P1's sixth egg ends the game
    return table


# --- set-up and the cards -------------------------------------------------------------------


def test_default_egg_values_are_1_to_9_six_copies_each_with_the_hen_shuffled_in() -> None:
    game = roost.load_game("manda-huevos")
    cards = game.all_cards()
    assert len(cards) == EGG_CARDS + 1
    assert all(cards.count(value) == 6 for value in range(1, 10))
    assert cards.count(HEN) == 1
    outcomes = dict(game.new_initial_state().chance_outcomes())
    assert outcomes[HEN] == pytest.approx(1 / 55)
    assert outcomes[9] == pytest.approx(6 / 55)


def test_the_egg_values_parameter_sets_the_deck() -> None:
    game = roost.load_game("manda-huevos", players=2, egg_values="0-2x2, 7, 10x3")
    assert sorted(game.all_cards()) == [0, 0, 1, 1, 2, 2, 7, 10, 10, 10, HEN]
    assert parse_egg_values("1-3,2")[:4] == (0, 1, 2, 1)


@pytest.mark.parametrize(
    ("params", "named"),
    [
        ({"egg_values": ""}, "egg_values"),
        ({"egg_values": "eggs"}, "egg_values"),
        ({"egg_values": "1-9x0"}, "egg_values"),
        ({"egg_values": "9-1"}, "egg_values"),
        ({"egg_values": "1-21"}, "egg_values"),
        ({"egg_values": "1-9x60"}, "egg_values"),
        ({"egg_values": "1-9,,2"}, "egg_values"),
        ({"egg_values": "1-5x2", "players": 4}, "egg_values"),
        ({"egg_values": 54}, "egg_values"),
        ({"quick": "sometimes"}, "quick"),
        ({"memory": 2}, "memory"),
        ({"players": 7}, "players"),
        ({"players": 1}, "players"),
    ],
)
def test_bad_parameters_raise_parameter_error_naming_the_parameter(
    params: dict[str, Any], named: str
) -> None:
    with pytest.raises(ParameterError, match=f"'{named}'"):
        roost.load_game("manda-huevos", **params)


def test_setup_deals_three_cards_each_and_every_action_card_is_face_up() -> None:
    table = Table([[1, 2, 3], [4, 5, HEN], [6, 7, 8]])
    obs = table.state.observation(1)
    assert obs["phase"] == "turn"
    assert obs["current_player"] == 0
    assert obs["hand"] == ["egg 4", "egg 5", "hen"]
    assert obs["hand_sizes"] == [3, 3, 3]
    assert obs["face_up_actions"] == [ALL_UP] * 3
    assert obs["deck"] == 55 - 9
    assert obs["containers"] == [[None] * 6] * 3


def test_cards_dealt_and_drawn_are_hidden_from_the_other_players() -> None:
    game = roost.load_game("manda-huevos", players=2)
    state = game.new_initial_state()
    assert state.action_to_string(7, 0) == "P0 is dealt egg 7"
    assert state.action_to_string(7, 1) == "P0 is dealt a card"
    assert state.action_to_string(HEN, None) == "P0 is dealt a card"
    table = Table([[1, 2, 3], [4, 5, 6]]).do(place(0, 1))
    assert table.state.action_to_string(HEN, 0) == "P0 draws the hen"
    assert table.state.action_to_string(HEN, 1) == "P0 draws a card"
    assert "hand" not in table.state.observation(None)


# --- playing an egg ---------------------------------------------------------------------------


def test_an_egg_goes_into_any_container_with_room_and_its_player_draws() -> None:
    table = Table([[1, 2, 3], [4, 5, 6]])
    # No egg on the table yet, so no action card has a target: only placements.
    assert table.state.legal_actions() == [place(c, v) for c in (0, 1) for v in (1, 2, 3)]
    table.do(place(1, 2))
    assert table.state.current_player() == CHANCE
    assert table.values(1) == [2, None, None, None, None, None]
    table.do(9)
    assert table.state.observation(0)["hand"] == ["egg 1", "egg 3", "egg 9"]
    assert table.state.current_player() == 1
    table.egg(1, 4, draw=7)
    assert table.values(1) == [2, 4, None, None, None, None]


def test_an_egg_fills_the_lowest_free_slot() -> None:
    table = Table([[1, 2, 3], [4, 5, 6]])
    table.egg(0, 1, draw=7).egg(0, 4, draw=8).egg(0, 2, draw=9)
    assert table.values(0) == [1, 4, 2, None, None, None]
    table.do(move(1, 1))  # P1 moves the 4 out of P0's slot 2
    assert table.values(0) == [1, None, 2, None, None, None]
    table.egg(0, 3, draw=1)
    assert table.values(0) == [1, 3, 2, None, None, None]


def test_a_full_container_takes_no_more_eggs() -> None:
    table = Table([[1, 2, 3], [4, 5, 6]])
    for value, draw in ((1, 7), (4, 8), (2, 9), (5, 1), (3, 2), (6, 3)):
        table.egg(0, value, draw=draw)
    assert table.obs["eggs_in_container"] == [6, 0]
    assert all(not PLACE <= a < place(1, 0) for a in table.state.legal_actions())
    assert table.reason(place(0, 7)) == "P0's container is full"


# --- action cards -----------------------------------------------------------------------------


def test_move_an_egg_takes_an_egg_to_another_container_and_turns_the_card_down() -> None:
    table = Table([[1, 2, 3], [9, 5, 6]])
    table.egg(0, 1, draw=7).egg(0, 9, draw=8)
    assert table.state.action_to_string(move(1, 1), 0) == (
        "Move an Egg: egg 9 (P0's slot 2) to P1's container"
    )
    table.do(move(0, 1))  # P0 moves its own 1 into P1's container
    assert table.values(0) == [None, 9, None, None, None, None]
    assert table.values(1) == [1, None, None, None, None, None]
    assert table.obs["face_up_actions"][0] == ["Swap Eggs", "Put to Sleep / Wake"]
    table.do(move(1, 1))  # P1 takes the 9
    assert table.values(1) == [1, 9, None, None, None, None]
    assert table.state.current_player() == 0
    assert "Move an Egg card is face down" in table.reason(move(6, 0))


def test_move_needs_another_container_with_room() -> None:
    table = Table([[1, 2, 3], [4, 5, 6]])
    table.egg(0, 1, draw=7)
    assert table.reason(move(0, 0)) == "an egg must be moved to another container"
    assert table.reason(move(3, 0)) == "P0's slot 4 is empty"
    assert table.reason(move(0, 2)) == "there is no P2 at this table"
    for value, draw in ((4, 8), (2, 9), (5, 1), (3, 2), (6, 3), (7, 4)):
        table.egg(1, value, draw=draw)  # P1 and P0 in turn fill P1's container
    assert table.state.current_player() == 1
    assert table.reason(move(0, 1)) == "P1's container is full"


def test_swap_eggs_exchanges_two_awake_eggs_in_different_containers() -> None:
    table = Table([[1, 2, 3], [9, 5, 6]])
    table.egg(0, 1, draw=7).egg(1, 9, draw=8).egg(0, 2, draw=4)
    assert table.state.action_to_string(swap(0, 6), 1) == (
        "Swap Eggs: egg 1 (P0's slot 1) with egg 9 (P1's slot 1)"
    )
    assert "different containers" in table.reason(swap(0, 1))
    table.do(swap(0, 6))
    assert table.values(0) == [9, 2, None, None, None, None]
    assert table.values(1) == [1, None, None, None, None, None]
    assert table.obs["face_up_actions"][1] == ["Move an Egg", "Put to Sleep / Wake"]


def test_swapping_two_equal_eggs_is_legal_and_only_turns_the_card_down() -> None:
    table = Table([[5, 1, 2], [5, 3, 4]])
    table.egg(0, 5, draw=7).egg(1, 5, draw=8)
    before = table.values(0), table.values(1)
    table.do(swap(0, 6))
    assert (table.values(0), table.values(1)) == before
    assert table.obs["face_up_actions"][0] == ["Move an Egg", "Put to Sleep / Wake"]


def test_a_sleeping_egg_cannot_be_moved_or_swapped_until_woken() -> None:
    table = Table([[1, 2, 3], [9, 5, 6]])
    table.egg(0, 1, draw=7).egg(1, 9, draw=8)
    assert table.state.action_to_string(toggle(6), 0) == "Put to Sleep: egg 9 (P1's slot 1)"
    table.do(toggle(6))  # P0 puts P1's 9 to sleep
    assert table.obs["containers"][1][0] == {"egg": 9, "asleep": True}
    reason = "the egg in P1's slot 1 is asleep and cannot be moved"
    assert table.reason(move(6, 0)) == reason
    assert table.reason(swap(0, 6)) == reason
    assert table.state.action_to_string(toggle(6), 1) == "Wake: egg 9 (P1's slot 1)"
    table.do(toggle(6))  # P1 wakes it
    assert table.obs["containers"][1][0] == {"egg": 9, "asleep": False}
    assert move(6, 0) in table.state.legal_actions()


def test_put_to_sleep_needs_an_egg() -> None:
    table = Table([[1, 2, 3], [4, 5, 6]])
    assert "P0's slot 1 is empty" in table.reason(toggle(0))
    assert not any(a >= MOVE for a in table.state.legal_actions())


def _use_all_three_cards() -> Table:
    """P0 uses Sleep, Move and Swap on its turns 2-4 (turns of P1 in between)."""
    table = Table([[1, 2, 3], [4, 5, 6]])
    table.egg(1, 1, draw=7)  # P0: a 1 in P1's slot 1 (position 6)
    table.egg(0, 4, draw=8)  # P1: a 4 in P0's slot 1 (position 0)
    table.do(toggle(6))  # P0 sleeps the 1
    table.egg(1, 5, draw=9)  # P1: position 7
    table.do(move(7, 0))  # P0 moves the 5 into its slot 2
    table.egg(1, 6, draw=1)  # P1: position 7 again
    table.do(swap(0, 7))  # P0 swaps its 4 with P1's 6: all three cards are down
    table.egg(1, 8, draw=2)
    return table


def test_after_the_last_action_card_the_next_turn_must_be_an_egg_play() -> None:
    table = _use_all_three_cards()
    assert table.state.current_player() == 0
    assert table.obs["face_up_actions"][0] == []
    assert table.obs["must_play_egg"] == [True, False]
    assert table.state.legal_actions() == [place(c, v) for c in (0, 1) for v in (2, 3, 7)]
    forced = "all your action cards are face down: you must play an egg (or the hen) this turn"
    assert table.reason(toggle(0)) == forced
    assert table.reason(PASS) == "you may not pass while you can play an egg or use an action card"


def test_after_the_forced_egg_play_and_its_draw_all_action_cards_turn_face_up() -> None:
    table = _use_all_three_cards()
    table.do(place(0, 2))
    assert table.state.current_player() == CHANCE
    assert table.obs["face_up_actions"][0] == []  # not before the draw
    table.do(3)
    assert table.obs["face_up_actions"][0] == ALL_UP
    assert table.obs["must_play_egg"] == [False, False]


def test_an_egg_play_with_a_card_still_face_up_turns_nothing_up() -> None:
    table = Table([[1, 2, 3], [4, 5, 6]])
    table.egg(0, 1, draw=7).egg(0, 4, draw=8)
    table.do(toggle(0))  # P0 uses Sleep / Wake
    table.egg(0, 5, draw=9)
    table.egg(0, 2, draw=1)  # P0 plays an egg: Sleep stays down
    assert table.obs["face_up_actions"][0] == ["Move an Egg", "Swap Eggs"]


# --- the hen ----------------------------------------------------------------------------------


def test_the_hen_takes_awake_eggs_from_other_containers_then_leaves_and_its_player_draws() -> None:
    table = Table([[HEN, 1, 2], [9, 8, 7]])
    table.egg(1, 1, draw=3)  # P1's position 6
    table.egg(1, 9, draw=6)  # position 7
    table.egg(1, 2, draw=4)  # position 8
    table.do(toggle(7))  # P1 puts its 9 to sleep
    assert PLAY_HEN in table.state.legal_actions()
    table.do(PLAY_HEN)
    obs = table.state.observation(0)
    assert obs["phase"] == "hen"
    assert obs["hen"] == "played"
    assert table.state.legal_actions() == [take(6), take(8), HEN_STOP]  # the 9 sleeps
    assert table.state.action_to_string(take(8), 0) == "hen: take egg 2 (P1's slot 3)"
    table.do(take(8))
    assert table.values(0) == [2, None, None, None, None, None]
    assert table.state.observation(0)["hen_taken"] == 1
    assert table.state.legal_actions() == [take(6), HEN_STOP]
    table.do(HEN_STOP)
    assert table.state.current_player() == CHANCE
    table.do(5)
    assert table.obs["hands"][0] == ["egg 3", "egg 4", "egg 5"]
    assert table.state.card_places()["out of the game"] == [HEN]
    assert table.values(1) == [1, 9, None, None, None, None]
    assert table.state.current_player() == 1


def _five_in_p0_and_three_in_p1(**params: Any) -> Table:
    table = Table([[HEN, 1, 2], [4, 5, 6]], **params)
    table.egg(0, 1, draw=3).egg(0, 4, draw=7).egg(0, 2, draw=1).egg(0, 5, draw=8)
    table.egg(0, 3, draw=2).egg(1, 6, draw=9).egg(1, 1, draw=3).egg(1, 7, draw=4)
    return table


def test_the_hen_stops_by_itself_when_your_container_is_full() -> None:
    table = _five_in_p0_and_three_in_p1()
    table.do(PLAY_HEN)
    assert table.state.legal_actions() == [take(6), take(7), take(8), HEN_STOP]
    table.do(take(8))
    assert table.values(0) == [1, 4, 2, 5, 3, 7]
    assert table.state.current_player() == CHANCE  # no more room: straight to the draw


def test_the_hen_stops_by_itself_when_no_awake_egg_is_left_elsewhere() -> None:
    table = Table([[HEN, 1, 2], [4, 5, 6]])
    table.egg(1, 1, draw=3)
    table.egg(0, 4, draw=7)
    table.do(PLAY_HEN, take(6))
    assert table.state.current_player() == CHANCE
    assert table.values(0) == [4, 1, None, None, None, None]


def test_the_hen_may_be_played_to_take_nothing() -> None:
    table = Table([[HEN, 1, 2], [4, 5, 6]])
    table.do(PLAY_HEN)  # no egg anywhere: the taking ends at once
    assert table.state.current_player() == CHANCE
    table.do(3)
    assert table.obs["hen"] == "played"


def test_the_hen_counts_as_the_forced_egg_play() -> None:
    table = Table([[1, 2, HEN], [4, 5, 6]])
    table.egg(1, 1, draw=7)
    table.egg(0, 4, draw=8)
    table.do(toggle(6))
    table.egg(1, 5, draw=9)
    table.do(move(7, 0))
    table.egg(1, 6, draw=1)
    table.do(swap(0, 7))
    table.egg(1, 8, draw=2)
    assert PLAY_HEN in table.state.legal_actions()
    table.do(PLAY_HEN, HEN_STOP, 3)
    assert table.obs["face_up_actions"][0] == ALL_UP


# --- the end and the result -------------------------------------------------------------------


def test_the_game_ends_the_moment_every_container_holds_six_eggs() -> None:
    table = full_game([[1, 2, 3, 4, 5, 6], [1, 1, 1, 1, 1, 2]], [[7, 8, 9], [9, 9]])
    assert table.state.current_player() == TERMINAL
    obs = table.state.observation(None)
    assert obs["phase"] == "game over"
    assert obs["hand_sizes"] == [3, 2]  # the last egg is not followed by a draw
    assert obs["scores"] == [21, 7]
    assert obs["winners"] == [0]
    assert table.state.returns() == [1.0, 0.0]


def test_the_standard_game_goes_on_when_one_container_is_full() -> None:
    table = _five_in_p0_and_three_in_p1()
    table.egg(0, 2, draw=5)
    assert table.obs["eggs_in_container"] == [6, 3]
    assert table.state.current_player() == 1


def test_quick_game_ends_the_moment_any_container_holds_six_eggs() -> None:
    table = _five_in_p0_and_three_in_p1(quick=True)
    assert table.obs["end"] == "any container full (Quick Game)"
    table.do(place(0, 2))
    assert table.state.current_player() == TERMINAL
    assert table.obs["hand_sizes"] == [2, 3]
    assert table.state.returns() == [1.0, 0.0]  # 1+4+2+5+3+2 = 17 against 6+1+7 = 14


def test_quick_game_ends_when_a_move_fills_a_container() -> None:
    table = _five_in_p0_and_three_in_p1(quick=True)
    table.do(move(6, 0))
    assert table.state.current_player() == TERMINAL
    assert table.state.observation(None)["scores"] == [21, 8]


def test_quick_game_ends_when_the_hen_fills_your_container() -> None:
    table = _five_in_p0_and_three_in_p1(quick=True)
    table.do(PLAY_HEN, take(6))
    assert table.state.current_player() == TERMINAL
    assert table.obs["hand_sizes"] == [2, 3]  # no draw after the hen either


def test_sleeping_eggs_count_at_the_end() -> None:
    table = sleeping_nine_game()
    assert table.state.current_player() == TERMINAL
    assert table.obs["containers"][0][0] == {"egg": 9, "asleep": True}
    assert table.obs["scores"] == [14, 12]
    assert table.state.returns() == [1.0, 0.0]


def test_tied_containers_add_the_values_still_in_hand() -> None:
    table = full_game([[1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]], [[1, 1, 2], [9, 8]])
    obs = table.state.observation(0)
    assert obs["scores"] == [21, 21]
    assert obs["final_hands"] == [["egg 1", "egg 1", "egg 2"], ["egg 8", "egg 9"]]
    assert obs["tie_break"] == [4, 17]
    assert obs["winners"] == [1]
    assert table.state.returns() == [0.0, 1.0]


def test_the_hen_counts_zero_and_a_remaining_tie_is_a_shared_win() -> None:
    table = full_game([[1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]], [[HEN, 2, 3], [1, 4]])
    obs = table.state.observation(None)
    assert obs["tie_break"] == [5, 5]
    assert obs["winners"] == [0, 1]
    assert table.state.returns() == [1.0, 1.0]


def test_the_tie_break_is_only_among_the_tied_players() -> None:
    eggs = [[9, 9, 9, 1, 1, 1], [8, 8, 8, 2, 2, 2], [1, 1, 1, 2, 2, 2]]
    table = full_game(eggs, [[3, 3, 3], [4, 4, 4], [9, 9]])
    obs = table.state.observation(None)
    assert obs["scores"] == [30, 30, 9]
    assert obs["tie_break"] == [9, 12, None]  # P2's 18 in hand does not count: not tied
    assert obs["winners"] == [1]


# --- sleeping eggs' values: known, or hidden in memory mode ------------------------------------


def _slept_nine(**params: Any) -> Table:
    table = Table([[9, 1, 2], [4, 5, 6]], **params)
    table.egg(0, 9, draw=3)
    table.do(toggle(0))  # P1 puts P0's 9 to sleep
    return table


def test_sleeping_eggs_values_are_known_to_everyone_by_default() -> None:
    table = _slept_nine()
    for viewer in (None, 0, 1):
        obs = table.state.observation(viewer)
        assert obs["containers"][0][0] == {"egg": 9, "asleep": True}
        assert obs["points"][0] == 9
    assert table.state.action_to_string(toggle(0), 0) == "Wake: egg 9 (P0's slot 1)"


def test_memory_mode_hides_sleeping_values_from_every_player_until_the_end() -> None:
    table = _slept_nine(memory=True)
    assert table.game.perfect_recall is False
    for viewer in (None, 0, 1):
        obs = table.state.observation(viewer)
        assert obs["containers"][0][0] == {"egg": None, "asleep": True}
        assert obs["points"][0] == 0
        assert obs["sleeping_values"] == "hidden (memory mode)"
    assert table.state.action_to_string(toggle(0), 0) == "Wake: the sleeping egg in P0's slot 1"
    assert table.state.action_to_string(toggle(0), OMNISCIENT) == "Wake: egg 9 (P0's slot 1)"
    assert table.obs["containers"][0][0] == {"egg": 9, "asleep": True}
    table.do(toggle(0))  # P0 wakes it: the value is seen again
    assert table.state.observation(1)["containers"][0][0] == {"egg": 9, "asleep": False}


def test_memory_mode_turns_every_egg_up_at_the_end() -> None:
    table = sleeping_nine_game(memory=True)
    assert table.state.is_terminal()
    obs = table.state.observation(1)
    assert obs["containers"][0][:2] == [{"egg": 9, "asleep": True}, {"egg": 1, "asleep": True}]
    assert obs["scores"] == [14, 12]


def test_memory_mode_resampling_may_give_a_sleeping_egg_another_value() -> None:
    table = _slept_nine(memory=True)
    state = table.state
    values = set()
    for k in range(40):
        resampled = state.resample_from_infostate(0, random.Random(k))
        assert resampled.observation(0) == state.observation(0)
        assert table.game.state_from_history(resampled.history()) == resampled
        values.add(resampled.observation(OMNISCIENT)["containers"][0][0]["egg"])
    assert len(values) > 3
    assert HEN not in values


def test_default_mode_resampling_keeps_sleeping_values_and_the_seats_own_draws() -> None:
    table = _slept_nine()
    state = table.state
    for k in range(10):
        resampled = state.resample_from_infostate(0, random.Random(k))
        assert resampled.observation(OMNISCIENT)["containers"][0][0]["egg"] == 9
        assert resampled.observation(OMNISCIENT)["hands"][0] == ["egg 1", "egg 2", "egg 3"]


# --- dead ends: an empty deck -----------------------------------------------------------------


def _empty_deck_game() -> Table:
    """Six eggs and the hen: the hen is the last card of the deck, drawn by P0 at once."""
    table = Table([[1, 2, 3], [1, 2, 3]], egg_values="1-3x2")
    table.egg(0, 1, draw=HEN)
    return table


def test_with_an_empty_deck_an_egg_play_draws_nothing() -> None:
    table = _empty_deck_game()
    assert table.obs["deck"] == 0
    table.do(place(1, 1))
    assert table.state.current_player() == 0  # no chance node: P0's turn at once
    assert table.obs["hand_sizes"] == [3, 2]


def test_a_player_with_no_card_and_no_usable_action_passes_and_a_round_of_passes_ends() -> None:
    table = _empty_deck_game()
    table.do(place(1, 1), place(0, 2), place(1, 2), place(0, 3), place(1, 3))
    table.do(PLAY_HEN, HEN_STOP)  # P0 plays its last card; nothing drawn
    assert table.obs["hand_sizes"] == [0, 0]
    assert PASS not in table.state.legal_actions()  # P1 still has action cards to use
    assert table.reason(PASS) == (
        "you may not pass while you can play an egg or use an action card"
    )
    table.do(toggle(0), toggle(6))  # P1, P0: Sleep (each puts a 1 to sleep)
    table.do(move(2, 1), move(7, 0))  # Move: P1 takes P0's 3, P0 takes P1's 2
    table.do(swap(1, 8), swap(1, 8))  # Swap and swap back: every action card is down now
    assert table.state.current_player() == 1
    assert table.state.legal_actions() == [PASS]
    table.do(PASS)
    assert table.obs["face_up_actions"][1] == []  # a pass turns nothing face up
    assert table.obs["passes_in_a_row"] == 1
    assert table.state.legal_actions() == [PASS]
    table.do(PASS)
    assert table.state.is_terminal()
    obs = table.state.observation(None)
    assert obs["eggs_in_container"] == [3, 3]
    assert obs["scores"] == [5, 7]
    assert obs["winners"] == [1]


# --- illegal actions: one test per kind of rejection ----------------------------------------


def test_an_action_must_be_an_int() -> None:
    table = Table([[1, 2, 3], [4, 5, 6]])
    assert table.reason("1") == "an action is an int, not str"
    assert table.reason(True) == "an action is an int, not bool"


def test_an_action_out_of_range_is_rejected() -> None:
    table = Table([[1, 2, 3], [4, 5, 6]])
    assert table.reason(-1) == "actions are 0-1712"
    assert table.reason(1713) == "actions are 0-1712"


def test_a_chance_outcome_must_be_a_card_left_in_the_deck() -> None:
    game = roost.load_game("manda-huevos", players=2, egg_values="1-3x2")
    table = Table([[1, 2, 3], [1, 2, 3]], egg_values="1-3x2").do(place(0, 1))
    assert table.reason(4) == "no egg 4 is left in the deck"
    assert table.reason(22) == "chance outcomes are card types 0-21"
    assert game.new_initial_state().chance_outcomes()[-1] == (HEN, 1 / 7)


def test_you_can_only_place_an_egg_you_hold_in_a_container_at_the_table() -> None:
    table = Table([[1, 2, 3], [4, 5, 6]])
    assert table.reason(place(0, 7)) == "you do not hold egg 7"
    assert table.reason(place(3, 1)) == "there is no P3 at this table"
    assert table.reason(PLAY_HEN) == "you do not hold the hen"


def test_hen_takes_only_right_after_the_hen_and_only_awake_eggs_of_others() -> None:
    table = Table([[HEN, 1, 2], [4, 5, 6]])
    assert table.reason(take(6)) == "eggs are taken with the hen only right after playing it"
    table.egg(0, 1, draw=3).egg(1, 4, draw=7).egg(1, 2, draw=8).do(toggle(7))
    table.do(PLAY_HEN)
    assert table.reason(take(0)) == (
        "the hen takes eggs from other players' containers, not your own"
    )
    assert table.reason(take(7)) == "the egg in P1's slot 2 is asleep and cannot be moved"
    assert table.reason(take(9)) == "P1's slot 4 is empty"
    assert "you are taking eggs with the hen" in table.reason(place(0, 3))


def test_a_face_down_action_card_cannot_be_used() -> None:
    table = Table([[1, 2, 3], [4, 5, 6]])
    table.egg(0, 1, draw=7).egg(0, 4, draw=8).do(toggle(0)).egg(0, 5, draw=9)
    assert table.reason(toggle(1)) == (
        "your Put to Sleep / Wake card is face down: it turns up again after all three are "
        "used and you play an egg"
    )


def test_nothing_is_legal_once_the_game_is_over() -> None:
    table = full_game([[1, 2, 3, 4, 5, 6], [1, 1, 1, 1, 1, 2]], [[7, 8, 9], [9, 9]])
    assert table.reason(place(0, 7)) == "the game is over"
    assert table.state.legal_actions() == []
    assert table.state.chance_outcomes() == []


# --- bounds -------------------------------------------------------------------------------------


def test_max_game_length_follows_the_proof_in_rules_md() -> None:
    lengths = [roost.load_game("manda-huevos", players=n).max_game_length() for n in range(2, 7)]
    assert lengths == [120, 147, 174, 201, 228]
    # A small deck can run out, so passes enter the bound.
    small = roost.load_game("manda-huevos", players=4, egg_values="1-9x2")
    assert small.max_game_length() > roost.load_game("manda-huevos").max_game_length()
