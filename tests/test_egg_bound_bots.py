"""Egg Bound's bots: the heuristic's rules of thumb in scenarios, the search helpers' range and
legality. (Legality over many games and determinism are in test_bots.py.)

Scenarios deal a game, then give the seats chosen hands and eggs and, for an answer, put the
card being answered on the table directly (the heuristic reads only the observation, so how
the cards got there does not matter).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import roost
from roost.bots import SEARCH_SETTINGS, search_bot
from roost.bots.heuristic.egg_bound import choose
from roost.core.game import CHANCE
from roost.core.view import SeatView
from roost.games.egg_bound.actions import (
    ALLOW,
    CLUCK,
    DECLINE,
    DEFEND,
    GOOD_EGG,
    HATCH,
    RED,
    SONG,
    SWAP,
    UNBIND,
    star_action,
)
from roost.games.egg_bound.cards import (
    BABY_HEN,
    BAD_EGG_CARD,
    CHICKENS,
    CLUCK_OFF,
    EGG_BOUND_CARD,
    EGG_LAYING_SONG,
    EGG_SPLOSION,
    EGGY_SOLDIER,
    FOWL,
    GOLDEN_HEN,
    GOOD_EGG_CARD,
    HATCH_IT,
    MOTHER_HEN,
    RED_ACTIONS,
    ROOSTER,
    STAR_CHICKEN_RUN,
    STAR_EGG_HEAD,
    STAR_PECKING_ORDER,
    STARS,
    UN_BOUND,
)
from roost.games.egg_bound.phases import DEFENDING, KEEPING, REACT
from roost.games.egg_bound.search import evaluate, features, playout_action
from roost.games.egg_bound.state import EggBoundState
from roost.testing.conformance import random_playthrough

FILLER = (STAR_CHICKEN_RUN, STAR_CHICKEN_RUN, UN_BOUND, STAR_PECKING_ORDER, STAR_EGG_HEAD)
"""Padding for the other hands: nothing a bot could answer with or sing."""


def position(
    hands: Sequence[Sequence[int]],
    *,
    good: Sequence[int] = (1, 1, 1, 1),
    bad: Sequence[int] = (0, 0, 0, 0),
    bound: Sequence[bool] = (False, False, False, False),
    player: int = 0,
) -> EggBoundState:
    """Seat `player` to play its turn with these hands (padded) and eggs."""
    game = roost.load_game("egg-bound", players=len(hands))
    state = game.new_initial_state()
    assert isinstance(state, EggBoundState)
    rng = random.Random(0)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance(rng))
    state._hands = [list(hand) + list(FILLER[: 5 - len(hand)]) for hand in hands]
    state._good = list(good)
    state._bad = list(bad)
    state._bound = list(bound)
    state._mover = state._player = player
    state._legal = None
    return state


def answering(
    state: EggBoundState, attacker: int, card: int, target: int, chicken: int = -1
) -> EggBoundState:
    """`attacker` has just played `card` (with `chicken`) against `target`, who answers."""
    state._phase = REACT
    state._mover = attacker
    state._player = state._target = target
    state._card = card
    state._star = STARS.index(card) if card in STARS else -1
    state._chicken = chicken
    state._table = [card] if chicken < 0 else [card, chicken]
    state._legal = None
    return state


def move(state: EggBoundState) -> int:
    action = choose(SeatView(state, state.current_player()), random.Random(0))
    assert action in state.legal_actions()
    return action


def red(card: int, victim: int) -> int:
    return RED + RED_ACTIONS.index(card) * 6 + victim


# --- my turn ------------------------------------------------------------------------------------


def test_sings_the_egg_laying_song_when_it_can() -> None:
    state = position([[EGG_LAYING_SONG, GOLDEN_HEN, BAD_EGG_CARD, FOWL, EGG_BOUND_CARD]] + [[]] * 3)
    assert SONG <= move(state) < HATCH


def test_wins_at_once_with_a_green_good_egg() -> None:
    state = position(
        [[GOOD_EGG_CARD, EGGY_SOLDIER, MOTHER_HEN, HATCH_IT, BAD_EGG_CARD]] + [[]] * 3,
        good=(2, 2, 1, 1),
        bad=(1, 0, 0, 0),
    )
    assert move(state) == GOOD_EGG


def test_takes_eggs_from_the_leader() -> None:
    state = position([[EGGY_SOLDIER, STAR_EGG_HEAD, UN_BOUND]] + [[]] * 3, good=(1, 1, 2, 1))
    assert move(state) == red(EGGY_SOLDIER, 2)


def test_gets_un_bound_when_a_song_waits() -> None:
    state = position(
        [[UN_BOUND, EGG_LAYING_SONG, ROOSTER, STAR_EGG_HEAD]] + [[]] * 3,
        bound=(True, False, False, False),
    )
    assert move(state) == UNBIND


def test_challenges_with_the_chicken_strong_for_the_score() -> None:
    state = position(
        [[STAR_PECKING_ORDER, ROOSTER, BABY_HEN, UN_BOUND, FOWL]] + [[]] * 3, good=(1, 2, 1, 1)
    )
    assert move(state) == star_action(STARS.index(STAR_PECKING_ORDER), CHICKENS.index(ROOSTER), 1)


def test_swaps_away_a_useless_card_rather_than_waste_a_play() -> None:
    state = position([[UN_BOUND, STAR_EGG_HEAD, BABY_HEN, CLUCK_OFF, CLUCK_OFF]] + [[]] * 3)
    assert move(state) == SWAP
    state.apply_action(SWAP)
    pool = {card for card, _ in state.chance_outcomes()}
    state.apply_action(next(c for c in (GOOD_EGG_CARD, EGG_LAYING_SONG, CLUCK_OFF) if c in pool))
    assert state._hands[0].count(UN_BOUND) == 1
    discard = move(state)
    assert discard == UN_BOUND  # DISCARD + type - 1 is the type itself


# --- answering ------------------------------------------------------------------------------------


def test_keeps_a_cluck_off_for_a_real_threat() -> None:
    hands = [[], [CLUCK_OFF, BABY_HEN, STAR_EGG_HEAD], [], []]
    # An Eggy Soldier that would give the attacker a third Good Egg: answered.
    state = answering(position(hands, good=(2, 1, 1, 1)), 0, EGGY_SOLDIER, 1)
    assert move(state) == CLUCK
    # A Fowl on a player far from winning: let it pass.
    state = answering(position(hands, good=(2, 1, 1, 1)), 0, FOWL, 1)
    assert move(state) == ALLOW
    # An Egg Bound on a player without a Song: let it pass.
    state = answering(position(hands, good=(1, 1, 1, 1)), 0, EGG_BOUND_CARD, 1)
    assert move(state) == ALLOW
    # A red Bad Egg on my second Good Egg: answered.
    state = answering(position(hands, good=(1, 2, 1, 1)), 0, BAD_EGG_CARD, 1)
    assert move(state) == CLUCK


def test_lets_an_egg_splosion_of_a_bad_egg_happen() -> None:
    hands = [[], [CLUCK_OFF, BABY_HEN, STAR_EGG_HEAD], [], []]
    state = answering(position(hands, good=(1, 0, 1, 1), bad=(0, 2, 0, 0)), 0, EGG_SPLOSION, 1)
    assert move(state) == ALLOW


def test_lets_a_star_happen_when_holding_its_four_star_chicken() -> None:
    hands = [[], [CLUCK_OFF, MOTHER_HEN, BABY_HEN], [], []]
    state = answering(position(hands, good=(1, 2, 1, 1)), 0, STAR_EGG_HEAD, 1, GOLDEN_HEN)
    assert move(state) == ALLOW
    state.apply_action(ALLOW)
    assert state._phase == DEFENDING
    assert move(state) == DEFEND + CHICKENS.index(MOTHER_HEN)


def test_defends_with_the_chicken_that_cannot_lose() -> None:
    """Against Star Chicken Run, Rooster (3 Speed) and Golden Hen (2) lose to a Baby Hen, the
    likeliest attacker; Baby Hen (4) never loses, so it goes down."""
    hands = [[], [BABY_HEN, ROOSTER, GOLDEN_HEN], [], []]
    state = answering(position(hands), 0, STAR_CHICKEN_RUN, 1, ROOSTER)
    state.apply_action(ALLOW)
    assert move(state) == DEFEND + CHICKENS.index(BABY_HEN)


def test_does_not_keep_a_hatch_it_chicken_for_a_better_card() -> None:
    hands = [[], [CLUCK_OFF, EGG_LAYING_SONG, MOTHER_HEN, GOOD_EGG_CARD, EGGY_SOLDIER], [], []]
    state = answering(position(hands), 0, HATCH_IT, 1, BABY_HEN)
    state._good = [2, 0, 1, 1]
    state._phase = KEEPING
    state._legal = None
    assert move(state) == DECLINE


# --- search helpers -------------------------------------------------------------------------------


def test_evaluate_gives_chances_in_range_along_random_games() -> None:
    game = roost.load_game("egg-bound")
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
    state = position([[]] * 4, good=(1, 2, 1, 0))
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


@pytest.mark.parametrize("players", [2, 6])
def test_search_with_the_game_settings_plays_legal_moves(players: int) -> None:
    assert "egg-bound" in SEARCH_SETTINGS
    game = roost.load_game("egg-bound", players=players)
    rng = random.Random(players)
    state = game.new_initial_state()
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
