"""Egg Bound's rules, one scenario per rule: a chosen deal, chosen draws and the players'
decisions by their text (nothing writes a state's insides). Rules as implemented:
src/roost/games/egg_bound/RULES.md."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from roost.core.errors import ParameterError
from roost.core.game import CHANCE, OMNISCIENT
from roost.games.egg_bound.actions import (
    ALLOW,
    CLUCK,
    DEFEND,
    DEFEND_NONE,
    DISCARD,
    GOOD_EGG,
    HATCH,
    KEEP,
    LOSE_TURN,
    RED,
    SONG,
    SWAP,
    UNBIND,
    Phase,
    star_action,
)
from roost.games.egg_bound.cards import (
    CARD_INFO,
    CARD_NAMES,
    CARD_TYPES,
    CHICKENS,
    COMPOSITION_NAMES,
    COMPOSITIONS,
    DEFAULT_COMPOSITION,
    EGG,
    HAND_SIZE,
    RED_ACTIONS,
    STAR_NAMES,
    STARS,
)
from roost.games.egg_bound.game import EggBoundGame
from roost.games.egg_bound.views import EggBoundObservation, read, result_text
from roost.testing.scenario import Scenario, lowest_unreserved

FILLERS = (
    "green Good Egg",
    "Un-Bound",
    "Star Egg Head",
    "Star Pecking Order",
    "Star Chicken Run",
    "Cluck-Off",
)
"""Cards to pad a hand with: no Chicken among them, so none of them can be played while no
player has a Bad Egg or an Egg Bound card; Cluck-Off comes last."""
INERT = (
    "green Good Egg",
    "Un-Bound",
    "Egg Laying Song",
    "Hatch It",
    "Star Egg Head",
    "Star Pecking Order",
    "Star Chicken Run",
)
"""Cards drawn when a test does not care: none is a Chicken, a Cluck-Off or a red card."""
SCENARIO_DECK = "classic-2025"
"""The deck the scenarios deal from: the rules do not depend on the counts, and several
scenarios deal more copies of a card than the default deck holds (two red Bad Eggs, two
Egg-Splosions, five red Bad Eggs round six players), so they play the first-guess deck, a
named composition (`composition=classic-2025`). The default deck is dealt in the set-up tests,
the random-game tests and tests/test_egg_bound_composition.py."""
CLASSIC = COMPOSITIONS[SCENARIO_DECK]
FULL_DECK = CLASSIC.full_deck
DRAW_DECK = CLASSIC.draw_deck
EGG_COUNT = CLASSIC.eggs
COPIES = Counter(CARD_NAMES[c] for c in FULL_DECK)


def card(name: str) -> int:
    return CARD_NAMES.index(name)


def names(cards: list[int]) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def chicken(name: str) -> int:
    return CHICKENS.index(card(name))


def star(name: str) -> int:
    return STARS.index(card(name))


def red(name: str, victim: int) -> int:
    return RED + RED_ACTIONS.index(card(name)) * 6 + victim


def hatch(name: str, victim: int) -> int:
    return HATCH + chicken(name) * 6 + victim


def song(name: str) -> int:
    return SONG + chicken(name)


class Table(Scenario):
    """A game whose deal gives seat i the cards `hands[i]` (padded with fillers)."""

    def __init__(self, hands: Sequence[Sequence[str]], **params: Any) -> None:
        params.setdefault("composition", SCENARIO_DECK)
        super().__init__("egg-bound", players=len(hands), **params)
        used = Counter(name for hand in hands for name in hand)
        full: list[list[str]] = []
        for hand in hands:
            padded = list(hand)
            while len(padded) < HAND_SIZE:
                filler = next(c for c in FILLERS if used[c] < COPIES[c])
                used[filler] += 1
                padded.append(filler)
            full.append(padded)
        self.chance(*(hand[i] for i in range(HAND_SIZE) for hand in full))

    @property
    def view(self) -> EggBoundObservation:
        """What a spectator sees."""
        return read(self.obs(None))

    def seen_by(self, seat: int | None) -> EggBoundObservation:
        return read(self.obs(seat))

    def eggs(self) -> list[tuple[int, int]]:
        view = self.view
        return list(zip(view["good_eggs"], view["bad_eggs"], strict=True))

    def hand(self, seat: int) -> Counter[str]:
        return Counter(names(self.seen_by(seat)["hand"]))

    def result(self) -> str:
        last = self.view["last_result"]
        assert last is not None
        return result_text(last)

    def pick(self, wanted: Sequence[str]) -> str:
        """The first of `wanted` still in the Draw Pile, else an inert card, else the first."""
        outcomes = [CARD_NAMES[c] for c, _ in self.state.chance_outcomes()]
        for name in (*wanted, *INERT):
            if name in outcomes:
                return name
        return outcomes[0]

    def refill(self, *preferred: str) -> Table:
        """Finish the draws in progress: the `preferred` cards first (while the Draw Pile has
        them), then inert cards."""
        wanted = list(preferred)
        while self.player == CHANCE:
            name = self.pick(wanted)
            if name in wanted:
                wanted.remove(name)
            self.chance(name)
        return self

    def swap(self, draw: str | None = None, discard: str | None = None) -> Table:
        """The mover swaps: draws `draw` (or an inert card) and discards `discard` (or the card
        just drawn)."""
        self.do("swap")
        drawn = draw if draw is not None else self.pick([])
        self.chance(drawn)
        self.do(f"discard {discard if discard is not None else drawn}")
        return self.refill()

    def allow(self) -> Table:
        return self.do(next(text for text in self.texts() if text.startswith("let ")))

    def cluck(self) -> Table:
        return self.do(next(text for text in self.texts() if "Cluck-Off" in text))


# --- set-up and the turn ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_gives_one_good_egg_each_and_the_rest_to_the_egg_pile(players: int) -> None:
    for name in COMPOSITION_NAMES:
        deck = COMPOSITIONS[name]
        others = 85 - deck.eggs
        scenario = Scenario("egg-bound", players=players, composition=name, fill=lowest_unreserved)
        view = read(scenario.obs(None))
        assert view["good_eggs"] == [1] * players and view["bad_eggs"] == [0] * players
        assert view["egg_pile"] == deck.eggs - players
        assert view["draw_pile"] == len(deck.draw_deck) == others and view["phase"] == Phase.DEAL
        view = read(scenario.settle().obs(None))
        assert view["hand_sizes"] == [HAND_SIZE] * players
        assert view["draw_pile"] == others - HAND_SIZE * players
        assert view["current_player"] == 0 and view["phase"] == Phase.TURN


def test_card_table_has_85_cards_and_distinct_ids_for_the_namesakes() -> None:
    """85 cards in every composition; the counts are an inference (RULES.md, The cards): the
    default was fitted to the rulebook's "5 to 15 minutes", the first guess is a variant."""
    namesakes = ["Egg card", "green Good Egg", "red Bad Egg", "red Egg Bound"]
    assert len({card(name) for name in namesakes}) == 4
    groups = {
        "fitted-2026": {
            "egg": 21,
            "chicken": 20,
            "chicken action": 20,
            "regular action": 12,
            "undo": 12,
        },
        "classic-2025": {
            "egg": 18,
            "chicken": 16,
            "chicken action": 19,
            "regular action": 17,
            "undo": 15,
        },
    }
    assert DEFAULT_COMPOSITION == "fitted-2026" and set(groups) == set(COMPOSITION_NAMES)
    for name, expected in groups.items():
        deck = COMPOSITIONS[name].full_deck
        assert len(deck) == 85 and Counter(deck)[EGG] == expected["egg"]
        assert Counter(CARD_TYPES[c].group for c in deck) == expected
    # Each star column uses 1-4 once: two different Chickens never tie.
    for column in range(3):
        assert sorted(CARD_TYPES[c].stars[column] for c in CHICKENS) == [1, 2, 3, 4]  # type: ignore[index]


