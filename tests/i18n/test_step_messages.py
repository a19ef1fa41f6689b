"""The steps of a move in the reader's language: every step of every legal move of the four
games is a message (`Choice.msg`) whose English is the step's label, byte for byte, and whose
every template and word is in the Spanish catalogue.

Whole games between heuristic bots: at every decision, every legal move's steps as the mover and
as a spectator see them (a face-down Chicken is "a Chicken" to the spectator), each rendered
through the Spanish catalogue with a fallback that records whatever the catalogue lacks (an
English fallback would read as a missing translation in the chooser). What may stay as it is:
seat labels ("P2", which the clients swap for people's names), a Duck's number, and the names
designers gave their own cards (said as written, as the log says them).
"""

from __future__ import annotations

import gettext
import random
import re
from typing import Any

import pytest

import roost
from roost.bots import make_bot
from roost.core.actions import ActionInfo, Choice
from roost.core.game import CHANCE, OMNISCIENT, Game
from roost.core.message import PLAIN, Message, term
from roost.core.view import SeatView
from roost.i18n import translations

EGGO_OWN = "draw:1/draw:3x2/draw:4"
EGG_BOUND_OWN = "chicken:4-4-1x3/chicken:2-3-3x2:Big_Red"
MANDA_HUEVOS_OWN = "move:2/take:1/egg:12"

CONFIGS = [
    pytest.param("big-chicken", {}, id="big-chicken"),
    pytest.param(
        "big-chicken",
        {"players": 3, "last_egg": "strict", "catch_penalty": 2, "rounds": 2},
        id="big-chicken-strict",
    ),
    pytest.param("manda-huevos", {}, id="manda-huevos"),
    pytest.param(
        "manda-huevos", {"players": 3, "quick": True, "memory": True}, id="manda-huevos-memory"
    ),
    pytest.param(
        "manda-huevos", {"players": 2, "own_cards": MANDA_HUEVOS_OWN}, id="manda-huevos-own"
    ),
    pytest.param("egg-bound", {"players": 3}, id="egg-bound"),
    pytest.param(
        "egg-bound",
        {"players": 5, "own_cards": EGG_BOUND_OWN, "copies": "egg-card=16"},
        id="egg-bound-own",
    ),
    pytest.param("eggo", {"players": 3}, id="eggo"),
    pytest.param("eggo", {"players": 5, "own_cards": EGGO_OWN}, id="eggo-own"),
]

KINDS = {
    "big-chicken": {"pass", "lay", "cards", "card", "option"},
    "manda-huevos": {"card", "container", "egg"},
    "egg-bound": {"card", "chicken", "face_down", "seat", "cluck_off"},
    "eggo": {"card", "deck", "colour"},
}
"""Step kinds each game's bot games must have offered (so the test saw them)."""

AS_IT_IS = re.compile(r"P\d|\d+")
"""A plain step that is no words: a seat label, a number."""


class Missing(gettext.NullTranslations):
    """The Spanish catalogue's fallback: whatever reaches it is not in the catalogue."""

    def __init__(self) -> None:
        super().__init__()
        self.missed: set[str] = set()

    def gettext(self, message: str) -> str:
        if message != PLAIN:  # plain English: no words of its own, in no catalogue
            self.missed.add(message)
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.missed.add(msgid1)
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        self.missed.add(f"{context} | {message}")
        return message


class Chooser:
    """The Spanish catalogue, reading steps as the choosers do, keeping what it read."""

    def __init__(self, game: Game) -> None:
        self.catalogue = translations("es")
        self.missing = Missing()
        self.catalogue.add_fallback(self.missing)
        printed = len(roost.load_game(game.name).card_types())
        self.as_written = {card.name for card in game.card_types()[printed:]}
        """The names of the designers' own cards."""
        self.kinds: set[str] = set()
        self.steps = 0
        self.translated = 0
        self.spanish: dict[str, str] = {}

    def read(self, step: Choice) -> str:
        assert step.msg is not None, f"{step} has no message"
        assert step.msg.english() == step.label, (step.msg.english(), step.label)
        spanish = step.msg.render(self.catalogue)
        assert "{" not in spanish and "}" not in spanish, spanish
        assert re.findall(r"P\d", step.label) == re.findall(r"P\d", spanish), (step, spanish)
        if step.msg.template == PLAIN and isinstance(step.msg.fields["text"], str):
            assert AS_IT_IS.fullmatch(step.label) or step.label in self.as_written, step
        self.kinds.add(step.kind)
        self.steps += 1
        self.translated += spanish != step.label
        self.spanish[step.label] = spanish
        return spanish


