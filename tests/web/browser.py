"""Helpers of the browser tests: Debian's Chromium under Playwright, a person at the page who
acts only by clicking (the map, the hand, the decision panel), and what the server says."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.server.support import Server

CHROMIUM = Path(os.environ.get("WESTEROS_CHROMIUM", "/usr/bin/chromium"))
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-quic",
    "--no-first-run",
    "--disable-sync",
]
VIEWPORT = {"width": 1500, "height": 1400}  # the whole map fits: clicks land on what is shown
INITIAL = {
    "stark": "S",
    "lannister": "L",
    "baratheon": "B",
    "greyjoy": "G",
    "tyrell": "T",
    "martell": "M",
}


def require_chromium() -> Path:
    """The browser tests never skip: without Chromium they fail and say what to install."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"Chromium is missing at {CHROMIUM}: the browser tests drive Debian's Chromium. "
            "Install it with 'apt-get update && apt-get install -y chromium' (bash .ci/run "
            "does this), or point WESTEROS_CHROMIUM at a Chromium binary.",
            pytrace=False,
        )
    return CHROMIUM


def create_game(
    server: Server,
    seats: list[dict[str, Any]],
    tides: bool = False,
    config: dict[str, Any] | None = None,
) -> dict[str, Any]:
    body: dict[str, Any] = {"kind": "boardgame", "players": len(seats), "tides": tides}
    body["seats"] = seats
    if config is not None:
        body["config"] = config  # e.g. {"planning": "table"}
    r = httpx.post(server.url + "/api/games", json=body, timeout=10)
    assert r.status_code == 201, r.text
    created: dict[str, Any] = r.json()
    return created


class Person:
    """One human seat in one browser page."""

    def __init__(
        self, browser: Browser, server: Server, game: str = "", seat: int = -1, token: str = ""
    ) -> None:
        self.server = server
        self.game = game
        self.seat = seat
        self.token = token
        self.context = browser.new_context(viewport=VIEWPORT)  # type: ignore[arg-type]
        self.page: Page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.anchors: dict[str, list[float]] = {}

    def open(self, link: str) -> float:
        """Open a join link; seconds until the game screen is usable (the board is drawn)."""
        import time

        t0 = time.perf_counter()
        self.page.goto(link)
        self.page.wait_for_selector(".map svg [data-area]", timeout=10_000)
        self.page.wait_for_function("window.__westeros !== undefined", timeout=10_000)
        used = time.perf_counter() - t0
        self.load_anchors()
        return used

    def adopt_from_page(self) -> None:
        """Game, seat and token as the page keeps them (after a game made in the lobby)."""
        url = self.page.url
        self.game = url.split("/play/")[1].split("?")[0]
        self.seat = int(url.split("seat=")[1].split("&")[0])
        self.token = self.page.evaluate(
            "([g, s]) => localStorage.getItem(`westeros.token.${g}.${s}`)", [self.game, self.seat]
        )
        assert self.token, "the page keeps the seat token in the browser"

    def load_anchors(self) -> None:
        data = httpx.get(self.server.url + "/static/boardgame.json", timeout=10).json()
        self.anchors = {a: info["xy"] for a, info in data["areas"].items()}

    # -- what the server says (reading only; every action below is a click)
    def state(self) -> dict[str, Any]:
        r = httpx.get(
            f"{self.server.url}/api/games/{self.game}/state?since=0",
            headers={"authorization": f"Bearer {self.token}"},
            timeout=10,
        )
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

    def shown_move(self) -> int:
        return int(self.page.evaluate("window.__westeros ? window.__westeros.move : -1"))

    def wait_shown(self, move: int, timeout: float = 15_000) -> None:
        """Until the page shows a state at least as new as ``move``."""
        self.page.wait_for_function(
            "m => window.__westeros && window.__westeros.move >= m", arg=move, timeout=timeout
        )

    def drop_connection(self, timeout: float = 15_000) -> str:
        """Close the page's websocket on purpose and wait for the page to reconnect: a NEW
        socket, open, its first state message in (the server has joined it to the game:
        a socket is open before that) and shown live. (Right after ``close()`` the old
        socket's close event has not fired yet, so ``#conn.live`` is still the old socket's
        and proves nothing.) The new socket's URL (its ``since``: what the page asks for)."""
        self.page.evaluate(
            """() => {
              window.__westerosOld = window.__westerosSocket;
              window.__westerosOldAt = window.__westeros.at;
              window.__westerosOld.close();
            }"""
        )
        self.page.wait_for_function(
            """() => window.__westerosSocket !== window.__westerosOld
                && window.__westerosSocket.readyState === WebSocket.OPEN
                && window.__westeros.at > window.__westerosOldAt""",
            timeout=timeout,
        )
        self.page.wait_for_selector("#conn.live", timeout=timeout)
        return str(self.page.evaluate("window.__westerosSocket.url"))

    def decision_kind(self) -> str | None:
        loc = self.page.locator("#decision")
        return loc.get_attribute("data-kind") if loc.count() else None

    # -- clicks
    def click_area(self, area: str) -> None:
        click_area(self.page, area, self.anchors[area])

    def sent(self) -> int:
        """How many of this page's moves the server has accepted."""
        return int(self.page.evaluate("window.__westerosSent || 0"))

    def wait_sent(self, before: int, timeout: float = 15_000) -> None:
        try:
            self.page.wait_for_function(
                "n => (window.__westerosSent || 0) > n", arg=before, timeout=timeout
            )
        except Exception as exc:
            error = self.page.locator("#error")
            shown = error.inner_text() if error.count() else "no message shown"
            raise AssertionError(f"the move was not accepted: {shown}") from exc

    def click_and_wait(self, target: Any) -> None:
        """Click (a locator, or an area id on the map) and wait for the server to accept the
        move it makes."""
        before = self.sent()
        if isinstance(target, str):
            self.click_area(target)
        else:
            target.click()
        self.wait_sent(before)

    def pick(self, choice: str | int) -> None:
        """A button of the popup on the map, else of the decision panel."""
        popup = self.page.locator(f'.popup button[data-choice="{choice}"]')
        if popup.count():
            self.click_and_wait(popup.first)
        else:
            button = self.page.locator(f'#decision button[data-choice="{choice}"]')
            self.click_and_wait(button.first)

    def close(self) -> None:
        self.context.close()