def test_the_card_catalogue_gives_every_card_its_colour_symbol_and_text() -> None:
    game = EggBoundGame()
    assert [info.id for info in game.card_types()] == list(range(len(CARD_TYPES)))
    rooster = CARD_INFO[card("Rooster")]
    assert (rooster.kind, rooster.colour, rooster.symbol) == ("chicken", "purple", "P")
    assert rooster.text.startswith("Pecking Order 4, IQ 1, Speed 3")
    bad_egg = CARD_INFO[card("red Bad Egg")]
    assert (bad_egg.label, bad_egg.colour, bad_egg.symbol) == ("Bad Egg", "red", "R")
    assert {info.symbol for info in CARD_INFO} == {"E", "P", "B", "R", "G"}


def test_the_deal_goes_one_card_at_a_time_round_the_table_from_seat_0() -> None:
    scenario = Scenario("egg-bound", players=3)
    rooster, fowl = card("Rooster"), card("Fowl")
    assert scenario.state.action_to_string(rooster, 0) == "P0 is dealt Rooster"
    assert scenario.state.action_to_string(rooster, 1) == "P0 is dealt a card"
    scenario.chance("Rooster")
    assert scenario.state.action_to_string(fowl, None) == "P1 is dealt a card"
    scenario.chance("Fowl")
    assert read(scenario.obs(0))["hand"] == [rooster]
    assert read(scenario.obs(1))["hand"] == [fowl]


def test_first_player_is_seat_0_and_play_passes_to_the_next_seat() -> None:
    table = Table([[], [], []])
    for mover in (0, 1, 2, 0):
        assert table.player == mover
        table.swap()


def test_swap_draws_a_card_then_discards_any_card_even_the_one_drawn() -> None:
    table = Table([[], []])
    table.do("swap: draw a card, then discard one")
    assert table.view["phase"] == Phase.SWAP_DRAW and table.player == CHANCE
    table.chance("Fowl")
    assert table.hand(0)["Fowl"] == 1 and table.view["hand_sizes"][0] == 6
    assert table.texts() == [f"discard {name}" for name in sorted(table.hand(0), key=card)]
    table.do("discard Fowl")
    assert table.view["discard_pile"] == [card("Fowl")]
    assert table.player == 1 and table.view["hand_sizes"] == [5, 5]


def test_hands_refill_to_five_at_the_end_of_the_turn_mover_first() -> None:
    table = Table([["red Bad Egg"], ["Cluck-Off"]])
    table.do("play red Bad Egg on P1")
    table.cluck()
    assert table.view["hand_sizes"] == [4, 4] and table.view["phase"] == Phase.REFILL
    assert table.state.action_to_string(card("Fowl"), 1) == "P0 draws a card"
    table.chance("Fowl")  # the mover refills first
    assert table.view["hand_sizes"] == [5, 4]
    assert table.state.action_to_string(card("Rooster"), 1) == "P1 draws Rooster"
    table.chance("Rooster")
    assert table.view["hand_sizes"] == [5, 5] and table.player == 1


# --- an empty Draw Pile ---------------------------------------------------------------------


def swap_until_the_draw_pile_is_empty(table: Table) -> list[int]:
    while table.view["draw_pile"]:
        table.swap()
    return table.view["discard_pile"]


def test_an_empty_draw_pile_is_the_discard_pile_turned_over_first_discard_first() -> None:
    """The rulebook: "If the Draw Pile runs out of cards simply turn over the Discard Pile to
    create a new Draw Pile." Turned over, the card discarded first comes up first."""
    table = Table([[], []])
    discards = swap_until_the_draw_pile_is_empty(table)
    assert len(discards) == 67 - 10 and table.view["reshuffles"] == 0
    assert table.view["draw_pile_known"] is None
    table.do("swap")
    view = table.view
    assert view["reshuffles"] == 1 and view["discard_pile"] == []
    assert view["draw_pile_known"] == discards and view["draw_pile"] == len(discards)
    # Everyone knows the next card: one outcome, and every seat is told which.
    first = discards[0]
    assert table.state.chance_outcomes() == [(first, 1.0)]
    mover = view["turn_of"]
    assert mover is not None
    for viewer in (0, 1, None):
        assert table.state.action_to_string(first, viewer) == (
            f"the Discard Pile is turned over into a new Draw Pile; P{mover} draws "
            f"{CARD_NAMES[first]}"
        )
    other = next(c for c in set(discards) if c != first)
    assert "everyone knows the next card is" in table.refuse(other)
    table.chance(CARD_NAMES[first])
    after = table.view
    assert after["draw_pile_known"] == discards[1:]
    assert after["known_hands"][mover] == [first]


def test_cards_drawn_from_a_turned_over_pile_are_known_until_shown() -> None:
    table = Table([[], []])
    swap_until_the_draw_pile_is_empty(table)
    mover = table.player
    table.do("swap")
    drawn = CARD_NAMES[table.state.chance_outcomes()[0][0]]
    table.chance(drawn)
    assert names(table.view["known_hands"][mover]) == [drawn]
    table.do(f"discard {drawn}")
    assert table.view["known_hands"][mover] == []


def test_with_the_shuffle_house_rule_the_new_draw_pile_is_shuffled_and_hidden() -> None:
    table = Table([[], []], reshuffle="shuffle")
    discards = swap_until_the_draw_pile_is_empty(table)
    table.do("swap")
    view = table.view
    assert view["reshuffles"] == 1 and view["discard_pile"] == []
    assert view["draw_pile"] == len(discards) and view["draw_pile_known"] is None
    assert Counter(read(table.obs(OMNISCIENT))["draw_pile_cards"]) == Counter(discards)
    outcomes = table.state.chance_outcomes()
    assert len(outcomes) == len(set(discards)) > 1
    drawn, _ = outcomes[-1]
    mover = view["turn_of"]
    assert table.state.action_to_string(drawn, 1 - (mover or 0)) == (
        f"the Discard Pile becomes the new Draw Pile; P{mover} draws a card"
    )
    table.chance(drawn)
    assert table.view["draw_pile"] == len(discards) - 1
    assert table.view["known_hands"] == [[], []]


