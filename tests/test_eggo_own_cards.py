"""Eggo's own cards (the `own_cards` parameter: Draw N cards, N 1, 3 or 4, in every colour):
declared, kept one way, refused with a clear error when bad; played by the Draw 2's rule with N;
to the end by random players and every bot; hidden in hands like the printed cards; the default
game untouched (ids, sizes); part of the game everywhere (game strings, pickles, deck files, the
lab, server tables)."""

from __future__ import annotations

import pickle
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import roost
from roost.bots import make_bot
from roost.cli.main import app
from roost.cli.render.eggo import RENDERER
from roost.core.errors import ParameterError
from roost.core.game import OMNISCIENT
from roost.core.runner import play_game
from roost.core.view import SeatView
from roost.games.eggo.actions import NUM_ACTIONS, OWN_PLAY
from roost.games.eggo.cards import NUM_TYPES
from roost.games.eggo.game import EggoGame
from roost.games.eggo.views import read
from roost.rl.encoding import encoding_for
from roost.testing.conformance import check_game, random_playthrough
from roost.testing.scenario import Scenario

OWN = "draw:3x2/draw:1"


def _game(players: int = 4, **params: object) -> EggoGame:
    game = roost.load_game("eggo", players=players, **params)
    assert isinstance(game, EggoGame)
    return game


class Table(Scenario):
    """A game with chosen start card and hands (seat order), characters assigned."""

    def __init__(self, hands: Sequence[Sequence[str]], own: str = OWN, **params: Any) -> None:
        super().__init__("eggo", players=len(hands), characters="assigned", own_cards=own, **params)
        self.chance("red Dustin", *(hand[k] for k in range(4) for hand in hands))

    def draw(self, name: str, deck: str = "A") -> None:
        self.do(f"draw from deck {deck}")
        self.chance(name)

    def hand(self, seat: int) -> list[str]:
        return [self.game.card_name(c) for c in read(self.obs(seat))["hand"]]


FILLER = ["yellow Will", "yellow Lucas", "yellow Eleven", "yellow Hopper"]
FILLER2 = ["green Will", "green Lucas", "green Eleven", "green Hopper"]
FILLER3 = ["blue Will", "blue Lucas", "blue Eleven", "blue Hopper"]
"""Hands with nothing that matches a red Dustin."""


# --- declaring them -------------------------------------------------------------------------


def test_own_cards_are_read_and_kept_one_way() -> None:
    game = _game(own_cards="draw:3, draw:1, draw:3")
    assert game.params["own_cards"] == "draw:1/draw:3x2"
    assert game == _game(own_cards="draw:1/draw:3x2")  # equal decks, equal games
    assert game.own_draws == ((1, 1), (3, 2))
    names = [info.name for info in game.card_types()]
    assert names[NUM_TYPES:] == [
        f"{colour} Draw {n}" for n in (1, 3) for colour in ("red", "green", "yellow", "blue")
    ]
    assert len(game.all_cards()) == 106 + 4 + 8
    assert game.num_distinct_actions() == NUM_ACTIONS + 8
    assert game.max_chance_outcomes() == NUM_TYPES + 8
    info = game.card_types()[NUM_TYPES + 4]  # red Draw 3
    assert (info.kind, info.label, info.colour, info.symbol) == ("draw", "Draw 3", "red", "R")
    assert "draws three cards" in info.text


def test_the_default_game_keeps_its_ids_and_sizes() -> None:
    game = _game()
    assert game.params["own_cards"] == ""
    assert (game.num_distinct_actions(), game.max_chance_outcomes()) == (61, 47)
    assert len(game.card_types()) == 47 and game.max_game_length() == 300
    assert encoding_for(game).size == encoding_for(_game(characters="assigned")).size
    for players in (2, 4, 6):
        default = encoding_for(_game(players)).size
        assert encoding_for(_game(players, own_cards="draw:3")).size == default + 3 * 4
        assert (
            encoding_for(_game(players, own_cards="draw:1/draw:3/draw:4")).size == default + 3 * 12
        )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("draw:2", "the Draw 2 is printed; change how many with copies=draw-2:N"),
        ("draw:5", "a Draw N draws 1 to 4 cards"),
        ("draw:0", "a Draw N draws 1 to 4 cards"),
        ("draw:3x0", "at least 1"),
        ("draw:3x60/draw:3x41", "at most 100 copies of a card"),
        ("reverse:2", "is not a card like 'draw:3'"),
        ("draw", "is not a card like 'draw:3'"),
        ("draw:3;draw:1", "is not a card like 'draw:3'"),
    ],
)
def test_bad_declarations_are_refused_with_a_clear_error(text: str, message: str) -> None:
    with pytest.raises(ParameterError, match="parameter 'own_cards'") as error:
        _game(own_cards=text)
    assert message in str(error.value) and repr(text) in str(error.value)
    assert _game().params["own_cards"] == ""  # nothing kept from the refused one


