"""A Feast for Crows objectives (X-AFFC-4.3, X-AFFC-4.4): the 28 objective cards and the four
special objectives, read from ``data/objectives_affc.json``, and their conditions.

Each condition is data (a ``check``: a type and its arguments) turned into a function of the
game and a house when the module is imported; a bad data file fails then, with the place of
the fault. Conditions read only public state, through the queries of :class:`Position` — the
part of :class:`~westeros.boardgame.state.BoardGame` they use, named here so that this module
does not import the state (the event texts name the cards, and the state imports the events).
"More … than each other house" is strict: a tie with any house in play fails (X-AFFC-4.4).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final, Protocol

from westeros.boardgame import tables as T
from westeros.boardgame.tables import _fail, _int, _list, _load, _obj, _str, _str_list

__all__ = [
    "AFFC_HOUSES",
    "OBJECTIVES",
    "SPECIAL_TEXTS",
    "SPECIAL_VICTORY_POINTS",
    "Objective",
    "Position",
    "fulfils",
    "fulfils_special",
    "points",
]

AFFC_HOUSES: Final[tuple[str, ...]] = T.SCENARIOS["affc"].houses  # X-AFFC-2.1


class _Unit(Protocol):
    @property
    def house(self) -> str: ...

    @property
    def kind(self) -> str: ...


class Position(Protocol):
    """What the conditions read of a game (all public, R1.14): a ``BoardGame`` is one."""

    @property
    def houses(self) -> tuple[str, ...]: ...

    @property
    def homes(self) -> Mapping[str, str]: ...

    @property
    def units(self) -> Mapping[str, Sequence[_Unit]]: ...

    @property
    def power(self) -> Mapping[str, int]: ...

    @property
    def supply(self) -> Mapping[str, int]: ...

    @property
    def hands(self) -> Mapping[str, Sequence[str]]: ...

    @property
    def victory_points(self) -> Mapping[str, int]: ...

    def controller(self, area: str) -> str | None: ...

    def land_areas_controlled(self, house: str) -> int: ...

    def power_tokens_of(self, house: str) -> list[str]: ...

    def holder(self, track: str) -> str: ...

    def pool_left(self, house: str, kind: str) -> int: ...


Condition = Callable[[Position, str], bool]
Count = Callable[[Position, str], int]


@dataclass(frozen=True, slots=True)
class Objective:
    """An objective card: its text in our words and what it is worth to each AFfC house
    (X-AFFC-4.4); ``condition`` tells whether a house fulfils it now."""

    id: str
    name: str
    text: str
    victory_points: Mapping[str, int]
    condition: Condition = field(compare=False, repr=False)


# --------------------------------------------------------------------------------------------
# What a house has, counted from public state
# --------------------------------------------------------------------------------------------


def _areas(test: Callable[[T.Area], bool]) -> tuple[str, ...]:
    return tuple(a for a in T.AREA_IDS if test(T.AREAS[a]))


_SEAS: Final = _areas(lambda a: a.is_sea)
_PORTS: Final = _areas(lambda a: a.is_port)
_STRONGHOLDS: Final = _areas(lambda a: a.fortification == "stronghold")
_CASTLES: Final = _areas(lambda a: a.fortification == "castle")
_CROWNS: Final = _areas(lambda a: a.is_land and a.power > 0)


def _controlled(areas: tuple[str, ...]) -> Count:
    def count(g: Position, house: str) -> int:
        return sum(1 for a in areas if g.controller(a) == house)

    return count


def _ships(g: Position, house: str) -> int:
    return sum(1 for us in g.units.values() for u in us if u.house == house and u.kind == "ship")


# A port is controlled through its land area, ships or not (XF6; the state's controller, R1.3.4).
_COUNTS: Final[Mapping[str, Count]] = MappingProxyType(
    {
        "land_areas": lambda g, h: g.land_areas_controlled(h),
        "sea_areas": _controlled(_SEAS),
        "ports": _controlled(_PORTS),
        "strongholds": _controlled(_STRONGHOLDS),
        "castles": _controlled(_CASTLES),
        "castle_areas": _controlled(_STRONGHOLDS + _CASTLES),
        "crown_areas": _controlled(_CROWNS),
        "ships": _ships,
        "power_tokens": lambda g, h: len(g.power_tokens_of(h)),
        "available_power": lambda g, h: g.power[h],
        "supply": lambda g, h: g.supply[h],
        "house_cards": lambda g, h: len(g.hands[h]),
    }
)

# the dominance token of each influence track (R1.9.5)
_TOKEN_TRACKS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "iron_throne": "iron_throne",
        "valyrian_steel_blade": "fiefdoms",
        "messenger_raven": "kings_court",
    }
)


def _others(g: Position, house: str) -> tuple[str, ...]:
    return tuple(h for h in g.houses if h != house)


# --------------------------------------------------------------------------------------------
# Conditions: one builder per check type
# --------------------------------------------------------------------------------------------


def _control_all(areas: tuple[str, ...]) -> Condition:
    return lambda g, house: all(g.controller(a) == house for a in areas)


def _control_any_pair(pairs: tuple[tuple[str, str], ...]) -> Condition:
    """Crossing Guard: both areas of one bridge are enough (XF5)."""
    return lambda g, house: any(g.controller(a) == g.controller(b) == house for a, b in pairs)


def _control_other_home(g: Position, house: str) -> bool:
    """Home Invasion: the home area (The Eyrie for Arryn, X-AFFC-2.2) of another house in play."""
    return any(g.controller(a) == house for a, h in g.homes.items() if h != house and h in g.houses)


def _most(count: Count) -> Condition:
    """Strictly more than each other house in play; a tie fails (X-AFFC-4.4)."""

    def condition(g: Position, house: str) -> bool:
        mine = count(g, house)
        return all(mine > count(g, other) for other in _others(g, house))

    return condition


def _at_least(count: Count, value: int) -> Condition:
    return lambda g, house: count(g, house) >= value


def _exactly(count: Count, value: int) -> Condition:
    return lambda g, house: count(g, house) == value


def _hold_token(track: str) -> Condition:
    return lambda g, house: g.holder(track) == house


def _whole_pool_on_board(unit: str) -> Condition:
    return lambda g, house: g.pool_left(house, unit) == 0


def _all_others_ahead(g: Position, house: str) -> bool:
    """Backdoor Politics: every other house has strictly more victory points."""
    vp = g.victory_points
    return all(vp.get(other, 0) > vp.get(house, 0) for other in _others(g, house))


def _units_in(g: Position, area: str, house: str) -> int:
    return sum(1 for u in g.units.get(area, ()) if u.house == house)


def _support_the_crown(g: Position, house: str) -> bool:
    """Exactly 3 of the house's units in Crackclaw Point, none in King's Landing."""
    return _units_in(g, "crackclaw_point", house) == 3 and _units_in(g, "kings_landing", house) == 0


def _nothing_but_ghosts(g: Position, house: str) -> bool:
    """The only unit in Harrenhal is the house's one unit there; none of its units next to it."""
    units = g.units.get("harrenhal", ())
    if len(units) != 1 or units[0].house != house:
        return False
    return all(_units_in(g, n, house) == 0 for n in T.AREAS["harrenhal"].neighbors)


