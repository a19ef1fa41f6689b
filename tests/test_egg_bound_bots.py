"""Egg Bound's bots: the heuristic's rules of thumb in scenarios, the search helpers' range and
legality. (Legality over many games and determinism are in test_bots.py.)

Every position is reached by play: a chosen deal, chosen draws and chosen moves, then the bot
decides for the seat to move.
"""

from __future__ import annotations

import random

import pytest

import roost
from roost.bots import search_bot
from roost.bots.heuristic.egg_bound import choose
from roost.core.game import CHANCE
from roost.core.search import search_hooks
from roost.core.state import State
from roost.core.view import SeatView
from roost.games.egg_bound.search import SEARCH, evaluate, features, playout_action
from roost.games.egg_bound.state import EggBoundState
from roost.testing.conformance import random_playthrough
from tests.test_egg_bound_rules import Table


def move(table: Table) -> str:
    """What the heuristic bot chooses for the seat to move, as its text."""
    state = table.state
    player = state.current_player()
    action = choose(SeatView(state, player), random.Random(0))
    assert action in state.legal_actions()
    return state.action_to_string(action, player)


def four(*hands: list[str]) -> Table:
    """Four players dealt these cards, padded with cards nobody can play or answer with while
    no player has a Bad Egg or an Egg Bound card (see `Table`)."""
    return Table([*hands, *([[]] * (4 - len(hands)))])


# --- my turn ------------------------------------------------------------------------------------


def test_sings_the_egg_laying_song_when_it_can() -> None:
    table = four(["Egg Laying Song", "Golden Hen", "red Bad Egg", "Fowl", "red Egg Bound"])
    assert move(table).startswith("sing the Egg Laying Song")


def test_wins_at_once_with_a_green_good_egg() -> None:
    table = four(
        ["Egg Laying Song", "Egg Laying Song", "Golden Hen", "Rooster", "green Good Egg"],
        ["Egg Laying Song", "Baby Hen"],
        [],
        ["red Bad Egg"],
    )
    table.do("sing the Egg Laying Song with Golden Hen").refill("Eggy Soldier", "Mother Hen")
    table.do("sing the Egg Laying Song with Baby Hen").refill()
    table.swap()
    table.do("play red Bad Egg on P0").allow().refill()
    table.do("sing the Egg Laying Song with Rooster").refill("Hatch It", "red Bad Egg")
    table.swap().swap().swap()
    assert table.eggs() == [(2, 1), (2, 0), (1, 0), (1, 0)]
    assert move(table) == "play green Good Egg: turn one of your Bad Eggs good"


def test_takes_eggs_from_the_leader() -> None:
    table = four(
        ["Eggy Soldier", "Star Egg Head", "Un-Bound"], [], ["Egg Laying Song", "Golden Hen"]
    )
    table.swap().swap()
    table.do("sing the Egg Laying Song with Golden Hen").refill()
    table.swap()
    assert [good for good, _ in table.eggs()] == [1, 1, 2, 1]
    assert move(table) == "play Eggy Soldier on P2"


def test_gets_un_bound_when_a_song_waits() -> None:
    table = four(["Un-Bound", "Egg Laying Song", "Rooster"], [], [], ["red Egg Bound"])
    table.swap().swap().swap()
    table.do("play red Egg Bound on P0").allow().refill()
    assert table.view["egg_bound"] == [True, False, False, False]
    assert move(table) == "play Un-Bound: remove the Egg Bound card in front of you"


def test_challenges_with_the_chicken_strong_for_the_score() -> None:
    table = four(
        ["Star Pecking Order", "Rooster", "Baby Hen", "Un-Bound", "Fowl"],
        ["Egg Laying Song", "Golden Hen"],
    )
    table.swap()
    table.do("sing the Egg Laying Song with Golden Hen").refill()
    table.swap().swap()
    assert move(table) == "challenge P1: Star Pecking Order, Rooster face down"


def test_swaps_away_a_useless_card_rather_than_waste_a_play() -> None:
    table = four(["Un-Bound", "Star Egg Head", "Baby Hen", "Cluck-Off", "Cluck-Off"])
    assert move(table) == "swap: draw a card, then discard one"
    table.do("swap")
    table.chance(table.pick(["green Good Egg", "Egg Laying Song", "Cluck-Off"]))
    assert table.hand(0)["Un-Bound"] == 1
    assert move(table) == "discard Un-Bound"


# --- answering ------------------------------------------------------------------------------------

ANSWERER = ["Cluck-Off", "Baby Hen", "Star Egg Head"]


def test_answers_an_eggy_soldier_that_would_give_the_attacker_a_third_good_egg() -> None:
    table = four(["Egg Laying Song", "Golden Hen", "Eggy Soldier"], ANSWERER)
    table.do("sing the Egg Laying Song with Golden Hen").refill()
    table.swap().swap().swap()
    table.do("play Eggy Soldier on P1")
    assert move(table) == "play Cluck-Off against P0's Eggy Soldier"


def test_lets_a_fowl_pass_on_a_player_far_from_winning() -> None:
    table = four(["Egg Laying Song", "Golden Hen", "Fowl"], ANSWERER)
    table.do("sing the Egg Laying Song with Golden Hen").refill()
    table.swap().swap().swap()
    table.do("play Fowl on P1")
    assert move(table) == "let P0's Fowl happen"


