"""The westeros game server: FastAPI + websockets on uvicorn, SQLAlchemy storage (SQLite or
PostgreSQL), bots on the server. It hosts any registered game kind through the engine
contract only. See docs/server.md."""

from __future__ import annotations

from westeros.server.app import DEFAULT_DB, Settings, create_app


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

    app = create_app(Settings(db=db, bot_delay=bot_delay))
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=64 * 1024)


__all__ = ["DEFAULT_DB", "Settings", "create_app", "serve"]
