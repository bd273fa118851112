"""The board-game table a Swords and Ravens player would move to (issue #23), in Debian's
Chromium: each bug of "what a player hits" shown fixed, the context beside each decision, the
map's zoom, pan and fit, the phone and tablet layouts, the turn signal and the notes.

Positions the page cannot reach quickly by play (a fight after its victor is known, the Raven's
look, a Westeros card being resolved, the end) are fed to the page through its websocket
(tests/web/fake.py) from engine positions; the rest runs against a real server."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.boardgame.test_march import marching
from tests.boardgame.test_planning import raven, raven_scenario
from tests.boardgame.test_wildlings import scen
from tests.server.support import Server
from tests.web.browser import Person, create_game
from tests.web.fake import open_position, state_message
from westeros.boardgame import tables as T
from westeros.boardgame.builder import Scenario
from westeros.boardgame.state import BoardGame
from westeros.boardgame.wildlings import WildlingAttack

BOTS = [{"type": "bot", "bot": "heuristic"}] * 3


def keep_screenshot(page: Page, name: str) -> None:
    """With WESTEROS_SCREENSHOTS (a folder, `make screenshot` gives docs/): the page as shown."""
    folder = os.environ.get("WESTEROS_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / name), full_page=False)


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page scrolls sideways: {width}px"  # type: ignore[index]


def after_patchface() -> BoardGame:
    """Baratheon has beaten Lannister's footman in Riverrun (R7.8); the footman retreated
    (R7.10) and Patchface's choice is open (R7.12.2): the fight is over but not closed."""
    s = Scenario(players=4, houses=["stark", "lannister", "baratheon", "greyjoy"]).empty()
    s.units("riverrun", "baratheon", "knight", "knight")
    g = s.attack("lannister", "harrenhal", "riverrun", "footman")
    g.apply(1, "cersei_lannister")
    g.apply(2, "patchface")
    return g


# ------------------------------------------------------------------ bugs of "what a player hits"
def test_r1_3_2_an_emptied_home_area_is_drawn_as_its_house(
    browser: Browser, server: Server
) -> None:
    s = Scenario(players=4, houses=["stark", "lannister", "baratheon", "greyjoy"]).empty()
    s.units("lannisport", "stark", "footman")  # a home area held by another house
    page = open_position(browser, server, state_message(s.g, 0))
    control = page.evaluate(
        """a => Object.fromEntries(a.map((x) => [x,
             document.querySelector(`.map [data-area="${x}"]`).getAttribute('data-control')]))""",
        ["winterfell", "pyke", "dragonstone", "lannisport", "the_twins"],
    )
    assert control == {
        "winterfell": "stark",  # empty: still Stark's (R1.3.2)
        "pyke": "greyjoy",
        "dragonstone": "baratheon",
        "lannisport": "stark",  # Stark's footman holds it
        "the_twins": None,
    }
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_r7_8_combat_panel_and_hand_after_the_fight_at_1024(
    browser: Browser, server: Server
) -> None:
    g = after_patchface()
    page = open_position(browser, server, state_message(g, 2), {"width": 1024, "height": 768})
    combat = page.locator("#combat")
    text = combat.inner_text()
    assert "attacked from Harrenhal with Footman" in text and "with  against" not in text
    rows = page.locator("#combat table.strength tr")
    lannister = rows.nth(1).locator("td").all_inner_texts()
    assert lannister[0] == "1" and lannister[-1] == "1"  # the footman that fought; total 1
    assert rows.nth(2).locator("td").all_inner_texts()[-1] == "4"
    # the card just played is on the table, not in the hand (R7.11 discards it at the end)
    assert page.locator('#hand [data-card="patchface"]').count() == 0
    assert "Patchface" in page.locator("#inplay").inner_text()
    assert (
        page.locator(
            '[data-cards="lannister"] .hcard.inplay[data-hcard="cersei_lannister"]'
        ).count()
        == 1
    )
    # the whole table is on screen at 1024x768: nothing cut, nothing scrolls sideways
    wrap = page.locator("#combat .tablewrap")
    assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth")
    box = page.locator("#combat table.strength").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 1024
    no_sideways_scroll(page)
    page.context.close()


