"""Web client budgets on localhost, in Debian's Chromium (Playwright) against a real
`westeros serve` process (temp SQLite file):

* usable: from opening a join link to the board drawn with the seat's state (budget 1 s);
* other seat: from the POST of one seat's move to the move shown on another seat's page
  (budget 300 ms), with the POST's own round trip beside it;
* size: the page's own files without the vendored libraries (budget 300 kB).

Run: `make bench-web` (figures only, nothing asserted).
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.support import Server  # noqa: E402
from tests.web.browser import ARGS, CHROMIUM, VIEWPORT, require_chromium  # noqa: E402

from westeros.web.client import STATIC  # noqa: E402

OWN_FILES = (  # the board game's screen: its page and what it loads
    "/static/index.html",
    "/static/app.js",
    "/static/common.js",
    "/static/app.css",
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
            for _ in range(5):
                seats = [{"type": "human"}, {"type": "human"}, {"type": "bot", "bot": "random"}]
                game = client.post(
                    server.url + "/api/games",
                    json={"kind": "boardgame", "players": 3, "seats": seats},
                ).json()
                a, b = game["seats"]
                ctx = browser.new_context(viewport=VIEWPORT)  # type: ignore[arg-type]
                page = ctx.new_page()
                t0 = time.perf_counter()
                page.goto(b["link"])
                page.wait_for_selector(".map svg [data-area]")
                page.wait_for_function("window.__westeros !== undefined")
                usable.append(time.perf_counter() - t0)
                auth = {"authorization": f"Bearer {a['token']}"}
                for _ in range(3):
                    st = client.get(f"{server.url}/api/games/{game['id']}/state", headers=auth)
                    msg = st.json()
                    if not msg["decisions"]:
                        break
                    t0 = time.perf_counter()
                    r = client.post(
                        f"{server.url}/api/games/{game['id']}/moves",
                        json={"move": msg["move"], "choice": msg["decisions"][0]["choices"][0]},
                        headers=auth,
                    )
                    t1 = time.perf_counter()
                    if r.status_code != 200:
                        continue
                    page.wait_for_function(
                        "m => window.__westeros.move >= m", arg=r.json()["move"], polling=5
                    )
                    shown.append(time.perf_counter() - t0)
                    posts.append(t1 - t0)
                ctx.close()
            browser.close()
    finally:
        server.stop()
    ms = lambda xs: f"median {statistics.median(xs) * 1000:.0f} ms, max {max(xs) * 1000:.0f} ms"  # noqa: E731
    figures = {
        "usable": ms(usable),
        "other_seat_move_shown": ms(shown),
        "post_round_trip": ms(posts),
        "own_files_bytes": size,
    }
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