@pytest.mark.parametrize("rule", ["turn_over", "shuffle"])
def test_a_card_discarded_after_a_reshuffle_can_be_drawn_again_later(rule: str) -> None:
    table = Table([[], []], reshuffle=rule)
    while table.view["reshuffles"] < 2:
        table.swap()
    assert table.view["reshuffles"] == 2  # the same cards came round twice


# --- Star challenges -----------------------------------------------------------------------------


def test_star_challenge_higher_stars_win_a_good_egg_for_the_attacker() -> None:
    table = Table([["Star Pecking Order", "Rooster"], ["Mother Hen"]])
    table.do("challenge P1: Star Pecking Order, Rooster face down")
    assert table.player == 1 and table.texts() == ["let P0's Star Pecking Order happen"]
    table.allow()
    assert table.view["phase"] == Phase.STAR_DEFENCE
    assert table.texts() == ["defend with Mother Hen"]
    table.do("defend with Mother Hen")
    assert table.eggs() == [(2, 0), (0, 0)]
    assert table.result() == (
        "P0's Rooster (Pecking Order 4) against P1's Mother Hen (3): P0 wins and takes a Good "
        "Egg from P1"
    )
    discard = names(table.view["discard_pile"])
    assert Counter(discard) == {"Star Pecking Order": 1, "Rooster": 1, "Mother Hen": 1}
    table.refill()
    assert table.view["hand_sizes"] == [5, 5]


def test_star_challenge_a_defender_with_more_stars_takes_the_attackers_good_egg() -> None:
    table = Table([["Star Egg Head", "Rooster"], ["Mother Hen"]])  # IQ: Rooster 1, Mother Hen 4
    table.do("challenge P1: Star Egg Head, Rooster face down").allow()
    table.do("defend with Mother Hen")
    assert table.eggs() == [(0, 0), (2, 0)]
    assert table.result().endswith("P1 wins and takes a Good Egg from P0")


def test_star_challenge_same_stars_nobody_wins() -> None:
    table = Table([["Star Chicken Run", "Rooster"], ["Rooster"]])
    table.do("challenge P1: Star Chicken Run, Rooster face down").allow()
    table.do("defend with Rooster")
    assert table.eggs() == [(1, 0), (1, 0)]
    assert table.result().endswith("same stars, nobody wins")
    last = table.view["last_result"]
    assert last is not None and last["winner"] is None


def test_star_challenge_the_defender_chooses_which_chicken_and_must_place_one() -> None:
    table = Table([["Star Egg Head", "Baby Hen"], ["Rooster", "Golden Hen"]])
    table.do("challenge P1: Star Egg Head, Baby Hen face down").allow()
    assert table.texts() == ["defend with Golden Hen", "defend with Rooster"]
    assert "holds a Chicken and must place one" in table.refuse(DEFEND_NONE)
    assert "holds no Mother Hen" in table.refuse(DEFEND + chicken("Mother Hen"))
    table.do("defend with Golden Hen")  # IQ 3 beats Baby Hen's 2
    assert table.eggs() == [(0, 0), (2, 0)]
    assert table.hand(1)["Rooster"] == 1


def test_star_challenge_a_defender_without_a_chicken_loses_and_the_chicken_returns_unseen() -> None:
    table = Table([["Star Egg Head", "Mother Hen"], []])
    table.do("challenge P1: Star Egg Head, Mother Hen face down").allow()
    assert table.texts() == ["place no Chicken (you hold none)"]
    table.do("place no Chicken")
    assert table.eggs() == [(2, 0), (0, 0)]
    assert table.hand(0)["Mother Hen"] == 1  # taken back
    assert names(table.view["discard_pile"]) == ["Star Egg Head"]
    assert table.result() == "P1 had no Chicken: P0 wins the challenge and takes a Good Egg from P1"
    for seat in (None, 1):
        view = table.seen_by(seat)
        assert card("Mother Hen") not in view["discard_pile"]
        last = view["last_result"]
        assert last is not None and last["chicken"] is None, "the Chicken was never shown"
    table.refill()
    assert table.view["hand_sizes"] == [5, 5]


def test_star_challenge_the_face_down_chicken_is_hidden_from_everyone_but_its_owner() -> None:
    table = Table([["Star Egg Head", "Mother Hen"], ["Rooster"], []])
    action = star_action(star("Star Egg Head"), chicken("Mother Hen"), 1)
    text = table.state.action_to_string
    assert text(action, 0) == "challenge P1: Star Egg Head, Mother Hen face down"
    for viewer in (1, 2, None):
        assert text(action, viewer) == "challenge P1: Star Egg Head, a Chicken face down"
    table.do(action)
    mother_hen = card("Mother Hen")
    for seat in (0, OMNISCIENT):
        challenge = table.seen_by(seat)["challenge"]
        assert challenge is not None and challenge["chicken"] == mother_hen
    for other in (1, 2, None):
        assert table.seen_by(other)["challenge"] == {
            "attacker": 0,
            "card": card("Star Egg Head"),
            "target": 1,
            "chicken": None,
            "face_down": True,
        }
    table.allow()
    assert table.texts(1) == ["defend with Rooster"]
    table.do("defend with Rooster")  # both turn over: now everyone sees it
    last = table.seen_by(2)["last_result"]
    assert last is not None and last["chicken"] == mother_hen


def test_star_challenge_needs_a_victim_with_a_good_egg_and_a_chicken_in_hand() -> None:
    table = Table(
        [["Star Egg Head", "red Bad Egg"], ["Star Pecking Order", "Mother Hen"], ["Rooster"]]
    )
    assert not any(text.startswith("challenge") for text in table.texts())  # no Chicken
    assert "you do not hold Rooster" in table.refuse(star_action(0, chicken("Rooster"), 1))
    table.do("play red Bad Egg on P2").allow().refill()
    # P1's turn: P2 has no Good Egg left, so only P0 can be challenged.
    challenges = [text for text in table.texts() if text.startswith("challenge")]
    assert challenges == ["challenge P0: Star Pecking Order, Mother Hen face down"]
    attack = star_action(star("Star Pecking Order"), chicken("Mother Hen"), 2)
    assert "no Good Egg" in table.refuse(attack)
    assert "yourself" in table.refuse(attack - 1)
    assert "no P5" in table.refuse(attack + 3)


