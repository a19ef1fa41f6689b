"""Eggo's rules, one scenario per rule and per worked example of the rulebook.

Every scenario is built by choosing the chance outcomes (the start card, the deal, each card
drawn) and playing public actions, never by editing a state's insides.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

import roost
from roost.core.errors import IllegalActionError, ParameterError
from roost.core.game import CHANCE, TERMINAL
from roost.games.eggo.actions import DRAW_A, DRAW_B
from roost.games.eggo.cards import (
    CARD_NAMES,
    CARD_TYPES,
    CHARACTERS,
    COLOURS,
    DEMOGORGON,
    PLAYER_CHARACTERS,
)
from roost.games.eggo.views import Character, Direction, EggoObservation, Side, read
from roost.testing.scenario import Scenario


def card(name: str) -> int:
    return CARD_NAMES.index(name)


def names(cards: list[int]) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


UP, DOWN = Side.RIGHT_SIDE_UP, Side.UPSIDE_DOWN


class Table(Scenario):
    """A game set up with a chosen start card and chosen hands (seat order)."""

    def __init__(
        self, hands: Sequence[Sequence[str]], start: str = "red Dustin", **params: Any
    ) -> None:
        params.setdefault("characters", "assigned")
        super().__init__("eggo", players=len(hands), **params)
        if self.game.params["characters"] == "choose":
            self.do(*(f"choose {PLAYER_CHARACTERS[seat]}" for seat in range(len(hands))))
        self.chance(start, *(hand[k] for k in range(4) for hand in hands))

    @property
    def view(self) -> EggoObservation:
        return read(self.obs())

    def to_move(self) -> int:
        return self.player

    def play(self, name: str, announce: str | None = None) -> None:
        self.do(f"play {name}" + (f", announce {announce}" if announce else ""))

    def draw(self, name: str, deck: str = "A") -> None:
        self.do(f"draw from deck {deck}")
        self.chance(name)

    def draw_no_match(self, deck: str = "A") -> str:
        """Draw a card that matches nothing on the pile (chosen: the highest card type left, so a
        Reverse or Draw 2 of another colour, which only ever matches on its own colour)."""
        self.do(f"draw from deck {deck}")
        view = read(self.obs(None))
        colour = COLOURS.index(view["colour"] or "")
        character = view["character"]
        for outcome, _ in reversed(self.state.chance_outcomes()):
            kind = CARD_TYPES[outcome]
            if (
                kind.kind in ("character", "reverse", "draw2")
                and kind.colour != colour
                and (kind.character is None or CHARACTERS[kind.character].lower() != character)
            ):
                self.chance(outcome)
                return CARD_NAMES[outcome]
        raise AssertionError("no unmatched card left")

    def pass_turn(self) -> None:
        """The player to move holds nothing playable: two unmatched draws end the turn."""
        seat = self.to_move()
        self.draw_no_match()
        self.draw_no_match("B")
        assert self.to_move() != seat or self.is_over()

    def hand(self, seat: int) -> list[str]:
        return names(read(self.obs(seat))["hand"])

    def plays(self) -> set[str]:
        return set(self.texts())


FILLERS = (
    ["yellow Will", "yellow Lucas", "yellow Eleven", "yellow Hopper"],
    ["green Will", "green Lucas", "green Eleven", "green Hopper"],
    ["blue Will", "blue Lucas", "blue Eleven", "blue Hopper"],
    ["yellow Joyce", "green Joyce", "blue Joyce", "yellow Nancy"],
)
"""Hands with no red card and no Dustin: nothing in them matches a red Dustin (each card of the
deck exists twice, so each filler can be dealt at most twice)."""
FILLER, FILLER2, FILLER3, FILLER4 = FILLERS


# --- set-up ---------------------------------------------------------------------------------


def test_everyone_starts_upside_down_with_four_cards() -> None:
    table = Table([FILLER, FILLER2, FILLER3])
    obs = table.view
    assert obs["hand_sizes"] == [4, 4, 4]
    assert obs["sides"] == [DOWN] * 3
    assert obs["top"] == card("red Dustin")
    assert table.to_move() == 0


def test_start_card_must_show_a_human_character() -> None:
    scenario = Scenario("eggo", players=2, characters="assigned")
    outcomes = {CARD_NAMES[a] for a, _ in scenario.state.chance_outcomes()}
    assert "red Reverse" not in outcomes and "Portal" not in outcomes
    assert "red Dustin" in outcomes and len(outcomes) == 36
    assert "human character" in scenario.refuse(card("Portal"))
    assert scenario.state.history() == []


def test_demogorgons_are_shuffled_in_after_the_deal_and_decks_split_in_two() -> None:
    table = Table([FILLER, FILLER2])
    # 106 cards - 1 start card - 8 dealt = 97, Demogorgons included; A takes the odd card.
    assert table.view["decks"] == [49, 48]
    assert table.view["deck_pool"].count(DEMOGORGON) == 4


def test_players_choose_distinct_characters_and_barb_is_allowed() -> None:
    scenario = Scenario("eggo", players=3).do("choose Barb")
    assert "choose Barb" not in scenario.texts()
    assert "Barb is already taken" in scenario.refuse(scenario.action("choose Will") + 6)
    scenario.do("choose Will", "choose Mike")
    characters = read(scenario.obs(None))["characters"]
    assert characters == [Character.BARB, Character.WILL, Character.MIKE]
    assert scenario.player == CHANCE


def test_the_deck_holds_the_counts_the_rulebook_gives() -> None:
    """106 Eggo cards: 4 Demogorgon, 8 Reverse, 8 Draw 2, 8 Portal and 6 All-Players Rift, and
    72 character cards (choice 2); Reverse and Draw 2 two of each colour."""
    game = roost.load_game("eggo")
    deck = game.all_cards()
    assert len(deck) == 106
    kinds = Counter(CARD_TYPES[c].kind for c in deck)
    assert kinds == {
        "character": 72,
        "reverse": 8,
        "draw2": 8,
        "portal": 8,
        "rift": 6,
        "demogorgon": 4,
    }
    for kind in ("reverse", "draw2"):
        assert Counter(
            CARD_TYPES[c].colour for c in deck if CARD_TYPES[c].kind == kind
        ) == dict.fromkeys(range(4), 2)
    assert len(PLAYER_CHARACTERS) == 7


def test_demogorgons_are_set_aside_before_the_start_card_and_the_deal() -> None:
    scenario = Scenario("eggo", players=2, characters="assigned")
    assert DEMOGORGON not in dict(scenario.state.chance_outcomes())
    scenario.chance("red Dustin")
    for name in (name for pair in zip(FILLER, FILLER2, strict=True) for name in pair):
        assert DEMOGORGON not in dict(scenario.state.chance_outcomes())  # the deal
        assert "no Demogorgon" in scenario.refuse(DEMOGORGON)
        scenario.chance(name)
    assert read(scenario.obs())["deck_pool"].count(DEMOGORGON) == 4  # shuffled in now
    scenario.do("draw from deck A")
    assert dict(scenario.state.chance_outcomes())[DEMOGORGON] == pytest.approx(4 / 97)


def test_hands_are_secret() -> None:
    """The rulebook: "You can look at your cards, but keep them secret!": a seat sees its own hand,
    only the sizes of the others; cards dealt and drawn are named to their receiver alone."""
    table = Table([FILLER, FILLER2, FILLER3])
    state = table.state
    for seat in (0, 1, 2):
        obs = state.observation(seat)
        assert names(obs["hand"]) == sorted(FILLERS[seat], key=card)
        assert "hands" not in obs and obs["hand_sizes"] == [4, 4, 4]
    assert "hand" not in state.observation(None) and "hands" not in state.observation(None)
    fresh = Scenario("eggo", players=3, characters="assigned").chance("red Dustin").state
    red_will = card("red Will")
    assert fresh.action_to_string(red_will, 0) == "P0 is dealt red Will"
    assert fresh.action_to_string(red_will, 1) == fresh.action_to_string(red_will, None)
    assert fresh.action_to_string(red_will, 1) == "P0 is dealt a card"
    table.do("draw from deck A")
    red_mike = card("red Mike")
    assert table.state.action_to_string(red_mike, 0) == "P0 draws red Mike from deck A"
    assert table.state.action_to_string(red_mike, 2) == "P0 draws a card from deck A"


def test_play_goes_to_the_left_seat_by_seat() -> None:
    """The rulebook: "Play continues to the left": the next seat, seat 0 first (choice 1)."""
    table = Table([FILLER, FILLER2, FILLER3])
    movers = []
    for _ in range(4):
        movers.append(table.to_move())
        table.pass_turn()
    assert movers == [0, 1, 2, 0]


# --- matching and must-play -----------------------------------------------------------------


def test_worked_example_match_colour_or_character() -> None:
    """Top card red Dustin: of red Joyce, green Dustin, blue Will and yellow Mike, only red
    Joyce and green Dustin can be played."""
    table = Table([["red Joyce", "green Dustin", "blue Will", "yellow Mike"], FILLER])
    assert table.plays() == {"play red Joyce", "play green Dustin"}


def test_you_must_play_a_matching_card_rather_than_draw() -> None:
    table = Table([["red Joyce", *FILLER[:3]], FILLER2])
    with pytest.raises(IllegalActionError, match="must play"):
        table.state.apply_action(DRAW_A)


def test_worked_example_draw_until_a_match_then_play_it() -> None:
    """Top card yellow Mike, no match in hand: draw green Nancy (no match), draw again,
    yellow Dustin matches and must be played; the turn then ends."""
    hand = ["red Will", "blue Lucas", "green Eleven", "red Hopper"]
    table = Table([hand, FILLER2], start="yellow Mike")
    assert table.plays() == {"draw from deck A", "draw from deck B"}
    table.draw("green Nancy")
    assert table.plays() == {"draw from deck A", "draw from deck B"}
    table.draw("yellow Dustin", deck="B")
    assert table.plays() == {"play yellow Dustin"}
    table.play("yellow Dustin")
    assert table.to_move() == 1
    assert table.view["top"] == card("yellow Dustin")
    assert len(table.hand(0)) == 5


def test_a_drawn_card_that_matches_must_be_played_at_once() -> None:
    table = Table([FILLER, FILLER2])
    table.draw("red Mike")
    assert table.plays() == {"play red Mike"}


def test_two_draws_without_a_match_end_the_turn() -> None:
    table = Table([FILLER, FILLER2])
    table.draw("green Nancy")
    table.draw("blue Will")
    assert table.to_move() == 1
    assert len(table.hand(0)) == 6


def test_reverse_and_draw_2_match_on_colour_only() -> None:
    table = Table([["red Reverse", "blue Reverse", "blue Draw 2", "yellow Will"], FILLER2])
    assert table.plays() == {"play red Reverse"}
    table.play("red Reverse")
    table.pass_turn()  # nothing of seat 1's matches a red Reverse
    # Seat 0's blue Reverse and blue Draw 2 do not match a red Reverse either.
    assert table.to_move() == 0
    assert table.plays() == {"draw from deck A", "draw from deck B"}


def test_portal_and_rift_can_be_played_on_anything() -> None:
    table = Table([["Portal", "All-Players Rift", *FILLER[:2]], FILLER2])
    plays = table.plays()
    assert len(plays) == 8
    assert "play Portal, announce blue" in plays
    assert "play All-Players Rift, announce green" in plays


def test_holding_a_rift_and_nothing_else_playable_you_must_play_it() -> None:
    table = Table([["All-Players Rift", *FILLER[:3]], FILLER2])
    assert all("Rift" in play for play in table.plays())
    with pytest.raises(IllegalActionError, match="must play"):
        table.state.apply_action(DRAW_B)


def test_after_a_portal_only_the_announced_colour_matches() -> None:
    seat1 = ["green Dustin", "blue Mike", "blue Reverse", "Portal"]
    table = Table([["Portal", *FILLER[:3]], seat1])
    table.play("Portal", announce="blue")
    assert table.view["colour"] == "blue" and table.view["character"] is None
    assert table.plays() == {
        "play blue Mike",
        "play blue Reverse",
        *(f"play Portal, announce {c}" for c in COLOURS),
    }


def test_after_a_rift_only_the_announced_colour_matches() -> None:
    seat1 = ["green Dustin", "yellow Mike", "yellow Reverse", "red Will"]
    table = Table([["All-Players Rift", *FILLER[:3]], seat1])
    table.play("All-Players Rift", announce="yellow")
    assert table.view["colour"] == "yellow" and table.view["character"] is None
    assert table.plays() == {"play yellow Mike", "play yellow Reverse"}


# --- special cards ----------------------------------------------------------------------------


def test_reverse_sends_play_back_to_the_previous_player() -> None:
    table = Table([FILLER, ["red Reverse", *FILLER2[:3]], FILLER3, FILLER4])
    table.pass_turn()
    assert table.to_move() == 1
    table.play("red Reverse")
    assert table.to_move() == 0
    assert table.view["direction"] == Direction.COUNTERCLOCKWISE


def test_a_reverse_sends_play_back_and_on_in_the_new_direction() -> None:
    """The rulebook: "The previous player goes again, and play continues in that direction": with
    four players, after seat 1's Reverse come seats 0, 3 and 2, until another Reverse."""
    table = Table([FILLER, ["red Reverse", *FILLER2[:3]], FILLER3, FILLER4])
    table.pass_turn()
    table.play("red Reverse")
    movers = []
    for _ in range(4):
        movers.append(table.to_move())
        table.pass_turn()
    assert movers == [0, 3, 2, 1]
    assert table.view["direction"] == Direction.COUNTERCLOCKWISE


