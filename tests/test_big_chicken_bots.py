"""BIG CHICKEN's bots: the heuristic's rules of thumb in scenarios, the search helpers' range and
legality. (Legality over many games and determinism are in test_bots.py.)

The heuristic decides from its seat's observation and legal actions only. Most scenarios here
pose a position by hand (a few cards each, a Lay on the table): the seat's real observation of a
dealt game with those hands and that Lay put in, and the legal actions the rules give there (the
Lays the hand holds that beat the Lay on the table). The others are reached by play.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import roost
from roost.bots import search_bot
from roost.bots.heuristic.big_chicken import choose
from roost.core.search import search_hooks
from roost.core.view import SeatView
from roost.games.big_chicken import search
from roost.games.big_chicken.actions import (
    BIG_RED_LAY,
    CARDS,
    CATCH,
    CLUCK,
    COOP_SIZE,
    DECLARE,
    FLIP,
    LAY_TEXT,
    LET_GO,
    NUM_LAYS,
    PLAY,
    SIZE,
    SKIP,
    Phase,
    beats,
)
from roost.games.big_chicken.state import BigChickenState
from roost.games.big_chicken.views import lay_of
from roost.testing.conformance import random_playthrough
from roost.testing.scenario import Scenario, lowest_unreserved
from tests.test_big_chicken_rules import (
    BIG_RED_AND_COOPS,
    LITTLE_COOP_10S,
    ROUND_ONE,
    Table,
    card,
    play_out_round_one,
    strict_to_last_egg,
)

FILLER = ("blue 7", "green 8", "yellow 9", "orange 10", "blue 8", "green 9", "yellow 10")


class Posed(SeatView):
    """Seat `seat` to move with these hands and `top` (laid by seat `by`) to beat."""

    __slots__ = ("_legal", "_obs")

    def __init__(
        self,
        hands: Sequence[Sequence[str]],
        *,
        seat: int = 0,
        top: str | None = None,
        by: int | None = None,
    ) -> None:
        scenario = Scenario("big-chicken", players=len(hands), fill=lowest_unreserved).settle()
        super().__init__(scenario.state, seat)
        held = [sorted(card(name) for name in hand) for hand in hands]
        obs = dict(scenario.obs(seat))
        obs.update(
            phase=Phase.PLAY,
            current_player=seat,
            hand=held[seat],
            hand_sizes=[len(hand) for hand in held],
        )
        mine = Counter(held[seat])
        lays = [a for a in range(1, NUM_LAYS + 1) if not Counter(CARDS[a]) - mine]
        if top is None:
            obs.update(run=[], to_beat=None)
            self._legal = lays
        else:
            assert by is not None
            on_table = lay_of(by, LAY_TEXT.index(top))
            obs.update(run=[on_table], to_beat=on_table)
            self._legal = [CLUCK] + [a for a in lays if beats(a, LAY_TEXT.index(top))]
        self._obs = obs

    def observation(self) -> Mapping[str, Any]:
        return self._obs

    def legal_actions(self) -> list[int]:
        return list(self._legal)


def move(view: SeatView) -> str:
    action = choose(view, random.Random(0))
    assert action in view.legal_actions()
    return LAY_TEXT[action]


def test_goes_out_when_one_lay_empties_the_hand() -> None:
    view = Posed(
        [["blue 9", "orange 9"], FILLER, FILLER, FILLER], top="pair: green 8 + blue 8", by=1
    )
    assert move(view) == "pair: orange 9 + blue 9"


def test_leads_the_lowest_whole_group() -> None:
    hand = ["green 7", "orange 7", "blue 8", "yellow 9", "orange 9", "Big Red", "Blue Chicken"]
    assert move(Posed([hand, FILLER, FILLER, FILLER])) == "pair: orange 7 + green 7"


def test_does_not_lead_a_single_to_a_player_with_one_card() -> None:
    hand = ["green 7", "blue 8", "orange 8", "yellow 9", "orange 10"]
    assert move(Posed([hand, ["blue 10"], FILLER, FILLER])) == "pair: orange 8 + blue 8"


def test_with_two_lays_left_leads_big_red_first() -> None:
    view = Posed([["green 7", "orange 7", "Big Red"], FILLER, FILLER, FILLER])
    assert move(view) == "single: Big Red"


def test_follows_with_a_whole_group_not_a_broken_one() -> None:
    hand = ["blue 8", "green 8", "yellow 9", "green 10", "orange 10", "Orange Chicken"]
    view = Posed([hand, FILLER, FILLER, FILLER], top="single: blue 7", by=3)
    assert move(view) == "single: yellow 9"


def test_a_duck_completes_a_set_rather_than_playing_alone() -> None:
    hand = ["yellow 10", "Duck", "blue 7", "green 7", "yellow 8", "orange 8"]
    view = Posed([hand, FILLER, FILLER, FILLER], top="pair: green 9 + blue 9", by=2)
    assert move(view) == "pair: yellow 10 + duck as blue 10"


def test_spends_a_chicken_rather_than_cluck() -> None:
    hand = ["blue 7", "green 8", "yellow 9", "Big Red", "Blue Chicken", "green 9"]
    view = Posed([hand, FILLER, FILLER, FILLER], top="single: orange 10", by=2)
    assert move(view) == "single: Blue Chicken"


def test_keeps_big_red_when_nothing_is_at_stake() -> None:
    hand = ["blue 7", "green 8", "yellow 9", "Big Red", "green 9"]
    view = Posed([hand, FILLER, FILLER, FILLER], top="single: Orange Chicken", by=2)
    assert move(view) == "cluck (pass)"


def test_spends_big_red_when_the_runs_winner_is_about_to_go_out() -> None:
    hand = ["blue 7", "green 8", "yellow 9", "Big Red", "green 9"]
    view = Posed([hand, FILLER, ["orange 9"], FILLER], top="single: Orange Chicken", by=2)
    assert move(view) == "single: Big Red"


def test_spends_big_red_to_win_the_run_that_lets_it_go_out() -> None:
    hand = ["Big Red", "blue 8", "yellow 8"]
    view = Posed([hand, FILLER, FILLER, FILLER], top="single: orange 10", by=3)
    assert move(view) == "single: Big Red"


def test_skips_after_a_coop() -> None:
    table = Table({0: BIG_RED_AND_COOPS})
    table.do(LITTLE_COOP_10S)
    assert table.state.legal_actions() == [FLIP, SKIP]
    assert choose(SeatView(table.state, 0), random.Random(0)) == SKIP


def test_says_last_egg_and_catches_whoever_stays_quiet() -> None:
    table = strict_to_last_egg()
    assert choose(SeatView(table.state, 0), random.Random(0)) == DECLARE
    table.do("stay quiet (do not say Last Egg)")
    assert table.state.legal_actions() == [CATCH, LET_GO]
    assert choose(SeatView(table.state, 1), random.Random(0)) == CATCH


def test_the_bad_egg_gives_back_a_lone_low_card() -> None:
    table = Table(ROUND_ONE)
    play_out_round_one(table)  # P3 is the Bad Egg, P0 the Good Egg
    table.deal(
        {
            0: ["Big Red", "Orange Chicken"],
            3: ["blue 7", "green 7", "yellow 8", "orange 10", "Duck",
                "blue 9", "blue 9", "green 9", "green 9", "yellow 9"],
        }
    )  # fmt: skip
    table.do("give your best card, Orange Chicken, to the Bad Egg (face up)")
    action = choose(SeatView(table.state, 3), random.Random(0))
    assert table.state.action_to_string(action) == "give yellow 8 back to the Good Egg (face up)"


def test_lays_needed_counts_whole_groups_and_loose_ducks() -> None:
    hand = ["Big Red", "blue 7", "green 7", "orange 9", "Duck", "Duck",
            "blue 10", "blue 10", "green 10", "yellow 10"]  # fmt: skip
    table = Table({0: hand})
    state = table.state
    assert isinstance(state, BigChickenState)
    # A pair of 7s and a single 9 (each can take a Duck), four 10s, the Chickens: 4 Lays.
    assert search.features(state, 0)[search.FEATURES.index("Lays needed to go out")] == 4


@pytest.mark.parametrize("params", [{}, {"players": 2}, {"players": 6}, {"returns": "score"}])
def test_the_estimate_is_in_range_and_the_playout_policy_is_legal(
    params: dict[str, object],
) -> None:
    game = roost.load_game("big-chicken", **params)
    for seed in range(3):
        for step in random_playthrough(game, seed):
            state = step.state
            assert isinstance(state, BigChickenState)
            if state.current_player() < 0:
                continue
            values = search.evaluate(state)
            assert len(values) == game.num_players
            assert all(0.0 <= v <= 1.0 for v in values)
            if params.get("returns") != "score":
                assert sum(values) == pytest.approx(1.0)
            legal = state.legal_actions()
            assert search.playout_action(state, legal, random.Random(seed)) in legal


@pytest.mark.parametrize(
    "params", [{}, {"players": 2}, {"players": 6}, {"players": 3, "copies": "duck=1/eggs-6=2"}]
)
def test_the_cheapest_follow_is_the_listings_cheapest(params: dict[str, object]) -> None:
    """The follow found from the hand's tables is the one a pass over the listed Lays finds:
    the least `_cost`, the first in the list among equals (the playout policy picks it)."""
    game = roost.load_game("big-chicken", **params)
    checked = 0
    for seed in range(4):
        for step in random_playthrough(game, seed):
            state = step.state
            assert isinstance(state, BigChickenState)
            top = state._top
            if state._phase != PLAY or top < 0 or top == BIG_RED_LAY or SIZE[top] >= COOP_SIZE:
                continue
            p = state._player
            eggs, ducks, chicks = state._eggs[p], state._ducks[p], state._chicks[p]
            legal = state.legal_actions()
            expected, expected_cost = -1, 0.0
            for action in legal[1:]:  # (legal[0] is the Cluck)
                cost = search._cost(action, eggs, chicks)
                if expected < 0 or cost < expected_cost:
                    expected, expected_cost = action, cost
            assert search._cheapest_follow(eggs, ducks, chicks, top) == (expected, expected_cost)
            checked += 1
    assert checked > 100


def test_the_search_uses_the_games_settings_and_plays_legally() -> None:
    game = roost.load_game("big-chicken")
    hooks = search_hooks(game)
    assert hooks is search.SEARCH
    assert hooks.evaluate is search.evaluate and hooks.worlds is not None
    states = [s.state.clone() for s in random_playthrough(game, 5)]
    state = next(s for s in states[len(states) // 3 :] if len(s.legal_actions()) > 2)
    seat = state.current_player()
    bot = search_bot(game, 1, iterations=200)
    assert bot.choose(SeatView(state, seat)) in state.legal_actions()
    assert bot.last_iterations == 200
