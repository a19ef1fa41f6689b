"""Manda Huevos!'s own cards (the `own_cards` parameter, the box's 8 blank cards): declared,
kept one way, refused with a clear error when bad; played by the rules (an own action card is
one decision to use, then one per application), to the end by random players and every bot;
hidden own eggs stay hidden; the deck is part of the game everywhere (saved games, variant
files, the lab)."""

from __future__ import annotations

import pickle
import random

import pytest

import roost
from roost.bots import make_bot
from roost.cli.render.manda_huevos import question
from roost.core.errors import IllegalActionError, ParameterError
from roost.core.game import OMNISCIENT
from roost.core.runner import play_game
from roost.games.manda_huevos.actions import MOVE, PASS, SWAP, TOGGLE, USE_OWN, Phase
from roost.games.manda_huevos.cards import OWN_ACTION_IDS
from roost.games.manda_huevos.game import MandaHuevosGame
from roost.games.manda_huevos.state import MandaHuevosState
from roost.rl.encoding import encoding_for
from roost.testing.conformance import random_playthrough


def _game(players: int = 4, **params: object) -> MandaHuevosGame:
    game = roost.load_game("manda-huevos", players=players, **params)
    assert isinstance(game, MandaHuevosGame)
    return game


def test_own_cards_are_read_and_kept_one_way() -> None:
    game = _game(own_cards="egg:12, move:2, egg:12")
    assert game.params["own_cards"] == "move:2/egg:12x2"
    assert game == _game(own_cards="move:2/egg:12x2")  # equal decks, equal games
    assert game.own_actions == ((0, 2),)
    assert game.num_distinct_actions() == 1714  # the default's 1713, and one use id
    assert _game().num_distinct_actions() == 1713
    assert game.all_cards().count(12) == 2 and len(game.all_cards()) == 54 + 2 + 1
    info = game.card_types()[OWN_ACTION_IDS[0]]
    assert (info.name, info.kind, info.label) == ("own 1: Move 2 Eggs", "action", "Move 2")
    assert "then again, 2 times" in info.text
    assert len(_game().card_types()) == 25  # the printed catalogue, unchanged


@pytest.mark.parametrize(
    ("players", "text", "message"),
    [
        (4, "egg:21", "egg values go from 0 to 20"),
        (4, "egg:12x0", "at least 1"),
        (4, "move:4", "1 to 3 times"),
        (4, "swap:0", "1 to 3 times"),
        (4, "move:2x2", "takes no 'xN'"),
        (4, "jump:1", "is not a card like"),
        (4, "egg", "is not a card like"),
        (4, "move:2/egg:12x5", "takes 9 blank cards with 4 players"),
        (6, "move:1/take:1", "takes 12 blank cards with 6 players"),
        (2, "move:1/swap:1/sleep:1/take:1/move:2", "at most 4 own action cards"),
        (2, "egg:5x9", "the box has 8 blank cards"),
    ],
)
def test_bad_declarations_are_refused_with_a_clear_error(
    players: int, text: str, message: str
) -> None:
    with pytest.raises(ParameterError, match="own_cards") as error:
        _game(players, own_cards=text)
    assert message in str(error.value)
    assert _game(players).params["own_cards"] == ""  # nothing kept from the refused one


def test_a_declaration_fits_the_blank_cards_at_each_player_count() -> None:
    """An action card takes a blank card per player: "Move 2 Eggs" and two eggs of 12 fit 8
    blank cards at 2-6 players; a second action card fits up to 3 players only."""
    for players in range(2, 7):
        assert _game(players, own_cards="move:2/egg:12x2").own_eggs == 2
    _game(3, own_cards="move:2/take:1/egg:1x2")
    with pytest.raises(ParameterError, match="takes 10 blank cards with 4 players"):
        _game(4, own_cards="move:2/take:1/egg:1x2")


