"""The browser client: the page at ``/`` and ``/play/{id}``, its static files at ``/static``
(vendored Preact + htm, no build step, nothing from a CDN) and the board game's static data
the page reads once (``/static/boardgame.json``: area names, cards, the decision catalogue).

The page talks to the server only through the documented API (docs/server.md): the lobby,
the state messages over the websocket, moves by POST.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).parent / "static"


@cache
def boardgame_data() -> str:
    """Static facts of the board game that the page needs to name and draw things."""
    from westeros.boardgame.public import catalogue_json
    from westeros.boardgame.public import tables as T

    anchors = json.loads((STATIC / "map_anchors.json").read_text(encoding="utf-8"))
    data: dict[str, Any] = {
        "width": anchors["width"],
        "height": anchors["height"],
        "areas": {
            a.id: {
                "name": a.name,
                "kind": a.kind,
                "fort": a.fortification,
                "supply": a.supply,
                "power": a.power,
                "home": a.home_of,
                "port": a.port,
                "xy": anchors["anchors"].get(a.id),
            }
            for a in T.AREAS.values()
        },
        "houses": {h: T.house_name(h) for h in T.HOUSES},
        "house_cards": {
            c.id: {
                "name": c.name,
                "house": c.house,
                "strength": c.strength,
                "swords": c.swords,
                "forts": c.fortifications,
                "ability": c.ability,
            }
            for c in T.HOUSE_CARD_BY_ID.values()
        },
        "westeros_cards": {c.id: {"name": c.name, "deck": c.deck} for c in _westeros(T)},
        "wildling_cards": {c.id: {"name": c.name} for c in T.WILDLING_CARDS},
        "tides": {
            c.id: {
                "strength": c.strength,
                "swords": c.swords,
                "forts": c.fortifications,
                "skulls": c.skulls,
            }
            for c in T.TIDES_OF_BATTLE
        },
        "orders": {
            t.id: {"type": t.type, "modifier": t.modifier, "special": t.special}
            for t in T.ORDER_TOKENS
        },
        "decisions": catalogue_json(),
    }
    return json.dumps(data, separators=(",", ":"))


def _westeros(T: Any) -> list[Any]:
    return [c for deck in T.WESTEROS_DECKS.values() for c in deck]


def mount(app: FastAPI) -> None:
    """Add the page and its files to the server's application."""
    index = STATIC / "index.html"

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(index, media_type="text/html")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def play(game_id: str) -> FileResponse:
        return FileResponse(index, media_type="text/html")

    @app.get("/static/boardgame.json", include_in_schema=False)
    async def data() -> Response:
        return Response(boardgame_data(), media_type="application/json")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
