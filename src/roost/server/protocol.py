"""The exact JSON of every REST body and WebSocket frame (see ``docs/protocol.md``).

Requests and client frames are validated here (unknown fields are refused, so a typo is an error
rather than a silently ignored field); responses and server frames are built from these models,
so the OpenAPI schema and the wire agree.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    TypeAdapter,
)

PROTOCOL_VERSION = 1

BotLevel = Literal["easy", "medium", "hard"]
BOT_LEVELS: tuple[BotLevel, ...] = ("easy", "medium", "hard")
Status = Literal["waiting", "playing", "over"]
SeatType = Literal["open", "person", "bot"]
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Text-direction embeddings, overrides and isolates: in a name they would reorder the rest of
every line that shows it ("Ana takes seat 1" read backwards)."""


def shown_name(name: str) -> str:
    """A name that reads as one: no text-direction control, and at least one letter, digit,
    punctuation mark or symbol (not only spaces, zero-width or combining characters)."""
    if any(ch in BIDI_CONTROLS for ch in name):
        raise ValueError("a name cannot hold text-direction controls (U+202A-202E, U+2066-2069)")
    if not any(unicodedata.category(ch)[0] in "LNPS" for ch in name):
        raise ValueError("a name needs at least one visible letter, digit or sign")
    if unicodedata.category(name[0]).startswith("M"):
        raise ValueError("a name cannot begin with a combining mark")
    return name


PlayerName = Annotated[
    str,
    StringConstraints(
        strip_whitespace=True, min_length=1, max_length=24, pattern=r"^[^\x00-\x1f\x7f]+$"
    ),
    AfterValidator(shown_name),
]
Ref = Annotated[str, StringConstraints(max_length=64)]
SeatToken = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{32,128}$")]
"""A seat token a client chose (base64url, at least 32 characters: 192 bits when random)."""
JSONObject = dict[str, Any]


class Strict(BaseModel):
    """A request model: unknown fields are an error."""

    model_config = ConfigDict(extra="forbid")


# --- errors --------------------------------------------------------------------------------------


class ErrorDetail(BaseModel):
    code: str
    message: str
    details: list[JSONObject] | None = None


class ErrorBody(BaseModel):
    """The body of every 4xx answer."""

    error: ErrorDetail


# --- games ---------------------------------------------------------------------------------------


class ParamInfo(BaseModel):
    name: str
    type: Literal["int", "bool", "str", "float"]
    default: int | bool | str | float
    help: str
    choices: list[int | bool | str | float] | None
    minimum: int | float | None
    maximum: int | float | None
    accepts: str


