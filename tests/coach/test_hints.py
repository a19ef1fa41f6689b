"""Hints (`roost.coach.hints`): the search's best moves for the seat to move, from the seat's
information only: the same hint in every deal the seat cannot tell from the real one."""

from __future__ import annotations

import random

import pytest

from roost.bots import make_bot
from roost.coach.hints import hint
from roost.coach.review import MoveEstimate
from roost.core.errors import RoostError
from roost.core.registry import load_game, registered_games
from roost.core.state import State
from roost.core.view import SeatView
from roost.i18n import translations


def a_decision(name: str, seed: int) -> State:
    """A state of a game of heuristic bots where the seat to move has a choice, past the
    opening."""
    game = load_game(name, players=3)
    bots = [make_bot("medium", game, seat) for seat in range(3)]
    rng = random.Random(seed)
    state = game.new_initial_state()
    choices = 0
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            state.apply_action(state.sample_chance(rng))
            continue
        if len(state.legal_actions()) > 1:
            choices += 1
            if choices == 6:
                return state
        state.apply_action(bots[player].choose(SeatView(state, player)))
    raise AssertionError("no sixth decision")


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_a_hint_is_the_same_in_every_deal_the_seat_cannot_tell_apart(name: str) -> None:
    state = a_decision(name, seed=3)
    seat = state.current_player()
    real = hint(state, seat, iterations=150, seed=9)
    others = [state.resample_from_infostate(seat, random.Random(k)) for k in range(3)]
    assert any(other != state for other in others), "the test would prove nothing"
    for other in others:
        assert hint(other, seat, iterations=150, seed=9) == real
    assert real.moves and real.best.action in state.legal_actions()
    assert all(0.0 <= move.value <= 1.0 for move in real.moves)
    assert [m.visits for m in real.moves] == sorted((m.visits for m in real.moves), reverse=True)


def test_a_hint_is_for_the_seat_to_move_only() -> None:
    state = a_decision("egg-bound", seed=1)
    other = (state.current_player() + 1) % 3
    with pytest.raises(RoostError, match="no decision to make now"):
        hint(state, other, iterations=10)


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_a_hints_moves_carry_their_messages(name: str) -> None:
    """Each move of a hint carries its message beside its text (the page says it in its
    reader's language); the message's English is the text, and it survives the JSON."""
    state = a_decision(name, 3)
    seat = state.current_player()
    found = hint(state, seat, iterations=30, seed=1)
    spanish = translations("es")
    for move in found.moves:
        assert move.msg is not None
        said = state.action_to_message(move.action, seat)
        assert said.to_json() == move.msg and said.english() == move.text
        assert MoveEstimate.from_json(move.to_json()) == move
    assert any(
        state.action_to_message(m.action, seat).render(spanish) != m.text for m in found.moves
    )
