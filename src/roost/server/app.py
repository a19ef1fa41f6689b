"""The FastAPI app: it assembles the server's concerns and knows none of them.

`create_app(settings)` builds the app: its lifespan opens the store (migrating it), starts the
bot workers, the lobby and the chat (and, on PostgreSQL, the cluster of server processes) and
rebuilds every unfinished table; the ratings' update is handed to the lobby as the result hook
of rated tables (so the tables never import the ratings); then one router per concern serves
the requests:

* `roost.server.tables.routes`: games and tables (REST);
* `roost.server.socket`: the play WebSocket;
* `roost.server.replays`: finished games, move by move;
* `roost.server.chat.routes`: a table's chat (its frames travel on the play WebSocket);
* `roost.server.accounts.routes`: sign-up, sign-in, sessions (and, before every route, the
  session cookie and its CSRF check: `roost.server.accounts.middleware`);
* `roost.server.profiles.routes`: profiles, a player's games, leaderboards;
* `roost.server.coach.routes`: reviews of a seat's decisions (hints travel on the WebSocket);
* `roost.server.coach.tutorials`: the learn-to-play tutorials' tables;
* `roost.server.operations`: health;
* `roost.server.pages`: the web client.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from roost.server import metrics, operations, pages, replays, socket
from roost.server.accounts import routes as account_routes
from roost.server.accounts.middleware import SessionMiddleware
from roost.server.accounts.service import Accounts
from roost.server.chat import routes as chat_routes
from roost.server.chat.service import ChatService
from roost.server.coach import routes as coach_routes
from roost.server.coach import tutorials as tutorial_routes
from roost.server.coach.service import Coach
from roost.server.collector import collect_every, collect_young, freeze_start_up
from roost.server.config import Settings
from roost.server.db import Store
from roost.server.headers import SecurityHeaders
from roost.server.limits import BodyLimit
from roost.server.profiles import routes as profile_routes
from roost.server.protocol import PROTOCOL_VERSION
from roost.server.ratings.service import rate_result
from roost.server.routing import install_error_handlers
from roost.server.stalls import from_env as stall_probe_from_env
from roost.server.tables import routes as table_routes
from roost.server.tables.bots import BotRunner
from roost.server.tables.cluster import Cluster
from roost.server.tables.lobby import Lobby

log = logging.getLogger("roost.server")


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server app; `settings` default to those of `roost serve`."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(
            Store,
            settings.resolved_url(),
            durability=settings.durability,
            commit_gap=settings.commit_gap,
        )
        bots = BotRunner(settings.bot_workers)
        cluster: Cluster | None = None
        if settings.cluster and store.dialect == "postgresql":
            cluster = Cluster(store, settings.adopt_every)
            await cluster.open()
        lobby = Lobby(store, bots, settings, cluster, on_result=rate_result)
        app.state.lobby = lobby
        app.state.store = store
        app.state.accounts = Accounts(store, settings.accounts, lobby.refresh_tables)
        coach = Coach(store, bots, settings.coach)
        app.state.coach = coach
        chat = ChatService(store, settings.chat, lobby.tables)
        app.state.chat = chat
        if cluster is not None:
            cluster.on_chat = chat.news
            await cluster.start(lobby)
        if settings.gc_every > 0:  # roost serve: the process's collections are scheduled
            frozen = freeze_start_up()
            log.info("start-up objects frozen out of the collector's scans: %d", frozen)
        restored = await lobby.restore_all()
        if cluster is not None:
            cluster.adopting()
        log.info("roost server ready: %d unfinished tables rebuilt", restored)
        stall_probe = stall_probe_from_env()  # ROOST_STALL_LOG: scripts/load_server.py
        if stall_probe is not None:
            stall_probe.start()
        collecting = (
            asyncio.create_task(collect_every(settings.gc_every)) if settings.gc_every > 0 else None
        )
        young = asyncio.create_task(collect_young()) if settings.gc_every > 0 else None
        try:
            yield
        finally:
            if collecting is not None:
                collecting.cancel()
            if young is not None:
                young.cancel()
            if stall_probe is not None:
                await stall_probe.stop()
            if cluster is not None:
                await cluster.close()
            await chat.close()
            await coach.close()
            await lobby.close()
            bots.close()
            await store.close()

    app = FastAPI(
        title="Roost",
        version=str(PROTOCOL_VERSION),
        summary="Online tables for four egg card games (protocol: docs/protocol.md)",
        lifespan=lifespan,
    )
    install_error_handlers(app)
    for router in (
        table_routes.router,
        socket.router,
        replays.router,
        chat_routes.router,
        account_routes.router,
        profile_routes.router,
        coach_routes.router,
        tutorial_routes.router,
        operations.router,
        metrics.router,
        pages.router,
    ):
        app.include_router(router)
    pages.mount_static(app)
    app.add_middleware(SessionMiddleware)
    app.add_middleware(BodyLimit, limit=settings.max_body)
    app.add_middleware(SecurityHeaders)  # outermost: refusals get the headers too
    return app