def _decided_by(column: int) -> tuple[str, str]:
    """Two Chickens whose stars in `column` rank them one way and, as far as the card table
    allows, every other column the other way: a Star that compared the wrong score would give
    the other winner."""
    best: tuple[int, str, str] | None = None
    for x in CHICKENS:
        for y in CHICKENS:
            sx, sy = CARD_TYPES[x].stars, CARD_TYPES[y].stars
            assert sx is not None and sy is not None
            if sx[column] > sy[column]:
                against = sum(sx[c] < sy[c] for c in range(3) if c != column)
                if best is None or against > best[0]:
                    best = (against, CARD_NAMES[x], CARD_NAMES[y])
    assert best is not None
    return best[1], best[2]


@pytest.mark.parametrize(
    ("star_name", "score"),
    [
        ("Star Pecking Order", "Pecking Order"),
        ("Star Egg Head", "IQ"),
        ("Star Chicken Run", "Speed"),
    ],
)
def test_each_star_compares_its_own_score(star_name: str, score: str) -> None:
    """The rulebook: "Star Egg Head (IQ), Star Pecking Order (Pecking Order), Star Chicken Run
    (Speed)": the attacker's Chicken is higher in that score (and, with these cards, lower in the
    others)."""
    column = STAR_NAMES.index(score)
    higher, lower = _decided_by(column)
    table = Table([[star_name, higher], [lower]])
    table.do(f"challenge P1: {star_name}, {higher} face down").allow()
    table.do(f"defend with {lower}")
    assert table.eggs() == [(2, 0), (0, 0)]
    last = table.view["last_result"]
    assert last is not None and last["winner"] == 0


def sing_to_two(hands: list[list[str]], *draws: str, **params: Any) -> Table:
    """P0 sings the Egg Laying Song (with the first Chicken of its hand) on turn 1, then
    draws `draws` (or inert cards)."""
    table = Table(hands, **params)
    first = next(name for name in hands[0] if card(name) in CHICKENS)
    table.do(f"sing the Egg Laying Song with {first}")
    return table.refill(*draws)


def test_the_game_ends_when_a_defender_wins_a_third_good_egg_on_the_attackers_turn() -> None:
    table = Table([[], ["Egg Laying Song", "Golden Hen", "Rooster"], [], ["Star Pecking Order"]])
    table.swap()
    table.do("sing the Egg Laying Song with Golden Hen").refill()  # P1: two Good Eggs
    table.swap()
    table.do("swap").chance("Baby Hen")  # P3 draws the Baby Hen and keeps it
    spare = next(n for n in table.hand(3) if n not in ("Star Pecking Order", "Baby Hen"))
    table.do(f"discard {spare}").refill()
    table.swap()  # P0
    assert table.eggs()[1] == (2, 0)
    table.swap()  # P1
    table.swap()  # P2
    table.do("challenge P1: Star Pecking Order, Baby Hen face down").allow()
    table.do("defend with Rooster")
    assert table.is_over()
    assert table.state.winners() == [1] and table.state.returns() == [0.0, 1.0, 0.0, 0.0]
    assert table.view.get("winners") == [1]
    assert table.view["turn_of"] == 3  # it was the attacker's turn


def test_a_star_winner_with_three_eggs_takes_no_egg() -> None:
    hands = [
        ["Egg Laying Song", "Egg Laying Song", "Golden Hen", "Baby Hen", "Rooster"],
        ["red Bad Egg", "Mother Hen"],
        [],
    ]
    table = sing_to_two(hands, "Hatch It", "Eggy Soldier")
    table.do("play red Bad Egg on P0").allow().refill()  # P1 turns one of P0's Good Eggs bad
    table.swap()  # P2
    table.do("sing the Egg Laying Song with Baby Hen").refill("Star Pecking Order")
    assert table.eggs()[0] == (2, 1)  # P0: 2 Good + 1 Bad
    table.swap()
    table.swap()
    # The three-egg cap: no Egg Laying Song, Hatch It or Eggy Soldier, but a Star is fine.
    assert not any(text.startswith(("sing", "Hatch It", "play Eggy")) for text in table.texts())
    assert "already have 3 eggs" in table.refuse(hatch("Rooster", 1))
    assert "already have 3 eggs" in table.refuse(red("Eggy Soldier", 1))
    table.do("challenge P1: Star Pecking Order, Rooster face down").allow()
    table.do("defend with Mother Hen")
    assert table.eggs()[:2] == [(2, 1), (1, 0)]
    assert table.result().endswith("P0 wins, but P0 already has 3 eggs")


def test_a_star_winner_cannot_take_from_a_loser_without_good_eggs() -> None:
    table = Table([["Star Egg Head", "Rooster"], ["Mother Hen", "red Bad Egg"], []])
    table.swap()
    table.do("play red Bad Egg on P0").allow().refill()  # P0 now has no Good Egg
    table.swap()
    table.do("challenge P1: Star Egg Head, Rooster face down").allow()
    table.do("defend with Mother Hen")  # the defender wins, on IQ
    assert table.eggs()[:2] == [(0, 1), (1, 0)]
    assert table.result().endswith("P1 wins, but P0 has no Good Egg to take")


# --- the other Chicken Actions ----------------------------------------------------------------


def test_egg_laying_song_takes_a_good_egg_from_the_egg_pile() -> None:
    table = Table([["Egg Laying Song", "Golden Hen"], []])
    pile = table.view["egg_pile"]
    table.do("sing the Egg Laying Song with Golden Hen")
    assert table.view["phase"] == Phase.REFILL  # no Cluck-Off window
    assert table.eggs()[0] == (2, 0) and table.view["egg_pile"] == pile - 1
    assert names(table.view["discard_pile"]) == ["Egg Laying Song", "Golden Hen"]
    assert table.result() == "P0 sang the Egg Laying Song and took a Good Egg from the Egg Pile"
    table.refill()
    assert table.view["hand_sizes"] == [5, 5]


def test_egg_laying_song_needs_a_chicken() -> None:
    table = Table([["Egg Laying Song"], []])
    assert not any(text.startswith("sing") for text in table.texts())
    assert "you do not hold Rooster to play with it" in table.refuse(song("Rooster"))


def drive(
    table: Table,
    wanted: tuple[str, ...],
    plan: Callable[[Table, int, list[str]], str | None],
    done: Callable[[Table], bool],
    keep: Callable[[Table, int], set[str]] = lambda table, mover: set(),
) -> None:
    """Play until `done(table)`: `plan(table, mover, texts)` picks a turn's play (None: swap,
    discarding a card not in `keep(table, mover)` if possible); draws give `wanted` cards when
    the Draw Pile has them; cards played against a player are let happen."""
    for _ in range(5000):
        if done(table):
            return
        assert not table.is_over()
        if table.player == CHANCE:
            table.chance(table.pick(wanted))
            continue
        mover = table.player
        texts = table.texts()
        if table.view["phase"] != Phase.TURN:
            table.do(next((t for t in texts if t.startswith("let ")), texts[0]))
            continue
        play = plan(table, mover, texts)
        if play is not None:
            table.do(play)
            continue
        table.do("swap").chance(table.pick(wanted))
        kept = keep(table, mover)
        spare = min(table.hand(mover), key=lambda name: (name in kept, card(name)))
        table.do(f"discard {spare}")
    raise AssertionError("the scenario did not get there")


