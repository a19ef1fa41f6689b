"""Online tables: the game server behind `roost serve`.

The modules, from the bottom up:

* `protocol` - the exact JSON of every REST body and WebSocket frame (pydantic models);
* `store` - SQLAlchemy models and the repository (a move is committed before it is acknowledged);
* `migrations` - the Alembic schema history, applied at start;
* `bots` - bots think in a process pool (or threads), never on the event loop;
* `clock` - the per-move clock and the disconnection grace, which hand a seat to a stand-in;
* `table` - one table: authenticate, check the version, apply, store, fan out per-seat views;
* `lobby` - the live tables of this process: create, join, start, rematch, rebuild on start;
* `cluster` - several processes on one PostgreSQL: table owners (advisory locks), NOTIFY fan-out;
* `limits` - message size, moves per second, tables per client;
* `app` - the FastAPI app: REST lobby and one WebSocket per client.

The wire protocol is documented in ``docs/protocol.md``.
"""
