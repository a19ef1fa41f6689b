"""BIG CHICKEN: Just Hatched: one scenario per rule (RULES.md), per rule correction, and per kind
of illegal action.

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
from roost.games.big_chicken.actions import (
    CARDS,
    CLUCK,
    DECLARED,
    FIRST_CHICKEN_LAY,
    FLIP,
    GIVE_BACK,
    GIVE_BEST,
    LAY_TEXT,
    NUM_ACTIONS,
    NUM_LAYS,
    SKIP,
    Phase,
    beats,
)
from roost.games.big_chicken.cards import (
    CARD_NAMES,
    CHICKENS,
    DECK_SETUP,
    DUCK,
    SUITS,
    build_deck,
    dealt_per_round,
)
from roost.games.big_chicken.game import BigChickenGame
from roost.games.big_chicken.views import (
    BigChickenObservation,
    Direction,
    LastEgg,
    Lay,
    LayKind,
    read,
)
from roost.testing.scenario import Scenario

NAME = {name: card for card, name in enumerate(CARD_NAMES)}


def card(name: str) -> int:
    return NAME[name]


def names(cards: list[int]) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def lay(text: str) -> int:
    return LAY_TEXT.index(text)


def laid(seat: int, kind: LayKind, cards: list[str], duck_as: str | None = None) -> Lay:
    """A Lay as the observation shows it, from card names."""
    ids = sorted(card(name) for name in cards)
    return {
        "seat": seat,
        "kind": kind,
        "cards": ids,
        "duck_as": card(duck_as) if duck_as else None,
    }


class Table(Scenario):
    """A game whose deals give the named cards to the named seats (the rest: lowest first)."""

    def __init__(self, hands: dict[int, list[str]], players: int = 4, **params: Any) -> None:
        super().__init__("big-chicken", players=players, **params)
        self.deal(hands)

    def view(self) -> BigChickenObservation:
        """Everything (the omniscient observation)."""
        return read(self.obs())

    def seen_by(self, seat: int | None) -> BigChickenObservation:
        return read(self.obs(seat))

    def deal(self, hands: dict[int, list[str]]) -> Table:
        """Deal a whole Round, one card at a time from the player after the dealer: `hands`
        says which cards go to which seat first; the others get the lowest cards not wanted."""
        obs = self.view()
        n = obs["players"]
        wanted = {seat: [card(name) for name in cards] for seat, cards in hands.items()}
        pool = Counter(obs["deck_pool"])
        cards: list[int] = []
        for k in range(dealt_per_round(n)):
            seat = (obs["dealer"] + 1 + k) % n
            if wanted.get(seat):
                chosen = wanted[seat].pop(0)
            else:
                reserved = Counter(c for cards_ in wanted.values() for c in cards_)
                chosen = min(c for c in pool if pool[c] > reserved[c])
            pool[chosen] -= 1
            cards.append(chosen)
        assert not any(wanted.values()), f"cards not dealt: {wanted}"
        self.chance(*cards)
        return self

    def draw(self, *cards: str) -> Table:
        """Chance gives these cards (a penalty or tie draw)."""
        self.chance(*cards)
        return self

    def hand(self, seat: int) -> list[str]:
        return names(self.view()["hands"][seat])


BIG_RED_AND_COOPS = [
    "Big Red",
    "orange 10", "orange 10", "yellow 10", "yellow 10",
    "blue 9", "blue 9", "green 9", "green 9", "yellow 9",
]  # fmt: skip
"""P0 can go out in three Lays: a Little Coop of 10s, a Big Coop of 9s and Big Red."""

LITTLE_COOP_10S = "little coop: orange 10 + orange 10 + yellow 10 + yellow 10"
BIG_COOP_9S = "big coop: yellow 9 + green 9 + green 9 + blue 9 + blue 9"


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
    assert table.view()["hand_sizes"] == [10] * players
    assert table.view()["deck_size"] == (20 if players == 2 else 0)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_deck_uses_all_four_suits_two_copies_each_and_every_chicken(players: int) -> None:
    """The rulebook: "You always use all 4 suits, no matter what player count"; "ALL Chicken cards
    are ALWAYS used"; the lowest numbers go first from the lowest suits."""
    deck = Counter(
        CARD_NAMES[c] for c in roost.load_game("big-chicken", players=players).all_cards()
    )
    numbers = {name.split()[1] for name in deck if name.split()[0] in SUITS and deck[name]}
    for number in numbers:
        held = [suit for suit in SUITS if deck[f"{suit} {number}"]]
        assert held == list(SUITS[len(SUITS) - len(held) :])  # left out: the lowest suits
        assert all(deck[f"{suit} {number}"] == 2 for suit in held)
    for number in ("8", "9", "10"):
        assert all(deck[f"{suit} {number}"] == 2 for suit in SUITS)
    chickens = ("Blue Chicken", "Green Chicken", "Yellow Chicken", "Orange Chicken", "Big Red")
    assert all(deck[chicken] == 1 for chicken in chickens)


def test_round_one_is_led_by_big_red_who_is_shown_to_everyone() -> None:
    table = Table({2: ["Big Red"]})
    for viewer in (None, 0, 1, 2, 3):
        obs = table.seen_by(viewer)
        assert obs["leader"] == 2 and obs["current_player"] == 2
        assert obs["shown"] == {"seat": 2, "card": card("Big Red")}
    assert CLUCK not in table.state.legal_actions()  # the leader must lay


def test_direction_starts_cluckwise() -> None:
    table = Table({0: ["Big Red", "orange 9"]})
    assert table.view()["direction"] == Direction.CLUCKWISE
    table.do("single: orange 9")
    assert table.player == 1


def test_the_dealer_deals_from_the_next_player() -> None:
    table = Table({})
    assert table.view()["dealer"] == 3
    fresh = roost.load_game("big-chicken").new_initial_state()
    assert fresh.action_to_string(0, OMNISCIENT).startswith("P0 is dealt")


# --- the pecking order and Lays --------------------------------------------------------------


def test_numbers_come_before_suits() -> None:
    table = Table({0: ["Big Red", "orange 9"], 1: ["blue 10"]})
    table.do("single: orange 9")
    assert "single: blue 10" in table.texts()
    table = Table({0: ["Big Red", "blue 10"], 1: ["orange 9"]})
    table.do("single: blue 10")
    assert "is not higher than" in table.refuse(lay("single: orange 9"))


