"""Decks as data: every game's card counts and hand size are parameters (`copies`, `hand`).

A designer asks for "a hand of 6", "one more Demogorgon", "a card removed" with ``--param`` and
no code change. These tests check that the parameter reaches the deal (cards counted in a fresh
game's full state), that the engine reads the game's deck and not the box's (the end, the views,
the RL tensors), that bad values are clear `ParameterError`s naming the parameter, and that the
parameters are part of the game's identity (repr, pickling). Random games to the end at a
non-default deck: tests/test_conformance.py (`DECK_VARIANTS`)."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any

import pytest
from typer.testing import CliRunner

import roost
from roost.cli.main import app
from roost.core.decks import apply_copies, key_table, parse_copies
from roost.core.errors import IllegalActionError, ParameterError
from roost.core.game import OMNISCIENT, Game
from roost.core.state import State


def _dealt(game: Game, seed: int = 3) -> State:
    """A fresh game played (chance by `seed`, decisions the first legal) until every hand
    is dealt: the first decision after a chance node once the deal is over."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    seen_chance = False
    while not state.is_terminal():
        if state.is_chance_node():
            seen_chance = True
            state.apply_action(state.sample_chance(rng))
        elif seen_chance:
            return state
        else:
            state.apply_action(state.legal_actions()[0])
    raise AssertionError("the game ended before the deal was over")


def _everywhere(state: State) -> Counter[int]:
    """Every card of the full state, wherever it is."""
    places: Counter[int] = Counter()
    for cards in state.card_places().values():
        places.update(cards)
    return places


def _hands(state: State) -> list[int]:
    return [
        len(cards)
        for place, cards in sorted(state.card_places().items())
        if place.startswith("hand")
    ]


def _play_out(game: Game, seed: int) -> State:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return state


# --- the shared reader ---------------------------------------------------------------------


def test_the_shared_reader_takes_commas_or_slashes_and_later_changes_win() -> None:
    keys = {"portal": (0,), "rift": (1,), "specials": (0, 1)}
    assert apply_copies((8, 6), "portal=3/rift=0", keys) == ((3, 0), ("portal=3", "rift=0"))
    assert apply_copies((8, 6), " Portal = 3 , specials=2, rift=5", keys)[0] == (2, 5)
    assert apply_copies((8, 6), "", keys) == ((8, 6), ())
    assert parse_copies("rift=1//portal=2", keys) == (("rift", 1), ("portal", 2))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("portal", "'portal' is not KEY=COPIES"),
        ("portal=-1", "'portal=-1' is not KEY=COPIES"),
        ("portal=lots", "'portal=lots' is not KEY=COPIES"),
        ("dragon=1", "unknown card 'dragon'; the keys are: portal, rift"),
        ("portal=101", "at most 100 copies of a card; portal would have 101"),
    ],
)
def test_the_shared_reader_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_copies(text, {"portal": (0,), "rift": (1,)})


def test_keys_never_clash() -> None:
    with pytest.raises(ValueError, match="share the key 'red-will'"):
        key_table(["Red Will", "red will"])
    with pytest.raises(ValueError, match="'portal' is already a card's key"):
        key_table(["Portal"], {"portal": (0,)})


# --- Eggo -------------------------------------------------------------------------------------


def test_eggo_copies_and_hand_change_the_deal() -> None:
    game = roost.load_game(
        "eggo", characters="assigned", copies="demogorgon=5,portal=0/rift=12", hand=6
    )
    state = _dealt(game)
    cards = _everywhere(state)
    assert cards == Counter(game.all_cards())
    assert cards[46] == 5 and cards[44] == 0 and cards[45] == 12
    assert len(game.all_cards()) == 106 + 1 - 8 + 6
    assert _hands(state) == [6, 6, 6, 6]
    obs = state.observation(OMNISCIENT)
    assert sum(obs["decks"]) == len(game.all_cards()) - 1 - 24  # the Demogorgons shuffled in
    default = _dealt(roost.load_game("eggo", characters="assigned"))
    assert _hands(default) == [4, 4, 4, 4]
    assert _everywhere(default)[46] == 4


def test_eggo_kinds_set_every_card_of_the_kind() -> None:
    game = roost.load_game("eggo", copies="characters=1,will=3,reverse=0")
    counts = Counter(game.all_cards())
    assert counts[0] == 3 and counts[9] == 3  # red Will, green Will
    assert counts[1] == 1 and all(counts[36 + colour] == 0 for colour in range(4))


@pytest.mark.parametrize("demogorgons", [1, 2, 6])
def test_eggo_ends_on_the_last_demogorgon_of_its_deck(demogorgons: int) -> None:
    game = roost.load_game("eggo", copies=f"demogorgon={demogorgons}", players=3)
    for seed in range(6):
        state = _play_out(game, seed)
        obs = state.observation(None)
        if not all(obs["escaped"]):  # ended by the Demogorgon
            assert obs["demogorgons"] == demogorgons
        assert obs["demogorgons"] <= demogorgons
        assert len(state.history()) <= game.max_game_length()


