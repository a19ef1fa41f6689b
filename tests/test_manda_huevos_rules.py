"""Manda Huevos!'s rules, one scenario per rule of RULES.md and per kind of illegal action.

Every scenario is built by choosing the chance outcomes (the deal, each card drawn; an egg card's
id is its value, the hen is `HEN`) and playing decisions by their text, never by editing a
state's insides. Positions (for the refused action ids): P0's slots are 0-5, P1's 6-11.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import roost
from roost.core.errors import ParameterError
from roost.core.game import CHANCE, OMNISCIENT, TERMINAL
from roost.games.manda_huevos.actions import (
    PASS,
    PLAY_HEN,
    Phase,
    move_id,
    place_id,
    swap_id,
    take_id,
    toggle_id,
)
from roost.games.manda_huevos.cards import (
    ACTION_CARD_IDS,
    EGG_CARDS,
    HEN,
    MOVE_AN_EGG,
    SLEEP_WAKE,
    SWAP_EGGS,
    parse_egg_values,
)
from roost.games.manda_huevos.views import End, Hen, MandaHuevosObservation, SleepingValues, read
from roost.testing.scenario import Scenario

ALL_UP = list(ACTION_CARD_IDS)


class Table(Scenario):
    """A game dealt chosen hands (seat order, card ids); eggs are played and cards drawn by
    choice."""

    def __init__(self, hands: Sequence[Sequence[int]], **params: Any) -> None:
        super().__init__("manda-huevos", players=len(hands), **params)
        self.chance(*(hand[k] for k in range(3) for hand in hands))

    @property
    def view(self) -> MandaHuevosObservation:
        """Everything (the omniscient observation)."""
        return read(self.obs())

    def seen_by(self, seat: int | None) -> MandaHuevosObservation:
        return read(self.obs(seat))

    def egg(self, container: int, value: int, draw: int | None = None) -> Table:
        """The mover places `value` in `container`, then draws `draw` (if the deck has cards
        and the game goes on)."""
        self.do(f"place egg {value} in P{container}'s container")
        if self.player == CHANCE:
            assert draw is not None, "the deck has cards: say which one is drawn"
            self.chance(draw)
        return self

    def values(self, seat: int) -> list[int | None]:
        return [cell and cell["egg"] for cell in self.view["containers"][seat]]


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
    table.do("Put to Sleep: egg 9 (P0's slot 1)")  # P1
    p0_draws = iter([1, 1, 1, 3, 3])
    p1_draws = iter([2, 2, 2, 4, 4])
    for _ in range(5):
        table.egg(0, 1, draw=next(p0_draws))
        table.egg(1, 2, draw=next(p1_draws))
    table.do("Put to Sleep: egg 1 (P0's slot 2)")  # P0, container full, while waiting
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


def test_the_card_catalogue_names_eggs_by_value_the_hen_and_the_action_cards() -> None:
    cards = roost.load_game("manda-huevos").card_types()
    assert [card.id for card in cards] == list(range(25))
    assert (cards[7].name, cards[7].kind, cards[7].label) == ("egg 7", "egg", "7")
    assert (cards[HEN].name, cards[HEN].kind) == ("hen", "hen")
    assert [cards[c].name for c in ACTION_CARD_IDS] == [
        "Move an Egg",
        "Swap Eggs",
        "Put to Sleep / Wake",
    ]
    assert all(card.symbol and card.text for card in cards)


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
        ({"final_draw": "maybe"}, "final_draw"),
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
    obs = table.seen_by(1)
    assert obs["phase"] == Phase.TURN
    assert obs["current_player"] == 0
    assert obs["hand"] == [4, 5, HEN]
    assert obs["hand_sizes"] == [3, 3, 3]
    assert obs["face_up_actions"] == [ALL_UP] * 3
    assert obs["deck"] == 55 - 9
    assert obs["containers"] == [[None] * 6] * 3
    assert (obs["hen"], obs["end"], obs["sleeping_values"]) == (
        Hen.IN_THE_CARDS,
        End.ALL_FULL,
        SleepingValues.KNOWN,
    )


def test_cards_dealt_and_drawn_are_hidden_from_the_other_players() -> None:
    state = roost.load_game("manda-huevos", players=2).new_initial_state()
    assert state.action_to_string(7, 0) == "P0 is dealt egg 7"
    assert state.action_to_string(7, 1) == "P0 is dealt a card"
    assert state.action_to_string(HEN, None) == "P0 is dealt a card"
    table = Table([[1, 2, 3], [4, 5, 6]])
    table.do("place egg 1 in P0's container")
    assert table.state.action_to_string(HEN, 0) == "P0 draws the hen"
    assert table.state.action_to_string(HEN, 1) == "P0 draws a card"
    assert "hand" not in table.seen_by(None)
    assert "hands" not in table.seen_by(0)


def test_play_goes_clockwise_from_seat_0() -> None:
    """The rulebook: "The first player is the one who last ate eggs ... Play continues clockwise":
    seat 0 of a table seated at random, then the next seat, whatever the turn was."""
    table = Table([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    movers = []
    for value, draw in ((1, 1), (4, 2), (7, 3)):
        movers.append(table.player)
        table.egg(table.player, value, draw=draw)
    movers.append(table.player)
    table.do("Move an Egg: egg 1 (P0's slot 1) to P2's container")
    movers.append(table.player)
    table.do("Put to Sleep: egg 4 (P1's slot 1)")
    movers.append(table.player)
    assert movers == [0, 1, 2, 0, 1, 2]


# --- playing an egg ---------------------------------------------------------------------------


def test_an_egg_goes_into_any_container_with_room_and_its_player_draws() -> None:
    table = Table([[1, 2, 3], [4, 5, 6]])
    # No egg on the table yet, so no action card has a target: only placements.
    assert table.texts() == [
        f"place egg {v} in P{c}'s container" for c in (0, 1) for v in (1, 2, 3)
    ]
    table.do("place egg 2 in P1's container")
    assert table.player == CHANCE
    assert table.values(1) == [2, None, None, None, None, None]
    table.chance(9)
    assert table.seen_by(0)["hand"] == [1, 3, 9]
    assert table.player == 1
    table.egg(1, 4, draw=7)
    assert table.values(1) == [2, 4, None, None, None, None]


def test_an_egg_fills_the_lowest_free_slot() -> None:
    table = Table([[1, 2, 3], [4, 5, 6]])
    table.egg(0, 1, draw=7).egg(0, 4, draw=8).egg(0, 2, draw=9)
    assert table.values(0) == [1, 4, 2, None, None, None]
    table.do("Move an Egg: egg 4 (P0's slot 2) to P1's container")
    assert table.values(0) == [1, None, 2, None, None, None]
    table.egg(0, 3, draw=1)
    assert table.values(0) == [1, 3, 2, None, None, None]


def test_a_full_container_takes_no_more_eggs() -> None:
    table = Table([[1, 2, 3], [4, 5, 6]])
    for value, draw in ((1, 7), (4, 8), (2, 9), (5, 1), (3, 2), (6, 3)):
        table.egg(0, value, draw=draw)
    assert table.view["eggs_in_container"] == [6, 0]
    assert not any("in P0's container" in text for text in table.texts())
    assert table.refuse(place_id(0, 7)) == "P0's container is full"


# --- action cards -----------------------------------------------------------------------------


def test_move_an_egg_takes_an_egg_to_another_container_and_turns_the_card_down() -> None:
    table = Table([[1, 2, 3], [9, 5, 6]])
    table.egg(0, 1, draw=7).egg(0, 9, draw=8)
    assert "Move an Egg: egg 9 (P0's slot 2) to P1's container" in table.texts(0)
    table.do("Move an Egg: egg 1 (P0's slot 1) to P1's container")  # P0 gets rid of its 1
    assert table.values(0) == [None, 9, None, None, None, None]
    assert table.values(1) == [1, None, None, None, None, None]
    assert table.view["face_up_actions"][0] == [SWAP_EGGS, SLEEP_WAKE]
    table.do("Move an Egg: egg 9 (P0's slot 2) to P1's container")  # P1 takes the 9
    assert table.values(1) == [1, 9, None, None, None, None]
    assert table.player == 0
    assert "Move an Egg card is face down" in table.refuse(move_id(6, 0))


def test_move_needs_another_container_with_room() -> None:
    table = Table([[1, 2, 3], [4, 5, 6]])
    table.egg(0, 1, draw=7)
    assert table.refuse(move_id(0, 0)) == "an egg must be moved to another container"
    assert table.refuse(move_id(3, 0)) == "P0's slot 4 is empty"
    assert table.refuse(move_id(0, 2)) == "there is no P2 at this table"
    for value, draw in ((4, 8), (2, 9), (5, 1), (3, 2), (6, 3), (7, 4)):
        table.egg(1, value, draw=draw)  # P1 and P0 in turn fill P1's container
    assert table.player == 1
    assert table.refuse(move_id(0, 1)) == "P1's container is full"


def test_swap_eggs_exchanges_two_awake_eggs_in_different_containers() -> None:
    table = Table([[1, 2, 3], [9, 5, 6]])
    table.egg(0, 1, draw=7).egg(1, 9, draw=8).egg(0, 2, draw=4)
    assert "different containers" in table.refuse(swap_id(0, 1))
    table.do("Swap Eggs: egg 1 (P0's slot 1) with egg 9 (P1's slot 1)")
    assert table.values(0) == [9, 2, None, None, None, None]
    assert table.values(1) == [1, None, None, None, None, None]
    assert table.view["face_up_actions"][1] == [MOVE_AN_EGG, SLEEP_WAKE]


def test_swapping_two_equal_eggs_is_legal_and_only_turns_the_card_down() -> None:
    table = Table([[5, 1, 2], [5, 3, 4]])
    table.egg(0, 5, draw=7).egg(1, 5, draw=8)
    before = table.values(0), table.values(1)
    table.do("Swap Eggs: egg 5 (P0's slot 1) with egg 5 (P1's slot 1)")
    assert (table.values(0), table.values(1)) == before
    assert table.view["face_up_actions"][0] == [MOVE_AN_EGG, SLEEP_WAKE]


def test_a_sleeping_egg_cannot_be_moved_or_swapped_until_woken() -> None:
    table = Table([[1, 2, 3], [9, 5, 6]])
    table.egg(0, 1, draw=7).egg(1, 9, draw=8)
    table.do("Put to Sleep: egg 9 (P1's slot 1)")  # P0 puts P1's 9 to sleep
    assert table.view["containers"][1][0] == {"egg": 9, "asleep": True}
    reason = "the egg in P1's slot 1 is asleep and cannot be moved"
    assert table.refuse(move_id(6, 0)) == reason
    assert table.refuse(swap_id(0, 6)) == reason
    table.do("Wake: egg 9 (P1's slot 1)")  # P1 wakes it
    assert table.view["containers"][1][0] == {"egg": 9, "asleep": False}
    assert "Move an Egg: egg 9 (P1's slot 1) to P0's container" in table.texts()


def test_a_container_may_hold_several_sleeping_eggs() -> None:
    table = Table([[9, 1, 2], [8, 5, 6]])
    table.egg(0, 9, draw=3).egg(0, 8, draw=7)  # P1 puts its 8 in P0's container
    table.do("Put to Sleep: egg 9 (P0's slot 1)")  # P0
    table.do("Put to Sleep: egg 8 (P0's slot 2)")  # P1
    assert table.view["containers"][0][:2] == [
        {"egg": 9, "asleep": True},
        {"egg": 8, "asleep": True},
    ]
    assert table.view["points"][0] == 17
    # P0 still has Move an Egg and Swap Eggs face up, but no egg on the table can be moved.
    assert table.view["face_up_actions"][0] == [MOVE_AN_EGG, SWAP_EGGS]
    assert not any(text.startswith(("Move an Egg", "Swap Eggs")) for text in table.texts())


def test_put_to_sleep_needs_an_egg() -> None:
    table = Table([[1, 2, 3], [4, 5, 6]])
    assert "P0's slot 1 is empty" in table.refuse(toggle_id(0))
    assert all(text.startswith("place egg") for text in table.texts())


def _use_all_three_cards() -> Table:
    """P0 uses Sleep, Move and Swap on its turns 2-4 (turns of P1 in between)."""
    table = Table([[1, 2, 3], [4, 5, 6]])
    table.egg(1, 1, draw=7)  # P0: a 1 in P1's slot 1
    table.egg(0, 4, draw=8)  # P1: a 4 in P0's slot 1
    table.do("Put to Sleep: egg 1 (P1's slot 1)")
    table.egg(1, 5, draw=9)  # P1: P1's slot 2
    table.do("Move an Egg: egg 5 (P1's slot 2) to P0's container")
    table.egg(1, 6, draw=1)  # P1: P1's slot 2 again
    table.do("Swap Eggs: egg 4 (P0's slot 1) with egg 6 (P1's slot 2)")  # all three are down
    table.egg(1, 8, draw=2)
    return table


def test_after_the_last_action_card_the_next_turn_must_be_an_egg_play() -> None:
    table = _use_all_three_cards()
    assert table.player == 0
    assert table.view["face_up_actions"][0] == []
    assert table.view["must_play_egg"] == [True, False]
    assert table.texts() == [
        f"place egg {v} in P{c}'s container" for c in (0, 1) for v in (2, 3, 7)
    ]
    forced = "all your action cards are face down: you must play an egg (or the hen) this turn"
    assert table.refuse(toggle_id(0)) == forced
    assert table.refuse(PASS) == "you may not pass while you can play an egg or use an action card"


def test_after_the_forced_egg_play_and_its_draw_all_action_cards_turn_face_up() -> None:
    table = _use_all_three_cards()
    table.do("place egg 2 in P0's container")
    assert table.player == CHANCE
    assert table.view["face_up_actions"][0] == []  # not before the draw
    table.chance(3)
    assert table.view["face_up_actions"][0] == ALL_UP
    assert table.view["must_play_egg"] == [False, False]


def test_an_egg_play_with_a_card_still_face_up_turns_nothing_up() -> None:
    table = Table([[1, 2, 3], [4, 5, 6]])
    table.egg(0, 1, draw=7).egg(0, 4, draw=8)
    table.do("Put to Sleep: egg 1 (P0's slot 1)")  # P0 uses Sleep / Wake
    table.egg(0, 5, draw=9)
    table.egg(0, 2, draw=1)  # P0 plays an egg: Sleep stays down
    assert table.view["face_up_actions"][0] == [MOVE_AN_EGG, SWAP_EGGS]


# --- the hen ----------------------------------------------------------------------------------


def test_the_hen_takes_awake_eggs_from_other_containers_then_leaves_and_its_player_draws() -> None:
    table = Table([[HEN, 1, 2], [9, 8, 7]])
    table.egg(1, 1, draw=3)  # P1's slot 1
    table.egg(1, 9, draw=6)  # slot 2
    table.egg(1, 2, draw=4)  # slot 3
    table.do("Put to Sleep: egg 9 (P1's slot 2)")  # P1
    table.do("play the hen")
    obs = table.seen_by(0)
    assert obs["phase"] == Phase.HEN
    assert obs["hen"] == Hen.PLAYED
    assert table.texts() == [  # not the sleeping 9
        "hen: take egg 1 (P1's slot 1)",
        "hen: take egg 2 (P1's slot 3)",
        "hen: stop taking eggs",
    ]
    table.do("hen: take egg 2 (P1's slot 3)")
    assert table.values(0) == [2, None, None, None, None, None]
    assert table.seen_by(0)["hen_taken"] == 1
    assert table.texts() == ["hen: take egg 1 (P1's slot 1)", "hen: stop taking eggs"]
    table.do("hen: stop taking eggs")
    assert table.player == CHANCE
    table.chance(5)
    assert table.view["hands"][0] == [3, 4, 5]
    assert table.state.card_places()["out of the game"] == [HEN]
    assert table.values(1) == [1, 9, None, None, None, None]
    assert table.player == 1


def _five_in_p0_and_three_in_p1(**params: Any) -> Table:
    table = Table([[HEN, 1, 2], [4, 5, 6]], **params)
    table.egg(0, 1, draw=3).egg(0, 4, draw=7).egg(0, 2, draw=1).egg(0, 5, draw=8)
    table.egg(0, 3, draw=2).egg(1, 6, draw=9).egg(1, 1, draw=3).egg(1, 7, draw=4)
    return table


def test_the_hen_stops_by_itself_when_your_container_is_full() -> None:
    table = _five_in_p0_and_three_in_p1()
    table.do("play the hen")
    assert table.texts() == [
        "hen: take egg 6 (P1's slot 1)",
        "hen: take egg 1 (P1's slot 2)",
        "hen: take egg 7 (P1's slot 3)",
        "hen: stop taking eggs",
    ]
    table.do("hen: take egg 7 (P1's slot 3)")
    assert table.values(0) == [1, 4, 2, 5, 3, 7]
    assert table.player == CHANCE  # no more room: straight to the draw


def test_the_hen_stops_by_itself_when_no_awake_egg_is_left_elsewhere() -> None:
    table = Table([[HEN, 1, 2], [4, 5, 6]])
    table.egg(1, 1, draw=3)
    table.egg(0, 4, draw=7)
    table.do("play the hen", "hen: take egg 1 (P1's slot 1)")
    assert table.player == CHANCE
    assert table.values(0) == [4, 1, None, None, None, None]


def test_the_hen_may_be_played_to_take_nothing() -> None:
    table = Table([[HEN, 1, 2], [4, 5, 6]])
    table.do("play the hen")  # no egg anywhere: the taking ends at once
    assert table.player == CHANCE
    table.chance(3)
    assert table.view["hen"] == Hen.PLAYED


def test_the_hen_counts_as_the_forced_egg_play() -> None:
    table = Table([[1, 2, HEN], [4, 5, 6]])
    table.egg(1, 1, draw=7)
    table.egg(0, 4, draw=8)
    table.do("Put to Sleep: egg 1 (P1's slot 1)")
    table.egg(1, 5, draw=9)
    table.do("Move an Egg: egg 5 (P1's slot 2) to P0's container")
    table.egg(1, 6, draw=1)
    table.do("Swap Eggs: egg 4 (P0's slot 1) with egg 6 (P1's slot 2)")
    table.egg(1, 8, draw=2)
    assert table.view["must_play_egg"][0]
    table.do("play the hen", "hen: stop taking eggs").chance(3)
    assert table.view["face_up_actions"][0] == ALL_UP


# --- the end and the result -------------------------------------------------------------------


def test_the_game_ends_the_moment_every_container_holds_six_eggs() -> None:
    table = full_game([[1, 2, 3, 4, 5, 6], [1, 1, 1, 1, 1, 2]], [[7, 8, 9], [9, 9]])
    assert table.player == TERMINAL
    obs = table.seen_by(None)
    assert obs["phase"] == Phase.OVER
    assert obs["hand_sizes"] == [3, 2]  # the last egg is not followed by a draw
    assert obs["scores"] == [21, 7]
    assert obs["winners"] == [0]
    assert table.state.returns() == [1.0, 0.0]


def test_with_final_draw_the_player_who_ends_the_game_draws_for_the_tie_break() -> None:
    """Choice 20: by default the last egg ends the game at once and its player keeps two cards
    (P0 wins the tie-break 15 to 14); with `final_draw=true` that player draws first, and the
    third card decides the tie-break the other way (16 to 15)."""
    eggs = [[1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]]
    table = full_game(eggs, [[5, 5, 5], [9, 5]])
    assert table.seen_by(None)["tie_break"] == [15, 14]
    assert table.state.winners() == [0]
    table = full_game(eggs, [[5, 5, 5], [9, 5, 2]], final_draw=True)
    obs = table.seen_by(None)
    assert table.player == TERMINAL and obs["phase"] == Phase.OVER
    assert obs["hand_sizes"] == [3, 3]
    assert obs["final_hands"] == [[5, 5, 5], [2, 5, 9]]
    assert obs["tie_break"] == [15, 16]
    assert table.state.winners() == [1]


def test_with_final_draw_the_quick_game_draws_after_an_egg_or_the_hen_not_a_move() -> None:
    table = _five_in_p0_and_three_in_p1(quick=True, final_draw=True)
    table.do("play the hen", "hen: take egg 6 (P1's slot 1)")
    assert table.player == CHANCE  # the hen's draw comes first
    table.chance(9)
    assert table.player == TERMINAL and table.view["hand_sizes"] == [3, 3]
    table = _five_in_p0_and_three_in_p1(quick=True, final_draw=True)
    table.do("place egg 2 in P0's container").chance(9)
    assert table.player == TERMINAL and table.view["hand_sizes"] == [3, 3]
    table = _five_in_p0_and_three_in_p1(quick=True, final_draw=True)
    table.do("Move an Egg: egg 6 (P1's slot 1) to P0's container")
    assert table.player == TERMINAL  # an action card is never followed by a draw


def test_the_standard_game_goes_on_when_one_container_is_full() -> None:
    table = _five_in_p0_and_three_in_p1()
    table.egg(0, 2, draw=5)
    assert table.view["eggs_in_container"] == [6, 3]
    assert table.player == 1


def test_quick_game_ends_the_moment_any_container_holds_six_eggs() -> None:
    table = _five_in_p0_and_three_in_p1(quick=True)
    assert table.view["end"] == End.ANY_FULL
    table.do("place egg 2 in P0's container")
    assert table.player == TERMINAL
    assert table.view["hand_sizes"] == [2, 3]
    assert table.state.returns() == [1.0, 0.0]  # 1+4+2+5+3+2 = 17 against 6+1+7 = 14


def test_quick_game_ends_when_a_move_fills_a_container() -> None:
    table = _five_in_p0_and_three_in_p1(quick=True)
    table.do("Move an Egg: egg 6 (P1's slot 1) to P0's container")
    assert table.player == TERMINAL
    assert table.seen_by(None)["scores"] == [21, 8]


def test_quick_game_ends_when_the_hen_fills_your_container() -> None:
    table = _five_in_p0_and_three_in_p1(quick=True)
    table.do("play the hen", "hen: take egg 6 (P1's slot 1)")
    assert table.player == TERMINAL
    assert table.view["hand_sizes"] == [2, 3]  # no draw after the hen either


def test_sleeping_eggs_count_at_the_end() -> None:
    table = sleeping_nine_game()
    assert table.player == TERMINAL
    assert table.view["containers"][0][0] == {"egg": 9, "asleep": True}
    assert table.view["scores"] == [14, 12]
    assert table.state.returns() == [1.0, 0.0]


def test_tied_containers_add_the_values_still_in_hand() -> None:
    table = full_game([[1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]], [[1, 1, 2], [9, 8]])
    obs = table.seen_by(0)
    assert obs["scores"] == [21, 21]
    assert obs["final_hands"] == [[1, 1, 2], [8, 9]]
    assert obs["tie_break"] == [4, 17]
    assert obs["winners"] == [1]
    assert table.state.winners() == [1]
    assert table.state.returns() == [0.0, 1.0]


def test_the_hen_counts_zero_and_a_remaining_tie_is_a_shared_win() -> None:
    table = full_game([[1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]], [[HEN, 2, 3], [1, 4]])
    obs = table.seen_by(None)
    assert obs["tie_break"] == [5, 5]
    assert obs["winners"] == [0, 1]
    assert table.state.returns() == [1.0, 1.0]


def test_the_tie_break_is_only_among_the_tied_players() -> None:
    eggs = [[9, 9, 9, 1, 1, 1], [8, 8, 8, 2, 2, 2], [1, 1, 1, 2, 2, 2]]
    table = full_game(eggs, [[3, 3, 3], [4, 4, 4], [9, 9]])
    obs = table.seen_by(None)
    assert obs["scores"] == [30, 30, 9]
    assert obs["tie_break"] == [9, 12, None]  # P2's 18 in hand does not count: not tied
    assert obs["winners"] == [1]


def test_without_a_tie_there_is_no_tie_break() -> None:
    table = full_game([[1, 2, 3, 4, 5, 6], [1, 1, 1, 1, 1, 2]], [[7, 8, 9], [9, 9]])
    assert table.seen_by(None)["tie_break"] == [None, None]


# --- sleeping eggs' values: known, or hidden in memory mode ------------------------------------


def _slept_nine(**params: Any) -> Table:
    table = Table([[9, 1, 2], [4, 5, 6]], **params)
    table.egg(0, 9, draw=3)
    table.do("Put to Sleep: egg 9 (P0's slot 1)")  # P1 puts P0's 9 to sleep
    return table


def test_sleeping_eggs_values_are_known_to_everyone_by_default() -> None:
    table = _slept_nine()
    for viewer in (None, 0, 1):
        obs = table.seen_by(viewer)
        assert obs["containers"][0][0] == {"egg": 9, "asleep": True}
        assert obs["points"][0] == 9
    assert "Wake: egg 9 (P0's slot 1)" in table.texts(0)


def test_memory_mode_hides_sleeping_values_from_every_player_until_the_end() -> None:
    table = _slept_nine(memory=True)
    assert table.game.perfect_recall is False
    for viewer in (None, 0, 1):
        obs = table.seen_by(viewer)
        assert obs["containers"][0][0] == {"egg": None, "asleep": True}
        assert obs["points"][0] == 0
        assert obs["sleeping_values"] == SleepingValues.HIDDEN
    assert "Wake: the sleeping egg in P0's slot 1" in table.texts(0)
    assert "Wake: egg 9 (P0's slot 1)" in table.texts(OMNISCIENT)
    wake = table.action("Wake")
    assert table.state.action_info(wake, 0).steps[-1].label == "the sleeping egg in P0's slot 1"
    assert table.view["containers"][0][0] == {"egg": 9, "asleep": True}
    table.do("Wake")  # P0 wakes it: the value is seen again
    assert table.seen_by(1)["containers"][0][0] == {"egg": 9, "asleep": False}


def test_memory_mode_turns_every_egg_up_at_the_end() -> None:
    table = sleeping_nine_game(memory=True)
    assert table.is_over()
    obs = table.seen_by(1)
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
        cell = read(resampled.observation(OMNISCIENT))["containers"][0][0]
        assert cell is not None and cell["asleep"]
        values.add(cell["egg"])
    assert len(values) > 3
    assert HEN not in values


def test_default_mode_resampling_keeps_sleeping_values_and_the_seats_own_draws() -> None:
    table = _slept_nine()
    state = table.state
    for k in range(10):
        resampled = read(state.resample_from_infostate(0, random.Random(k)).observation(OMNISCIENT))
        assert resampled["containers"][0][0] == {"egg": 9, "asleep": True}
        assert resampled["hands"][0] == [1, 2, 3]


# --- dead ends: an empty deck -----------------------------------------------------------------


def _empty_deck_game() -> Table:
    """Six eggs and the hen: the hen is the last card of the deck, drawn by P0 at once."""
    table = Table([[1, 2, 3], [1, 2, 3]], egg_values="1-3x2")
    table.egg(0, 1, draw=HEN)
    return table


def test_with_an_empty_deck_an_egg_play_draws_nothing() -> None:
    table = _empty_deck_game()
    assert table.view["deck"] == 0
    table.do("place egg 1 in P1's container")
    assert table.player == 0  # no chance node: P0's turn at once
    assert table.view["hand_sizes"] == [3, 2]


def test_a_player_with_no_card_and_no_usable_action_passes_and_a_round_of_passes_ends() -> None:
    table = _empty_deck_game()
    table.egg(1, 1).egg(0, 2).egg(1, 2).egg(0, 3).egg(1, 3)
    table.do("play the hen", "hen: stop taking eggs")  # P0 plays its last card; nothing drawn
    assert table.view["hand_sizes"] == [0, 0]
    assert not any(text.startswith("pass") for text in table.texts())  # P1 has action cards
    assert table.refuse(PASS) == "you may not pass while you can play an egg or use an action card"
    table.do("Put to Sleep: egg 1 (P0's slot 1)", "Put to Sleep: egg 1 (P1's slot 1)")
    table.do("Move an Egg: egg 3 (P0's slot 3) to P1", "Move an Egg: egg 2 (P1's slot 2) to P0")
    swap = "Swap Eggs: egg 2 (P0's slot 2) with egg 3 (P1's slot 3)"
    table.do(swap, "Swap Eggs: egg 3 (P0's slot 2) with egg 2 (P1's slot 3)")  # and back
    assert table.player == 1  # every action card is down now
    assert table.texts() == ["pass (no card to play and no usable action card)"]
    table.do("pass")
    assert table.view["face_up_actions"][1] == []  # a pass turns nothing face up
    assert table.view["passes_in_a_row"] == 1
    assert table.texts() == ["pass (no card to play and no usable action card)"]
    table.do("pass")
    assert table.is_over()
    obs = table.seen_by(None)
    assert obs["eggs_in_container"] == [3, 3]
    assert obs["scores"] == [5, 7]
    assert obs["winners"] == [1]


# --- illegal actions: one test per kind of rejection ----------------------------------------


def test_an_action_must_be_an_int_in_range() -> None:
    table = Table([[1, 2, 3], [4, 5, 6]])
    assert "an action is an integer" in table.refuse("1")
    assert "an action is an integer" in table.refuse(True)
    assert table.refuse(-1) == "actions of manda-huevos are 0-1712"
    assert table.refuse(1713) == "actions of manda-huevos are 0-1712"


def test_a_chance_outcome_must_be_a_card_left_in_the_deck() -> None:
    table = Table([[1, 2, 3], [1, 2, 3]], egg_values="1-3x2")
    table.do("place egg 1 in P0's container")
    assert table.refuse(4) == "no egg 4 is left in the deck"
    assert table.refuse(22) == "chance outcomes of manda-huevos are 0-21"
    game = roost.load_game("manda-huevos", players=2, egg_values="1-3x2")
    assert game.new_initial_state().chance_outcomes()[-1] == (HEN, 1 / 7)


def test_you_can_only_place_an_egg_you_hold_in_a_container_at_the_table() -> None:
    table = Table([[1, 2, 3], [4, 5, 6]])
    assert table.refuse(place_id(0, 7)) == "you do not hold egg 7"
    assert table.refuse(place_id(3, 1)) == "there is no P3 at this table"
    assert table.refuse(PLAY_HEN) == "you do not hold the hen"


def test_hen_takes_only_right_after_the_hen_and_only_awake_eggs_of_others() -> None:
    table = Table([[HEN, 1, 2], [4, 5, 6]])
    assert table.refuse(take_id(6)) == "eggs are taken with the hen only right after playing it"
    table.egg(0, 1, draw=3).egg(1, 4, draw=7).egg(1, 2, draw=8)
    table.do("Put to Sleep: egg 2 (P1's slot 2)")  # P1
    table.do("play the hen")
    assert table.refuse(take_id(0)) == (
        "the hen takes eggs from other players' containers, not your own"
    )
    assert table.refuse(take_id(7)) == "the egg in P1's slot 2 is asleep and cannot be moved"
    assert table.refuse(take_id(9)) == "P1's slot 4 is empty"
    assert "you are taking eggs with the hen" in table.refuse(place_id(0, 3))


def test_a_face_down_action_card_cannot_be_used() -> None:
    table = Table([[1, 2, 3], [4, 5, 6]])
    table.egg(0, 1, draw=7).egg(0, 4, draw=8)
    table.do("Put to Sleep: egg 1 (P0's slot 1)")
    table.egg(0, 5, draw=9)
    assert table.refuse(toggle_id(1)) == (
        "your Put to Sleep / Wake card is face down: it turns up again after all three are "
        "used and you play an egg"
    )


def test_nothing_is_legal_once_the_game_is_over() -> None:
    table = full_game([[1, 2, 3, 4, 5, 6], [1, 1, 1, 1, 1, 2]], [[7, 8, 9], [9, 9]])
    assert table.refuse(place_id(0, 7)) == "the game is over"
    assert table.state.legal_actions() == []
    assert table.state.chance_outcomes() == []


# --- actions as data ----------------------------------------------------------------------------


def _labels(table: Table, text: str) -> list[str]:
    info = table.state.action_info(table.action(text), table.player)
    return [step.label for step in info.steps]


def test_each_action_is_chosen_card_first_then_the_egg_then_where_it_goes() -> None:
    table = Table([[1, 2, HEN], [9, 5, 6]])
    table.egg(0, 1, draw=7).egg(1, 9, draw=8)
    place = table.state.action_info(table.action("place egg 2 in P1's container"), 0)
    assert (place.kind, place.cards, place.container, place.slot) == ("place", (2,), 1, 1)
    assert [step.kind for step in place.steps] == ["card", "container"]
    assert _labels(table, "play the hen") == ["hen"]
    assert _labels(table, "Move an Egg: egg 9 (P1's slot 1) to P0's container") == [
        "Move an Egg",
        "P1's container",
        "egg 9 (P1's slot 1)",
        "P0's container",
    ]
    # A swap starts from the mover's own egg (then the containers after the mover's).
    assert _labels(table, "Swap Eggs: egg 1 (P0's slot 1) with egg 9 (P1's slot 1)") == [
        "Swap Eggs",
        "P0's container",
        "egg 1 (P0's slot 1)",
        "P1's container",
        "egg 9 (P1's slot 1)",
    ]
    sleep = table.state.action_info(table.action("Put to Sleep: egg 9"), 0)
    assert (sleep.kind, sleep.container, sleep.slot) == ("sleep", 1, 0)
    table.do("place egg 2 in P0's container").chance(3)
    swap = table.state.action_info(table.action("Swap Eggs: egg 1 (P0's slot 1) with egg 9"), 1)
    assert [step.label for step in swap.steps][1:3] == ["P1's container", "egg 9 (P1's slot 1)"]


def test_no_step_offers_more_than_a_handful_of_choices() -> None:
    """The hundred and more actions of a turn are chosen in steps of at most 6 options each (the
    three cards in hand and the three action cards; six containers; six eggs)."""
    game = roost.load_game("manda-huevos", players=6)
    state = game.new_initial_state()
    rng = random.Random(3)
    widest = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        options: dict[tuple[tuple[str, int], ...], set[tuple[str, int]]] = {}
        for info in state.legal_action_infos(state.current_player()):
            path = tuple((step.kind, step.value) for step in info.steps)
            for depth in range(len(path)):
                options.setdefault(path[:depth], set()).add(path[depth])
        widest = max(widest, *(len(choices) for choices in options.values()))
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    assert widest == 6


# --- bounds -------------------------------------------------------------------------------------


def test_max_game_length_follows_the_proof_in_rules_md() -> None:
    lengths = [roost.load_game("manda-huevos", players=n).max_game_length() for n in range(2, 7)]
    assert lengths == [120, 147, 174, 201, 228]
    # A small deck can run out, so passes enter the bound.
    small = roost.load_game("manda-huevos", players=4, egg_values="1-9x2")
    assert small.max_game_length() > roost.load_game("manda-huevos").max_game_length()
