"""`Game.narrate`: the events a player would say aloud, from a viewer's observations only.

Resampling what a seat cannot see (other hands, the decks) gives the same lines, action by
action, in English and in Spanish (the lines `Game.narrate_messages` renders with the Spanish
catalogue); each game narrates the events a newcomer needs (an escape, a Round over, a Duck's
flip, the end)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

import roost
from roost.bots import make_bot
from roost.core.game import CHANCE, Game, _narrator
from roost.core.state import State
from roost.core.view import SeatView
from roost.i18n import translations

GAMES = list(roost.registered_games())


def _variants(name: str) -> list[dict[str, Any]]:
    cls = roost.registered_games()[name]
    return [{}, *[dict(v) for v in cls.golden_variants]]


CASES = [
    pytest.param(name, params, id=f"{name}-{i}")
    for name in GAMES
    for i, params in enumerate(_variants(name))
]


def _play(game: Game, seed: int) -> State:
    """A game between heuristic bots (they reach the interesting events)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    bots = [make_bot("heuristic", game, seed * 10 + seat) for seat in range(game.num_players)]
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(bots[player].choose(SeatView(state, player)))
    return state


def _told(
    game: Game, history: list[int], viewer: int | None, language: str = "en"
) -> list[list[str]]:
    """The lines `viewer` is told after each action of `history`, in `language` (English is
    `Game.narrate`; another language renders `Game.narrate_messages` with its catalogue)."""
    state = game.new_initial_state()
    before: Mapping[str, Any] = state.observation(viewer)
    catalogue = translations(language)
    told = []
    for action in history:
        state.apply_action(action)
        after = state.observation(viewer)
        if language == "en":
            told.append(game.narrate(before, after))
        else:
            said = game.narrate_messages(before, after)
            told.append([line.render(catalogue) for line in said])
        before = after
    return told


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize(("name", "params"), CASES)
def test_narration_depends_only_on_what_the_viewer_sees(
    name: str, params: dict[str, Any], language: str
) -> None:
    game = roost.load_game(name, **{"players": 3, **params})
    if not game.perfect_recall:
        pytest.skip("a memory variant may rewrite the past a seat was shown")
    rng = random.Random(5)
    for seed in (1, 2):
        state = _play(game, seed)
        history = state.history()
        cut = history[: len(history) * 2 // 3]
        middle = game.state_from_history(cut)
        for where in (middle, state):
            for seat in range(game.num_players):
                other = where.resample_from_infostate(seat, rng)
                assert other.history() != where.history() or where.is_terminal()
                resampled = _told(game, other.history(), seat, language)
                assert resampled == _told(game, where.history(), seat, language)
        spectator = _told(game, history, None, language)
        assert any(spectator), "nothing was narrated in a whole game"


EXPECTED = {
    "eggo": ("escaped", "Demogorgon 1 of 4 is out", "Game over"),
    "big-chicken": (
        "Round 1 is over",
        "The Duck flips the direction",
        "wins the Run;",
        "is the Golden Egg",
    ),
    "manda-huevos": ("has used all three action cards", "Game over", "container is full"),
    "egg-bound": ("took a Good Egg", "wins"),
}


@pytest.mark.parametrize("name", GAMES)
def test_each_game_says_what_happened(name: str) -> None:
    game = roost.load_game(name)
    lines: list[str] = []
    for seed in range(4):
        state = _play(game, seed)
        lines += [line for step in _told(game, state.history(), 0) for line in step]
    text = "\n".join(lines)
    for words in EXPECTED.get(name, ()):
        assert words in text, f"{name} never says {words!r}"
    assert all(line and "\n" not in line for line in lines)


def test_a_game_without_narration_says_nothing() -> None:
    class Quiet:  # a stand-in class: its package (tests) has no views module
        @classmethod
        def package(cls) -> str:
            return "tests.nowhere"

    assert _narrator(Quiet) is None


def test_narration_takes_observations_from_json() -> None:
    """The server sends observations as JSON; narration reads them the same way."""
    import json

    game = roost.load_game("eggo", players=2)
    state = _play(game, 3)
    history = state.history()
    replay = game.new_initial_state()
    for action in history:
        before = replay.observation(0)
        replay.apply_action(action)
        after = replay.observation(0)
        plain = game.narrate(json.loads(json.dumps(before)), json.loads(json.dumps(after)))
        assert plain == game.narrate(before, after)
