"""Supply (R3.5): update the supply track, then reconcile armies (R3.5.2, D5).

Reconciliation asks one destruction at a time and offers only the removals that keep the
selection minimal (every destroyed unit must be needed, R3.5.2): with ``m`` the least number
of removals that makes the house comply, a unit is offered iff removing it leaves ``m - 1``.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterable

from westeros.boardgame import tables as T
from westeros.boardgame import victory
from westeros.boardgame.state import BoardGame
from westeros.engine import Choice, Decision, Step

PORTS_MODULE = "westeros.boardgame.ports"


def min_removals(sizes: Iterable[int], supply: int) -> int:
    """The least number of units to destroy so that armies of ``sizes`` comply (R1.5.3).

    Armies (sizes >= 2) sorted descending are matched in order to the allowed sizes sorted
    descending (sorted matching minimises the total excess); an army left without a slot is cut
    down to a single unit (no longer an army). DP over (armies seen, slots used).
    """
    armies = sorted((s for s in sizes if s >= 2), reverse=True)
    allowed = T.SUPPLY_LIMITS[max(0, min(T.MAX_SUPPLY, supply))]
    inf = 1 << 30
    # best[j]: least cost so far with the first j slots used
    best = [0] + [inf] * len(allowed)
    for size in armies:
        nxt = [inf] * (len(allowed) + 1)
        for j, cost in enumerate(best):
            if cost == inf:
                continue
            nxt[j] = min(nxt[j], cost + size - 1)  # cut down to one unit
            if j < len(allowed):
                nxt[j + 1] = min(nxt[j + 1], cost + max(0, size - allowed[j]))
        best = nxt
    return min(best)


def area_sizes(g: BoardGame, house: str) -> dict[str, int]:
    """Number of the house's units per area where it has units."""
    return {a: len(us) for a, us in g.units.items() if us and us[0].house == house}


def minimal_removals(g: BoardGame, house: str) -> list[str]:
    """The areas from which destroying one unit keeps the destruction minimal (R3.5.2)."""
    sizes = area_sizes(g, house)
    needed = min_removals(sizes.values(), g.supply[house])
    if needed == 0:
        return []
    out = []
    for area in T.AREA_IDS:
        if sizes.get(area, 0) < 2:
            continue  # a single unit is never an army: destroying it never helps
        after = dict(sizes)
        after[area] -= 1
        if min_removals(after.values(), g.supply[house]) == needed - 1:
            out.append(area)
    return out


def reconcile_choices(g: BoardGame, house: str) -> tuple[str, ...]:
    """Choices ``"area:unit_kind"`` of one minimal destruction (D5), in map order."""
    choices: list[str] = []
    for area in minimal_removals(g, house):
        kinds: list[str] = []
        for u in g.units[area]:
            if u.kind not in kinds:
                kinds.append(u.kind)
        choices.extend(f"{area}:{k}" for k in sorted(kinds, key=T.UNIT_TYPES.index))
    return tuple(choices)


def check_ports(g: BoardGame) -> None:
    """R8.5 via ``ports.check_ports`` once that module exists (imported lazily by name)."""
    if importlib.util.find_spec(PORTS_MODULE) is None:
        return
    importlib.import_module(PORTS_MODULE).check_ports(g)


def unit_label(kind: str) -> str:
    return kind.replace("_", " ").title()


class UpdateSupply(Step):
    """R3.5.1: in turn order each house sets its supply to its barrels (max 6); then R3.5.2."""

    def run(self, g: BoardGame) -> None:
        order = g.turn_order()
        for house in order:
            old, new = g.supply[house], g.barrels(house)
            g.supply[house] = new
            change = "stays at" if old == new else f"goes from {old} to"
            g.say(f"Supply: {T.house_name(house)} {change} {new}")
        g.push(Reconcile(order))


class Reconcile(Step):
    """R3.5.2 / D5: in the given order each non-compliant house destroys units one at a time.

    ``choice`` holds the destruction chosen and not yet applied. The next house to act is the
    first non-compliant one of ``houses``: destroying one's own units never affects another
    house's compliance, so no progress counter is needed.
    """

    def __init__(self, houses: tuple[str, ...], choice: str | None = None) -> None:
        self.houses = tuple(houses)
        self.choice = choice

    def current(self, g: BoardGame) -> str | None:
        for house in self.houses:
            if not g.complies(house):
                return house
        return None

    def decisions(self, g: BoardGame) -> list[Decision]:
        if self.choice is not None:
            return []
        house = self.current(g)
        if house is None:
            return []
        needed = min_removals(area_sizes(g, house).values(), g.supply[house])
        return [
            Decision(
                g.seat_of(house),
                "reconcile",
                f"{T.house_name(house)}: armies exceed supply {g.supply[house]}; destroy a unit "
                f"({needed} to destroy in all)",
                reconcile_choices(g, house),
            )
        ]

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.choice = str(choice)

    def run(self, g: BoardGame) -> None:
        if self.choice is None:
            return  # every house complies
        area, kind = self.choice.split(":")
        self.choice = None
        units = g.units[area]
        unit = next(u for u in units if u.kind == kind)
        house = unit.house
        g.remove_unit(area, unit)
        g.say(
            f"{T.house_name(house)} destroys a {unit_label(kind)} in {T.area_name(area)} "
            f"to comply with supply {g.supply[house]}"
        )
        g.push(self)
        # R3.5.3 an emptied area gets no power token and may lose control. (A minimal
        # destruction never empties an area — one unit left is no army — so this is a guard.)
        if area not in g.units:
            check_ports(g)
            victory.check_win(g)
