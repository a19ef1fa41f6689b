"""Manda Huevos! beyond the defaults: the conformance suite on the Quick Game, memory mode, the
draw after the last egg and a small deck that runs out (dead ends), and the terminal renderer on
every kind of observation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from rich.console import Console

import roost
from roost.cli.render import renderer_for
from roost.core.game import OMNISCIENT, Game
from roost.games.manda_huevos.actions import Phase, place_id, toggle_id
from roost.testing.conformance import check_game, random_playthrough


def _label(params: dict[str, Any]) -> str:
    return ",".join(f"{key}={value}" for key, value in params.items())


VARIANTS: list[dict[str, Any]] = [
    {"quick": True},
    {"memory": True},
    {"memory": True, "quick": True},
    {"egg_values": "1-9x2"},  # 18 eggs: the deck runs out, players pass
    {"egg_values": "0-3x5", "memory": True},
    {"final_draw": True},
    {"final_draw": True, "quick": True, "memory": True},
]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("params", VARIANTS, ids=_label)
def test_variants_conform(params: dict[str, Any], players: int) -> None:
    game = roost.load_game("manda-huevos", players=players, **params)
    check_game(game, seeds=[players * 10 + k for k in range(2)])


def test_memory_mode_declares_imperfect_recall() -> None:
    assert roost.load_game("manda-huevos").perfect_recall is True
    assert roost.load_game("manda-huevos", memory=True).perfect_recall is False


def test_a_small_deck_ends_with_a_round_of_passes() -> None:
    game = roost.load_game("manda-huevos", players=4, egg_values="1-9x2")
    for seed in range(5):
        *_, last = random_playthrough(game, seed)
        obs = last.state.observation(None)
        assert obs["passes_in_a_row"] == 4
        assert obs["deck"] == 0 and obs["hand_sizes"] == [0, 0, 0, 0]


def _text(game: Game, obs: Mapping[str, Any]) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(renderer_for(game)(game, obs))
    return console.export_text()


@pytest.mark.parametrize("memory", [False, True])
def test_the_renderer_draws_every_phase_for_every_viewer(memory: bool) -> None:
    game = roost.load_game("manda-huevos", players=3, memory=memory)
    phases = set()
    for seed in range(3):
        for step in random_playthrough(game, seed):
            state = step.state
            if step.index % 5 and not state.is_terminal():
                continue
            for viewer in (None, 0, 1, 2, OMNISCIENT):
                obs = state.observation(viewer)
                phases.add(obs["phase"])
                text = _text(game, obs)
                assert "Containers" in text
                if viewer in (0, 1, 2) and not state.is_terminal():
                    assert "Your hand" in text
                if state.is_terminal():
                    assert "Winner" in text
    assert {Phase.TURN, Phase.OVER} <= phases


def test_the_renderer_marks_sleeping_eggs_and_hides_them_in_memory_mode() -> None:
    for memory, shown in ((False, "z9"), (True, "zz")):
        game = roost.load_game("manda-huevos", players=2, memory=memory)
        # Deal P0 9, 1, 2 and P1 4, 5, 6; P0 places its 9 and draws a 3; P1 puts it to sleep.
        state = game.state_from_history([9, 4, 1, 5, 2, 6, place_id(0, 9), 3, toggle_id(0)])
        text = _text(game, state.observation(0))
        assert shown in text
        assert ("+ 1?" in text) is memory