@pytest.mark.parametrize(("rule", "next_seat"), [("no_skip", 1), ("skip", 0)])
def test_reverse_with_two_players(rule: str, next_seat: int) -> None:
    table = Table([["red Reverse", *FILLER[:3]], FILLER2], two_player_reverse=rule)
    table.play("red Reverse")
    assert table.to_move() == next_seat


def test_draw_2_makes_the_next_player_draw_two_then_play() -> None:
    table = Table([["red Draw 2", *FILLER[:3]], FILLER2, FILLER3])
    table.play("red Draw 2")
    assert table.to_move() == 1
    assert table.view["draws_owed"] == 2
    # The owed draws come first.
    assert "first draw" in table.refuse(card("green Will"))
    table.draw("red Mike")
    table.draw("blue Mike", deck="B")
    assert table.view["draws_owed"] == 0
    assert table.to_move() == 1
    assert table.plays() == {"play red Mike"}


def test_a_demogorgon_drawn_for_a_draw_2_counts_as_one_of_the_two() -> None:
    table = Table([["red Draw 2", *FILLER[:3]], FILLER2])
    table.play("red Draw 2")
    table.draw("Demogorgon")
    table.draw("blue Mike")
    assert table.view["demogorgons"] == 1
    assert table.view["draws_owed"] == 0
    assert len(table.hand(1)) == 5
    assert table.to_move() == 1


