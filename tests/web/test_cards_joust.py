"""The card table in Debian's Chromium (Playwright) against a real `westeros serve` process: a
person plays a whole joust against the random bot by clicking only; two people on one joust
never see each other's hand; a reload in the middle of a decision returns to it. These tests
never skip: without Chromium they fail and say how to install it."""

from __future__ import annotations

import os
import time

import httpx
from playwright.sync_api import Browser, Route

from tests.server.support import Server
from tests.web.browser import wait_held
from tests.web.cardtable import JOUST_DECKS, CardPerson, create_card_game, person_vs_bots

GAME_LIMIT = 600.0  # seconds for the whole joust, at most


def test_a_person_plays_a_whole_joust_by_clicking(server: Server, browser: Browser) -> None:
    game = person_vs_bots(server, JOUST_DECKS)
    ann = CardPerson(browser, server, game, 0)
    used = ann.open()
    print(f"budgets: card table usable in {used:.2f} s")
    shot = os.environ.get("WESTEROS_CARD_SCREENSHOT")
    illegal_checked = False
    t0 = time.monotonic()
    while time.monotonic() - t0 < GAME_LIMIT:
        st = ann.state()
        if st["status"] != "playing":
            break
        view = st["view"]
        if shot and view["round"] >= 2 and (view["challenge"] or {}).get("attackers"):
            ann.wait_shown(st["move"])
            ann.page.screenshot(path=shot)  # `make screenshot`: the README's card table
            shot = None
        if not illegal_checked and _marshal_with_a_dimmed_card(ann, st):
            illegal_checked = True
        ann.step()
    else:
        raise AssertionError(f"the joust did not end within {GAME_LIMIT} s")
    assert not ann.errors, ann.errors
    # the whole game went by: setup, plots, marshaling, challenges, claim and taxation
    assert {"mulligan", "setup", "plot", "marshal", "challenge", "attacker"} <= ann.seen, ann.seen
    assert illegal_checked
    st = ann.state()
    kinds = {e["kind"] for e in st["events"]}
    assert {"claim", "tax", "challenge_result", "game_over"} <= kinds
    assert "use" in ann.seen or "reaction" in ann.seen or "interrupt" in ann.seen
    # the end screen: the ranking and the record to download
    ann.page.wait_for_selector("#endscreen", timeout=10_000)
    winner = st["outcome"]["winner"]
    assert ann.page.locator("#endscreen [data-rank]").first.get_attribute("data-rank") == str(
        winner
    )
    href = ann.page.locator("#record").get_attribute("href")
    record = httpx.get(server.url + str(href), timeout=10)
    assert record.status_code == 200 and record.json()["game"] == "cardgame"
    # the log on the page is the server's, from its structured events
    assert ann.page.locator("#log li").count() >= min(300, len(st["events"]))
    # closed, the end screen leaves the table; the discard and dead piles can be looked through
    ann.page.locator("#endscreen #close-end").click()
    for seat, pile in ((0, "discard"), (1, "dead")):
        ids = [c["id"] for c in st["view"]["players"][seat][pile]]
        ann.page.locator(f'[data-pile="{pile}:{seat}"]').click()
        box = ann.page.locator("#pile")
        got = box.locator("[data-card]").evaluate_all("els => els.map(e => +e.dataset.card)")
        assert got == ids
        box.locator("button").last.click()
        assert not ann.page.locator("#pile").count()
    ann.close()


def _marshal_with_a_dimmed_card(ann: CardPerson, st: dict[str, object]) -> bool:
    """In marshaling, a card of the hand that cannot be marshaled is dimmed; a click on it
    says why and changes nothing."""
    decisions = st["decisions"]
    assert isinstance(decisions, list)
    if not decisions or decisions[0]["kind"] != "action":
        return False
    if not any(str(c).startswith("marshal:") for c in decisions[0]["choices"]):
        return False
    ann.wait_shown(int(str(st["move"])))
    dim = ann.page.locator("#hand .card.dim")
    if not dim.count():
        return False
    dim.first.click()
    ann.page.wait_for_selector("#error", timeout=10_000)
    assert ann.page.locator("#error").inner_text().strip()
    assert ann.state()["move"] == st["move"]  # nothing was played
    return True


def test_two_browsers_never_see_each_others_hand(server: Server, browser: Browser) -> None:
    seats = [{"type": "human", "name": "Ann", "creator": True}, {"type": "human", "name": "Bo"}]
    game = create_card_game(server, seats, JOUST_DECKS)
    ann, bo = CardPerson(browser, server, game, 0), CardPerson(browser, server, game, 1)
    ann.open()
    bo.open()
    checks = 0
    for _ in range(60):  # setup (cards face down), plots, marshaling
        for me, other in ((ann, bo), (bo, ann)):
            st, theirs = me.state(), other.state()
            me.wait_shown(st["move"])
            mine = {c["id"] for c in st["view"]["players"][me.seat]["hand"]}
            hidden = {c["id"] for c in theirs["view"]["players"][other.seat]["hand"]}
            facedown = {
                c["id"]
                for c in theirs["view"]["in_play"]
                if c.get("facedown") and c.get("controller") == other.seat
            }
            shown = me.dom_cards()
            assert not shown & (hidden | facedown), "a card of the other's hand is on the page"
            assert me.hand_ids() == mine
            checks += 1
        movers = [p for p in (ann, bo) if p.state()["decisions"]]
        if not movers:
            break
        movers[0].step()
        if ann.state()["view"]["phase"] == "challenges":
            break
    assert checks >= 20
    # a spectator sees the table and no hand at all
    eve = CardPerson(browser, server, game, 0)
    eve.page.goto(f"{server.url}/play/{game['id']}")
    eve.page.wait_for_selector(".player [data-card]", timeout=10_000)
    hands = {c["id"] for p in (ann, bo) for c in p.state()["view"]["players"][p.seat]["hand"]}
    assert not eve.page.locator("#hand").count() and not eve.dom_cards() & hands
    assert not ann.errors and not bo.errors and not eve.errors
    for p in (ann, bo, eve):
        p.close()