def test_a_bad_declaration_is_one_line_in_the_cli() -> None:
    result = CliRunner().invoke(app, ["play", "eggo", "--param", "own_cards=draw:7"])
    assert result.exit_code != 0
    assert "own_cards" in result.output and "Traceback" not in result.output


# --- the rule -------------------------------------------------------------------------------


def test_a_draw_3_makes_the_next_player_draw_three_then_play() -> None:
    table = Table([["red Draw 3", *FILLER[:3]], FILLER2, FILLER3])
    assert "play red Draw 3" in table.texts()
    table.do("play red Draw 3")
    view = read(table.obs())
    assert (table.player, view["draws_owed"], view["colour"]) == (1, 3, "red")
    assert view["character"] is None  # a Draw N matches on its colour only, like Draw 2
    reason = table.refuse(9)  # play green Will (type 9): seat 1 holds it
    assert "first draw the 3 card(s) a Draw 3 gave you" in reason
    table.draw("blue Mike")
    table.draw("Demogorgon", deck="B")  # counts as one of the three, as for a Draw 2
    assert read(table.obs())["draws_owed"] == 1
    table.draw("red Mike")
    view = read(table.obs())
    assert (view["draws_owed"], view["demogorgons"], table.player) == (0, 1, 1)
    assert len(table.hand(1)) == 6
    assert table.texts() == ["play red Mike"]  # then a normal turn


def test_a_draw_1_and_a_draw_2_match_on_colour_only_and_do_not_stack() -> None:
    table = Table([["red Draw 1", *FILLER[:3]], ["green Draw 2", "red Draw 2", *FILLER2[:2]]])
    table.do("play red Draw 1")
    assert read(table.obs())["draws_owed"] == 1
    # No stacking: the Draw 2 in hand cannot answer the Draw 1; the draw comes first.
    assert table.texts() == ["draw from deck A", "draw from deck B"]
    table.draw("yellow Mike")
    # Then a normal turn: the red Draw 2 matches the red Draw 1's colour, the green one not.
    assert table.texts() == ["play red Draw 2"]
    table.do("play red Draw 2")
    assert (table.player, read(table.obs())["draws_owed"]) == (0, 2)


def test_a_draw_4_of_another_colour_does_not_match_a_draw_4() -> None:
    table = Table([["red Draw 4", *FILLER[:3]], ["green Draw 4", *FILLER2[:3]]], own="draw:4")
    table.do("play red Draw 4")
    for name in ("red Will", "red Mike", "red Lucas", "red Eleven"):
        table.draw(name)
    assert "play green Draw 4" not in table.texts()
    assert table.texts()[0] == "play red Will"


def test_narration_and_the_terminal_say_which_draw_card() -> None:
    table = Table([["red Draw 3", *FILLER[:3]], FILLER2])
    before = table.obs(1)
    table.do("play red Draw 3")
    lines = table.game.narrate(before, table.obs(1))
    assert "P1 must first draw 3 (Draw 3)" in lines
    from rich.console import Console

    console = Console(record=True, width=120)
    console.print(RENDERER.render(table.game, table.obs(1)))
    text = console.export_text()
    assert "must first draw 3 (Draw 3)" in text and "Demogorgons: 0 of 4" in text


# --- hidden information ---------------------------------------------------------------------


def test_a_seat_sees_no_other_seat_s_own_card() -> None:
    """Two deals that differ only in seat 1 holding a Draw 3 (against a yellow Mike) look the
    same to every other seat and to a spectator, tensors included."""
    states = []
    for card in ("yellow Draw 3", "yellow Mike"):
        table = Table([FILLER, [card, *FILLER2[:3]], FILLER3])
        states.append(table.state)
    a, b = states
    game = a.game
    encoding = encoding_for(game)
    for seat in (0, 2, None):
        assert a.observation(seat) == b.observation(seat)
        if seat is not None:
            assert encoding.encode(a.observation(seat)).tobytes() == (
                encoding.encode(b.observation(seat)).tobytes()
            )
    assert a.observation(1)["hand"] != b.observation(1)["hand"]
    history = a.history()
    own_id = [info.name for info in game.card_types()].index("yellow Draw 3")
    dealt = history.index(own_id)  # the deal comes first
    before = game.state_from_history(history[:dealt])
    assert before.action_to_string(history[dealt], 0) == "P1 is dealt a card"
    assert before.action_to_string(history[dealt], 1) == "P1 is dealt yellow Draw 3"


