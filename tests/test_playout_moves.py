"""A game's `playout_move` (the playout policy's move found without listing the legal actions)
is exact: at every decision of seeded games it gives what the playout step it replaces gives,
from the same draws, so a seeded search is the same search with it or without it."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import roost
from roost.bots import search_bot
from roost.core.search import search_hooks
from roost.core.view import SeatView
from roost.testing.conformance import random_playthrough

CASES: list[tuple[str, dict[str, Any]]] = [
    ("big-chicken", {}),
    ("big-chicken", {"players": 2}),
    ("big-chicken", {"players": 6}),
    ("big-chicken", {"players": 3, "copies": "duck=1/eggs-6=2"}),
    ("egg-bound", {}),
    ("egg-bound", {"players": 6, "hand": 3}),
    ("egg-bound", {"players": 3, "hand": 7, "reshuffle": "shuffle"}),
    ("egg-bound", {"players": 2, "composition": "classic-2025"}),
    ("egg-bound", {"own_cards": "chicken:4-4-2x3/chicken:2-1-4:Scrawny", "copies": "chickens:4"}),
    ("eggo", {}),
    ("eggo", {"players": 2}),
    ("eggo", {"players": 5, "copies": "demogorgon=2/portal=1/characters=1", "hand": 6}),
    ("eggo", {"players": 3, "own_cards": "draw:3x2/draw:1"}),
]


def _listed_step(hooks: Any, state: Any, rng: random.Random) -> int:
    """The playout step `playout_move` stands for: the policy at two or more legal actions,
    else the single one, drawn as the search draws it."""
    legal = state._legal_cached()
    if len(legal) > 1:
        return int(hooks.playout_action(state, legal, rng))
    return int(legal[rng.randrange(1)])


@pytest.mark.parametrize(("name", "params"), CASES)
def test_playout_move_is_the_policy_s_move(name: str, params: dict[str, Any]) -> None:
    game = roost.load_game(name, **params)
    hooks = search_hooks(game)
    assert hooks.playout_move is not None
    checked = 0
    for seed in range(5):
        for step in random_playthrough(game, seed):
            if step.state.current_player() < 0:
                continue
            for draw in range(3):
                fast, listed = step.state.clone(), step.state.clone()
                fast.stop_recording()
                listed.stop_recording()
                a, b = random.Random(draw), random.Random(draw)
                assert hooks.playout_move(fast, a) == _listed_step(hooks, listed, b)
                assert a.getstate() == b.getstate()
                checked += 1
    assert checked > 200


@pytest.mark.parametrize("name", sorted({name for name, _ in CASES}))
def test_a_search_is_the_same_with_or_without_playout_move(name: str) -> None:
    game = roost.load_game(name)
    hooks = search_hooks(game)
    without = dataclasses.replace(hooks, playout_move=None)
    steps = [s.state.clone() for s in random_playthrough(game, 4)]
    positions = [s for s in steps if s.current_player() >= 0 and len(s.legal_actions()) > 1]
    for state in positions[:: max(1, len(positions) // 4)][:4]:
        view = SeatView(state, state.current_player())
        roots = [search_bot(game, 7, 300, hooks=h).search(view) for h in (hooks, without)]
        stats = [
            {a: (child.visits, round(child.total, 9)) for a, child in root.children.items()}
            for root in roots
        ]
        assert stats[0] == stats[1]
