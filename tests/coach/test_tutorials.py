"""The tutorials (`roost.coach.tutorials`): every game has one, its script is a legal game that
reaches every rule it lists, each rule at a moment the learner sees, and the learner's scripted
moves are legal and named in the learner's words."""

from __future__ import annotations

import pytest

from roost.coach.tutorials import LEARNER, Rule, tutorial_for, tutorials
from roost.core.errors import RoostError
from roost.core.game import CHANCE
from roost.core.message import plain
from roost.core.registry import registered_games

GAMES = sorted(registered_games())


def test_every_game_has_a_tutorial() -> None:
    assert sorted(tutorials()) == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_the_script_reaches_every_rule_at_a_moment_the_learner_sees(game: str) -> None:
    tutorial = tutorial_for(game)
    assert tutorial is not None
    history = tutorial.history()
    state = tutorial.load().state_from_history(history)  # a legal game
    assert not state.is_terminal(), "the game goes on after the script"
    lessons = tutorial.lessons()
    assert {lesson.rule for lesson in lessons} == {rule.id for rule in tutorial.rules}
    assert len(tutorial.rules) >= 7
    seen = {m.version for m in tutorial.moments()}
    for lesson in lessons:
        assert lesson.version in seen and lesson.version <= len(history)
        assert lesson.text.english() and lesson.title.english()
    replay = tutorial.load().new_initial_state()
    steps = {step.version: step for step in tutorial.steps()}
    assert steps, "the learner does something"
    for version, action in enumerate(history):
        if replay.current_player() == LEARNER:
            assert steps[version].action == action
            assert steps[version].text == replay.action_to_string(action, LEARNER)
            assert steps[version].said == replay.action_to_message(action, LEARNER)
        else:
            assert version not in steps
        replay.apply_action(action)


def test_a_rule_the_script_never_meets_is_an_error() -> None:
    tutorial = tutorial_for("eggo")
    assert tutorial is not None
    broken = type(tutorial)(
        game=tutorial.game,
        params=tutorial.params,
        intro=plain(""),
        outro=plain(""),
        script=tutorial.script,
        rules=(*tutorial.rules[:1], Rule("never", plain("x"), plain("x"), lambda m: False)),
    )
    with pytest.raises(RoostError, match="never reaches 'never'"):
        broken.lessons()


@pytest.mark.parametrize("game", GAMES)
def test_moments_are_decisions_with_the_learner_s_moves(game: str) -> None:
    tutorial = tutorial_for(game)
    assert tutorial is not None
    for moment in tutorial.moments():
        assert moment.to_move != CHANCE
        assert bool(moment.moves) == moment.mine
        assert moment.observation["seat"] == LEARNER