# --- whole games ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 5])
def test_random_games_with_own_cards_conform(players: int) -> None:
    check_game(_game(players, own_cards="draw:3x2/draw:1/draw:4"), [1, 2])


@pytest.mark.parametrize("kind", ["heuristic", "easy", "ismcts:20", "random"])
def test_bot_games_with_own_cards_play_to_the_end(kind: str) -> None:
    game = _game(3, own_cards="draw:3x3/draw:1x2")
    bots = [make_bot(kind, game, seat) for seat in range(3)]
    played = 0
    for seed in range(2):
        state = play_game(game, bots, random.Random(seed))
        assert state.is_terminal()
        played += sum(1 for action in state.history() if action >= OWN_PLAY)
    if kind == "heuristic":
        assert played > 0  # the heuristic plays its own Draw N cards


def test_the_heuristic_weighs_a_draw_n_by_n() -> None:
    """With a red Draw 3, a red Draw 1 and a red Lucas playable, the heuristic plays the Draw 3:
    a Draw 2 weighed by 3/2 is worth more than the Draw 1 (by 1/2) or the Lucas."""
    table = Table([["red Draw 1", "red Draw 3", "red Lucas", "yellow Will"], FILLER2])
    bot = make_bot("heuristic", table.game, 0)
    action = bot.choose(SeatView(table.state, 0))
    assert table.state.action_to_string(action) == "play red Draw 3"


def test_the_game_string_pickles_and_saved_games_keep_the_own_cards() -> None:
    game = _game(own_cards="draw:3x2/draw:1")
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
    assert copy.observation(OMNISCIENT) == last.observation(OMNISCIENT)
    assert "," not in str(game.params["own_cards"])  # lives in OpenSpiel game strings


def test_openspiel_game_strings_carry_the_own_cards() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from roost.rl.openspiel import register

    register()
    game = _game(3, own_cards="draw:3x2/draw:1")
    spiel = pyspiel.load_game("roost_eggo", dict(game.params))
    assert pyspiel.load_game(str(spiel)) == spiel
    assert spiel.num_distinct_actions() == 69


# --- the lab and the server -----------------------------------------------------------------


def test_a_server_table_with_own_cards(tmp_path: Path) -> None:
    """A table is made from the lobby's params through the API: the own cards are part of the
    table's game; a bad declaration is a 400 naming the parameter, and no table is made."""
    from fastapi.testclient import TestClient

    from roost.server.app import create_app
    from roost.server.config import Settings

    settings = Settings(database_url=f"sqlite:///{tmp_path / 'own.db'}", bot_workers=0)
    with TestClient(create_app(settings)) as client:
        body = {"game": "eggo", "players": 3, "params": {"own_cards": "draw:3, draw:1"}}
        created = client.post("/api/tables", json={**body, "name": "Ana"})
        assert created.status_code == 201, created.text
        assert created.json()["table"]["params"]["own_cards"] == "draw:1/draw:3"
        listed = client.get("/api/tables").json()
        bad = client.post(
            "/api/tables", json={**body, "params": {"own_cards": "draw:9"}, "name": "Bo"}
        )
        assert bad.status_code == 400 and "own_cards" in bad.text
        assert client.get("/api/tables").json() == listed


def test_the_page_s_catalogue_is_the_table_s_own_cards_included(tmp_path: Path) -> None:
    """The page fetches its table's catalogue with the table's parameters: the own Draw N
    cards come from the game itself (name, "Draw 3" label, colour, symbol, what it does)."""
    from fastapi.testclient import TestClient

    from roost.server.app import create_app
    from roost.server.config import Settings

    game = _game(own_cards="draw:4/draw:3x2/draw:1")
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'own.db'}", bot_workers=0)
    with TestClient(create_app(settings)) as client:
        query = f"/api/games/eggo?own_cards={game.params['own_cards']}"
        cards = client.get(query).json()["cards"]
    assert cards == [info.to_json() for info in game.card_types()]
    assert len(cards) > NUM_TYPES