# --------------------------------------------------------------------------------------------
# Reading the data (checked at import)
# --------------------------------------------------------------------------------------------

_NAME: Final = "objectives_affc.json"
_PLAIN: Final[Mapping[str, Condition]] = MappingProxyType(
    {
        "control_other_home": _control_other_home,
        "all_others_ahead_on_victory": _all_others_ahead,
        "support_the_crown": _support_the_crown,
        "nothing_but_ghosts": _nothing_but_ghosts,
    }
)


def _area_list(raw: object, where: str) -> tuple[str, ...]:
    areas = _str_list(raw, where)
    unknown = [a for a in areas if a not in T.AREAS]
    if not areas or unknown:
        raise _fail(where, f"need known area ids, not {unknown or 'none'}")
    return areas


def _bridge(raw: object, where: str) -> tuple[str, str]:
    pair = _area_list(raw, where)
    if len(pair) != 2 or not T.adjacent(pair[0], pair[1]):
        raise _fail(where, f"a bridge joins two adjacent areas, not {pair!r}")
    return pair[0], pair[1]


def _count(raw: dict[str, object], where: str) -> Count:
    name = _str(raw.get("count"), f"{where}.count")
    if name not in _COUNTS:
        raise _fail(f"{where}.count", f"unknown count {name!r}")
    return _COUNTS[name]