def test_a_demogorgon_as_first_draw_is_set_aside_and_you_draw_again() -> None:
    table = Table([FILLER, FILLER2])
    table.draw("Demogorgon")
    assert table.view["demogorgons"] == 1
    assert len(table.hand(0)) == 4
    assert table.to_move() == 0
    table.draw("red Will")
    assert table.plays() == {"play red Will"}
    table.play("red Will")
    assert table.to_move() == 1


def test_a_demogorgon_as_second_draw_ends_the_turn() -> None:
    table = Table([FILLER, FILLER2])
    table.draw("blue Mike")
    table.draw("Demogorgon")
    assert table.to_move() == 1
    assert table.view["demogorgons"] == 1


def test_the_fourth_demogorgon_ends_the_game_and_nobody_escaped() -> None:
    table = Table([FILLER, FILLER2])
    table.draw("Demogorgon")
    table.draw("Demogorgon")  # seat 0: two draws, turn over
    table.draw("Demogorgon")
    assert not table.state.is_terminal()
    table.draw("Demogorgon")
    assert table.view["demogorgons"] == 4
    assert table.state.current_player() == TERMINAL
    assert table.state.returns() == [0.0, 0.0]
    assert table.view["winners"] == []


def test_portal_flips_only_its_player() -> None:
    table = Table([["Portal", *FILLER[:3]], FILLER2, FILLER3])
    table.play("Portal", announce="red")
    assert table.view["sides"] == [UP, DOWN, DOWN]


