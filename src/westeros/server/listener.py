"""PostgreSQL LISTEN/NOTIFY: how one server process learns of moves stored by another.

Every move is committed with ``pg_notify('westeros_moves', '<game id> <moves>')``. Each
process listens on a connection of its own and hands every notification to its hub, which
catches the game up from storage (checking hashes) and pushes it to its websockets.
"""

from __future__ import annotations

import asyncio
import logging

import psycopg
from sqlalchemy.engine import make_url

from westeros.server.hub import Hub
from westeros.server.storage import NOTIFY_CHANNEL

log = logging.getLogger("westeros.server")


def conninfo(url: str) -> str:
    """A libpq connection string from a SQLAlchemy ``postgresql+psycopg://`` URL."""
    parsed = make_url(url).set(drivername="postgresql")
    return parsed.render_as_string(hide_password=False)


async def listen(hub: Hub, url: str, ready: asyncio.Event | None = None) -> None:
    """Forward notifications to ``hub`` until cancelled; reconnects after failures."""
    delay = 0.2
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(
                conninfo(url), autocommit=True
            ) as conn:
                await conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                delay = 0.2
                if ready is not None:
                    ready.set()
                for game_id in list(hub.live.games):  # whatever was missed while disconnected
                    await hub.notified(game_id, -1)
                async for note in conn.notifies():
                    game_id, _, moves = note.payload.partition(" ")
                    try:
                        await hub.notified(game_id, int(moves))
                    except Exception:
                        log.exception("handling a notification for game %s failed", game_id)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("the PostgreSQL listener lost its connection (%s); reconnecting", exc)
            await asyncio.sleep(delay)
            delay = min(delay * 2, 5.0)