def test_the_egg_pile_empties_only_when_six_players_hold_three_eggs_each() -> None:
    """Eighteen Egg cards, three at most in front of a player: only six players can empty
    the Egg Pile, and then everyone is at the cap, so the Egg Laying Song is illegal twice
    over. An Egg-Splosion puts an egg back, Good side up, and the song is possible again.
    The players here sing up to two Good Eggs, and a red Bad Egg turns one of them bad (the
    fifth and sixth Bad Eggs need a red Bad Egg card to come round after a reshuffle, so the
    piles are shuffled here, to draw the cards the scenario needs)."""
    wanted = ("Egg Laying Song", "red Bad Egg", "Rooster", "Mother Hen")

    def sing_or_spoil(table: Table, mover: int, texts: list[str]) -> str | None:
        good = table.eggs()[mover][0]
        sings = [t for t in texts if t.startswith("sing")]
        if sings and good < 2:
            return sings[0]
        for victim, (g, b) in enumerate(table.eggs()):
            if g == 2 and b == 0 and f"play red Bad Egg on P{victim}" in texts:
                return f"play red Bad Egg on P{victim}"
        return None

    chickens = ("Rooster", "Rooster", "Mother Hen", "Mother Hen")
    table = Table(
        [["Egg Laying Song", c, "red Bad Egg"] for c in chickens]
        + [["Golden Hen", "red Bad Egg"], ["Baby Hen"]],
        max_turns=2000,
        reshuffle="shuffle",
    )

    def useful(table: Table, mover: int) -> set[str]:
        good, bad = table.eggs()[mover]
        can_sing = good < 2 and good + bad < 3
        chicken_names = [CARD_NAMES[c] for c in CHICKENS]
        return {"red Bad Egg", *(("Egg Laying Song", *chicken_names) if can_sing else ())}

    drive(table, wanted, sing_or_spoil, lambda t: t.view["egg_pile"] == 0, useful)
    assert table.eggs() == [(2, 1)] * 6
    table.refill()
    assert not any(text.startswith("sing") for text in table.texts())

    def explode(table: Table, mover: int, texts: list[str]) -> str | None:
        play = f"play Egg-Splosion on P{(mover + 1) % 6}"
        return play if play in texts else None

    drive(table, ("Egg-Splosion",), explode, lambda t: t.view["phase"] == Phase.EGG_SPLOSION)
    challenge = table.view["challenge"]
    assert challenge is not None
    victim = challenge["target"]
    table.do(f"explode one of P{victim}'s Bad Eggs")
    assert table.view["egg_pile"] == 1
    assert table.eggs()[victim] == (2, 0)  # room again, and an egg to sing for


def three_eggs_for_p0(p1: list[str], p0_extra: Sequence[str] = ()) -> Table:
    """P0 sings twice and P1 turns one of its Good Eggs bad: P0 ends at the cap, 2 Good and 1
    Bad Egg, with P1 to move (three players)."""
    p0 = ["Egg Laying Song", "Egg Laying Song", "Golden Hen", "Baby Hen", *p0_extra]
    table = sing_to_two([p0, ["red Bad Egg", *p1], []], "Hatch It", "Eggy Soldier")
    table.do("play red Bad Egg on P0").allow().refill()
    table.swap()  # P2
    table.do("sing the Egg Laying Song with Baby Hen").refill()
    assert table.eggs()[0] == (2, 1) and table.player == 1
    return table


def test_at_the_cap_a_green_good_egg_still_turns_a_bad_egg_good() -> None:
    """The rulebook: "If you have 3 eggs then you need to make your Bad Eggs good again": the cap
    stops eggs coming in, not a Bad Egg turning good, which here wins the game."""
    table = three_eggs_for_p0([], p0_extra=["green Good Egg"])
    table.swap()
    table.swap()
    assert any(text.startswith("play green Good Egg") for text in table.texts())
    table.do("play green Good Egg")
    assert table.eggs()[0] == (3, 0)
    assert table.is_over() and table.state.winners() == [0]


def test_a_capped_players_good_eggs_can_still_be_taken() -> None:
    """The rulebook: "Remember that your Good eggs can still be taken from you by other
    players"; the cap only stops eggs coming in."""
    table = three_eggs_for_p0(["Eggy Soldier", "Star Pecking Order", "Rooster"])
    texts = table.texts()
    assert "play Eggy Soldier on P0" in texts
    assert "challenge P0: Star Pecking Order, Rooster face down" in texts
    table.do("play Eggy Soldier on P0").allow()
    assert table.eggs()[:2] == [(1, 1), (2, 0)]


def test_hatch_it_takes_a_good_egg_and_the_victim_may_keep_the_chicken() -> None:
    table = Table([["Hatch It", "Rooster"], ["Fowl"]])
    table.do("Hatch It on P1 with Rooster")
    challenge = table.seen_by(1)["challenge"]
    assert challenge is not None and challenge["chicken"] == card("Rooster")  # face up
    assert not challenge["face_down"]
    table.allow()
    assert table.eggs() == [(2, 0), (0, 0)]
    assert table.player == 1 and table.view["phase"] == Phase.KEEP_CHICKEN
    texts = table.texts()
    assert texts[0] == "do not keep the Rooster" and "keep the Rooster, discard Fowl" in texts
    table.do("keep the Rooster, discard Fowl")
    assert table.hand(1)["Rooster"] == 1 and table.hand(1)["Fowl"] == 0
    assert table.view["hand_sizes"][1] == 5
    assert table.view["known_hands"][1] == [card("Rooster")]  # everyone saw it taken
    assert Counter(names(table.view["discard_pile"])) == {"Hatch It": 1, "Fowl": 1}
    assert table.result() == "P0 hatched a Good Egg from P1; P1 kept the Rooster and discarded Fowl"


def test_hatch_it_victim_may_decline_the_chicken() -> None:
    table = Table([["Hatch It", "Rooster"], ["Rooster"]])
    table.do("Hatch It on P1 with Rooster").allow()
    # Keeping a Rooster by discarding one's own Rooster is the same as declining: not offered.
    assert "keep the Rooster, discard Rooster" not in table.texts()
    assert "same as not keeping it" in table.refuse(KEEP + card("Rooster") - 1)
    table.do("do not keep the Rooster")
    assert table.hand(1)["Rooster"] == 1
    assert Counter(names(table.view["discard_pile"])) == {"Hatch It": 1, "Rooster": 1}
    assert table.result() == "P0 hatched a Good Egg from P1; P1 did not keep the Rooster"
    table.refill()
    assert table.view["hand_sizes"] == [5, 5]


