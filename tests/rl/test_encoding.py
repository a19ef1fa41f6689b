"""Observation tensors: documented field by field, a function of the observation only, and
every field varies over random games."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import random
from array import array
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import roost
from roost.core.game import Game
from roost.core.registry import registered_games
from roost.core.state import State
from roost.rl.encoding import (
    Tensor,
    add_counts,
    add_counts_row,
    count_into,
    encoder_for,
    encoding_for,
    sums,
    viewed,
    zero_row,
)

GAMES = sorted(registered_games())

# Configurations in which every field can show what it holds: the defaults at every player
# count, and the variants whose fields stay constant otherwise (penalties need strict Last
# Egg, passes a short deck, hidden values memory mode, known piles the rulebook's turn-over).
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "eggo": [
        {"characters": "assigned"},
        {"two_player_reverse": "skip", "players": 2},
        {"players": 3, "own_cards": "draw:3x2/draw:1/draw:4"},
    ],
    "manda-huevos": [
        {"memory": True},
        {"egg_values": "1-3x2", "players": 2},
        {"quick": True},
        {"players": 2, "own_cards": "move:2/swap:1/sleep:2/take:1"},
    ],
    "egg-bound": [
        {"reshuffle": "shuffle"},
        {"players": 3, "own_cards": "chicken:4-4-2x3/chicken:1-3-4x2", "copies": "egg-card:16"},
    ],
    "big-chicken": [
        {"last_egg": "strict", "catch_penalty": 5, "rounds": 2},
        {"players": 2, "rounds": 2},
    ],
}


def random_states(game: Game, games: int, seed: int) -> Iterator[State]:
    """Every node of `games` uniformly random games (the states are clones)."""
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        while True:
            yield state.clone()
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])


def configs(name: str) -> list[Game]:
    cls = registered_games()[name]
    counts = range(cls.min_players, cls.max_players + 1)
    return [roost.load_game(name, players=n) for n in counts] + [
        roost.load_game(name, **params) for params in VARIANTS[name]
    ]


@pytest.mark.parametrize("name", GAMES)
def test_the_docstring_table_is_the_layout(name: str) -> None:
    encoder = encoder_for(registered_games()[name])
    module = f"roost.rl.encoders.{registered_games()[name].folder()}"
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None
    # read from the source: a module compiled by mypyc has no __doc__
    source = Path(spec.origin).with_name(module.rpartition(".")[2] + ".py")
    doc = ast.get_docstring(ast.parse(source.read_text()))
    assert doc is not None
    assert encoder.table() in doc, f"regenerate the table of {module}"


@pytest.mark.parametrize("name", GAMES)
def test_the_tensor_depends_on_the_observation_only(name: str) -> None:
    """Resampling what a seat cannot see never changes its tensor; a JSON round trip of the
    observation does not either; every entry lies in [0, 1]."""
    rng = random.Random(5)
    for game in configs(name)[:5]:
        encoding = encoding_for(game)
        for index, state in enumerate(random_states(game, 2, seed=game.num_players)):
            if index % 7 or (state.is_terminal() and index % 2):
                continue
            for seat in range(game.num_players):
                obs = state.observation(seat)
                tensor = encoding.encode(obs)
                assert tensor.shape == (encoding.size,) and tensor.dtype == np.float32
                assert tensor.min() >= 0.0 and tensor.max() <= 1.0
                other = state.resample_from_infostate(seat, rng)
                assert np.array_equal(encoding.encode(other.observation(seat)), tensor)
                assert np.array_equal(encoding.encode(json.loads(json.dumps(obs))), tensor)


@pytest.mark.parametrize("name", GAMES)
def test_the_state_writer_writes_the_observation_tensor(name: str) -> None:
    """`encode_state` (the envs' path, straight from the state where the encoder has a state
    writer) gives exactly the tensor of the seat's observation, at every node and seat of
    random games in every configuration: it shows no more than the observation does."""
    for game in configs(name):
        encoding = encoding_for(game)
        for state in random_states(game, 3, seed=game.num_players + 11):
            for seat in range(game.num_players):
                expected = encoding.encode(state.observation(seat))
                got = encoding.encode_state(state, seat)
                assert got.dtype == np.float32
                assert got.tobytes() == expected.tobytes(), f"{game}: seat {seat} differs"


@pytest.mark.parametrize("name", GAMES)
def test_every_field_varies(name: str) -> None:
    """Each field takes two different values in some configuration's random games."""
    varied: set[str] = set()
    for game in configs(name):
        encoding = encoding_for(game)
        first: dict[str, Tensor] = {}
        rng = random.Random(1)
        for index, state in enumerate(random_states(game, 6, seed=game.num_players)):
            if index % 3 and not state.is_terminal():
                continue
            tensor = encoding.encode(state.observation(rng.randrange(game.num_players)))
            for spec in encoding.encoder.fields:
                value = encoding.field(tensor, spec.name)
                if not np.array_equal(first.setdefault(spec.name, value), value):
                    varied.add(spec.name)
    constant = [spec.name for spec in encoder_for(game).fields if spec.name not in varied]
    assert not constant, f"{name}: these fields never vary over random games: {constant}"


def test_a_spectator_has_no_tensor() -> None:
    game = roost.load_game("eggo")
    with pytest.raises(roost.RoostError):
        encoding_for(game).encode(game.new_initial_state().observation(None))


def test_native_row_counts_are_the_float32_sums() -> None:
    """`count_into` and `add_counts_row` leave in a `Row` (float64, cast to float32 once) the
    bits `add_counts` and ``+=`` leave in an ``array("f")``: short lists summed in float32,
    long ones ``count * share``; the entries around the block stay as they were."""
    share = 1 / 3  # 5 copies summed in float32 are not 5/3 rounded once: the paths differ
    assert np.float32(sums(5, share)[5]) != np.float32(5 * share)
    copies = sums(40, share)
    rng = random.Random(3)
    hands = [[rng.randrange(1, 4) for _ in range(length)] for length in (0, 1, 5, 15, 16, 40)]
    for cards in [*hands, [2] * 5 + [3] * 8]:  # (the last: 5 and 8 copies, where sums differ)
        length = len(cards)
        expected = array("f", bytes(4 * 12))
        expected[0] = expected[11] = 0.5
        add_counts(expected, 1, 9, cards, share)
        row = zero_row(12)
        row[0] = row[11] = 0.5
        add_counts_row(row, 1, cards, copies, share)
        got = viewed(row, np.float64).astype(np.float32)
        assert got.tobytes() == np.frombuffer(expected, np.float32).tobytes(), length
        if length < 16:
            summed = array("f", bytes(4 * 12))
            for card in cards:
                summed[1 + card] += share
            row = zero_row(12)
            count_into(row, 1, cards, copies)
            got = viewed(row, np.float64).astype(np.float32)
            assert got.tobytes() == np.frombuffer(summed, np.float32).tobytes(), length
