"""Mother of Dragons at the table in Debian's Chromium (issue #25): a person commanding vassals
picks them (``choose_vassals``, X-MOD-10.3) and places a vassal's own orders by clicking the
map (``vassal_order``, X-MOD-10.4); gifts of power (X-MOD-11.1, XF40): the idle ``gift``
decision is a "Give power" control beside the awaited decision, never hiding it, and the
receiver accepts with a normal prompt; in a vassal's fight only its commander's page shows the
vassal cards drawn for it (X-MOD-10.7).

The positions are engine positions (tests/web/fake.py's LivePosition): the page's moves are
applied to the engine as the server would, the other seats' moves reach it by websocket."""

from __future__ import annotations

import json

import httpx
from playwright.sync_api import Browser, Page

from tests.boardgame.driver import run
from tests.server.support import Server
from tests.web.browser import click_area
from tests.web.fake import LivePosition
from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.builder import Scenario
from westeros.boardgame.planning import PlanningPhase
from westeros.boardgame.state import BoardGame
from westeros.engine import Decision

PLAYERS = ["stark", "lannister", "tyrell"]  # seats 0..2; the other 4 houses are vassals
THRONE = ("stark", "lannister", "tyrell", "baratheon", "greyjoy", "martell", "arryn")


def mod_planning() -> BoardGame:
    """3 players on the MoD board (gifts on, X-MOD-1.4), Stark first on the Iron Throne:
    the vassals are handed out first (X-MOD-10.3), Stark picking 2 of the 4."""
    s = Scenario(players=3, scenario="mod", houses=PLAYERS)
    s.track("iron_throne", *THRONE)
    return s.start(PlanningPhase())


def awaited(g: BoardGame) -> list[Decision]:
    return [d for d in g.pending() if not d.idle]


def click_sent(page: Page, selector: str) -> None:
    """Click and wait until the page's move is taken (``window.__westerosSent`` counts them)."""
    before = page.evaluate("window.__westerosSent || 0")
    page.click(selector)
    page.wait_for_function("n => (window.__westerosSent || 0) > n", arg=before)


def anchors(server: Server) -> dict[str, list[float]]:
    data = httpx.get(server.url + "/static/map_mod_westeros_anchors.json", timeout=10).json()
    out: dict[str, list[float]] = data["anchors"]
    return out


def test_x_mod_10_3_10_4_a_person_picks_its_vassals_and_orders_one_on_the_map(
    browser: Browser, server: Server
) -> None:
    g = mod_planning()
    live = LivePosition(browser, server, g, 0)
    page = live.page
    # the awaited choice of vassals is shown, the idle gift beside it (never in its place)
    page.wait_for_selector("#decision[data-kind=choose_vassals]")
    assert page.locator("#gift #gift-send").count() == 1
    asked = next(d for d in awaited(g) if d.seat == 0)
    assert asked.kind == D.CHOOSE_VASSALS.name and asked.about("markers") == 2
    pair = str(asked.choices[0])  # two vassals at once (XF12)
    click_sent(page, f'#decision button[data-choice="{pair}"]')
    mine = tuple(D.CHOOSE_VASSALS.parse(pair)["vassal"])
    assert len(mine) == 2 and all(g.commanders[v] == "stark" for v in mine)

    # the other seats and Stark's own orders move in the engine, up to Stark's vassal orders
    for _ in range(200):
        d = awaited(g)[0]
        if d.seat == 0 and d.kind == D.VASSAL_ORDER.name:
            break
        live.others(d.seat, d.choices[0])
    order = next(d for d in awaited(g) if d.kind == D.VASSAL_ORDER.name)
    vassal = order.about("vassal")
    assert vassal in mine
    page.wait_for_selector("#decision[data-kind=vassal_order]")
    assert page.locator("#gift").count() == 1  # still beside it
    choice = next(str(c) for c in order.choices if c != "done")
    area, token = choice.split(":")
    click_area(page, area, anchors(server)[area])  # the area's tokens in a popup
    click_sent(page, f'.popup button[data-choice="{choice}"]')
    assert (g.orders[area].house, g.orders[area].token) == (vassal, token)
    click_sent(page, '#decision button[data-choice="done"]')  # fewer than 2 (X-MOD-10.4)
    done = [e for e in g.log if e.kind == E.VASSAL_ORDERS_DONE.name]
    assert done and done[0].fields["count"] == 1
    assert not page.errors  # type: ignore[attr-defined]


