"""A real `roost serve` app on a free loopback port, in a thread of the test process.

Used by the browser tests (and by hand: ``python -m tests.e2e.live_server`` serves on port
8765 with a throwaway database, bots without a pause and a short grace period, for trying the
web client).
"""

from __future__ import annotations

import socket
import sys
import tempfile
import threading
import time
from pathlib import Path
from types import TracebackType

import httpx
import uvicorn

from roost.server.app import create_app
from roost.server.config import Settings, sqlite_url
from roost.server.transport import PlaySocketProtocol


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class LiveServer:
    """uvicorn serving `create_app(settings)` in a daemon thread until `stop`."""

    def __init__(self, data_dir: Path, *, port: int = 0, **overrides: float | int | str) -> None:
        self.port = port or free_port()
        fields: dict[str, float | int | str] = {
            "database_url": sqlite_url(data_dir / "roost.db"),
            "bot_pause": 0.0,
            "reaction_pause": 0.05,
            "bot_workers": 0,
            "grace": 2.0,
            # a browser under load may take seconds from "Sit here" to its WebSocket: the tests
            # that watch a seat nobody came to are the server's (tests/server/test_claims.py)
            "arrival_grace": 60.0,
        }
        fields.update(overrides)
        self.settings = Settings(**fields)  # type: ignore[arg-type]
        self.app = create_app(self.settings)
        config = uvicorn.Config(  # the play socket as `roost serve` runs it
            self.app,
            host="127.0.0.1",
            port=self.port,
            ws=PlaySocketProtocol,
            ws_max_size=65536,
            log_level="warning",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name="roost-live", daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            time.sleep(0.05)
        raise RuntimeError("the test server did not start")

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)

    def __enter__(self) -> LiveServer:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()


def main() -> None:
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8765
    pause = float(sys.argv[2]) if len(sys.argv) > 2 else 0.6
    with tempfile.TemporaryDirectory() as folder:
        server = LiveServer(Path(folder), port=port, bot_pause=pause, grace=5.0)
        with server:
            print(f"serving {server.url}", flush=True)
            try:
                while server.thread.is_alive():
                    time.sleep(0.5)
            except KeyboardInterrupt:
                pass


if __name__ == "__main__":
    main()