def test_a_reload_mid_decision_returns_to_the_same_decision(
    server: Server, browser: Browser
) -> None:
    game = person_vs_bots(server, JOUST_DECKS, clock={"mode": "chess", "initial": 1800})
    ann = CardPerson(browser, server, game, 0)
    ann.open()
    clock = ann.page.locator('#seats [data-clock="0"]').inner_text().removeprefix("▶ ")
    minutes, seconds = (int(x) for x in clock.split(":"))  # m:ss, 30 minutes for the game
    # (it runs from the game's creation: a loaded machine takes seconds to open the page)
    assert len(clock) == 5 and 29 * 60 + 30 <= minutes * 60 + seconds <= 30 * 60, clock
    reloaded: set[str] = set()
    for _ in range(400):
        st = ann.state()
        d = st["decisions"][0] if st["decisions"] else None
        if d and d["kind"] in ("setup", "attacker") and d["kind"] not in reloaded:
            ann.wait_shown(st["move"])
            ann.step()  # one card chosen: does the decision go on?
            st = ann.state()
            if not st["decisions"] or st["decisions"][0]["kind"] != d["kind"]:
                continue
            ann.page.reload()  # the seat's token is in this browser: the same seat
            ann.page.wait_for_selector(f'#decision[data-kind="{d["kind"]}"]', timeout=10_000)
            assert ann.shown_move() == st["move"]
            if d["kind"] == "attacker":  # the attacker already declared is shown attacking
                first = st["view"]["challenge"]["attackers"][0]
                assert ann.page.locator(f'[data-card="{first}"].attacking').count() == 1
            reloaded.add(d["kind"])
            if reloaded == {"setup", "attacker"}:
                break
        ann.step()
    assert reloaded == {"setup", "attacker"}
    # a lost connection: the page reconnects and asks only for what it missed
    url = ann.drop_connection()
    assert int(url.split("since=")[1].split("&")[0]) > 0, url  # not the whole log again
    ann.step()
    # the seat's link made anew elsewhere: this page says its link no longer works
    url = f"{server.url}/api/games/{ann.game}/seats/0/rotate"
    r = httpx.post(url, headers={"authorization": f"Bearer {ann.token}"}, timeout=10)
    assert r.status_code == 200, r.text
    ann.page.wait_for_selector("#revoked", timeout=10_000)
    assert ann.page.locator('a[href$="/play/' + ann.game + '"]').count() == 1  # watch it
    assert not ann.errors, ann.errors
    ann.close()


def test_table_talk_at_the_card_table(server: Server, browser: Browser) -> None:
    """The board's table talk on the card screen (one shared chat.js): a line from one
    player reaches the other, named by its faction, as text (never as markup)."""
    seats = [{"type": "human", "name": "Ann", "creator": True}, {"type": "human", "name": "Bo"}]
    game = create_card_game(server, seats, JOUST_DECKS)
    ann, bo = CardPerson(browser, server, game, 0), CardPerson(browser, server, game, 1)
    ann.open()
    bo.open()
    ann.page.fill("#chat-text", "<i>Bo</i>, winter is coming.")
    ann.page.click("#chat-send")
    line = bo.page.locator("#chat li", has_text="winter is coming.")
    line.wait_for(timeout=10_000)
    assert "Ann" in line.inner_text() and "<i>Bo</i>" in line.inner_text()
    assert bo.page.locator("#chat li i").count() == 0
    faction = ann.state()["view"]["names"][0]
    assert faction in line.inner_text()


def test_a_double_click_on_a_card_makes_one_move(server: Server, browser: Browser) -> None:
    """A card clicked twice before the server answered the first click is posted once: the
    second post, refused as stale, was sent again on the next decision (or said "illegal")."""
    game = person_vs_bots(server, JOUST_DECKS)
    ann = CardPerson(browser, server, game, 0)
    ann.open()
    for _ in range(20):  # the mulligan, then the first setup card
        st = ann.state()
        d = st["decisions"][0] if st["decisions"] else None
        if d and d["kind"] == "setup":
            break
        ann.step()
    assert d and d["kind"] == "setup", d
    ann.wait_shown(st["move"])
    card = next(c for c in d["choices"] if isinstance(c, int))
    held: list[Route] = []  # the moves posted, held until both clicks are in
    ann.page.route("**/api/games/*/moves*", lambda route: held.append(route))
    before = ann.sent()
    ann.page.locator(f'[data-card="{card}"].choice').first.dblclick()
    wait_held(ann.page, held, 1)  # (and a second post, if any)
    assert len(held) == 1
    for route in held:
        route.continue_()
    ann.wait_sent(before)
    ann.page.wait_for_timeout(300)
    assert ann.sent() == before + 1 and ann.page.locator("#error").count() == 0
    assert not ann.errors, ann.errors
    ann.close()
