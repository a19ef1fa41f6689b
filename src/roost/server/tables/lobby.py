"""The lobby: every live table of this server process, and the ways to make and find them.

It creates tables (checking the game, its parameters and the seats), finds a table in memory
or rebuilds it from the store, lists tables, makes rematches and serves replays. On start it
rebuilds every unfinished table by replaying its stored action list.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from functools import partial
from typing import Any

from roost.core.errors import ParameterError, RoostError, UnknownGameError
from roost.core.game import Game
from roost.core.message import message
from roost.core.registry import game_class, load_game, registered_games
from roost.i18n import SOURCE_LANGUAGE
from roost.i18n.rules import rules_page
from roost.server.config import Settings
from roost.server.db import Conflict, StorageError, Store
from roost.server.errors import ServerError, engine_refusal, known_language, unknown_game
from roost.server.protocol import (
    BOT_LEVELS,
    BotSeat,
    CreateTable,
    GameDetail,
    GameInfo,
    ParamInfo,
    QuickPlay,
    SeatGrant,
    TableInfo,
)
from roost.server.tables.bots import BotRunner
from roost.server.tables.cluster import Cluster
from roost.server.tables.rows import (
    SeatRecord,
    TableRecord,
    find_created,
    insert_table,
    list_tables,
    load_table,
    quick_candidates,
    save_status,
    table_ids,
    token_tables,
    unfinished_count,
)
from roost.server.tables.table import ResultHook, Table, hash_token, new_seed, new_token

log = logging.getLogger("roost.server.lobby")

LIST_LIMIT = 200
STATUSES = {
    "open": ("waiting", "playing"),
    "playing": ("playing",),
    "over": ("over",),
    "all": ("waiting", "playing", "over"),
}


class Lobby:
    """The live tables of one process, with the store and the bot workers they share."""

    def __init__(
        self,
        store: Store,
        bots: BotRunner,
        settings: Settings,
        cluster: Cluster | None = None,
        on_result: ResultHook | None = None,
    ) -> None:
        self.store = store
        self.on_result = on_result
        """Writes with a rated table's result, in its transaction (the ratings' update)."""
        self._quick = asyncio.Lock()
        self.cluster = cluster
        """Set when other server processes share the database (PostgreSQL; see cluster.py)."""
        self.bots = bots
        self.settings = settings
        self.tables: dict[str, Table] = {}
        self.public_url = settings.public_url.rstrip("/")
        self._evictions: dict[str, asyncio.TimerHandle] = {}

    # --- games --------------------------------------------------------------------------------

    @staticmethod
    def games() -> list[GameInfo]:
        return [game_info(cls) for cls in registered_games().values()]

    @staticmethod
    def game(
        name: str, params: Mapping[str, str] | None = None, language: str = SOURCE_LANGUAGE
    ) -> GameDetail:
        """The game's details; its card catalogue that of the game with `params` (a table's
        own cards or changed counts show in its rules dialog), the defaults' without; its
        rules page in `language` (English where the game has none in it)."""
        wanted = known_language(language)
        try:
            cls = game_class(name)
            game = load_game(name, **params) if params else cls()
        except UnknownGameError:
            raise ServerError("game_not_found", unknown_game(name), 404) from None
        except ParameterError as error:
            raise ServerError("bad_params", engine_refusal(error), 400) from None
        cards = [card.to_json() for card in game.card_types()]
        page = rules_page(cls, wanted)
        return GameDetail(
            **game_info(cls).model_dump(),
            cards=cards,
            rules=page.text,
            rules_language=page.language,
        )

    # --- tables -------------------------------------------------------------------------------

    def _table(self, record: TableRecord) -> Table:
        return Table(
            record,
            store=self.store,
            bots=self.bots,
            settings=self.settings,
            public_url=lambda: self.public_url,
            on_change=self._changed,
            peers=self.cluster,
            on_result=self.on_result,
        )

    def _rebuild(self, record: TableRecord, owner: bool) -> Table:
        return Table.restore(
            record,
            store=self.store,
            bots=self.bots,
            settings=self.settings,
            public_url=lambda: self.public_url,
            on_change=self._changed,
            peers=self.cluster,
            owner=owner,
            on_result=self.on_result,
        )

    async def _owns(self, table_id: str) -> bool:
        """Whether this process runs the table's bots and clocks: always when alone; in a
        cluster, when it holds (or now takes) the table's lock."""
        return self.cluster is None or await self.cluster.try_own(table_id)

    async def restore_all(self) -> int:
        """Rebuild every unfinished table from the store and let its game go on (in a
        cluster: those no other live process owns; the others are rebuilt when asked for)."""
        ids = await self.store.read(partial(table_ids, statuses=("waiting", "playing")))
        rebuilt = 0
        for table_id in ids:
            if not await self._owns(table_id):
                continue
            try:
                if await self._bring_in(table_id) is not None:
                    rebuilt += 1
            except RoostError:
                log.exception("table %s cannot be rebuilt from its stored actions", table_id)
        return rebuilt

    async def adopt(self, table_id: str) -> None:
        """This process now owns the table (its owner died): bring it up to date and let its
        bots and clocks go on here."""
        table = self.tables.get(table_id)
        if table is None:
            try:
                await self._bring_in(table_id)  # the lock is held: it comes in as its owner
            except RoostError:
                log.exception("table %s cannot be rebuilt from its stored actions", table_id)
            return
        await table.refresh()
        if not table.owner:
            table.owner = True
            await table.resume()

    async def _bring_in(self, table_id: str) -> Table | None:
        """The table in memory, rebuilt from the store if it is not: one object per table
        whatever the requests and adoptions in flight (the check comes after every wait)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        record = await self.store.read(partial(load_table, table_id=table_id))
        if record is None:
            return None
        owner = record.status == "over" or await self._owns(table_id)
        table = self.tables.get(table_id)  # another request may have brought it in meanwhile
        if table is not None:
            if owner and not table.owner:
                table.owner = True
                await table.resume()
            return table
        table = self._rebuild(record, owner)
        self.tables[table_id] = table
        if table.status == "over":
            self._changed(table)
        else:
            await table.resume()
        return table

    async def find(self, table_id: str) -> Table:
        """The live table, or the stored one rebuilt (a finished table, or one of another
        process's past); `table_not_found` otherwise."""
        table = self.tables.get(table_id)
        if table is not None:
            self._keep(table_id)
            return table
        if len(table_id) > 16:
            raise ServerError(
                "table_not_found", message("there is no table {id}", id=repr(table_id)), 404
            )
        table = await self._bring_in(table_id)
        if table is None:
            raise ServerError(
                "table_not_found", message("there is no table {id}", id=repr(table_id)), 404
            )
        return table

    async def create(
        self, request: CreateTable, creator: str, account: tuple[int, str] | None = None
    ) -> SeatGrant:
        """Make a table. With a `token` the client chose, the request is idempotent: sent again
        after a lost answer, it finds the table it made (by the token's hash) instead of
        making another. `account`: (id, user name) of a signed-in creator, who sits under
        their user name; a rated table needs one."""
        game = _load(request)
        seats = _seats(request, game)
        if request.rated and account is None:
            raise ServerError(
                "sign_in_required", message("only a signed-in player can make a rated table"), 401
            )
        if account is not None and request.name is not None:
            request = request.model_copy(update={"name": account[1]})
        create_key: str | None = None
        if request.token is not None:
            if request.name is None:
                raise ServerError(
                    "bad_request",
                    message("token is the creator's seat token: send it with a name"),
                    400,
                )
            create_key = hash_token(request.token)
            again = await self._created_before(create_key, request, game)
            if again is not None:
                return again
        count = await self.store.read(partial(unfinished_count, creator=creator))
        if count >= self.settings.max_tables_per_client:
            raise ServerError(
                "too_many_tables",
                message(
                    "you already have {count} unfinished tables; finish or leave one first",
                    count=count,
                ),
                429,
            )
        token: str | None = None
        seat: int | None = None
        if request.name is not None:
            seat = next((s.seat for s in seats if s.type == "open"), None)
            if seat is None:
                raise ServerError(
                    "bad_seats", message("there is no open seat for you at this table"), 400
                )
            token = request.token or new_token()
            seats[seat] = SeatRecord(
                seat,
                "person",
                request.name,
                None,
                hash_token(token),
                user=account[0] if account is not None else None,
            )
        record = TableRecord(
            id=secrets.token_urlsafe(6),
            game=game.name,
            params=game.params,
            seed=new_seed(),
            status="waiting",
            seats=seats,
            creator=creator[:64],
            created_at=time.time(),
            clock=request.clock,
            create_key=create_key,
            creator_seat=seat,
            rated=request.rated,
            public=request.public,
            fill_after=request.fill_after,
            fill_level=request.level,
        )
        made_before = None
        if create_key is not None:
            made_before = partial(self._created_before, create_key, request, game)
        return await self.open_table(record, seat, token, made_before)

    async def open_table(
        self,
        record: TableRecord,
        seat: int | None,
        token: str | None,
        made_before: Callable[[], Awaitable[SeatGrant | None]] | None,
    ) -> SeatGrant:
        """Store a new table, run it here and give its creator `seat` (None: a creator who does
        not sit). If it cannot be stored because the same request, sent again before the first
        was answered, stored it first, `made_before` finds that table: the answer is the
        first one's."""
        owner = await self._owns(record.id)  # before it is stored: nobody else adopts it
        try:
            await self.store.write(partial(insert_table, record=record))
        except (Conflict, StorageError):
            again = None if made_before is None else await made_before()
            if self.cluster is not None:
                await self.cluster.release(record.id)
            if again is not None:
                return again
            raise ServerError(
                "storage_failed", message("the table could not be stored; try again"), 503
            ) from None
        table = self._table(record)
        table.owner = owner
        self.tables[record.id] = table
        await table.start_if_full()
        return SeatGrant(table=table.info(), seat=seat, token=token)

    async def _created_before(
        self, create_key: str, request: CreateTable, game: Game
    ) -> SeatGrant | None:
        """The answer to a create sent again: its table, and the creator's seat (taken again
        if it was given up meanwhile). None if no table was made with this key."""
        table_id = await self.store.read(partial(find_created, create_key=create_key))
        if table_id is None:
            return None
        table = await self.find(table_id)
        if (table.game.name, table.game.params, table.record.clock) != (
            game.name,
            game.params,
            request.clock,
        ):
            raise ServerError(
                "token_reused",
                message("this token already made another table; a new table needs a new token"),
            )
        assert request.token is not None and request.name is not None
        seat, token = await table.join(request.name, None, request.token)
        return SeatGrant(table=table.info(), seat=seat, token=token)

    async def quick(
        self, request: QuickPlay, creator: str, account: tuple[int, str] | None
    ) -> SeatGrant:
        """Play now: a seat at the oldest waiting public table of the game with the same
        `rated` that has an open seat, else a new public table of the game's default size
        whose open seats get medium bots after `Settings.quick_fill` seconds. One quick play
        at a time in this process, so two people asking together meet at one table."""
        if request.rated and account is None:
            raise ServerError(
                "sign_in_required", message("rated play is for signed-in players"), 401
            )
        name = account[1] if account is not None else request.name
        user = account[0] if account is not None else None
        try:
            cls = game_class(request.game)
        except UnknownGameError:
            raise ServerError("game_not_found", unknown_game(request.game), 404) from None
        async with self._quick:
            if request.token is not None:  # a retry whose answer was lost: the same seat
                held_at = await self.store.read(
                    partial(token_tables, token_hash=hash_token(request.token))
                )
                for table_id in held_at:
                    found = await self.find(table_id)
                    held = found.seat_of(request.token)
                    if held is not None:
                        return SeatGrant(table=found.info(), seat=held, token=request.token)
            ids = await self.store.read(
                partial(quick_candidates, game=cls.name, rated=request.rated)
            )
            for table_id in ids:
                try:
                    table = await self.find(table_id)
                    seat, token = await table.join(name, None, request.token, user)
                except ServerError as error:
                    if error.code in ("seat_taken", "table_full", "not_waiting", "already_seated"):
                        continue
                    raise
                return SeatGrant(table=table.info(), seat=seat, token=token)
            return await self.create(
                CreateTable(
                    game=cls.name,
                    name=name,
                    token=request.token,
                    rated=request.rated,
                    public=True,
                    fill_after=self.settings.quick_fill,
                    level="medium",
                ),
                creator,
                account,
            )

    async def refresh_tables(self, table_ids: list[str]) -> None:
        """Take in seats changed in the store by another concern (a guest's seats that became
        an account's) for the tables in memory."""
        for table_id in table_ids:
            table = self.tables.get(table_id)
            if table is not None:
                await table.refresh()

    async def list(self, status: str) -> list[TableInfo]:
        statuses = STATUSES.get(status)
        if statuses is None:
            raise ServerError(
                "bad_request",
                message(
                    "status is one of {statuses}; got {status}",
                    statuses=", ".join(STATUSES),
                    status=repr(status),
                ),
                400,
            )
        rows = await self.store.read(partial(list_tables, statuses=statuses, limit=LIST_LIMIT))
        infos: list[TableInfo] = []
        for record, version in rows:
            live = self.tables.get(record.id)
            if live is not None:
                info = live.info()
            else:
                try:
                    info = self._table(record).info()
                except RoostError:
                    continue
                info.version = version
            waiting = status == "open" and info.status == "waiting"
            if waiting and not any(seat.type == "open" for seat in info.seats):
                continue
            infos.append(info)
        return infos

    async def rematch(self, table_id: str, token: str | None) -> tuple[TableInfo, bool]:
        """The rematch of a finished table (made now, or the one made before: `False`)."""
        old = await self.find(table_id)
        async with old.lock:
            seat = old.authenticate(token)
            if seat is None:
                raise ServerError(
                    "unauthorized", message("only a player of this table can ask"), 401
                )
            if old.status != "over":
                raise ServerError("not_over", message("the game is not over yet"))
            if old.record.rematch is not None:
                existing = await self.find(old.record.rematch)
                return existing.info(), False
            record = TableRecord(
                id=secrets.token_urlsafe(6),
                game=old.record.game,
                params=dict(old.record.params),
                seed=new_seed(),
                status="waiting",
                seats=[
                    SeatRecord(s.seat, s.type, s.name, s.level, s.token_hash, False, user=s.user)
                    for s in old.seats
                ],
                creator=old.record.creator,
                created_at=time.time(),
                clock=old.record.clock,
                rematch_of=old.id,
                creator_seat=old.record.creator_seat,
                rated=old.record.rated,
                public=old.record.public,
                fill_after=old.record.fill_after,
                fill_level=old.record.fill_level,
            )

            def write(session: Any) -> None:
                insert_table(session, record)
                save_status(session, old.id, "over", rematch=record.id)

            owner = await self._owns(record.id)  # before it is stored: nobody else adopts it
            await self.store.write(write)
            old.record.rematch = record.id
            table = self._table(record)
            table.owner = owner
            self.tables[record.id] = table
            old.notify_table()
        await table.start_if_full()
        return table.info(), True

    # --- memory -------------------------------------------------------------------------------

    def _changed(self, table: Table) -> None:
        """A finished table nobody watches leaves memory after a while (the store keeps it)."""
        if table.status != "over" or table.connections:
            return
        self._keep(table.id)
        loop = asyncio.get_running_loop()
        self._evictions[table.id] = loop.call_later(
            self.settings.keep_finished, self._evict, table.id
        )

    def _keep(self, table_id: str) -> None:
        handle = self._evictions.pop(table_id, None)
        if handle is not None:
            handle.cancel()

    def _evict(self, table_id: str) -> None:
        self._evictions.pop(table_id, None)
        table = self.tables.get(table_id)
        if table is not None and table.status == "over" and not table.connections:
            table.close()
            del self.tables[table_id]
            if self.cluster is not None:
                asyncio.get_running_loop().create_task(self.cluster.release(table_id))

    async def close(self) -> None:
        for handle in self._evictions.values():
            handle.cancel()
        for table in self.tables.values():
            table.close()


def game_info(cls: type[Game]) -> GameInfo:
    return GameInfo(
        name=cls.name,
        title=cls.title,
        min_players=cls.min_players,
        max_players=cls.max_players,
        default_players=cls.default_players,
        params=[
            ParamInfo(
                name=spec.name,
                type=spec.kind.__name__,  # type: ignore[arg-type]
                default=spec.default,
                help=spec.help,
                choices=list(spec.choices) if spec.choices is not None else None,
                minimum=spec.minimum,
                maximum=spec.maximum,
                accepts=spec.accepts(),
            )
            for spec in cls.param_specs()
        ],
        bot_levels=list(BOT_LEVELS),
    )


def _load(request: CreateTable) -> Game:
    params: dict[str, Any] = dict(request.params)
    if request.players is not None:
        if "players" in params and params["players"] != request.players:
            raise ServerError(
                "bad_params", message("players is given twice with different values"), 400
            )
        params["players"] = request.players
    try:
        return load_game(request.game, **params)
    except UnknownGameError:
        raise ServerError("game_not_found", unknown_game(request.game), 404) from None
    except ParameterError as error:
        raise ServerError("bad_params", engine_refusal(error), 400) from None


def _seats(request: CreateTable, game: Game) -> list[SeatRecord]:
    if request.seats is None:
        return [SeatRecord(seat, "open") for seat in range(game.num_players)]
    if len(request.seats) != game.num_players:
        raise ServerError(
            "bad_seats",
            message(
                "seats lists {listed} seats but the game has {players} players",
                listed=len(request.seats),
                players=game.num_players,
            ),
            400,
        )
    return [
        SeatRecord(seat, "bot", None, spec.level)
        if isinstance(spec, BotSeat)
        else SeatRecord(seat, "open")
        for seat, spec in enumerate(request.seats)
    ]
