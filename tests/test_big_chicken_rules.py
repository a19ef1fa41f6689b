"""BIG CHICKEN: Just Hatched: one scenario per rule (RULES.md), per item of the issue, and per
kind of illegal action.

Every scenario chooses the chance outcomes (which card each seat is dealt, which card a penalty
or tie draw gives) and plays public actions by their text; nothing pokes at a state's insides.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import roost
from roost.core.errors import IllegalActionError, ParameterError
from roost.core.game import CHANCE, OMNISCIENT, TERMINAL
from roost.games.big_chicken.cards import CARD_NAMES, DECK_SETUP, build_deck
from roost.games.big_chicken.lays import (
    CLUCK,
    FIRST_CHICKEN_LAY,
    FLIP,
    LAY_TEXT,
    NUM_ACTIONS,
    NUM_LAYS,
    SKIP,
)
from roost.games.big_chicken.state import BigChickenState

NAME = {name: card for card, name in enumerate(CARD_NAMES)}


class Table:
    """A game whose deals give the named cards to the named seats (the rest: lowest first)."""

    def __init__(self, hands: dict[int, list[str]], players: int = 4, **params: Any) -> None:
        self.game = roost.load_game("big-chicken", players=players, **params)
        self.state: BigChickenState = self.game.new_initial_state()  # type: ignore[assignment]
        self.deal(hands)

    @property
    def obs(self) -> dict[str, Any]:
        return self.state.observation(OMNISCIENT)

    def dealt_to(self) -> int:
        return int(self.state.action_to_string(0, OMNISCIENT).split()[0][1:])

    def deal(self, hands: dict[int, list[str]]) -> Table:
        """Deal a whole Round: `hands` says which cards (by name) go to which seat."""
        wanted = {seat: [NAME[name] for name in cards] for seat, cards in hands.items()}
        while self.state.current_player() == CHANCE and self.obs["phase"] == "deal":
            seat = self.dealt_to()
            if wanted.get(seat):
                card = wanted[seat].pop(0)
            else:
                pool = Counter(NAME[name] for name in self.obs["deck_pool"])
                reserved = Counter(card for cards in wanted.values() for card in cards)
                card = min(c for c in pool if pool[c] > reserved[c])
            self.state.apply_action(card)
        assert not any(wanted.values()), f"cards not dealt: {wanted}"
        return self

    def texts(self) -> list[str]:
        return [self.state.action_to_string(a, OMNISCIENT) for a in self.state.legal_actions()]

    def do(self, *texts: str) -> Table:
        """The player to move takes the actions with these texts, in turn."""
        for text in texts:
            legal = self.state.legal_actions()
            by_text = {self.state.action_to_string(a, OMNISCIENT): a for a in legal}
            assert text in by_text, f"{text!r} is not legal; legal: {list(by_text)}"
            self.state.apply_action(by_text[text])
        return self

    def draw(self, *names: str) -> Table:
        """Chance gives these cards (a penalty or tie draw)."""
        for name in names:
            assert self.state.current_player() == CHANCE
            self.state.apply_action(NAME[name])
        return self

    def reason(self, action: object) -> str:
        before = self.state.clone()
        with pytest.raises(IllegalActionError) as error:
            self.state.apply_action(action)  # type: ignore[arg-type]
        assert self.state == before
        return error.value.reason

    @property
    def player(self) -> int:
        return self.state.current_player()


def lay(text: str) -> int:
    return LAY_TEXT.index(text)


BIG_RED_AND_COOPS = [
    "Big Red",
    "orange 10", "orange 10", "yellow 10", "yellow 10",
    "blue 9", "blue 9", "green 9", "green 9", "yellow 9",
]  # fmt: skip
"""P0 can go out in three Lays: a Little Coop of 10s, a Big Coop of 9s and Big Red."""


# --- the deck and the deal ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deck_is_built_per_player_count_from_one_table(players: int) -> None:
    game = roost.load_game("big-chicken", players=players)
    deck = Counter(CARD_NAMES[c] for c in game.all_cards())
    ducks, lowest = DECK_SETUP[players]
    assert deck["Duck"] == ducks == (1 if players == 3 else 3)
    assert all(deck[chicken] == 1 for chicken in ("Blue Chicken", "Orange Chicken", "Big Red"))
    sizes = {2: 40, 3: 30, 4: 40, 5: 50, 6: 60}
    assert len(game.all_cards()) == sizes[players]
    assert deck["orange 10"] == deck["blue 7" if players != 3 else "blue 8"] == 2
    if players == 5:
        assert deck["orange 5"] == 2 and deck["yellow 5"] == 0
    if players == 6:
        assert deck["yellow 4"] == deck["orange 4"] == 2 and deck["green 4"] == 0
    assert min(c for c in game.all_cards() if c < 40) // 4 + 1 == min(lowest)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_all_cards_are_dealt_ten_each(players: int) -> None:
    table = Table({}, players=players)
    assert table.obs["hand_sizes"] == [10] * players
    assert table.obs["deck_size"] == (20 if players == 2 else 0)


def test_round_one_is_led_by_big_red_who_is_shown_to_everyone() -> None:
    table = Table({2: ["Big Red"]})
    for viewer in (None, 0, 1, 2, 3):
        obs = table.state.observation(viewer)
        assert obs["leader"] == 2 and obs["current_player"] == 2
        assert obs["shown"] == {"seat": 2, "card": "Big Red"}
    assert CLUCK not in table.state.legal_actions()  # the leader must lay


def test_direction_starts_cluckwise() -> None:
    table = Table({0: ["Big Red", "orange 9"]})
    assert table.obs["direction"] == "cluckwise"
    table.do("single: orange 9")
    assert table.player == 1


def test_the_dealer_deals_from_the_next_player() -> None:
    table = Table({})
    assert table.obs["dealer"] == 3
    fresh = roost.load_game("big-chicken").new_initial_state()
    assert fresh.action_to_string(0, OMNISCIENT).startswith("P0 is dealt")


# --- the pecking order and Lays --------------------------------------------------------------


def test_numbers_come_before_suits() -> None:
    table = Table({0: ["Big Red", "orange 9"], 1: ["blue 10"]})
    table.do("single: orange 9")
    assert "single: blue 10" in table.texts()
    table = Table({0: ["Big Red", "blue 10"], 1: ["orange 9"]})
    table.do("single: blue 10")
    assert "is not higher than" in table.reason(lay("single: orange 9"))


def test_equal_numbers_compare_suits_blue_green_yellow_orange() -> None:
    table = Table({0: ["Big Red", "green 9"], 1: ["blue 9", "yellow 9", "orange 9"]})
    table.do("single: green 9")
    texts = table.texts()
    assert "single: yellow 9" in texts and "single: orange 9" in texts
    assert "single: blue 9" not in texts
    assert "not higher" in table.reason(lay("single: blue 9"))


def test_an_identical_lay_is_not_higher() -> None:
    table = Table({0: ["Big Red", "yellow 9", "blue 9"], 1: ["yellow 9", "blue 9", "green 9"]})
    table.do("pair: yellow 9 + blue 9")
    assert "not higher" in table.reason(lay("pair: yellow 9 + blue 9"))
    assert "pair: yellow 9 + green 9" in table.texts()


def test_sets_compare_by_number_then_highest_suit_then_the_next() -> None:
    table = Table(
        {
            0: ["Big Red", "yellow 9", "green 9"],
            1: ["yellow 9", "blue 9", "green 9", "orange 8", "orange 8", "blue 10", "blue 10"],
        }
    )
    table.do("pair: yellow 9 + green 9")
    texts = table.texts()
    assert "pair: yellow 9 + blue 9" not in texts  # same highest suit, lower next suit
    assert "pair: green 9 + blue 9" not in texts  # lower highest suit
    assert "pair: orange 8 + orange 8" not in texts  # lower number
    assert "pair: blue 10 + blue 10" in texts  # a higher number wins whatever the suits


def test_a_lay_must_be_the_kind_of_the_lead() -> None:
    table = Table({0: ["Big Red", "blue 8"], 1: ["orange 9", "orange 9", "orange 10"]})
    table.do("single: blue 8")
    reason = table.reason(lay("pair: orange 9 + orange 9"))
    assert "is not a single" in reason
    table.do("single: orange 10")
    assert "pair: orange 9 + orange 9" not in table.texts()


def test_trips_follow_trips() -> None:
    table = Table(
        {0: ["Big Red", "blue 8", "blue 8", "green 8"], 1: ["blue 9", "green 9", "yellow 9"]}
    )
    table.do("trips: green 8 + blue 8 + blue 8", "trips: yellow 9 + green 9 + blue 9")
    assert table.obs["to_beat"] == "trips: yellow 9 + green 9 + blue 9"


def test_chickens_are_above_every_number_in_suit_order() -> None:
    table = Table(
        {0: ["Big Red", "orange 10", "Yellow Chicken"], 1: ["Blue Chicken", "Orange Chicken"]}
    )
    table.do("single: orange 10")
    assert {"single: Blue Chicken", "single: Orange Chicken"} <= set(table.texts())
    table = Table({0: ["Big Red", "Yellow Chicken"], 1: ["Blue Chicken", "Orange Chicken"]})
    table.do("single: Yellow Chicken")
    assert "single: Blue Chicken" not in table.texts()
    assert "single: Orange Chicken" in table.texts()


def test_chickens_make_pairs_and_trips_but_never_take_a_duck() -> None:
    table = Table({0: ["Big Red", "Blue Chicken", "Green Chicken", "Duck"]})
    texts = table.texts()
    assert "pair: Big Red + Blue Chicken" in texts
    assert "trips: Big Red + Green Chicken + Blue Chicken" in texts
    assert not any("Chicken" in t and "duck" in t for t in texts)
    assert not any(t.startswith("pair") and "Red" in t and "duck" in t for t in texts)


def test_big_red_alone_is_the_highest_single_and_nothing_beats_it() -> None:
    table = Table(
        {
            0: ["Big Red", "orange 10"],
            1: ["Orange Chicken", "blue 9", "blue 9", "green 9", "green 9"],
        }
    )
    table.do("single: orange 10")
    table.do("single: Orange Chicken")
    table.do("cluck (pass)", "cluck (pass)")
    assert "single: Big Red" in table.texts()
    table.do("single: Big Red")
    # Not even a Coop beats Big Red laid alone.
    assert table.texts() == ["cluck (pass)"]
    assert "nothing beats Big Red" in table.reason(
        lay("little coop: green 9 + green 9 + blue 9 + blue 9")
    )


# --- Coops ----------------------------------------------------------------------------------


def test_a_coop_may_be_laid_on_any_lay() -> None:
    coop = "little coop: green 9 + green 9 + blue 9 + blue 9"
    for lead, lead_cards in [
        ("single: orange 10", ["orange 10"]),
        ("pair: orange 10 + orange 10", ["orange 10", "orange 10"]),
        ("trips: orange 10 + orange 10 + yellow 10", ["orange 10", "orange 10", "yellow 10"]),
    ]:
        table = Table({0: ["Big Red", *lead_cards], 1: ["blue 9", "blue 9", "green 9", "green 9"]})
        table.do(lead)
        assert coop in table.texts(), lead


def test_only_a_higher_coop_or_big_red_alone_beats_a_coop() -> None:
    table = Table(
        {
            0: ["Big Red", "Orange Chicken", "blue 8", "blue 8", "green 8", "green 8"],
            1: ["blue 9", "blue 9", "green 9", "green 9", "orange 10"],
            2: ["blue 7", "blue 7", "green 7", "green 7", "yellow 7"],
        }
    )
    table.do("single: Orange Chicken", "little coop: green 9 + green 9 + blue 9 + blue 9")
    table.do("skip the next player (P2)")
    # P3 cluck, P0: only Big Red alone (not in a pair) or a higher Coop.
    table.do("cluck (pass)")
    texts = table.texts()
    assert "single: Big Red" in texts
    assert "little coop: green 8 + green 8 + blue 8 + blue 8" not in texts
    assert "only a higher Coop" in table.reason(lay("single: blue 8"))


def test_a_big_coop_beats_a_little_coop_of_any_number() -> None:
    table = Table(
        {
            0: ["Big Red", "orange 10", "orange 10", "yellow 10", "yellow 10"],
            1: ["blue 7", "blue 7", "green 7", "green 7", "yellow 7"],
        }
    )
    table.do(
        "little coop: orange 10 + orange 10 + yellow 10 + yellow 10",
        "flip: reverse the direction of play",
    )
    # Counter-cluckwise now: P3, P2 cluck, then P1 may lay the Big Coop of 7s.
    table.do("cluck (pass)", "cluck (pass)")
    assert table.player == 1
    assert "big coop: yellow 7 + green 7 + green 7 + blue 7 + blue 7" in table.texts()


def test_all_chicken_coops_top_their_size_and_a_skip_counts_as_a_cluck() -> None:
    table = Table(
        {
            0: ["Big Red", "Blue Chicken", "Green Chicken", "Yellow Chicken", "Orange Chicken"],
            2: ["orange 10", "orange 10", "yellow 10", "yellow 10", "green 10"],
        }
    )
    big = "big coop: Big Red + Orange Chicken + Yellow Chicken + Green Chicken + Blue Chicken"
    little = "little coop: Orange Chicken + Yellow Chicken + Green Chicken + Blue Chicken"
    assert big in table.texts()
    table.do(little, "skip the next player (P1)")
    assert table.player == 2
    # A Little Coop of 10s does not beat the Chicken Little Coop; a Big Coop does.
    texts = table.texts()
    assert "little coop: orange 10 + orange 10 + yellow 10 + yellow 10" not in texts
    assert "big coop: orange 10 + orange 10 + yellow 10 + yellow 10 + green 10" in texts
    table.do("cluck (pass)", "cluck (pass)")
    assert table.player == 0 and table.obs["to_beat"] is None  # P1 skipped: Run won by P0


def test_after_a_coop_its_player_must_flip_or_skip() -> None:
    table = Table({0: BIG_RED_AND_COOPS})
    table.do("little coop: orange 10 + orange 10 + yellow 10 + yellow 10")
    assert table.obs["phase"] == "flip or skip"
    assert table.state.legal_actions() == [FLIP, SKIP]
    assert "choose to flip or to skip" in table.reason(CLUCK)
    table.do("flip: reverse the direction of play")
    assert table.obs["direction"] == "counter-cluckwise" and table.player == 3


def test_skip_passes_over_the_next_player() -> None:
    table = Table({0: BIG_RED_AND_COOPS})
    table.do("little coop: orange 10 + orange 10 + yellow 10 + yellow 10")
    table.do("skip the next player (P1)")
    assert table.obs["direction"] == "cluckwise" and table.player == 2


# --- Ducks ----------------------------------------------------------------------------------


def test_a_duck_is_declared_as_any_numbered_card_even_one_not_in_the_deck() -> None:
    table = Table({0: ["Big Red", "Duck", "orange 9"]})
    texts = table.texts()
    assert "single: duck as blue 2" in texts  # no 2s in the 4-player deck
    assert "pair: orange 9 + duck as blue 9" in texts
    assert "pair: orange 9 + duck as orange 9" in texts
    table.do("pair: orange 9 + duck as blue 9")
    assert table.obs["to_beat"] == "pair: orange 9 + duck as blue 9"
    assert "Duck" not in table.obs["hands"][0]


def test_a_duck_counts_as_its_declared_card() -> None:
    table = Table({0: ["Big Red", "Duck", "blue 9"], 1: ["green 9", "yellow 9"]})
    table.do("pair: blue 9 + duck as orange 9")
    # The pair is orange 9 + blue 9: P1's yellow 9 + green 9 is lower (highest suit yellow).
    assert table.player == 3  # the Duck flipped the direction
    table.do("cluck (pass)", "cluck (pass)")
    assert table.player == 1
    assert "pair: yellow 9 + green 9" not in table.texts()


def test_only_one_duck_per_lay_and_never_in_a_coop() -> None:
    table = Table({0: ["Big Red", "Duck", "Duck", "orange 9", "orange 9", "yellow 9"]})
    texts = table.texts()
    assert not any(t.count("duck") > 1 for t in texts)
    assert not any("coop" in t and "duck" in t for t in texts)
    assert "trips: orange 9 + orange 9 + duck as yellow 9" in texts
    assert all("coop" not in LAY_TEXT[a] or "duck" not in LAY_TEXT[a] for a in range(NUM_LAYS))


def test_every_duck_flips_the_direction() -> None:
    table = Table({0: ["Big Red", "Duck", "blue 7"], 3: ["Duck", "blue 10"]})
    table.do("single: duck as orange 7")
    assert table.obs["direction"] == "counter-cluckwise" and table.player == 3
    table.do("single: duck as blue 10")
    assert table.obs["direction"] == "cluckwise" and table.player == 0


# --- Clucking and Runs -----------------------------------------------------------------------


def test_clucking_does_not_bind_within_a_run() -> None:
    table = Table({0: ["Big Red", "blue 7", "orange 9"], 1: ["Orange Chicken"], 2: ["green 7"]})
    table.do("single: blue 7", "cluck (pass)", "single: green 7", "cluck (pass)")
    table.do("single: orange 9")
    assert table.player == 1
    assert "single: Orange Chicken" in table.texts()  # P1 clucked before and may lay now


def test_a_run_ends_when_play_comes_back_and_its_winner_leads() -> None:
    table = Table({0: ["Big Red", "orange 9"]})
    table.do("single: orange 9", "cluck (pass)", "cluck (pass)", "cluck (pass)")
    obs = table.obs
    assert obs["discard_size"] == 1 and obs["run"] == [] and obs["to_beat"] is None
    assert table.player == 0 and CLUCK not in table.state.legal_actions()
    assert "leader cannot cluck" in table.reason(CLUCK)


def test_the_clucked_players_are_shown() -> None:
    table = Table({0: ["Big Red", "orange 9"]})
    table.do("single: orange 9", "cluck (pass)", "cluck (pass)")
    assert table.obs["clucked"] == [1, 2]


# --- the end of a Round, scoring, the exchange ---------------------------------------------


def play_out_round_one(table: Table) -> None:
    """P0 (BIG_RED_AND_COOPS) goes out; P2 (a Big Coop of 8s) lays one Coop on the way."""
    table.do("little coop: orange 10 + orange 10 + yellow 10 + yellow 10")
    table.do("skip the next player (P1)")
    table.do("big coop: yellow 8 + green 8 + green 8 + blue 8 + blue 8")
    table.do("flip: reverse the direction of play")  # counter-cluckwise: P1 next
    table.do("cluck (pass)")
    table.do("big coop: yellow 9 + green 9 + green 9 + blue 9 + blue 9")
    table.do("skip the next player (P3)")
    assert table.obs["last_egg"][0] == "said"  # said for P0 automatically
    table.do("cluck (pass)", "cluck (pass)")
    table.do("single: Big Red")


ROUND_ONE = {
    0: BIG_RED_AND_COOPS,
    2: ["blue 8", "blue 8", "green 8", "green 8", "yellow 8"],
    3: ["Orange Chicken"],
}


def test_going_out_ends_the_round_and_scores_cards_times_multiplier() -> None:
    table = Table(ROUND_ONE)
    play_out_round_one(table)
    obs = table.obs
    # P0 out: 0; P1 and P3 kept 10 cards (x3); P2 kept 5 (x1).
    assert obs["round_scores"] == [[0, 30, 5, 30]]
    assert obs["scores"] == [0, 30, 5, 30]
    assert obs["last_round_hands"][0] == [] and len(obs["last_round_hands"][2]) == 5
    assert obs["round"] == 2 and obs["phase"] == "deal"


def test_bad_egg_tie_in_round_one_goes_to_the_highest_card_held() -> None:
    table = Table(ROUND_ONE)
    play_out_round_one(table)
    # P1 and P3 tie on 30; P3 holds the Orange Chicken.
    assert table.obs["bad_egg"] == 3 and table.obs["good_egg"] == 0


def test_the_bad_egg_deals_and_the_direction_carries_over() -> None:
    table = Table(ROUND_ONE)
    play_out_round_one(table)
    assert table.obs["dealer"] == 3
    assert table.state.action_to_string(0, OMNISCIENT).startswith("P0 is dealt")
    assert table.obs["direction"] == "counter-cluckwise"


def test_the_good_egg_gives_its_best_card_but_big_red_and_gets_one_back() -> None:
    table = Table(ROUND_ONE)
    play_out_round_one(table)
    table.deal({0: ["Big Red", "Yellow Chicken", "Duck"], 3: ["orange 10"]})
    assert table.obs["phase"] == "exchange: the Good Egg gives" and table.player == 0
    assert table.texts() == ["give your best card, Yellow Chicken, to the Bad Egg (face up)"]
    assert "best card" in table.reason(1288 + NAME["Duck"])
    table.do("give your best card, Yellow Chicken, to the Bad Egg (face up)")
    assert table.player == 3
    assert "cannot give back" in table.reason(1334 + NAME["Yellow Chicken"])
    table.do("give orange 10 back to the Good Egg (face up)")
    for viewer in (None, 1, 2):
        exchange = table.state.observation(viewer)["exchange"]
        assert exchange == {"given": "Yellow Chicken", "returned": "orange 10"}
    hands = table.obs["hands"]
    assert "Yellow Chicken" in hands[3] and "orange 10" in hands[0]
    # The Good Egg leads, in the direction carried over.
    assert table.player == 0 and table.obs["leader"] == 0
    table.do("single: orange 10")
    assert table.player == 3


def test_a_duck_is_the_best_card_without_chickens() -> None:
    table = Table(ROUND_ONE)
    play_out_round_one(table)
    table.deal({0: ["Big Red", "Duck", "orange 10"], 3: ["Blue Chicken"]})
    assert table.texts() == ["give your best card, Duck, to the Bad Egg (face up)"]


def test_the_bad_egg_must_give_a_card_it_holds() -> None:
    table = Table(ROUND_ONE)
    play_out_round_one(table)
    table.deal({0: ["Big Red", "Yellow Chicken"], 3: ["Blue Chicken"]})
    table.do("give your best card, Yellow Chicken, to the Bad Egg (face up)")
    held = set(table.obs["hands"][3])
    missing = next(name for name in NAME if name not in held and name != "Yellow Chicken")
    assert "you do not hold" in table.reason(1334 + NAME[missing])
    assert "gives a card back" in table.reason(CLUCK)


def test_bad_egg_tie_later_goes_to_the_previous_round_score() -> None:
    table = Table(ROUND_ONE, rounds=2)
    play_out_round_one(table)  # P1 30, P2 5, P3 30; P3 is the Bad Egg, P0 the Good Egg
    table.deal(
        {
            0: ["Big Red", "Yellow Chicken", "orange 10", "orange 10", "yellow 10", "yellow 10",
                "blue 9", "blue 9", "green 9", "green 9"],
            1: ["orange 8"],
            2: ["Orange Chicken"],
            3: ["blue 7"],
        }
    )  # fmt: skip
    table.do("give your best card, Yellow Chicken, to the Bad Egg (face up)")
    table.do("give blue 7 back to the Good Egg (face up)")
    table.do("single: blue 7", "cluck (pass)", "cluck (pass)")  # counter-cluckwise: P3, P2
    table.do("single: orange 8")  # P1
    table.do("little coop: orange 10 + orange 10 + yellow 10 + yellow 10")
    table.do("skip the next player (P3)", "cluck (pass)", "cluck (pass)")
    table.do("little coop: green 9 + green 9 + blue 9 + blue 9", "skip the next player (P3)")
    table.do("cluck (pass)", "cluck (pass)", "single: Big Red")
    obs = table.obs
    assert obs["round_scores"][1] == [0, 18, 30, 30]  # P1: 9 cards x2
    # P2 and P3 tie on 30; P2 holds the higher card (Orange Chicken), but the previous
    # Round's scores come first: P3 scored 30 there, P2 only 5.
    assert obs["bad_egg"] == 3 and obs["good_egg"] == 0


def test_scores_with_custom_multipliers_and_rounds() -> None:
    table = Table(ROUND_ONE, rounds=1, multipliers="5:4")
    play_out_round_one(table)
    assert table.obs["round_scores"] == [[0, 40, 20, 40]]
    assert table.state.is_terminal()
    assert table.state.returns() == [1.0, 0.0, 0.0, 0.0]
    assert table.obs["winners"] == [0] and table.obs["rotten_eggs"] == [1, 3]


def test_score_returns_are_minus_the_final_score() -> None:
    table = Table(ROUND_ONE, rounds=1, returns="score")
    play_out_round_one(table)
    assert table.state.returns() == [0.0, -30.0, -5.0, -30.0]
    assert table.game.min_return() <= -30 and table.game.max_return() == 0


# --- Last Egg --------------------------------------------------------------------------------


def test_last_egg_is_said_automatically_by_default() -> None:
    table = Table({0: BIG_RED_AND_COOPS})
    table.do(
        "little coop: orange 10 + orange 10 + yellow 10 + yellow 10", "skip the next player (P1)"
    )
    table.do("cluck (pass)", "cluck (pass)")
    table.do(
        "big coop: yellow 9 + green 9 + green 9 + blue 9 + blue 9", "skip the next player (P1)"
    )
    assert table.obs["last_egg"] == ["said", None, None, None]
    assert table.obs["phase"] == "play"


def strict_to_last_egg(**params: Any) -> Table:
    table = Table({0: BIG_RED_AND_COOPS}, last_egg="strict", **params)
    table.do(
        "big coop: yellow 9 + green 9 + green 9 + blue 9 + blue 9", "skip the next player (P1)"
    )
    table.do("cluck (pass)", "cluck (pass)")
    table.do("little coop: orange 10 + orange 10 + yellow 10 + yellow 10")
    table.do("skip the next player (P1)")
    assert table.obs["phase"] == "last egg" and table.player == 0
    return table


def test_strict_last_egg_said_by_the_player() -> None:
    table = strict_to_last_egg()
    assert table.texts() == ["say Last Egg", "stay quiet (do not say Last Egg)"]
    assert "say Last Egg or stay quiet" in table.reason(CLUCK)
    table.do("say Last Egg")
    assert table.obs["last_egg"][0] == "said" and table.player == 2


def test_strict_quiet_player_caught_draws_two_from_the_discard_and_pays() -> None:
    table = strict_to_last_egg(catch_penalty=2)
    table.do("stay quiet (do not say Last Egg)")
    # Opponents in the direction of play, from the next player: P1 first.
    assert table.obs["phase"] == "catch" and table.player == 1
    assert table.obs["quiet_player"] == 0
    assert "catch them or let it go" in table.reason(CLUCK)
    table.do("let it go")
    assert table.player == 2
    table.do("catch P0: Last Egg!")
    assert table.player == CHANCE and table.obs["phase"] == "penalty draw"
    outcomes = dict(table.state.chance_outcomes())
    assert set(outcomes) == {NAME[n] for n in ("blue 9", "green 9", "yellow 9")}
    assert table.state.action_to_string(NAME["blue 9"], 1).endswith(
        "draws a card from the discard pile (penalty)"
    )
    assert "blue 9" in table.state.action_to_string(NAME["blue 9"], 0)
    assert "no orange 7 is left in the discard pile" in table.reason(NAME["orange 7"])
    table.draw("blue 9", "green 9")
    obs = table.obs
    assert obs["hand_sizes"][0] == 3 and obs["discard_size"] == 3
    assert obs["catches"][0] == 1 and obs["penalties"][0] == 2
    assert obs["phase"] == "play" and table.player == 2  # P1 was skipped by the Coop


def test_strict_nobody_catches() -> None:
    table = strict_to_last_egg()
    table.do("stay quiet (do not say Last Egg)", "let it go", "let it go", "let it go")
    assert table.obs["last_egg"][0] == "quiet" and table.obs["hand_sizes"][0] == 1
    assert table.player == 2


def test_strict_catch_with_an_empty_discard_draws_nothing() -> None:
    table = Table(ROUND_ONE, last_egg="strict")
    table.do("little coop: orange 10 + orange 10 + yellow 10 + yellow 10")
    table.do("skip the next player (P1)")
    table.do("big coop: yellow 8 + green 8 + green 8 + blue 8 + blue 8")
    table.do("skip the next player (P3)")
    table.do("big coop: yellow 9 + green 9 + green 9 + blue 9 + blue 9")
    table.do("flip: reverse the direction of play", "stay quiet (do not say Last Egg)")
    assert table.obs["discard_size"] == 0  # no Run has been cleared yet
    table.do("catch P0: Last Egg!")
    assert table.obs["phase"] == "play" and table.obs["hand_sizes"][0] == 1
    assert table.obs["catches"][0] == 1 and table.obs["last_egg"][0] == "said"


def test_caught_players_score_their_penalty_unmultiplied() -> None:
    table = strict_to_last_egg(catch_penalty=7, rounds=1)
    table.do("stay quiet (do not say Last Egg)", "catch P0: Last Egg!")
    table.draw("blue 9", "blue 9")
    table.do("cluck (pass)", "cluck (pass)")  # P2, P3; P0 was the last to lay
    table.do("pair: blue 9 + blue 9")
    table.do(
        "skip the next player (P1)" if table.obs["phase"] == "flip or skip" else "say Last Egg"
    )
    while table.player != 0:
        table.do("cluck (pass)")
    table.do("single: Big Red")
    assert table.obs["round_scores"][0][0] == 7


def test_catch_limit_makes_last_egg_automatic() -> None:
    table = strict_to_last_egg(catch_limit=1)
    table.do("stay quiet (do not say Last Egg)", "catch P0: Last Egg!")
    table.draw("blue 9", "blue 9")
    table.do("cluck (pass)", "cluck (pass)")
    table.do("pair: blue 9 + blue 9")
    assert table.obs["phase"] == "play"  # no choice: caught once already
    assert table.obs["last_egg"][0] == "said"


# --- the end of the game: Golden Egg, Rotten Egg ---------------------------------------------


TWO_PLAYER_COOPS = [
    "Big Red",
    "orange 10", "orange 10", "yellow 10", "yellow 10",
    "blue 9", "blue 9", "green 9", "green 9", "yellow 9",
]  # fmt: skip


def two_rounds_tied() -> Table:
    """Two players; each goes out in one Round holding 10s, 9s and Big Red: 30 points each."""
    table = Table({0: TWO_PLAYER_COOPS}, players=2, rounds=2)
    assert table.obs["leader"] == 0
    for seat in (0, 1):
        if seat == 1:
            table.deal({1: TWO_PLAYER_COOPS})
            assert table.player == 1  # the lead alternates
        table.do("little coop: orange 10 + orange 10 + yellow 10 + yellow 10", "cluck (pass)")
        table.do("big coop: yellow 9 + green 9 + green 9 + blue 9 + blue 9", "cluck (pass)")
        table.do("single: Big Red")
    return table


def test_golden_egg_tie_is_drawn_from_the_full_deck_and_ducks_lose() -> None:
    table = two_rounds_tied()
    obs = table.obs
    assert obs["scores"] == [30, 30] and obs["phase"] == "golden egg tie draw"
    assert obs["rotten_eggs"] == [0, 1]  # shared
    assert sum(p for _, p in table.state.chance_outcomes()) == pytest.approx(1.0)
    assert len(table.state.chance_outcomes()) == len(set(table.game.all_cards()))
    # From the last Good Egg (P1) clockwise.
    assert (
        table.state.action_to_string(NAME["Duck"], None) == "P1 draws Duck for the Golden Egg tie"
    )
    table.draw("Duck", "blue 7")
    assert table.state.is_terminal()
    assert table.obs["winners"] == [0] and table.state.returns() == [1.0, 0.0]


def test_golden_egg_tie_draws_again_while_tied() -> None:
    table = two_rounds_tied()
    table.draw("orange 10", "orange 10")
    assert not table.state.is_terminal()
    table.draw("blue 7", "Big Red")
    assert table.obs["winners"] == [0]
    assert [d["card"] for d in table.obs["tie_draws"]] == [
        "orange 10",
        "orange 10",
        "blue 7",
        "Big Red",
    ]


# --- the 2-player variant ----------------------------------------------------------------------


def test_two_players_highest_card_leads_and_is_shown() -> None:
    table = Table({1: ["Orange Chicken"], 0: ["Duck"]}, players=2)
    # Big Red is among the 20 unused cards here (dealt lowest first).
    assert "Big Red" in table.obs["deck_pool"]
    assert table.obs["leader"] == 1 and table.obs["shown"] == {"seat": 1, "card": "Orange Chicken"}
    assert table.obs["deck_size"] == 20


def test_two_players_ducks_do_not_flip_and_coops_neither_flip_nor_skip() -> None:
    table = Table(
        {0: ["Big Red", "Duck", "blue 7", "blue 8", "blue 8", "green 8", "green 8"]}, players=2
    )
    table.do("single: duck as orange 7")
    assert table.obs["direction"] == "cluckwise" and table.player == 1
    table.do("cluck (pass)")
    table.do("little coop: green 8 + green 8 + blue 8 + blue 8")
    assert table.obs["phase"] == "play" and table.player == 1
    assert FLIP not in table.state.legal_actions()


def test_two_players_have_no_exchange() -> None:
    table = two_rounds_tied()
    assert table.obs["exchange"] == {"given": None, "returned": None}


# --- actions: ids and text -------------------------------------------------------------------


def test_every_lay_has_one_fixed_id_and_a_unique_text() -> None:
    assert NUM_LAYS == 1281 and NUM_ACTIONS == 1380
    texts = LAY_TEXT[1:]
    assert len(set(texts)) == len(texts)
    assert lay("pair: orange 9 + duck as blue 9") < FIRST_CHICKEN_LAY <= lay("single: Big Red")
    game = roost.load_game("big-chicken", players=6)
    assert (
        game.num_distinct_actions()
        == roost.load_game("big-chicken", players=2).num_distinct_actions()
    )


def test_a_deal_is_told_only_to_its_receiver() -> None:
    state = roost.load_game("big-chicken").new_initial_state()
    card = NAME["orange 9"]
    assert state.action_to_string(card, 0) == "P0 is dealt orange 9"
    assert state.action_to_string(card, 1) == "P0 is dealt a card"
    assert state.action_to_string(card, None) == "P0 is dealt a card"


# --- illegal actions ---------------------------------------------------------------------------


def test_illegal_actions_are_rejected_with_a_reason() -> None:
    table = Table({0: ["Big Red", "orange 9"]})
    assert "an action is an int" in table.reason("1")
    assert "an action is an int" in table.reason(True)
    assert "actions are 0-1379" in table.reason(NUM_ACTIONS)
    assert "you do not hold" in table.reason(lay("single: blue 10"))
    assert "not a Lay" in table.reason(1288)


def test_chance_outcomes_not_in_the_pile_are_rejected() -> None:
    state = roost.load_game("big-chicken", players=3).new_initial_state()
    with pytest.raises(IllegalActionError, match="card types 0-45"):
        state.apply_action(46)
    with pytest.raises(IllegalActionError, match="no orange 7 is left in the deck"):
        state.apply_action(NAME["orange 7"])  # no 7s with three players
    with pytest.raises(IllegalActionError, match="an action is an int"):
        state.apply_action(None)  # type: ignore[arg-type]


def test_a_finished_game_takes_no_action() -> None:
    table = Table(ROUND_ONE, rounds=1)
    play_out_round_one(table)
    assert table.state.current_player() == TERMINAL
    assert "game is over" in table.reason(CLUCK)


# --- parameters ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "name"),
    [
        ({"players": 1}, "players"),
        ({"players": 7}, "players"),
        ({"last_egg": "sometimes"}, "last_egg"),
        ({"catch_limit": 0}, "catch_limit"),
        ({"catch_penalty": -1}, "catch_penalty"),
        ({"multipliers": "lots"}, "multipliers"),
        ({"multipliers": "8:0"}, "multipliers"),
        ({"multipliers": "10:3,8:2"}, "multipliers"),
        ({"multipliers": "1:2"}, "multipliers"),
        ({"rounds": 0}, "rounds"),
        ({"returns": "money"}, "returns"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_parameters_are_rejected_by_name(params: dict[str, Any], name: str) -> None:
    with pytest.raises(ParameterError, match=name):
        roost.load_game("big-chicken", **params)


def test_default_multipliers_follow_the_table() -> None:
    game = roost.load_game("big-chicken")
    assert [game.multiplier(c) for c in (1, 7, 8, 9, 10, 12)] == [1, 1, 2, 2, 3, 3]  # type: ignore[attr-defined]


def test_random_games_end_within_the_bound() -> None:
    for players, mode in [(2, "strict"), (3, "auto"), (6, "strict")]:
        game = roost.load_game("big-chicken", players=players, last_egg=mode)
        rng = random.Random(players)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        assert len(state.history()) <= game.max_game_length()
        assert build_deck(players) == tuple(sorted(game.all_cards()))


def test_good_egg_tie_goes_to_the_lowest_highest_card_held() -> None:
    table = Table(
        {0: BIG_RED_AND_COOPS, 3: ["Orange Chicken"]},
        last_egg="strict",
        catch_penalty=10,
        multipliers="11:2",
        rounds=1,
    )
    table.do("big coop: yellow 9 + green 9 + green 9 + blue 9 + blue 9")
    table.do("skip the next player (P1)")
    table.do("cluck (pass)", "cluck (pass)")
    table.do("little coop: orange 10 + orange 10 + yellow 10 + yellow 10")
    table.do("skip the next player (P1)", "stay quiet (do not say Last Egg)")
    table.do("catch P0: Last Egg!")
    table.draw("blue 9", "blue 9")
    table.do("cluck (pass)", "cluck (pass)", "pair: blue 9 + blue 9", "say Last Egg")
    table.do("cluck (pass)", "cluck (pass)", "cluck (pass)", "single: Big Red")
    obs = table.obs
    # Everyone scores 10: P0 its penalty (never multiplied), the others 10 cards x1.
    assert obs["round_scores"] == [[10, 10, 10, 10]]
    assert obs["bad_egg"] == 3  # the highest card held: the Orange Chicken
    assert obs["good_egg"] == 0  # no card left is the lowest "highest card"
    # A four-way Golden Egg tie: the draw starts with the last Good Egg.
    assert obs["phase"] == "golden egg tie draw" and obs["rotten_eggs"] == [0, 1, 2, 3]
    assert table.state.action_to_string(NAME["Big Red"], None).startswith("P0 draws")
    table.draw("orange 7", "Big Red", "Duck", "blue 7")
    assert table.obs["winners"] == [1]


@pytest.mark.parametrize("players", [2, 3, 6])
def test_generated_lays_match_the_rules_over_the_whole_action_space(players: int) -> None:
    """Like a perft check: the Lays generated from the hand are exactly the Lays of the fixed
    action space that the hand holds and that beat the Lay on the table."""
    from roost.games.big_chicken.lays import CARDS, beats

    game = roost.load_game("big-chicken", players=players)
    rng = random.Random(players)
    checked = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            obs = state.observation(state.current_player())
            legal = state.legal_actions()
            if obs["phase"] == "play":
                hand = Counter(NAME[name] for name in obs["hand"])
                top = LAY_TEXT.index(obs["to_beat"]) if obs["to_beat"] else -1
                expected = [
                    a
                    for a in range(1, FIRST_CHICKEN_LAY + 31)
                    if not Counter(CARDS[a]) - hand and beats(a, top)
                ]
                assert legal == ([CLUCK] if top >= 0 else []) + expected
                checked += 1
            state.apply_action(legal[rng.randrange(len(legal))])
    assert checked > 100
