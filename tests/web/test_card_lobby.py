"""The lobby makes card games (issue 21), in Debian's Chromium against a real `westeros serve`:
a joust against a bot with a shipped deck; a pasted deck list with a typo, refused with the
line named (as it is typed, and by the server when the game is started anyway); a deck saved
in the browser that survives a reload, then deleted. These tests never skip: without Chromium
they fail and say how to install it."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Browser, Page

from tests.cardgame.lists import thronesdb
from tests.server.support import Server
from tests.web.browser import Person
from westeros.cardgame.public import SHIPPED

STARK_LIST = thronesdb(SHIPPED["westeros-stark"]())  # as ThronesDB exports it


def card_lobby(person: Person) -> Page:
    page = person.page
    page.goto(person.server.url + "/")
    page.wait_for_selector("#create")
    page.check("input[name=game][value=cardgame]")
    page.wait_for_selector('select[data-deck="1"]')
    return page


def storage(page: Page, key: str) -> Any:
    return page.evaluate("k => localStorage.getItem(k)", key)


def typo_list() -> tuple[str, int]:
    lines = STARK_LIST.replace("Eddard Stark", "Edard Stark").splitlines()
    return "\n".join(lines), next(i for i, x in enumerate(lines) if "Edard" in x) + 1


def card_games(server: Server) -> list[dict[str, Any]]:
    games = httpx.get(server.url + "/api/games", timeout=10).json()["games"]
    return [g for g in games if g["kind"] == "cardgame"]


def test_a_card_joust_against_a_bot_with_a_shipped_deck(server: Server, browser: Browser) -> None:
    person = Person(browser, server)
    page = card_lobby(person)
    page.fill("input[name=name]", "Ann")
    assert page.locator("input[name=format][value=joust]").is_checked()  # the default
    assert page.locator("tr[data-seatrow]").count() == 2
    assert page.locator('input[data-bot="1"]').is_checked()  # seat 2 a bot
    bots = page.locator('select[data-botname="1"] option').all_inner_texts()
    kinds = httpx.get(server.url + "/api/kinds", timeout=10).json()
    assert bots == next(k["bots"] for k in kinds if k["kind"] == "cardgame")
    page.select_option('select[data-deck="0"]', "id:westeros-stark")
    page.select_option('select[data-deck="1"]', "id:Core-4")
    page.wait_for_selector('[data-deckcheck="0"][data-state=ok]')
    assert "House Stark · Fealty · 7 plots · 60 cards" in page.inner_text('[data-deckcheck="0"]')
    # each seat's check answers on its own: wait for seat 2's, not just seat 1's
    page.locator('[data-deckcheck="1"]', has_text="starter deck (C4.8)").wait_for(timeout=10_000)
    page.click("#create")  # nobody to invite: straight to the table
    page.wait_for_url("**/play/**?seat=0")
    game = page.url.split("/play/")[1].split("?")[0]
    token = storage(page, f"westeros.token.{game}.0")
    assert token and storage(page, f"westeros.owner.{game}")
    state = httpx.get(
        f"{server.url}/api/games/{game}/state",
        headers={"authorization": f"Bearer {token}"},
        timeout=10,
    ).json()
    assert state["players"][0]["name"] == "Ann" and state["players"][1]["type"] == "bot"
    card_kind = next(k for k in kinds if k["kind"] == "cardgame")
    assert state["players"][1]["bot"] == card_kind["stand_in"] == "heuristic"  # the default
    me, bot = state["view"]["players"]
    assert "hand" in me and "hand" not in bot
    lobby = next(g for g in card_games(server) if g["id"] == game)
    assert lobby["config"]["decks"] == ["westeros-stark", "Core-4"]
    # the person makes the ordering choices, the bot leaves them to the engine (D7, D22)
    assert lobby["config"]["auto"] == [False, True]
    assert not person.errors, person.errors
    person.close()


def test_a_pasted_list_with_a_typo_is_refused_with_its_line(
    server: Server, browser: Browser
) -> None:
    person = Person(browser, server)
    page = card_lobby(person)
    before = {g["id"] for g in card_games(server)}
    text, line = typo_list()
    page.select_option('select[data-deck="0"]', "paste")
    page.fill('textarea[data-decktext="0"]', text)
    page.wait_for_selector('[data-deckcheck="0"][data-state=bad]')
    problem = f"line {line}: unknown card 'Edard Stark': did you mean 'Eddard Stark'?"
    assert page.locator('[data-deckcheck="0"] li').all_inner_texts() == [problem]
    page.click("#create")  # started anyway: the server refuses it, seat by seat
    page.wait_for_selector('#lobby-error li[data-problem="0"]')
    assert page.inner_text('#lobby-error li[data-problem="0"]') == f"Seat 1's deck: {problem}"
    assert {g["id"] for g in card_games(server)} == before  # nothing was created
    # the typo mended, the list passes
    page.fill('textarea[data-decktext="0"]', STARK_LIST)
    page.wait_for_selector('[data-deckcheck="0"][data-state=ok]')
    assert not person.errors, person.errors
    person.close()


def test_a_saved_deck_survives_a_reload_and_can_be_deleted(
    server: Server, browser: Browser
) -> None:
    person = Person(browser, server)
    page = card_lobby(person)
    page.select_option('select[data-deck="0"]', "paste")
    page.fill('textarea[data-decktext="0"]', STARK_LIST)
    page.wait_for_selector('[data-deckcheck="0"][data-state=ok]')
    page.fill('input[data-savename="0"]', "My wolves")
    page.click('button[data-savedeck="0"]')
    assert page.locator('select[data-deck="0"]').input_value() == "saved:My wolves"
    page.reload()
    page.wait_for_selector("#create")
    page.check("input[name=game][value=cardgame]")
    page.wait_for_selector('[data-saved="My wolves"]')
    page.select_option('select[data-deck="1"]', "saved:My wolves")  # the bot plays it
    page.wait_for_selector('[data-deckcheck="1"][data-state=ok]')
    assert "House Stark · Fealty" in page.inner_text('[data-deckcheck="1"]')
    page.click("#create")
    page.wait_for_url("**/play/**?seat=0")
    game = page.url.split("/play/")[1].split("?")[0]
    decks = next(g for g in card_games(server) if g["id"] == game)["config"]["decks"]
    assert decks[1]["faction"] == "stark" and decks[1]["draw"]["01144"] == 3
    # deleted (after a confirmation), it is gone for good
    page.goto(server.url + "/")
    page.check("input[name=game][value=cardgame]")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click('button[data-deletedeck="My wolves"]')
    page.wait_for_selector('[data-saved="My wolves"]', state="detached")
    page.reload()
    page.wait_for_selector("#create")
    assert storage(page, "westeros.decks") == "[]"
    assert not person.errors, person.errors
    person.close()


def test_an_unknown_game_says_so_above_the_lobby(server: Server, browser: Browser) -> None:
    person = Person(browser, server)
    person.page.goto(server.url + "/play/no-such-game?seat=0")
    person.page.wait_for_selector("#fatal")
    assert "no-such-game" in person.page.inner_text("#fatal")
    assert person.page.locator("#create").count() == 1  # the lobby is right there
    assert not person.errors, person.errors
    person.close()


def test_a_person_may_leave_the_ordering_choices_to_the_engine(
    server: Server, browser: Browser
) -> None:
    """D7, D11, D14, D15, D22, D23: a person at the table makes these choices unless the lobby's
    box is ticked; bots always leave them to the engine."""
    person = Person(browser, server)
    page = card_lobby(person)
    page.check("input[name=auto]")
    page.click("#create")
    page.wait_for_url("**/play/**?seat=0")
    game = page.url.split("/play/")[1].split("?")[0]
    lobby = next(g for g in card_games(server) if g["id"] == game)
    assert lobby["config"]["auto"] == [True, True]


def test_a_changed_deck_never_shows_the_last_decks_verdict(
    server: Server, browser: Browser
) -> None:
    """Right after a seat's deck changes, before the server has answered for it, the check
    shown is "checking", never the previous deck's "ok": a wait for ``data-state=ok`` then
    read the previous deck's summary as the new one's."""
    person = Person(browser, server)
    page = card_lobby(person)
    page.wait_for_selector('[data-deckcheck="1"][data-state=ok]')
    assert page.locator('select[data-deck="1"]').input_value() == "id:westeros-stark"
    shown = page.evaluate(
        """async () => {
          const select = document.querySelector('select[data-deck="1"]');
          select.value = 'id:westeros-lannister';
          select.dispatchEvent(new Event('change', { bubbles: true }));
          for (let i = 0; i < 5; i++) await Promise.resolve();  // rendered, no effect run yet
          return document.querySelector('[data-deckcheck="1"]').dataset.state;
        }"""
    )
    assert shown == "checking"
    page.locator('[data-deckcheck="1"][data-state=ok]', has_text="House Lannister").wait_for(
        timeout=10_000
    )
    assert not person.errors, person.errors
    person.close()
