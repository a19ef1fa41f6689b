"""Egg Bound's own cards (the `own_cards` parameter): Chickens with other stars, declared, kept
one way, refused with a clear error when bad; played by the rules (a Star challenge compares an
own Chicken's stars, a tie wins nobody anything), to the end by random players and every bot;
a face-down own Chicken stays hidden; the default game keeps its ids and tensor; the deck is
part of the game everywhere (game strings, saved games, variant files, the lab)."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest

import roost
from roost.bots import make_bot
from roost.core.errors import ParameterError
from roost.core.game import OMNISCIENT
from roost.core.runner import play_game
from roost.games.egg_bound.actions import (
    NUM_ACTIONS,
    defend_action,
    discard_action,
    hatch_action,
    keep_action,
    kind,
    song_action,
    star_action,
)
from roost.games.egg_bound.cards import CARD_NAMES, HAND_SIZE, NUM_TYPES, STARS
from roost.games.egg_bound.game import EggBoundGame
from roost.games.egg_bound.views import read, result_text
from roost.rl.encoding import encoding_for
from roost.testing.conformance import random_playthrough
from roost.testing.scenario import Scenario

BIG_RED = "chicken:4-4-2x2:Big_Red"
"""Two own Chickens with 4 Pecking Order, 4 IQ and 2 Speed (type id 18)."""
ROOM = "egg-card:16"
"""The classic deck's 18 Egg cards less two, to make room for them among the 85."""


def _game(players: int = 4, **params: object) -> EggBoundGame:
    game = roost.load_game("egg-bound", players=players, **params)
    assert isinstance(game, EggBoundGame)
    return game


def test_own_cards_are_read_and_kept_one_way() -> None:
    game = _game(own_cards="chicken:2-3-3:Big_Red / Chicken:4-4-1X2", copies="egg-card:18")
    assert game.params["own_cards"] == "chicken:2-3-3:Big_Red/chicken:4-4-1x2"
    assert game == _game(own_cards="chicken:2-3-3:Big_Red/chicken:4-4-1x2", copies="egg-card:18")
    assert game.num_distinct_actions() == NUM_ACTIONS + 2 * 28 == 234
    assert _game().num_distinct_actions() == 178 and _game().max_chance_outcomes() == 18
    assert game.max_chance_outcomes() == NUM_TYPES + 2
    types = game.card_types()
    assert [(t.id, t.name, t.kind, t.colour) for t in types[NUM_TYPES:]] == [
        (18, "Big Red", "chicken", "purple"),
        (19, "Chicken 4/4/1", "chicken", "purple"),
    ]
    assert types[18].text.startswith("Pecking Order 2, IQ 3, Speed 3")
    assert len(game.all_cards()) == 85 and Counter(game.all_cards())[19] == 2
    assert len(_game().card_types()) == NUM_TYPES  # the printed catalogue, unchanged


def test_the_own_ids_follow_the_printed_ones_and_decode() -> None:
    seen = set()
    for c in (4, 5):
        ids = [discard_action(NUM_TYPES + c - 4), keep_action(NUM_TYPES + c - 4), song_action(c)]
        ids += [defend_action(c), *(hatch_action(c, v) for v in range(6))]
        ids += [star_action(s, c, v) for s in range(len(STARS)) for v in range(6)]
        assert len(ids) == 28 and min(ids) >= NUM_ACTIONS
        seen |= set(ids)
    assert seen == set(range(NUM_ACTIONS, NUM_ACTIONS + 56))
    assert star_action(2, 3, 5) == 89 and song_action(3) == 93  # the printed ids, unchanged
    assert kind(star_action(1, 4, 2)) == kind(star_action(1, 0, 2))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("egg:3", "only a Chicken with other stars composes"),
        ("fowl:2", "only a Chicken with other stars composes"),
        ("chicken:4-4", "three numbers P-I-S"),
        ("chicken:5-1-1", "each star score is 1 to 4; Pecking Order 5"),
        ("chicken:4-0-1", "IQ 0"),
        ("chicken:4-4-1x0", "the copies after 'x' are 1 to 40"),
        ("chicken:4-4-1:Big Red", "letters, digits, hyphens or underscores"),
        ("chicken:3-4-1", "Mother Hen has these stars"),
        ("chicken:4-4-1/chicken:4-4-1x2", "another own Chicken has these stars"),
        ("chicken:4-4-1:Rooster", "the name 'Rooster' is taken"),
        ("chicken", "is not chicken:P-I-S"),
        (
            "chicken:1-1-1/chicken:2-2-2/chicken:3-3-3/chicken:4-4-4/chicken:1-1-2",
            "at most 4 own Chicken designs",
        ),
        ("chicken:4-4-1x2", "these counts make 87, 2 of them own Chickens (remove 2"),
    ],
)
def test_bad_declarations_are_refused_with_a_clear_error(text: str, message: str) -> None:
    with pytest.raises(ParameterError, match="own_cards") as error:
        _game(own_cards=text)
    assert message in str(error.value)
    assert _game().params["own_cards"] == ""  # nothing kept from the refused one


