"""Supply (R3.5): update the supply track, then reconcile armies (R3.5.2, D5).

Reconciliation asks one destruction at a time. A finished selection must be *minimal by
inclusion* (R3.5.2, as S&R checks it): the house complies and no destroyed unit could be
spared, i.e. putting back any one of them would break supply again. It need not be the smallest
selection: with armies 4, 2, 2 at supply 1 (3,2), cutting the 4 down to 1 (three units, each
needed) is as legal as cutting it to 3 and a 2 to 1. A unit is offered iff some minimal
selection extends the destructions made so far with it; the house stops as soon as it complies.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from functools import lru_cache

from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame import victory
from westeros.boardgame.state import BoardGame, Unit, supply_complies
from westeros.engine import Choice, Decision, Step

UNIT_NAMES = {  # for the log
    "footman": "footman",
    "knight": "knight",
    "siege_engine": "siege engine",
    "ship": "ship",
}


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


@lru_cache(maxsize=4096)
def _completable(supply: int, areas: tuple[tuple[int, bool], ...]) -> bool:
    """Can the house end in a minimal selection (R3.5.2)? ``areas`` holds one ``(cap, reduced)``
    per area: at most ``cap`` units stay there; ``reduced`` when a unit there is destroyed
    already. Is there a final size ``1..cap`` per area such that the house complies and every
    area that lost a unit could not take one back without breaking supply?

    Such a final size is the cap itself or, for an area that lost units, 1 or an allowed army
    size (a reduced army of size x is only needed if x is its slot's limit), which keeps the
    search small.
    """
    slots = set(T.SUPPLY_LIMITS[max(0, min(T.MAX_SUPPLY, supply))])
    options = [
        (cap,) if cap == 1 else (cap, 1, *sorted(x for x in slots if 2 <= x < cap))
        for cap, _ in areas
    ]
    for final in itertools.product(*options):
        if not supply_complies(final, supply):
            continue
        if not any(
            supply_complies((*final[:i], size + 1, *final[i + 1 :]), supply)
            for i, (size, (cap, reduced)) in enumerate(zip(final, areas, strict=True))
            if reduced or size < cap
        ):
            return True
    return False


def area_sizes(g: BoardGame, house: str) -> dict[str, int]:
    """Number of the house's units per area where it has units."""
    return {a: len(us) for a, us in g.units.items() if us and us[0].house == house}


def reconcile_areas(g: BoardGame, house: str, reduced: Iterable[str] = ()) -> list[str]:
    """Areas (map order) where one more destruction keeps a minimal selection possible
    (R3.5.2); ``reduced`` are the areas where the house already destroyed units."""
    sizes = area_sizes(g, house)
    if supply_complies(sizes.values(), g.supply[house]):
        return []
    done = set(reduced)

    def key(cut: str) -> tuple[tuple[int, bool], ...]:
        caps = [(n - (a == cut), a in done or a == cut) for a, n in sizes.items()]
        return tuple(sorted(c for c in caps if c != (1, False)))  # lone units never matter

    return [
        a
        for a in g.map.area_ids
        if sizes.get(a, 0) >= 2 and _completable(g.supply[house], key(a))  # R1.5.1 armies only
    ]


def unit_choices(g: BoardGame, units: Iterable[tuple[str, Unit]]) -> tuple[str, ...]:
    """Distinct ``"area:kind"`` choices (the grammar of ``reconcile`` and the wildling unit
    picks), in map order then unit-type order."""
    order = g.map.order
    keys = {(order[a], T.ALL_UNIT_TYPES.index(u.kind), f"{a}:{u.kind}") for a, u in units}
    return tuple(choice for *_, choice in sorted(keys))


def reconcile_choices(g: BoardGame, house: str, reduced: Iterable[str] = ()) -> tuple[str, ...]:
    """Choices ``"area:unit_kind"`` of one destruction (D5), in map order."""
    units = [(a, u) for a in reconcile_areas(g, house, reduced) for u in g.units[a]]
    return unit_choices(g, units)


def consequences(g: BoardGame) -> bool:
    """R1.3.8 after units were destroyed: check ports (R8.5), then for a win (R9.2).
    Returns True when the game has ended."""
    return victory.settle_control(g)


class UpdateSupply(Step):
    """R3.5.1: in turn order each house sets its supply to its barrels (max 6); then R3.5.2."""

    def run(self, g: BoardGame) -> None:
        order = g.turn_order()
        for house in order:
            old, new = g.supply[house], g.barrels(house)
            g.supply[house] = new
            g.emit(E.SUPPLY(house=house, old=old, new=new))
        g.push(Reconcile(order))


class Reconcile(Step):
    """R3.5.2 / D5: in the given order each non-compliant house destroys units one at a time.

    ``choice`` holds the destruction chosen and not yet applied; ``reduced`` the areas where
    units were destroyed so far (each area holds one house's units, and a minimal destruction
    never empties an area, so one set serves every house). The next house to act is the first
    non-compliant one of ``houses``: destroying one's own units never affects another house's
    compliance, so no progress counter is needed.
    """

    def __init__(
        self,
        houses: tuple[str, ...],
        choice: str | None = None,
        reduced: frozenset[str] = frozenset(),
    ) -> None:
        self.houses = tuple(houses)
        self.choice = choice
        self.reduced = reduced

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
        prompt = (
            f"{T.house_name(house)}: armies exceed supply {g.supply[house]}; destroy a unit "
            f"(at least {needed} more to destroy)"
        )
        return [
            D.RECONCILE.ask(g.seat_of(house), prompt, reconcile_choices(g, house, self.reduced))
        ]

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.choice = str(choice)

    def run(self, g: BoardGame) -> None:
        if self.choice is None:
            return  # every house complies
        parts = D.RECONCILE.parse(self.choice)
        area, kind = parts["area"], parts["unit"]
        self.choice = None
        self.reduced = self.reduced | {area}
        unit = next(u for u in g.units[area] if u.kind == kind)
        house = unit.house
        g.remove_unit(area, unit)
        g.emit(
            E.SUPPLY_DESTROY(
                house=house, area=area, units=E.units_field((unit,)), supply=g.supply[house]
            )
        )
        g.push(self)
        # R3.5.3 an emptied area gets no power token and may lose control. (A minimal
        # destruction never empties an area — one unit left is no army — so this is a guard.)
        if area not in g.units:
            consequences(g)
