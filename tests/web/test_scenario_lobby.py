"""The board game's scenarios in the lobby and on the table (issue 24, item 4), in Debian's
Chromium against a real `westeros serve`: A Dance with Dragons chosen in the lobby fixes six
players and its own house cards (X-ADWD-2.1) and its table shows the scenario, its last round
and the ADwD cards with their texts; the base game with the ADwD deck (X-ADWD-1.1); a bad
combination refused in words. These tests never skip: without Chromium they fail and say how
to install it."""

from __future__ import annotations

import time
from typing import Any

import httpx
from playwright.sync_api import Browser, Page

from tests.server.support import Server
from tests.web.browser import Person
from westeros.boardgame.public import tables as T


def board_lobby(person: Person) -> Page:
    page = person.page
    page.goto(person.server.url + "/")
    page.wait_for_selector("#create")
    page.wait_for_selector("select[name=scenario]")  # the kinds are loaded
    return page


def game_of(server: Server, gid: str) -> dict[str, Any]:
    games = httpx.get(server.url + "/api/games", timeout=10).json()["games"]
    found: dict[str, Any] = next(g for g in games if g["id"] == gid)
    return found


def test_an_adwd_game_is_made_in_the_lobby_and_shows_its_cards(
    server: Server, browser: Browser
) -> None:
    person = Person(browser, server)
    page = board_lobby(person)
    scenarios = page.locator("select[name=scenario] option").all_inner_texts()
    assert scenarios[:2] == ["Base game", "A Dance with Dragons"]
    page.select_option("select[name=scenario]", "adwd")
    # X-ADWD-2.1: six players, the six houses, the scenario's own deck
    players = page.locator("select[name=players]")
    assert players.input_value() == "6" and players.is_disabled()
    assert page.locator("select[name=house_cards]").input_value() == "adwd"
    assert page.locator("tr[data-seatrow]").count() == 6
    houses = page.inner_text("#scenario-houses")
    assert "exactly 6 players" in houses
    assert all(T.house_name(h) in houses for h in T.SCENARIOS["adwd"].houses)
    for seat in range(1, 6):
        page.check(f'input[data-bot="{seat}"]')
    page.click("#create")
    page.wait_for_url("**/play/**")
    page.wait_for_selector(".map svg [data-area]")
    person.adopt_from_page()
    view = person.state()["view"]
    assert (view["scenario"], view["house_cards"], view["last_round"]) == ("adwd", "adwd", 6)
    assert "A Dance with Dragons" in page.inner_text("#scenario")
    assert page.inner_text("#round").endswith("/6")  # X-ADWD-2.2
    # the house-card overview: Stark's ADwD cards and their texts (X-ADWD-3)
    page.click('[data-cardtexts="stark"] summary')
    text = page.inner_text('[data-cardtext="ramsay_bolton"]')
    assert "Ramsay Bolton" in text and T.HOUSE_CARD_BY_ID["ramsay_bolton"].ability in text
    assert page.locator('[data-cards="stark"] [data-hcard="ramsay_bolton"]').count() == 1
    assert "A Dance with Dragons" in game_label(person, person.game)
    assert not person.errors, person.errors
    person.close()


def game_label(person: Person, gid: str) -> str:
    page = person.page
    page.goto(person.server.url + "/")
    row = page.locator(f'tr[data-game="{gid}"]')
    row.wait_for(timeout=10_000)
    return row.inner_text()


def test_the_base_game_with_the_adwd_deck_and_a_bad_combination(
    server: Server, browser: Browser
) -> None:
    person = Person(browser, server)
    page = board_lobby(person)
    # A Dance with Dragons with the base deck: the lobby says so and the server refuses
    page.select_option("select[name=scenario]", "adwd")
    page.select_option("select[name=house_cards]", "base")
    assert "its own house cards" in page.inner_text("#scenario-deck")
    for seat in range(1, 6):
        page.check(f'input[data-bot="{seat}"]')
    page.click("#create")
    page.wait_for_selector("#lobby-error")
    assert "played with its own house cards" in page.inner_text("#lobby-error")
    assert page.url.rstrip("/") == server.url  # nothing was created, still in the lobby
    # back to the base game: the deck follows, the player count is free again
    page.select_option("select[name=scenario]", "base")
    players = page.locator("select[name=players]")
    assert not players.is_disabled()
    page.select_option("select[name=players]", "4")
    page.select_option("select[name=house_cards]", "affc")  # not a base game's deck
    assert "house cards Base game or A Dance with Dragons only" in page.inner_text("#scenario-deck")
    page.select_option("select[name=house_cards]", "adwd")  # X-ADWD-1.1
    assert page.locator("#scenario-deck").count() == 0
    page.click("#create")
    page.wait_for_url("**/play/**")
    person.adopt_from_page()
    view = person.state()["view"]
    assert (view["scenario"], view["house_cards"], len(view["seats"])) == ("base", "adwd", 4)
    assert "A Dance with Dragons house cards" in page.inner_text("#scenario")
    assert "A Dance with Dragons house cards" in game_label(person, person.game)
    assert not person.errors, person.errors
    person.close()