def test_r7_7_tides_and_casualties_read_in_words_in_the_log(
    browser: Browser, server: Server
) -> None:
    g = after_patchface()
    page = open_position(browser, server, state_message(g, 0))
    log = page.locator("#log").inner_text()
    assert "Lannister loses" not in log or "(routed or siege)" not in log
    assert "'" not in "".join(line for line in log.splitlines() if "Tides" in line)
    page.context.close()


def test_the_log_keeps_every_entry_and_filters_by_round(browser: Browser, server: Server) -> None:
    s = Scenario(players=4).empty()
    extra: list[dict[str, Any]] = []
    for r in (1, 2, 3):
        extra.append({"kind": "round", "round": r, "text": f"=== Round {r} ==="})
        extra += [{"kind": "note", "text": f"round {r} entry {i}"} for i in range(150)]
    page = open_position(browser, server, state_message(s.g, 0, extra_events=extra))
    assert page.locator("#log li").count() >= 453
    assert page.locator("#log li", has_text="round 1 entry 0").count() == 1
    page.select_option("#logfilter", "2")
    assert page.locator("#log li").count() == 151
    assert page.locator("#log li", has_text="round 1 entry").count() == 0
    page.context.close()


def test_the_end_screen_names_the_players_and_closes(browser: Browser, server: Server) -> None:
    s = Scenario(players=4, houses=["stark", "lannister", "baratheon", "greyjoy"]).empty()
    outcome = {
        "winner": 1,
        "ranking": [1, 0, 2, 3],
        "reason": "Lannister holds 7 castles",
        "names": ["Stark", "Lannister", "Baratheon", "Greyjoy"],
        "scores": [{"castles": 3}, {"castles": 7}, {"castles": 2}, {"castles": 1}],
        "rounds": 6,
    }
    names = {0: "Ann", 1: "Bo", 2: "Cy", 3: "Di"}
    msg = state_message(s.g, 0, names=names, status="over", outcome=outcome)
    page = open_position(browser, server, msg)
    end = page.locator("#endscreen")
    assert [li.split()[0] for li in end.locator("li").all_inner_texts()] == [
        "Bo",
        "Ann",
        "Cy",
        "Di",
    ]
    assert "Lannister" in end.locator("li").first.inner_text()
    page.click("#close-end")
    assert page.locator("#endscreen").count() == 0
    page.context.close()


def test_r3_7_2_a_fractional_bid_is_refused_on_the_page(browser: Browser, server: Server) -> None:
    g = scen().start(WildlingAttack(8))
    seat = g.pending()[0].seat
    page = open_position(browser, server, state_message(g, seat))
    page.fill("#bid", "1.5")
    assert "whole number of power tokens" in page.locator("#bid-problem").inner_text()
    assert page.locator("#bid-send").is_disabled()
    page.fill("#bid", "0")
    assert page.locator("#bid-problem").count() == 0 and page.locator("#bid-send").is_enabled()
    page.context.close()


# ------------------------------------------------------------------ context beside each decision
def test_r5_5_2_the_raven_names_the_card(browser: Browser, server: Server) -> None:
    g = raven_scenario()
    top = g.wildling_deck[0]
    raven(g, "look")
    seat = g.seat_of("lannister")
    page = open_position(browser, server, state_message(g, seat))
    name = T.WILDLING_CARD_BY_ID[top].name
    assert name in page.locator("#decision .prompt").inner_text()
    # the card's text beside it, for the holder only (R1.14.1)
    assert page.locator(f'[data-wildling="{top}"]').count() == 1
    page.context.close()


