"""The browser client: the lobby at ``/``, each game's table at ``/play/{id}``, the static files
at ``/static`` (vendored Preact + htm, no build step, nothing from a CDN) and each kind's static
data at ``/static/{kind}.json``.

Tables are registered by game kind (:data:`PAGES`, one :class:`~westeros.web.pages.Page` per
kind); the server hands :func:`mount` a way to look a game's kind up, so it serves the right
page without knowing any game. A kind without a table gets a plain page linking its API.
The page talks to the server only through the documented API (docs/server.md): the lobby,
the state messages over the websocket, moves by POST.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from westeros.engine import game_info
from westeros.web import boardgame_page, cardgame_page
from westeros.web.pages import Page, not_available

STATIC = boardgame_page.STATIC
LOBBY = STATIC / "lobby.html"  # the lobby (lobby.js): new games, open games, one's own

PAGES: dict[str, Page] = {p.kind: p for p in (boardgame_page.PAGE, cardgame_page.PAGE)}

KindOf = Callable[[Request, str], Awaitable[str | None]]
"""The kind of a game by its id (None: no such game), as the server knows it."""


def page_response(kind: str | None, game_id: str) -> Response:
    """``/play/{game_id}`` for a game of ``kind``: its table, a plain page when the kind has
    none, the lobby's page for an unknown game (it says so itself)."""
    if kind is None:
        return FileResponse(LOBBY, media_type="text/html")
    page = PAGES.get(kind)
    if page is not None:
        return FileResponse(page.html, media_type="text/html")
    try:
        title = game_info(kind).title
    except ValueError:  # a kind this process does not know
        title = kind
    return HTMLResponse(not_available(title, game_id))


def mount(app: FastAPI, kind_of: KindOf) -> None:
    """Add the pages and their files to the server's application."""

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(LOBBY, media_type="text/html")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def play(game_id: str, request: Request) -> Response:
        return page_response(await kind_of(request, game_id), game_id)

    for page in PAGES.values():
        _data_route(app, page)

    @app.get("/static/boardgame/maps/{map_id}.json", include_in_schema=False)
    async def map_data(map_id: str) -> Response:
        """The areas of a map other than the base one (X-MOD-3), read by a game on that map."""
        text = boardgame_page.map_data(map_id)
        if text is None:
            return Response('{"detail":"no such map"}', 404, media_type="application/json")
        return Response(text, media_type="application/json")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")


def _data_route(app: FastAPI, page: Page) -> None:
    @app.get(f"/static/{page.kind}.json", include_in_schema=False)
    async def data() -> Response:
        return Response(page.data(), media_type="application/json")
