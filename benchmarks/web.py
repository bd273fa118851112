"""Web client budgets on localhost, in Debian's Chromium (Playwright) against a real
`westeros serve` process (temp SQLite file):

* usable: from opening a join link to the board drawn with the seat's state (budget 1 s);
* other seat: from the POST of one seat's move to the move shown on another seat's page
  (budget 300 ms), with the POST's own round trip beside it;
* size: the page's own files without the vendored libraries (budget 300 kB).

The same three for the card table (`/play/{id}` of a joust between two people): usable when
the cards are drawn; the other seat's moves (setup, plots, marshaling…); cards.html, the
modules under static/cards/, cards.css and cardgame.json.

Run: `make bench-web` (figures only, nothing asserted).
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.support import Server  # noqa: E402
from tests.web.browser import ARGS, CHROMIUM, VIEWPORT, require_chromium  # noqa: E402

from westeros.web.client import STATIC  # noqa: E402

SHARED = (
    "/static/common.js",
    "/static/seats.js",
    "/static/replay.js",
    "/static/chat.js",
    "/static/seats.css",
)
OWN_FILES = (  # the board game's screen: its page and what it loads
    "/static/index.html",
    "/static/app.js",
    "/static/app.css",
    *SHARED,
    "/static/map.svg",
    "/static/boardgame.json",
    *(f"/static/board/{f.name}" for f in sorted((STATIC / "board").glob("*.js"))),
)


def main() -> None:
    require_chromium()
    tmp = Path(tempfile.mkdtemp(prefix="westeros-web-bench-"))
    server = Server(f"sqlite:///{tmp / 'bench.sqlite3'}", bot_delay=0.0, log=tmp / "server.log")
    server.start()
    usable: list[float] = []
    shown: list[float] = []
    posts: list[float] = []
    try:
        size = sum(len(httpx.get(server.url + p).content) for p in OWN_FILES)
        with sync_playwright() as p, httpx.Client() as client:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            # planned at the table, as the lobby makes games (its panel shown on every move)
            board = {"kind": "boardgame", "players": 3, "config": {"planning": "table"}}
            board["seats"] = [
                {"type": "human"},
                {"type": "human"},
                {"type": "bot", "bot": "heuristic"},
            ]
            for _ in range(5):
                one_game(
                    server, client, browser, board, ".map svg [data-area]", 3, usable, shown, posts
                )
            cards = card_table(server, client, browser)
            browser.close()
    finally:
        server.stop()
    figures = {
        "usable": ms(usable),
        "other_seat_move_shown": ms(shown),
        "post_round_trip": ms(posts),
        "own_files_bytes": size,
        "cards": cards,
    }
    print(json.dumps(figures, indent=1))


CARD_FILES = (  # the card table's page and what it loads, besides static/cards/*.js
    "/static/cards.html",
    "/static/cards/cards.css",
    "/static/cardgame.json",
    *SHARED,
)


def ms(xs: list[float]) -> str:
    return f"median {statistics.median(xs) * 1000:.0f} ms, max {max(xs) * 1000:.0f} ms"


def one_game(
    server: Server,
    client: httpx.Client,
    browser: Browser,
    body: dict[str, Any],
    drawn: str,
    moves: int,
    usable: list[float],
    shown: list[float],
    posts: list[float],
) -> None:
    """A game made with ``body`` (two people first): seat 1's join link opened until ``drawn``
    is on the page and the state shown; then seat 0 posts its first legal choice (keep a
    hand) ``moves`` times, each until seat 1's page shows the move (seat 1 moves unmeasured
    when only it may)."""
    game = client.post(server.url + "/api/games", json=body).json()
    a, b = game["seats"][:2]
    ctx = browser.new_context(viewport=VIEWPORT)  # type: ignore[arg-type]
    page = ctx.new_page()
    t0 = time.perf_counter()
    page.goto(b["link"])
    page.wait_for_selector(drawn)
    page.wait_for_function("window.__westeros !== undefined")
    usable.append(time.perf_counter() - t0)
    measured = 0
    for _ in range(4 * moves):  # seat 0's moves are measured; seat 1 (the page) moves unmeasured
        if measured >= moves:
            break
        mover = next((s for s in (a, b) if decisions(server, client, game["id"], s)), None)
        if mover is None:
            break
        msg = decisions(server, client, game["id"], mover)
        choices = msg["decisions"][0]["choices"]
        t0 = time.perf_counter()
        r = client.post(
            f"{server.url}/api/games/{game['id']}/moves",
            json={"move": msg["move"], "choice": "keep" if "keep" in choices else choices[0]},
            headers={"authorization": f"Bearer {mover['token']}"},
        )
        t1 = time.perf_counter()
        if r.status_code != 200:
            continue
        page.wait_for_function("m => window.__westeros.move >= m", arg=r.json()["move"], polling=5)
        if mover is a:
            shown.append(time.perf_counter() - t0)
            posts.append(t1 - t0)
            measured += 1
    ctx.close()


def decisions(server: Server, client: httpx.Client, game: str, seat: dict[str, Any]) -> Any:
    """The seat's state message when it has a decision to take, else None."""
    headers = {"authorization": f"Bearer {seat['token']}"}
    msg = client.get(f"{server.url}/api/games/{game}/state", headers=headers).json()
    return msg if msg["decisions"] else None


def card_table(server: Server, client: httpx.Client, browser: Browser) -> dict[str, object]:
    """The card table's budgets: 5 jousts between two people, seat 1 watched in the browser
    while seat 0 posts its first legal choice 6 times."""
    modules = sorted((ROOT / "src/westeros/web/static/cards").glob("*.js"))
    files = [*CARD_FILES, *(f"/static/cards/{m.name}" for m in modules)]
    size = sum(len(client.get(server.url + f).content) for f in files)
    usable: list[float] = []
    shown: list[float] = []
    posts: list[float] = []
    body = {"kind": "cardgame", "config": {"decks": ["westeros-stark", "westeros-lannister"]}}
    body["seats"] = [{"type": "human"}, {"type": "human"}]
    for _ in range(5):
        one_game(server, client, browser, body, ".player [data-card]", 6, usable, shown, posts)
    return {
        "usable": ms(usable),
        "other_seat_move_shown": ms(shown),
        "post_round_trip": ms(posts),
        "own_files_bytes": size,
    }


if __name__ == "__main__":
    main()
