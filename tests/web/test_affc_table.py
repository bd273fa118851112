"""A Feast for Crows' decisions on the board game's screen (issue 24, item 4), in Debian's
Chromium: positions reached by random play are fed through the page's websocket
(tests/web/fake.py). Scoring an objective card is a click on it in the objectives panel
(X-AFFC-D2); Shifting Ambitions' pool is drawn as cards to take one from (X-AFFC-D4); The
Burden of Power's two choices are buttons (X-AFFC-D3); the spectator sees every house's
victory points and scored cards but no objective hand (X-AFFC-2.8); a finished AFfC game of
bots replays from its end screen with the objectives panel."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser

from tests.server.support import Server
from tests.web.browser import Person
from tests.web.fake import open_position, state_message
from westeros.boardgame.game import PlayedGame
from westeros.boardgame.public import objectives as O
from westeros.bots import RandomBot
from westeros.engine import Decision, new_game

AFFC = {"players": 4, "scenario": "affc"}


def position(kind: str, choice: str | None = None) -> tuple[PlayedGame, Decision]:
    """The first open decision of ``kind`` (offering ``choice`` if given) in random AFfC games."""
    for seed in range(40):
        game = new_game("boardgame", AFFC, seed)
        assert isinstance(game, PlayedGame)
        bot = RandomBot(seed)
        while not game.is_over:
            d = game.pending()[0]
            if d.kind == kind and (choice is None or choice in d.choices):
                return game, d
            game.apply(d.seat, bot.choose({}, d))
    raise AssertionError(f"no {kind} decision in 40 random AFfC games")


def test_x_affc_d2_an_objective_is_scored_by_clicking_it(browser: Browser, server: Server) -> None:
    game, d = position("score_objective")
    card = next(c for c in d.choices if c != "pass")
    page = open_position(browser, server, state_message(game, d.seat))
    shown = page.locator(f'#objective-hand [data-objective="{card}"]')
    assert "playable" in (shown.get_attribute("class") or "")
    assert "fulfilled now" in shown.inner_text()  # the view says the seat fulfils it
    assert page.locator('#decision [data-choice="pass"]').count() == 1
    page.route("**/api/games/fake/moves*", lambda r: r.abort())
    with page.expect_request("**/api/games/fake/moves*", timeout=10_000) as sent:
        shown.click()  # (a fixed 300 ms for the request was short on a loaded machine)
    assert card in (sent.value.post_data or "")
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_x_affc_d4_shifting_ambitions_pool_is_drawn_as_cards(
    browser: Browser, server: Server
) -> None:
    game, d = position("shifting_ambitions_take")
    page = open_position(browser, server, state_message(game, d.seat))
    pool = page.locator("#objective-pool [data-objective]")
    assert pool.count() == len(d.choices)
    # each card of the pool by its name and text (from the static data: not in the seat's hand)
    for card in d.choices:
        text = page.inner_text(f'#objective-pool [data-objective="{card}"]')
        assert O.OBJECTIVES[card].name in text and O.OBJECTIVES[card].text in text
    page.context.close()
    # the pool is face up: a spectator sees it too (by name)
    spectator = open_position(browser, server, state_message(game, None))
    shown = spectator.locator("#objective-pool-shown [data-pool]").all_inner_texts()
    assert sorted(shown) == sorted(
        O.OBJECTIVES[c].name for c in game.view(None)["objectives"]["pool"]
    )
    assert shown and spectator.locator("#objective-pool").count() == 0
    spectator.context.close()


def test_x_affc_d3_the_burden_of_power_choice_and_the_spectators_panel(
    browser: Browser, server: Server
) -> None:
    game, d = position("westeros_choice", "threat_to_zero")
    page = open_position(browser, server, state_message(game, d.seat))
    buttons = page.locator("#decision .choices button").all_inner_texts()
    assert len(buttons) == len(d.choices) == 2
    assert any("threat" in b.lower() for b in buttons)
    page.context.close()
    spectator = open_position(browser, server, state_message(game, None))
    assert spectator.locator("#objective-hand").count() == 0  # nobody's hand (X-AFFC-2.8)
    points = game.view(None)["objectives"]["victory_points"]
    for house, vp in points.items():
        assert spectator.inner_text(f'[data-vp="{house}"]').startswith(str(vp))
    spectator.context.close()


def test_a_finished_affc_game_replays_with_its_victory_points(
    browser: Browser, server: Server
) -> None:
    """Four random bots play A Feast for Crows on the server; the end screen's replay shows the
    objectives panel (no hand: a spectator's, X-AFFC-2.8) with the victory points of the end."""
    seats = [{"type": "bot", "bot": "random"} for _ in range(4)]
    body = {"kind": "boardgame", "players": 4, "config": {"scenario": "affc"}, "seats": seats}
    r = httpx.post(server.url + "/api/games", json=body, timeout=10)
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    watcher = Person(browser, server, gid)
    watcher.open(f"{server.url}/play/{gid}")
    page = watcher.page
    page.wait_for_selector("#endscreen", timeout=120_000)
    assert "Victory points" in page.inner_text("#endscreen")
    page.click("#replay")
    page.wait_for_selector("#replay #objectives")
    page.click("#replay-end")
    page.wait_for_function("document.querySelector('#replay-next').disabled")
    final = httpx.get(f"{server.url}/api/games/{gid}/state", timeout=10).json()["view"]
    for house, points in final["objectives"]["victory_points"].items():
        assert page.inner_text(f'#replay [data-vp="{house}"]').startswith(str(points))
    assert page.locator("#replay #objective-hand").count() == 0
    assert watcher.errors == []
    watcher.close()
