"""A game kind's browser table, as the web client serves it: the HTML page at ``/play/{id}``
and the static data the page reads once at ``/static/{kind}.json``. One :class:`Page` per kind
that has a table (``boardgame_page.PAGE``), listed in ``client.PAGES``; a kind without one gets
:func:`not_available`, a plain page that links the game's API instead."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote


@dataclass(frozen=True)
class Page:
    """``kind``'s browser table: ``html`` is served at ``/play/{id}``; ``data()`` (JSON text,
    built from the game's public face) at ``/static/{kind}.json``."""

    kind: str
    html: Path
    data: Callable[[], str]


def not_available(title: str, game_id: str) -> str:
    """The page for a game whose kind has no browser table yet: what it is and where its API
    is (the game is played through the API meanwhile, docs/server.md)."""
    name = html.escape(title)
    base = "/api/games/" + quote(game_id, safe="")
    links = "".join(
        f'<li><a href="{html.escape(href)}">{html.escape(href)}</a> — {what}</li>'
        for href, what in (
            (base + "/state", "the game's state as a spectator (add a seat token to play)"),
            ("/docs", "the API's documentation"),
            ("/", "the lobby"),
        )
    )
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{name}</title></head><body>"
        f"<h1>{name}</h1>"
        f"<p>The browser table of {name} is not available yet: "
        "play and follow this game through the API.</p>"
        f"<ul>{links}</ul></body></html>\n"
    )
