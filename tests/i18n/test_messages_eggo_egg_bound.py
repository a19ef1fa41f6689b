"""Eggo's and Egg Bound's words as messages: the English is what the engine said before, and a
whole game of each, read in Spanish, finds every template and every card's name in the catalogue.

A game between heuristic bots goes through every state; at each, every move is rendered for
every viewer, every action that is not legal is explained, and every viewer's narration of the
move played is told, all through a catalogue that fails the test on any msgid it does not hold
(an English fallback would read as a missing translation on the page)."""

from __future__ import annotations

import gettext
import itertools
import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

import roost
from roost.bots import make_bot
from roost.core.game import CHANCE, OMNISCIENT, Game
from roost.core.message import Message, Term
from roost.core.state import State
from roost.core.view import SeatView
from roost.games.egg_bound import views as egg_bound_views
from roost.games.egg_bound.actions import decision_message, star_action, star_message
from roost.games.egg_bound.cards import CardSet, card_word, parse_own_cards
from roost.games.eggo import views as eggo_views
from roost.games.eggo.actions import CHOOSE, PLAY_RIFT
from roost.games.eggo.actions import decision_message as eggo_decision
from roost.i18n import translations


class Missing(gettext.NullTranslations):
    """The fallback of the Spanish catalogue: whatever reaches it is not in the catalogue."""

    def __init__(self) -> None:
        super().__init__()
        self.missed: set[str] = set()

    def gettext(self, message: str) -> str:
        self.missed.add(message)
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.missed.add(msgid1)
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        self.missed.add(f"{context} | {message}")
        return message


class Reader:
    """The compiled Spanish catalogue, counting the templates it is asked for."""

    def __init__(self) -> None:
        self.catalogue = translations("es")
        self.missing = Missing()
        self.catalogue.add_fallback(self.missing)
        self.templates: Counter[str] = Counter()
        self.lines = 0

    def read(self, said: Message) -> str:
        """`said` in Spanish, checked: no field left unfilled, every seat label kept."""
        self.templates[said.template] += 1
        self.lines += 1
        english, spanish = said.english(), said.render(self.catalogue)
        assert "{" not in spanish and "}" not in spanish, spanish
        assert Counter(re.findall(r"P\d", english)) == Counter(re.findall(r"P\d", spanish)), (
            english,
            spanish,
        )
        return spanish


