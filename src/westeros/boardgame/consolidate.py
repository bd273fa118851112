"""Consolidate Power orders (R6.6, R8.6, D22): ``ResolveConsolidate(house)`` resolves one.

Decision kind ``consolidate``: the area of one of the house's Consolidate Power orders (or of
an Iron Bank sea order, resolved in the same turns, X-MOD-9.2: ``sea_orders``). For a
Special Consolidate Power order in a land area with a castle or stronghold, a second decision
of kind ``consolidate_special``: ``"power"`` (R6.6.1) or ``"muster"`` (R6.6.3, then D6).
"""

from __future__ import annotations

from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.mustering import muster_step
from westeros.boardgame.sea_orders import IRON_BANK, resolve_iron_bank
from westeros.boardgame.state import BoardGame
from westeros.engine import Choice, Decision, Step


def consolidate_gain(g: BoardGame, house: str, area: str) -> int:
    """R6.6.1 power a Consolidate Power order of ``house`` in ``area`` yields (before the
    Pool limit): land 1 + crowns; port 1 if its ships are there and its sea holds no enemy
    ships (R8.6), else 0; sea 0."""
    info = g.map.areas[area]
    if info.is_land:
        return 1 + info.power
    if info.is_port:
        assert info.port_sea is not None
        sea_owner = g.owner(info.port_sea)
        trade = g.owner(area) == house and sea_owner in (None, house)
        return 1 if trade else 0
    return 0


def can_muster(g: BoardGame, area: str) -> bool:
    """R6.6.3 / FAQ F46: a Special Consolidate Power order musters only in a land area with a
    castle or stronghold (never at sea or in a port, R8.6)."""
    info = g.map.areas[area]
    return info.is_land and info.has_castle


class ResolveConsolidate(Step):
    """R6.6: the house resolves one of its Consolidate Power orders (its choice).

    ``area`` is the chosen order's area once picked; ``chosen`` the recorded choice of the
    current decision (an area, or ``"power"``/``"muster"``), applied by ``run``.
    """

    def __init__(self, house: str, area: str | None = None, chosen: str | None = None) -> None:
        self.house = house
        self.area = area
        self.chosen = chosen

    def decisions(self, g: BoardGame) -> list[Decision]:
        if self.chosen is not None:
            return []
        name = T.house_name(self.house)
        seat = g.seat_for(self.house)
        if self.area is not None:  # a special order in a castle area: power or muster
            prompt = (
                f"{name}: Special Consolidate Power in {T.area_name(self.area)} — "
                f"gain {consolidate_gain(g, self.house, self.area)} power or muster?"
            )
            return [D.CONSOLIDATE_SPECIAL.ask(seat, prompt, ("power", "muster"))]
        areas = [  # X-MOD-9.2 Iron Bank orders take their turns here too
            a for a in g.orders_of(self.house) if g.orders[a].type in ("consolidate", IRON_BANK)
        ]
        if not areas:
            return []
        what = "a Consolidate Power order"
        if any(g.orders[a].type == IRON_BANK for a in areas):
            what = "a Consolidate Power or Iron Bank order"
        return [D.CONSOLIDATE.ask(seat, f"{name}: resolve {what}", areas)]

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.chosen = str(choice)

    def run(self, g: BoardGame) -> None:
        if self.chosen is None:
            return  # no Consolidate Power order left (raided meanwhile, R6.6.2)
        choice, self.chosen = self.chosen, None
        if self.area is None:
            order = g.orders[choice]
            if order.type == IRON_BANK:
                resolve_iron_bank(g, self.house, choice)  # X-MOD-9.2
                return
            if order.special and can_muster(g, choice):
                self.area = choice
                g.push(self)  # ask: power or muster
                return
            self._gain(g, choice)
        elif choice == "muster":  # R6.6.3 muster as in R3.6 instead of gaining power
            area = self.area
            del g.orders[area]
            g.emit(E.CONSOLIDATE_MUSTER(house=self.house, area=area))
            g.push(muster_step(g, self.house, (area,)))
        else:
            self._gain(g, self.area)

    def _gain(self, g: BoardGame, area: str) -> None:
        """R6.6.1 remove the order and gain power (up to what the Pool holds, R1.6.2)."""
        order = g.orders.pop(area)
        amount = consolidate_gain(g, self.house, area)
        gained = g.gain_power(self.house, amount)
        g.emit(
            E.CONSOLIDATE(
                house=self.house, area=area, token=order.token, gain=amount, gained=gained
            )
        )
