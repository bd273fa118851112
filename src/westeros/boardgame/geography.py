"""Where units may go on the map (R6.4.2–R6.4.4, R8.4): land and sea moves, ship transport,
and which destinations are hostile. Read by the march (R6.4) and the combat's retreat
(R7.10.3); it holds no rule step."""

from __future__ import annotations

from westeros.boardgame.state import BoardGame
from westeros.boardgame.vassals import friendly


def transport_targets(g: BoardGame, house: str, area: str) -> set[str]:
    """R6.4.3 ship transport: land areas adjacent to a sea area reachable from ``area``
    through a chain of adjacent sea areas each holding a ship of ``house`` (ports add no
    routes; F38 "connected" = adjacent)."""
    frontier = [
        s for s in g.map.areas[area].neighbors if g.map.areas[s].is_sea and g.owner(s) == house
    ]
    reached = set(frontier)
    while frontier:
        sea = frontier.pop()
        for nxt in g.map.areas[sea].neighbors:
            if nxt not in reached and g.map.areas[nxt].is_sea and g.owner(nxt) == house:
                reached.add(nxt)
                frontier.append(nxt)
    return {n for s in reached for n in g.map.areas[s].neighbors if g.map.areas[n].is_land}


def destinations(g: BoardGame, house: str, area: str) -> list[str]:
    """R6.4.2 areas the (non-routed) units in ``area`` may enter, in map order, hostile ones
    included, supply not checked. Land units: adjacent land areas and ship transport (R6.4.3,
    siege engines too, Q17). Ships: adjacent sea areas, and ports whose land area the house
    controls (R8.4). Impassable areas and unusable ports never (R1.1.4). With vassals: never an
    area held by a house under the same command, even by its power token alone (X-MOD-10.5,
    XF16, XF18), and a vassal never into a port (X-MOD-10.6)."""
    info = g.map.areas[area]
    found: set[str] = set()
    if info.is_land:
        found = {n for n in info.neighbors if g.map.areas[n].is_land}
        found |= transport_targets(g, house, area)
    else:
        for n in info.neighbors:
            other = g.map.areas[n]
            if other.is_sea:
                found.add(n)
            elif other.is_port:
                assert other.port_land is not None
                owner = g.owner(n)
                if g.controller(other.port_land) == house and owner in (None, house):
                    found.add(n)
    found.discard(area)
    found -= g.impassable
    if g.vassals:
        found = {a for a in found if not barred(g, house, a)}
    return [a for a in g.map.area_ids if a in found]


def barred(g: BoardGame, house: str, area: str) -> bool:
    """X-MOD-10.5, X-MOD-10.6: an area held by a friendly house, or a port for a vassal."""
    if house in g.vassals and g.areas[area].is_port:
        return True
    return friendly(g, house, g.controller(area)) or friendly(
        g, house, g.garrison_owner(area) if g.garrisons.get(area) else None
    )


def is_hostile(g: BoardGame, house: str, area: str) -> bool:
    """R6.4.4: entering starts a combat (enemy units, routed or not, F21; an enemy garrison,
    even without units, R1.7.2) or a neutral-force attack (R6.5)."""
    owner = g.owner(area)
    if owner is not None:
        return owner != house
    if area in g.neutral:
        return True
    return g.garrisons.get(area, 0) > 0 and g.garrison_owner(area) != house