def test_equal_numbers_compare_suits_blue_green_yellow_orange() -> None:
    table = Table({0: ["Big Red", "green 9"], 1: ["blue 9", "yellow 9", "orange 9"]})
    table.do("single: green 9")
    texts = table.texts()
    assert "single: yellow 9" in texts and "single: orange 9" in texts
    assert "single: blue 9" not in texts
    assert "not higher" in table.refuse(lay("single: blue 9"))


def test_an_identical_lay_is_not_higher() -> None:
    table = Table({0: ["Big Red", "yellow 9", "blue 9"], 1: ["yellow 9", "blue 9", "green 9"]})
    table.do("pair: yellow 9 + blue 9")
    assert "not higher" in table.refuse(lay("pair: yellow 9 + blue 9"))
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
    reason = table.refuse(lay("pair: orange 9 + orange 9"))
    assert "is not a single" in reason
    table.do("single: orange 10")
    assert "pair: orange 9 + orange 9" not in table.texts()


def test_trips_follow_trips() -> None:
    table = Table(
        {0: ["Big Red", "blue 8", "blue 8", "green 8"], 1: ["blue 9", "green 9", "yellow 9"]}
    )
    table.do("trips: green 8 + blue 8 + blue 8", "trips: yellow 9 + green 9 + blue 9")
    assert table.view()["to_beat"] == laid(1, LayKind.TRIPS, ["blue 9", "green 9", "yellow 9"])


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
    assert "nothing beats Big Red" in table.refuse(
        lay("little coop: green 9 + green 9 + blue 9 + blue 9")
    )


def test_chickens_are_not_wild_and_not_numbers() -> None:
    """Chickens "cannot represent a number card" and "don't equal numbers": no Lay mixes a
    Chicken with Eggs, and any pair of Chickens beats any pair of numbers."""
    table = Table(
        {
            0: ["Big Red", "orange 10", "yellow 10", "Blue Chicken"],
            1: ["Green Chicken", "Yellow Chicken", "orange 9"],
        }
    )
    mixed = [t for t in table.texts() if "Chicken" in t and any(c.isdigit() for c in t)]
    assert mixed == []
    assert all(
        not (set(CARDS[a]) & set(CHICKENS)) or set(CARDS[a]) <= set(CHICKENS)
        for a in range(1, NUM_LAYS + 1)
    )
    table.do("pair: orange 10 + yellow 10")
    assert "pair: Yellow Chicken + Green Chicken" in table.texts()


def test_big_red_inside_a_set_does_not_beat_a_coop() -> None:
    """Big Red "only beats a Coop when played as a single card. He doesn't beat it if he's part
    of another set"."""
    table = Table(
        {
            0: ["Big Red", "Orange Chicken", "Yellow Chicken", "blue 8"],
            1: ["blue 9", "blue 9", "green 9", "green 9"],
        }
    )
    table.do("single: blue 8", "little coop: green 9 + green 9 + blue 9 + blue 9")
    table.do("skip the next player (P2)", "cluck (pass)")
    assert table.player == 0
    texts = table.texts()
    assert texts == ["cluck (pass)", "single: Big Red"]
    for lay_text in (
        "pair: Big Red + Orange Chicken",
        "trips: Big Red + Orange Chicken + Yellow Chicken",
    ):
        assert "only a higher Coop, or Big Red alone" in table.refuse(lay(lay_text))


def test_a_duck_never_stands_for_a_chicken() -> None:
    """Ducks "CANNOT be used to represent a Chicken": every Duck is declared as a numbered
    card, so no Duck beats a Chicken."""
    assert all(0 <= DECLARED[a] < DUCK for a in range(1, NUM_LAYS + 1) if DUCK in CARDS[a])
    table = Table(
        {
            0: ["Big Red", "Blue Chicken"],
            1: ["Duck"],
            2: ["Green Chicken", "Yellow Chicken", "Orange Chicken"],
        }
    )
    table.do("single: Blue Chicken")
    assert table.player == 1 and table.texts() == ["cluck (pass)"]


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
    assert "only a higher Coop" in table.refuse(lay("single: blue 8"))


def test_a_big_coop_beats_a_little_coop_of_any_number() -> None:
    table = Table(
        {
            0: ["Big Red", "orange 10", "orange 10", "yellow 10", "yellow 10"],
            1: ["blue 7", "blue 7", "green 7", "green 7", "yellow 7"],
        }
    )
    table.do(LITTLE_COOP_10S, "flip: reverse the direction of play")
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
    assert LITTLE_COOP_10S not in texts
    assert "big coop: orange 10 + orange 10 + yellow 10 + yellow 10 + green 10" in texts
    table.do("cluck (pass)", "cluck (pass)")
    assert table.player == 0 and table.view()["to_beat"] is None  # P1 skipped: Run won by P0


def test_after_a_coop_its_player_must_flip_or_skip() -> None:
    table = Table({0: BIG_RED_AND_COOPS})
    table.do(LITTLE_COOP_10S)
    assert table.view()["phase"] == Phase.FLIP_OR_SKIP
    assert table.state.legal_actions() == [FLIP, SKIP]
    assert "choose to flip or to skip" in table.refuse(CLUCK)
    table.do("flip: reverse the direction of play")
    assert table.view()["direction"] == Direction.COUNTER_CLUCKWISE and table.player == 3


def test_skip_passes_over_the_next_player() -> None:
    table = Table({0: BIG_RED_AND_COOPS})
    table.do(LITTLE_COOP_10S)
    info = table.state.action_info(SKIP, 0)
    assert info.kind == "skip" and info.seat == 1
    table.do("skip the next player (P1)")
    assert table.view()["direction"] == Direction.CLUCKWISE and table.player == 2


def going_out_on_a_coop() -> Table:
    """P0 leads Big Red, then the Little Coop of 10s, then goes out on the Big Coop of 9s."""
    table = Table({0: BIG_RED_AND_COOPS}, rounds=2)
    table.do("single: Big Red", "cluck (pass)", "cluck (pass)", "cluck (pass)")
    table.do(LITTLE_COOP_10S, "skip the next player (P1)", "cluck (pass)", "cluck (pass)")
    table.do(BIG_COOP_9S)
    return table


def test_going_out_on_a_coop_still_offers_flip_or_skip_and_a_flip_carries_over() -> None:
    """Rule correction: "you HAVE to do one or the other", and the next Round "continues in the
    same direction it was going"."""
    table = going_out_on_a_coop()
    obs = table.view()
    assert obs["hand_sizes"][0] == 0 and obs["round"] == 1
    assert obs["phase"] == Phase.FLIP_OR_SKIP and table.player == 0
    assert table.texts() == ["flip: reverse the direction of play", "skip the next player (P1)"]
    table.do("flip: reverse the direction of play")
    obs = table.view()
    assert obs["round"] == 2 and obs["phase"] == Phase.DEAL and obs["round_scores"][0][0] == 0
    assert obs["direction"] == Direction.COUNTER_CLUCKWISE
    table.deal({})
    table.do(table.texts()[0])  # the Good Egg gives its best card
    table.do(table.texts()[0])  # the Bad Egg gives one back
    # The Good Egg (P0) leads, counter-cluckwise: P3 next.
    assert table.player == 0
    table.do(next(text for text in table.texts() if "duck" not in text))
    assert table.player == 3


