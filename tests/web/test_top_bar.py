"""The board page's top bar on one line at 1440×900 (docs/web.md, "The top bar"), in Debian's
Chromium against a real `westeros serve`: an 8-player Mother of Dragons game with Essos and
the Iron Bank (X-MOD-1.2, X-MOD-1.3) — its widest bar: a clock, eight houses to play (named
by their initials, the names on hover), the dragons and loyalty — and the base 6-player
game; at 1920 pixels too."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.server.support import Server

CLOCK = {"mode": "chess", "initial": 1800, "increment": 20}
MOD8 = {"scenario": "mod", "players": 8, "essos": True, "iron_bank": True}
ROWS = """() => [...document.querySelectorAll('header.top > *')].map((e) => {
  const r = e.getBoundingClientRect(); return [r.top, r.bottom]; })"""


def create(server: Server, players: int, config: dict[str, Any], people: int) -> str:
    """A game whose first ``people`` seats are people (the rest heuristic bots); the first
    seat's link."""
    seats = [{"type": "human"}] * people + [{"type": "bot", "bot": "heuristic"}] * (
        players - people
    )
    body = {"kind": "boardgame", "players": players, "config": config, "seats": seats}
    if people == players:
        body["clock"] = CLOCK
    r = httpx.post(server.url + "/api/games", json=body, timeout=10)
    assert r.status_code == 201, r.text
    return str(r.json()["seats"][0]["link"])


def one_line(page: Page) -> bool:
    """Every item of the bar overlaps every other vertically: no item starts below another's
    bottom (a second line would)."""
    rows = page.evaluate(ROWS)
    return max(top for top, _ in rows) < min(bottom for _, bottom in rows)


GAMES = {
    # the widest: everyone to play (8 houses waiting), a clock, Essos and the Iron Bank
    "mod8-all-waiting": (8, MOD8, 8),
    "mod8-bots": (8, MOD8, 1),  # the brief's game: one person, seven heuristic bots
    "base6": (6, {}, 1),
}


@pytest.mark.parametrize("width", [1440, 1920])
@pytest.mark.parametrize("game", list(GAMES))
def test_x_mod_1_2_the_top_bar_is_one_line(
    server: Server, browser: Browser, game: str, width: int
) -> None:
    players, config, people = GAMES[game]
    link = create(server, players, config, people)
    page = browser.new_page(viewport={"width": width, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(link)
        page.wait_for_selector(".map svg [data-area]")
        page.wait_for_selector("header.top .waiting")
        assert one_line(page), page.evaluate(ROWS)
        assert page.locator("header.top").bounding_box()["height"] <= 40  # type: ignore[index]
        if people == players:  # all eight to play, by their initials, named on hover
            chips = page.locator("header.top .waiting .chip")
            assert chips.count() == 8
            assert [len(t) for t in chips.all_inner_texts()] == [1] * 8
            assert "Targaryen" in (page.locator("header.top .waiting").get_attribute("title") or "")
            assert page.locator("#myclock .clock").count() == 1
        if config:
            assert page.locator("#dragons").is_visible()
            assert "Westeros and Essos" in (page.locator("#scenario").get_attribute("title") or "")
        assert not errors, errors
    finally:
        page.close()