def test_all_players_rift_flips_everyone_including_its_player() -> None:
    table = Table([["Portal", *FILLER[:3]], ["All-Players Rift", *FILLER2[:3]], FILLER3])
    table.play("Portal", announce="red")
    table.play("All-Players Rift", announce="green")
    assert table.view["sides"] == [DOWN, UP, UP]


# --- escaping ---------------------------------------------------------------------------------


def _escape_seat_0() -> Table:
    """Seat 0 flips Right Side Up with a Portal, then sheds its last three cards."""
    hand0 = ["Portal", "red Mike", "red Jonathan", "red Dustin"]
    table = Table([hand0, FILLER2, FILLER3], start="yellow Dustin")
    table.play("Portal", announce="red")
    for card_name in hand0[1:]:
        table.pass_turn()
        table.pass_turn()
        table.play(card_name)
    return table


def test_last_card_played_right_side_up_escapes_and_play_continues() -> None:
    table = _escape_seat_0()
    assert table.view["escaped"] == [True, False, False]
    assert table.to_move() == 1
    # Seat 0 has left the turn order: after seats 1 and 2 comes seat 1 again.
    table.pass_turn()
    table.pass_turn()
    assert table.to_move() == 1


def test_escaped_players_are_not_flipped_by_a_rift_and_win() -> None:
    table = _escape_seat_0()
    table.draw("All-Players Rift")
    table.play("All-Players Rift", announce="red")
    assert table.view["sides"][0] == UP
    while not table.state.is_terminal():
        table.draw("Demogorgon")
    assert table.state.returns() == [1.0, 0.0, 0.0]
    assert table.view["winners"] == [0]


