"""State messages and their fan-out to websockets.

A state message is what one seat (or a spectator) may know of a game (docs/server.md). After
every change each connection gets one, serialised once per (seat, since) however many
connections share it. A connection whose token stops being its seat's is closed at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

import orjson

from westeros.server.live import Connection, Encoded, LiveGame, MessageKey

log = logging.getLogger("westeros.server")


def players(live: LiveGame) -> list[dict[str, Any]]:
    return [
        {
            "seat": s.seat,
            "type": s.type,
            "bot": s.bot,
            "name": s.name,
            "claimed": s.claimed,
            "access": s.access if s.type == "human" else None,
            "away": s.away,
        }
        for s in live.seats
    ]


def spectators(live: LiveGame) -> int:
    """How many of this process's websockets of the game watch without a seat (a spectator
    gives no name, so only the count is known)."""
    return sum(1 for c in live.conns if c.seat is None)


def message(live: LiveGame, seat: int | None, since: int) -> dict[str, Any]:
    """The state message of ``seat`` (None: spectator) with the events from ``since``."""
    common = {
        "game": live.id,
        "seat": seat,
        "move": live.move,
        "status": live.status,
        "players": players(live),
        "clocks": live.clocks.to_json() if live.clocks is not None else None,
        "notices": [n.to_json() for n in live.notices],
        "chat": live.chat_latest,
        "spectators": spectators(live),
        "error": live.error,
    }
    game = live.game
    if game is None:
        return {
            **common,
            "view": None,
            "decisions": [],
            "events": [],
            "next": since,
            "outcome": None,
            "waiting": [],
        }
    pending = game.pending()  # first: it may run the rules on to the next decision
    events = game.events(seat, since)
    if not events and since > 0:
        since = min(since, live.log_size())
    outcome = game.outcome()
    playing = live.status == "playing"
    return {
        **common,
        "view": game.view(seat),
        "decisions": [
            d.to_json() for d in pending if playing and seat is not None and d.seat == seat
        ],
        "events": [{**e.to_json(), "text": game.render(e)} for e in events],
        "next": since + len(events),
        "outcome": outcome.to_json() if outcome is not None else None,
        "waiting": sorted({d.seat for d in pending if not d.idle}) if playing else [],
    }


def encode(message: dict[str, Any]) -> str:
    """A message's JSON text. orjson is about 15 times faster than ``json`` on a state message
    (the JSON of every seat's message was the largest part of a move's cost); the same JSON
    values (non-ASCII text as UTF-8, not escaped). ``json`` for what orjson refuses (an
    integer over 64 bits)."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(message, separators=(",", ":"))


class Fanout:
    """The websockets of the live games: attach, broadcast, close."""

    def __init__(self) -> None:
        self.open = 0  # websockets open on this process

    def attach(self, live: LiveGame, conn: Connection) -> None:
        """Join a new connection to the game and send it the current state (its count of
        spectators counts the new connection)."""
        live.conns.add(conn)
        self.open += 1
        self.push(live, conn, {})

    def detach(self, live: LiveGame, conn: Connection) -> None:
        if conn in live.conns:
            live.conns.discard(conn)
            self.open -= 1
        conn.closed = True

    def close(self, live: LiveGame, conn: Connection) -> None:
        """Detach and tell the sender task to close the socket."""
        self.detach(live, conn)
        while not conn.queue.empty():
            conn.queue.get_nowait()
        with contextlib.suppress(asyncio.QueueFull):
            conn.queue.put_nowait(None)

    def close_all(self, live: LiveGame) -> None:
        for conn in list(live.conns):
            self.close(live, conn)

    def close_revoked(self, live: LiveGame) -> None:
        """Close the connections whose token is no longer their seat's (released, given to
        someone else, rotated, revoked)."""
        current = {s: h for s, h in live.token_hashes or []}
        for conn in list(live.conns):
            if conn.seat is not None and current.get(conn.seat) != conn.token_hash:
                log.info(
                    "closing a websocket of game %s seat %d: token revoked", live.id, conn.seat
                )
                self.close(live, conn)

    def broadcast(self, live: LiveGame, skip: Connection | None = None) -> None:
        """One state message per connection (but ``skip``), each serialised once per
        (seat, since)."""
        live.recent = {}
        for conn in list(live.conns):
            if conn is not skip:
                self.push(live, conn, live.recent)

    def push(self, live: LiveGame, conn: Connection, cache: dict[MessageKey, Encoded]) -> None:
        key = (conn.seat, conn.next)
        encoded = cache.get(key)
        if encoded is None:
            state = message(live, conn.seat, conn.next)
            encoded = cache[key] = (encode(state), state["next"])
        conn.next = encoded[1]
        try:
            conn.queue.put_nowait(encoded[0])
        except asyncio.QueueFull:
            # A client that does not read: close it (it may reconnect with ?since=N).
            log.warning("closing a websocket of game %s that does not read", live.id)
            self.close(live, conn)
