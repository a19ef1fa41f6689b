"""Choosing step by step (`StepChooser`) and naming seats (`SeatNames`)."""

from __future__ import annotations

import random

import pytest

import roost
from roost.cli.chooser import StepChooser
from roost.cli.names import SeatNames, parse_names
from roost.core.errors import RoostError
from roost.testing.conformance import random_playthrough

GAMES = list(roost.registered_games())


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_is_reached_step_by_step_in_a_screenful(name: str) -> None:
    """At every decision of random games: following each option's path ends on exactly the
    legal actions, no prompt offers more than 45 options (three columns of a screen), and a
    forced step is taken without asking."""
    game = roost.load_game(name)
    widest = 0
    for seed in range(3):
        for step in random_playthrough(game, seed):
            state = step.state
            if state.is_terminal() or state.is_chance_node() or step.index % 3:
                continue
            seat = state.current_player()
            infos = state.legal_action_infos(seat)
            reached: set[int] = set()

            def walk(chooser: StepChooser, depth: int, reached: set[int] = reached) -> None:
                nonlocal widest
                options = chooser.options()
                widest = max(widest, len(options))
                assert len(options) > 1 or options[0].action is not None
                for index, option in enumerate(options):
                    if option.action is not None:
                        assert option.action not in reached
                        reached.add(option.action)
                        continue
                    done = chooser.pick(index)
                    if done is not None:  # the one way on, taken without asking
                        assert done not in reached
                        reached.add(done)
                    else:
                        walk(chooser, depth + 1, reached)
                    chooser.back()
                    assert len(chooser.path) <= depth + sum(chooser.forced)

            walk(StepChooser(infos), 0)
            assert reached == {info.action for info in infos}
    assert widest <= 45


def test_back_undoes_the_last_real_choice() -> None:
    game = roost.load_game("manda-huevos", players=2)
    rng = random.Random(1)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    chooser = StepChooser(state.legal_action_infos(0))
    assert chooser.back() is False
    first = [option.step for option in chooser.options()]
    assert chooser.pick(0) is None
    assert chooser.path and chooser.path[0] == first[0]
    assert chooser.back() is True
    assert chooser.path == [] and [o.step for o in chooser.options()] == first


def test_a_single_move_is_forced() -> None:
    game = roost.load_game("eggo", players=2)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    chooser = StepChooser(state.legal_action_infos(1))
    assert chooser.only is None
    infos = state.legal_action_infos(1)
    assert StepChooser(infos[:1]).only == infos[0].action


def test_names_say_you_to_the_viewer_and_names_to_the_rest() -> None:
    names = SeatNames(("Ana", "Bo", "Cy"), viewer=0)
    assert names.say("P0 draws red Will from deck A") == "You draw red Will from deck A"
    assert names.say("P1 draws a card") == "Bo draws a card"
    assert names.say("P0 is dealt a card") == "You are dealt a card"
    assert names.say("egg 7 (P0's slot 3)") == "egg 7 (your slot 3)"
    assert names.say("P0's container is full") == "Your container is full"
    assert names.say("take a Good Egg from P0") == "take a Good Egg from you"
    assert names.say("Everyone else clucked: P0 wins the Run") == (
        "Everyone else clucked: you win the Run"
    )
    assert names.say("(P0 -> P1 -> P2)") == "(you -> Bo -> Cy)"
    assert names.say("P7 is not here") == "P7 is not here"
    assert names.say("P0 wins and takes a Good Egg from P1") == (
        "You win and take a Good Egg from Bo"
    )
    assert names.say("P1 wins and takes a Good Egg from P0") == (
        "Bo wins and takes a Good Egg from you"
    )
    assert names.seat(0) == "You" and names.seat(2) == "Cy"
    assert names.mover_says(1, "give your best card, Duck") == "give their best card, Duck"
    assert names.mover_says(0, "give your best card, Duck") == "give your best card, Duck"
    assert names.mover_says(2, "place egg 3 in P0's container") == "place egg 3 in your container"
    assert names.mover_says(2, "place no Chicken (you hold none)") == (
        "place no Chicken (they hold none)"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("A,B", "gives 2 names"),
        ("A,a,B", "same name"),
        ("you,B,C", "kept for the person"),
        ("A\x1b[2J,B,C", "cannot be shown"),
    ],
)
def test_bad_names(text: str, message: str) -> None:
    with pytest.raises(RoostError, match=message):
        parse_names(text, 3)
    assert parse_names("Ana,,Cy", 3) == ["Ana", "", "Cy"]
