"""A game screen fed with chosen positions: the page's websocket is answered by the test with
state messages made from an engine position (a builder scenario), shaped as the server makes
them (westeros.server.fanout.message). The page's own files come from a real server."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser, Page, WebSocketRoute

from tests.server.support import Server
from westeros.boardgame.state import BoardGame


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
        "waiting": sorted({d.seat for d in pending}),
    }


def open_position(
    browser: Browser,
    server: Server,
    message: dict[str, Any],
    viewport: dict[str, int] | None = None,
) -> Page:
    """A page showing ``message`` for its seat (a made-up game id; the seat's token is any)."""
    context = browser.new_context(viewport=viewport or {"width": 1440, "height": 900})  # type: ignore[arg-type]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors  # type: ignore[attr-defined]

    def answer(ws: WebSocketRoute) -> None:
        ws.send(json.dumps(message))

    page.route_web_socket("**/api/games/fake/ws*", answer)
    # the server does not know the game "fake" (it would answer with the lobby): the board's page
    page.route(
        "**/play/fake*",
        lambda route: route.fulfill(response=route.fetch(url=server.url + "/static/index.html")),
    )
    seat = message["seat"]
    link = "/play/fake" + (f"?seat={seat}#token=t" if seat is not None else "")
    page.goto(server.url + link)
    page.wait_for_selector(".map svg [data-area]", timeout=10_000)
    page.wait_for_function("window.__westeros !== undefined", timeout=10_000)
    return page