def test_an_affc_game_is_made_in_the_lobby_and_shows_its_objectives(
    server: Server, browser: Browser
) -> None:
    """X-AFFC-2.1: four houses with Arryn; X-AFFC-2.8: the seat's objective cards in the hand
    area with their texts and points for its house, two returned by clicking them (X-AFFC-D1);
    X-AFFC-2.2: The Eyrie drawn as Arryn's home, no neutral force; X-AFFC-4.1: the victory track
    counts victory points."""
    person = Person(browser, server)
    page = board_lobby(person)
    page.select_option("select[name=scenario]", "affc")
    players = page.locator("select[name=players]")
    assert players.input_value() == "4" and players.is_disabled()
    assert page.locator("tr[data-seatrow]").count() == 4
    assert "Arryn" in page.inner_text("#scenario-houses")
    page.click("#create")  # seats 2-4 are bots by default
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#objective-hand [data-objective]")
    person.adopt_from_page()
    view = person.state()["view"]
    me, hand = view["house"], view["objectives"]["hand"]
    assert view["scenario"] == "affc" and len(hand) == 5
    # every card of the hand, with its text and its points for the seat's house
    for card in hand:
        shown = page.inner_text(f'#objective-hand [data-objective="{card}"]')
        info = view["objectives"]["cards"][card]
        assert info["name"] in shown and info["text"] in shown
        assert shown.strip().startswith(str(info["victory_points"][me]))
    special = page.inner_text(f'[data-special="{me}"]')
    assert view["objectives"]["special"][me] in special
    # the Eyrie: Arryn's home (tinted as Arryn's while nobody else holds it), its garrison
    # of 6, no neutral force
    assert page.get_attribute('[data-area="the_eyrie"]', "data-control") == "arryn"
    assert page.locator('[data-pieces="the_eyrie"] .neutral').count() == 0
    assert page.locator('[data-pieces="the_eyrie"] .garrison').count() == 1
    assert page.locator('g.home[data-home="the_eyrie"][data-house="arryn"]').count() == 1
    # X-AFFC-2.2: the south is impassable (Pyke, Highgarden, Sunspear …)
    for area in ("pyke", "highgarden", "sunspear"):
        assert "impassable" in (page.get_attribute(f'[data-area="{area}"]', "class") or "")
    assert "impassable" not in (page.get_attribute('[data-area="storms_end"]', "class") or "")
    page.dispatch_event('.map [data-area="the_eyrie"]', "mouseover")  # under its name label
    card = page.locator("#areacard")
    card.wait_for()
    assert "home of Arryn" in card.inner_text()
    assert "Garrison 6 (defends for Arryn)" in card.inner_text()  # X-AFFC-2.7
    assert all("VP" in t for t in page.locator(".tracks [data-victory]").all_inner_texts())
    # X-AFFC-D1: return two cards, one click each (the first marked as returned while the
    # second is chosen); three are kept once every house has chosen
    page.click("#objective-hand .card.playable")
    page.wait_for_selector("#objective-hand .card.returning")
    assert page.locator("#objective-hand .card.playable").count() == 4
    page.click("#objective-hand .card.playable")
    page.wait_for_function(
        "document.querySelectorAll('#objective-hand [data-objective]').length === 3", timeout=15_000
    )
    kept = person.state()["view"]["objectives"]["hand"]
    assert len(kept) == 3 and set(kept) < set(hand)
    shown = page.locator("#objective-hand [data-objective]").evaluate_all(
        "els => els.map(e => e.dataset.objective)"
    )
    assert sorted(shown) == sorted(kept)
    assert not person.errors, person.errors
    person.close()