def test_hatch_it_needs_room_and_a_victim_with_a_good_egg() -> None:
    table = Table([["Hatch It", "Rooster", "red Bad Egg"], [], []])
    table.do("play red Bad Egg on P2").allow().refill()
    table.swap()
    table.swap()
    assert "Hatch It on P1 with Rooster" in table.texts()
    reason = table.refuse(hatch("Rooster", 2))
    assert "P2 is not a legal target because they have no Good Egg" in reason


def test_a_third_good_egg_from_hatch_it_ends_the_game_before_the_keep_choice() -> None:
    table = sing_to_two([["Egg Laying Song", "Golden Hen", "Hatch It", "Rooster"], []])
    table.swap()
    table.do("Hatch It on P1 with Rooster").allow()
    assert table.is_over() and table.state.winners() == [0]
    assert table.state.returns() == [1.0, 0.0]


def test_egg_bound_blocks_the_egg_laying_song_but_not_hatch_it() -> None:
    table = Table([["red Egg Bound"], ["Egg Laying Song", "Golden Hen", "Hatch It", "Un-Bound"]])
    table.do("play red Egg Bound on P1").allow().refill()
    assert table.view["egg_bound"] == [False, True]
    texts = table.texts()
    assert not any(text.startswith("sing") for text in texts)
    assert "Hatch It on P0 with Golden Hen" in texts
    assert "you are Egg Bound" in table.refuse(song("Golden Hen"))
    table.do("Hatch It on P0 with Golden Hen").allow()
    assert table.eggs() == [(0, 0), (2, 0)]


# --- red Regular Actions -------------------------------------------------------------------------


def test_red_bad_egg_turns_one_of_the_victims_good_eggs_bad() -> None:
    table = Table([["red Bad Egg", "red Bad Egg"], [], []])
    table.do("play red Bad Egg on P1")
    assert table.view["phase"] == Phase.CLUCK_OFF_WINDOW
    table.allow()
    assert table.eggs() == [(1, 0), (0, 1), (1, 0)]
    assert names(table.view["discard_pile"]) == ["red Bad Egg"]
    assert table.result() == "P0 turned one of P1's Good Eggs bad"
    table.refill()
    table.swap()
    table.swap()
    assert "play red Bad Egg on P1" not in table.texts()
    assert "no Good Egg" in table.refuse(red("red Bad Egg", 1))


def test_egg_splosion_returns_the_victims_only_egg_to_the_egg_pile() -> None:
    table = Table([["Egg-Splosion"], []])
    pile = table.view["egg_pile"]
    table.do("play Egg-Splosion on P1").allow()
    assert table.eggs() == [(1, 0), (0, 0)]
    assert table.view["egg_pile"] == pile + 1
    assert table.result() == "P0 exploded one of P1's Good Eggs"


def test_egg_splosion_attacker_chooses_a_good_or_a_bad_egg_when_the_victim_has_both() -> None:
    table = sing_to_two([["Egg Laying Song", "Golden Hen"], ["red Bad Egg"], ["Egg-Splosion"]])
    table.do("play red Bad Egg on P0").allow().refill()
    assert table.eggs()[0] == (1, 1)
    assert "yourself" in table.refuse(red("Egg-Splosion", 2))
    table.do("play Egg-Splosion on P0").allow()
    assert table.player == 2 and table.view["phase"] == Phase.EGG_SPLOSION
    assert table.texts() == ["explode one of P0's Good Eggs", "explode one of P0's Bad Eggs"]
    pile = table.view["egg_pile"]
    table.do("explode one of P0's Bad Eggs")
    assert table.eggs()[0] == (1, 0)
    assert table.view["egg_pile"] == pile + 1
    assert table.result() == "P2 exploded one of P0's Bad Eggs"


def test_egg_splosion_needs_a_victim_with_an_egg() -> None:
    table = Table([["Egg-Splosion", "Egg-Splosion"], []])
    table.do("play Egg-Splosion on P1").allow().refill()
    table.swap()
    assert "P1 has no egg to explode" in table.refuse(red("Egg-Splosion", 1))


def test_eggy_soldier_takes_a_good_egg() -> None:
    table = Table([["Eggy Soldier"], []])
    table.do("play Eggy Soldier on P1").allow()
    assert table.eggs() == [(2, 0), (0, 0)]
    assert table.result() == "P0's Eggy Soldier took a Good Egg from P1"


def test_egg_bound_goes_in_front_of_the_victim_until_un_bound() -> None:
    table = Table([["red Egg Bound", "red Egg Bound"], ["Un-Bound"], []])
    table.do("play red Egg Bound on P1").allow()
    assert table.view["egg_bound"] == [False, True, False]
    assert table.view["discard_pile"] == []
    assert table.state.card_places()["front 1"] == [card("red Egg Bound")]
    assert table.result() == "P1 is Egg Bound"
    table.refill()
    table.do("play Un-Bound")
    assert table.view["egg_bound"] == [False, False, False]
    assert Counter(names(table.view["discard_pile"])) == {"Un-Bound": 1, "red Egg Bound": 1}
    assert table.result() == "P1 is Un-Bound"
    table.refill()
    assert table.view["hand_sizes"] == [5, 5, 5]


def test_an_egg_bound_player_still_gains_eggs_with_a_star_or_eggy_soldier() -> None:
    """The rulebook: "The other player can still obtain more eggs by using the Star or Eggy
    Soldier cards"."""
    hand = ["Star Pecking Order", "Rooster", "Eggy Soldier", "Egg Laying Song"]
    table = Table([["red Egg Bound"], hand])
    table.do("play red Egg Bound on P1").allow().refill()
    texts = table.texts()
    assert table.view["egg_bound"] == [False, True]
    assert not any(text.startswith("sing") for text in texts)
    assert "challenge P0: Star Pecking Order, Rooster face down" in texts
    assert "play Eggy Soldier on P0" in texts
    table.do("play Eggy Soldier on P0").allow()
    assert table.eggs() == [(0, 0), (2, 0)]


def test_after_un_bound_the_egg_laying_song_can_be_sung_again() -> None:
    """The rulebook: "You can now use the Egg Laying Song card again on future turns"."""
    table = Table([["red Egg Bound"], ["Egg Laying Song", "Golden Hen", "Un-Bound"]])
    table.do("play red Egg Bound on P1").allow().refill()
    assert "you are Egg Bound" in table.refuse(song("Golden Hen"))
    table.do("play Un-Bound").refill()
    table.swap()
    assert any(text.startswith("sing the Egg Laying Song") for text in table.texts())
    table.do("sing the Egg Laying Song with Golden Hen")
    assert table.eggs() == [(1, 0), (2, 0)]


