"""Mustering (R3.6, D6): the Mustering Westeros card, A Throne of Blades, Special Consolidate
Power (R6.6.3) and The Horde Descends (R4.5) all use :class:`Muster`.

A house musters in its castle/stronghold areas one area at a time, one purchase per decision
(:data:`~westeros.boardgame.decisions.MUSTER`):

* ``"footman"``, ``"knight"``, ``"siege_engine"`` — a new land unit in the area itself;
* ``"upgrade_knight"``, ``"upgrade_siege_engine"`` — a footman already in the area becomes a
  knight / siege engine (cost 1, the footman returns to the pool, R3.6.3);
* ``"ship>port_of_x"`` or ``"ship>sea_id"`` — a new ship in the area's own port or in an
  adjacent sea area without enemy ships (R3.6.4, R8.3, FAQ F41);
* ``"done"`` — stop mustering in this area (unspent points are lost, R3.6.2);
* ``"later"`` — muster in this area after the house's other areas. Offered only before anything
  was spent here, once per area, and only when footmen could run short (an upgrade elsewhere
  frees a footman for the pool, R1.4.2, so the order of the areas can then matter).

Only purchases that fit the points left, the pool (R1.4.2), the 3-ship port limit (R8.2) and
supply (R1.5.4, R3.6.5) are offered. When nothing can be bought in an area it is skipped.

With the config ``planning: "table"`` :func:`muster_step` gives :class:`TableMuster` instead: the
house builds a plan of purchases in any of its areas (:data:`~decisions.PLAN_MUSTER`), sees it,
may reset it, and nothing is placed until ``done``.
"""

from __future__ import annotations

from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.state import BoardGame, Unit
from westeros.engine import Choice, Decision, Step

LAND_KINDS = ("footman", "knight", "siege_engine")
UPGRADE = "upgrade_"  # purchase prefix: upgrade_knight, upgrade_siege_engine (R3.6.3)


def can_muster_in(g: BoardGame, house: str, area: str) -> bool:
    """R3.6.2: a land area with a castle or stronghold controlled by the house (usable, R1.1.4)."""
    info = g.map.areas.get(area)
    return (
        info is not None
        and info.is_land
        and info.has_castle
        and area not in g.impassable
        and g.controller(area) == house
        and (house not in g.vassals or g.homes.get(area) == house)  # X-MOD-10.6 home only
    )


def mustering_areas(g: BoardGame, house: str, castles_only: bool = False) -> tuple[str, ...]:
    """The house's castle/stronghold areas it may muster in, in map order (R3.6.2);
    ``castles_only``: no stronghold (Rally the Men, X-AFFC-3)."""
    return tuple(
        a
        for a in g.controlled_areas(house)
        if can_muster_in(g, house, a)
        and not (castles_only and g.map.areas[a].fortification == "stronghold")
    )


def _own_count(g: BoardGame, house: str, area: str) -> int:
    units = g.units.get(area, ())
    return len(units) if units and units[0].house == house else 0


def ship_targets(g: BoardGame, house: str, area: str) -> list[str]:
    """R3.6.4: the area's own port (even with enemy ships in its sea), then adjacent sea areas
    without enemy ships; never impassable areas or unusable ports (R1.1.4). The 3-ship port
    limit (R8.2) and supply (R1.5.4) are checked here too."""
    targets: list[str] = []
    port = g.map.areas[area].port
    if (
        port is not None
        and port not in g.impassable
        and g.owner(port) in (None, house)
        and _own_count(g, house, port) < T.MAX_SHIPS_IN_PORT
        and g.complies_with(house, {port: _own_count(g, house, port) + 1})
    ):
        targets.append(port)
    for sea in g.map.area_ids:
        if (
            sea in g.map.areas[area].neighbors
            and g.map.areas[sea].is_sea
            and sea not in g.impassable
            and g.owner(sea) in (None, house)
            and g.complies_with(house, {sea: _own_count(g, house, sea) + 1})
        ):
            targets.append(sea)
    return targets


def muster_options(g: BoardGame, house: str, area: str, points: int) -> list[str]:
    """Every single purchase the house can make in ``area`` with ``points`` left (R3.6.3–R3.6.5).

    ``"done"`` and ``"later"`` are not included.
    """
    if points <= 0 or not can_muster_in(g, house, area):
        return []
    options: list[str] = []
    here = _own_count(g, house, area)
    fits_one_more = g.complies_with(house, {area: here + 1})
    for kind in LAND_KINDS:  # R3.6.3 new land units, into the area itself (R3.6.4)
        if points >= T.MUSTER_COST[kind] and g.pool_left(house, kind) > 0 and fits_one_more:
            options.append(kind)
    has_footman = any(u.kind == "footman" for u in g.units.get(area, ()) if u.house == house)
    for kind in ("knight", "siege_engine"):  # R3.6.3 upgrades never change army sizes (R3.6.5)
        if has_footman and points >= T.UPGRADE_COST and g.pool_left(house, kind) > 0:
            options.append(UPGRADE + kind)
    if points >= T.MUSTER_COST["ship"] and g.pool_left(house, "ship") > 0:
        options.extend(str(D.MUSTER.format("ship", t)) for t in ship_targets(g, house, area))
    return options