def test_r3_2_westeros_and_wildling_cards_shown_with_their_text(
    browser: Browser, server: Server
) -> None:
    s = Scenario(players=4).empty()
    s.g.phase = "westeros"
    resolving = [
        {"kind": "westeros_phase", "round": 2, "text": "Round 2: Westeros phase"},
        {"kind": "westeros_resolving", "card": "I:supply", "text": "Resolving Supply (I)"},
    ]
    page = open_position(browser, server, state_message(s.g, 0, extra_events=resolving))
    box = page.locator("#cardinplay").inner_text()
    assert "Supply (I)" in box and T.WESTEROS_CARD_BY_ID["I:supply"].effect in box
    page.context.close()
    wild = [
        *resolving,
        {"kind": "wildling_card", "card": "crow_killers", "text": "Wildling card: Crow Killers"},
    ]
    page = open_position(browser, server, state_message(s.g, 0, extra_events=wild))
    box = page.locator("#cardinplay").inner_text()
    card = T.WILDLING_CARD_BY_ID["crow_killers"]
    assert card.name in box and card.lowest_bidder in box and card.highest_bidder in box
    page.context.close()


def test_the_last_combat_is_gone_outside_its_action_phase(browser: Browser, server: Server) -> None:
    s = Scenario(players=4).empty()
    fight = {
        "kind": "combat_begin",
        "area": "riverrun",
        "attacker": "lannister",
        "defender": "stark",
        "from_area": "harrenhal",
        "units": [],
        "text": "Combat in Riverrun: …",
    }
    s.g.phase = "action"
    page = open_position(browser, server, state_message(s.g, 0, extra_events=[fight]))
    assert "Last combat" in page.locator("#combat").inner_text()
    page.context.close()
    s.g.phase = "westeros"
    later = [
        fight,
        {"kind": "round", "round": 3, "text": "=== Round 3 ==="},
        {"kind": "westeros_phase", "round": 3, "text": "Round 3: Westeros phase"},
    ]
    page = open_position(browser, server, state_message(s.g, 0, extra_events=later))
    assert page.locator("#combat").count() == 0
    page.context.close()


def test_r1_14_2_every_houses_cards_are_shown(browser: Browser, server: Server) -> None:
    s = Scenario(players=4, houses=["stark", "lannister", "baratheon", "greyjoy"])
    page = open_position(browser, server, state_message(s.g, 0))
    for house in ("lannister", "baratheon", "greyjoy"):
        shown = page.locator(f'[data-cards="{house}"] .hcard').count()
        assert shown == len(s.g.hands[house]) + len(s.g.discards[house]) == 7
    page.context.close()


def test_r6_4_planned_and_resolved_marches_are_drawn(browser: Browser, server: Server) -> None:
    s = Scenario(players=4).empty().units("winterfell", "stark", "footman", "knight")
    g = marching(s, "winterfell")
    (d,) = g.pending()
    g.apply(d.seat, "footman>moat_cailin")
    g.phase = "action"  # the scenario starts the march alone
    done = {
        "kind": "march",
        "house": "greyjoy",
        "from_area": "pyke",
        "to": "the_stony_shore",
        "units": [],
        "attack": False,
        "text": "Greyjoy marches …",
    }
    page = open_position(browser, server, state_message(g, d.seat, extra_events=[done]))
    assert page.locator('[data-march="winterfell>moat_cailin"][data-kind="plan"]').count() == 1
    assert page.locator('[data-march="pyke>the_stony_shore"][data-kind="done"]').count() == 1
    page.context.close()


# ------------------------------------------------------------------ a real table
@pytest.fixture
def player(browser: Browser, server: Server) -> Iterator[Person]:
    created = create_game(server, [{"type": "human"}, *BOTS], config={"planning": "table"})
    seat = created["seats"][0]
    p = Person(browser, server, created["id"], seat["seat"], seat["token"])
    p.context.close()
    p.context = browser.new_context(viewport={"width": 1440, "height": 900})
    p.page = p.context.new_page()
    p.page.on("pageerror", lambda e: p.errors.append(str(e)))
    p.open(seat["link"])
    p.page.wait_for_selector("#decision", timeout=15_000)
    yield p
    assert p.errors == []
    p.close()


def zoom(page: Page) -> float:
    return float(page.locator(".mapview").get_attribute("data-zoom") or 0)


