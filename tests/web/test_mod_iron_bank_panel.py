"""Mother of Dragons' Iron Bank on the board game's screen (X-MOD-8), in Debian's Chromium: the
panel shows the three loan slots with their costs and texts (X-MOD-8.2), each house's loans with
the interest it pays (X-MOD-8.7) and the area improvements (X-MOD-8.6); a game without the Iron
Bank has no panel."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.server.support import Server
from tests.web.fake import open_position, state_message
from westeros.boardgame import iron_bank as IB
from westeros.boardgame.game import PlayedGame
from westeros.engine import new_game

EIGHT = ["stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell", "arryn", "targaryen"]


def test_x_mod_8_the_iron_bank_panel(browser: Browser, server: Server) -> None:
    g = new_game("boardgame", {"scenario": "mod", "players": 8, "essos": True, "houses": EIGHT}, 1)
    assert isinstance(g, PlayedGame)
    g.pending()
    g.loan_slots = ("customs_officer", "", "the_faceless_men")
    g.loans["stark"] = ("full_host", "spymaster")
    IB.put_improvement(g, "winterfell", "power", "expert_artificer")
    g.invalidate()
    page = open_position(browser, server, state_message(g, 0))
    panel = page.locator("#iron-bank")
    assert panel.count() == 1
    slots = panel.locator("[data-slot]").all_inner_texts()
    assert len(slots) == 3
    assert "7" in slots[0] and "Customs Officer" in slots[0]
    assert IB.LOANS["customs_officer"].text in slots[0]
    assert "empty" in slots[1] and "The Faceless Men" in slots[2]
    stark = panel.locator('[data-loans="stark"]').inner_text()
    assert "Full host" in stark and "interest 2" in stark
    assert "Winterfell (+1 crown)" in panel.inner_text()
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_no_iron_bank_panel_without_it(browser: Browser, server: Server) -> None:
    g = new_game("boardgame", {"players": 6}, 1)
    assert isinstance(g, PlayedGame)
    page = open_position(browser, server, state_message(g, 0))
    page.wait_for_selector("#tracks, .panel")
    assert page.locator("#iron-bank").count() == 0
    page.context.close()
