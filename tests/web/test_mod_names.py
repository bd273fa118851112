"""Mother of Dragons with Essos (X-MOD-1.2) named for players wherever the page names a game's
set-up, in Debian's Chromium against a real `westeros serve`: the lobby's list of games, the
table's top bar and the replay's (short of room, by the scenario alone, the whole name on
hover), never the set-up's id ``mod_essos``."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.server.support import Server
from tests.web.browser import Person, create_game

NAME = "Mother of Dragons — Westeros and Essos"
SHORT = "Mother of Dragons"
ESSOS = {"scenario": "mod", "players": 4, "essos": True}


def test_x_mod_1_2_the_essos_game_is_named_in_the_lobby_the_top_bar_and_the_replay(
    server: Server, browser: Browser
) -> None:
    seats = [{"type": "human"}] + [{"type": "bot", "bot": "heuristic"}] * 3
    gid = create_game(server, seats, config=ESSOS)["id"]
    person = Person(browser, server, gid)
    try:
        page = person.page
        page.goto(server.url + "/")
        row = page.locator(f'tr[data-game="{gid}"]')
        row.wait_for()
        assert "Mother of Dragons · Westeros and Essos" in row.inner_text()

        person.open(f"{server.url}/play/{gid}")  # a spectator
        page.wait_for_selector('.map svg [data-area="pentos"]')
        tag = page.locator("#scenario")
        assert (tag.inner_text(), tag.get_attribute("title")) == (SHORT, NAME)
        assert "mod_essos" not in page.locator(".top").inner_text()

        page.click("#open-replay")
        page.wait_for_selector("#replay #scenario")
        tag = page.locator("#replay #scenario")
        assert (tag.inner_text(), tag.get_attribute("title")) == (SHORT, NAME)
        assert "mod_essos" not in page.locator("#replay .top").inner_text()
        assert not person.errors, person.errors
    finally:
        person.close()