def test_a_skip_when_going_out_on_a_coop_changes_nothing() -> None:
    table = going_out_on_a_coop()
    assert table.state.action_info(SKIP, 0).seat is None  # nobody is passed over
    table.do("skip the next player (P1)")
    obs = table.view()
    assert obs["round"] == 2 and obs["phase"] == Phase.DEAL
    assert obs["direction"] == Direction.CLUCKWISE
    assert obs["round_scores"] == [[0, 30, 30, 30]]


# --- Ducks ----------------------------------------------------------------------------------


def test_a_duck_is_declared_as_any_numbered_card_even_one_not_in_the_deck() -> None:
    table = Table({0: ["Big Red", "Duck", "orange 9"]})
    texts = table.texts()
    assert "single: duck as blue 2" in texts  # no 2s in the 4-player deck
    assert "pair: orange 9 + duck as blue 9" in texts
    assert "pair: orange 9 + duck as orange 9" in texts
    table.do("pair: orange 9 + duck as blue 9")
    assert table.view()["to_beat"] == laid(0, LayKind.PAIR, ["orange 9", "Duck"], "blue 9")
    assert "Duck" not in table.hand(0)


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
    assert all(CARDS[a].count(DUCK) <= 1 for a in range(1, NUM_LAYS + 1))
    assert all(len(CARDS[a]) < 4 for a in range(1, NUM_LAYS + 1) if DUCK in CARDS[a])


def test_every_duck_flips_the_direction() -> None:
    table = Table({0: ["Big Red", "Duck", "blue 7"], 3: ["Duck", "blue 10"]})
    table.do("single: duck as orange 7")
    assert table.view()["direction"] == Direction.COUNTER_CLUCKWISE and table.player == 3
    table.do("single: duck as blue 10")
    assert table.view()["direction"] == Direction.CLUCKWISE and table.player == 0


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
    obs = table.view()
    assert obs["discard_size"] == 1 and obs["run"] == [] and obs["to_beat"] is None
    assert table.player == 0 and CLUCK not in table.state.legal_actions()
    assert "leader cannot cluck" in table.refuse(CLUCK)


def test_the_run_winner_leads_any_kind_of_lay() -> None:
    table = Table({0: ["Big Red", "orange 9", "blue 8", "blue 8", "green 8"]})
    table.do("single: orange 9", "cluck (pass)", "cluck (pass)", "cluck (pass)")
    assert table.player == 0
    texts = table.texts()
    assert {"single: blue 8", "pair: blue 8 + blue 8", "trips: green 8 + blue 8 + blue 8"} <= set(
        texts
    )


def test_cleared_runs_go_face_down_to_one_discard_pile() -> None:
    """The rulebook: "Piles them FACE DOWN to the side": everyone sees how many cards the pile
    holds, nobody what they are (only the omniscient view)."""
    table = Table({0: ["Big Red", "orange 9", "blue 8"], 1: ["orange 10"]})
    table.do("single: orange 9", "single: orange 10", "cluck (pass)", "cluck (pass)")
    table.do("cluck (pass)")  # P0: the Run goes to P1
    table.do(table.texts()[0], "cluck (pass)", "cluck (pass)", "cluck (pass)")
    for viewer in (None, 0, 1, 2, 3):
        obs = table.seen_by(viewer)
        assert obs["discard_size"] == 3 and "discard" not in obs
    assert {"orange 9", "orange 10"} <= set(names(table.obs()["discard"]))


def test_a_card_layed_is_a_card_played() -> None:
    """The rulebook: "A card layed is a card played" (optional in the rulebook, always so here:
    choice 24): a legal Lay stays on the table, nothing picks it up or replaces it; an illegal one
    never reaches the table."""
    table = Table({0: ["Big Red", "orange 9", "orange 10"], 1: ["blue 9", "Orange Chicken"]})
    table.do("single: orange 9")
    assert "orange 9" not in table.hand(0)
    assert "is not higher" in table.refuse(lay("single: blue 9"))  # the state is unchanged
    seen = set()
    for move in ("cluck (pass)", "cluck (pass)", "cluck (pass)"):
        seen |= {info.kind for info in table.state.legal_action_infos(table.player)}
        assert table.view()["to_beat"] == laid(0, LayKind.SINGLE, ["orange 9"])
        table.do(move)
    assert seen == {"lay", "pass"}  # no decision ever takes a Lay back
    assert table.player == 0 and table.view()["discard_size"] == 1
    assert "orange 9" not in table.hand(0) and len(table.hand(0)) == 9


def test_the_run_and_the_clucked_players_are_shown() -> None:
    table = Table({0: ["Big Red", "orange 9"], 1: ["Duck"]})
    table.do("single: orange 9", "single: duck as blue 10")
    assert table.seen_by(2)["run"] == [
        laid(0, LayKind.SINGLE, ["orange 9"]),
        laid(1, LayKind.SINGLE, ["Duck"], "blue 10"),
    ]
    table.do("cluck (pass)", "cluck (pass)")  # P0, P3 (the Duck flipped the direction)
    assert table.seen_by(None)["clucked"] == [0, 3]


# --- the end of a Round, scoring, the exchange ---------------------------------------------


def play_out_round_one(table: Table) -> None:
    """P0 (BIG_RED_AND_COOPS) goes out; P2 (a Big Coop of 8s) lays one Coop on the way."""
    table.do(LITTLE_COOP_10S)
    table.do("skip the next player (P1)")
    table.do("big coop: yellow 8 + green 8 + green 8 + blue 8 + blue 8")
    table.do("flip: reverse the direction of play")  # counter-cluckwise: P1 next
    table.do("cluck (pass)")
    table.do(BIG_COOP_9S)
    table.do("skip the next player (P3)")
    assert table.view()["last_egg"][0] == LastEgg.SAID  # said for P0 automatically
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
    obs = table.view()
    # P0 out: 0; P1 and P3 kept 10 cards (x3); P2 kept 5 (x1).
    assert obs["round_scores"] == [[0, 30, 5, 30]]
    assert obs["scores"] == [0, 30, 5, 30]
    last = obs["last_round_hands"]
    assert last is not None and last[0] == [] and len(last[2]) == 5
    assert table.seen_by(None)["last_round_hands"] == last  # (shown to everyone)
    assert obs["round"] == 2 and obs["phase"] == Phase.DEAL


