"""Support (R7.3, D15, D16): which Support orders may back a fight, and the call for support.

:class:`SupportCall` is the base of the two steps that call for support: a combat
(:class:`westeros.boardgame.combat.Combat`, D16: attacker, defender or no support) and a
neutral-force attack (:class:`westeros.boardgame.neutral.NeutralAttack`, D15: grant to the
marcher or refuse). Its stages, each one decision at a time:

* ``"support"`` — the next house in turn order owning at least one eligible Support order
  (attacker and defender included, Q4, F28) declares a side or ``"none"`` (kind ``support``).
  A house never backs a side against itself, so the attacker may only choose ``"attacker"`` or
  ``"none"``, the defender ``"defender"`` or ``"none"`` (R7.3.2, F29);
* ``"support_areas"`` — with two or more eligible areas, which of them it commits (kind
  ``support_areas``: ``"all"`` or a proper subset ``"area+area"`` in map order, Q5);
* ``"accept"`` — the supported house accepts or declines (kind ``accept_support``, R7.3.3);
  a house backing itself accepts automatically.

Accepted support is kept as ``(area, house, side)`` triples on the step and counts only while
that Support order is still on the board (a support removed by Queen of Thorns stops, F17).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import ClassVar

from westeros.boardgame import tables as T
from westeros.boardgame.state import BoardGame, Order, Unit
from westeros.engine import Choice, Decision, Step

SIDES: tuple[str, str] = ("attacker", "defender")
SUPPORT_STAGES = frozenset({"support", "support_areas", "accept"})

_PLURAL = {"footman": "footmen", "knight": "knights", "siege_engine": "siege engines"}


def units_text(units: Iterable[Unit]) -> str:
    """``2 footmen, knight`` (first-seen order; routed units marked)."""
    counts: dict[str, int] = {}
    for u in units:
        key = u.kind + (" (routed)" if u.routed else "")
        counts[key] = counts.get(key, 0) + 1
    parts = []
    for key, n in counts.items():
        kind, _, routed = key.partition(" ")
        name = kind.replace("_", " ") if n == 1 else f"{n} {_PLURAL.get(kind, kind + 's')}"
        parts.append(f"{name} {routed}".strip())
    return ", ".join(parts) if parts else "no units"


def unit_value(unit: Unit, embattled: str, for_attack: bool) -> int:
    """R7.4.2 printed value: footman 1, knight 2, ship 1, routed 0 (R1.4.4), siege engine 4 only
    when attacking or supporting the attack into a castle/stronghold area, else 0."""
    if unit.routed:
        return 0
    if unit.kind == "siege_engine":
        return T.SIEGE_STRENGTH_VS_CASTLE if for_attack and T.AREAS[embattled].has_castle else 0
    return T.UNIT_STRENGTH[unit.kind]


def can_support(g: BoardGame, source: str, embattled: str) -> bool:
    """R7.3.1 area kinds: land units only into land combats; ships in a sea area into adjacent
    land and sea areas; ships in a port only into the port's sea area. Adjacency only: support
    never goes through ship transport (F27); impassable areas take no part (R1.1.4)."""
    if source == embattled or not T.adjacent(source, embattled):
        return False
    if source in g.impassable or embattled in g.impassable:
        return False
    info, target = T.AREAS[source], T.AREAS[embattled]
    if info.is_land:
        return target.is_land
    if info.is_sea:
        return target.is_land or target.is_sea
    return info.port_sea == embattled  # a port (R8.4)


def eligible_areas(g: BoardGame, embattled: str, house: str) -> tuple[str, ...]:
    """The house's areas whose Support order (regular or special) may back a fight in
    ``embattled`` (R7.3.1), in map order."""
    return tuple(
        a
        for a in T.AREA_IDS
        if (o := g.orders.get(a)) is not None
        and o.house == house
        and o.type == "support"
        and g.owner(a) == house
        and can_support(g, a, embattled)
    )


def declaring_houses(g: BoardGame, embattled: str) -> tuple[str, ...]:
    """R7.3.2 / F28: houses owning at least one eligible area, in turn order."""
    return tuple(h for h in g.turn_order() if eligible_areas(g, embattled, h))


def subset_choices(areas: tuple[str, ...]) -> tuple[str, ...]:
    """Q5: ``"all"``, then every proper non-empty subset as ``"a+b"`` (map order, larger first)."""
    out = ["all"]
    for size in range(len(areas) - 1, 0, -1):
        out.extend("+".join(combo) for combo in combinations(areas, size))
    return tuple(out)


def parse_subset(choice: str, areas: tuple[str, ...]) -> tuple[str, ...]:
    return areas if choice == "all" else tuple(choice.split("+"))


def order_modifier(g: BoardGame, area: str, order_type: str, house: str | None = None) -> int:
    """The modifier of the order standing in ``area`` if it is of ``order_type`` (and of
    ``house``, if given), else 0: Defense +1/+2 (R7.4.1), Support +1 (R7.3.4)."""
    order = g.orders.get(area)
    if order is None or order.type != order_type or house not in (None, order.house):
        return 0
    return order.modifier


def support_value(g: BoardGame, area: str, embattled: str, for_attack: bool) -> int:
    """R7.3.4 an area's support: its units' values plus its order bonus (Support +1 → +1,
    even when every unit there is routed, Q13)."""
    units = sum(unit_value(u, embattled, for_attack) for u in g.units.get(area, ()))
    return units + order_modifier(g, area, "support")


def _names(areas: Iterable[str]) -> str:
    return ", ".join(T.area_name(a) for a in areas)


class SupportCall(Step):
    """Base of a fight with a call for support (R7.3). Subclasses set ``after_support`` (the
    stage that follows the call) and say which sides a house may back."""

    after_support: ClassVar[str] = ""
    asks_acceptance: ClassVar[bool] = True  # R7.3.3 (a neutral-force attack accepts all)

    def __init__(
        self,
        attacker: str,
        from_area: str,
        area: str,
        attackers: tuple[Unit, ...],
        march_token: str,
    ) -> None:
        self.attacker = attacker
        self.from_area = from_area
        self.area = area
        self.attackers = tuple(attackers)
        self.march_token = march_token
        self.stage = "begin"
        self.choice: str | None = None
        self.sup_queue: tuple[str, ...] = ()  # houses still to declare, turn order
        self.sup_side: str | None = None  # side declared by sup_queue[0]
        self.sup_areas: tuple[str, ...] = ()  # areas it commits
        self.support: tuple[tuple[str, str, str], ...] = ()  # accepted (area, house, side)

    # -- for subclasses -----------------------------------------------------------------------
    def side_house(self, side: str) -> str:
        raise NotImplementedError

    def declare_sides(self, house: str) -> tuple[str, ...]:
        """The sides ``house`` may back (R7.3.2); ``"none"`` is always added."""
        raise NotImplementedError

    def fight_text(self) -> str:
        raise NotImplementedError

    # -- shared ---------------------------------------------------------------------------------
    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.choice = str(choice)

    def is_starting_march(self, g: BoardGame, area: str) -> bool:
        """The March order that started this fight (R7.12.7, R7.12.10)."""
        return area == self.from_area and g.orders.get(area) == Order(
            self.attacker, self.march_token
        )

    def valid_support(self, g: BoardGame, side: str | None = None) -> list[tuple[str, str]]:
        """Accepted ``(area, house)`` of a side (or of both) whose Support order still stands
        (R7.4.3, F17)."""
        out = []
        for area, house, s in self.support:
            if side is not None and s != side:
                continue
            o = g.orders.get(area)
            if o is not None and o.house == house and o.type == "support" and g.owner(area):
                out.append((area, house))
        return out

    def supported(self, g: BoardGame, side: str) -> bool:
        """R7.3.3 / F3: support accepted from any house (itself included) still counting."""
        return bool(self.valid_support(g, side))

    def start_support(self, g: BoardGame) -> None:
        self.sup_queue = declaring_houses(g, self.area)
        self.stage = "support"

    def _declarer(self, g: BoardGame) -> tuple[str, tuple[str, ...]]:
        """The house declaring now and its eligible areas (R7.3.2)."""
        house = self.sup_queue[0]
        return house, eligible_areas(g, self.area, house)

    def support_decisions(self, g: BoardGame) -> list[Decision]:
        if not self.sup_queue or self.choice is not None:
            return []
        house, areas = self._declarer(g)
        if self.stage == "support":
            sides = self.declare_sides(house)
            backs = " or ".join(T.house_name(self.side_house(s)) for s in sides)
            return [
                Decision(
                    g.seat_of(house),
                    "support",
                    f"{T.house_name(house)}: {self.fight_text()}. Support {backs} with your "
                    f"Support orders in {_names(areas)}, or give none?",
                    (*sides, "none"),
                )
            ]
        if self.stage == "support_areas":
            return [
                Decision(
                    g.seat_of(house),
                    "support_areas",
                    f"{T.house_name(house)}: which Support orders back "
                    f"{T.house_name(self.side_house(self.sup_side or 'attacker'))}? "
                    f"(all = {_names(areas)})",
                    subset_choices(areas),
                )
            ]
        # "accept"
        assert self.sup_side is not None
        backed = self.side_house(self.sup_side)
        if backed == house or not self.asks_acceptance:
            return []
        return [
            Decision(
                g.seat_of(backed),
                "accept_support",
                f"{T.house_name(backed)}: {T.house_name(house)} offers support from "
                f"{_names(self.sup_areas)}. Accept it?",
                ("accept", "decline"),
            )
        ]

    def support_run(self, g: BoardGame) -> None:
        """Apply the recorded choice of a support stage (or the automatic step)."""
        choice, self.choice = self.choice, None
        if not self.sup_queue:
            self.stage = self.after_support
            return
        house, areas = self._declarer(g)
        if self.stage == "support":
            if choice == "none" or choice is None:
                g.say(f"{T.house_name(house)} gives no support")
                self._next_house()
                return
            self.sup_side = choice
            if len(areas) > 1:
                self.stage = "support_areas"
            else:
                self.sup_areas = areas
                self.stage = "accept"
            return
        if self.stage == "support_areas":
            self.sup_areas = parse_subset(choice or "all", areas)
            self.stage = "accept"
            return
        # "accept": the choice is "accept"/"decline", or None for an automatic acceptance
        assert self.sup_side is not None
        backed = self.side_house(self.sup_side)
        if choice == "decline":
            g.say(
                f"{T.house_name(backed)} declines the support of {T.house_name(house)} "
                f"({_names(self.sup_areas)})"
            )
        else:
            self.support = (
                *self.support,
                *((a, house, self.sup_side) for a in self.sup_areas),
            )
            g.say(
                f"{T.house_name(house)} supports {T.house_name(backed)} from "
                f"{_names(self.sup_areas)}"
            )
        self._next_house()

    def _next_house(self) -> None:
        self.sup_queue = self.sup_queue[1:]
        self.sup_side = None
        self.sup_areas = ()
        self.stage = "support"
