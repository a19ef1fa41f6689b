"""`roost review` in Spanish: the moves of the table (played and best) are the engine's
messages said with the catalogue, the seats by their names; English is the engine's text as it
always was, and a review without messages (an old JSON) falls back to that text."""

from __future__ import annotations

import dataclasses
import io
import random
from collections.abc import Iterator

import pytest
from rich.console import Console

from roost.bots import make_bot
from roost.cli.names import SeatNames
from roost.cli.play import _seats_in
from roost.cli.review import show_review
from roost.coach.review import ReviewSettings, SeatReview, review_seat
from roost.core.registry import load_game
from roost.core.runner import play_game
from roost.i18n import SOURCE_LANGUAGE, say, set_language
from roost.i18n.said import message_from_json

NAMES = ("Bo", "Cy", "Ana")


@pytest.fixture(scope="module")
def review() -> SeatReview:
    game = load_game("egg-bound", players=3)
    bots = [make_bot("random", game, seat) for seat in range(3)]
    state = play_game(game, bots, random.Random(4))
    return review_seat(game, state.history(), 2, ReviewSettings.for_budget(150))


@pytest.fixture
def spanish() -> Iterator[None]:
    set_language("es")
    yield
    set_language(SOURCE_LANGUAGE)


def shown(review: SeatReview) -> str:
    console = Console(record=True, width=400, color_system=None, file=io.StringIO())
    show_review(console, review, NAMES, "Egg Bound")
    return " ".join(console.export_text().split())


def test_english_review_shows_the_engines_move_texts(review: SeatReview) -> None:
    assert review.decisions
    out = shown(review)
    assert "Review of Ana (seat 2)" in out
    for decision in review.decisions:
        assert decision.chosen.msg is not None
        assert message_from_json(decision.chosen.msg).english() == decision.chosen.text
        assert " ".join(SeatNames(NAMES, 2).say(decision.chosen.text).split()) in out


@pytest.mark.usefixtures("spanish")
def test_spanish_review_shows_spanish_move_texts(review: SeatReview) -> None:
    out = shown(review)
    said = SeatNames(NAMES, 2)
    differ = 0
    for decision in review.decisions:
        for estimate in (decision.chosen, decision.best):
            assert estimate.msg is not None
            spanish = say(message_from_json(estimate.msg))
            differ += spanish != estimate.text
            if estimate is decision.best and decision.best.action == decision.chosen.action:
                continue
            assert " ".join(_seats_in(said, spanish).split()) in out
    assert differ, "no move of the review reads differently in Spanish"


@pytest.mark.usefixtures("spanish")
def test_a_review_without_messages_shows_the_english_it_has(review: SeatReview) -> None:
    old = dataclasses.replace(
        review,
        decisions=[
            dataclasses.replace(
                d,
                chosen=dataclasses.replace(d.chosen, msg=None),
                best=dataclasses.replace(d.best, msg=None),
            )
            for d in review.decisions
        ],
    )
    out = shown(old)
    said = SeatNames(NAMES, 2)
    for decision in review.decisions:
        assert " ".join(said.say(decision.chosen.text).split()) in out