def wait_held(page: Page, held: list[Any], count: int, timeout: float = 10.0) -> None:
    """Until ``count`` requests are held by a route of the page (its handlers run while the
    test waits on the page), then a moment more for any further one to arrive."""
    import time

    deadline = time.monotonic() + timeout
    while len(held) < count:
        assert time.monotonic() < deadline, f"{len(held)} of {count} requests came"
        page.wait_for_timeout(50)
    page.wait_for_timeout(300)


def click_area(page: Page, area: str, anchor: list[float]) -> None:
    """A real mouse click on the map, at a point where the area itself is on top: its anchor
    when nothing else covers it there, else the first such point of its shape."""
    point = page.evaluate(
        """([a, ax, ay]) => {
          const svg = document.querySelector('.map svg');
          const box = svg.getBoundingClientRect();
          const k = box.width / svg.viewBox.baseVal.width;
          const hits = (x, y) => {
            const el = document.elementFromPoint(x, y);
            const t = el && el.closest('[data-area],[data-for]');
            return t && (t.getAttribute('data-area') || t.getAttribute('data-for')) === a;
          };
          const x0 = box.left + ax * k, y0 = box.top + (ay + 1) * k;
          if (hits(x0, y0)) return [x0, y0];
          const shape = svg.querySelector(`[data-area="${a}"]`).getBoundingClientRect();
          for (let dy = 0.5; dy < 1; dy += 0.1) for (let f = 0.1; f < 1; f += 0.1) {
            for (const yy of [dy, 1 - dy]) {
              const x = shape.left + shape.width * f, y = shape.top + shape.height * yy;
              if (hits(x, y)) return [x, y];
            }
          }
          return [x0, y0];
        }""",
        [area, *anchor],
    )
    page.mouse.click(point[0], point[1])