def test_x_mod_11_1_xf40_a_person_gives_power_and_the_receiver_accepts(
    browser: Browser, server: Server
) -> None:
    g = mod_planning()
    before = dict(g.power)
    giver = LivePosition(browser, server, g, 0)
    page = giver.page
    page.wait_for_selector("#gift #gift-send")
    assert page.locator("#decision[data-kind=choose_vassals]").count() == 1
    page.select_option("#gift select[name=gift-to]", "lannister")
    page.fill("#gift input[name=gift-amount]", "99")  # beyond the limit: not sent
    assert page.locator("#gift-send").is_disabled()
    page.fill("#gift input[name=gift-amount]", "2")
    click_sent(page, "#gift-send")
    page.wait_for_function("() => !document.querySelector('#gift')")  # none while offered
    offer = next(d for d in g.pending() if d.kind == D.ACCEPT_GIFT.name)
    assert (g.house_of(offer.seat), offer.about("house"), offer.about("amount")) == (
        "lannister",
        "stark",
        2,
    )

    receiver = LivePosition(browser, server, g, 1)  # Lannister's page: a normal prompt
    other = receiver.page
    other.wait_for_selector("#decision[data-kind=accept_gift]")
    assert "Stark offers you 2 power" in other.locator("#decision").inner_text()
    click_sent(other, '#decision button[data-choice="accept"]')
    assert g.power["stark"] == before["stark"] - 2
    assert g.power["lannister"] == before["lannister"] + 2
    assert giver.socket is not None  # Stark's page hears of it: its awaited move is back
    giver.socket.send(json.dumps(giver.message()))
    page.wait_for_selector("#gift #gift-send")
    assert page.locator("#decision[data-kind=choose_vassals]").count() == 1
    assert not page.errors and not other.errors  # type: ignore[attr-defined]


def test_x_mod_10_7_the_commander_alone_sees_and_plays_its_vassals_drawn_cards(
    browser: Browser, server: Server
) -> None:
    """X-MOD-10.7: in a fight of its vassal the commander's page shows the 3 vassal cards
    drawn for it and plays one by a click; the other side's page shows none of them."""
    s = Scenario(players=6).empty().vassals(martell="tyrell", baratheon="tyrell")
    s.units("sunspear", "martell", "footman").units("salt_shore", "stark", "footman", "knight")
    s.hand("stark", "ser_rodrik_cassel", "catelyn_stark")
    g = s.attack("stark", "salt_shore", "sunspear", "footman", "knight")
    run(g, until=D.HOUSE_CARD)
    drawn = list(g.hands["martell"])
    assert len(drawn) == 3
    tyrell = LivePosition(browser, server, g, g.seat_of("tyrell"))
    page = tyrell.page
    page.wait_for_selector("#hand [data-card]")
    assert page.locator("#hand h2").inner_text() == "Vassal cards drawn for Martell"
    shown = page.locator("#hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(shown) == sorted(drawn)
    stark = LivePosition(browser, server, g, g.seat_of("stark"))
    other = stark.page
    other.wait_for_selector("#hand [data-card]")
    assert other.locator("#hand h2").inner_text() == "Your house cards (Stark)"
    text = other.locator("body").inner_text()
    assert not [c for c in drawn if T.HOUSE_CARD_BY_ID[c].name in text]
    click_sent(page, f'#hand button[data-card="{drawn[0]}"]')
    assert not [d for d in g.pending() if d.kind == D.HOUSE_CARD.name and d.about("vassal")]
    assert not page.errors and not other.errors  # type: ignore[attr-defined]