def _cost(purchase: str) -> int:
    if purchase.startswith(UPGRADE):
        return T.UPGRADE_COST
    return T.MUSTER_COST[purchase]


def _points_word(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


class Muster(Step):
    """R3.6 / D6: ``house`` musters in each of ``areas`` in turn (one purchase per decision).

    ``areas[0]`` is the area being mustered in; ``spent`` the points already spent there;
    ``deferred`` the areas already moved back with ``"later"``.
    """

    def __init__(
        self,
        house: str,
        areas: tuple[str, ...],
        spent: int = 0,
        deferred: frozenset[str] = frozenset(),
        choice: str | None = None,
    ) -> None:
        self.house = house
        self.areas = tuple(areas)
        self.spent = spent
        self.deferred = deferred
        self.choice = choice

    # -- queries -------------------------------------------------------------------------------
    def _points_left(self, g: BoardGame) -> int:
        return g.map.areas[self.areas[0]].mustering_points - self.spent

    def _can_defer(self, g: BoardGame) -> bool:
        if self.spent or len(self.areas) < 2 or self.areas[0] in self.deferred:
            return False
        total = sum(g.map.areas[a].mustering_points for a in self.areas)
        return g.pool_left(self.house, "footman") < total

    def _offer(self, g: BoardGame) -> list[str]:
        """The purchases offered in the current area (empty: the area is finished)."""
        if not self.areas:
            return []
        area = self.areas[0]
        options = muster_options(g, self.house, area, self._points_left(g))
        if self._can_defer(g) and can_muster_in(g, self.house, area):
            options.append("later")
        return options

    # -- step protocol -------------------------------------------------------------------------
    def decisions(self, g: BoardGame) -> list[Decision]:
        if self.choice is not None:
            return []
        options = self._offer(g)
        if not options:
            return []
        area = self.areas[0]
        left = self._points_left(g)
        prompt = (
            f"{T.house_name(self.house)}: muster in {T.area_name(area)} "
            f"({_points_word(left)} left)"
        )
        seat, vassal = g.seat_for(self.house), g.for_vassal(self.house)
        return [D.MUSTER.ask(seat, prompt, (*options, "done"), area=area, **vassal)]

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.choice = str(choice)

    def run(self, g: BoardGame) -> None:
        choice, self.choice = self.choice, None
        if choice == "later":
            area = self.areas[0]
            self.areas = (*self.areas[1:], area)
            self.deferred = self.deferred | {area}
            g.emit(E.MUSTER_LATER(house=self.house, area=area))
        elif choice == "done":
            self._finish_area(g)
        elif choice is not None:
            self._buy(g, choice)
        # Skip areas where nothing can be bought (or that are no longer usable).
        while self.areas and not self._offer(g):
            self._finish_area(g)
        if self.areas:
            g.push(self)

    # -- effects -------------------------------------------------------------------------------
    def _finish_area(self, g: BoardGame) -> None:
        area = self.areas[0]
        if not can_muster_in(g, self.house, area):
            g.emit(E.MUSTER_BARRED(house=self.house, area=area))
        else:
            left = self._points_left(g)
            if left > 0:  # R3.6.2 unspent points are lost
                g.emit(E.MUSTER_ENDED(house=self.house, area=area, lost=left))
        self.areas = self.areas[1:]
        self.spent = 0

    def _buy(self, g: BoardGame, choice: str) -> None:
        self.spent += buy(g, self.house, self.areas[0], choice)


def buy(g: BoardGame, house: str, area: str, choice: str) -> int:
    """Carry out one purchase (a ``muster`` choice) in ``area`` (R3.6.3, R3.6.4); its cost."""
    parts = D.MUSTER.parse(choice)
    purchase, target = parts["purchase"], parts.get("to", area)  # R3.6.4 ships: port or sea
    cost = _cost(purchase)
    if purchase.startswith(UPGRADE):  # R3.6.3 upgrade keeps the routed state
        kind = purchase.removeprefix(UPGRADE)
        footmen = [u for u in g.units[area] if u.house == house and u.kind == "footman"]
        old = min(footmen, key=lambda u: u.routed)  # a standing footman first
        g.replace_unit(area, old, Unit(house, kind, old.routed))
        g.emit(E.MUSTER_UPGRADED(house=house, area=area, unit=kind, cost=cost))
    else:
        g.add_unit(target, Unit(house, purchase))
        g.emit(E.MUSTERED(house=house, area=target, unit=purchase, source=area, cost=cost))
    return cost


def muster_step(g: BoardGame, house: str, areas: tuple[str, ...]) -> Step:
    """The step in which ``house`` musters in ``areas``: one purchase at a time
    (:class:`Muster`), or a plan carried out at once at the table (:class:`TableMuster`)."""
    if g.config.get("planning") == "table":
        return TableMuster(house, areas)
    return Muster(house, areas)


class TableMuster(Step):
    """R3.6 / D6 as at the table (config ``planning: "table"``): ``house`` plans its purchases
    in ``areas`` (one ``plan_muster`` decision per purchase, ``<area>:<purchase>``, in any area
    and any order), sees the plan, may ``reset`` it, and musters it all at ``done``.

    Nothing is placed before ``done``: each purchase offered fits the points the area has left
    after the plan, and the pool, supply and port limits (R3.6.5) as they would stand after the
    plan, carried out in its order on a copy of the game. At ``done`` the plan is carried out in
    that order and every area's unspent points are lost (R3.6.2). ``plan``: the (area, purchase)
    pairs so far; ``chosen``: the recorded choice.
    """

    def __init__(
        self,
        house: str,
        areas: tuple[str, ...],
        plan: tuple[tuple[str, str], ...] = (),
        chosen: str | None = None,
    ) -> None:
        self.house = house
        self.areas = tuple(areas)
        self.plan = plan
        self.chosen = chosen

    def left(self, g: BoardGame, area: str) -> int:
        """The area's mustering points not spent by the plan (R3.6.2), on the game's map (a
        MoD area, X-MOD-3; an Iron Bank stronghold, X-MOD-8.6)."""
        spent = sum(_cost(D.MUSTER.parse(p)["purchase"]) for a, p in self.plan if a == area)
        return g.areas[area].mustering_points - spent

    def offers(self, g: BoardGame) -> list[str]:
        """Every ``<area>:<purchase>`` that may be added to the plan (R3.6.3–R3.6.5)."""
        after = g.clone()  # the board as the plan would leave it (nothing is placed yet)
        for area, purchase in self.plan:
            buy(after, self.house, area, purchase)
        return [
            f"{area}:{p}"
            for area in self.areas
            for p in muster_options(after, self.house, area, self.left(g, area))
        ]

    def decisions(self, g: BoardGame) -> list[Decision]:
        if self.chosen is not None:
            return []
        offers = self.offers(g)
        if not offers and not self.plan:
            return []  # nothing can be mustered anywhere: done at once
        choices = [*offers, *(("reset",) if self.plan else ()), "done"]
        plan = ",".join(f"{a}:{p}" for a, p in self.plan)
        left = ",".join(f"{a}:{self.left(g, a)}" for a in self.areas)  # the points left per area
        points = sum(self.left(g, a) for a in self.areas)
        prompt = (
            f"{T.house_name(self.house)}: plan your mustering ({_points_word(points)} left); "
            "nothing is placed until you are done"
        )
        seat = g.seat_for(self.house)  # a vassal's commander (X-MOD-10.6: its home only)
        context = {"plan": plan, "points": left, **g.for_vassal(self.house)}
        return [D.PLAN_MUSTER.ask(seat, prompt, choices, **context)]

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.chosen = str(choice)

    def run(self, g: BoardGame) -> None:
        choice, self.chosen = self.chosen, None
        if choice == "reset":
            self.plan = ()
        elif choice is not None and choice != "done":
            parts = D.PLAN_MUSTER.parse(choice)
            self.plan = (*self.plan, (parts["area"], parts["purchase"]))
        if choice not in (None, "done"):
            g.push(self)
            return
        for area, purchase in self.plan:  # R3.6.3, R3.6.4 in the order planned
            buy(g, self.house, area, purchase)
        for area in self.areas:  # R3.6.2 unspent points are lost
            if not can_muster_in(g, self.house, area):
                g.emit(E.MUSTER_BARRED(house=self.house, area=area))
            elif self.left(g, area) > 0:
                g.emit(E.MUSTER_ENDED(house=self.house, area=area, lost=self.left(g, area)))


class MusteringRound(Step):
    """R3.6.1: houses muster one at a time in turn order, each in all its castle/stronghold
    areas, finishing before the next house begins."""

    CASTLES_ONLY = False  # a class constant: no step field, so base state hashes stay the same

    def __init__(self, position: int = 0) -> None:
        self.position = position

    def run(self, g: BoardGame) -> None:
        order = g.turn_order()
        if self.position >= len(order):
            return
        if self.position == 0:
            g.emit(E.MUSTERING_BEGINS())
        house = order[self.position]
        areas = mustering_areas(g, house, self.CASTLES_ONLY)
        g.push(muster_step(g, house, areas), type(self)(self.position + 1))


class CastleMusteringRound(MusteringRound):
    """Rally the Men (X-AFFC-3, X-AFFC-D5): as R3.6.1, but each house musters only in its
    castle areas, never in a stronghold."""

    CASTLES_ONLY = True