def _until(game: MandaHuevosGame, seed: int, wanted: int) -> roost.State:
    """A random game's first state where action `wanted` is legal."""
    for step in random_playthrough(game, seed):
        state = step.state
        playing = not state.is_chance_node() and not state.is_terminal()
        if playing and wanted in state.legal_actions():
            return state
    raise AssertionError(f"action {wanted} never legal")


def test_move_two_eggs_is_one_use_then_two_moves_by_the_same_player() -> None:
    game = _game(own_cards="move:2")
    state = _until(game, 3, USE_OWN)
    player = state.current_player()
    assert state.action_to_string(USE_OWN, player) == "use own 1: Move 2 Eggs"
    info = state.action_info(USE_OWN, player)
    assert info.kind == "own" and info.cards == (OWN_ACTION_IDS[0],)
    state.apply_action(USE_OWN)
    obs = state.observation(player)
    assert obs["phase"] == Phase.ACT and obs["acting"] == OWN_ACTION_IDS[0]
    assert obs["acting_left"] == 2 and OWN_ACTION_IDS[0] not in obs["face_up_actions"][player]
    for left in (1, 0):
        legal = state.legal_actions()
        assert state.current_player() == player
        assert legal and all(MOVE <= action < SWAP for action in legal)
        text = state.action_to_string(legal[0], player)
        assert text.startswith("own 1: Move 2 Eggs: egg ")
        steps = state.action_info(legal[0], player).steps
        assert [step.kind for step in steps] == ["container", "egg", "container"]
        eggs_before = sum(state.observation(OMNISCIENT)["eggs_in_container"])
        state.apply_action(legal[0])
        assert sum(state.observation(OMNISCIENT)["eggs_in_container"]) == eggs_before
        assert state.observation(player)["acting_left"] == left
    assert state.current_player() == (player + 1) % 4
    assert state.observation(player)["phase"] == Phase.TURN
    later = state.clone()
    while later.current_player() != player:
        if later.is_chance_node():
            later.apply_action(later.chance_outcomes()[0][0])
        else:
            later.apply_action(later.legal_actions()[0])
    assert USE_OWN not in later.legal_actions()
    with pytest.raises(IllegalActionError, match="own 1: Move 2 Eggs card is face down"):
        later.apply_action(USE_OWN)


def test_the_terminal_asks_an_own_move_card_s_questions() -> None:
    """Carrying out an own Move card asks what Move an Egg asks, not the hen's "Take an egg"
    (the card was played in an earlier decision, so the steps alone do not name it)."""
    game = _game(own_cards="move:2")
    state = _until(game, 3, USE_OWN)
    player = state.current_player()
    state.apply_action(USE_OWN)
    obs = state.observation(player)
    steps = state.action_info(state.legal_actions()[0], player).steps
    assert question([], "container", obs) == "Move an egg from which container?"
    assert question(steps[:1], "egg", obs) == "Which egg do you move?"
    assert question(steps[:2], "container", obs) == "Move it to which container?"
    hen = {"phase": Phase.HEN, "own_actions": obs["own_actions"], "acting": None}
    assert question([], "container", hen) == "Take an egg from which container?"


def test_the_refresh_waits_for_the_own_cards_too() -> None:
    """With all three printed cards used but an own card face up, no egg is forced yet."""
    game = _game(2, own_cards="sleep:1")
    state = _until(game, 5, TOGGLE)
    assert isinstance(state, MandaHuevosState)
    player = state.current_player()
    for card in range(3):
        state._down[player] |= 1 << card
    obs = state.observation(player)
    assert not obs["must_play_egg"][player]
    assert obs["face_up_actions"][player] == [OWN_ACTION_IDS[0]]
    state._legal = None
    assert USE_OWN in state.legal_actions()
    assert not any(MOVE <= action < PASS for action in state.legal_actions())


