"""Every game registered with OpenSpiel passes its random simulation test, and OpenSpiel's
ISMCTS bot plays whole games through the registration."""

from __future__ import annotations

import pickle
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from roost.core.registry import registered_games  # noqa: E402
from roost.rl.openspiel import register, short_name  # noqa: E402

# Small configurations keep the Python-game simulations short.
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("roost_eggo", {"players": 3}),
    ("roost_manda_huevos", {"players": 2}),
    ("roost_egg_bound", {"players": 3, "max_turns": 40}),
    ("roost_big_chicken", {"players": 3, "rounds": 1, "last_egg": "strict"}),
]

OWN_CARDS: list[tuple[str, dict[str, Any]]] = [
    ("roost_manda_huevos", {"players": 2, "own_cards": "move:2/take:1/egg:12x2"}),
    ("roost_eggo", {"players": 3, "own_cards": "draw:3x2/draw:1"}),
    (
        "roost_egg_bound",
        {
            "players": 3,
            "max_turns": 40,
            "own_cards": "chicken:4-4-2x2:Big_Red/chicken:1-3-4",
            "copies": "egg-card:18",
        },
    ),
]
"""Manda Huevos! with its own cards: a game with more action ids (the own cards' uses), an
extra phase and eggs of a new value, its deck in the game string; Eggo with own Draw N cards
(more card types, chance outcomes and play ids); Egg Bound with two own Chickens (action ids
after the printed 178, a named one)."""


def test_every_game_is_registered() -> None:
    names = register()
    assert names == sorted(name for name, _ in CONFIGS)
    assert set(names) <= set(pyspiel.registered_names())
    game = pyspiel.load_game("roost_big_chicken")
    assert game.num_players() == 4 and game.num_distinct_actions() == 1380
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


@pytest.mark.parametrize(("name", "params"), CONFIGS + OWN_CARDS)
def test_random_simulation(name: str, params: dict[str, Any]) -> None:
    register()
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def _variants() -> list[tuple[str, dict[str, Any]]]:
    """Every game with its defaults and with each of its golden variants."""
    found: list[tuple[str, dict[str, Any]]] = []
    for name, cls in sorted(registered_games().items()):
        for variant in [{}, *cls.golden_variants]:
            found.append((short_name(name), dict(variant)))
    return found


VARIANTS = _variants() + OWN_CARDS


