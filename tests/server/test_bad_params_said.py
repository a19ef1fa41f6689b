"""The engine's refusal of a game's parameters, passed on by the server (``bad_params``): its
English (``message``) is the engine's sentence as it was, and its data (``msg``) reads that
sentence back by the engine's templates, so a Spanish page says it in Spanish; a sentence no
template fits is still a message, in English."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from roost.core.errors import RoostError
from roost.core.message import PLAIN
from roost.core.registry import load_game
from roost.server.app import create_app
from roost.server.errors import engine_refusal
from tests.server.test_api import error_of, settings_for
from tests.server.test_refusals_said import english, spanish


def engine_says(**params: object) -> str:
    try:
        load_game("eggo", **params)
    except RoostError as error:
        return str(error)
    raise AssertionError(f"eggo took {params}")


def test_a_bad_parameter_is_refused_in_spanish_with_its_english_unchanged(tmp_path: Path) -> None:
    with TestClient(create_app(settings_for(tmp_path))) as client:
        unknown = error_of(
            client.post("/api/tables", json={"game": "eggo", "params": {"colour": "red"}})
        )
        players = error_of(client.post("/api/tables", json={"game": "eggo", "players": 9}))
        query = error_of(client.get("/api/games/eggo?colour=red"))
    assert unknown["code"] == players["code"] == query["code"] == "bad_params"
    assert unknown["message"] == engine_says(colour="red")
    assert players["message"] == engine_says(players=9)
    for error in (unknown, players, query):
        assert english(error["msg"]) == error["message"]
        assert error["msg"]["t"] != PLAIN, error
    said = spanish(unknown["msg"])
    assert said.startswith("eggo: parámetro desconocido 'colour'; sus parámetros son: ")
    assert "unknown parameter" not in said and "its parameters are" not in said
    takes = spanish(players["msg"])
    assert "players" in takes and "9" in takes and "takes" not in takes and "got" not in takes
    assert "from 2 to" not in takes and "de 2 a" in takes


def test_a_sentence_no_template_fits_stays_english() -> None:
    said = engine_refusal(RoostError("the moon is made of green cheese"))
    assert said.template == PLAIN and said.english() == "the moon is made of green cheese"
