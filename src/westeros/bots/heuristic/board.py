"""The board as one seat sees it: a few queries over a board-game view (JSON data only) and the
game's static tables (the printed map and cards, public knowledge)."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from westeros.boardgame.public import tables as T
from westeros.engine import Decision

STRENGTH = {"footman": 1, "knight": 2, "siege_engine": 0, "ship": 1}
SIEGE_VS_CASTLE = 4


def area_of(decision: Decision) -> str | None:
    """The area a decision is about (its structured context, never its prompt)."""
    area = decision.about("area")
    return str(area) if area is not None else None


class Board:
    """Read-only queries over a view; built once per decision."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.me: str = view["house"]
        self.houses: dict[str, Any] = view["houses"]
        self.units: dict[str, list[dict[str, Any]]] = view["units"]
        self.tokens: dict[str, str] = view["power_tokens"]
        self.garrisons: dict[str, int] = view["garrisons"]
        self.neutral: dict[str, int] = view["neutral_forces"]
        self.orders: dict[str, dict[str, Any]] = view["orders"]
        self.impassable = frozenset(view["impassable"])
        self.homes: dict[str, str] = view["homes"]  # area -> house (X-AFFC-2.2)
        # the game's map (X-MOD-3), with the Iron Bank's improvements (X-MOD-8.6)
        improved = (view.get("iron_bank") or {}).get("improvements", {})
        self.map = T.improved_map(
            view.get("map", "base"), {a: tuple(t) for a, t in improved.items()}
        )
        self.areas = self.map.areas

    # -- who holds what ----------------------------------------------------------------------
    def owner(self, area: str) -> str | None:
        us = self.units.get(area)
        return us[0]["house"] if us else None

    def controller(self, area: str) -> str | None:
        info = self.areas[area]
        if info.port_land is not None:
            return self.controller(info.port_land)
        owner = self.owner(area)
        if owner is not None or info.kind == "sea":
            return owner
        token = self.tokens.get(area)
        if token is not None:
            return token
        home = self.homes.get(area)
        return home if home is not None and home in self.houses else None

    def power(self, house: str | None = None) -> int:
        return int(self.houses[house or self.me]["power"])

    def castles(self, house: str) -> int:
        return int(self.houses[house]["victory"])

    def position(self, track: str, house: str | None = None) -> int:
        return list(self.view["tracks"][track]).index(house or self.me) + 1

    # -- strength ----------------------------------------------------------------------------
    def strength(self, area: str, vs_castle: bool = False) -> int:
        """The fighting strength of the units in ``area`` (routed ones count 0)."""
        total = 0
        for u in self.units.get(area, ()):
            if u["routed"]:
                continue
            if u["kind"] == "siege_engine":
                total += SIEGE_VS_CASTLE if vs_castle else 0
            else:  # a dragon: the game's dragon strength (X-MOD-6.2)
                total += STRENGTH.get(u["kind"], int(self.view.get("dragon_strength", 0)))
        return total

    def defence(self, area: str) -> int:
        """What an attacker must beat in ``area``: units, garrison, a neutral force, a visible
        Defense order."""
        total = self.strength(area) + self.garrisons.get(area, 0) + self.neutral.get(area, 0)
        order = self.orders.get(area)
        if order is not None and order["token"] is not None:
            kind = T.ORDER_KINDS[order["token"]]
            if kind.type == "defense":
                total += kind.modifier
        return total

    def neighbors(self, area: str) -> list[str]:
        return [n for n in self.areas[area].neighbors if n not in self.impassable]

    @cached_property
    def threat(self) -> dict[str, int]:
        """For each area: the strongest enemy strength next to it that could march in."""
        out: dict[str, int] = {}
        for area, us in self.units.items():
            house = us[0]["house"]
            if house == self.me:
                continue
            land = self.areas[area].kind == "land"
            for n in self.neighbors(area):
                kind = self.areas[n].kind
                if (kind == "land") != land or kind == "port":
                    continue
                value = self.strength(area, self.areas[n].has_castle)
                if value > out.get(n, 0):
                    out[n] = value
        return out

    def raid_reach(self, area: str) -> list[str]:
        """R6.3.2: what a Raid order in ``area`` reaches: from land the adjacent land areas,
        from a sea the adjacent land, sea and port areas, from a port its sea."""
        info = self.areas[area]
        if info.is_port:
            return [info.port_sea] if info.port_sea is not None else []
        kinds = {"land"} if info.is_land else {"land", "sea", "port"}
        return [n for n in info.neighbors if self.areas[n].kind in kinds]

    def reach(self, area: str) -> list[str]:
        """Areas the units in ``area`` could march to: neighbours of the same kind, and for
        land units the land areas along a chain of seas holding the house's ships (R6.4.3)."""
        land = self.areas[area].kind == "land"
        out = [
            n
            for n in self.neighbors(area)
            if self.areas[n].kind != "port" and (self.areas[n].kind == "land") == land
        ]
        if not land:
            return out
        seen: set[str] = set()
        todo = [n for n in self.neighbors(area) if self.areas[n].kind == "sea"]
        while todo:
            sea = todo.pop()
            if sea in seen or self.owner(sea) != self.me:
                continue
            seen.add(sea)
            for n in self.neighbors(sea):
                kind = self.areas[n].kind
                if kind == "sea":
                    todo.append(n)
                elif kind == "land" and n != area and n not in out:
                    out.append(n)
        return out

    def my_areas(self) -> list[str]:
        return [a for a in self.map.area_ids if self.owner(a) == self.me]

    def value(self, area: str) -> float:
        """How much an area is worth holding: castles, supply, power icons, home."""
        info = self.areas[area]
        v = 0.5 + info.supply * 0.7 + info.power * 0.7
        if info.fortification == "stronghold":
            v += 4.0
        elif info.fortification == "castle":
            v += 3.0
        if self.homes.get(area) == self.me:
            v += 2.0
        return v

    def support_near(self, area: str, house: str) -> int:
        """Strength of ``house``'s units next to ``area`` that hold visible Support orders."""
        total = 0
        for n in self.neighbors(area):
            order = self.orders.get(n)
            if order is None or order["house"] != house or order["token"] is None:
                continue
            kind = T.ORDER_KINDS[order["token"]]
            if kind.type == "support":
                total += self.strength(n, self.areas[area].has_castle) + kind.modifier
        return total


def card_strength(card: str | None) -> int:
    return T.HOUSE_CARD_BY_ID[card].strength if card else 0


def best_card(hand: list[str]) -> int:
    return max((card_strength(c) for c in hand), default=0)