def _played(game: Any, steps: int, seed: int) -> Any:
    """A state `steps` actions (chance included) into a random game, or its end."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history()) < steps:
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize(("name", "params"), CONFIGS + OWN_CARDS)
def test_random_simulation_with_serialization(name: str, params: dict[str, Any]) -> None:
    """OpenSpiel's own test serializes and deserializes the state after every action (through
    the game string, so a parameter value holding a comma fails it) and checks the copy."""
    register()
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "params"), VARIANTS)
def test_game_string_serialization_and_pickling_round_trip(
    name: str, params: dict[str, Any]
) -> None:
    """The game string loads the same game; a mid-game state comes back through
    ``serialize_game_and_state`` and through pickle (what multiprocessing, Ray and
    checkpoints use) with its history, player and information states; so does the game."""
    register()
    game = pyspiel.load_game(name, params)
    assert pyspiel.load_game(str(game)) == game
    state = _played(game, 60, 0)
    copies = [
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state)),
        pickle.loads(pickle.dumps((game, state))),
    ]
    for other_game, other in copies:
        assert other_game == game and str(other_game) == str(game)
        assert other.history() == state.history()
        assert other.current_player() == state.current_player()
        assert str(other) == str(state)
        for seat in range(game.num_players()):
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.observation_tensor(seat) == state.observation_tensor(seat)
    alone = pickle.loads(pickle.dumps(game))
    assert alone == game and alone.new_initial_state().history() == []
    assert pickle.loads(pickle.dumps(state)).history() == state.history()


def test_a_pickled_state_plays_on_independently() -> None:
    register()
    game = pyspiel.load_game("roost_eggo", {"players": 3})
    state = _played(game, 30, 1)
    copy = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    copy.apply_action(copy.legal_actions()[0])
    assert len(copy.history()) == len(state.history()) + 1
    assert copy.history()[:-1] == state.history()


def test_a_fresh_process_unpickles_a_game_and_state_without_registering() -> None:
    """What a multiprocessing or Ray worker does: only ``pickle.loads``, nothing imported or
    registered first."""
    register()
    game = pyspiel.load_game("roost_big_chicken", {"players": 3, "rounds": 1})
    state = _played(game, 50, 2)
    code = (
        "import pickle, sys\n"
        "game, state = pickle.loads(sys.stdin.buffer.read())\n"
        "print(str(game), len(state.history()), state.information_state_string(1) != '')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        input=pickle.dumps((game, state)),
        capture_output=True,
        check=True,
        timeout=120,
    )
    assert done.stdout.decode().split() == [str(game), str(len(state.history())), "True"]


@pytest.mark.parametrize(("name", "params"), CONFIGS)
def test_ismcts_plays_whole_games(name: str, params: dict[str, Any]) -> None:
    """OpenSpiel's ISMCTS checks at every simulation that the resampled state has the same
    information state as the real one (its `assert root_infostate_key == ...`)."""
    register()
    game = pyspiel.load_game(name, {**params, "players": 2})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng)
        for _ in range(2)
    ]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert len(state.returns()) == 2


def test_tensors_strings_and_resampling() -> None:
    register()
    game = pyspiel.load_game("roost_eggo", {"players": 3})
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    while state.is_chance_node() or state.current_player() != 1 or len(state.history()) < 40:
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    tensor = np.array(state.observation_tensor(1))
    assert tensor.shape == (game.observation_tensor_size(),)
    infostate = state.information_state_string(1)
    other = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(1) == infostate
    assert np.array_equal(np.array(other.observation_tensor(1)), tensor)
    assert other.observation_string(1) == state.observation_string(1)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.information_state_string(1) == infostate


@pytest.mark.parametrize(("name", "params"), VARIANTS)
def test_information_state_tensors_have_perfect_recall(name: str, params: dict[str, Any]) -> None:
    """The tensor tells apart exactly what the information-state string does: equal for a
    state and its resamples (histories the seat cannot tell apart: other seats' cards dealt
    differently), different for any two states whose strings differ (prefixes of one game,
    and other games), over every seat."""
    register()
    game = pyspiel.load_game(name, params)
    assert game.get_type().provides_information_state_tensor
    size = game.information_state_tensor_size()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    by_string: dict[tuple[int, str], bytes] = {}
    by_tensor: dict[tuple[int, bytes], str] = {}
    resampled_equal = 0
    for seed in range(3):
        rng = np.random.RandomState(seed)
        state = game.new_initial_state()
        while True:  # whole games: BIG CHICKEN's exchanges come after its first Round
            steps = len(state.history())
            states = [state] if steps < 60 or steps % 4 == 0 or state.is_terminal() else []
            if not state.is_chance_node() and not state.is_terminal() and steps % 5 == 0:
                seat = state.current_player()
                states += [state, state.resample_from_infostate(seat, sampler)]
            for one in states:
                for seat in range(game.num_players()):
                    string = one.information_state_string(seat)
                    tensor = np.array(one.information_state_tensor(seat), np.float32)
                    assert tensor.shape == (size,)
                    key = tensor.tobytes()
                    assert by_string.setdefault((seat, string), key) == key, string
                    assert by_tensor.setdefault((seat, key), string) == string
            if len(states) > 1 and states[-1] is not state:
                resampled_equal += states[-1].history() != state.history()
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
    assert resampled_equal > 0  # some resample changed the hidden past yet kept the tensor


def test_the_information_state_tensor_hides_what_the_seat_did_not_see() -> None:
    """A resample for seat 0 (other seats' cards changed): seat 0's tensor is the same, the
    others' differ where their strings do; seat 0's blocks mark some steps hidden."""
    register()
    game = pyspiel.load_game("roost_eggo", {"players": 3})
    first = _played(game, 40, 5)
    other = first.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.history() != first.history()
    tensor0 = np.array(first.information_state_tensor(0))
    assert np.array_equal(np.array(other.information_state_tensor(0)), tensor0)
    for seat in (1, 2):  # whoever was dealt other cards sees it
        if other.information_state_string(seat) != first.information_state_string(seat):
            assert not np.array_equal(
                np.array(other.information_state_tensor(seat)),
                np.array(first.information_state_tensor(seat)),
            )
    observation = np.array(first.observation_tensor(0))
    assert np.array_equal(tensor0[-len(observation) :], observation)
    width = 3 + 2 + 6  # who (chance + 3 seats), hidden, 6 bits for 61 actions
    history = tensor0[: len(first.history()) * width].reshape(-1, width)
    assert history[:, :4].sum(axis=1).tolist() == [1.0] * len(first.history())
    assert history[:, 4].any() and not history[:, 4].all()  # some hidden, some seen
    assert not tensor0[len(first.history()) * width : -len(observation)].any()
