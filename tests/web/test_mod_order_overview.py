"""The order overview in a Mother of Dragons game in Debian's Chromium (docs/web.md): after the
reveal (R5.4) each house's own tokens show, placed and not used — a player's 15 with its sea
tokens (X-MOD-9.1), a vassal's own 4 (X-MOD-10.4) — and the tokens a Westeros restriction bars
this round are marked (R3.4: Web of Lies bars Support +0, its twin Sea Support and the vassal's
Raid/Support token). The seat's token tray while planning lists its sea tokens too."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.server.support import Server
from tests.web.fake import open_position, state_message
from tests.web.test_table_bids_musters import overview_row
from westeros.boardgame import tables as T
from westeros.boardgame.builder import Scenario
from westeros.boardgame.planning import PlanningPhase, RevealOrders
from westeros.boardgame.state import BoardGame

SEA = ["iron_bank", "sea_march-1", "sea_support+0"]
STARK = {
    "winterfell": "march+0",
    "the_shivering_sea": "sea_march-1",
    "port_of_winterfell": "iron_bank",
}
MARTELL = {"sunspear": "vassal_defense+3", "yronwood": "vassal_march+0"}


def revealed() -> BoardGame:
    """7 players on the MoD board (sea orders on), Martell a vassal of Tyrell; Web of Lies
    (no Support +0) this round; Stark and Martell's orders just revealed."""
    s = Scenario(players=7, scenario="mod").empty().vassals(martell="tyrell")
    s.units("winterfell", "stark", "footman").restrict("support+0")
    s.units("the_shivering_sea", "stark", "ship").units("port_of_winterfell", "stark", "ship")
    s.units("sunspear", "martell", "footman").units("yronwood", "martell", "footman")
    for area, token in {**STARK, **MARTELL}.items():
        s.order(area, token)
    s.g.phase = "planning"
    return s.start(RevealOrders())


def test_x_mod_9_1_x_mod_10_4_the_overview_lists_sea_and_vassal_tokens(
    browser: Browser, server: Server
) -> None:
    g = revealed()
    page = open_position(browser, server, state_message(g, g.seat_of("stark")))
    page.wait_for_selector("#order-overview")
    placed, unused = overview_row(page, "stark")
    assert placed == sorted(STARK.values())
    base = [t for t, n in T.ORDER_COUNTS.items() for _ in range(n)]
    expected = [*base, *SEA]
    expected.remove("march+0")
    for token in ("sea_march-1", "iron_bank"):
        expected.remove(token)
    assert unused == sorted(expected) and len(unused) == 18 - 3
    placed, unused = overview_row(page, "martell")  # its own tokens, no player token
    assert placed == sorted(MARTELL.values())
    assert unused == ["vassal_defense_muster+1", "vassal_raid_support+1"]
    placed, unused = overview_row(page, "tyrell")  # no order: all 18 tokens
    assert placed == [] and len(unused) == 18 and set(SEA) <= set(unused)

    def barred(house: str) -> list[str]:
        found = page.locator(f'#order-overview [data-overview="{house}"] td.in-hand .barred')
        return sorted(str(found.nth(i).get_attribute("data-token")) for i in range(found.count()))

    copies = T.ORDER_COUNTS["support+0"]  # R3.4 every copy, and its twin Sea Support
    assert barred("stark") == ["sea_support+0", *["support+0"] * copies] and copies == 2
    assert barred("martell") == ["vassal_raid_support+1"]
    sea = page.locator('#order-overview [data-overview="stark"] [data-token="sea_march-1"]')
    assert sea.get_attribute("title") == "Sea March −1"
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_x_mod_9_1_the_token_tray_holds_the_sea_tokens(browser: Browser, server: Server) -> None:
    """Planning at the table: Stark's tray shows its 15 tokens and its 3 sea tokens, Support +0
    and Sea Support barred by the restriction (R3.4)."""
    s = Scenario(players=7, scenario="mod", planning="table").empty().restrict("support+0")
    s.units("winterfell", "stark", "footman").units("the_shivering_sea", "stark", "ship")
    g = s.start(PlanningPhase())
    page = open_position(browser, server, state_message(g, g.seat_of("stark")))
    page.wait_for_selector("#token-tray")
    tray = page.locator("#token-tray [data-token]")
    tokens = sorted(str(tray.nth(i).get_attribute("data-token")) for i in range(tray.count()))
    assert tokens == sorted([*(t for t, n in T.ORDER_COUNTS.items() for _ in range(n)), *SEA])
    barred = page.locator("#token-tray .barred")
    assert sorted(
        str(barred.nth(i).get_attribute("data-token")) for i in range(barred.count())
    ) == [
        "sea_support+0",
        "support+0",
        "support+0",
    ]
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