def test_bad_egg_tie_in_round_one_goes_to_the_highest_card_held() -> None:
    table = Table(ROUND_ONE)
    play_out_round_one(table)
    # P1 and P3 tie on 30; P3 holds the Orange Chicken.
    assert table.view()["bad_egg"] == 3 and table.view()["good_egg"] == 0


FIVE_COOPS = {
    0: ["Big Red", "blue 6", "blue 6", "green 6", "green 6",
        "blue 10", "blue 10", "green 10", "green 10", "yellow 10"],
    1: ["Duck", "yellow 7", "yellow 7", "orange 7", "orange 7",
        "blue 9", "blue 9", "green 9", "green 9", "yellow 9"],
    2: ["orange 5", "blue 7", "blue 7", "green 7", "green 7",
        "blue 8", "blue 8", "green 8", "green 8", "yellow 8"],
}  # fmt: skip
"""Five players: P1 and P2 lay a Little and a Big Coop each and keep one card, P1 a Duck, P2 the
orange 5; P0 goes out on Big Red; everything happens in one Run."""


def one_card_left_each(
    p0_last_egg: tuple[str, ...],
    p1_last_egg: tuple[str, ...],
    p2_last_egg: tuple[str, ...],
    **params: Any,
) -> Table:
    """Each seat's Last Egg choices (and the catches) given; catches draw nothing (the discard
    pile is empty)."""
    table = Table(FIVE_COOPS, players=5, last_egg="strict", **params)
    table.do("little coop: green 6 + green 6 + blue 6 + blue 6", "flip", "cluck", "cluck")
    table.do("little coop: green 7 + green 7 + blue 7 + blue 7", "flip", "cluck", "cluck", "cluck")
    table.do("little coop: orange 7 + orange 7 + yellow 7 + yellow 7", "flip")
    table.do("cluck", "cluck", "cluck")
    table.do("big coop: yellow 8 + green 8 + green 8 + blue 8 + blue 8", "flip", *p2_last_egg)
    table.do("cluck", "cluck", "cluck")
    table.do("big coop: yellow 9 + green 9 + green 9 + blue 9 + blue 9", "flip", *p1_last_egg)
    table.do("big coop: yellow 10 + green 10 + green 10 + blue 10 + blue 10", "flip", *p0_last_egg)
    table.do("cluck", "cluck", "cluck", "cluck", "single: Big Red")
    return table


def test_bad_egg_tie_in_round_one_a_duck_is_below_every_egg() -> None:
    """Rule correction: "the highest card still in their hand" in the rulebook's one card order,
    where "Duck cards automatically lose"."""
    table = one_card_left_each(
        ("say Last Egg",),
        ("stay quiet", "catch P1"),
        ("stay quiet", "catch P2"),
        catch_penalty=30,
    )
    obs = table.view()
    assert obs["last_round_hands"] is not None
    assert names(obs["last_round_hands"][1]) == ["Duck"]
    assert names(obs["last_round_hands"][2]) == ["orange 5"]
    # One card and a 30-point catch each: P1 and P2 tie on 31, above P3 and P4's 30.
    assert obs["round_scores"] == [[0, 31, 31, 30, 30]]
    assert obs["bad_egg"] == 2  # the orange 5 is higher than a Duck
    assert obs["good_egg"] == 0


def test_good_egg_tie_in_round_one_a_duck_is_the_lowest_highest_card() -> None:
    table = one_card_left_each(
        ("stay quiet", "catch P0"), ("say Last Egg",), ("say Last Egg",), catch_penalty=2
    )
    obs = table.view()
    assert obs["round_scores"] == [[2, 1, 1, 30, 30]]  # P0 went out, and was caught
    assert obs["good_egg"] == 1  # P1's Duck is lower than P2's orange 5
    assert obs["bad_egg"] == 4  # P3 and P4 tie; P4 holds the Orange Chicken


def test_the_bad_egg_deals_and_the_direction_carries_over() -> None:
    table = Table(ROUND_ONE)
    play_out_round_one(table)
    assert table.view()["dealer"] == 3
    assert table.state.action_to_string(0, OMNISCIENT).startswith("P0 is dealt")
    assert table.view()["direction"] == Direction.COUNTER_CLUCKWISE


def test_the_good_egg_gives_its_best_card_but_big_red_and_gets_one_back() -> None:
    table = Table(ROUND_ONE)
    play_out_round_one(table)
    table.deal({0: ["Big Red", "Yellow Chicken", "Duck"], 3: ["orange 10"]})
    assert table.view()["phase"] == Phase.GOOD_EGG_GIVES and table.player == 0
    assert table.texts() == ["give your best card, Yellow Chicken, to the Bad Egg (face up)"]
    assert "best card" in table.refuse(GIVE_BEST + card("Duck"))
    table.do("give your best card, Yellow Chicken, to the Bad Egg (face up)")
    assert table.player == 3
    assert "cannot give back" in table.refuse(GIVE_BACK + card("Yellow Chicken"))
    table.do("give orange 10 back to the Good Egg (face up)")
    for viewer in (None, 1, 2):
        exchange = table.seen_by(viewer)["exchange"]
        assert exchange == {"given": card("Yellow Chicken"), "returned": card("orange 10")}
    assert "Yellow Chicken" in table.hand(3) and "orange 10" in table.hand(0)
    # The Good Egg leads, in the direction carried over.
    assert table.player == 0 and table.view()["leader"] == 0
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
    held = set(table.hand(3))
    missing = next(name for name in NAME if name not in held and name != "Yellow Chicken")
    assert "you do not hold" in table.refuse(GIVE_BACK + card(missing))
    assert "gives a card back" in table.refuse(CLUCK)


def twin_given() -> Table:
    """Round 2 after ROUND_ONE: the Good Egg (P0) holds no Chicken or Duck, so its best card is
    an orange 10; the Bad Egg (P3) holds the other orange 10 already."""
    table = Table(ROUND_ONE)
    play_out_round_one(table)
    table.deal(
        {
            0: ["Big Red", "orange 10"],
            1: ["Blue Chicken", "Green Chicken", "Yellow Chicken", "Orange Chicken"],
            2: ["Duck", "Duck", "Duck"],
            3: ["orange 10"],
        }
    )
    table.do("give your best card, orange 10, to the Bad Egg (face up)")
    return table


