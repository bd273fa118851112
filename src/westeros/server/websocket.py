"""The websocket protocol the server runs under uvicorn: uvicorn's own (``websockets``, sans-I/O)
with a cheaper permessage-deflate.

Every move sends each seat a whole state message (5-10 KB of JSON) that differs little from the
seat's previous one. uvicorn compresses with a 4 KiB window at zlib's default level: the
previous message is out of the window, so each one is compressed from scratch (~160-340 µs of
CPU per message, 1.3-1.8 KB on the wire). With the full 32 KiB window at level 1 the previous
message is in the window and the new one is mostly long matches: ~20-40 µs per message and
0.4-0.6 KB on the wire, for ~144 KiB of zlib state per open websocket instead of ~32 KiB.
Clients need nothing new: it is the same permessage-deflate (RFC 7692), negotiated as before.
"""

from __future__ import annotations

import logging
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

DEFLATE_LEVEL = 1
DEFLATE_MEM_LEVEL = 5


def deflate() -> ServerPerMessageDeflateFactory:
    """The server's permessage-deflate offer: its own window the default 32 KiB (not capped),
    the client's capped as uvicorn does (clients send next to nothing)."""
    return ServerPerMessageDeflateFactory(
        client_max_window_bits=12,
        compress_settings={"level": DEFLATE_LEVEL, "memLevel": DEFLATE_MEM_LEVEL},
    )


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O websockets protocol with :func:`deflate`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            self.conn = ServerProtocol(
                extensions=[deflate()],
                max_size=self.config.ws_max_size,
                logger=logging.getLogger("uvicorn.error"),
            )
