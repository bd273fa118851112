"""The card table's end screen and seats in Debian's Chromium (Playwright) against a real
`westeros serve` process: a finished joust of two bots replays from its end screen (the slider
and the phase buttons change the table shown, as the server's replay has it); the game's owner
kicks a seat to a bot from the shared seats panel, the notice shows at the table and the
kicked seat's page says why its link stopped working. These tests never skip: without Chromium
they fail and say how to install it."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Browser, Page

from tests.server.support import Server, wait_for
from tests.web.browser import Person
from tests.web.cardtable import JOUST_DECKS, CardPerson, create_card_game


def replay_at(server: Server, game: str, move: int) -> dict[str, Any]:
    r = httpx.get(f"{server.url}/api/games/{game}/replay", params={"move": move}, timeout=30)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def shown_move(page: Page) -> int:
    return int(page.inner_text("#replay-move"))


def table_of(page: Page) -> dict[str, Any]:
    """What the replay shows: the round, the phase, each player's power, the cards."""
    return {
        "round": page.inner_text("#replay-round"),
        "phase": page.inner_text("#replay-phase"),
        "power": page.eval_on_selector_all(
            '#replay [data-stat="power"] b', "els => els.map(e => +e.textContent)"
        ),
        "cards": sorted(
            page.eval_on_selector_all(
                "#replay .tablearea [data-card]", "els => els.map(e => +e.dataset.card)"
            )
        ),
    }


def agrees(shown: dict[str, Any], view: dict[str, Any]) -> None:
    """The replay's table is the server's spectator view after that many moves."""
    assert f"Round {view['round']}" in shown["round"]
    assert shown["power"] == [p["power"] for p in view["players"]]
    characters = {c["id"] for c in view["in_play"] if c.get("type") == "character"}
    assert characters <= set(shown["cards"])


def test_a_finished_card_game_replays_from_its_end_screen(server: Server, browser: Browser) -> None:
    seats = [{"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]
    game = create_card_game(server, seats, JOUST_DECKS)
    gid = game["id"]

    def over() -> bool:
        r = httpx.get(f"{server.url}/api/games/{gid}/state", timeout=10)
        return bool(r.json()["status"] == "over")

    wait_for(over, timeout=240, interval=0.5, what="the bots' joust to end")
    eve = Person(browser, server, gid)
    eve.page.goto(f"{server.url}/play/{gid}")  # a spectator
    eve.page.wait_for_selector("#endscreen", timeout=10_000)
    eve.page.click("#open-replay")
    eve.page.wait_for_selector("#replay .player", timeout=10_000)
    assert shown_move(eve.page) == 0
    start = table_of(eve.page)
    agrees(start, replay_at(server, gid, 0)["view"])
    # the slider, clicked in its middle, moves the table to that move
    slider = eve.page.locator("#replay-slider")
    box = slider.bounding_box()
    assert box is not None
    eve.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    eve.page.wait_for_function("document.querySelector('#replay-move').textContent !== '0'")
    middle = shown_move(eve.page)
    total = replay_at(server, gid, 0)["moves"]
    assert total / 4 < middle < total * 3 / 4, (middle, total)
    there = table_of(eve.page)
    agrees(there, replay_at(server, gid, middle)["view"])
    assert there != start
    # the next phase: the move where the server's replay says it began
    marks = replay_at(server, gid, middle)["phases"]
    to = next(m for m in marks if m > middle)
    eve.page.click("#replay-next-phase")
    eve.page.wait_for_function(f"document.querySelector('#replay-move').textContent === '{to}'")
    after = replay_at(server, gid, to)["view"]
    agrees(table_of(eve.page), after)
    assert after["phase"].replace("_", " ") in table_of(eve.page)["phase"].lower()
    # one move back by the button, then back to the game
    eve.page.click("#replay-back")
    eve.page.wait_for_function(f"document.querySelector('#replay-move').textContent === '{to - 1}'")
    eve.page.click("#replay-close")
    eve.page.wait_for_selector("#endscreen")
    assert not eve.errors, eve.errors
    eve.close()


def test_the_owner_kicks_a_seat_to_a_bot_from_the_card_table(
    server: Server, browser: Browser
) -> None:
    seats = [
        {"type": "human", "name": "Ann", "creator": True},
        {"type": "human", "name": "Bo"},
    ]
    game = create_card_game(server, seats, JOUST_DECKS)
    gid, owner = game["id"], game["owner_token"]
    ann = CardPerson(browser, server, game, 0)
    ann.page.on("dialog", lambda d: d.accept())
    ann.page.add_init_script(f"localStorage.setItem('westeros.owner.{gid}', '{owner}')")
    ann.open()
    bo = CardPerson(browser, server, game, 1)
    bo.open()
    # Ann owns the game: the owner's powers on Bo's seat, none on her own
    seat = ann.page.locator('#seats tr[data-seat="1"]')
    assert seat.locator("button[data-give]").count() == 1
    assert ann.page.locator('#seats button[data-kick="0"]').count() == 0
    assert ann.page.locator("#abandon").count() == 1
    assert bo.page.locator("#seats button[data-kick]").count() == 0  # not Bo's to do
    seat.locator("button[data-kick]").click()
    # the notice at the table, the seat played by a bot, Bo's page told why
    notice = ann.page.locator('#notices li[data-kind="kicked"]')
    notice.wait_for(timeout=10_000)
    assert "The owner handed seat 2" in notice.inner_text()
    assert "a bot" in notice.inner_text()
    wait_for(lambda: "a bot stands in" in seat.inner_text(), timeout=10, what="the stand-in")
    bo.page.wait_for_selector("#revoked", timeout=10_000)
    assert "handed seat 2" in bo.page.inner_text("#revoked")
    # the seat given anew: its new link is shown to the owner
    seat.locator("button[data-give]").click()
    ann.page.wait_for_selector('#seats tr[data-seat="1"] .given input.link', timeout=10_000)
    link = ann.page.locator('#seats tr[data-seat="1"] .given input.link').input_value()
    assert f"/play/{gid}?seat=1#token=" in link
    assert not ann.errors and not bo.errors, (ann.errors, bo.errors)
    ann.close()
    bo.close()
