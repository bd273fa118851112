"""What ``GET /metrics`` shows (Prometheus text format, ``prometheus-client``): games in play,
moves applied, move latency, websockets open, bot decision time, requests refused by rate
limits. Each app has its own registry (tests create many apps in one process); the hub, the
bots and the routes report through the small ``Metrics`` object."""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
THINK_BUCKETS = (0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self._games = Gauge(
            "westeros_games_live",
            "Games in play held in this process's memory",
            registry=self.registry,
        )
        self._moves = Counter(
            "westeros_moves_applied",
            "Moves (people's and bots') applied and committed by this process",
            registry=self.registry,
        )
        self._latency = Histogram(
            "westeros_move_latency_seconds",
            "A POSTed move, from its handler's start to committed and broadcast",
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self._sockets = Gauge(
            "westeros_websockets_open", "Websockets open on this process", registry=self.registry
        )
        self._thinking = Histogram(
            "westeros_bot_decision_seconds",
            "Time a bot thinks over one decision",
            buckets=THINK_BUCKETS,
            registry=self.registry,
        )
        self._throttled = Counter(
            "westeros_rate_limited",
            "Requests refused by a rate limit (429), by route",
            ["route"],
            registry=self.registry,
        )

    def count_games(self, games_live: Callable[[], float]) -> None:
        """``games_live()`` is read at each scrape."""
        self._games.set_function(games_live)

    def move_applied(self) -> None:
        self._moves.inc()

    def move_latency(self, seconds: float) -> None:
        self._latency.observe(seconds)

    def bot_decision(self, seconds: float) -> None:
        self._thinking.observe(seconds)

    def ws_opened(self) -> None:
        self._sockets.inc()

    def ws_closed(self) -> None:
        self._sockets.dec()

    def throttled(self, route: str) -> None:
        self._throttled.labels(route).inc()

    def render(self) -> tuple[bytes, str]:
        """The exposition text and its content type."""
        return generate_latest(self.registry), CONTENT_TYPE_LATEST