def test_the_bad_egg_may_give_back_an_identical_twin_held_before() -> None:
    """Rule correction (choice 18): "they can't give back the card they were just given" bars
    that one card, not its kind; a copy the Bad Egg held before may go back."""
    table = twin_given()
    assert table.hand(3).count("orange 10") == 2
    assert "give orange 10 back to the Good Egg (face up)" in table.texts()
    table.do("give orange 10 back to the Good Egg (face up)")
    assert table.hand(3).count("orange 10") == 1 and "orange 10" in table.hand(0)
    for viewer in (None, 1, 2):
        exchange = table.seen_by(viewer)["exchange"]
        assert exchange == {"given": card("orange 10"), "returned": card("orange 10")}
    assert table.player == 0 and table.view()["phase"] == Phase.PLAY


def test_the_card_just_given_cannot_go_back_without_a_twin() -> None:
    table = Table(ROUND_ONE)
    play_out_round_one(table)
    table.deal(
        {
            0: ["Big Red", "orange 10"],
            1: ["Blue Chicken", "Green Chicken", "Yellow Chicken", "Orange Chicken"],
            2: ["Duck", "Duck", "Duck", "orange 10"],
        }
    )
    table.do("give your best card, orange 10, to the Bad Egg (face up)")
    assert table.hand(3).count("orange 10") == 1
    assert not any("orange 10" in text for text in table.texts())
    reason = table.refuse(GIVE_BACK + card("orange 10"))
    assert "cannot give back the card you were just given (orange 10)" in reason


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
    table.do(LITTLE_COOP_10S)
    table.do("skip the next player (P3)", "cluck (pass)", "cluck (pass)")
    table.do("little coop: green 9 + green 9 + blue 9 + blue 9", "skip the next player (P3)")
    table.do("cluck (pass)", "cluck (pass)", "single: Big Red")
    obs = table.view()
    assert obs["round_scores"][1] == [0, 18, 30, 30]  # P1: 9 cards x2
    # P2 and P3 tie on 30; P2 holds the higher card (Orange Chicken), but the previous
    # Round's scores come first: P3 scored 30 there, P2 only 5.
    assert obs["bad_egg"] == 3 and obs["good_egg"] == 0


def test_good_egg_tie_later_goes_to_the_previous_round_score() -> None:
    """The rulebook: "If there is a tie for either title, then they are determined by the score from
    the previous Round(s)": in Round 2 P1 and P2 tie for the fewest points; P2 scored less in Round
    1, so P2 is the Good Egg, though P1 holds the lower highest card and the lower seat.
    (Multipliers from 11 cards: every hand here counts one point a card.)"""
    table = Table(ROUND_ONE, last_egg="strict", catch_penalty=20, multipliers="11:2", rounds=2)
    table.do(LITTLE_COOP_10S, "skip the next player (P1)")
    table.do("big coop: yellow 8 + green 8 + green 8 + blue 8 + blue 8", "flip")
    table.do("cluck (pass)", BIG_COOP_9S, "skip the next player (P3)", "say Last Egg")
    table.do("cluck (pass)", "cluck (pass)", "single: Big Red")
    obs = table.view()
    assert obs["round_scores"] == [[0, 10, 5, 10]]
    assert obs["bad_egg"] == 3 and obs["good_egg"] == 0
    table.deal(
        {
            0: ["Big Red", "Yellow Chicken", "orange 10", "orange 10", "yellow 10", "yellow 10",
                "blue 9", "blue 9", "green 9", "green 9"],
            1: ["orange 9", "blue 7", "blue 7", "green 7", "yellow 7", "yellow 7", "orange 7",
                "blue 8", "green 8", "yellow 8"],
            2: ["orange 8", "orange 8", "blue 8", "green 8", "yellow 8", "yellow 9", "yellow 9",
                "orange 9", "Orange Chicken", "Duck"],
        }
    )  # fmt: skip
    table.do("give your best card, Yellow Chicken, to the Bad Egg (face up)")
    table.do("give green 7 back to the Good Egg (face up)")
    # Counter-cluckwise (P2's flip carried over): P0, P3, P2, P1.
    table.do("single: green 7", "cluck (pass)", "single: orange 8", "single: orange 9")
    table.do(LITTLE_COOP_10S, "skip the next player (P3)", "cluck (pass)", "cluck (pass)")
    table.do("little coop: green 9 + green 9 + blue 9 + blue 9", "skip the next player (P3)")
    table.do("stay quiet (do not say Last Egg)", "catch P0: Last Egg!")
    table.draw("orange 10", "orange 10")
    table.do("cluck (pass)", "cluck (pass)", "pair: orange 10 + orange 10", "say Last Egg")
    table.do("cluck (pass)", "cluck (pass)", "cluck (pass)", "single: Big Red")
    obs = table.view()
    assert obs["round_scores"][1] == [20, 9, 9, 10]
    hands = obs["last_round_hands"]
    assert hands is not None and max(hands[1]) < max(hands[2])
    assert obs["bad_egg"] == 0 and obs["good_egg"] == 2