def test_eggo_narration_counts_the_game_s_demogorgons() -> None:
    game = roost.load_game("eggo", copies="demogorgon=5", players=2, characters="assigned")
    state = game.new_initial_state()
    rng = random.Random(1)
    lines: list[str] = []
    while not state.is_terminal():
        before = state.observation(None)
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        lines += game.narrate(before, state.observation(None))
    said = [line for line in lines if "Demogorgon" in line and " of " in line]
    assert said and all(" of 5 is out" in line for line in said)
    assert all("of 4" not in line for line in lines)


@pytest.mark.parametrize(("demogorgons", "ordinal"), [(4, "fourth"), (5, "fifth"), (1, "first")])
def test_eggo_demogorgon_text_names_the_one_that_ends_this_game(
    demogorgons: int, ordinal: str
) -> None:
    game = roost.load_game("eggo", copies=f"demogorgon={demogorgons}")
    text = next(info.text for info in game.card_types() if info.kind == "demogorgon")
    assert f"the {ordinal} one ends the game" in text


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"hand": 0}, "parameter 'hand' takes an integer from 1 to 20; got 0"),
        ({"copies": "demogorgon=0"}, "parameter 'copies' .*the last Demogorgon ends the game"),
        ({"copies": "characters=0"}, "the pile starts with a character card: keep one"),
        ({"copies": "dragon=2"}, "unknown card 'dragon'; the keys are: red-will"),
        (
            {"players": 6, "hand": 17},
            r"parameter 'hand' got 17, but 6 hands of 17 and a start card need 103 cards besides "
            r"the Demogorgons; the deck has 102",
        ),
        ({"copies": "characters=0,will=1,portal=0,rift=0", "players": 6}, "parameter 'copies'"),
    ],
)
def test_eggo_refuses_decks_that_make_no_game(params: dict[str, Any], message: str) -> None:
    with pytest.raises(ParameterError, match=message):
        roost.load_game("eggo", **params)


def test_eggo_encoder_stays_within_bounds_with_a_bigger_deck() -> None:
    pytest.importorskip("numpy")
    from roost.rl.encoding import encoding_for

    game = roost.load_game("eggo", copies="portal=30,demogorgon=9", hand=12, players=2)
    encoding = encoding_for(game)
    rng = random.Random(4)
    state = game.new_initial_state()
    while not state.is_terminal():
        for seat in range(2):
            tensor = encoding.encode(state.observation(seat))
            assert 0.0 <= float(tensor.min()) and float(tensor.max()) <= 1.0
            assert (encoding.encode_state(state, seat) == tensor).all()
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))


# --- Egg Bound ----------------------------------------------------------------------------------


def test_egg_bound_hand_changes_the_deal_and_the_refill() -> None:
    game = roost.load_game("egg-bound", hand=7, players=3)
    state = _dealt(game)
    assert _hands(state) == [7, 7, 7]
    assert _everywhere(state) == Counter(game.all_cards())
    finished = _play_out(game, 2)
    assert len(finished.history()) <= game.max_game_length()
    assert _hands(_dealt(roost.load_game("egg-bound", players=3))) == [5, 5, 5]


def test_egg_bound_refuses_a_hand_the_deck_cannot_refill() -> None:
    # 64 cards besides the Egg cards: 6 hands of 9, 12 cards in front, 1 more make 67.
    with pytest.raises(ParameterError, match="parameter 'hand' got 9, but 6 hands of 9"):
        roost.load_game("egg-bound", hand=9, players=6)
    assert _hands(_dealt(roost.load_game("egg-bound", hand=9, players=5))) == [9] * 5


# --- Manda Huevos! ------------------------------------------------------------------------------


def test_manda_huevos_hand_and_hen_change_the_deal() -> None:
    game = roost.load_game("manda-huevos", hand=4, copies="hen=0")
    state = _dealt(game)
    assert _hands(state) == [4, 4, 4, 4]
    cards = _everywhere(state)
    assert cards == Counter(game.all_cards()) and cards[21] == 0 and sum(cards.values()) == 54
    assert Counter(roost.load_game("manda-huevos").all_cards())[21] == 1


def test_manda_huevos_without_swap_never_swaps() -> None:
    from roost.games.manda_huevos.actions import SWAP, TOGGLE

    game = roost.load_game("manda-huevos", copies="swap-eggs=0", players=3)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            obs = state.observation(state.current_player())
            assert all(23 not in cards for cards in obs["face_up_actions"])
            legal = state.legal_actions()
            assert not [a for a in legal if SWAP <= a < TOGGLE]
            state.apply_action(rng.choice(legal))
    first = _dealt(game).observation(0)
    assert first["face_up_actions"][0] == [22, 24]
    with pytest.raises(IllegalActionError, match="nobody has a Swap Eggs card in this game"):
        _dealt(game).apply_action(SWAP)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"copies": "hen=2"}, "at most one of each action card, and there is one hen at most"),
        ({"copies": "move=0"}, "unknown card 'move'; the keys are: move-an-egg"),
        ({"hand": 10, "players": 6}, "parameter 'hand' got 10, but 6 hands of 10 need 60 egg"),
        ({"hand": 0}, "parameter 'hand' takes an integer from 1 to 10; got 0"),
    ],
)
def test_manda_huevos_refuses_bad_decks(params: dict[str, Any], message: str) -> None:
    with pytest.raises(ParameterError, match=message):
        roost.load_game("manda-huevos", **params)