def test_a_mother_of_dragons_game_is_made_in_the_lobby_and_draws_its_board(
    server: Server, browser: Browser
) -> None:
    """X-MOD-13.1: the MoD board for 3 to 7 players, here 7; X-MOD-3.1, X-MOD-3.2: the table
    draws The Vale of Arryn, The Bite and the Port of the Eyrie, with Arryn's units and home
    there."""
    person = Person(browser, server)
    page = board_lobby(person)
    page.select_option("select[name=scenario]", "mod")
    players = page.locator("select[name=players]")
    assert not players.is_disabled()
    page.select_option("select[name=players]", "7")
    assert page.locator("select[name=house_cards]").input_value() == "mod"
    assert page.locator("tr[data-seatrow]").count() == 7
    houses = T.SCENARIOS["mod"].houses  # the 7 (Targaryen only with Essos, X-MOD-1.2)
    assert all(T.house_name(h) in page.inner_text("#scenario-houses") for h in houses)
    page.click("#create")  # seats 2-7 are bots by default
    page.wait_for_url("**/play/**")
    page.wait_for_selector('.map svg [data-area="the_vale_of_arryn"]')
    for area in ("the_bite", "port_of_the_eyrie"):
        assert page.locator(f'.map svg [data-area="{area}"]').count() == 1
    assert page.locator('.map svg [data-for="the_eyrie"] .home[data-house="arryn"]').count() == 1
    person.adopt_from_page()
    view = person.state()["view"]
    assert (view["scenario"], view["map"], len(view["seats"])) == ("mod", "mod_westeros", 7)
    assert "Mother of Dragons" in page.inner_text("#scenario")
    assert not person.errors, person.errors
    person.close()


def test_a_mother_of_dragons_game_with_vassals_shows_them_and_their_commanders(
    server: Server, browser: Browser
) -> None:
    """X-MOD-13.1, X-MOD-10.3: 3 players on the MoD board, the 4 other houses vassals: the
    houses panel lists each vassal with its commander once the vassals are handed out."""
    person = Person(browser, server)
    page = board_lobby(person)
    page.select_option("select[name=scenario]", "mod")
    page.select_option("select[name=players]", "3")
    assert page.locator("tr[data-seatrow]").count() == 3
    page.click("#create")  # seats 2-3 are bots by default
    page.wait_for_url("**/play/**")
    page.wait_for_selector('.map svg [data-area="the_vale_of_arryn"]')
    person.adopt_from_page()
    page.wait_for_selector("tr.vassal")
    assert page.locator("tr.vassal").count() == 4
    deadline = time.monotonic() + 20
    while True:  # the person picks its vassals when asked; the bots pick theirs
        msg = person.state()
        if len(msg["view"]["commanders"]) == 4:
            break
        asked = [d for d in msg["decisions"] if d["kind"] == "choose_vassals"]
        assert time.monotonic() < deadline, "the vassals were not handed out"
        if asked:  # clicked on the page that shows this very decision, then accepted
            person.wait_shown(msg["move"])
            if person.shown_move() == msg["move"]:
                choice = asked[0]["choices"][0]
                person.click_and_wait(page.locator(f'#decision button[data-choice="{choice}"]'))
            continue
        time.sleep(0.05)
    view = msg["view"]
    assert len(view["seats"]) == 3 and len(view["vassals"]) == 4
    for vassal, commander in view["commanders"].items():  # each row names its commander
        row = page.locator(f'tr.vassal[data-house="{vassal}"][data-vassal="{commander}"]')
        row.wait_for()
        assert T.house_name(commander) in row.inner_text()
    assert not person.errors, person.errors
    person.close()