def _states(game: Game, seed: int) -> list[State]:
    """Every state of a game between heuristic bots, the first to the last."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    bots = [make_bot("heuristic", game, seed * 10 + seat) for seat in range(game.num_players)]
    states = [state.clone()]
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(bots[player].choose(SeatView(state, player)))
        states.append(state.clone())
    return states


ActionMessage = Callable[[Any, int, int | None], Message]
Refusal = Callable[[Any, int], Message]
VIEWS: dict[str, tuple[ActionMessage, Refusal]] = {
    "eggo": (eggo_views.action_message, eggo_views.why_illegal_message),
    "egg-bound": (egg_bound_views.action_message, egg_bound_views.why_illegal_message),
}


def _read_whole_game(game: Game, seed: int) -> Reader:
    action_message, why_illegal_message = VIEWS[game.name]
    narrate = getattr(game, "narrate_messages")  # noqa: B009 (the game's own, with its deck)
    reader = Reader()
    viewers: list[int | None] = [None, *range(game.num_players), OMNISCIENT]
    states = _states(game, seed)
    for state, after in itertools.pairwise(states):
        chance = state.current_player() == CHANCE
        legal = [a for a, _ in state.chance_outcomes()] if chance else state.legal_actions()
        limit = game.max_chance_outcomes() if chance else game.num_distinct_actions()
        for action in range(limit):
            if action in legal:
                for viewer in viewers:
                    said = action_message(state, action, viewer)
                    assert said.english() == state.action_to_string(action, viewer)
                    reader.read(said)
            else:
                reader.read(why_illegal_message(state, action))
        for viewer in viewers:
            lines = narrate(state.observation(viewer), after.observation(viewer))
            assert [line.english() for line in lines] == game.narrate(
                state.observation(viewer), after.observation(viewer)
            )
            for line in lines:
                reader.read(line)
    assert not reader.missing.missed, sorted(reader.missing.missed)
    return reader


EGGO_OWN = "draw:1/draw:3x2/draw:4"
EGG_BOUND_OWN = "chicken:4-4-1x3/chicken:2-3-3x2:Big_Red"


@pytest.mark.parametrize(
    ("players", "params"),
    [(3, {}), (4, {"two_player_reverse": "skip"}), (5, {"own_cards": EGGO_OWN})],
)
def test_a_whole_eggo_game_reads_in_spanish(players: int, params: dict[str, Any]) -> None:
    game = roost.load_game("eggo", players=players, **params)
    reader = _read_whole_game(game, seed=players)
    told = set(reader.templates)
    assert "{seat} draws {card} from deck {deck}" in told
    assert "{seat} draws a card from deck {deck}" in told  # the others' draws stay hidden
    assert "{card} does not match {top}" in told
    assert any(template.startswith("Game over") for template in told)
    assert any("Demogorgon" in template for template in told)
    if params:
        assert reader.lines > 1000


@pytest.mark.parametrize(
    ("players", "params"),
    [
        (3, {}),
        (4, {"reshuffle": "shuffle"}),
        (5, {"own_cards": EGG_BOUND_OWN, "copies": "egg-card=16"}),
    ],
)
def test_a_whole_egg_bound_game_reads_in_spanish(players: int, params: dict[str, Any]) -> None:
    game = roost.load_game("egg-bound", players=players, **params)
    reader = _read_whole_game(game, seed=players)
    told = set(reader.templates)
    assert "{seat} draws {card}" in told and "{seat} draws a card" in told
    assert "{seat} is dealt a card" in told
    assert "you do not hold {card}" in told
    assert any(template.endswith("wins") or "no winner" in template for template in told)


def _spanish(said: Message | Term) -> str:
    return said.render(translations("es"))


def test_eggo_cards_and_moves_read_as_the_glossary_says() -> None:
    assert _spanish(eggo_decision(4)) == "jugar Once rojo"
    assert eggo_decision(PLAY_RIFT + 3).english() == "play All-Players Rift, announce blue"
    assert _spanish(eggo_decision(PLAY_RIFT + 3)) == "jugar Grieta para todos y anunciar azul"
    assert _spanish(eggo_decision(CHOOSE + 6)) == "elegir a Barb"
    assert _spanish(eggo_views.ordinal_word(4)) == "cuarto"
    assert (eggo_views.ordinal(12), eggo_views.ordinal(22)) == ("12th", "22nd")
    assert _spanish(eggo_views.ordinal_word(12)) == "12.º"


def test_eggo_game_over_agrees_with_how_many_escaped() -> None:
    before: dict[str, Any] = {
        "players": 3,
        "sides": ["upside_down"] * 3,
        "escaped": [False] * 3,
        "hand_sizes": [2, 2, 2],
        "phase": "turn",
        "demogorgons": 3,
        "direction": "clockwise",
        "draws_owed": 0,
        "current_player": 0,
    }
    one = {**before, "phase": "over", "demogorgons": 4, "winners": [1], "current_player": None}
    two = {**one, "winners": [0, 2]}
    assert [_spanish(m) for m in eggo_views.narrate_messages(before, one)] == [
        "Ha salido el cuarto Demogorgon: se acaba la partida",
        "Fin de la partida. P1 ha escapado y gana",
    ]
    assert eggo_views.narrate(before, two)[-1] == "Game over. P0 and P2 escaped and won"
    assert _spanish(eggo_views.narrate_messages(before, two)[-1]) == (
        "Fin de la partida. P0 y P2 han escapado y ganan"
    )


def test_egg_bound_own_chickens_keep_a_designers_name_and_translate_a_made_up_one() -> None:
    cards = CardSet(parse_own_cards("chicken:4-4-1/chicken:2-3-3:Big_Red"))
    unnamed, named = cards.chickens[4], cards.chickens[5]
    assert _spanish(Message("{c}", {"c": card_word(cards, unnamed)})) == "Gallina 4/4/1"
    assert card_word(cards, named) == "Big Red"
    challenge = star_action(1, 4, 2)
    assert star_message(challenge, True, cards).english() == (
        "challenge P2: Star Pecking Order, Chicken 4/4/1 face down"
    )
    assert _spanish(star_message(challenge, True, cards)) == (
        "desafiar a P2: Estrella Orden de Picoteo, con Gallina 4/4/1 boca abajo"
    )
    assert _spanish(star_message(challenge, False, cards)) == (
        "desafiar a P2: Estrella Orden de Picoteo, con una Gallina boca abajo"
    )
    assert _spanish(decision_message(0)) == "cambiar: robar una carta y después descartar una"
