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
    SecretStr,
    StringConstraints,
    TypeAdapter,
)

PROTOCOL_VERSION = 2

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
    msg: JSONObject | None = None
    """`message` as a message's data (`roost.core.message`), for the client to translate."""


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
    """The rules page (Markdown), in the language asked for (`?lang=`) where the game has one."""
    rules_language: str = "en"
    """The language `rules` is written in."""


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
    rated: bool = False
    """Ratings change at the end (the creator must be signed in, and so must everyone who
    joins; bots play at their fixed ratings)."""
    public: bool = True
    """Listed in the lobby and found by quick play; a private table is reached by its link."""
    fill_after: Annotated[int, Field(ge=5, le=3600)] | None = None
    """Seconds after which the open seats are given bots of `level` and the game starts
    (while at least one person is seated); None: the table waits for people."""
    level: BotLevel = "medium"
    """The level of the bots that fill the open seats (`fill_after`, quick play)."""


class QuickPlay(Strict):
    """Play now: a seat at the oldest open public table of the game with the same `rated`,
    or a new public table (docs/protocol.md, "Quick play")."""

    game: Annotated[str, StringConstraints(max_length=64)]
    rated: bool = False
    name: PlayerName
    token: SeatToken | None = None


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
    name_msg: JSONObject | None = None
    """A bot's `name` as a message's data (`roost.core.message`: "Easy bot"), which the client
    says in its reader's language; None for a person, whose name is never translated, and an
    open seat."""
    level: BotLevel | None
    connected: bool
    standin: bool
    signed_in: bool = False
    """A person with an account: `name` is their user name (their profile is /u/NAME)."""


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
    rated: bool = False
    public: bool = True
    fill_after: int | None = None
    fill_at: float | None = None
    """While waiting: when bots fill the open seats (Unix time), if the table does so."""
    hints: bool = False
    """Whether a person at this table may ask for hints (`hint` frame): a table whose game is
    not rated (roost.server.coach)."""
    tutorial: str | None = None
    """The game whose tutorial this table plays (`GET /api/tutorials/{game}`), else null."""


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
    version: str = ""
    """Roost's release (``roost --version``): which code answers, for the operator's checks."""
    build: Literal["compiled", "pure", "mixed"] = "compiled"
    """Which build of the engine the server runs (`roost.build.BuildInfo.kind`)."""
    database: Literal["ok", "unavailable"] = "ok"
    """``unavailable`` from a write the database refused until one commits again (moves are
    answered ``storage_failed`` meanwhile: roost.server.outages)."""


# --- accounts ------------------------------------------------------------------------------------

UserName = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{3,24}$")]
"""Letters, digits, ``_`` and ``-``, 3 to 24 of them (it is part of the profile's address)."""
Password = Annotated[SecretStr, Field(min_length=1, max_length=1024)]
"""Any text (the rules, NIST's, are checked by the server: at least 8 characters, not a common
password); write-only, never sent back."""


class HeldSeat(Strict):
    """A seat this browser holds as a guest: the table and the seat's token."""

    table: Annotated[str, StringConstraints(max_length=16)]
    token: SeatToken


HeldSeats = Annotated[list[HeldSeat], Field(max_length=200)]


class SignUp(Strict):
    name: UserName
    password: Password
    seats: HeldSeats = Field(default_factory=list)
    """The guest seats this browser holds: they become the account's (with their games)."""


class SignIn(Strict):
    name: Annotated[str, StringConstraints(max_length=64)]
    password: Password
    seats: HeldSeats = Field(default_factory=list)


class ChangePassword(Strict):
    password: Password
    """The current password."""
    new_password: Password


class DeleteAccount(Strict):
    password: Password


class ClaimSeats(Strict):
    seats: HeldSeats


class SetLanguage(Strict):
    language: Annotated[str, StringConstraints(max_length=35)]
    """A language code Roost speaks (``en``, ``es``; ``es-ES`` reads as ``es``)."""


class Account(BaseModel):
    name: str
    created_at: float
    language: str | None = None
    """The language chosen with the page's switch (``en``, ``es``), or None: never chosen."""


class AccountAnswer(BaseModel):
    """The answer to sign-up, sign-in and a password change: a new session (its cookie is
    set) and its CSRF token, to send as ``X-CSRF-Token`` with every request that changes
    something; `claimed`: guest seats that became the account's."""

    account: Account
    csrf: str
    claimed: int = 0


class Me(BaseModel):
    """Who this browser is: the account and the session's CSRF token, or nulls for a guest."""

    account: Account | None
    csrf: str | None


class Claimed(BaseModel):
    claimed: int


# --- ratings, profiles, leaderboards -------------------------------------------------------------


class RatingPoint(BaseModel):
    at: float
    rating: int
    table_id: str


class GameRating(BaseModel):
    game: str
    title: str
    rating: int
    """1000 + 40 x (mu - 3 sigma), openskill's ordinal on a familiar scale (never below 0)."""
    provisional: bool
    """Fewer than 10 rated games."""
    rated_games: int
    mu: float
    sigma: float
    history: list[RatingPoint]
    """After each rated game, oldest first (a new player starts at 1000)."""


class GameStats(BaseModel):
    game: str
    title: str
    played: int
    wins: int


class Profile(BaseModel):
    name: str
    created_at: float
    ratings: list[GameRating]
    stats: list[GameStats]


class GamePlayer(BaseModel):
    seat: int
    name: str | None
    type: SeatType
    level: BotLevel | None
    signed_in: bool