def test_mother_of_dragons_with_essos_chosen_vassals_and_vassals_left_to_the_bot(
    server: Server, browser: Browser
) -> None:
    """X-MOD-1.2: the 8-house board with Essos for 4 to 8 players, Targaryen always a player
    (X-MOD-1.5); X-MOD-1.3 the Iron Bank off; X-MOD-Q3 Targaryen's deck B; X-MOD-10.1 the
    host picks the vassals (a wrong count refused in words); X-MOD-10.3 the host's seat
    leaves its vassals to the bot (``vassal_bots``)."""
    person = Person(browser, server)
    page = board_lobby(person)
    page.select_option("select[name=scenario]", "mod")
    page.select_option("select[name=players]", "3")
    page.select_option("select[name=essos]", "true")
    counts = page.locator("select[name=players] option").evaluate_all("os => os.map(o => +o.value)")
    assert counts == [4, 5, 6, 7, 8]
    assert page.locator("select[name=players]").input_value() == "4"  # 3 is no longer offered
    page.select_option("select[name=players]", "7")
    assert page.locator("#scenario-houses").count() == 0  # not the 7 houses without Essos
    page.select_option("select[name=players]", "5")
    boxes = page.locator("input[name=vassal]")
    assert boxes.count() == 8
    assert page.locator('input[name=vassal][value="targaryen"]').is_disabled()
    assert "tick the 3 houses" in page.inner_text("#mod-vassals-hint")
    page.uncheck("input[name=iron_bank]")
    page.select_option("select[name=targaryen_deck]", "b")
    page.check('input[data-vassalbot="0"]')
    page.check("input[name=mod_auto]")  # the host too leaves the minor choices to the engine
    for house in ("greyjoy", "martell"):
        page.check(f'input[name=vassal][value="{house}"]')
    page.click("#create")  # 2 vassals for 5 players of 8 houses: the server says no
    page.wait_for_selector("#lobby-error")
    assert "vassals" in page.inner_text("#lobby-error")
    page.check('input[name=vassal][value="arryn"]')
    page.click("#create")
    page.wait_for_url("**/play/**")
    person.adopt_from_page()
    config = game_of(server, person.game)["config"]
    assert config["essos"] is True and config["iron_bank"] is False
    assert (config["targaryen_deck"], config["vassal_bots"]) == ("b", [0])
    assert config["auto"] == [True] * 5
    assert sorted(config["vassals"]) == ["arryn", "greyjoy", "martell"]
    view = person.state()["view"]
    assert (view["map"], len(view["seats"])) == ("mod_essos", 5)
    assert sorted(view["vassals"]) == ["arryn", "greyjoy", "martell"]
    assert "targaryen" in view["seats"]
    assert not person.errors, person.errors
    person.close()


def test_mother_of_dragons_starting_power_and_the_house_of_each_seat(
    server: Server, browser: Browser
) -> None:
    """X-MOD-Q1: the host sets the players' starting power; X-MOD-13.1: the host picks the
    house of each seat (every seat or none: a partial choice is refused before sending, two
    seats with one house by the server, in words); the houses nobody plays are the vassals
    (X-MOD-10.1)."""
    person = Person(browser, server)
    page = board_lobby(person)
    page.select_option("select[name=scenario]", "mod")
    page.select_option("select[name=players]", "4")
    assert page.locator("input[name=starting_power]").get_attribute("placeholder") == "5"
    page.fill("input[name=starting_power]", "9")
    assert not page.locator("input[name=mod_auto]").is_checked()  # people are asked
    options = page.locator('select[data-house="0"] option')
    houses = options.evaluate_all("os => os.map(o => o.value)")
    assert houses == ["", *T.SCENARIOS["mod"].houses]  # drawn at random, or one of the 7
    page.select_option('select[data-house="0"]', "stark")
    page.select_option('select[data-house="1"]', "lannister")
    page.click("#create")
    page.wait_for_selector("#lobby-error")
    assert "every seat, or of none" in page.inner_text("#lobby-error")
    page.select_option('select[data-house="2"]', "tyrell")
    page.select_option('select[data-house="3"]', "stark")
    page.click("#create")
    page.wait_for_function(
        "() => document.querySelector('#lobby-error')?.innerText.includes('different houses')"
    )
    page.select_option('select[data-house="3"]', "arryn")
    page.click("#create")
    page.wait_for_url("**/play/**")
    person.adopt_from_page()
    config = game_of(server, person.game)["config"]
    assert config["houses"] == ["stark", "lannister", "tyrell", "arryn"]
    assert config["starting_power"] == 9
    assert config["vassals"] == ["baratheon", "greyjoy", "martell"]
    assert config["auto"] == [False, True, True, True]  # the bots leave the choices to the engine
    view = person.state()["view"]
    assert view["seats"] == ["stark", "lannister", "tyrell", "arryn"]
    assert view["house"] == "stark"  # the host's seat 0
    assert {view["houses"][h]["power"] for h in view["seats"]} == {9}
    assert not person.errors, person.errors
    person.close()
