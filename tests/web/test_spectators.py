"""Spectators in the browser (issue 23, items 4 and 5; Debian's Chromium under Playwright, a
real `westeros serve` process): the players panel counts who watches, up and down as pages
open and close; a spectator of a running game steps through its replay so far. Never skipped:
without Chromium it fails and says how to install it."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, Route

from tests.server.support import Server, humans_and_bots, play_moves
from tests.web.browser import Person, create_game, wait_held


def watching(person: Person, n: int) -> None:
    person.page.wait_for_function(
        f"(document.querySelector('#watching') || {{}}).textContent?.includes('{n} watching')",
        timeout=10_000,
    )


def test_a_spectator_sees_who_watches_and_the_replay_so_far(
    browser: Browser, server: Server
) -> None:
    created = create_game(server, humans_and_bots(3, 0))
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    with httpx.Client(base_url=server.url, timeout=10) as api:
        play_moves(api, gid, tokens, 2)
    first, second = Person(browser, server, gid), Person(browser, server, gid)
    try:
        first.open(f"{server.url}/play/{gid}")
        watching(first, 1)
        second.open(f"{server.url}/play/{gid}")
        watching(second, 2)
        watching(first, 2)
        second.page.close()
        watching(first, 1)
        page = first.page
        page.click("#open-replay")
        page.wait_for_selector("#replay")
        assert "Replay so far" in page.locator("#replay").inner_text()
        assert page.locator("#replay-move").inner_text() == "0"
        page.click("#replay-end")
        page.wait_for_function("document.querySelector('#replay-move').textContent === '2'")
        assert page.locator("#replay-next").is_disabled()
        page.click("#replay-back")
        page.wait_for_function("document.querySelector('#replay-move').textContent === '1'")
        page.click("#replay-close")
        page.wait_for_selector("#open-replay")
        watching(first, 1)
        assert first.errors == [] and second.errors == []
    finally:
        first.close()
        second.close()


def test_two_quick_steps_of_the_replay_never_repeat_its_log(
    browser: Browser, server: Server
) -> None:
    """Two clicks on "one move on" before the first step is answered: both asked for the
    log from the same event; each answer was appended, so the log showed events twice.
    Only the newest step's answer counts."""
    created = create_game(server, humans_and_bots(3, 0))
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    with httpx.Client(base_url=server.url, timeout=10) as api:
        play_moves(api, gid, tokens, 2)
        at_one = [e["text"] for e in api.get(f"/api/games/{gid}/replay?move=1").json()["events"]]
    eve = Person(browser, server, gid)
    try:
        eve.open(f"{server.url}/play/{gid}")
        page = eve.page
        page.click("#open-replay")
        page.wait_for_selector("#replay #replay-move")
        held: list[Route] = []  # the steps asked, answered once both are asked
        page.route("**/api/games/*/replay*", lambda route: held.append(route))
        page.click("#replay-next")
        page.click("#replay-next")  # the first step not answered yet: move 0 is still shown
        wait_held(page, held, 2)
        assert len(held) == 2
        for route in held:
            route.continue_()
        page.wait_for_function("document.querySelector('#replay-move').textContent === '1'")
        page.wait_for_timeout(300)  # both answers are in
        assert page.locator("#replay #log li").all_inner_texts() == at_one
        assert eve.errors == []
    finally:
        eve.close()
