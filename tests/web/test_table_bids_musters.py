"""Bids and musters as at the table in Debian's Chromium (issue #23, config ``planning:
"table"``): a person sets a secret bid, changes it before confirming, takes the confirmation
back and bids again, sees who has confirmed, and the bids are revealed once all have confirmed
(R3.7.2); a person builds a muster plan on the map and in the panel, resets it (nothing was
placed) and musters another plan with Done (R3.6).

The positions are engine positions (tests/web/fake.py's LivePosition): the page's moves are
applied to the engine as the server would, the other houses' moves reach it by websocket."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, Page

from tests.boardgame.test_planning import raven, raven_scenario
from tests.server.support import Server
from tests.web.browser import click_area
from tests.web.fake import LivePosition, open_position, state_message
from westeros.boardgame.bidding import ClashOfKings, TableBids
from westeros.boardgame.builder import Scenario
from westeros.boardgame.mustering import TableMuster
from westeros.boardgame.planning import PlanningPhase
from westeros.boardgame.state import BoardGame
from westeros.engine import new_game

HOUSES = ["stark", "lannister", "baratheon", "greyjoy"]  # seats 0..3; turn order B, L, S, G


def table() -> Scenario:
    return Scenario(players=4, houses=HOUSES, planning="table").empty()


def stark_bid(g: BoardGame) -> tuple[int, bool]:
    step = g.stack[-1]
    assert isinstance(step, TableBids)
    return dict(step.bids)["stark"], "stark" in step.ready


def shows_bid(page: Page, amount: int) -> None:
    page.wait_for_function(
        "n => document.querySelector('#my-bid')?.textContent === String(n)", arg=amount
    )


def test_r3_7_2_a_bid_changed_before_confirming_then_taken_back_and_changed(
    browser: Browser, server: Server
) -> None:
    g = table().start(ClashOfKings())
    live = LivePosition(browser, server, g, 0)
    page = live.page
    page.wait_for_selector("#decision[data-kind=plan_bid] #bid-confirm")
    assert page.locator("#my-bid").inner_text() == "0"
    page.fill("#bid", "3")
    page.click("#bid-set")  # set: kept by the game, not confirmed
    shows_bid(page, 3)
    assert stark_bid(g) == (3, False)
    page.fill("#bid", "1")  # changed before confirming
    page.click("#bid-confirm")
    page.wait_for_selector("#bid-change")
    assert stark_bid(g) == (1, True)
    assert page.locator("#decision h2").inner_text() == "Ready"
    assert page.locator('#readiness [data-ready="stark"]').count() == 1

    live.others(1, "ready")  # Lannister confirms 0: Stark sees that, never an amount
    page.wait_for_selector('#readiness [data-ready="lannister"]')
    assert page.locator('#readiness [data-planning="baratheon"]').count() == 1
    page.click("#bid-change")  # the confirmation taken back: the bid may change again
    page.wait_for_selector("#bid-confirm")
    assert stark_bid(g) == (1, False)
    page.fill("#bid", "2")
    page.click("#bid-confirm")
    page.wait_for_selector("#bid-change")
    assert stark_bid(g) == (2, True)

    live.others(2, 1, "ready")
    live.others(3, 4, "ready")  # every house has confirmed: revealed (R3.7.2)
    page.wait_for_function(
        "() => document.querySelector('#decision')?.textContent.includes('Fiefdoms')"
    )
    log = page.locator(".log").inner_text()
    assert "Bids: Baratheon 1, Lannister 0, Stark 2, Greyjoy 4" in log
    assert page.locator("#my-bid").inner_text() == "0"  # the next auction starts from 0
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_r3_6_a_muster_plan_built_on_the_map_reset_and_done(
    browser: Browser, server: Server
) -> None:
    s = table().token("white_harbor", "stark")
    g = s.start(TableMuster("stark", ("winterfell", "white_harbor")))
    live = LivePosition(browser, server, g, 0)
    page = live.page
    page.wait_for_selector("#decision[data-kind=plan_muster] #muster-plan")
    data = httpx.get(server.url + "/static/boardgame.json", timeout=10).json()
    assert page.locator("#muster-reset").count() == 0  # nothing planned yet

    click_area(page, "winterfell", data["areas"]["winterfell"]["xy"])  # on the map
    page.wait_for_selector(".popup")
    page.click('.popup button[data-choice="winterfell:knight"]')
    page.wait_for_selector('#muster-plan [data-planned="winterfell:knight"]')
    page.click('#muster-plan button[data-choice="white_harbor:footman"]')  # in the panel
    page.wait_for_selector('#muster-plan [data-planned="white_harbor:footman"]')
    assert "Knight" in page.locator("#muster-plan").inner_text()
    assert "winterfell" not in g.units and "white_harbor" not in g.units  # nothing placed
    assert "winterfell" not in live.message()["view"]["units"]

    page.click("#muster-reset")
    page.wait_for_function("!document.querySelector('#muster-plan [data-planned]')")
    assert page.locator("#muster-reset").count() == 0
    assert "winterfell" not in g.units

    page.click('#muster-plan button[data-choice="winterfell:footman"]')
    page.wait_for_selector('#muster-plan [data-planned="winterfell:footman"]')
    page.click("#muster-done")
    page.wait_for_function("!document.querySelector('#decision')")
    assert [u.kind for u in g.units["winterfell"]] == ["footman"]
    assert "white_harbor" not in g.units
    assert "Stark musters a footman in Winterfell" in page.locator(".log").inner_text()
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def overview_row(page: Page, house: str) -> tuple[list[str], list[str]]:
    """The token ids an overview row shows placed and not used."""
    row = page.locator(f'#order-overview [data-overview="{house}"]')

    def tokens(cell: str) -> list[str]:
        found = row.locator(f"td.{cell} [data-token]")
        return sorted(str(found.nth(i).get_attribute("data-token")) for i in range(found.count()))

    return tokens("placed"), tokens("in-hand")


def test_r5_4_the_order_overview_lists_every_house_s_tokens_after_the_reveal(
    browser: Browser, server: Server
) -> None:
    """Once the orders are revealed (R5.4) every house's 15 tokens (R1.10) show, placed or not
    used, the Messenger Raven's replacement (R5.5.1) included; never before the reveal."""
    g = raven_scenario()
    lannister = {a: g.orders[a].token for a in g.orders_of("lannister")}
    raid = next(a for a, t in lannister.items() if t == "raid")
    raven(g, f"replace:{raid}")
    (d,) = g.pending()
    raven(g, "defense+1" if "defense+1" in d.choices else str(d.choices[0]))
    new = g.orders[raid].token
    page = open_position(browser, server, state_message(g, g.seat_of("stark")))
    page.wait_for_selector("#order-overview")
    placed, unused = overview_row(page, "lannister")
    assert placed == sorted([*(t for t in lannister.values() if t != "raid"), new])
    assert "raid" in unused
    assert len(placed) + len(unused) == 15
    assert {"raid*", "consolidate*"} <= set(unused)  # the special orders Lannister kept
    placed, unused = overview_row(page, "stark")
    assert placed == ["march+0"] and len(unused) == 14
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()

    before = table().units("winterfell", "stark", "footman").start(PlanningPhase())
    page = open_position(browser, server, state_message(before, 0))
    page.wait_for_selector("#decision[data-kind=plan_orders]")
    assert page.locator("#order-overview").count() == 0  # nothing revealed yet (R1.14.1)
    page.context.close()


def test_x_affc_2_8_the_phase_shown_while_objectives_are_returned(
    browser: Browser, server: Server
) -> None:
    g = new_game("boardgame", {"players": 4, "scenario": "affc"}, 5)
    page = open_position(browser, server, state_message(g, 0))
    page.wait_for_selector("#phase")
    assert page.locator("#phase").inner_text() == "Phase: Set-up (objectives)"
    for d in list(g.pending()) * 2:  # two cards returned by every house: round 1 begins
        g.apply(d.seat, next(x for x in g.pending() if x.seat == d.seat).choices[0])
    assert g.view(0)["phase"] == "planning"
    page.context.close()
    page = open_position(browser, server, state_message(g, 0))
    page.wait_for_selector("#phase")
    assert page.locator("#phase").inner_text() == "Phase: Planning"
    page.context.close()
