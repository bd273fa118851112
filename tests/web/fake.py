"""A game screen fed with chosen positions: the page's websocket is answered by the test with
state messages made from an engine position (a builder scenario), shaped as the server makes
them (westeros.server.fanout.message). The page's own files come from a real server."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, Page, Route, WebSocketRoute

from tests.server.support import Server
from westeros.boardgame.state import BoardGame
from westeros.engine import IllegalAction


def players(g: BoardGame, names: dict[int, str] | None = None) -> list[dict[str, Any]]:
    return [
        {
            "seat": s,
            "type": "human",
            "bot": None,
            "name": (names or {}).get(s, f"Player {s + 1}"),
            "claimed": True,
            "access": "invite",
            "away": False,
        }
        for s in range(len(g.seat_houses))
    ]


def state_message(
    g: BoardGame,
    seat: int | None,
    *,
    move: int = 7,
    extra_events: list[dict[str, Any]] | None = None,
    names: dict[int, str] | None = None,
    status: str = "playing",
    outcome: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """What the server would send ``seat`` in this position (events rendered as it renders
    them), with ``extra_events`` appended as the log's newest entries."""
    pending = g.pending()
    events = [{**e.to_json(), "text": g.render(e)} for e in g.events(seat, 0)]
    events += extra_events or []
    return {
        "game": "fake",
        "seat": seat,
        "move": move,
        "status": status,
        "players": players(g, names),
        "clocks": None,
        "notices": [],
        "error": None,
        "view": g.view(seat),
        "decisions": [d.to_json() for d in pending if seat is not None and d.seat == seat],
        "events": events,
        "next": len(events),
        "outcome": outcome,
        "waiting": sorted({d.seat for d in pending if not d.idle}),  # as fanout.message
    }


def open_position(
    browser: Browser,
    server: Server,
    message: dict[str, Any],
    viewport: dict[str, int] | None = None,
) -> Page:
    """A page showing ``message`` for its seat (a made-up game id; the seat's token is any)."""

    def answer(ws: WebSocketRoute) -> None:
        ws.send(json.dumps(message))

    return _fake_page(browser, server, message["seat"], answer, viewport)


class LivePosition:
    """A page playing ``seat`` of an engine position: the page's moves (POSTs) are applied to
    the engine ``g`` and answered as the server answers them, and the test's moves for the
    other seats (:meth:`others`) reach the page through its websocket."""

    def __init__(self, browser: Browser, server: Server, g: BoardGame, seat: int) -> None:
        self.g, self.seat, self.move = g, seat, 7
        self.socket: WebSocketRoute | None = None

        def answer(ws: WebSocketRoute) -> None:
            self.socket = ws
            ws.send(json.dumps(self.message()))

        def moves(route: Route) -> None:
            choice = json.loads(route.request.post_data or "{}")["choice"]
            decision = next(d for d in g.pending() if d.seat == seat)
            try:
                g.apply(seat, choice)
            except IllegalAction:
                route.fulfill(status=400, json={"detail": g.refusal(decision, choice)})
                return
            self.move += 1
            route.fulfill(status=200, json=self.message())

        self.page = _fake_page(browser, server, seat, answer, None, moves)

    def message(self) -> dict[str, Any]:
        return state_message(self.g, self.seat, move=self.move)

    def others(self, seat: int, *choices: Any) -> None:
        """Another seat moves: the page gets the new state through its websocket."""
        assert self.socket is not None
        for choice in choices:
            self.g.apply(seat, choice)
            self.move += 1
            self.socket.send(json.dumps(self.message()))


def _fake_page(
    browser: Browser,
    server: Server,
    seat: int | None,
    answer: Callable[[WebSocketRoute], None],
    viewport: dict[str, int] | None,
    moves: Callable[[Route], None] | None = None,
) -> Page:
    context = browser.new_context(viewport=viewport or {"width": 1440, "height": 900})  # type: ignore[arg-type]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]
    page.route_web_socket("**/api/games/fake/ws*", answer)
    if moves is not None:
        page.route("**/api/games/fake/moves*", moves)
    # the server does not know the game "fake" (it would answer with the lobby): the board's page
    page.route(
        "**/play/fake*",
        lambda route: route.fulfill(response=route.fetch(url=server.url + "/static/index.html")),
    )
    link = "/play/fake" + (f"?seat={seat}#token=t" if seat is not None else "")
    page.goto(server.url + link)
    page.wait_for_selector(".map svg [data-area]", timeout=10_000)
    page.wait_for_function("window.__westeros !== undefined", timeout=10_000)
    return page