def test_egg_bound_is_not_a_legal_target_for_a_player_already_egg_bound() -> None:
    table = Table([["red Egg Bound", "red Egg Bound"], [], []])
    table.do("play red Egg Bound on P1").allow().refill()
    table.swap()
    table.swap()
    assert "play red Egg Bound on P1" not in table.texts()
    assert "P1 is already Egg Bound" in table.refuse(red("red Egg Bound", 1))
    assert "you do not hold Un-Bound" in table.refuse(UNBIND)


def test_un_bound_needs_an_egg_bound_card_in_front_of_you() -> None:
    table = Table([["Un-Bound"], []])
    assert UNBIND not in table.state.legal_actions()
    assert "you are not Egg Bound" in table.refuse(UNBIND)


def test_fowl_makes_the_victim_lose_their_next_turn() -> None:
    table = Table([["Fowl"], ["red Bad Egg"], []])
    table.do("play Fowl on P1").allow().refill()
    assert table.view["fowl"] == [False, True, False]
    assert table.player == 1 and table.texts() == ["lose this turn to the Fowl"]
    assert "you are Fowled" in table.refuse(red("red Bad Egg", 0))
    table.do("lose this turn to the Fowl")
    assert table.view["fowl"] == [False, False, False]
    assert names(table.view["discard_pile"]).count("Fowl") == 1
    assert table.result() == "P1 lost a turn to the Fowl"
    assert table.player == 2 and table.view["hand_sizes"][1] == 5


def test_fowl_is_not_a_legal_target_for_a_player_already_fowled() -> None:
    table = Table([[], ["Fowl"], ["Fowl"]])
    table.swap()
    table.do("play Fowl on P0").allow().refill()
    assert "play Fowl on P0" not in table.texts()
    assert "P0 already has a Fowl in front of them" in table.refuse(red("Fowl", 0))


def test_a_fowled_player_may_still_cluck_off_on_another_players_turn() -> None:
    table = Table([["Cluck-Off"], ["Fowl"], ["red Bad Egg"]])
    table.swap()
    table.do("play Fowl on P0").allow().refill()
    table.do("play red Bad Egg on P0")
    assert table.player == 0 and len(table.texts()) == 2
    table.cluck()
    assert table.eggs()[0] == (1, 0)


# --- green Undo cards ---------------------------------------------------------------------------


def test_green_good_egg_turns_one_of_your_bad_eggs_good() -> None:
    table = Table([[], ["red Bad Egg"]])  # P0's fillers start with green Good Eggs
    assert GOOD_EGG not in table.state.legal_actions()
    assert "you have no Bad Egg to turn good" in table.refuse(GOOD_EGG)
    table.swap()
    table.do("play red Bad Egg on P0").allow().refill()
    assert table.eggs()[0] == (0, 1)
    table.do("play green Good Egg")
    assert table.view["phase"] == Phase.REFILL  # nothing to answer
    assert table.eggs()[0] == (1, 0)
    assert table.result() == "P0 turned a Bad Egg good"


ANSWERABLE = (
    "Star Egg Head",
    "Hatch It",
    "red Bad Egg",
    "Egg-Splosion",
    "Eggy Soldier",
    "red Egg Bound",
    "Fowl",
)


@pytest.mark.parametrize("name", ANSWERABLE)
def test_cluck_off_cancels_every_card_played_against_you(name: str) -> None:
    attacker = [name, "Rooster"] if name in ("Star Egg Head", "Hatch It") else [name]
    table = Table([attacker, ["Cluck-Off", "Mother Hen"], []])
    if name == "Star Egg Head":
        table.do("challenge P1: Star Egg Head, Rooster face down")
    elif name == "Hatch It":
        table.do("Hatch It on P1 with Rooster")
    else:
        table.do(f"play {name} on P1")
    before = table.eggs()
    assert table.player == 1
    assert table.texts() == [f"let P0's {name} happen", f"play Cluck-Off against P0's {name}"]
    table.cluck()
    view = table.view
    assert table.eggs() == before
    assert view["egg_bound"] == [False] * 3 and view["fowl"] == [False] * 3
    expected = Counter([*attacker, "Cluck-Off"])
    assert Counter(names(view["discard_pile"])) == expected  # the Chicken too, turned over
    assert table.result().startswith(f"P1 played Cluck-Off against {name}")
    assert view["hand_sizes"] == [5 - len(attacker), 4, 5]
    table.refill()
    assert table.view["hand_sizes"] == [5, 5, 5]
    assert table.player == 1


def test_cluck_off_protects_only_its_holder() -> None:
    """The rulebook: "You cannot use this card to protect other players": only the target gets the
    window."""
    table = Table([["red Bad Egg"], [], ["Cluck-Off"]])
    table.do("play red Bad Egg on P1")
    assert table.player == 1 and table.texts() == ["let P0's red Bad Egg happen"]
    table.allow()
    assert table.eggs() == [(1, 0), (0, 1), (1, 0)]
    assert table.hand(2)["Cluck-Off"] == 1
    table.refill()
    assert table.player == 1


def test_cluck_off_against_a_star_shows_the_chicken_face_down() -> None:
    table = Table([["Star Egg Head", "Rooster"], ["Cluck-Off"], []])
    table.do("challenge P1: Star Egg Head, Rooster face down").cluck()
    assert table.result() == (
        "P1 played Cluck-Off against Star Egg Head: P0's Rooster and the Star are discarded"
    )


def test_the_cluck_off_window_opens_even_for_a_target_without_cluck_off() -> None:
    with_card = Table([["red Bad Egg"], ["Cluck-Off"]])
    without = Table([["red Bad Egg"], []])
    for table in (with_card, without):
        table.do("play red Bad Egg on P1")
    assert with_card.obs(0) == without.obs(0)  # the attacker learns nothing
    assert with_card.obs(None) == without.obs(None)
    assert without.player == 1 and without.texts() == ["let P0's red Bad Egg happen"]
    assert "P1 holds no Cluck-Off" in without.refuse(CLUCK)


def test_cards_not_played_against_anyone_open_no_window() -> None:
    table = Table([["Egg Laying Song", "Golden Hen"], ["Cluck-Off"]])
    table.do("sing the Egg Laying Song with Golden Hen")
    assert table.player == CHANCE  # straight to the refill


def test_cluck_off_cannot_be_played_on_your_own_turn() -> None:
    table = Table([["Cluck-Off"], []])
    assert CLUCK not in table.state.legal_actions()
    assert "now it is your turn to swap or play" in table.refuse(CLUCK)


# --- the end --------------------------------------------------------------------------------------


