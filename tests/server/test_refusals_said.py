"""Every refusal of the server is a message, so a reader of any language reads it: its English
(`message`) stays what it was, and its data (`msg`) says it in Spanish for a Spanish page. A
bot's seat carries its name as a message (``name_msg``); the tutorials' lessons are messages."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import BaseModel, Field, ValidationError

from roost.coach.tutorials import tutorials
from roost.core.errors import UnknownGameError
from roost.core.message import PLAIN, Message
from roost.core.registry import game_class, load_game
from roost.i18n import translations
from roost.server.app import create_app
from roost.server.db import Store
from roost.server.errors import ServerError, unknown_game
from roost.server.invalid import COMPLAINTS, invalid
from tests.server.helpers import make_table, run
from tests.server.test_api import error_of, receive_until, settings_for
from tests.server.test_log_messages import from_json

SERVER = Path(__file__).resolve().parents[2] / "src" / "roost" / "server"
SAYS = {"message", "plural_message", "unknown_game", "engine_refusal", "invalid"}
"""What a refusal's sentence is built with (`roost.core.message`, `roost.server.errors`,
`roost.server.invalid`)."""
SPANISH = translations("es")
EASY = {"type": "bot", "level": "easy"}


def spanish(data: Any) -> str:
    said = from_json(data)
    assert isinstance(said, Message)
    return said.render(SPANISH)


def english(data: Any) -> str:
    said = from_json(data)
    assert isinstance(said, Message)
    return said.english()


def _said_with(node: ast.expr) -> str | None:
    """The function a refusal's sentence is built with; None for a name (a message made
    before: mypy checks it is one) or a builder of `roost.server.refusals`, and "text" for
    anything else (a string, an f-string)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        owner = node.func.value
        return None if isinstance(owner, ast.Name) and owner.id == "refusals" else "text"
    if isinstance(node, (ast.Name, ast.Attribute)):
        return None
    return "text"