def test_right_side_up_but_holding_cards_when_the_demogorgon_attacks_loses() -> None:
    """Both tasks are needed: a player Right Side Up who still has cards is not safe."""
    table = Table([["Portal", *FILLER[:3]], FILLER2])
    table.play("Portal", announce="red")  # seat 0 Right Side Up, three cards left
    while not table.state.is_terminal():
        table.draw("Demogorgon")
    assert table.view["sides"] == [UP, DOWN] and table.view["hand_sizes"][0] == 3
    assert table.view["escaped"] == [False, False]
    assert table.state.returns() == [0.0, 0.0] and table.view["winners"] == []


RED_HAND = ["red Mike", "red Jonathan", "red Dustin", "red Nancy"]
"""Red cards whose characters are in no filler hand."""


def test_last_card_played_upside_down_does_not_escape() -> None:
    table = Table([RED_HAND, FILLER2])
    for card_name in RED_HAND[:3]:
        table.play(card_name)
        table.pass_turn()
    table.play(RED_HAND[3])
    assert table.view["hand_sizes"][0] == 0
    assert table.view["escaped"] == [False, False]
    table.pass_turn()
    # Seat 0, empty-handed and Upside Down, keeps taking turns: it must draw.
    assert table.to_move() == 0
    assert table.plays() == {"draw from deck A", "draw from deck B"}


def test_a_last_card_that_flips_you_upside_down_does_not_escape() -> None:
    table = Table([["Portal", "Portal", "red Mike", "red Jonathan"], FILLER2])
    table.play("Portal", announce="red")  # Right Side Up
    for card_name in ("red Mike", "red Jonathan"):
        table.pass_turn()
        table.play(card_name)
    table.pass_turn()
    table.play("Portal", announce="red")  # last card, flips back to the Upside Down
    assert table.view["sides"][0] == DOWN
    assert table.view["escaped"] == [False, False]