class _Table(Scenario):
    """A game (the classic deck, two Big Reds for two Egg cards) whose deal gives seat i the
    cards `hands[i]` (type ids), padded with cards no one can play at the start."""

    def __init__(self, hands: Sequence[Sequence[int]]) -> None:
        super().__init__(
            "egg-bound",
            players=len(hands),
            composition="classic-2025",
            copies=ROOM,
            own_cards=BIG_RED,
        )
        fillers = iter([15, 15, 17, 17, 5, 5, 6, 6, 7, 7, 15, 15, 17])  # green cards, Stars
        full = [[*hand, *(next(fillers) for _ in range(HAND_SIZE - len(hand)))] for hand in hands]
        self.chance(*(hand[i] for i in range(HAND_SIZE) for hand in full))

    def eggs(self) -> list[tuple[int, int]]:
        view = read(self.obs(None))
        return list(zip(view["good_eggs"], view["bad_eggs"], strict=True))

    def result(self, viewer: int | None = None) -> str:
        """What the last card did, in words, as `viewer` is told it."""
        last = read(self.obs(viewer))["last_result"]
        assert last is not None and isinstance(self.game, EggBoundGame)
        return result_text(last, self.game.cards)


BIG = NUM_TYPES  # Big Red's type id
PECKING, EGG_HEAD, RUN = 6, 5, 7  # the Stars' type ids
MOTHER_HEN, ROOSTER, BABY_HEN = 1, 4, 3


def test_a_star_challenge_with_an_own_chicken_compares_its_stars() -> None:
    table = _Table([[RUN, BIG], [MOTHER_HEN]])  # Speed: Big Red 2, Mother Hen 1
    action = star_action(STARS.index(RUN), 4, 1)
    assert action in table.state.legal_actions()
    assert table.state.action_to_string(action, 0) == (
        "challenge P1: Star Chicken Run, Big Red face down"
    )
    table.do(action).do("let P0's Star Chicken Run happen").do("defend with Mother Hen")
    assert table.eggs() == [(2, 0), (0, 0)]
    assert table.result() == (
        "P0's Big Red (Speed 2) against P1's Mother Hen (1): P0 wins and takes a Good Egg from P1"
    )


def test_an_own_chicken_defends_a_star() -> None:
    table = _Table([[EGG_HEAD, BABY_HEN], [BIG, 8]])  # IQ: Big Red 4, Baby Hen 2
    table.do(star_action(STARS.index(EGG_HEAD), 2, 1)).do("let P0's Star Egg Head happen")
    assert table.texts() == ["defend with Big Red"]
    table.do(defend_action(4))
    assert table.eggs() == [(0, 0), (2, 0)]
    assert table.result().endswith("P1 wins and takes a Good Egg from P0")


def test_a_tie_between_different_chickens_wins_nobody_anything() -> None:
    """Big Red (Pecking Order 4) against the Rooster (4): no player has the most stars, so
    nobody wins an egg, and both Chickens go to the Discard Pile with the Star, as when two
    copies of one printed Chicken meet (RULES.md, choice 26)."""
    table = _Table([[PECKING, BIG], [ROOSTER]])
    table.do(star_action(STARS.index(PECKING), 4, 1)).do("let P0's Star Pecking Order happen")
    table.do("defend with Rooster")
    assert table.eggs() == [(1, 0), (1, 0)]
    assert table.result() == (
        "P0's Big Red (Pecking Order 4) against P1's Rooster (4): same stars, nobody wins"
    )
    view = read(table.obs(None))
    assert Counter(view["discard_pile"]) == {PECKING: 1, BIG: 1, ROOSTER: 1}
    last = view["last_result"]
    assert last is not None and last["winner"] is None


def test_a_face_down_own_chicken_stays_hidden() -> None:
    table = _Table([[PECKING, BIG], [ROOSTER], []])
    action = star_action(STARS.index(PECKING), 4, 1)
    for viewer in (1, 2, None):
        assert table.state.action_to_string(action, viewer) == (
            "challenge P1: Star Pecking Order, a Chicken face down"
        )
        info = table.state.action_info(action, viewer) if viewer is not None else None
        assert info is None or info.steps[1].label == "a Chicken"
    table.do(action)
    for viewer in (1, 2, None):
        challenge = read(table.obs(viewer))["challenge"]
        assert challenge is not None and challenge["chicken"] is None
        assert BIG not in read(table.obs(viewer))["known_hands"][0]
    for seat in (0, OMNISCIENT):
        challenge = read(table.obs(seat))["challenge"]
        assert challenge is not None and challenge["chicken"] == BIG


def test_hatch_it_keep_and_swap_take_an_own_chicken() -> None:
    table = _Table([[9, BIG], [MOTHER_HEN]])
    table.do(hatch_action(4, 1)).do("let P0's Hatch It happen")
    assert keep_action(MOTHER_HEN) in table.state.legal_actions()
    table.do(keep_action(MOTHER_HEN))
    assert BIG in read(table.obs(1))["hand"]
    assert table.result().endswith("P1 kept the Big Red and discarded Mother Hen")


