"""Rate limits per client address (the ``limits`` library: a moving window in memory, per
process): game creation, seat claims, moves and websocket connects. A limit is written as
``limits`` parses it, e.g. ``"20/second;600/minute"`` (all must hold); ``""`` is no limit.
Over a limit: 429 with ``Retry-After`` (websockets: an error message, then close 4429).

Behind a reverse proxy the client address is the proxy's unless uvicorn trusts its
``X-Forwarded-For`` (``westeros serve --forwarded-allow-ips``)."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, fields

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from westeros.server.errors import ApiError

ROUTES = ("games", "claims", "moves", "websockets", "chat", "replays")


@dataclass(frozen=True)
class RateLimits:
    """Per client address. The defaults leave room for a person at a table (and a page
    reloaded now and then); the server's own bots do not go through HTTP."""

    games: str = "10/minute;100/hour"  # POST /api/games
    claims: str = "30/minute"  # POST /api/games/{id}/seats/{seat}/claim
    moves: str = "20/second;600/minute"  # POST /api/games/{id}/moves
    websockets: str = "60/minute"  # websocket connects
    chat: str = "5/10second;60/hour"  # POST /api/games/{id}/chat, per seat (not per address)
    # GET /api/games/{id}/replay: each request may replay a record from its start (a running
    # game's grows with every move), so a client may not ask for it without end
    replays: str = "5/second;200/minute"

    @classmethod
    def unlimited(cls) -> RateLimits:
        return cls(games="", claims="", moves="", websockets="", chat="", replays="")

    def check(self) -> None:
        """ValueError naming a limit that does not parse."""
        for f in fields(self):
            parse(getattr(self, f.name))


class TooManyRequests(ApiError):
    def __init__(self, route: str, retry_after: int) -> None:
        super().__init__(429, f"too many requests ({route}); try again in {retry_after} s")
        self.route = route
        self.retry_after = retry_after


def parse(spec: str) -> list[RateLimitItem]:
    """The limits of ``spec`` (ValueError naming it when it does not parse)."""
    if not spec.strip():
        return []
    try:
        return list(parse_many(spec))
    except ValueError:
        raise ValueError(
            f"rate limit {spec!r}: write it as N/second, N/minute, N/hour or N/day "
            "(several separated by ';')"
        ) from None


class RateLimiter:
    """Counts hits per (route, client); ``check`` raises ``TooManyRequests`` over a limit."""

    def __init__(self, settings: RateLimits) -> None:
        self.storage = MemoryStorage()
        self.window = MovingWindowRateLimiter(self.storage)
        self.items = {f.name: parse(getattr(settings, f.name)) for f in fields(settings)}

    def check(self, route: str, client: str) -> None:
        """Count one request of ``client`` on ``route``, or refuse it (counting nothing)."""
        items = self.items[route]
        for item in items:
            if not self.window.test(item, route, client):
                stats = self.window.get_window_stats(item, route, client)
                wait = max(1, math.ceil(stats.reset_time - time.time()))
                raise TooManyRequests(route, wait)
        for item in items:
            self.window.hit(item, route, client)
