"""The play WebSocket's compressor (`roost.server.transport.QuickDeflate`): zlib-ng's fastest
level behind websockets' own negotiation. What it sends is per-message deflate that a standard
client reads back exactly: with the compressor's context kept across messages or not (the
client's choice), in fragmented messages, and control frames untouched."""

from __future__ import annotations

import json
import zlib

import pytest
from websockets.extensions.permessage_deflate import (
    ClientPerMessageDeflateFactory,
    PerMessageDeflate,
)
from websockets.frames import CONT, PING, TEXT, Frame

from roost.server.transport import (
    CLIENT_WINDOW_BITS,
    COMPRESS_SETTINGS,
    SERVER_WINDOW_BITS,
    QuickDeflate,
    QuickDeflateFactory,
)

VIEWS = [
    json.dumps(
        {
            "type": "view",
            "version": n,
            "table": {"id": "t1", "game": "eggo", "seats": [{"seat": s} for s in range(4)]},
            "observation": {"hand": [n, n + 1, 7], "top": n % 9},
            "log": [],
        }
    ).encode()
    for n in range(60)
]


def _negotiate(
    client: ClientPerMessageDeflateFactory,
) -> tuple[PerMessageDeflate, PerMessageDeflate]:
    """The server's extension and the client's, as a handshake between them agrees them."""
    server = QuickDeflateFactory(
        server_max_window_bits=SERVER_WINDOW_BITS,
        client_max_window_bits=CLIENT_WINDOW_BITS,
        compress_settings=dict(COMPRESS_SETTINGS),
    )
    answer, extension = server.process_request_params(client.get_request_params(), [])
    return extension, client.process_response_params(answer, [])


@pytest.mark.parametrize("no_context_takeover", [False, True])
def test_what_it_sends_a_standard_client_reads_back(no_context_takeover: bool) -> None:
    server, client = _negotiate(
        ClientPerMessageDeflateFactory(
            client_max_window_bits=True, server_no_context_takeover=no_context_takeover
        )
    )
    assert isinstance(server, QuickDeflate)
    assert server.local_no_context_takeover is no_context_takeover
    sizes = []
    for view in VIEWS:
        sent = server.encode(Frame(TEXT, view))
        assert sent.rsv1 and sent.fin and sent.opcode is TEXT
        assert client.decode(sent).data == view
        sizes.append(len(sent.data))
    if not no_context_takeover:  # a view that repeats the one before costs a few bytes
        assert max(sizes[5:]) < len(VIEWS[0]) // 4
    if no_context_takeover:  # each message alone: a fresh inflater reads it
        alone = bytes(server.encode(Frame(TEXT, VIEWS[0])).data)
        assert (
            zlib.decompressobj(-SERVER_WINDOW_BITS).decompress(alone + b"\x00\x00\xff\xff")
            == VIEWS[0]
        )


def test_a_fragmented_message_and_control_frames() -> None:
    server, client = _negotiate(ClientPerMessageDeflateFactory(client_max_window_bits=True))
    ping = Frame(PING, b"keepalive")
    assert server.encode(ping) is ping
    first = server.encode(Frame(TEXT, VIEWS[1][:40], fin=False))
    rest = server.encode(Frame(CONT, VIEWS[1][40:]))
    assert first.rsv1 and not first.fin and not rest.rsv1 and rest.fin
    assert bytes(client.decode(first).data) + bytes(client.decode(rest).data) == VIEWS[1]
    after = server.encode(Frame(TEXT, VIEWS[2]))
    assert client.decode(after).data == VIEWS[2]