class PlayedGame(BaseModel):
    table_id: str
    game: str
    title: str
    finished_at: float
    rated: bool
    seat: int
    place: int | None
    """1 + the number of seats that finished strictly ahead; None for a seat that lost where the
    game's returns do not order the losers (a win-or-lose game such as BIG CHICKEN's default:
    every loser would read "place 2")."""
    won: bool
    players: list[GamePlayer]
    rating_before: int | None
    rating_after: int | None
    replay_url: str


class GamesPage(BaseModel):
    games: list[PlayedGame]
    next_before: float | None
    """Pass as `before` for the next (older) page; null at the last."""


class LeaderboardEntry(BaseModel):
    rank: int
    name: str
    rating: int
    rated_games: int


class Leaderboard(BaseModel):
    game: str
    title: str
    min_games: int
    entries: list[LeaderboardEntry]


# --- log and views -------------------------------------------------------------------------------

LogKind = Literal["move", "chance", "deal", "note", "event"]


class LogLine(BaseModel):
    n: int
    version: int
    seat: int | None
    kind: LogKind
    text: str
    """The line's canonical English."""
    msg: JSONObject
    """The same line as a message's data (`roost.core.message.Message.to_json`): the client
    renders it in its reader's language, so the frame is the same for every reader."""


class ViewFrame(BaseModel):
    type: Literal["view"] = "view"
    version: int
    seat: int | None
    table: TableInfo | None
    """The table's description; None (to a client of protocol 2 or later) when it is the
    one this connection was last sent, but for its version, turn and deadline: those are
    `version`, `to_move` and `deadline` here."""
    to_move: int | None = None
    deadline: float | None = None
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
    msg: JSONObject
    """`text` as a message's data, for the client to translate."""


class ReplayNote(BaseModel):
    version: int
    seat: int | None
    text: str
    msg: JSONObject
    """`text` as a message's data, for the client to translate."""


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
    protocol: int = 1
    """The version the client speaks (docs/protocol.md, "Versioning"): one that says none
    speaks version 1, whose views carry the table's description every time."""


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


class HintRequest(Strict):
    """The seat to move asks for the search's best moves (roost.server.coach.hints)."""

    type: Literal["hint"]
    ref: Ref | None = None


AnyClientFrame = Hello | Move | Back | Ping | Prefs | Chat | ChatSwitch | HintRequest
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
    msg: JSONObject | None = None
    """`message` as a message's data (`roost.core.message`), for the client to translate."""


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


# --- the coach: reviews and hints ----------------------------------------------------------------

ReviewState = Literal["none", "queued", "running", "done", "cancelled", "failed", "stopped"]


class StartReview(Strict):
    """Ask for the review of `seat`. `viewer` is who asks (as in a replay): ``all`` (the full
    deal: any seat once the game is over) or a seat (its own review); a seat's token in the
    header proves the player of that seat (the only way to review before the end)."""

    seat: Annotated[int, Field(ge=0, le=63)]
    viewer: Annotated[int, Field(ge=0, le=63)] | Literal["all"] | None = None


class MoveEstimateInfo(BaseModel):
    action: int
    text: str
    """The move as the reviewed seat may know it."""
    value: float
    """The seat's expected result after the move, in [0, 1] (a win chance by default)."""
    visits: int
    msg: JSONObject | None = None
    """`text` as the engine's message (its data), for the reader's language."""


class ReviewAnswer(BaseModel):
    """A seat's review: its progress, and the review itself once done (see docs/protocol.md,
    "Reviews")."""

    table_id: str
    seat: int
    status: ReviewState
    done: int
    """Decisions reviewed so far."""
    total: int
    """Decisions to review (those with a choice)."""
    upto: int
    """The table's version the review covers (the whole game once it is over)."""
    version: int
    """The table's version now: a review with ``upto < version`` is of an earlier moment."""
    review: JSONObject | None = None
    """`roost.coach.review.SeatReview.to_json()` once ``done``."""
    message: str | None = None
    """Why a review failed or stopped, in words."""
    msg: JSONObject | None = None
    """`message` as a message's data, for the reader's language."""


class HintFrame(BaseModel):
    """The answer to `hint`: the search's best moves for the seat at `version`, best first."""

    type: Literal["hint"] = "hint"
    version: int
    seat: int
    measure: str
    """``win chance`` or ``expected result``: what `value` is."""
    choices: int
    moves: list[MoveEstimateInfo]
    ref: str | None = None


# --- the coach: tutorials ------------------------------------------------------------------------


class TutorialInfo(BaseModel):
    game: str
    title: str
    lessons: int


class TutorialLesson(BaseModel):
    rule: str
    title: str
    text: str
    title_msg: JSONObject | None = None
    text_msg: JSONObject | None = None
    """`title` and `text` as messages' data (`roost.core.message`), which the page says in its
    reader's language."""
    version: int
    """The table's version from which the lesson is shown (the moment it first matters)."""


class TutorialMove(BaseModel):
    version: int
    action: int
    text: str
    """The move the learner makes at `version`, in the learner's words."""
    msg: JSONObject | None = None
    """`text` as the engine's message (its data), for the reader's language."""


class TutorialDetail(BaseModel):
    game: str
    title: str
    params: dict[str, int | bool | str | float]
    seat: int
    """The learner's seat."""
    length: int
    """The versions the script covers; from there the game is free against easy bots."""
    intro: str
    outro: str
    intro_msg: JSONObject | None = None
    outro_msg: JSONObject | None = None
    """`intro` and `outro` as messages' data, for the reader's language."""
    lessons: list[TutorialLesson]
    moves: list[TutorialMove]


class StartTutorial(Strict):
    name: PlayerName | None = None
    token: SeatToken | None = None
    """The learner's seat token, chosen by the client: a retry gets the same table."""
