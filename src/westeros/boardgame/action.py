"""Action phase (R6): raids, marches, consolidate power in turn order, then clean up."""

from __future__ import annotations

from typing import Any

from westeros.boardgame import affc
from westeros.boardgame import events as E
from westeros.boardgame.consolidate import ResolveConsolidate
from westeros.boardgame.march import ResolveMarch
from westeros.boardgame.raid import ResolveRaid
from westeros.boardgame.sea_orders import IRON_BANK
from westeros.boardgame.state import BoardGame
from westeros.boardgame.vassals import ResolveVassalMuster, cycle_houses
from westeros.boardgame.victory import end_game
from westeros.engine import Step


def resolver_for(order_type: str, house: str, g: BoardGame | None = None) -> Step:
    """The step in which ``house`` resolves one of its orders of ``order_type`` (a vassal's
    Defense +1/Muster in the Consolidate Power step, X-MOD-10.4)."""
    if g is not None and order_type == "consolidate" and house in g.vassals:
        return ResolveVassalMuster(house)
    if order_type == "raid":
        return ResolveRaid(house)
    if order_type == "march":
        return ResolveMarch(house)
    return ResolveConsolidate(house)


CYCLES = ("raid", "march", "consolidate")  # R6.1 the order types resolved, in this order
# the order types each cycle resolves: X-MOD-9.2 Iron Bank orders take turns with the
# Consolidate Power orders (one order per turn, the house's choice)
CYCLE_TYPES: dict[str, frozenset[str]] = {
    "raid": frozenset({"raid"}),
    "march": frozenset({"march"}),
    "consolidate": frozenset({"consolidate", IRON_BANK}),
}


def action_steps(cycle: str = "raid", position: int = 0) -> list[Step]:
    """The action phase's steps from the ``cycle`` order cycle on (its turn at Iron Throne
    position index ``position``), then the later cycles and clean up (R6.1)."""
    later = CYCLES[CYCLES.index(cycle) + 1 :]
    return [OrderCycle(cycle, position), *(OrderCycle(c) for c in later), CleanUp()]


class ActionPhase(Step):
    """R6.1: (1) raids, (2) marches, (3) consolidate power, (4) clean up."""

    def run(self, g: BoardGame) -> None:
        g.phase = "action"
        g.push(*action_steps())


class OrderCycle(Step):
    """R6.2 / R1.13.1: positions act in turn, each resolving one order; cycle until none remain.

    The pointer is a *position* on the Iron Throne track, not a house, so a house moved
    during its own turn may act again or wait a full cycle (FAQ F12).
    """

    def __init__(self, order_type: str, position: int = 0) -> None:
        self.order_type = order_type
        self.position = position

    def run(self, g: Any) -> None:
        acting = cycle_houses(g, CYCLE_TYPES[self.order_type])
        if self.position == 0 and acting:
            g.emit(E.ORDER_CYCLE(order_type=self.order_type))  # later turns: positions 1..n
        order = g.turn_order()
        n = len(order)
        for offset in range(n):
            pos = (self.position + offset) % n
            house = order[pos]
            if house in acting:
                g.push(
                    resolver_for(self.order_type, house, g), OrderCycle(self.order_type, pos + 1)
                )
                return


class CleanUp(Step):
    """R6.7 clean up; after round 10 the game ends (R9.3), else the next round begins."""

    def run(self, g: BoardGame) -> None:
        g.orders.clear()  # R6.7.1
        for area, units in list(g.units.items()):  # R6.7.2 stand routed units up
            if any(u.routed for u in units):
                g.units[area] = tuple(type(u)(u.house, u.kind, False) for u in units)
        g.vsb_used = False  # R6.7.3
        g.raven_used = False
        g.orders_revealed = False
        if g.is_affc():  # X-AFFC-4.2, X-AFFC-Q5: the scoring phase ends every round
            g.push(*affc.scoring_phase())
            return
        g.emit(E.ROUND_END(round=g.round))
        last = g.setup.last_round
        if g.round >= last:  # R6.7.4; 6 rounds in A Dance with Dragons (X-ADWD-2.2)
            end_game(g, f"end of round {last}")
        else:
            g.push(g.next_round())