def _legal_infos(state: Any, viewer: int | None) -> list[ActionInfo]:
    infos: list[ActionInfo] = state.legal_action_infos(viewer)
    return infos


def _read_whole_game(game: Game, seed: int) -> Chooser:
    chooser = Chooser(game)
    rng = random.Random(seed)
    state = game.new_initial_state()
    bots = [make_bot("heuristic", game, seed * 10 + seat) for seat in range(game.num_players)]
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        for viewer in (player, None, OMNISCIENT):
            for info in _legal_infos(state, viewer):
                for step in info.steps:
                    chooser.read(step)
                steps = info.to_json()["steps"]
                assert [step["msg"] for step in steps] == [
                    s.message().to_json() for s in info.steps
                ]
        state.apply_action(bots[player].choose(SeatView(state, player)))
    return chooser


@pytest.mark.parametrize(("name", "params"), CONFIGS)
def test_every_step_of_a_whole_game_reads_in_spanish(name: str, params: dict[str, Any]) -> None:
    game = roost.load_game(name, **params)
    chooser = _read_whole_game(game, seed=3)
    assert not chooser.missing.missed, sorted(chooser.missing.missed)
    assert KINDS[name] <= chooser.kinds or "own_cards" in params, chooser.kinds
    assert chooser.translated * 3 > chooser.steps * 2, (chooser.translated, chooser.steps)


def test_big_chicken_steps_say_the_glossary_words() -> None:
    said = _read_whole_game(roost.load_game("big-chicken"), seed=3).spanish
    assert said["cluck (pass)"] == "cacarear (pasar)"
    assert said["pair"] == "pareja" and said["single"] == "sencilla"
    assert said["blue"] == "azul"
    ducks = [label for label in said if label.endswith(" + Duck")]
    assert ducks and all(said[label].endswith(" + Pato") for label in ducks), ducks
    nines = [label for label in said if label.startswith("orange 9")]
    assert nines and all(said[label].startswith("9 naranja") for label in nines), nines


def test_manda_huevos_steps_name_containers_and_eggs_in_spanish() -> None:
    said = _read_whole_game(roost.load_game("manda-huevos"), seed=3).spanish
    assert said["P1's container"] == "la huevera de P1"
    assert said["hen"] == "la gallina"
    assert said["Move an Egg"] == "Mover un huevo"
    assert said["stop taking eggs"] == "dejar de coger huevos"
    eggs = [label for label in said if re.fullmatch(r"egg \d \(P\d's slot \d\)", label)]
    assert len(eggs) > 10
    for label in eggs:
        value, seat, slot = re.findall(r"\d", label)
        assert said[label] == f"huevo {value} (el hueco {slot} de P{seat})"


def test_the_answers_of_egg_bound_and_eggo_read_in_spanish() -> None:
    from roost.games.egg_bound import views as egg_bound

    spanish = translations("es")
    steps = {step.label: step for step in egg_bound._CLUCK_OFF_STEPS + egg_bound._ALLOW_STEPS}
    assert steps["yes: play Cluck-Off"].message().render(spanish) == "sí: jugar ¡Ni Pío!"
    assert steps["no: let it happen"].message().render(spanish) == "no: dejarlo pasar"
    eggo = _read_whole_game(roost.load_game("eggo", players=3), seed=3).spanish
    assert eggo["draw from deck A"] == "robar del mazo A"


def test_a_step_without_a_message_is_said_in_english() -> None:
    """A game whose views give only labels (an interpreted game) still sends every client a
    message: its English as it is, in every language."""
    step = Choice("card", 3, "Portal")
    assert step.to_json() == {
        "kind": "card",
        "value": 3,
        "label": "Portal",
        "msg": {"t": PLAIN, "f": {"text": "Portal"}},
    }
    assert step.message().render(translations("es")) == "Portal"
    colour = Choice.said("colour", 0, term("Eggo colour", "red"))
    assert (colour.label, colour.message().render(translations("es"))) == ("red", "rojo")
    seat = Choice.said("seat", 2, "P2")
    assert seat.label == "P2" and seat.to_json()["msg"] == {"t": PLAIN, "f": {"text": "P2"}}
    worded = Choice.said("option", 1, Message("let it go", {}))
    assert worded.to_json()["msg"] == {"t": "let it go", "f": {}}
