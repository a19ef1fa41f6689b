"""The engine's words as messages (roost.core.message): BIG CHICKEN's and Manda Huevos!'s moves,
narration and refusals say in English exactly what their text functions say, and in Spanish
every template and word of them is in the catalogue.

A whole game per configuration, played by bots: at every step, every viewer's text of every
legal action, of the action played and of a few refused ones (their why-illegal), and the
narration each viewer is told; each message is walked to its templates and terms, and each must
be a msgid with a Spanish msgstr.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

import roost
from roost.bots import make_bot
from roost.core.game import CHANCE, OMNISCIENT, Game, views_function
from roost.core.message import PLAIN, Listing, Message, Term, plain
from roost.core.state import State
from roost.core.view import SeatView
from roost.i18n import LOCALE_DIR, translations

PO = LOCALE_DIR / "es" / "LC_MESSAGES" / "roost.po"

CONFIGS = [
    pytest.param("big-chicken", {}, id="big-chicken"),
    pytest.param(
        "big-chicken",
        {"players": 3, "last_egg": "strict", "catch_penalty": 2, "rounds": 2},
        id="big-chicken-strict",
    ),
    pytest.param("big-chicken", {"players": 2, "rounds": 1}, id="big-chicken-2"),
    pytest.param("manda-huevos", {}, id="manda-huevos"),
    pytest.param(
        "manda-huevos", {"players": 3, "quick": True, "memory": True}, id="manda-huevos-memory"
    ),
    pytest.param(
        "manda-huevos",
        {"players": 2, "own_cards": "move:2/take:1/egg:12"},
        id="manda-huevos-own",
    ),
]


def _spanish_ids() -> set[tuple[str | None, str]]:
    with open(PO, "rb") as handle:
        catalogue = read_po(handle)
    found: set[tuple[str | None, str]] = set()
    for entry in catalogue:
        if not entry.id:
            continue
        said = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if all(said):
            msgid = entry.id[0] if isinstance(entry.id, tuple) else entry.id
            found.add((entry.context, str(msgid)))
    return found


SPANISH = _spanish_ids()


def _words(said: Message | Term | Listing | int | str) -> Iterator[tuple[str | None, str]]:
    """Every (context, msgid) a message needs from a catalogue."""
    if isinstance(said, Term):
        yield (said.context, said.text)
    elif isinstance(said, Listing):
        if len(said.items) > 1:
            yield (None, "{head} and {item}")
        if len(said.items) > 2:
            yield (None, "{head}, {item}")
        for item in said.items:
            yield from _words(item)
    elif isinstance(said, Message):
        if said.template != PLAIN:
            yield (None, said.template)
        for value in said.fields.values():
            yield from _words(value)


class Told:
    """What a whole game said, as messages, gathered to check."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.kinds: set[str] = set()

    def add(self, kind: str, said: Message, english: str) -> None:
        assert said.english() == english, kind
        self.messages.append(said)
        self.kinds.add(kind)


def _play_and_tell(game: Game, seed: int) -> Told:
    told = Told()
    rng = random.Random(seed)
    state = game.new_initial_state()
    viewers: list[int | None] = [*range(game.num_players), None, OMNISCIENT]
    bots = [make_bot("heuristic", game, seed * 10 + seat) for seat in range(game.num_players)]
    before = {viewer: state.observation(viewer) for viewer in viewers}
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = bots[player].choose(SeatView(state, player))
            for legal in state.legal_actions():
                said = state.action_to_message(legal, player)
                told.add("move", said, state.action_to_string(legal, player))
            _refusals(state, told, rng)
        for viewer in viewers:
            said = state.action_to_message(action, viewer)
            told.add("action", said, state.action_to_string(action, viewer))
        state.apply_action(action)
        for viewer in viewers:
            after = state.observation(viewer)
            events = game.narrate_messages(before[viewer], after)
            lines = game.narrate(before[viewer], after)
            assert [event.english() for event in events] == lines
            for event in events:
                told.add("event", event, event.english())
            before[viewer] = after
    _refusals(state, told, rng)
    return told


def _refusals(state: State, told: Told, rng: random.Random) -> None:
    """Why a few actions are refused here: some near the legal ones, some anywhere."""
    legal = set(state.legal_actions())
    limit = state.game.num_distinct_actions()
    near = [a + d for a in legal for d in (-1, 1) if 0 <= a + d < limit]
    picks = rng.sample(near, min(3, len(near))) + [rng.randrange(limit) for _ in range(3)]
    for action in picks:
        if action in legal:
            continue
        said = state.why_illegal_message(action)
        told.add("refusal", said, state._why_illegal(action))


@pytest.mark.parametrize(("name", "params"), CONFIGS)
def test_every_word_of_a_whole_game_is_in_spanish(name: str, params: dict[str, Any]) -> None:
    game = roost.load_game(name, **params)
    spanish = translations("es")
    told = _play_and_tell(game, seed=7)
    assert {"move", "action", "event", "refusal"} <= told.kinds
    missing = sorted(
        {word for said in told.messages for word in _words(said) if word not in SPANISH},
        key=str,
    )
    assert not missing, f"not in Spanish: {missing}"
    translated = 0
    for said in told.messages:
        text = said.render(spanish)
        assert "{" not in text, text
        translated += text != said.english()
    assert translated > len(told.messages) // 2


@pytest.mark.parametrize("name", ["big-chicken", "manda-huevos"])
def test_the_converted_games_give_messages_of_their_own(name: str) -> None:
    game = roost.load_game(name)
    for function in ("narrate_messages", "action_message", "why_illegal_message"):
        assert views_function(type(game), function) is not None
    state = game.new_initial_state()
    while state.current_player() == CHANCE:
        state.apply_action(state.chance_outcomes()[0][0])
    said = state.action_to_message(state.legal_actions()[0], state.current_player())
    assert said.template != PLAIN


def test_every_lay_of_big_chicken_says_what_its_table_says() -> None:
    from roost.games.big_chicken.actions import LAY_TEXT, lay_message

    assert [lay_message(action).english() for action in range(len(LAY_TEXT))] == list(LAY_TEXT)
    spanish = translations("es")
    assert lay_message(1).render(spanish).startswith("sencilla: 1 azul")


def test_a_game_without_messages_is_told_in_plain_english() -> None:
    """Until a game's views give messages, its English comes through untranslated (and the
    branches converting the other games merge in any order)."""

    class Bare:  # a stand-in class: its package (tests) has no views module
        @classmethod
        def package(cls) -> str:
            return "tests.nowhere"

    assert views_function(Bare, "narrate_messages") is None
    said = plain("P1 does {something} odd")
    assert said.english() == "P1 does {something} odd"
    assert said.render(translations("es")) == "P1 does {something} odd"
    assert said.to_json() == {"t": PLAIN, "f": {"text": "P1 does {something} odd"}}


def test_the_core_refusals_are_messages_too() -> None:
    game = roost.load_game("big-chicken")
    state = game.new_initial_state()
    spanish = translations("es")
    out_of_range = state.why_illegal_message(10_000)
    assert out_of_range.english() == state._why_illegal(10_000)
    assert out_of_range.render(spanish).startswith("los resultados del azar de big-chicken")
    not_an_int = state.why_illegal_message("x")
    assert not_an_int.english() == "an action is an integer, not str 'x'"
    assert Path(PO).is_file()
