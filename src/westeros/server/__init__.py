"""The westeros game server: FastAPI + websockets on uvicorn, SQLAlchemy storage (SQLite or
PostgreSQL), bots on the server. It hosts any registered game kind through the engine
contract only. See docs/server.md."""

from __future__ import annotations

import logging
import re

from westeros.server.app import DEFAULT_DB, Settings, create_app

_TOKEN = re.compile(r"(token=)[^&\s\"']+")


class RedactTokens(logging.Filter):
    """Seat tokens travel in websocket URLs (browsers cannot set headers there): keep them out
    of the logs."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                _TOKEN.sub(r"\1***", a) if isinstance(a, str) else a for a in record.args
            )
        record.msg = _TOKEN.sub(r"\1***", str(record.msg))
        return True


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = DEFAULT_DB,
    bot_delay: float = 0.5,
    log_level: str = "info",
) -> None:
    """Run the server until interrupted."""
    import sys

    import uvicorn

    # Storage and bots run on threads: hand the GIL back to them quickly after their I/O,
    # or every database round trip waits out the event loop's 5 ms time slices.
    sys.setswitchinterval(0.0005)

    for name in ("uvicorn.access", "uvicorn.error"):
        logging.getLogger(name).addFilter(RedactTokens())
    app = create_app(Settings(db=db, bot_delay=bot_delay))
    shown = f"[{host}]" if ":" in host else host
    print(f"westeros: play in a browser at http://{shown}:{port}/  (Ctrl-C stops)", flush=True)
    from westeros.server.websocket import WebSocketProtocol

    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=64 * 1024,
        ws=WebSocketProtocol,  # cheaper permessage-deflate (server/websocket.py)
    )


__all__ = ["DEFAULT_DB", "RedactTokens", "Settings", "create_app", "serve"]
