"""Every piece the board draws lies on its own area, on each map drawn (R1.1; X-MOD-3, X-MOD-1.2:
the Mother of Dragons board and the wider one with Essos), in Debian's Chromium.

A crowded position is drawn (units in every area, ships in every sea and port, orders, power
tokens, garrisons, neutral forces; dragons and loyalty tokens with Targaryen): the centre of
each drawn piece, in the map's own coordinates as the browser lays both out, is inside the
fill of its area's path and inside the map's viewBox. (The Essos map once drew its pieces in
a box of the Westeros map's shape: below the board, in a strip of sea; and a row of pieces
once ran out of small areas: The Arbor, Pyke, The Golden Sound; board/layout.js.)"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser

from tests.server.support import Server
from tests.web.fake import open_position, state_message
from westeros.boardgame.game import PlayedGame, new_position
from westeros.boardgame.state import Order, Unit

CONFIGS: dict[str, dict[str, Any]] = {
    "base": {"players": 6},
    "mod_westeros": {"scenario": "mod", "players": 4},  # 3 vassals (X-MOD-13.1)
    "mod_essos": {"scenario": "mod", "players": 4, "essos": True},  # Targaryen (X-MOD-1.2)
}
LAND_UNITS = (("footman",), ("footman", "knight"), ("knight", "siege_engine", "footman"))
ORDERS = ("march+0", "defense+1", "support+0", "raid", "consolidate")

# each piece of the board: its area, its class, its centre in map units, whether the centre is
# in the area's fill and in the viewBox
PIECES_JS = """() => {
  const map = document.querySelector('.map svg');
  const toMap = map.getScreenCTM().inverse();
  const box = map.viewBox.baseVal;
  const out = [];
  for (const group of document.querySelectorAll('.pieces [data-pieces]')) {
    const area = group.getAttribute('data-pieces');
    const path = map.querySelector(`path[data-area="${area}"]`);
    for (const piece of group.children) {
      const r = piece.getBoundingClientRect();
      const p = new DOMPoint(r.x + r.width / 2, r.y + r.height / 2).matrixTransform(toMap);
      const piece_ = piece.getAttribute('data-unit') || piece.getAttribute('class').split(' ')[0];
      out.push({area, piece: piece_, x: Math.round(p.x), y: Math.round(p.y),
        inArea: !!path && path.isPointInFill(p),
        inBox: p.x >= box.x && p.x <= box.x + box.width
          && p.y >= box.y && p.y <= box.y + box.height});
    }
  }
  return out;
}"""


def crowded(map_id: str) -> PlayedGame:
    """Every area of the map busy: land areas with 1-3 units and an order, or a power token, or
    a neutral force; every sea and port with ships and an order; with Targaryen a dragon and
    loyalty tokens here and there (X-MOD-6, X-MOD-7)."""
    g = new_position(CONFIGS[map_id], 1)
    assert g.map.id.partition("|")[0] == map_id
    g.units.clear()
    g.power_tokens.clear()
    houses = list(g.houses)
    for i, area in enumerate(sorted(g.map.areas)):
        info = g.map.areas[area]
        house = houses[i % len(houses)]
        if info.is_land and i % 5 == 4:
            if area not in g.neutral:
                g.power_tokens[area] = house
            continue
        if info.is_land and area in g.neutral:
            continue
        kinds = LAND_UNITS[i % 3] if info.is_land else ("ship",) * (1 + i % 2)
        if house == "targaryen" and info.is_land:
            kinds = (*kinds[:2], "dragon")  # X-MOD-6.1
        for kind in kinds:
            g.add_unit(area, Unit(house, kind))
        g.orders[area] = Order(house, ORDERS[i % len(ORDERS)])
        if "targaryen" in houses and info.is_land and i % 3 == 0:
            g.loyalty[area] = 1 + i % 2  # X-MOD-7.1
    g.orders_revealed = True
    g.invalidate()
    return g


@pytest.mark.parametrize("map_id", list(CONFIGS))
def test_r1_1_every_piece_is_drawn_inside_its_own_area(
    browser: Browser, server: Server, map_id: str
) -> None:
    g = crowded(map_id)
    page = open_position(browser, server, state_message(g, 0))
    page.wait_for_function(  # the game's map is loaded (names.js switchMap) and drawn
        "n => document.querySelectorAll('.map svg path[data-area]').length === n",
        arg=len(g.map.areas),
    )
    pieces = page.evaluate(PIECES_JS)
    drawn = {p["area"] for p in pieces}
    assert drawn == set(g.map.areas), sorted(set(g.map.areas) ^ drawn)
    kinds = {p["piece"] for p in pieces}
    expected = {"footman", "knight", "siege_engine", "ship", "order", "power", "garrison"}
    if map_id == "mod_essos":
        expected |= {"dragon", "loyalty"}
    assert expected <= kinds, kinds
    astray = [p for p in pieces if not (p["inArea"] and p["inBox"])]
    assert not astray, f"{len(astray)} of {len(pieces)} pieces off their area: {astray[:12]}"
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