def _condition(value: object, where: str) -> Condition:
    raw = _obj(value, where)
    kind = _str(raw.get("type"), f"{where}.type")
    if kind in _PLAIN:
        return _PLAIN[kind]
    if kind == "control_all":
        return _control_all(_area_list(raw.get("areas"), f"{where}.areas"))
    if kind == "control_any_pair":
        pairs = _list(raw.get("pairs"), f"{where}.pairs")
        return _control_any_pair(
            tuple(_bridge(p, f"{where}.pairs[{i}]") for i, p in enumerate(pairs))
        )
    if kind == "most":
        return _most(_count(raw, where))
    if kind in ("at_least", "exactly"):
        value_ = _int(raw.get("value"), f"{where}.value")
        maker = _at_least if kind == "at_least" else _exactly
        return maker(_count(raw, where), value_)
    if kind == "hold_token":
        token = _str(raw.get("token"), f"{where}.token")
        if token not in _TOKEN_TRACKS:
            raise _fail(f"{where}.token", f"unknown dominance token {token!r}")
        return _hold_token(_TOKEN_TRACKS[token])
    if kind == "whole_pool_on_board":
        unit = _str(raw.get("unit"), f"{where}.unit")
        if unit not in T.UNIT_TYPES:
            raise _fail(f"{where}.unit", f"unknown unit type {unit!r}")
        return _whole_pool_on_board(unit)
    if kind == "all":
        parts = _list(raw.get("checks"), f"{where}.checks")
        conditions = tuple(_condition(p, f"{where}.checks[{i}]") for i, p in enumerate(parts))
        if not conditions:
            raise _fail(f"{where}.checks", "an 'all' check needs parts")
        return lambda g, house: all(c(g, house) for c in conditions)
    raise _fail(f"{where}.type", f"unknown check type {kind!r}")


def _points(value: object, where: str) -> Mapping[str, int]:
    table = {h: _int(v, f"{where}.{h}") for h, v in _obj(value, where).items()}
    if sorted(table) != sorted(AFFC_HOUSES):
        raise _fail(where, f"need points for exactly {AFFC_HOUSES}")
    if any(not 0 <= v <= 7 for v in table.values()):
        raise _fail(where, "points run from 0 to 7")
    return MappingProxyType({h: table[h] for h in AFFC_HOUSES})


def _objective(value: object, where: str) -> Objective:
    raw = _obj(value, where)
    return Objective(
        id=_str(raw.get("id"), f"{where}.id"),
        name=_str(raw.get("name"), f"{where}.name"),
        text=_str(raw.get("text"), f"{where}.text"),
        victory_points=_points(raw.get("victory_points"), f"{where}.victory_points"),
        condition=_condition(raw.get("check"), f"{where}.check"),
    )


def _build(
    raw: dict[str, object],
) -> tuple[dict[str, Objective], dict[str, str], dict[str, Condition], int]:
    cards = [
        _objective(c, f"{_NAME}.objectives[{i}]")
        for i, c in enumerate(_list(raw.get("objectives"), f"{_NAME}.objectives"))
    ]
    by_id = {c.id: c for c in cards}
    if len(by_id) != len(cards):
        raise _fail(f"{_NAME}.objectives", "duplicate objective id")
    special = _obj(raw.get("special_objectives"), f"{_NAME}.special_objectives")
    if sorted(special) != sorted(AFFC_HOUSES):
        raise _fail(f"{_NAME}.special_objectives", f"need one for each of {AFFC_HOUSES}")
    texts: dict[str, str] = {}
    conditions: dict[str, Condition] = {}
    for house in AFFC_HOUSES:
        where = f"{_NAME}.special_objectives.{house}"
        entry = _obj(special[house], where)
        texts[house] = _str(entry.get("text"), f"{where}.text")
        conditions[house] = _condition(entry.get("check"), f"{where}.check")
    worth = _int(raw.get("special_victory_points"), f"{_NAME}.special_victory_points")
    return by_id, texts, conditions, worth


_OBJECTIVES, _SPECIAL_TEXTS, _SPECIAL_CONDITIONS, _SPECIAL_WORTH = _build(_load(_NAME))

OBJECTIVES: Final[Mapping[str, Objective]] = MappingProxyType(_OBJECTIVES)
SPECIAL_TEXTS: Final[Mapping[str, str]] = MappingProxyType(_SPECIAL_TEXTS)
SPECIAL_VICTORY_POINTS: Final[int] = _SPECIAL_WORTH  # each time it is scored (X-AFFC-4.3)


# --------------------------------------------------------------------------------------------
# The interface
# --------------------------------------------------------------------------------------------


def fulfils(g: Position, house: str, objective_id: str) -> bool:
    """Whether ``house`` fulfils the objective card now (X-AFFC-4.4). Raises ``KeyError`` for
    an unknown objective id."""
    return OBJECTIVES[objective_id].condition(g, house)


def fulfils_special(g: Position, house: str) -> bool:
    """Whether ``house`` fulfils its special objective now (X-AFFC-4.3). Raises ``KeyError``
    for a house without one."""
    return _SPECIAL_CONDITIONS[house](g, house)


def points(objective_id: str, house: str) -> int:
    """The victory points the card gives ``house`` when it scores it (0: worthless to it)."""
    return OBJECTIVES[objective_id].victory_points[house]
