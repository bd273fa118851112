"""The westeros game server: FastAPI + websockets on uvicorn, SQLAlchemy storage (SQLite or
PostgreSQL), bots on the server. It hosts any registered game kind through the engine
contract only. See docs/server.md."""

from __future__ import annotations

import logging

from westeros.server.app import DEFAULT_DB, Settings, create_app
from westeros.server.bots import MAX_BOT_MOVES
from westeros.server.dblock import DatabaseInUse
from westeros.server.logs import RedactTokens
from westeros.server.ratelimit import RateLimits

log = logging.getLogger("westeros.server")


def public_url_of(host: str, port: int) -> str:
    """The join links' base when no public URL is configured: where ``serve`` listens (an
    all-interfaces address says nothing to a browser: then localhost, with a warning)."""
    if host in ("", "0.0.0.0", "::"):
        log.warning(
            "listening on all interfaces: join links use localhost; set --public-url to the "
            "address people use"
        )
        host = "localhost"
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = DEFAULT_DB,
    bot_delay: float = 0.5,
    log_level: str = "info",
    log_format: str = "text",
    public_url: str | None = None,
    cors_origins: tuple[str, ...] = (),
    limits: RateLimits | None = None,
    forwarded_allow_ips: str | None = None,
    max_think: float = 3.0,
    idle_seconds: float = 300.0,
    max_bot_moves: int = MAX_BOT_MOVES,
) -> None:
    """Run the server until interrupted; ``DatabaseInUse`` when another process serves the
    SQLite file, ValueError for a bad setting."""
    import sys

    import uvicorn

    from westeros.server import dblock
    from westeros.server.logs import configure_logging

    # Storage and bots run on threads: hand the GIL back to them quickly after their I/O,
    # or every database round trip waits out the event loop's 5 ms time slices.
    sys.setswitchinterval(0.0005)

    limits = limits if limits is not None else RateLimits()
    limits.check()
    configure_logging(log_level, log_format)
    settings = Settings(
        db=db,
        bot_delay=bot_delay,
        public_url=public_url or public_url_of(host, port),
        cors_origins=cors_origins,
        limits=limits,
        max_think=max_think,
        idle_seconds=idle_seconds,
        max_bot_moves=max_bot_moves,
        freeze_gc=True,
    )
    app = create_app(settings)
    lock = dblock.acquire(db)
    from westeros.server.websocket import WebSocketProtocol

    try:
        shown = f"[{host}]" if ":" in host else host
        print(f"westeros: play in a browser at http://{shown}:{port}/  (Ctrl-C stops)", flush=True)
        uvicorn.run(
            app,
            host=host,
            port=port,
            log_level=log_level.lower(),
            log_config=None,  # configure_logging did it
            ws_max_size=64 * 1024,
            forwarded_allow_ips=forwarded_allow_ips,
            ws=WebSocketProtocol,  # cheaper permessage-deflate (server/websocket.py)
        )
    finally:
        dblock.release(lock)


__all__ = [
    "DEFAULT_DB",
    "DatabaseInUse",
    "RateLimits",
    "RedactTokens",
    "Settings",
    "create_app",
    "public_url_of",
    "serve",
]