def test_three_good_eggs_win_at_once() -> None:
    table = sing_to_two([["Egg Laying Song", "Egg Laying Song", "Golden Hen", "Rooster"], []])
    table.swap()
    table.do("sing the Egg Laying Song with Rooster")
    assert table.is_over() and table.state.winners() == [0]
    assert table.state.returns() == [1.0, 0.0]
    assert not table.state.is_truncated()  # over by the rules: the RL envs say terminated
    assert table.refuse(SWAP) == "the game is over"


def test_the_turn_cap_ends_the_game_with_no_winner() -> None:
    table = Table([[], [], []], max_turns=2)
    table.swap()
    assert not table.is_over()
    table.do("swap").chance(table.pick([]))
    assert not table.state.is_truncated()
    table.do(table.texts()[0])
    assert table.is_over() and table.state.winners() == []
    assert table.state.returns() == [0.0, 0.0, 0.0]
    assert table.view.get("winners") == []
    assert table.state.is_truncated()  # over by the cap: the RL envs say truncated


@pytest.mark.parametrize("players", [2, 6])
def test_game_length_bound_is_five_per_player_plus_six_per_turn(players: int) -> None:
    game = EggBoundGame(players=players, max_turns=50)
    assert game.max_game_length() == 5 * players + 6 * 50


# --- what each seat is told -----------------------------------------------------------------------


def test_known_cards_lose_a_chicken_while_its_owner_has_one_face_down() -> None:
    """A kept Hatch It Chicken is known to be in the hand; while its owner has a Chicken face
    down it may be that one, so it is not known to be held until the Chicken is shown."""
    table = Table([["Hatch It", "Rooster", "Mother Hen"], ["Star Egg Head", "Baby Hen", "Fowl"]])
    table.do("Hatch It on P1 with Rooster").allow()
    table.do("keep the Rooster, discard Fowl").refill()
    rooster = card("Rooster")
    assert table.view["known_hands"] == [[], [rooster]]
    table.do("challenge P0: Star Egg Head, Baby Hen face down")
    assert table.view["known_hands"] == [[], []]
    table.allow()
    assert table.view["known_hands"] == [[], []]
    table.do("defend with Mother Hen")  # shown: the Baby Hen, so the Rooster is still held
    assert table.view["known_hands"] == [[], [rooster]]
    assert table.result().endswith("P0 wins, but P1 has no Good Egg to take")


def test_actions_as_data_name_the_card_then_the_chicken_then_the_victim() -> None:
    table = Table([["Star Egg Head", "Rooster", "red Bad Egg"], ["Cluck-Off", "Mother Hen"], []])
    attack = table.action("challenge P1: Star Egg Head, Rooster face down")
    info = table.state.action_info(attack, 0)
    assert info.kind == "star" and info.seat == 1
    assert info.cards == tuple(sorted((card("Star Egg Head"), card("Rooster"))))
    assert [(s.kind, s.label) for s in info.steps] == [
        ("card", "Star Egg Head"),
        ("face_down", "Rooster"),
        ("seat", "P1"),
    ]
    assert table.state.action_info(attack, None).steps[1].label == "a Chicken"
    swap = table.state.action_info(SWAP, 0)
    assert swap.kind == "swap" and len(swap.steps) == 1
    table.do(attack)
    answers = [
        (i.kind, i.steps[0].kind, i.steps[0].label) for i in table.state.legal_action_infos(1)
    ]
    assert answers == [
        ("allow", "cluck_off", "no: let it happen"),
        ("cluck_off", "cluck_off", "yes: play Cluck-Off"),
    ]
    table.allow()
    defend = table.state.legal_action_infos(1)
    assert [(i.kind, i.cards, i.steps[0].kind) for i in defend] == [
        ("defend", (card("Mother Hen"),), "chicken")
    ]


def test_actions_as_data_for_keeping_a_chicken_and_exploding_an_egg() -> None:
    table = Table([["Hatch It", "Rooster"], ["Fowl"]])
    table.do("Hatch It on P1 with Rooster").allow()
    infos = table.state.legal_action_infos(1)
    assert infos[0].kind == "decline" and infos[0].steps[0].kind == "keep"
    keep_fowl = next(i for i in infos if i.action == KEEP + card("Fowl") - 1)
    assert keep_fowl.kind == "keep" and keep_fowl.cards == (card("Fowl"),)
    assert [s.kind for s in keep_fowl.steps] == ["keep", "card"]


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (-1, "actions of egg-bound are 0-177"),
        (178, "actions of egg-bound are 0-177"),
        (DISCARD, "swap first"),
        (LOSE_TURN, "you have no Fowl in front of you"),
        (ALLOW, "answers or finishes a card already played"),
    ],
)
def test_illegal_actions_are_refused_with_a_reason(action: int, reason: str) -> None:
    table = Table([["red Bad Egg"], []])
    assert reason in table.refuse(action)


def test_illegal_draws_and_answers_are_refused_with_a_reason() -> None:
    table = Table([["red Bad Egg", "Star Egg Head", "Rooster"], [], []])
    assert "you do not hold Fowl" in table.refuse(red("Fowl", 1))
    table.do("play red Bad Egg on P1")
    assert "may only let red Bad Egg happen or play Cluck-Off" in table.refuse(SWAP)
    table.allow().refill()
    table.do("swap")
    assert "Egg cards are never in the Draw Pile" in table.refuse(EGG)
    assert "chance outcomes of egg-bound are 0-17" in table.refuse(18)
    assert "no Un-Bound is left in the Draw Pile" in table.refuse(card("Un-Bound"))
    table.chance("Fowl")
    assert "you do not hold Rooster" in table.refuse(DISCARD + card("Rooster") - 1)
    assert "after a swap you must discard a card" in table.refuse(SWAP)


@pytest.mark.parametrize(
    ("params", "name"),
    [
        ({"players": 1}, "players"),
        ({"players": 7}, "players"),
        ({"max_turns": 0}, "max_turns"),
        ({"max_turns": "many"}, "max_turns"),
        ({"max_turns": True}, "max_turns"),
        ({"reshuffle": "cut"}, "reshuffle"),
        ({"turns": 3}, "turns"),
    ],
)
def test_bad_parameters_name_the_parameter(params: dict[str, Any], name: str) -> None:
    with pytest.raises(ParameterError, match=repr(name)):
        EggBoundGame(**params)


def test_every_card_is_somewhere_through_a_busy_turn() -> None:
    table = Table([["Star Egg Head", "Rooster"], ["Cluck-Off"]])
    expected = Counter(FULL_DECK)
    for move in ("challenge P1: Star Egg Head, Rooster face down", "let", "place no Chicken"):
        table.do(move)
        seen: Counter[int] = Counter()
        for cards in table.state.card_places().values():
            seen.update(cards)
        assert seen == expected
    assert table.state.card_places()["play area"] == []
