"""A game the server stopped (its bots' move cap, docs/server.md "Bots"; docs/web.md "A stopped
game") in Debian's Chromium against a real `westeros serve --max-bot-moves 40`: the page says
it was stopped and why, and its replay plays it up to the stop, as the server replays it; the
card table likewise."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser

from tests.server.support import GENEROUS, Server, wait_for
from tests.web.browser import Person, create_game
from tests.web.cardtable import JOUST_DECKS, create_card_game

CAP = 40


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("stopped")
    extra = [*GENEROUS, "--max-bot-moves", str(CAP)]
    srv = Server(f"sqlite:///{tmp / 'web.sqlite3'}", log=tmp / "server.log", extra=extra)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def status(server: Server, gid: str) -> str:
    r = httpx.get(f"{server.url}/api/games/{gid}/state", timeout=10)
    return str(r.json()["status"])


def test_a_stopped_game_says_why_and_replays_to_its_stop(server: Server, browser: Browser) -> None:
    gid = create_game(server, [{"type": "bot", "bot": "heuristic"}] * 3)["id"]
    wait_for(lambda: status(server, gid) == "stopped", timeout=60, what="the stop")
    person = Person(browser, server, gid)
    try:
        page = person.page
        person.open(f"{server.url}/play/{gid}")  # a spectator
        panel = page.locator("#stopped")
        panel.wait_for()
        said = panel.inner_text()
        assert f"stopped this game at move {CAP}" in said
        assert f"the bots made {CAP} moves in a row" in said
        assert page.locator("#status").inner_text() == "Stopped"

        page.click("#stopped-replay")
        page.wait_for_selector("#replay")
        note = page.locator("#replay-stop")
        assert note.inner_text().startswith(f"Stopped at move {CAP}: the bots made {CAP} moves")
        page.click("#replay-end")
        page.wait_for_function(f"document.querySelector('#replay-move').textContent === '{CAP}'")
        assert note.inner_text().startswith("The game stopped here: the bots made")
        end = httpx.get(f"{server.url}/api/games/{gid}/replay", params={"move": CAP}).json()
        assert end["status"] == "stopped" and end["moves"] == CAP
        shown = page.locator("#replay-round b").inner_text()
        assert shown == str(end["view"]["round"])
        assert page.locator("#replay-next").is_disabled()  # nothing after the stop

        page.click("#replay-close")  # back to the game: the top bar's Replay opens it again
        page.wait_for_selector("#stopped")
        page.click("#stopped >> text=Look at the board")
        page.click("#open-replay")
        page.wait_for_selector("#replay-stop")
        assert not person.errors, person.errors
    finally:
        person.close()


def test_a_stopped_card_game_says_why_and_replays_to_its_stop(
    server: Server, browser: Browser
) -> None:
    seats = [{"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]
    gid = create_card_game(server, seats, JOUST_DECKS)["id"]
    wait_for(lambda: status(server, gid) == "stopped", timeout=60, what="the stop")
    person = Person(browser, server, gid)
    try:
        page = person.page
        page.goto(f"{server.url}/play/{gid}")  # a spectator
        panel = page.locator("#stopped")
        panel.wait_for(timeout=10_000)
        assert f"the bots made {CAP} moves in a row" in panel.inner_text()
        page.click("#stopped-replay")
        page.wait_for_selector("#replay .player", timeout=10_000)
        page.click("#replay-end")
        page.wait_for_function(f"document.querySelector('#replay-move').textContent === '{CAP}'")
        note = page.locator("#replay-stop").inner_text()
        assert note.startswith(f"The game stopped here: the bots made {CAP} moves in a row")
        assert not person.errors, person.errors
    finally:
        person.close()