def test_the_map_fits_zooms_and_pans(player: Person) -> None:
    page = player.page
    south = page.locator('.map [data-area="sunspear"]').bounding_box()
    assert south is not None and south["y"] + south["height"] <= 900  # south visible at 1440x900
    no_sideways_scroll(page)
    keep_screenshot(page, "screenshot-1440x900.png")
    assert zoom(page) == 1
    page.click("#zoom-in")
    assert zoom(page) == 1.5
    before = page.locator(".zoomed").get_attribute("style")
    box = page.locator(".mapview").bounding_box()
    assert box is not None
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx + 60, cy + 80, steps=5)
    page.mouse.up()
    assert page.locator(".zoomed").get_attribute("style") != before  # dragged: panned
    assert page.locator(".popup").count() == 0  # a drag is no click
    page.mouse.wheel(0, -200)
    page.wait_for_function("() => +document.querySelector('.mapview').dataset.zoom > 1.5")
    page.click("#zoom-reset")
    assert zoom(page) == 1
    # zoomed in, a click on the map still lands on its area
    page.click("#zoom-in")
    focus = page.evaluate(
        "document.querySelector('.map [data-area].focus').getAttribute('data-area')"
    )
    player.click_area(focus)
    page.wait_for_selector(".popup")
    assert T.area_name(focus) in page.locator(".popup-title").inner_text()


def test_phone_and_tablet_never_scroll_sideways(player: Person) -> None:
    for width, height in ((390, 844), (1024, 768)):
        player.page.set_viewport_size({"width": width, "height": height})
        player.page.wait_for_timeout(100)
        no_sideways_scroll(player.page)
    player.page.set_viewport_size({"width": 390, "height": 844})
    map_box = player.page.locator(".mapview").bounding_box()
    assert map_box is not None and map_box["width"] >= 360  # the map takes the phone's width
    keep_screenshot(player.page, "screenshot-390x844.png")


def test_the_live_dot_follows_the_network(player: Person) -> None:
    page = player.page
    assert "live" in page.locator("#conn").inner_text()
    player.context.set_offline(True)
    page.wait_for_function("document.querySelector('#conn').textContent.includes('offline')")
    player.context.set_offline(False)
    page.wait_for_function(
        "document.querySelector('#conn').textContent.includes('live')", timeout=10_000
    )


def test_back_online_while_the_socket_closes_leaves_one_socket(player: Person) -> None:
    """The browser says it is online again while the page's socket is still closing: the
    page makes one new socket, and the old one's late close starts no other (it once did,
    leaving the second socket open beside a third)."""
    page = player.page
    page.evaluate(
        """() => {
          let current = window.__westerosSocket;
          window.__sockets = [current];
          Object.defineProperty(window, '__westerosSocket', {
            configurable: true,
            get: () => current,
            set: (s) => { current = s; window.__sockets.push(s); },
          });
          current.close();  // closing: its close event comes later
          window.dispatchEvent(new Event('online'));
        }"""
    )
    page.wait_for_function(
        "window.__sockets[0].readyState === 3 && window.__westerosSocket.readyState === 1",
        timeout=10_000,
    )
    page.wait_for_selector("#conn.live")
    page.wait_for_timeout(1_500)  # a stray reconnect would come 200 ms after the late close
    assert page.evaluate("window.__sockets.map(s => s.readyState)") == [3, 1]
    assert "live" in page.locator("#conn").inner_text()


def test_a_double_click_makes_one_move(player: Person) -> None:
    page = player.page
    assert player.decision_kind() == "plan_orders"
    focus = page.evaluate(
        "document.querySelector('.map [data-area].focus').getAttribute('data-area')"
    )
    player.load_anchors()
    player.click_area(focus)
    page.locator(".popup button[data-choice]").first.dblclick()
    page.wait_for_function("(window.__westerosSent || 0) >= 1")
    page.wait_for_timeout(500)
    assert player.sent() == 1
    assert page.locator("#error").count() == 0


def test_turn_signal_and_private_notes(player: Person) -> None:
    page = player.page
    assert page.title().startswith("▶ Your move: ")
    assert "d4141a" in (page.locator('link[rel="icon"]').get_attribute("href") or "")
    page.fill("#notes-text", "Greyjoy promised not to attack Seagard")
    page.reload()
    page.wait_for_selector("#notes-text")
    assert page.locator("#notes-text").input_value() == "Greyjoy promised not to attack Seagard"


