"""`roost serve --no-ws-deflate` turns per-message deflate off on the play WebSocket: a client
that offers it gets its frames whole. By default it is on (about a ninth of the bytes of a
view frame, docs/measured/server-speed.md)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from serverkit import start_server, wait_ready


async def _negotiated(base: str) -> tuple[str | None, dict[str, Any]]:
    """The extensions a deflate-offering client got, and the first view it was sent."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        created = await http.post(
            "/api/tables",
            json={"game": "eggo", "players": 2, "seats": [{"type": "open"}, {"type": "bot"}]},
        )
        created.raise_for_status()
        body = created.json()
    url = base.replace("http://", "ws://") + f"/api/tables/{body['table']['id']}/ws"
    async with websockets.connect(url, compression="deflate") as ws:
        await ws.send(json.dumps({"type": "hello", "token": body["token"]}))
        while True:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if frame["type"] == "view":
                assert ws.response is not None
                return ws.response.headers.get("Sec-WebSocket-Extensions"), frame


@pytest.mark.parametrize(("flag", "deflated"), [([], True), (["--no-ws-deflate"], False)])
def test_the_option_says_whether_frames_are_deflated(
    tmp_path: Path, flag: list[str], deflated: bool
) -> None:
    server = start_server(f"sqlite:///{tmp_path / 'roost.db'}", tmp_path / "log", extra=flag)
    try:
        asyncio.run(wait_ready(server))
        extensions, view = asyncio.run(_negotiated(server.base))
    finally:
        server.stop()
    assert ("permessage-deflate" in (extensions or "")) is deflated
    assert view["table"]["game"] == "eggo"  # the same frames either way
    assert not server.errors()