class GameInfo(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    params: list[ParamInfo]
    bot_levels: list[BotLevel]


class GameDetail(GameInfo):
    cards: list[JSONObject]
    """`CardInfo.to_json()` per card type id."""
    rules: str


# --- tables --------------------------------------------------------------------------------------


class OpenSeat(Strict):
    type: Literal["open"]


class BotSeat(Strict):
    type: Literal["bot"]
    level: BotLevel = "medium"


SeatRequest = Annotated[OpenSeat | BotSeat, Field(discriminator="type")]


class CreateTable(Strict):
    game: Annotated[str, StringConstraints(max_length=64)]
    players: Annotated[int, Field(ge=1, le=64)] | None = None
    params: dict[Annotated[str, StringConstraints(max_length=64)], int | bool | str | float] = (
        Field(default_factory=dict, max_length=32)
    )
    seats: Annotated[list[SeatRequest], Field(max_length=64)] | None = None
    clock: Annotated[int, Field(ge=10, le=3600)] | None = None
    name: PlayerName | None = None
    token: SeatToken | None = None
    """The creator's seat token, chosen by the client (with `name`): sending the same request
    again after a lost answer returns the same table and seat instead of making another."""


class JoinTable(Strict):
    name: PlayerName
    seat: Annotated[int, Field(ge=0, le=63)] | None = None
    token: SeatToken | None = None
    """The seat token, chosen by the client: a retried join returns the seat it took."""


class StartTable(Strict):
    fill: BotLevel | None = None


class SeatInfo(BaseModel):
    seat: int
    type: SeatType
    name: str | None
    level: BotLevel | None
    connected: bool
    standin: bool


class Result(BaseModel):
    returns: list[float]
    winners: list[int]
    seed: int
    seed_text: str
    """The seed in decimal: a JavaScript number holds only 53 bits, a seed 62."""


class TableInfo(BaseModel):
    id: str
    game: str
    title: str
    params: dict[str, int | bool | str | float]
    status: Status
    version: int
    seats: list[SeatInfo]
    to_move: int | None
    clock: int | None
    deadline: float | None
    spectators: int
    invite_url: str
    created_at: float
    rematch: str | None
    rematch_of: str | None
    result: Result | None


class SeatGrant(BaseModel):
    """The answer to create and join: the table, and the seat taken with its secret token."""

    table: TableInfo
    seat: int | None
    token: str | None


class TableAnswer(BaseModel):
    table: TableInfo


class Invite(BaseModel):
    url: str
    table: TableInfo


class Health(BaseModel):
    ok: bool
    tables: int
    protocol: int
    database: Literal["ok", "unavailable"] = "ok"
    """``unavailable`` from a write the database refused until one commits again (moves are
    answered ``storage_failed`` meanwhile: roost.server.outages)."""


# --- log and views -------------------------------------------------------------------------------

LogKind = Literal["move", "chance", "deal", "note", "event"]


class LogLine(BaseModel):
    n: int
    version: int
    seat: int | None
    kind: LogKind
    text: str


class ViewFrame(BaseModel):
    type: Literal["view"] = "view"
    version: int
    seat: int | None
    table: TableInfo
    observation: JSONObject
    actions: list[JSONObject]
    log: list[LogLine]
    passive: bool = False
    """The server answers for this seat in a moment: its only answer is to let a card happen
    (roost.server.reactions), and it did not ask to be asked."""


# --- chat ----------------------------------------------------------------------------------------

ChatRoom = Literal["players", "spectators"]
"""``players``: written by the seated players, read by everyone at the table; ``spectators``:
written and read by spectators only (see docs/protocol.md, "Chat")."""


class ChatLine(BaseModel):
    """One stored chat message: nothing but the message (no token, nothing of the game)."""

    id: int
    room: ChatRoom
    seat: int | None
    name: str
    text: str
    version: int
    at: float


class ChatLog(BaseModel):
    """The chat a reader may read: both rooms for a spectator, the players' room for a
    player; `creator` is the seat whose holder may switch the spectators' room off."""

    creator: int | None
    spectators_open: bool
    lines: list[ChatLine]


# --- replays -------------------------------------------------------------------------------------

Viewer = int | Literal["all", "spectator"]


class ReplayStep(BaseModel):
    version: int
    seat: int | None
    kind: Literal["move", "chance"]
    action: int
    text: str


class ReplayNote(BaseModel):
    version: int
    seat: int | None
    text: str


class Replay(BaseModel):
    table: TableInfo
    viewer: Viewer
    seed: int
    history: list[int]
    steps: list[ReplayStep]
    notes: list[ReplayNote]
    chat: list[ChatLine] = Field(default_factory=list)
    """Both chat rooms, oldest first (the game is over: nothing is hidden any more)."""


class ReplayView(BaseModel):
    version: int
    viewer: Viewer
    to_move: int | None
    observation: JSONObject
    actions: list[JSONObject]


# --- WebSocket: client to server -----------------------------------------------------------------


class Hello(Strict):
    type: Literal["hello"]
    token: Annotated[str, StringConstraints(max_length=128)] | None = None
    protocol: int = PROTOCOL_VERSION


class Move(Strict):
    type: Literal["move"]
    version: Annotated[int, Field(ge=0, le=2**31)]
    action: Annotated[int, Field(ge=0, le=2**31)]
    ref: Ref | None = None


class Back(Strict):
    type: Literal["back"]
    ref: Ref | None = None


class Ping(Strict):
    type: Literal["ping"]
    ref: Ref | None = None


class Chat(Strict):
    """Say something in a chat room. The text is checked by `roost.server.chat.clean_text`
    (not here: its refusals have codes of their own)."""

    type: Literal["chat"]
    room: ChatRoom
    text: str
    name: PlayerName | None = None
    """A spectator's name (a player's is their seat's, and this is ignored)."""
    ref: Ref | None = None


class ChatSwitch(Strict):
    """The table's creator opens or closes the spectators' room for writing."""

    type: Literal["chat_switch"]
    room: Literal["spectators"]
    open: bool
    ref: Ref | None = None


class Prefs(Strict):
    """A person's choices at the table: `always_ask`, be asked even when "let it happen" is the
    only answer to a reaction window (otherwise the server answers for them, see
    roost.server.reactions)."""

    type: Literal["prefs"]
    always_ask: bool = False
    ref: Ref | None = None


AnyClientFrame = Hello | Move | Back | Ping | Prefs | Chat | ChatSwitch
ClientFrame = Annotated[AnyClientFrame, Field(discriminator="type")]
CLIENT_FRAME: TypeAdapter[AnyClientFrame] = TypeAdapter(ClientFrame)


# --- WebSocket: server to client -----------------------------------------------------------------


class Welcome(BaseModel):
    type: Literal["welcome"] = "welcome"
    protocol: int = PROTOCOL_VERSION
    table_id: str
    seat: int | None
    role: Literal["player", "spectator"]


class Ack(BaseModel):
    type: Literal["ack"] = "ack"
    ref: str | None
    version: int


class TableFrame(BaseModel):
    type: Literal["table"] = "table"
    table: TableInfo


class ErrorFrame(BaseModel):
    type: Literal["error"] = "error"
    code: str
    message: str
    ref: str | None = None


class Pong(BaseModel):
    type: Literal["pong"] = "pong"
    ref: str | None = None


class ChatFrame(BaseModel):
    """A new chat message (a `ChatLine`), to every connection that may read its room; `ref`
    only in the writer's own copy."""

    type: Literal["chat"] = "chat"
    id: int
    room: ChatRoom
    seat: int | None
    name: str
    text: str
    version: int
    at: float
    ref: str | None = None


class ChatHistory(BaseModel):
    """After `welcome` (on every connection, so after a reload or a reconnection too): the
    whole chat this connection may read (a `ChatLog`)."""

    type: Literal["chat_history"] = "chat_history"
    creator: int | None
    spectators_open: bool
    lines: list[ChatLine]


class ChatRooms(BaseModel):
    """The spectators' room was opened or closed (to every connection of the table)."""

    type: Literal["chat_rooms"] = "chat_rooms"
    creator: int | None
    spectators_open: bool
    ref: str | None = None