# --- BIG CHICKEN --------------------------------------------------------------------------------


def test_big_chicken_copies_and_hand_change_the_deal() -> None:
    game = roost.load_game("big-chicken", copies="duck=1,eggs-6=2", hand=9)
    state = _dealt(game)
    assert _hands(state) == [9, 9, 9, 9]
    cards = _everywhere(state)
    assert cards == Counter(game.all_cards())
    assert cards[40] == 1 and all(cards[(6 - 1) * 4 + suit] == 2 for suit in range(4))
    assert len(game.all_cards()) == 40 - 2 + 8
    assert _hands(_dealt(roost.load_game("big-chicken"))) == [10, 10, 10, 10]


def test_big_chicken_without_big_red_the_highest_card_leads() -> None:
    game = roost.load_game("big-chicken", copies="big-red=0,duck=2", players=3, rounds=1)
    state = _dealt(game)
    obs = state.observation(OMNISCIENT)
    shown = obs["shown"]
    assert shown is not None and shown["card"] == max(max(hand) for hand in obs["hands"])
    assert _play_out(game, 5).is_terminal()


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"copies": "blue-7=3"}, "at most 2 of each Egg card, 1 of each Chicken, 8 Ducks; blue-7"),
        ({"copies": "chickens=2"}, "blue-chicken, green-chicken"),
        ({"hand": 11}, "parameter 'hand' got 11, but 4 hands of 11 need 44 cards; the deck has 40"),
        ({"copies": "eggs-10=0"}, "parameter 'copies' got 'eggs-10=0', but 4 hands of 10 need 40"),
    ],
)
def test_big_chicken_refuses_bad_decks(params: dict[str, Any], message: str) -> None:
    with pytest.raises(ParameterError, match=message):
        roost.load_game("big-chicken", **params)


# --- identity: repr, equality, pickling, the CLI ------------------------------------------------

CHANGED = [
    ("eggo", {"copies": "demogorgon=3", "hand": 5}),
    ("egg-bound", {"hand": 6}),
    ("manda-huevos", {"copies": "swap-eggs=0/hen=0", "hand": 4}),
    ("big-chicken", {"copies": "duck=1/eggs-6=2", "hand": 9}),
]


@pytest.mark.parametrize(("name", "params"), CHANGED)
def test_a_changed_deck_is_part_of_the_game_s_identity(name: str, params: dict[str, Any]) -> None:
    game = roost.load_game(name, **params)
    assert game != roost.load_game(name)
    assert eval(repr(game), {"load_game": roost.load_game}) == game
    again = pickle.loads(pickle.dumps(game))
    assert again == game and again.all_cards() == game.all_cards()
    state = _play_out(game, 1)
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and copy.history() == state.history()
    assert game.state_from_history(state.history()) == state


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "eggo", "--param", "hand=0"], "parameter 'hand' takes an integer from 1 to 20"),
        (["play", "eggo", "--param", "copies=demogorgon=0"], "keep one"),
        (["play", "big-chicken", "--param", "hand=11"], "4 hands of 11 need 44 cards"),
    ],
)
def test_the_cli_shows_a_bad_deck_as_one_line(argv: list[str], message: str) -> None:
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())
    assert "Traceback" not in result.output


@pytest.mark.parametrize(("name", "params"), CHANGED)
def test_copies_are_kept_written_one_way(name: str, params: dict[str, Any]) -> None:
    """Equal changes make equal games however they are written, and the kept form has no
    ``,`` or ``=``, which separate parameters and values in game strings and sweeps."""
    game = roost.load_game(name, **params)
    written = str(game.params["copies"])
    assert "," not in written and "=" not in written
    other = {**params, "copies": written.replace("/", " , ").replace(":", "=").upper()}
    assert roost.load_game(name, **other) == game


@pytest.mark.parametrize(("name", "params"), CHANGED)
def test_a_changed_deck_survives_openspiel_s_game_string(name: str, params: dict[str, Any]) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from roost.rl.openspiel import register

    register()
    spiel_name = "roost_" + name.replace("-", "_")
    game = pyspiel.load_game(spiel_name, params)
    again = pyspiel.load_game(str(game))
    assert again == game
    assert pickle.loads(pickle.dumps(game)) == game
    assert again.new_initial_state().legal_actions() == game.new_initial_state().legal_actions()


def test_the_lab_counts_games_ended_by_the_last_demogorgon_of_any_deck() -> None:
    from roost.lab.games.eggo import _demogorgon

    game = roost.load_game("eggo", copies="demogorgon=2", players=4)
    ended = [_play_out(game, seed).observation(None) for seed in range(8)]
    by_demogorgon = [obs for obs in ended if obs["demogorgons"] == 2]
    assert by_demogorgon, "no game ended by the Demogorgon in 8"
    for obs in ended:
        assert _demogorgon(obs, None) == float(obs in by_demogorgon)  # type: ignore[arg-type]
