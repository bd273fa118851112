"""Helpers of the card table's browser tests: a card game made through the server's API, and a
person at the card table who acts only by clicking (cards on the table, in the hand or in the
decision panel, a player's header, the panel's buttons). What to click is read from the
server's state message; the click itself is always on the page."""

from __future__ import annotations

import time
from typing import Any

import httpx
from playwright.sync_api import Browser

from tests.server.support import Server
from tests.web.browser import Person

JOUST_DECKS = ["westeros-stark", "westeros-lannister"]
MELEE_DECKS = ["westeros-stark", "westeros-lannister", "westeros-stark", "westeros-lannister"]
SEAT_KINDS = {"first_player", "redirect_to", "whispers"}


def create_card_game(
    server: Server, seats: list[dict[str, Any]], decks: list[str], **extra: Any
) -> Any:
    body = {"kind": "cardgame", "config": {"decks": decks}, "seats": seats, **extra}
    r = httpx.post(server.url + "/api/games", json=body, timeout=10)
    assert r.status_code == 201, r.text
    return r.json()


def person_vs_bots(server: Server, decks: list[str], **extra: Any) -> Any:
    seats: list[dict[str, Any]] = [{"type": "human", "name": "Ann", "creator": True}]
    seats += [{"type": "bot", "bot": "random"} for _ in decks[1:]]
    return create_card_game(server, seats, decks, **extra)


class CardPerson(Person):
    """One seat at the card table in one browser page."""

    def __init__(self, browser: Browser, server: Server, game: dict[str, Any], seat: int) -> None:
        link = next(s for s in game["seats"] if s["seat"] == seat)
        super().__init__(browser, server, game["id"], seat, link["token"])
        self.link = link["link"]
        self.used: dict[str, int] = {}  # card abilities used, by choice
        self.seen: set[str] = set()  # decision kinds answered (and "marshal", "use")

    def open(self, link: str = "") -> float:
        """Open the join link; seconds until the table is usable (the cards are drawn)."""
        t0 = time.perf_counter()
        self.page.goto(link or self.link)
        self.page.wait_for_selector(".player [data-card]", timeout=10_000)
        self.page.wait_for_function("window.__westeros !== undefined", timeout=10_000)
        return time.perf_counter() - t0

    def dom_cards(self) -> set[int]:
        """Every card id the page shows."""
        ids = self.page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)")
        return {int(i) for i in ids}

    def hand_ids(self) -> set[int]:
        ids = self.page.eval_on_selector_all(
            "#hand [data-card]", "els => els.map(e => e.dataset.card)"
        )
        return {int(i) for i in ids}

    # -- clicks
    def click_card(self, card: int, choice: str | int) -> None:
        """Click a card that answers the decision; a menu (several choices on it) gets the
        choice's button."""
        before = self.sent()
        self.page.locator(f'[data-card="{card}"].choice').first.click()
        menu = self.page.locator(f'.cardmenu button[data-choice="{choice}"]')
        if menu.count():
            menu.first.click()
        self.wait_sent(before)

    def click_button(self, choice: str | int) -> None:
        self.click_and_wait(self.page.locator(f'#decision button[data-choice="{choice}"]').first)

    def click_seat(self, seat: int) -> None:
        self.click_and_wait(self.page.locator(f'.phead[data-seat-choice="{seat}"]'))

    # -- a simple policy, all by clicking
    def decide(self, st: dict[str, Any]) -> str:
        """Answer this seat's open decision by clicking; the kind answered."""
        d = st["decisions"][0]
        kind, choices, view = d["kind"], d["choices"], st["view"]
        self.page.wait_for_selector(f'#decision[data-kind="{kind}"]', timeout=10_000)
        cards = [c for c in choices if isinstance(c, int)]
        words = [c for c in choices if isinstance(c, str)]
        if kind in ("action", "interrupt", "reaction"):
            self._window(kind, choices)
        elif kind == "mulligan":
            self.click_button("keep")
        elif kind == "challenge":
            self.click_button(words[0])  # a challenge while one is left, then "done"
        elif kind == "defender":
            declaring = (view["challenge"] or {}).get("declaring", [])
            if cards and not declaring:
                self.click_card(cards[0], cards[0])
            else:
                self.click_button("done")
        elif kind == "first_player":
            self.click_seat(self.seat)
        elif kind in SEAT_KINDS:
            self.click_button(choices[0])
        elif cards:
            self.click_card(cards[0], cards[0])
        else:
            self.click_button(choices[0])
        self.seen.add(kind)
        return kind

    def _window(self, kind: str, choices: list[Any]) -> None:
        marshal = [c for c in choices if c.startswith("marshal:")]
        uses = [c for c in choices if c.startswith("use:") and self.used.get(c, 0) < 2]
        if marshal:
            self.seen.add("marshal")
            self.click_card(int(marshal[0].split(":")[1]), marshal[0])
        elif uses:
            self.seen.add("use")
            self.used[uses[0]] = self.used.get(uses[0], 0) + 1
            if kind == "action":
                self.click_card(int(uses[0].split(":")[1]), uses[0])
            else:  # the window panel's button
                self.click_button(uses[0])
        else:
            self.click_button("pass")

    def step(self, timeout: float = 30.0) -> str | None:
        """Wait until this seat has a decision (or the game ends) and answer it."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            st = self.state()
            if st["status"] != "playing":
                return None
            if st["decisions"]:
                self.wait_shown(st["move"])
                if self.shown_move() > st["move"]:
                    continue  # the page is further on: read again
                return self.decide(st)
            time.sleep(0.05)
        raise AssertionError(f"no decision for seat {self.seat} within {timeout} s")
