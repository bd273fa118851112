"""Support (R7.3, D15, D16): which Support orders may back a fight, and the call for support.

The call for support is the stage ``support`` of both fights (:mod:`westeros.boardgame.fight`):
a combat (D16: attacker, defender or no support) and a neutral-force attack (D15: grant to the
marcher or refuse). One decision at a time, for each house in turn order owning at least one
eligible Support order (attacker and defender included, Q4, F28):

* ``declare`` — it declares a side or ``"none"`` (kind ``support``). A house never backs a
  side against itself, so the attacker may only choose ``"attacker"`` or ``"none"``, the
  defender ``"defender"`` or ``"none"`` (R7.3.2, F29); against a neutral force only
  ``"attacker"`` or ``"none"`` (D15);
* ``areas`` — with two or more eligible areas, which of them it commits (kind
  ``support_areas``: ``"all"`` or a proper subset ``"area+area"`` in map order, Q5);
* ``accept`` — the supported house accepts or declines (kind ``accept_support``, R7.3.3);
  a house backing itself, or a marcher against a neutral force (R6.5.1), accepts at once.

Accepted support is kept as ``(area, house, side)`` triples on the fight record and counts only
while that Support order is still on the board (a support removed by Queen of Thorns stops, F17).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from westeros.boardgame import decisions as D
from westeros.boardgame import dragons
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.fight import NEUTRAL, Fight
from westeros.boardgame.state import SIDES, BoardGame, Side, Unit
from westeros.boardgame.vassals import friendly
from westeros.engine import Decision


def unit_value(g: BoardGame, unit: Unit, embattled: str, for_attack: bool) -> int:
    """R7.4.2 printed value: footman 1, knight 2, ship 1, routed 0 (R1.4.4), siege engine 4 only
    when attacking or supporting the attack into a castle/stronghold area, else 0; a dragon the
    game's dragon strength (X-MOD-6.2, :func:`dragons.strength`)."""
    if unit.routed:
        return 0
    if unit.kind == T.DRAGON:
        return dragons.strength(g)
    if unit.kind == "siege_engine":
        return T.SIEGE_STRENGTH_VS_CASTLE if for_attack and g.map.areas[embattled].has_castle else 0
    return T.UNIT_STRENGTH[unit.kind]


def can_support(g: BoardGame, source: str, embattled: str) -> bool:
    """R7.3.1 area kinds: land units only into land combats; ships in a sea area into adjacent
    land and sea areas; ships in a port only into the port's sea area. Adjacency only: support
    never goes through ship transport (F27); impassable areas take no part (R1.1.4)."""
    if source == embattled or not g.map.adjacent(source, embattled):
        return False
    if source in g.impassable or embattled in g.impassable:
        return False
    info, target = g.map.areas[source], g.map.areas[embattled]
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
        for a in g.map.area_ids
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
        out.extend(str(D.SUPPORT_AREAS.format(*combo)) for combo in combinations(areas, size))
    return tuple(out)


def parse_subset(choice: str, areas: tuple[str, ...]) -> tuple[str, ...]:
    parts = D.SUPPORT_AREAS.parse(choice)
    return areas if "word" in parts else tuple(parts["area"])


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
    units = sum(unit_value(g, u, embattled, for_attack) for u in g.units.get(area, ()))
    return units + order_modifier(g, area, "support")


def _names(areas: Iterable[str]) -> str:
    return ", ".join(T.area_name(a) for a in areas)


def fight_text(f: Fight) -> str:
    against = "the neutral force" if f.kind == NEUTRAL else T.house_name(f.defender)
    return f"{T.house_name(f.attacker)} attacks {against} in {T.area_name(f.area)}"


def declare_sides(g: BoardGame, f: Fight, house: str) -> tuple[Side, ...]:
    """The sides ``house`` may back (R7.3.2, F29; D15 against a neutral force); never against
    a house under the same command (X-MOD-10.5, XF17)."""
    if f.kind == NEUTRAL:
        return (Side.ATTACKER,)
    side = f.side_of(house)
    sides = SIDES if side is None else (side,)
    return tuple(s for s in sides if not friendly(g, house, f.house(s.other)))


def _declarer(g: BoardGame, f: Fight) -> tuple[str, tuple[str, ...]]:
    """The house declaring now and its eligible areas (R7.3.2)."""
    house = f.sup_queue[0]
    return house, eligible_areas(g, f.area, house)


def support_enter(g: BoardGame, f: Fight) -> None:
    f.sup_queue = declaring_houses(g, f.area)
    f.support_step = "declare"


def support_ask(g: BoardGame, f: Fight) -> list[Decision]:
    if not f.sup_queue:
        return []
    house, areas = _declarer(g, f)
    seat = g.seat_for(house)
    if f.support_step == "declare":
        sides = declare_sides(g, f, house)
        backs = " or ".join(T.house_name(f.house(s)) for s in sides) or "nobody"
        return [
            D.SUPPORT.ask(
                seat,
                f"{T.house_name(house)}: {fight_text(f)}. Support {backs} with your "
                f"Support orders in {_names(areas)}, or give none?",
                (*sides, "none"),
                **g.for_vassal(house),
            )
        ]
    backed = f.house(f.sup_side or Side.ATTACKER)
    if f.support_step == "areas":
        return [
            D.SUPPORT_AREAS.ask(
                seat,
                f"{T.house_name(house)}: which Support orders back {T.house_name(backed)}? "
                f"(all = {_names(areas)})",
                subset_choices(areas),
                **g.for_vassal(house),
            )
        ]
    if backed == house or f.kind == NEUTRAL:  # accepted at once (R7.3.3, R6.5.1)
        return []
    return [
        D.ACCEPT_SUPPORT.ask(
            g.seat_for(backed),
            f"{T.house_name(backed)}: {T.house_name(house)} offers support from "
            f"{_names(f.sup_areas)}. Accept it?",
            ("accept", "decline"),
            **g.for_vassal(backed),
        )
    ]


def support_act(g: BoardGame, f: Fight, choice: str | None) -> bool:
    """Apply the recorded choice of the call for support; True once every house declared."""
    if not f.sup_queue:
        return True
    house, areas = _declarer(g, f)
    if f.support_step == "declare":
        if choice == "none" or choice is None:
            g.emit(E.SUPPORT_NONE(house=house, area=f.area))
            _next_house(f)
            return False
        f.sup_side = Side(choice)
        if len(areas) > 1:
            f.support_step = "areas"
        else:
            f.sup_areas = areas
            f.support_step = "accept"
        return False
    if f.support_step == "areas":
        f.sup_areas = parse_subset(choice or "all", areas)
        f.support_step = "accept"
        return False
    # "accept": the choice is "accept"/"decline", or None for an automatic acceptance
    assert f.sup_side is not None
    fields = {
        "house": house,
        "side": f.sup_side,
        "backed": f.house(f.sup_side),
        "area": f.area,
        "areas": list(f.sup_areas),
    }
    if choice == "decline":
        g.emit(E.SUPPORT_DECLINED(**fields))
    else:
        f.support = (*f.support, *((a, house, f.sup_side) for a in f.sup_areas))
        g.emit(E.SUPPORT_GIVEN(**fields))
    _next_house(f)
    return False


def _next_house(f: Fight) -> None:
    f.sup_queue = f.sup_queue[1:]
    f.sup_side = None
    f.sup_areas = ()
    f.support_step = "declare"