def test_an_empty_handed_player_flipped_right_side_up_by_a_rift_escapes() -> None:
    table = Table([RED_HAND, FILLER2])
    for card_name in RED_HAND[:3]:
        table.play(card_name)
        table.pass_turn()
    table.play(RED_HAND[3])  # empty-handed, still Upside Down
    table.draw("All-Players Rift")
    table.play("All-Players Rift", announce="green")
    assert table.view["escaped"] == [True, False]
    assert table.view["sides"] == [UP, UP]
    assert table.to_move() == 1


def test_barb_never_leaves_the_upside_down() -> None:
    table = Table(
        [["Portal", "red Will", "red Mike", "red Lucas"], FILLER],
        start="yellow Dustin",
        characters="choose",
    )
    assert table.view["characters"][0] == Character.WILL
    scenario = Scenario("eggo", players=2).do("choose Barb", "choose Will")
    scenario.chance("yellow Dustin")
    for k in range(4):
        scenario.chance(["Portal", "red Will", "red Mike", "red Lucas"][k], FILLER[k])
    scenario.do("play Portal, announce yellow")
    assert read(scenario.obs(None))["sides"][0] == DOWN


def test_the_game_ends_when_nobody_is_left_in_play() -> None:
    hand = ["Portal", "red Will", "red Mike", "red Lucas"]
    table = Table([hand, ["All-Players Rift", "red Eleven", "red Joyce", "red Nancy"]])
    table.play("Portal", announce="red")  # seat 0 Right Side Up
    table.play("All-Players Rift", announce="blue")  # seat 0 Upside Down, seat 1 Right Side Up
    table.draw("Portal")
    table.play("Portal", announce="red")  # seat 0 Right Side Up again
    for theirs, mine in zip(["red Eleven", "red Joyce", "red Nancy"], hand[1:], strict=True):
        table.play(theirs)
        table.play(mine)
    assert table.state.is_terminal()
    assert table.state.returns() == [1.0, 1.0]


# --- rejections ---------------------------------------------------------------------------------


def test_playing_a_card_you_do_not_hold_is_rejected_with_its_reason() -> None:
    table = Table([FILLER, FILLER2])
    assert "you do not hold red Mike" in table.refuse(card("red Mike"))


def test_playing_a_card_that_does_not_match_is_rejected_with_its_reason() -> None:
    table = Table([["red Will", *FILLER[:3]], FILLER2])
    assert "yellow Will does not match the top card" in table.refuse(card("yellow Will"))


def test_a_chance_outcome_not_in_the_deck_is_rejected() -> None:
    table = Table([FILLER, ["yellow Will", *FILLER2[1:]]])  # both yellow Wills are dealt
    table.do("draw from deck A")
    assert "no yellow Will is left in the deck" in table.refuse(card("yellow Will"))


def test_non_int_actions_are_rejected() -> None:
    table = Table([["red Will", *FILLER[:3]], FILLER2])
    for bad in (True, 0.0, "0"):
        assert "an action is an integer" in table.refuse(bad)


def test_no_action_after_the_game_is_over() -> None:
    table = Table([FILLER, FILLER2])
    while not table.state.is_terminal():
        table.draw("Demogorgon")
    with pytest.raises(IllegalActionError, match="game is over"):
        table.state.apply_action(DRAW_A)


# --- parameters -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"players": 7}, "'players' takes an integer from 2 to 6; got 7"),
        ({"players": 1}, "'players' takes an integer from 2 to 6"),
        ({"players": "four"}, "'players'"),
        ({"characters": "random"}, "'characters' takes one of 'choose', 'assigned'"),
        ({"two_player_reverse": True}, "'two_player_reverse'"),
        ({"colour": "red"}, "unknown parameter 'colour'"),
    ],
)
def test_bad_parameters_name_the_parameter(params: dict[str, object], message: str) -> None:
    with pytest.raises(ParameterError, match=message):
        roost.load_game("eggo", **params)


def test_parameters_from_the_command_line_are_parsed() -> None:
    game = roost.load_game("eggo", players="3", two_player_reverse="skip")
    assert game.num_players == 3 and game.params["two_player_reverse"] == "skip"


def test_demogorgon_is_card_type_46() -> None:
    assert CARD_NAMES[DEMOGORGON] == "Demogorgon"