@pytest.mark.parametrize(
    ("players", "params"),
    [
        (4, {"own_cards": BIG_RED, "copies": "mother-hen:4/rooster:4"}),
        (3, {"own_cards": "chicken:3-3-3x4/chicken:1-1-1", "copies": "chickens:4/egg-card:20"}),
        (2, {"own_cards": "chicken:4-4-4:Ace", "copies": "egg-card:20", "reshuffle": "shuffle"}),
    ],
)
def test_bot_games_with_own_chickens_play_to_the_end(
    players: int, params: dict[str, object]
) -> None:
    game = _game(players, **params)
    kinds = ["heuristic", "ismcts:30", "easy", "random"]
    used = 0
    for seed in range(2):
        bots = [
            make_bot(kinds[(seat + seed) % 4], game, seed * 10 + seat) for seat in range(players)
        ]
        state = play_game(game, bots, random.Random(seed))
        assert state.is_terminal() and len(state.history()) <= game.max_game_length()
        used += sum(1 for action in state.history() if action >= NUM_ACTIONS)
    assert used > 0, "no bot ever played an own Chicken"


def test_the_default_tensor_is_unchanged_and_own_chickens_widen_it() -> None:
    default = encoding_for(_game(3)).size
    game = _game(3, own_cards=BIG_RED, copies="egg-card:19")
    wide = encoding_for(game)
    # 8 card blocks and one per seat (the known hands), and 3 Chicken blocks: one more each
    assert wide.size == default + (8 + 3) + 3
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal() and len(state.history()) < 200:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        seat = state.current_player()
        if seat >= 0:
            wide.encode(state.observation(seat))


def test_own_cards_are_part_of_the_game_s_identity() -> None:
    """repr, pickling, a state rebuilt from its history, a saved game and OpenSpiel's game
    string all carry the own Chickens."""
    game = _game(own_cards=BIG_RED, copies="egg-card:19")
    assert game != _game() and game != _game(own_cards="chicken:4-4-2", copies="egg-card:20")
    assert eval(repr(game), {"load_game": roost.load_game}) == game
    again = pickle.loads(pickle.dumps(game))
    assert again == game and again.card_types() == game.card_types()
    last = None
    for step in random_playthrough(game, 8):
        last = step.state
    assert last is not None
    copy = pickle.loads(pickle.dumps(last))
    assert copy == last and game.state_from_history(last.history()) == last
    loaded = roost.load_game("egg-bound", **game.params)
    assert loaded == game and "," not in str(game.params["own_cards"])
    pyspiel = pytest.importorskip("pyspiel")
    from roost.rl.openspiel import register

    register()
    spiel = pyspiel.load_game("roost_egg_bound", dict(game.params))
    assert pyspiel.load_game(str(spiel)) == spiel
    assert spiel.num_distinct_actions() == 206


def test_card_names_of_the_printed_game_are_unchanged() -> None:
    assert tuple(t.name for t in _game().card_types()) == CARD_NAMES


def test_a_server_table_takes_own_chickens_and_refuses_bad_ones(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from roost.server.app import create_app
    from tests.server.test_api import settings_for

    with TestClient(create_app(settings_for(tmp_path))) as client:
        params = {"own_cards": BIG_RED, "copies": "egg-card:19"}
        body = {"game": "egg-bound", "players": 3, "params": params}
        made = client.post("/api/tables", json=body)
        assert made.status_code == 201, made.text
        assert made.json()["table"]["params"]["own_cards"] == BIG_RED
        bad = client.post(
            "/api/tables",
            json={"game": "egg-bound", "params": {"own_cards": "chicken:4-4-2"}},
        )
        assert bad.status_code == 400 and "these counts make 86" in bad.text
        assert len(client.get("/api/tables?status=all").json()) == 1


def test_the_terminal_shows_an_own_chicken_by_name_and_its_stars() -> None:
    from rich.console import Console

    from roost.cli.render.egg_bound import RENDERER

    table = _Table([[PECKING, BIG], [ROOSTER]])
    console = Console(record=True, width=140)
    console.print(RENDERER.render(table.game, table.obs(0)))
    screen = console.export_text()
    assert "Big Red" in screen  # in P0's hand
    assert "Own Chickens (Pecking Order / IQ / Speed): Big Red 4/4/2" in screen
    table.do(star_action(STARS.index(PECKING), 4, 1))
    console = Console(record=True, width=140)
    console.print(RENDERER.render(table.game, table.obs(1)))
    assert "a face-down Chicken" in console.export_text()


def test_both_builds_are_compared_on_a_game_with_own_chickens() -> None:
    """tests/test_builds.py compares the compiled and pure builds' seeded histories, own
    Chickens' included (`parity.OWN_CARDS`): the record holds a random and a bot game with them,
    and the bot game plays an own Chicken."""
    from roost.testing.parity import OWN_CARDS, seeded_record

    assert "own_cards" in OWN_CARDS["egg-bound"]
    record = seeded_record(["egg-bound"])["egg-bound"]
    assert any(a >= NUM_ACTIONS for a in record["own cards bot game"])