@pytest.mark.parametrize(
    ("players", "own", "extra"),
    [
        (4, "move:2/egg:12x2", {}),
        (2, "swap:2/sleep:3/take:2/move:1", {"quick": True}),
        (3, "take:2/egg:20x2", {"memory": True}),
    ],
)
def test_bot_games_with_own_cards_play_to_the_end(
    players: int, own: str, extra: dict[str, object]
) -> None:
    game = _game(players, own_cards=own, **extra)
    kinds = ["heuristic", "ismcts:30", "easy", "random"]
    used = 0
    for seed in range(2):
        bots = [
            make_bot(kinds[(seat + seed) % 4], game, seed * 10 + seat) for seat in range(players)
        ]
        state = play_game(game, bots, random.Random(seed))
        assert state.is_terminal() and len(state.history()) <= game.max_game_length()
        used += sum(1 for action in state.history() if action > PASS)
    assert used > 0, "no bot ever used an own card"


def test_the_heuristic_uses_a_good_own_card() -> None:
    """The heuristic scores an own card's use by its best first application: a "Take 2 Eggs"
    card gets used in heuristic games."""
    game = _game(2, own_cards="take:2")
    bots = [make_bot("heuristic", game, seat) for seat in range(2)]
    uses = 0
    for seed in range(3):
        state = play_game(game, bots, random.Random(seed))
        uses += sum(1 for action in state.history() if action > PASS)
    assert uses > 0


def test_a_seat_sees_no_hidden_own_egg() -> None:
    """Two deals that differ only in another seat's own egg of 12 (against a printed 5) look
    the same to every other seat, and the tensor is the same too."""
    game = _game(3, own_cards="egg:12/move:1")
    deal = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    states = []
    for card in (12, 5):
        state = game.new_initial_state()
        for index, outcome in enumerate(deal):
            state.apply_action(card if index == 1 else outcome)  # seat 1's first card
        states.append(state)
    a, b = states
    encoding = encoding_for(game)
    for seat in (0, 2):
        assert a.observation(seat) == b.observation(seat)
        assert encoding.encode(a.observation(seat)).tobytes() == (
            encoding.encode(b.observation(seat)).tobytes()
        )
        assert a.action_to_string(a.legal_actions()[0], seat) == b.action_to_string(
            b.legal_actions()[0], seat
        )
    assert a.observation(1)["hand"] != b.observation(1)["hand"]
    assert 12 in a.observation(1)["hand"] and 12 not in b.observation(1)["hand"]


def test_the_tensor_size_does_not_depend_on_own_cards() -> None:
    for players in (2, 4):
        sizes = {
            encoding_for(_game(players, own_cards=own)).size
            for own in ("", "move:2", "take:1/egg:12", "swap:1/sleep:2")
        }
        assert len(sizes) == 1


def test_the_game_string_and_a_saved_game_keep_the_own_cards() -> None:
    game = _game(own_cards="egg:12x2/move:2")
    state = game.new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal() and len(state.history()) < 80:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    again = roost.load_game("manda-huevos", **game.params)
    assert again == game and again.params["own_cards"] == "move:2/egg:12x2"
    copy = again.new_initial_state()
    for action in state.history():
        copy.apply_action(action)
    assert copy.observation(OMNISCIENT) == state.observation(OMNISCIENT)
    assert "," not in str(game.params["own_cards"])  # lives in OpenSpiel game strings


def test_own_cards_are_part_of_the_game_s_identity() -> None:
    """repr, pickling, a state rebuilt from its history and OpenSpiel's game string all carry
    the own cards."""
    game = _game(own_cards="egg:12x2/move:2")
    assert game != _game()
    assert eval(repr(game), {"load_game": roost.load_game}) == game
    again = pickle.loads(pickle.dumps(game))
    assert again == game and again.card_types() == game.card_types()
    last = None
    for step in random_playthrough(game, 8):
        last = step.state
    assert last is not None
    copy = pickle.loads(pickle.dumps(last))
    assert copy == last and game.state_from_history(last.history()) == last
    pyspiel = pytest.importorskip("pyspiel")
    from roost.rl.openspiel import register

    register()
    spiel = pyspiel.load_game("roost_manda_huevos", dict(game.params))
    assert pyspiel.load_game(str(spiel)) == spiel
    assert spiel.num_distinct_actions() == 1714