def test_no_refusal_of_the_server_is_a_plain_string() -> None:
    """Every `ServerError(code, sentence)` in src/roost/server is given a message (built
    there or before), never a string: the page could not say it in its reader's language.
    Error bodies and frames built by hand carry their message's data (``msg``) too."""
    found = 0
    wrong: list[str] = []
    for path in sorted(SERVER.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            where = f"{path.relative_to(SERVER)}:{node.lineno}"
            if node.func.id in ("ServerError", "TooMany") and node.args:
                found += 1
                sentence = next((k.value for k in node.keywords if k.arg == "message"), None)
                if sentence is None and node.func.id == "ServerError":
                    sentence = node.args[1] if len(node.args) > 1 else None
                if sentence is None and node.func.id == "TooMany":
                    sentence = node.args[0]
                built = _said_with(sentence) if sentence is not None else "nothing"
                if built is not None and built not in SAYS:
                    wrong.append(f"{where}: {built}")
            if node.func.id in ("ErrorFrame", "ErrorDetail"):
                keywords = {k.arg for k in node.keywords}
                if "message" in keywords and "msg" not in keywords:
                    wrong.append(f"{where}: {node.func.id} without msg")
    assert found > 90
    assert wrong == []


def test_an_unknown_game_is_said_as_the_registry_says_it() -> None:
    with pytest.raises(UnknownGameError) as caught:
        game_class("chess")
    assert unknown_game("chess").english() == str(caught.value)


def test_pydantic_complaints_we_say_are_pydantics_own_english() -> None:
    """Each complaint we translate is Pydantic's sentence byte for byte (else the server
    would say Pydantic's English, untranslated: this test says which one drifted)."""

    class Sample(BaseModel):
        model_config = {"extra": "forbid"}
        text: str = Field(min_length=2, max_length=3, pattern="^[a-z]+$")
        one: str = Field(default="a", min_length=1)
        number: int = Field(default=1, ge=1, le=5)
        above: float = Field(default=1.0, gt=0, lt=9)
        flag: bool = True
        items: list[int] = []
        table: dict[str, int] = {}

    cases: dict[str, dict[str, Any]] = {
        "missing": {},
        "extra_forbidden": {"text": "ab", "x": 1},
        "string_type": {"text": 5},
        "int_type": {"text": "ab", "number": [1]},
        "int_parsing": {"text": "ab", "number": "x"},
        "int_from_float": {"text": "ab", "number": 1.5},
        "float_type": {"text": "ab", "above": [1]},
        "float_parsing": {"text": "ab", "above": "x"},
        "bool_type": {"text": "ab", "flag": [1]},
        "bool_parsing": {"text": "ab", "flag": "maybe"},
        "dict_type": {"text": "ab", "table": 3},
        "list_type": {"text": "ab", "items": 3},
        "string_too_short": {"text": "a"},
        "string_too_long": {"text": "abcd"},
        "string_pattern_mismatch": {"text": "AB"},
        "greater_than_equal": {"text": "ab", "number": 0},
        "less_than_equal": {"text": "ab", "number": 6},
        "greater_than": {"text": "ab", "above": 0},
        "less_than": {"text": "ab", "above": 10},
    }
    assert set(cases) | {"json_invalid"} == set(COMPLAINTS)  # FastAPI's: the test below
    for kind, data in cases.items():
        with pytest.raises(ValidationError) as caught:
            Sample.model_validate(data)
        error = next(e for e in caught.value.errors() if e["type"] == kind)
        said = invalid(error)
        assert said.english() == f"{'.'.join(map(str, error['loc']))}: {error['msg']}", kind
        reason = said.fields["reason"] if said.fields.get("where") else said
        assert isinstance(reason, Message) and reason.template != PLAIN, kind
        assert reason.render(SPANISH) != reason.english(), kind


# --- through the API and the socket ------------------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(settings_for(tmp_path))) as made:
        yield made


def _table(client: TestClient, seats: list[dict[str, Any]]) -> dict[str, Any]:
    made = client.post(
        "/api/tables",
        json={"game": "big-chicken", "players": len(seats), "seats": seats, "name": "Ana"},
    )
    assert made.status_code == 201, made.text
    return made.json()  # type: ignore[no-any-return]


def test_a_full_table_refuses_in_the_readers_language(client: TestClient) -> None:
    ana = _table(client, [{"type": "open"}, {"type": "open"}, {"type": "bot", "level": "easy"}])
    table_id = ana["table"]["id"]
    assert client.post(f"/api/tables/{table_id}/join", json={"name": "Bo"}).status_code == 200
    refused = error_of(client.post(f"/api/tables/{table_id}/join", json={"name": "Cy"}))
    assert refused["code"] in ("table_full", "not_waiting")
    assert refused["message"] in (
        "every seat of this table is taken",
        "this table's game has started; watch it instead",
    )
    assert english(refused["msg"]) == refused["message"]
    assert spanish(refused["msg"]) in (
        "todos los asientos de esta mesa están ocupados",
        "la partida de esta mesa ya ha empezado; puedes mirarla",
    )


def test_a_bots_seat_carries_its_name_as_a_message(client: TestClient) -> None:
    seats = [{"type": "open"}, {"type": "bot", "level": "easy"}, {"type": "bot", "level": "hard"}]
    info = _table(client, seats)["table"]
    names = [(s["name"], s.get("name_msg")) for s in info["seats"]]
    assert names[0] == ("Ana", None)  # a person's name is never translated
    assert [name for name, _ in names[1:]] == ["Easy bot", "Hard bot"]  # canonical, as before
    assert [spanish(said) for _, said in names[1:]] == ["Bot fácil", "Bot difícil"]
    assert [english(said) for _, said in names[1:]] == ["Easy bot", "Hard bot"]


def test_a_refusal_naming_a_bot_names_it_in_the_readers_language(store: Store) -> None:
    """Not your turn while a bot decides: the bot's name inside the refusal is a message."""
    game = load_game("manda-huevos", players=2)

    async def scenario() -> ServerError:
        for seed in range(64):  # a deal where the bot decides first
            table, _tokens = make_table(store, game, ["easy", "person"], seed=seed)
            await table.start_if_full()
            if table.state.current_player() == 0:  # the bot has not moved yet
                with pytest.raises(ServerError) as caught:
                    table._check_move(1, table.version, table.state.legal_actions()[0], "person")
                return caught.value
        raise AssertionError("the bot never decides first")

    refused = run(scenario())
    assert refused.code == "not_your_turn"
    assert refused.message == "it is not your decision now (Easy bot decides)"
    assert spanish(refused.msg) == "ahora no te toca decidir (decide Bot fácil)"


def test_a_chat_refusal_is_said_in_the_readers_language(client: TestClient) -> None:
    ana = _table(client, [{"type": "open"}, {"type": "open"}, {"type": "bot", "level": "easy"}])
    table_id, token = ana["table"]["id"], ana["token"]
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        receive_until(ws, "welcome")
        ws.send_json({"type": "chat", "room": "players", "text": "x" * 301, "ref": "c1"})
        refused = receive_until(ws, "error")
    assert refused["code"] == "chat_too_long"
    assert refused["message"] == "a chat message is at most 300 characters; this one has 301"
    assert spanish(refused["msg"]) == (
        "un mensaje del chat tiene como máximo 300 caracteres; este tiene 301"
    )


def test_a_bad_move_is_refused_in_the_readers_language(client: TestClient) -> None:
    """A move the rules refuse, sent on the socket: the error frame's English is the engine's
    reason, and its message says it in Spanish."""
    made = client.post(
        "/api/tables",
        json={
            "game": "manda-huevos",
            "players": 2,
            "seats": [{"type": "open"}, EASY],
            "name": "Ana",
        },
    ).json()
    table_id, token = made["table"]["id"], made["token"]
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        view = receive_until(ws, "view")
        while not view["actions"]:
            view = receive_until(ws, "view")
        legal = {action["action"] for action in view["actions"]}
        wrong = next(a for a in range(1000) if a not in legal)
        ws.send_json({"type": "move", "version": view["version"], "action": wrong, "ref": "m1"})
        refused = receive_until(ws, "error")
    assert refused["code"] == "illegal_action"
    assert refused["message"].startswith(f"illegal action {wrong}: ")
    assert english(refused["msg"]) == refused["message"]
    assert spanish(refused["msg"]).startswith(f"jugada no válida ({wrong}): ")


def test_a_body_that_does_not_fit_is_refused_in_the_readers_language(
    client: TestClient,
) -> None:
    made = client.post("/api/tables", json={"game": "big-chicken", "name": "x" * 30})
    refused = error_of(made)
    assert made.status_code == 422 and refused["code"] == "invalid_request"
    assert refused["message"] == "body.name: String should have at most 24 characters"
    assert english(refused["msg"]) == refused["message"]
    assert spanish(refused["msg"]) == "body.name: el texto debe tener como máximo 24 caracteres"


def test_a_body_that_is_not_json_is_refused_in_the_readers_language(client: TestClient) -> None:
    made = client.post(
        "/api/tables", content=b'{"game": ', headers={"content-type": "application/json"}
    )
    refused = error_of(made)
    assert made.status_code == 422 and refused["message"].endswith(": JSON decode error")
    assert english(refused["msg"]) == refused["message"]
    assert spanish(refused["msg"]).endswith(": el JSON no se puede leer")


def test_an_unknown_route_is_refused_in_the_readers_language(client: TestClient) -> None:
    refused = error_of(client.get("/api/no-such-thing"))
    assert refused["message"] == "Not Found"
    assert spanish(refused["msg"]) == "No encontrado"


# --- the tutorials ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(tutorials()))
def test_a_tutorials_words_are_messages_with_spanish(client: TestClient, game: str) -> None:
    detail = client.get(f"/api/tutorials/{game}").json()
    texts = [(detail["intro"], detail["intro_msg"]), (detail["outro"], detail["outro_msg"])]
    for lesson in detail["lessons"]:
        texts += [(lesson["title"], lesson["title_msg"]), (lesson["text"], lesson["text_msg"])]
    for text, said in texts:
        assert english(said) == text
        assert spanish(said) != text or text in ("Portal", "Demogorgon"), text  # the same word
    for move in detail["moves"]:
        assert english(move["msg"]) == move["text"]
