"""The play WebSocket's transport under `roost serve`: uvicorn's sans-I/O WebSocket protocol,
which also lets the server write frames to the socket itself (`FrameWriter`).

Through ASGI, every frame a table sends is a coroutine's round: the connection's sending task
wakes, Starlette checks the socket's state, uvicorn frames the text and writes it, one system
call a frame (an ``ack`` and the view after it are two). A connection whose protocol is a
`PlaySocketProtocol` is given the protocol in its scope (``roost.frames`` among the
extensions): `roost.server.socket.SocketConnection` then frames every text queued in one turn
of the event loop and writes them in one call, without a task. Everything else (the
handshake, reading, closing, the keepalive pings) is uvicorn's, through ASGI as before.

Per-message deflate keeps uvicorn's settings but for the compressor's window: 8 KiB instead of
4 KiB (`SERVER_WINDOW_BITS`). A view repeats most of the view before it, and a view is 1-3
KiB: with the larger window the compressor finds the repeats further back, for fewer bytes and
less CPU a frame (docs/measured/server-speed.md), at 8 KiB more memory a connection.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any, Final

from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.http11 import Request
from websockets.protocol import State
from websockets.server import ServerProtocol

EXTENSION: Final = "roost.frames"
"""The scope's extension that carries a connection's `FrameWriter`."""
SERVER_WINDOW_BITS: Final = 13
"""The compressor's window (2**13 bytes); uvicorn's is 12, and so is the decompressor's here."""
CLIENT_WINDOW_BITS: Final = 12
COMPRESS_SETTINGS: Final = {"memLevel": 5}
"""uvicorn's: a smaller hash table than zlib's default, for memory (zlib's default level, 6)."""


class FrameWriter:
    """What a connection's frames are written with, outside ASGI (see the module docstring)."""

    def __init__(self, protocol: PlaySocketProtocol) -> None:
        self._protocol = protocol

    @property
    def open(self) -> bool:
        """Whether frames may still be written: the handshake is done, nobody closed."""
        protocol = self._protocol
        return (
            protocol.handshake_complete
            and not protocol.close_sent
            and not protocol.disconnected
            and protocol.initial_response is None
            and protocol.conn.state is State.OPEN
            and not protocol.transport.is_closing()
        )

    @property
    def writable(self) -> bool:
        """Whether the socket's buffer takes more now (below its high-water mark)."""
        return self._protocol.writable.is_set()

    async def wait_writable(self) -> None:
        """Until the socket's buffer has drained (or the connection is lost)."""
        await self._protocol.writable.wait()

    def write(self, texts: Sequence[str]) -> None:
        """Frame `texts` (text frames, deflated if the client agreed) and write them at once;
        the caller checks `open` first (a client's close frame makes it false: framing after
        it would raise)."""
        conn = self._protocol.conn
        for text in texts:
            conn.send_text(text.encode())
        self._protocol.transport.write(b"".join(conn.data_to_send()))


class PlaySocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol with a `FrameWriter` in each scope and the deflate
    settings above (`roost serve` gives it to uvicorn as its ``ws`` protocol)."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        if config.ws_per_message_deflate:
            deflate = ServerPerMessageDeflateFactory(
                server_max_window_bits=SERVER_WINDOW_BITS,
                client_max_window_bits=CLIENT_WINDOW_BITS,
                compress_settings=dict(COMPRESS_SETTINGS),
            )
            self.conn = ServerProtocol(
                extensions=[deflate], max_size=config.ws_max_size, logger=self.logger
            )

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None and self.response.status_code == 101:
            scope["extensions"][EXTENSION] = {"writer": FrameWriter(self)}


def frame_writer(scope: dict[str, Any] | Any) -> FrameWriter | None:
    """The connection's `FrameWriter`, when its server is `roost serve` (else None: frames go
    through ASGI)."""
    extensions = scope.get("extensions") or {}
    found = extensions.get(EXTENSION)
    writer = found.get("writer") if isinstance(found, dict) else None
    return writer if isinstance(writer, FrameWriter) else None