def test_lets_egg_bound_pass_on_a_player_without_a_song() -> None:
    table = four(["red Egg Bound"], ANSWERER)
    table.do("play red Egg Bound on P1")
    assert move(table) == "let P0's red Egg Bound happen"


def test_answers_a_red_bad_egg_on_my_second_good_egg() -> None:
    table = four(["red Bad Egg"], ["Egg Laying Song", "Golden Hen", *ANSWERER])
    table.swap()
    table.do("sing the Egg Laying Song with Golden Hen").refill()
    table.swap().swap()
    table.do("play red Bad Egg on P1")
    assert move(table) == "play Cluck-Off against P0's red Bad Egg"


def test_lets_an_egg_splosion_of_a_bad_egg_happen() -> None:
    table = four(
        ["Egg-Splosion"],
        ["Egg Laying Song", "Golden Hen", *ANSWERER],
        ["red Bad Egg"],
        ["red Bad Egg"],
    )
    table.swap()
    table.do("sing the Egg Laying Song with Golden Hen").refill()
    table.do("play red Bad Egg on P1").allow().refill()
    table.do("play red Bad Egg on P1").allow().refill()
    assert table.eggs()[1] == (0, 2)
    table.do("play Egg-Splosion on P1")
    assert move(table) == "let P0's Egg-Splosion happen"


def test_lets_a_star_happen_when_holding_its_four_star_chicken() -> None:
    table = four(
        ["Star Egg Head", "Golden Hen"],
        ["Egg Laying Song", "Rooster", "Cluck-Off", "Mother Hen", "Baby Hen"],
    )
    table.swap()
    table.do("sing the Egg Laying Song with Rooster").refill()
    table.swap().swap()
    table.do("challenge P1: Star Egg Head, Golden Hen face down")
    assert move(table) == "let P0's Star Egg Head happen"
    table.allow()
    assert table.view["phase"] == "star_defence"
    assert move(table) == "defend with Mother Hen"


def test_defends_with_the_chicken_that_cannot_lose() -> None:
    """Against Star Chicken Run, Rooster (3 Speed) and Golden Hen (2) lose to a Baby Hen, the
    likeliest attacker; Baby Hen (4) never loses, so it goes down."""
    table = four(["Star Chicken Run", "Rooster"], ["Baby Hen", "Rooster", "Golden Hen"])
    table.do("challenge P1: Star Chicken Run, Rooster face down").allow()
    assert move(table) == "defend with Baby Hen"


def test_does_not_keep_a_hatch_it_chicken_for_a_better_card() -> None:
    hand = ["Cluck-Off", "Egg Laying Song", "Mother Hen", "green Good Egg", "Eggy Soldier"]
    table = four(["Hatch It", "Baby Hen"], hand)
    table.do("Hatch It on P1 with Baby Hen").allow()
    assert table.eggs()[:2] == [(2, 0), (0, 0)]
    assert move(table) == "do not keep the Baby Hen"


# --- search helpers -------------------------------------------------------------------------------


@pytest.mark.parametrize("rule", ["turn_over", "shuffle"])
def test_evaluate_gives_chances_in_range_along_random_games(rule: str) -> None:
    game = roost.load_game("egg-bound", reshuffle=rule)
    for seed in range(4):
        for step in random_playthrough(game, seed):
            state = step.state
            assert isinstance(state, EggBoundState)
            values = evaluate(state)
            assert len(values) == game.num_players
            assert all(0.0 <= v <= 1.0 for v in values)
            assert sum(values) <= 1.0 + 1e-9
            assert len(features(state, 0)) == len(features(state, 1))


def test_evaluate_favours_the_player_one_egg_from_winning() -> None:
    table = four([], ["Egg Laying Song", "Golden Hen"], ["Egg-Splosion"])
    table.swap()
    table.do("sing the Egg Laying Song with Golden Hen").refill()
    table.do("play Egg-Splosion on P3").allow().refill()
    assert [good for good, _ in table.eggs()] == [1, 2, 1, 0]
    state = table.state
    assert isinstance(state, EggBoundState)
    values = evaluate(state)
    assert values[1] == max(values) and values[3] == min(values)


def test_playout_policy_plays_legal_moves_to_the_end() -> None:
    game = roost.load_game("egg-bound")
    for seed in range(10):
        rng = random.Random(seed)
        state = game.new_initial_state()
        assert isinstance(state, EggBoundState)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            action = playout_action(state, legal, rng) if len(legal) > 1 else legal[0]
            assert action in legal
            state.apply_action(action)


@pytest.mark.parametrize(("players", "rule"), [(2, "turn_over"), (6, "turn_over"), (4, "shuffle")])
def test_search_with_the_game_settings_plays_legal_moves(players: int, rule: str) -> None:
    game = roost.load_game("egg-bound", players=players, reshuffle=rule)
    assert search_hooks(game) is SEARCH
    rng = random.Random(players)
    state: State = game.new_initial_state()
    bot = search_bot(game, 3, iterations=25)
    decisions = 0
    while not state.is_terminal() and decisions < 40:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        action = bot.choose(SeatView(state, player))
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
