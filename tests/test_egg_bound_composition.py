"""Egg Bound's composition parameter: how many copies of each card the deck holds.

The rulebook lost its card table, so the counts are a parameter (`composition`, a named deck;
`copies`, changes to it). Every part of the engine that reads counts must read the game's: the
deck, the deal, the Egg Pile, resampling, the heuristic bot, the RL encoder."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from roost.bots import make_bot
from roost.core.errors import ParameterError
from roost.core.game import OMNISCIENT
from roost.core.runner import play_game
from roost.core.view import SeatView
from roost.games.egg_bound.cards import (
    CARD_KEYS,
    CARD_TYPES,
    CLUCK_OFF,
    COMPOSITION_NAMES,
    COMPOSITIONS,
    DEFAULT_COMPOSITION,
    EGG,
    GOOD_EGG_CARD,
    RED_ACTIONS,
    Composition,
    composition_problem,
)
from roost.games.egg_bound.game import EggBoundGame
from roost.games.egg_bound.views import read
from roost.testing.conformance import check_game, random_playthrough

GROUPS = ("egg", "chicken", "chicken action", "regular action", "undo")


def test_the_default_is_named_and_the_first_guess_stays_a_variant() -> None:
    assert EggBoundGame().composition == COMPOSITIONS[DEFAULT_COMPOSITION]
    assert "classic-2025" in COMPOSITION_NAMES
    assert EggBoundGame(composition="classic-2025").composition.counts == (
        18, 4, 4, 4, 4, 4, 4, 4, 4, 3, 5, 3, 3, 3, 3, 6, 6, 3,
    )  # fmt: skip


@pytest.mark.parametrize("name", COMPOSITION_NAMES)
def test_every_named_composition_is_a_full_box_of_every_family(name: str) -> None:
    deck = COMPOSITIONS[name]
    assert sum(deck.counts) == 85 and len(deck.full_deck) == 85
    assert all(count >= 1 for count in deck.counts), "every card the rulebook names is there"
    assert {CARD_TYPES[card].group for card in deck.full_deck} == set(GROUPS)
    assert deck.eggs >= 6, "each of six players starts with a Good Egg"
    # The Chickens alike and the Stars alike, as the rulebook treats them.
    assert len({deck.counts[c.id] for c in CARD_TYPES if c.group == "chicken"}) == 1
    assert len({deck.counts[c.id] for c in CARD_TYPES if c.compares is not None}) == 1
    assert composition_problem(deck.counts) is None


@pytest.mark.parametrize("name", COMPOSITION_NAMES)
@pytest.mark.parametrize("players", [2, 6])
def test_the_game_deals_from_its_own_composition(name: str, players: int) -> None:
    game = EggBoundGame(composition=name, players=players)
    deck = COMPOSITIONS[name]
    assert Counter(game.all_cards()) == Counter(dict(enumerate(deck.counts)))
    state = game.new_initial_state()
    view = read(state.observation(None))
    assert view["egg_pile"] == deck.eggs - players
    assert view["draw_pile"] == 85 - deck.eggs
    places: Counter[int] = Counter()
    for cards in state.card_places().values():
        places.update(cards)
    assert places == Counter(game.all_cards())


def test_copies_change_single_cards_and_whole_kinds() -> None:
    game = EggBoundGame(
        composition="classic-2025", copies="red-bad-egg=3, egg-card=19, chickens=5, stars=3"
    )
    counts = game.composition.counts
    assert counts[CARD_KEYS.index("red-bad-egg")] == 3
    assert counts[EGG] == 19
    assert [counts[c.id] for c in CARD_TYPES if c.group == "chicken"] == [5, 5, 5, 5]
    assert [counts[c.id] for c in CARD_TYPES if c.compares is not None] == [3, 3, 3]
    assert sum(counts) == 85
    assert game.composition.name == (
        "classic-2025 with red-bad-egg=3,egg-card=19,chickens=5,stars=3"
    )
    # No change is the named composition itself; the full list of counts reads back.
    assert EggBoundGame(copies="").composition is COMPOSITIONS[DEFAULT_COMPOSITION]
    classic = COMPOSITIONS["classic-2025"]
    assert classic.with_copies(COMPOSITIONS[DEFAULT_COMPOSITION].describe()).counts == (
        COMPOSITIONS[DEFAULT_COMPOSITION].counts
    )


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"composition": "deluxe"}, "parameter 'composition' takes one of"),
        ({"composition": 3}, "parameter 'composition'"),
        ({"copies": "red-bad-egg=4"}, r"85 game cards; these counts make \d+ \((add|remove) 1\)"),
        ({"copies": "bad-egg=4,egg-card=17"}, "unknown card 'bad-egg'; the keys are: egg-card"),
        ({"copies": "fowl"}, "'fowl' is not KEY=COPIES"),
        ({"copies": "fowl=-1"}, "'fowl=-1' is not KEY=COPIES"),
        ({"copies": "fowl=two"}, "'fowl=two' is not KEY=COPIES"),
        ({"copies": "fowl=0,egg-card=40"}, "fowl would have none"),
        ({"copies": "egg-card=5,cluck-off=19"}, "at least 6 Egg cards"),
        (
            {"copies": "egg-card=43,chickens=1,stars=1,egg-laying-song=1,cluck-off=5"},
            "at least 43 cards besides the Egg cards",
        ),
        ({"copies": "cluck-off=41,egg-card=1"}, "at most 40 copies of a card; cluck-off would"),
    ],
)
def test_bad_compositions_are_clear_errors(params: dict[str, Any], message: str) -> None:
    with pytest.raises(ParameterError, match=message):
        EggBoundGame(**{"composition": "classic-2025", **params})


def test_a_composition_checks_its_counts_itself() -> None:
    with pytest.raises(ValueError, match="18 counts are needed"):
        Composition("short", [1] * 17)
    assert composition_problem(COMPOSITIONS["classic-2025"].counts) is None


@pytest.mark.parametrize("name", COMPOSITION_NAMES)
def test_each_composition_conforms(name: str) -> None:
    for players in (2, 5):
        game = EggBoundGame(composition=name, players=players)
        check_game(game, seeds=[players * 10 + k for k in range(2)])


def test_a_changed_composition_conforms_with_piles_shuffled() -> None:
    game = EggBoundGame(
        players=3,
        reshuffle="shuffle",
        composition="classic-2025",
        copies="egg-card=12,cluck-off=8,fowl=5,red-egg-bound=5",
    )
    check_game(game, seeds=[3])


@pytest.mark.parametrize("name", COMPOSITION_NAMES)
def test_the_same_parameters_and_actions_give_the_same_game(name: str) -> None:
    game = EggBoundGame(composition=name, players=4)
    histories = []
    for _ in range(2):
        bots = [make_bot("heuristic", game, seed) for seed in range(4)]
        state = play_game(game, bots, random.Random(5))
        histories.append(state.history())
        assert game.state_from_history(state.history()) == state
    assert histories[0] == histories[1]
    other = EggBoundGame(composition=name, players=4)
    assert other.state_from_history(histories[0]).history() == histories[0]


def test_compositions_make_different_games() -> None:
    """The parameter reaches the deal: the same seed deals from a different pile."""
    names = list(COMPOSITION_NAMES)
    if len(names) < 2:
        pytest.skip("one named composition")
    deals = []
    for name in names[:2]:
        steps = random_playthrough(EggBoundGame(composition=name, players=6), seed=1)
        state = next(step.state for step in steps if step.index == 30)
        deals.append(read(state.observation(OMNISCIENT))["hands"])
    assert deals[0] != deals[1] or COMPOSITIONS[names[0]] == COMPOSITIONS[names[1]]


def test_the_heuristic_counts_unseen_cards_from_the_game_s_composition() -> None:
    from roost.bots.heuristic.egg_bound import _Table

    for copies, cluck_offs in (("", None), ("cluck-off=8,egg-card=16", 8)):
        game = EggBoundGame(composition="classic-2025", copies=copies, players=3)
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        view = SeatView(state, 0)
        table = _Table(read(view.observation()), 0, game.composition.counts)
        held = read(view.observation())["hand"]
        expected = (cluck_offs or 6) - held.count(CLUCK_OFF)
        assert table.unseen[CLUCK_OFF] == expected
        assert table.unseen[GOOD_EGG_CARD] == 6 - held.count(GOOD_EGG_CARD)


def test_the_encoder_scales_the_piles_by_the_game_s_deck() -> None:
    pytest.importorskip("numpy")
    from roost.rl.encoding import encoding_for

    for copies, eggs in (("", 18), ("egg-card=12,cluck-off=12", 12)):
        game = EggBoundGame(composition="classic-2025", copies=copies, players=4)
        encoding = encoding_for(game)
        vector = encoding.encode(game.new_initial_state().observation(0))
        assert encoding.field(vector, "egg_pile")[0] == pytest.approx((eggs - 4) / eggs)
        assert encoding.field(vector, "draw_pile")[0] == pytest.approx(1.0)


def test_every_red_card_stays_in_every_composition() -> None:
    """Cards the rules refer to by id are there whatever the counts (ids never move)."""
    for deck in COMPOSITIONS.values():
        assert all(deck.counts[card] >= 1 for card in RED_ACTIONS)


def test_the_lab_says_the_default_deck_was_fitted_to_the_time_claim() -> None:
    """A designer must not read the fitted figure as independent evidence; another deck's
    figure is a test and says nothing of the kind."""
    from roost.lab import build_plan, run_lab
    from roost.lab.backends import LocalBackend

    sweep = [f"composition={DEFAULT_COMPOSITION},classic-2025"]
    plan = build_plan(
        "egg-bound", bots="heuristic", players="2", games=4, skill=["none"], sweeps=sweep
    )
    run = run_lab(plan, LocalBackend(1))
    (lasts,) = [c for c in run.claims if "5 to 15 minutes" in c.claim.quote]
    assert "fitted to this claim" in lasts.claim.how
    default, classic = lasts.verdict.findings
    assert "[default deck, fitted to this claim]" in default.text
    assert "classic-2025" in classic.text and "fitted" not in classic.text
    assert "not independent evidence" in lasts.verdict.note
    alone = build_plan(
        "egg-bound",
        bots="heuristic",
        players="2",
        games=4,
        skill=["none"],
        params=["composition=classic-2025", "copies=fowl=4,egg-card=17"],
    )
    (changed,) = [c for c in run_lab(alone, LocalBackend(1)).claims if "5 to 15" in c.claim.quote]
    assert changed.verdict.note == "" and "fitted" not in changed.verdict.findings[0].text