def test_chat_between_two_browsers_and_a_spectator(browser: Browser, server: Server) -> None:
    created = create_game(server, [{"type": "human"}, {"type": "human"}, *BOTS[:2]])
    people = []
    for s in created["seats"]:
        p = Person(browser, server, created["id"], s["seat"], s["token"])
        p.open(s["link"])
        people.append(p)
    ann, bo = people
    ann.page.fill("#chat-text", "<i>Bo</i>, shall we share the Riverlands?")
    ann.page.click("#chat-send")
    line = bo.page.locator("#chat li", has_text="shall we share the Riverlands?")
    line.wait_for(timeout=10_000)
    assert "<i>Bo</i>" in line.inner_text()  # shown as typed, never as markup
    assert bo.page.locator("#chat li i").count() == 0
    bo.page.fill("#chat-text", "No.")
    bo.page.press("#chat-text", "Enter")
    ann.page.locator("#chat li", has_text="No.").wait_for(timeout=10_000)
    watcher = Person(browser, server, created["id"])
    watcher.open(f"{server.url}/play/{created['id']}")
    watcher.page.locator("#chat li", has_text="No.").wait_for(timeout=10_000)
    assert watcher.page.locator("#chat-text").count() == 0
    assert "only the players write" in watcher.page.locator("#chat").inner_text()
    for p in (*people, watcher):
        assert p.errors == []
        p.close()


def test_a_finished_game_replays_from_the_end_screen(browser: Browser, server: Server) -> None:
    created = create_game(server, BOTS)
    watcher = Person(browser, server, created["id"])
    watcher.open(f"{server.url}/play/{created['id']}")
    page = watcher.page
    page.wait_for_selector("#endscreen", timeout=90_000)
    page.click("#replay")
    page.wait_for_selector("#replay")
    move = page.locator("#replay-move")
    assert move.inner_text() == "0" and "Round 1" in page.locator("#replay-round").inner_text()
    page.click("#replay-next")
    page.wait_for_function("document.querySelector('#replay-move').textContent === '1'")
    page.click("#replay-next-round")
    page.wait_for_function(
        "document.querySelector('#replay-round').textContent.includes('Round 2')"
    )
    at_round_two = int(move.inner_text())
    assert at_round_two > 1
    page.click("#replay-back")
    page.wait_for_function(
        f"document.querySelector('#replay-move').textContent === '{at_round_two - 1}'"
    )
    assert "Round 1" in page.locator("#replay-round").inner_text()
    page.click("#replay-end")
    page.wait_for_function("document.querySelector('#replay-next').disabled")
    assert page.locator("#log li").count() > 50
    page.click("#replay-close")
    page.wait_for_selector("#open-replay")
    assert watcher.errors == []
    watcher.close()


def test_r6_4_6_a_blocked_march_says_why_and_areas_show_a_card(
    browser: Browser, server: Server
) -> None:
    s = Scenario(players=4).empty().supply("stark", 1)
    s.units("winterfell", "stark", "footman", "footman", "footman")
    s.units("white_harbor", "stark", "footman", "footman")
    s.units("moat_cailin", "stark", "footman")
    g = marching(s, "winterfell")
    (d,) = g.pending()
    g.apply(d.seat, "footman>moat_cailin")
    page = open_position(browser, server, state_message(g, d.seat))
    assert "breaks your supply limits" in page.locator("#march-blocked").inner_text()
    assert page.locator('#decision button[data-choice="done"]').count() == 0
    # the area card: what is in an area, on hover
    page.hover('.map [data-area="white_harbor"]')
    card = page.locator("#areacard")
    card.wait_for()
    text = card.inner_text()
    assert "White Harbor" in text and "Held by Stark" in text and "Stark Footman" in text
    assert page.locator('[data-orders="stark"]').inner_text().startswith("1")  # Winterfell's
    page.context.close()