def test_the_game_ends_after_five_rounds_by_default() -> None:
    """The rulebook: "The Game ends at the end of 5 Rounds": a random game at the default
    parameters goes on through four Rounds and is over after the fifth."""
    game = roost.load_game("big-chicken")
    assert game.params["rounds"] == 5
    rng = random.Random(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        obs = read(state.observation(None))
        assert len(obs["round_scores"]) < 5 or obs["phase"] == Phase.TIE_DRAW
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    obs = read(state.observation(None))
    assert len(obs["round_scores"]) == 5 and obs["round"] == 5
    assert obs["scores"] == [sum(r[p] for r in obs["round_scores"]) for p in range(4)]


def test_scores_with_custom_multipliers_and_rounds() -> None:
    table = Table(ROUND_ONE, rounds=1, multipliers="5:4")
    play_out_round_one(table)
    assert table.view()["round_scores"] == [[0, 40, 20, 40]]
    assert table.is_over()
    assert table.state.returns() == [1.0, 0.0, 0.0, 0.0]
    assert table.state.winners() == [0]
    obs = table.seen_by(None)
    assert obs["winners"] == obs["golden_egg"] == [0] and obs["rotten_eggs"] == [1, 3]


def test_score_returns_are_minus_the_final_score() -> None:
    table = Table(ROUND_ONE, rounds=1, returns="score")
    play_out_round_one(table)
    assert table.state.returns() == [0.0, -30.0, -5.0, -30.0]
    assert table.game.min_return() <= -30 and table.game.max_return() == 0


# --- Last Egg --------------------------------------------------------------------------------


def test_last_egg_is_said_automatically_by_default() -> None:
    table = Table({0: BIG_RED_AND_COOPS})
    table.do(LITTLE_COOP_10S, "skip the next player (P1)")
    table.do("cluck (pass)", "cluck (pass)")
    table.do(BIG_COOP_9S, "skip the next player (P1)")
    assert table.view()["last_egg"] == [LastEgg.SAID, None, None, None]
    assert table.view()["phase"] == Phase.PLAY


def strict_to_last_egg(**params: Any) -> Table:
    table = Table({0: BIG_RED_AND_COOPS}, last_egg="strict", **params)
    table.do(BIG_COOP_9S, "skip the next player (P1)")
    table.do("cluck (pass)", "cluck (pass)")
    table.do(LITTLE_COOP_10S)
    table.do("skip the next player (P1)")
    assert table.view()["phase"] == Phase.LAST_EGG and table.player == 0
    return table


def test_strict_last_egg_said_by_the_player() -> None:
    table = strict_to_last_egg()
    assert table.texts() == ["say Last Egg", "stay quiet (do not say Last Egg)"]
    assert "say Last Egg or stay quiet" in table.refuse(CLUCK)
    table.do("say Last Egg")
    assert table.view()["last_egg"][0] == LastEgg.SAID and table.player == 2


def test_strict_quiet_player_caught_draws_two_from_the_discard_and_pays() -> None:
    table = strict_to_last_egg(catch_penalty=2)
    table.do("stay quiet (do not say Last Egg)")
    # Opponents in the direction of play, from the next player: P1 first.
    assert table.view()["phase"] == Phase.CATCH and table.player == 1
    assert table.seen_by(3)["quiet_player"] == 0
    assert "catch them or let it go" in table.refuse(CLUCK)
    table.do("let it go")
    assert table.player == 2
    table.do("catch P0: Last Egg!")
    assert table.player == CHANCE and table.view()["phase"] == Phase.PENALTY_DRAW
    outcomes = dict(table.state.chance_outcomes())
    assert set(outcomes) == {card(n) for n in ("blue 9", "green 9", "yellow 9")}
    assert table.state.action_to_string(card("blue 9"), 1).endswith(
        "draws a card from the discard pile (penalty)"
    )
    assert "blue 9" in table.state.action_to_string(card("blue 9"), 0)
    assert "no orange 7 is left in the discard pile" in table.refuse(card("orange 7"))
    table.draw("blue 9", "green 9")
    obs = table.view()
    assert obs["hand_sizes"][0] == 3 and obs["discard_size"] == 3
    assert obs["catches"][0] == 1 and obs["penalties"][0] == 2
    assert obs["phase"] == Phase.PLAY and table.player == 2  # P1 was skipped by the Coop


def test_strict_nobody_catches() -> None:
    table = strict_to_last_egg()
    table.do("stay quiet (do not say Last Egg)", "let it go", "let it go", "let it go")
    assert table.view()["last_egg"][0] == LastEgg.QUIET and table.view()["hand_sizes"][0] == 1
    assert table.player == 2


def test_strict_catch_with_an_empty_discard_draws_nothing() -> None:
    table = Table(ROUND_ONE, last_egg="strict")
    table.do(LITTLE_COOP_10S)
    table.do("skip the next player (P1)")
    table.do("big coop: yellow 8 + green 8 + green 8 + blue 8 + blue 8")
    table.do("skip the next player (P3)")
    table.do(BIG_COOP_9S)
    table.do("flip: reverse the direction of play", "stay quiet (do not say Last Egg)")
    assert table.view()["discard_size"] == 0  # no Run has been cleared yet
    table.do("catch P0: Last Egg!")
    obs = table.view()
    assert obs["phase"] == Phase.PLAY and obs["hand_sizes"][0] == 1
    assert obs["catches"][0] == 1 and obs["last_egg"][0] == LastEgg.SAID


def test_caught_players_score_their_penalty_unmultiplied() -> None:
    table = strict_to_last_egg(catch_penalty=7, rounds=1)
    table.do("stay quiet (do not say Last Egg)", "catch P0: Last Egg!")
    table.draw("blue 9", "blue 9")
    table.do("cluck (pass)", "cluck (pass)")  # P2, P3; P0 was the last to lay
    table.do("pair: blue 9 + blue 9", "say Last Egg")
    table.do("cluck (pass)", "cluck (pass)", "cluck (pass)")
    table.do("single: Big Red")
    assert table.view()["round_scores"][0][0] == 7


def test_catch_limit_makes_last_egg_automatic() -> None:
    table = strict_to_last_egg(catch_limit=1)
    table.do("stay quiet (do not say Last Egg)", "catch P0: Last Egg!")
    table.draw("blue 9", "blue 9")
    table.do("cluck (pass)", "cluck (pass)")
    table.do("pair: blue 9 + blue 9")
    assert table.view()["phase"] == Phase.PLAY  # no choice: caught once already
    assert table.view()["last_egg"][0] == LastEgg.SAID


def test_last_egg_is_said_once_not_every_time_play_comes_round() -> None:
    table = Table(
        {
            0: ["Big Red", "blue 7", *BIG_RED_AND_COOPS[1:5], *BIG_RED_AND_COOPS[5:9]],
            1: ["Orange Chicken"],
        },
        last_egg="strict",
    )
    table.do(LITTLE_COOP_10S, "skip the next player (P1)", "cluck (pass)", "cluck (pass)")
    table.do("little coop: green 9 + green 9 + blue 9 + blue 9", "skip the next player (P1)")
    table.do("cluck (pass)", "cluck (pass)")
    table.do("single: blue 7")
    assert table.view()["phase"] == Phase.LAST_EGG
    table.do("say Last Egg", "single: Orange Chicken", "cluck (pass)", "cluck (pass)")
    # Play comes round to P0, one card left: no second Last Egg, just a turn.
    assert table.player == 0 and table.view()["phase"] == Phase.PLAY
    assert table.texts() == ["cluck (pass)", "single: Big Red"]
    table.do("cluck (pass)")
    assert table.player == 1 and table.view()["last_egg"][0] == LastEgg.SAID
    assert table.view()["phase"] == Phase.PLAY


def test_penalty_points_are_added_after_the_multiplier() -> None:
    """The rulebook: "Penalty points are NEVER multiplied, and are always added after the Card Score
    is multiplied": caught with one card, P0 draws two and is left with two (x3) when P1 goes out: 2
    x 3 + 7 = 13."""
    table = Table(
        {
            0: BIG_RED_AND_COOPS,
            1: ["Orange Chicken", "blue 8", "blue 8", "green 8", "green 8",
                "blue 7", "blue 7", "green 7", "green 7", "yellow 7"],
        },
        players=2,
        last_egg="strict",
        catch_penalty=7,
        multipliers="2:3",
        rounds=1,
    )  # fmt: skip
    table.do(LITTLE_COOP_10S, "cluck (pass)", BIG_COOP_9S)
    table.do("stay quiet (do not say Last Egg)", "catch P0: Last Egg!")
    table.draw("orange 10", "yellow 10")
    table.do("cluck (pass)", "single: orange 10", "single: Orange Chicken", "cluck (pass)")
    table.do("little coop: green 8 + green 8 + blue 8 + blue 8", "cluck (pass)")
    table.do("big coop: yellow 7 + green 7 + green 7 + blue 7 + blue 7")
    obs = table.view()
    assert obs["last_round_hands"] is not None and len(obs["last_round_hands"][0]) == 2
    assert obs["round_scores"] == [[13, 0]]


# --- the end of the game: Golden Egg, Rotten Egg ---------------------------------------------


def two_rounds_tied() -> Table:
    """Two players; each goes out in one Round holding 10s, 9s and Big Red: 30 points each."""
    table = Table({0: BIG_RED_AND_COOPS}, players=2, rounds=2)
    assert table.view()["leader"] == 0
    for seat in (0, 1):
        if seat == 1:
            table.deal({1: BIG_RED_AND_COOPS})
            assert table.player == 1  # the lead alternates
        table.do(LITTLE_COOP_10S, "cluck (pass)")
        table.do(BIG_COOP_9S, "cluck (pass)")
        table.do("single: Big Red")
    return table


def test_golden_egg_tie_is_drawn_from_the_full_deck_and_ducks_lose() -> None:
    table = two_rounds_tied()
    obs = table.view()
    assert obs["scores"] == [30, 30] and obs["phase"] == Phase.TIE_DRAW
    assert obs["rotten_eggs"] == [0, 1]  # shared
    assert sum(p for _, p in table.state.chance_outcomes()) == pytest.approx(1.0)
    assert len(table.state.chance_outcomes()) == len(set(table.game.all_cards()))
    # From the last Good Egg (P1) clockwise.
    assert (
        table.state.action_to_string(card("Duck"), None) == "P1 draws Duck for the Golden Egg tie"
    )
    table.draw("Duck", "blue 7")
    assert table.is_over()
    assert table.state.winners() == [0] and table.state.returns() == [1.0, 0.0]


def test_golden_egg_tie_draw_ranks_numbers_before_suits() -> None:
    """The rulebook: "Numbered Egg cards by suit, then Chickens by suit", read with the pecking
    order (choice 23): a blue 10 beats an orange 7."""
    table = two_rounds_tied()
    table.draw("orange 7", "blue 10")  # P1 (the last Good Egg) draws first
    assert table.is_over() and table.state.winners() == [0]


def test_golden_egg_tie_draws_again_while_tied() -> None:
    table = two_rounds_tied()
    table.draw("orange 10", "orange 10")
    assert not table.is_over()
    table.draw("blue 7", "Big Red")
    obs = table.seen_by(0)
    assert obs["winners"] == [0]
    assert obs["tie_draws"] == [
        {"seat": 1, "card": card("orange 10")},
        {"seat": 0, "card": card("orange 10")},
        {"seat": 1, "card": card("blue 7")},
        {"seat": 0, "card": card("Big Red")},
    ]


def test_good_egg_tie_goes_to_the_lowest_highest_card_held() -> None:
    table = Table(
        {0: BIG_RED_AND_COOPS, 3: ["Orange Chicken"]},
        last_egg="strict",
        catch_penalty=10,
        multipliers="11:2",
        rounds=1,
    )
    table.do(BIG_COOP_9S)
    table.do("skip the next player (P1)")
    table.do("cluck (pass)", "cluck (pass)")
    table.do(LITTLE_COOP_10S)
    table.do("skip the next player (P1)", "stay quiet (do not say Last Egg)")
    table.do("catch P0: Last Egg!")
    table.draw("blue 9", "blue 9")
    table.do("cluck (pass)", "cluck (pass)", "pair: blue 9 + blue 9", "say Last Egg")
    table.do("cluck (pass)", "cluck (pass)", "cluck (pass)", "single: Big Red")
    obs = table.view()
    # Everyone scores 10: P0 its penalty (never multiplied), the others 10 cards x1.
    assert obs["round_scores"] == [[10, 10, 10, 10]]
    assert obs["bad_egg"] == 3  # the highest card held: the Orange Chicken
    assert obs["good_egg"] == 0  # no card left is the lowest "highest card"
    # A four-way Golden Egg tie: the draw starts with the last Good Egg.
    assert obs["phase"] == Phase.TIE_DRAW and obs["rotten_eggs"] == [0, 1, 2, 3]
    assert table.state.action_to_string(card("Big Red"), None).startswith("P0 draws")
    table.draw("orange 7", "Big Red", "Duck", "blue 7")
    assert table.state.winners() == [1]


# --- the 2-player variant ----------------------------------------------------------------------


def test_two_players_highest_card_leads_and_is_shown() -> None:
    table = Table({1: ["Orange Chicken"], 0: ["Duck"]}, players=2)
    # Big Red is among the 20 unused cards here (dealt lowest first).
    obs = table.view()
    assert card("Big Red") in obs["deck_pool"]
    assert obs["leader"] == 1 and obs["shown"] == {"seat": 1, "card": card("Orange Chicken")}
    assert obs["deck_size"] == 20


def test_two_players_ducks_do_not_flip_and_coops_neither_flip_nor_skip() -> None:
    table = Table(
        {0: ["Big Red", "Duck", "blue 7", "blue 8", "blue 8", "green 8", "green 8"]}, players=2
    )
    table.do("single: duck as orange 7")
    assert table.view()["direction"] == Direction.CLUCKWISE and table.player == 1
    table.do("cluck (pass)")
    table.do("little coop: green 8 + green 8 + blue 8 + blue 8")
    assert table.view()["phase"] == Phase.PLAY and table.player == 1
    assert FLIP not in table.state.legal_actions()


def test_two_players_have_no_exchange() -> None:
    table = two_rounds_tied()
    assert table.view()["exchange"] == {"given": None, "returned": None}


# --- actions: ids, text and data -------------------------------------------------------------


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


def test_a_lay_is_described_by_its_kind_cards_and_what_its_duck_stands_for() -> None:
    table = Table({0: ["Big Red", "Duck", "orange 9", "blue 7"]})
    info = table.state.action_info(lay("pair: orange 9 + duck as blue 9"), 0)
    assert info.kind == "lay"
    assert info.cards == (card("orange 9"), DUCK)
    assert dict(info.declared) == {"number": 9, "suit": 0}
    assert [(step.kind, step.label) for step in info.steps] == [
        ("lay", "pair"),
        ("cards", "orange 9 + Duck"),
        ("suit", "blue"),
    ]
    # A lone Duck: its number, then its suit.
    info = table.state.action_info(lay("single: duck as green 2"), 0)
    assert [(step.kind, step.value) for step in info.steps][2:] == [("number", 2), ("suit", 1)]
    # Without a Duck nothing is declared.
    info = table.state.action_info(lay("single: blue 7"), 0)
    assert info.cards == (card("blue 7"),) and not info.declared and len(info.steps) == 2


def test_selected_cards_pick_a_lay_up_to_what_the_duck_stands_for() -> None:
    """What the web client does: the cards selected, matched against the legal Lays' cards; Lays
    that share the cards differ only in what the Duck stands for."""
    game = roost.load_game("big-chicken", players=5, last_egg="strict")
    rng = random.Random(3)
    checked = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            infos = state.legal_action_infos(state.current_player())
            by_cards: dict[tuple[int, ...], list[dict[str, int]]] = {}
            for info in infos:
                if info.kind == "lay":
                    by_cards.setdefault(info.cards, []).append(dict(info.declared))
                else:
                    assert not info.declared and len(info.steps) == 1
            for cards, declared in by_cards.items():
                if len(declared) > 1:
                    assert DUCK in cards and all(declared), cards
                    assert len({tuple(sorted(d.items())) for d in declared}) == len(declared)
                    checked += 1
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    assert checked > 50


def test_the_card_catalogue_gives_every_card_a_colour_symbol_and_text() -> None:
    infos = roost.load_game("big-chicken", players=3).card_types()
    assert [info.id for info in infos] == list(range(len(CARD_NAMES)))
    assert [info.name for info in infos] == list(CARD_NAMES)
    orange_9 = infos[card("orange 9")]
    assert (orange_9.kind, orange_9.label, orange_9.colour, orange_9.symbol) == (
        "egg",
        "9",
        "orange",
        "O",
    )
    assert infos[DUCK].kind == "duck" and infos[DUCK].colour is None
    assert infos[card("Big Red")].colour == "red" and infos[card("Big Red")].kind == "chicken"
    assert all(info.symbol and info.text for info in infos)


def test_a_deal_is_told_only_to_its_receiver() -> None:
    state = roost.load_game("big-chicken").new_initial_state()
    orange_9 = card("orange 9")
    assert state.action_to_string(orange_9, 0) == "P0 is dealt orange 9"
    assert state.action_to_string(orange_9, 1) == "P0 is dealt a card"
    assert state.action_to_string(orange_9, None) == "P0 is dealt a card"


# --- illegal actions ---------------------------------------------------------------------------


def test_illegal_actions_are_rejected_with_a_reason() -> None:
    table = Table({0: ["Big Red", "orange 9"]})
    assert "an action is an integer" in table.refuse("1")
    assert "an action is an integer" in table.refuse(True)
    assert "actions of big-chicken are 0-1379" in table.refuse(NUM_ACTIONS)
    assert "you do not hold" in table.refuse(lay("single: blue 10"))
    assert "not a Lay" in table.refuse(GIVE_BEST)


def test_chance_outcomes_not_in_the_pile_are_rejected() -> None:
    scenario = Scenario("big-chicken", players=3)
    assert "chance outcomes of big-chicken are 0-45" in scenario.refuse(46)
    assert "no orange 7 is left in the deck" in scenario.refuse(card("orange 7"))  # no 7s
    assert "an action is an integer" in scenario.refuse(None)


def test_a_finished_game_takes_no_action() -> None:
    table = Table(ROUND_ONE, rounds=1)
    play_out_round_one(table)
    assert table.player == TERMINAL
    assert "game is over" in table.refuse(CLUCK)
    with pytest.raises(IllegalActionError, match="game is over"):
        table.state.apply_action(CLUCK)


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


@pytest.mark.parametrize("players", [2, 3, 6])
def test_generated_lays_match_the_rules_over_the_whole_action_space(players: int) -> None:
    """Like a perft check: the Lays generated from the hand are exactly the Lays of the fixed
    action space that the hand holds and that beat the Lay on the table."""
    game = roost.load_game("big-chicken", players=players)
    rng = random.Random(players)
    checked = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            obs = read(state.observation(state.current_player()))
            legal = state.legal_actions()
            if obs["phase"] == Phase.PLAY:
                hand = Counter(obs["hand"])
                to_beat = obs["to_beat"]
                top = -1
                if to_beat is not None:  # the Lay on the table, from its cards and its Duck
                    declared = -1 if to_beat["duck_as"] is None else to_beat["duck_as"]
                    top = next(
                        a
                        for a in range(1, FIRST_CHICKEN_LAY + 31)
                        if sorted(CARDS[a]) == to_beat["cards"] and DECLARED[a] == declared
                    )
                expected = [
                    a
                    for a in range(1, FIRST_CHICKEN_LAY + 31)
                    if not Counter(CARDS[a]) - hand and beats(a, top)
                ]
                assert legal == ([CLUCK] if top >= 0 else []) + expected
                checked += 1
            state.apply_action(legal[rng.randrange(len(legal))])
    assert checked > 100


def test_multipliers_are_written_with_slashes_and_read_with_either_separator() -> None:
    """The default and every given table come back as ``8:2/10:3``: a comma in the value would
    split it inside OpenSpiel's game string (``multipliers=8:2,10:3,players=4``), and one table
    written two ways would make two unequal games."""
    default = BigChickenGame()
    assert default.params["multipliers"] == "8:2/10:3"
    commas = BigChickenGame(multipliers="8:2,10:3")
    slashes = BigChickenGame(multipliers=" 8:2 / 10:3 ")
    assert commas == slashes == default
    assert commas.params["multipliers"] == "8:2/10:3"
    assert [default.multiplier(cards) for cards in (7, 8, 9, 10, 15)] == [1, 2, 2, 3, 3]
    custom = BigChickenGame(multipliers="4:2,6:5/9:7")
    assert custom.params["multipliers"] == "4:2/6:5/9:7"
    assert [custom.multiplier(cards) for cards in (3, 4, 6, 9)] == [1, 2, 5, 7]
    with pytest.raises(ParameterError, match="multipliers"):
        roost.load_game("big-chicken", multipliers="8:2/10")
