"""Static board-game tables: map, set-up, order tokens and card catalogues (R1, R2, R3.4, R4.5, R7).

Everything is read once, at import time, from the JSON files in ``westeros/boardgame/data`` and
frozen: frozen dataclasses, tuples, frozensets and read-only mappings (``MappingProxyType``).
Cross-references (area ids, house ids, unit types) are checked while loading, so a corrupt data
file fails loudly at import instead of deep inside a game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from importlib import resources
from types import MappingProxyType
from typing import Final

__all__ = [
    "ALL_HOUSES",
    "ALL_UNIT_TYPES",
    "AREAS",
    "AREA_IDS",
    "AREA_NAMES",
    "BORDERS",
    "CASTLES_TO_WIN",
    "DRAGON",
    "GARRISON_STRENGTH",
    "HOME_AREAS",
    "HOUSES",
    "HOUSE_CARDS",
    "HOUSE_CARD_BY_ID",
    "HOUSE_CARD_DECKS",
    "IMPROVEMENT_TOKENS",
    "INITIAL_POWER",
    "LAST_ROUND",
    "MAPS",
    "MAX_SHIPS_IN_PORT",
    "MAX_SUPPLY",
    "MUSTER_COST",
    "ORDER_COUNTS",
    "ORDER_KINDS",
    "ORDER_TOKENS",
    "POWER_TOKENS_TOTAL",
    "SCENARIOS",
    "SCENARIO_NAMES",
    "SEA_ORDER_COUNTS",
    "SEA_ORDER_TWINS",
    "SETUPS",
    "SIEGE_STRENGTH_VS_CASTLE",
    "SUPPLY_LIMITS",
    "TARGARYEN",
    "TARGARYEN_DECKS",
    "TIDES_CARD_BY_ID",
    "TIDES_OF_BATTLE",
    "UNIT_POOL",
    "UNIT_STRENGTH",
    "UNIT_TYPES",
    "UPGRADE_COST",
    "VASSAL",
    "VASSAL_CARDS",
    "VASSAL_ORDER_COUNTS",
    "VASSAL_SUPPORT_FACE",
    "WESTEROS_CARD_BY_ID",
    "WESTEROS_DECKS",
    "WESTEROS_DECK_SETS",
    "WILDLING_CARDS",
    "WILDLING_CARD_BY_ID",
    "WILDLING_MAX",
    "WILDLING_START",
    "WILDLING_STEP",
    "Area",
    "GameMap",
    "HouseCard",
    "OrderToken",
    "PlayerCountSetup",
    "TargaryenData",
    "TidesCard",
    "WesterosCard",
    "WildlingCard",
    "adjacent",
    "area_name",
    "house_name",
    "improved_map",
    "setup_of",
    "unit_pool",
    "westeros_deck_list",
]

HOUSES: Final[tuple[str, ...]] = ("stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell")
# the base houses plus the expansions' (X-AFFC-2.1: Arryn; X-MOD-5: Targaryen); HOUSES stays the
# base game's six
ALL_HOUSES: Final[tuple[str, ...]] = (*HOUSES, "arryn", "targaryen")
UNIT_TYPES: Final[tuple[str, ...]] = ("footman", "knight", "siege_engine", "ship")
DRAGON: Final = "dragon"  # Targaryen's own land unit (X-MOD-6), in no other house's pool
ALL_UNIT_TYPES: Final[tuple[str, ...]] = (*UNIT_TYPES, DRAGON)

_AREA_KINDS: Final = frozenset({"land", "sea", "port"})
_FORTIFICATIONS: Final = frozenset({"stronghold", "castle"})
_ORDER_TYPES: Final = frozenset(
    {"march", "defense", "support", "raid", "consolidate", "iron_bank"}  # iron_bank: X-MOD-9
)
_CARD_TIMINGS: Final = frozenset(
    {
        "cancel",
        "immediately",
        "strength_modifier",
        "casualty_prevention",
        "on_victory",
        "on_defeat",
        "after_combat",
        "before_resolution",  # X1.1
        "final_strength_override",  # X1.1
    }
)
_CHOOSERS: Final = frozenset({"iron_throne", "messenger_raven", "valyrian_steel_blade"})
_DECK_NUMERALS: Final[Mapping[int, str]] = MappingProxyType({1: "I", 2: "II", 3: "III", 4: "IV"})


# --------------------------------------------------------------------------------------------
# Typed access to the raw JSON
# --------------------------------------------------------------------------------------------


def _fail(where: str, what: str) -> ValueError:
    return ValueError(f"westeros board-game data, {where}: {what}")


def _obj(value: object, where: str) -> dict[str, object]:
    if not isinstance(value, dict):
        raise _fail(where, "expected an object")
    return {str(k): v for k, v in value.items()}


def _list(value: object, where: str) -> list[object]:
    if not isinstance(value, list):
        raise _fail(where, "expected a list")
    return list(value)


def _str(value: object, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise _fail(where, "expected a non-empty string")
    return value


def _opt_str(value: object, where: str) -> str | None:
    return None if value is None else _str(value, where)


def _int(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(where, "expected an integer")
    return value


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(where, "expected a boolean")
    return value


def _str_list(value: object, where: str) -> tuple[str, ...]:
    return tuple(_str(v, f"{where}[{i}]") for i, v in enumerate(_list(value, where)))


def _int_map(value: object, where: str) -> dict[str, int]:
    return {k: _int(v, f"{where}.{k}") for k, v in _obj(value, where).items()}


def _load(name: str) -> dict[str, object]:
    text = resources.files("westeros.boardgame").joinpath("data").joinpath(name).read_text("utf-8")
    data = _obj(json.loads(text), name)
    if data.get("format") != 1:
        raise _fail(name, "unsupported format version")
    return data


def _frozen(mapping: Mapping[str, int]) -> Mapping[str, int]:
    return MappingProxyType(dict(mapping))


# --------------------------------------------------------------------------------------------
# Map (R1.1, R1.2)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Area:
    """One board area. ``port`` is set on land areas that own a port; ``port_land`` and
    ``port_sea`` only on ports (R1.1.2). ``neighbors`` is derived from the border list."""

    id: str
    name: str
    kind: str
    fortification: str | None
    supply: int
    power: int
    home_of: str | None
    port: str | None
    port_land: str | None
    port_sea: str | None
    neighbors: frozenset[str]

    @property
    def is_land(self) -> bool:
        return self.kind == "land"

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"

    @property
    def is_port(self) -> bool:
        return self.kind == "port"

    @property
    def has_castle(self) -> bool:
        """A castle or a stronghold (counts for victory, can muster; R1.2.1)."""
        return self.fortification is not None

    @property
    def mustering_points(self) -> int:
        """Stronghold 2, castle 1, otherwise 0 (R3.6.2)."""
        if self.fortification == "stronghold":
            return 2
        if self.fortification == "castle":
            return 1
        return 0


@dataclass(frozen=True, slots=True)
class _NeutralToken:
    area: str
    strength: int
    player_counts: frozenset[int]


# X-MOD-3.3: Targaryen's home (Pentos) is printed on the Essos board of Mother of Dragons
_MAP_HOUSES: Final = frozenset({*ALL_HOUSES, "targaryen"})


def _border_set(raw_borders: object, known: frozenset[str], where: str) -> set[frozenset[str]]:
    borders: set[frozenset[str]] = set()
    for i, pair_raw in enumerate(_list(raw_borders, where)):
        pair = _str_list(pair_raw, f"{where}[{i}]")
        edge = frozenset(pair)
        if len(pair) != 2 or len(edge) != 2 or not edge <= known:
            raise _fail(f"{where}[{i}]", f"bad border {pair!r}")
        if edge in borders:
            raise _fail(f"{where}[{i}]", f"duplicate border {pair!r}")
        borders.add(edge)
    return borders


def _build_areas(
    raw_areas: list[dict[str, object]], borders: set[frozenset[str]]
) -> dict[str, Area]:
    """The areas of a map, in the given order, with their neighbours (R1.1.1) and ports (R1.1.2)
    checked: a port joins one land area and one sea area, and its land points back to it."""
    ids = [_str(a["id"], "map.areas.id") for a in raw_areas]
    if len(set(ids)) != len(ids):
        raise _fail("map.areas", "duplicate area id")
    known = frozenset(ids)
    if not all(edge <= known for edge in borders):
        raise _fail("map.borders", "a border names an unknown area")
    neighbors: dict[str, set[str]] = {a: set() for a in ids}
    for edge in borders:
        first, second = sorted(edge)
        neighbors[first].add(second)
        neighbors[second].add(first)

    def ref(value: object, where: str) -> str | None:
        area = _opt_str(value, where)
        if area is not None and area not in known:
            raise _fail(where, f"unknown area {area!r}")
        return area

    areas: dict[str, Area] = {}
    for a in raw_areas:
        aid = _str(a["id"], "map.areas.id")
        where = f"map.areas.{aid}"
        kind = _str(a["kind"], f"{where}.kind")
        if kind not in _AREA_KINDS:
            raise _fail(where, f"bad kind {kind!r}")
        fortification = _opt_str(a.get("fortification"), f"{where}.fortification")
        if fortification is not None and fortification not in _FORTIFICATIONS:
            raise _fail(where, f"bad fortification {fortification!r}")
        home_of = _opt_str(a.get("home_of"), f"{where}.home_of")
        if home_of is not None and home_of not in _MAP_HOUSES:
            raise _fail(where, f"unknown house {home_of!r}")
        areas[aid] = Area(
            id=aid,
            name=_str(a["name"], f"{where}.name"),
            kind=kind,
            fortification=fortification,
            supply=_int(a.get("supply", 0), f"{where}.supply"),
            power=_int(a.get("power", 0), f"{where}.power"),
            home_of=home_of,
            port=ref(a.get("port"), f"{where}.port"),
            port_land=ref(a.get("port_land"), f"{where}.port_land"),
            port_sea=ref(a.get("port_sea"), f"{where}.port_sea"),
            neighbors=frozenset(neighbors[aid]),
        )

    for area in areas.values():
        if area.is_port:
            land = areas[area.port_land] if area.port_land else None
            sea = areas[area.port_sea] if area.port_sea else None
            if land is None or sea is None or not land.is_land or not sea.is_sea:
                raise _fail(area.id, "a port needs a land area and a sea area")
            if land.port != area.id:
                raise _fail(area.id, f"{land.id} does not point back to its port")
            if area.neighbors != {land.id, sea.id}:
                raise _fail(area.id, "a port borders exactly its land area and its sea area")
        elif area.port is not None and not (area.is_land and areas[area.port].is_port):
            raise _fail(area.id, "only land areas own ports")
    return areas


def _build_map(
    raw: dict[str, object],
) -> tuple[
    dict[str, Area],
    frozenset[frozenset[str]],
    tuple[_NeutralToken, ...],
    frozenset[str],
]:
    raw_areas = [_obj(a, f"map.areas[{i}]") for i, a in enumerate(_list(raw["areas"], "map"))]
    known = frozenset(_str(a["id"], "map.areas.id") for a in raw_areas)
    borders = _border_set(raw["borders"], known, "map.borders")
    areas = _build_areas(raw_areas, borders)

    tokens: list[_NeutralToken] = []
    for i, t_raw in enumerate(_list(raw["neutral_forces"], "map.neutral_forces")):
        t = _obj(t_raw, f"map.neutral_forces[{i}]")
        area_id = _str(t["area"], f"map.neutral_forces[{i}].area")
        if area_id not in known or not areas[area_id].is_land:
            raise _fail(f"map.neutral_forces[{i}]", f"not a land area: {area_id!r}")
        counts = frozenset(
            _int(n, f"map.neutral_forces[{i}].player_counts")
            for n in _list(t["player_counts"], f"map.neutral_forces[{i}].player_counts")
        )
        tokens.append(
            _NeutralToken(area_id, _int(t["strength"], f"map.neutral_forces[{i}]"), counts)
        )

    imp = _obj(raw["impassable_3p"], "map.impassable_3p")
    land_ids = _str_list(imp["land"], "map.impassable_3p.land")
    port_ids = _str_list(imp["ports"], "map.impassable_3p.ports")
    if not all(x in known and areas[x].is_land for x in land_ids):
        raise _fail("map.impassable_3p.land", "not all land areas")
    expected_ports = {areas[x].port for x in land_ids if areas[x].port is not None}
    if set(port_ids) != expected_ports:
        raise _fail("map.impassable_3p.ports", "must be exactly the ports of the impassable land")
    return areas, frozenset(borders), tuple(tokens), frozenset(land_ids + port_ids)


_MAP_AREAS, _BORDERS, _NEUTRAL_TOKENS, _IMPASSABLE_3P = _build_map(_load("map.json"))

AREAS: Final[Mapping[str, Area]] = MappingProxyType(_MAP_AREAS)
AREA_IDS: Final[tuple[str, ...]] = tuple(_MAP_AREAS)
BORDERS: Final[frozenset[frozenset[str]]] = _BORDERS
HOME_AREAS: Final[Mapping[str, str]] = MappingProxyType(
    {a.home_of: a.id for a in _MAP_AREAS.values() if a.home_of is not None}
)
# area -> house: the home areas printed on the map (R1.3.2); scenarios may add some (X-AFFC-2.2)
MAP_HOMES: Final[Mapping[str, str]] = MappingProxyType({a: h for h, a in HOME_AREAS.items()})


def adjacent(a: str, b: str) -> bool:
    """True iff areas ``a`` and ``b`` share a border (R1.1.1). Unknown ids are never adjacent."""
    area = _MAP_AREAS.get(a)
    return area is not None and b in area.neighbors


@dataclass(frozen=True, slots=True, eq=False)
class GameMap:
    """One map a game is played on (R1.1): the base board, or a Mother of Dragons variant with
    its overlays and Essos (X-MOD-3). ``area_ids`` is the map order (stable listings); each
    variant has its own :class:`Area` records, so neighbours and ports are the variant's."""

    id: str
    areas: Mapping[str, Area]
    borders: frozenset[frozenset[str]]
    area_ids: tuple[str, ...]
    land_areas: tuple[str, ...]
    castle_areas: tuple[str, ...]  # castles and strongholds (R1.2.1)
    ports: tuple[str, ...]
    homes: Mapping[str, str]  # area -> house whose home emblem is printed there (R1.3.2)
    order: Mapping[str, int]  # area -> its index in ``area_ids``

    def adjacent(self, a: str, b: str) -> bool:
        """True iff areas ``a`` and ``b`` share a border (R1.1.1); unknown ids never do."""
        area = self.areas.get(a)
        return area is not None and b in area.neighbors

    def area_name(self, area_id: str) -> str:
        """Board name of an area of this map. Raises ``KeyError`` if unknown."""
        return self.areas[area_id].name

    def __reduce__(self) -> tuple[object, tuple[str]]:
        """A map pickles as its id: games that hold one pickle and unpickle to the same map."""
        return _map_of, (self.id,)


def _game_map(map_id: str, areas: dict[str, Area], borders: frozenset[frozenset[str]]) -> GameMap:
    ids = tuple(areas)
    return GameMap(
        id=map_id,
        areas=MappingProxyType(areas),
        borders=borders,
        area_ids=ids,
        land_areas=tuple(a for a in ids if areas[a].is_land),
        castle_areas=tuple(a for a in ids if areas[a].has_castle),
        ports=tuple(a for a in ids if areas[a].is_port),
        homes=MappingProxyType({a: x.home_of for a, x in areas.items() if x.home_of is not None}),
        order=MappingProxyType({a: i for i, a in enumerate(ids)}),
    )


_Layout = tuple[list[dict[str, object]], set[frozenset[str]]]  # raw areas (in order), borders


def _variant(parent: _Layout, name: str, raw: dict[str, object]) -> _Layout:
    """X-MOD-3: a map variant from its parent: borders removed, then borders added, areas
    changed field by field, new areas appended (map_mod.json)."""
    where = f"map_mod.{name}"
    raw_areas = [dict(a) for a in parent[0]]
    changes = _obj(raw["changed_areas"], f"{where}.changed_areas")
    for a in raw_areas:
        a.update(_obj(changes.pop(str(a["id"]), {}), f"{where}.changed_areas.{a['id']}"))
    if changes:
        raise _fail(f"{where}.changed_areas", f"unknown areas {sorted(changes)}")
    raw_areas += [_obj(a, f"{where}.new_areas") for a in _list(raw["new_areas"], where)]
    known = frozenset(_str(a["id"], f"{where}.new_areas.id") for a in raw_areas)
    removed = _border_set(raw["removed_borders"], known, f"{where}.removed_borders")
    if not removed <= parent[1]:
        raise _fail(f"{where}.removed_borders", "removes a border the parent does not have")
    borders = parent[1] - removed
    added = _border_set(raw["new_borders"], known, f"{where}.new_borders")
    if added & borders:
        raise _fail(f"{where}.new_borders", "adds a border the map already has")
    return raw_areas, borders | added


def _build_maps() -> dict[str, GameMap]:
    base_raw = _load("map.json")
    layouts: dict[str, _Layout] = {
        "base": ([_obj(a, "map.areas") for a in _list(base_raw["areas"], "map")], set(_BORDERS))
    }
    maps = {"base": _game_map("base", _MAP_AREAS, _BORDERS)}
    for name, value in _obj(_load("map_mod.json")["variants"], "map_mod.variants").items():
        raw = _obj(value, f"map_mod.{name}")
        parent = _str(raw["parent"], f"map_mod.{name}.parent")
        if parent not in layouts:
            raise _fail(f"map_mod.{name}.parent", f"unknown map {parent!r}")
        layouts[name] = _variant(layouts[parent], name, raw)
        borders = frozenset(layouts[name][1])
        maps[name] = _game_map(name, _build_areas(layouts[name][0], set(borders)), borders)
    return maps


# X-MOD-3: the maps by id: "base" (R1.1), "mod_westeros" (the Eyrie and Bite overlays),
# "mod_essos" (also the Essos side board)
MAPS: Final[Mapping[str, GameMap]] = MappingProxyType(_build_maps())


def _map_of(map_id: str) -> GameMap:
    if map_id in MAPS:
        return MAPS[map_id]
    return _improved_map_of(map_id)  # X-MOD-8.6: a map with area improvements


# X-MOD-8.6: what an Iron Bank improvement token does to its area
_IMPROVE: Final[Mapping[str, dict[str, object]]] = MappingProxyType(
    {
        "power": {},  # +1 crown
        "supply": {},  # +1 barrel
        "stronghold": {"fortification": "stronghold"},
        "degraded": {"fortification": None},  # a port there keeps working (XF32)
    }
)
IMPROVEMENT_TOKENS: Final = tuple(_IMPROVE)


def _improved_area(area: Area, tokens: tuple[str, ...]) -> Area:
    changes: dict[str, object] = {}
    for token in tokens:  # in the order put: a degraded stronghold stays degraded
        changes.update(_IMPROVE[token])
    power = area.power + tokens.count("power")
    supply = area.supply + tokens.count("supply")
    return replace(area, power=power, supply=supply, **changes)  # type: ignore[arg-type]


def improved_map(base_id: str, improvements: Mapping[str, tuple[str, ...]]) -> GameMap:
    """X-MOD-8.6: the map ``base_id`` with the Iron Bank's improvement tokens on its areas
    (area -> tokens, in the order put); its id names them, so it pickles to the same map."""
    if not improvements:
        return MAPS[base_id]
    parts = ";".join(f"{a}={'+'.join(t)}" for a, t in sorted(improvements.items()))
    return _improved_map_of(f"{base_id}|{parts}")


_IMPROVED: dict[str, GameMap] = {}


def _improved_map_of(map_id: str) -> GameMap:
    found = _IMPROVED.get(map_id)
    if found is not None:
        return found
    base_id, _, parts = map_id.partition("|")
    base = MAPS[base_id]
    areas = dict(base.areas)
    for part in parts.split(";"):
        area, _, tokens = part.partition("=")
        areas[area] = _improved_area(areas[area], tuple(tokens.split("+")))
    built = _game_map(map_id, areas, base.borders)
    _IMPROVED[map_id] = built
    return built


AREA_NAMES: Final[Mapping[str, str]] = MappingProxyType(
    {a: x.name for m in MAPS.values() for a, x in m.areas.items()}
)


def area_name(area_id: str) -> str:
    """Board name of an area of any map, e.g. ``"Port of Lannisport"``. Raises ``KeyError``
    if unknown."""
    return AREA_NAMES[area_id]


# --------------------------------------------------------------------------------------------
# Set-up and static numbers (R1.4, R1.5, R1.10, R2)
# --------------------------------------------------------------------------------------------

_SETUP: Final = _load("setup.json")
_GENERAL: Final = _int_map(_SETUP["general"], "setup.general")

LAST_ROUND: Final[int] = _GENERAL["last_round"]
CASTLES_TO_WIN: Final[int] = _GENERAL["castles_to_win"]
WILDLING_START: Final[int] = _GENERAL["wildling_start"]
WILDLING_STEP: Final[int] = _GENERAL["wildling_step"]
WILDLING_MAX: Final[int] = _GENERAL["wildling_max"]
POWER_TOKENS_TOTAL: Final[int] = _GENERAL["power_tokens_total"]
INITIAL_POWER: Final[int] = _GENERAL["initial_power"]
GARRISON_STRENGTH: Final[int] = _GENERAL["garrison_strength"]
MAX_SHIPS_IN_PORT: Final[int] = _GENERAL["max_ships_in_port"]
MAX_SUPPLY: Final[int] = _GENERAL["max_supply"]


def _unit_table(key: str) -> Mapping[str, int]:
    table = _int_map(_SETUP[key], f"setup.{key}")
    if set(table) != set(UNIT_TYPES):
        raise _fail(f"setup.{key}", "must list exactly the four unit types")
    return _frozen({u: table[u] for u in UNIT_TYPES})


UNIT_POOL: Final[Mapping[str, int]] = _unit_table("unit_pool")
UNIT_STRENGTH: Final[Mapping[str, int]] = _unit_table("unit_strength")
MUSTER_COST: Final[Mapping[str, int]] = _unit_table("muster_cost")
SIEGE_STRENGTH_VS_CASTLE: Final[int] = _int(
    _SETUP["siege_strength_vs_castle"], "setup.siege_strength_vs_castle"
)
UPGRADE_COST: Final[int] = _int(_SETUP["upgrade_cost"], "setup.upgrade_cost")


@dataclass(frozen=True, slots=True)
class TargaryenData:
    """House Targaryen's numbers (X-MOD-5, X-MOD-6, X-MOD-7): its unit pool (no siege engine,
    3 dragons, X-MOD-5.7), the rounds whose start brings a dragon strength token (X-MOD-6.2),
    the loyalty tokens (20, X-MOD-7.1; 7 to win, X-MOD-5.2), the printed loyalty of Pentos
    (X-MOD-Q7), the set-up token (X-MOD-2.8) and the garrison put back when Targaryen retakes
    Pentos (X-MOD-2.6)."""

    unit_pool: Mapping[str, int]
    dragon_token_rounds: tuple[int, ...]
    loyalty_tokens: int
    loyalty_to_win: int
    printed_loyalty: Mapping[str, int]
    setup_loyalty: Mapping[str, int]
    restored_garrisons: Mapping[str, int]
    track_position: int
    stars_on_last_space: int
    essos_land: tuple[str, ...]  # the land areas of Essos (X-MOD-1.2)
    river_areas: tuple[str, ...]  # land areas along a river (X-MOD-7.4 Watering the Seed)


def _build_targaryen() -> TargaryenData:
    raw = _load("targaryen.json")
    pool = _int_map(raw["unit_pool"], "targaryen.unit_pool")
    if set(pool) != set(ALL_UNIT_TYPES):
        raise _fail("targaryen.unit_pool", "must list every unit type, dragons included")
    rounds = tuple(
        _int(r, "targaryen.dragon_token_rounds")
        for r in _list(raw["dragon_token_rounds"], "targaryen.dragon_token_rounds")
    )
    return TargaryenData(
        unit_pool=_frozen({u: pool[u] for u in ALL_UNIT_TYPES}),
        dragon_token_rounds=rounds,
        loyalty_tokens=_int(raw["loyalty_tokens"], "targaryen.loyalty_tokens"),
        loyalty_to_win=_int(raw["loyalty_to_win"], "targaryen.loyalty_to_win"),
        printed_loyalty=_frozen(_int_map(raw["printed_loyalty"], "targaryen.printed_loyalty")),
        setup_loyalty=_frozen(_int_map(raw["setup_loyalty"], "targaryen.setup_loyalty")),
        restored_garrisons=_frozen(
            _int_map(raw["restored_garrisons"], "targaryen.restored_garrisons")
        ),
        track_position=_int(raw["track_position"], "targaryen.track_position"),
        stars_on_last_space=_int(raw["stars_on_last_space"], "targaryen.stars_on_last_space"),
        essos_land=_str_list(raw["essos_land"], "targaryen.essos_land"),
        river_areas=_str_list(raw["river_areas"], "targaryen.river_areas"),
    )


TARGARYEN: Final[TargaryenData] = _build_targaryen()
_STANDARD_POOL: Final[Mapping[str, int]] = _frozen(dict(UNIT_POOL) | {DRAGON: 0})
_HOUSE_POOLS: Final[Mapping[str, Mapping[str, int]]] = MappingProxyType(
    {"targaryen": TARGARYEN.unit_pool}
)


def unit_pool(house: str) -> Mapping[str, int]:
    """The house's units of each type (R1.4.2): the standard pool, no dragon; Targaryen's own
    (X-MOD-5.7: no siege engine, 3 dragons)."""
    return _HOUSE_POOLS.get(house, _STANDARD_POOL)


SUPPLY_LIMITS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        sorted(
            (_int(n, "setup.supply_limits") for n in _list(row, "setup.supply_limits")),
            reverse=True,
        )
    )
    for row in _list(_SETUP["supply_limits"], "setup.supply_limits")
)
if len(SUPPLY_LIMITS) != MAX_SUPPLY + 1:
    raise _fail("setup.supply_limits", "need one row per supply value 0..MAX_SUPPLY")


@dataclass(frozen=True, slots=True)
class OrderToken:
    """One physical order token (R1.10). ``id`` is shared by identical tokens, e.g. ``"raid"``;
    a trailing ``*`` marks the special (star) token. ``name``: a display name given by the
    data (the sea order tokens', X-MOD-9.1); empty for the base tokens, named from their type."""

    id: str
    type: str
    modifier: int
    special: bool
    name: str = ""


def _order_token(raw: object, where: str) -> tuple[OrderToken, int]:
    """One token row of the data and its number of copies per house."""
    t = _obj(raw, where)
    token = OrderToken(
        id=_str(t["id"], f"{where}.id"),
        type=_str(t["type"], f"{where}.type"),
        modifier=_int(t["modifier"], f"{where}.modifier"),
        special=_bool(t["special"], f"{where}.special"),
        name=_str(t["name"], f"{where}.name") if "name" in t else "",
    )
    if token.type not in _ORDER_TYPES:
        raise _fail(where, f"bad or repeated token {token.id!r}")
    if token.special != token.id.endswith("*"):
        raise _fail(where, "special tokens (only) end with '*'")
    return token, _int(t["count"], f"{where}.count")


def _build_orders(
    data: dict[str, object], name: str
) -> tuple[tuple[OrderToken, ...], dict[str, int], dict[str, OrderToken]]:
    """The tokens of one order-token list (every copy), their counts and kinds by id."""
    tokens: list[OrderToken] = []
    counts: dict[str, int] = {}
    kinds: dict[str, OrderToken] = {}
    for i, raw in enumerate(_list(data["order_tokens"], f"{name}.order_tokens")):
        where = f"{name}.order_tokens[{i}]"
        token, count = _order_token(raw, where)
        if token.id in counts:
            raise _fail(where, f"bad or repeated token {token.id!r}")
        counts[token.id] = count
        kinds[token.id] = token
        tokens.extend([token] * count)
    return tuple(tokens), counts, kinds


_ORDERS: Final = _build_orders(_SETUP, "setup")
# the 15 tokens of every player house (R1.10); the expansions' tokens are in ORDER_KINDS only
ORDER_TOKENS: Final[tuple[OrderToken, ...]] = _ORDERS[0]
ORDER_COUNTS: Final[Mapping[str, int]] = _frozen(_ORDERS[1])
# X-MOD-10.4 the vassals' own tokens: kinds of orders, never among the player houses' tokens
_VASSAL_ORDERS: Final = _build_orders(_load("orders_vassal.json"), "orders_vassal")
VASSAL_ORDER_COUNTS: Final[Mapping[str, int]] = _frozen(
    {t: n for t, n in _VASSAL_ORDERS[1].items() if n > 0}
)
VASSAL_SUPPORT_FACE: Final = "vassal_support+1"  # the Raid/Support token kept as Support +1


def _build_sea_orders() -> tuple[dict[str, OrderToken], dict[str, int], dict[str, str | None]]:
    """X-MOD-9.1: the sea order tokens (``data/orders_sea.json``), their copies per house and
    the base token whose restriction (R3.4) bars each of them too (None: never barred)."""
    raw = _load("orders_sea.json")
    kinds: dict[str, OrderToken] = {}
    counts: dict[str, int] = {}
    twins: dict[str, str | None] = {}
    for i, row in enumerate(_list(raw["order_tokens"], "orders_sea.order_tokens")):
        where = f"orders_sea.order_tokens[{i}]"
        token, count = _order_token(row, where)
        twin = _obj(row, where).get("restricted_as")
        if token.id in kinds or token.id in ORDER_COUNTS or token.special:
            raise _fail(where, f"bad or repeated token {token.id!r}")
        if twin is not None and _str(twin, f"{where}.restricted_as") not in ORDER_COUNTS:
            raise _fail(f"{where}.restricted_as", f"unknown order token {twin!r}")
        kinds[token.id], counts[token.id] = token, count
        twins[token.id] = twin if isinstance(twin, str) else None
    return kinds, counts, twins


_SEA_ORDERS: Final = _build_sea_orders()
# X-MOD-9.1: the sea order tokens (regular tokens, on ships only) and their copies per house
SEA_ORDER_COUNTS: Final[Mapping[str, int]] = _frozen(_SEA_ORDERS[1])
# X-MOD-9.1 (S&R): a sea token is barred whenever its base twin is (R3.4); None: never
SEA_ORDER_TWINS: Final[Mapping[str, str | None]] = MappingProxyType(_SEA_ORDERS[2])
# every order token id in any game: the base 15 and the expansions' own tokens
ORDER_KINDS: Final[Mapping[str, OrderToken]] = MappingProxyType(
    {t.id: t for t in ORDER_TOKENS} | _VASSAL_ORDERS[2] | _SEA_ORDERS[0]
)


_HOUSE_INFO: Final = {
    h: _obj(v, f"setup.houses.{h}") for h, v in _obj(_SETUP["houses"], "setup.houses").items()
}


def _check_houses() -> None:
    if tuple(_HOUSE_INFO) != HOUSES:
        raise _fail("setup.houses", f"houses must be {HOUSES}")
    for house, info in _HOUSE_INFO.items():
        if HOME_AREAS.get(house) != info["home"]:
            raise _fail(f"setup.houses.{house}", "home area disagrees with map.json")


_check_houses()
_SCENARIO_DATA: Final = _load("scenarios.json")
_NEW_HOUSES: Final = {  # the expansions' houses (X-AFFC-2.1), named in scenarios.json
    h: _obj(v, f"scenarios.houses.{h}")
    for h, v in _obj(_SCENARIO_DATA["houses"], "scenarios.houses").items()
}
if tuple((*_HOUSE_INFO, *_NEW_HOUSES)) != ALL_HOUSES:
    raise _fail("scenarios.houses", f"houses must complete {HOUSES} to {ALL_HOUSES}")
_HOUSE_NAMES: Final[Mapping[str, str]] = MappingProxyType(
    {h: _str(v["name"], f"houses.{h}.name") for h, v in (_HOUSE_INFO | _NEW_HOUSES).items()}
)


def house_name(house: str) -> str:
    """Display name of a house, e.g. ``"Stark"``. Raises ``KeyError`` if unknown."""
    return _HOUSE_NAMES[house]


@dataclass(frozen=True, slots=True)
class PlayerCountSetup:
    """Set-up for one player count (R2). Tracks are already shifted (position 1 first);
    ``stars`` is indexed by King's Court position; ``impassable`` holds the impassable land
    areas and their unusable ports (3 players only, R2.8); ``starting_units`` gives one
    ``(area, unit_type)`` pair per unit."""

    player_count: int
    houses: tuple[str, ...]
    iron_throne: tuple[str, ...]
    fiefdoms: tuple[str, ...]
    kings_court: tuple[str, ...]
    stars: tuple[int, ...]
    neutral_forces: Mapping[str, int]
    impassable: frozenset[str]
    garrisons: Mapping[str, int]
    starting_units: Mapping[str, tuple[tuple[str, str], ...]]
    initial_supply: Mapping[str, int]
    initial_power: Mapping[str, int]
    # a scenario's own values (X-ADWD-2); the defaults are the base game's (R2)
    scenario: str = "base"
    last_round: int = LAST_ROUND
    wildling_start: int = WILDLING_START
    garrison_houses: Mapping[str, str] = field(default_factory=dict)  # area -> house (R1.7)
    power_tokens: Mapping[str, str] = field(default_factory=dict)  # area -> house at start
    house_cards: str = "base"  # the deck of HOUSE_CARD_DECKS the scenario is played with
    westeros_decks: str = "base"  # the set of WESTEROS_DECK_SETS (X-AFFC-2.9)
    homes: Mapping[str, str] = field(default_factory=dict)  # area -> house: the game's homes
    # Mother of Dragons (X-MOD-2, X-MOD-10.2): the map, the seat counts that may play the
    # scenario's houses, and the vassal set-up cards (units and supply of unplayed houses)
    map: str = "base"
    seats: tuple[int, ...] = ()
    vassal_units: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    vassal_supply: int = 0

    @property
    def game_map(self) -> GameMap:
        """The map this set-up is played on (R1.1, X-MOD-3)."""
        return MAPS[self.map]

    def garrison_owner(self, area: str) -> str | None:
        """The house a garrison defends for: its home house, or the scenario's (X-ADWD-Q2)."""
        return self.garrison_houses.get(area) or self.homes.get(area)


def _unit_list(raw: object, where: str, known: Mapping[str, Area]) -> tuple[tuple[str, str], ...]:
    """``[area, unit_type, count]`` entries as one ``(area, unit_type)`` pair per unit."""
    units: list[tuple[str, str]] = []
    for i, item in enumerate(_list(raw, where)):
        w = f"{where}[{i}]"
        entry = _list(item, w)
        if len(entry) != 3:
            raise _fail(w, "expected [area, unit_type, count]")
        area, unit = _str(entry[0], w), _str(entry[1], w)
        if area not in known or unit not in ALL_UNIT_TYPES:  # dragons: X-MOD-2.3
            raise _fail(w, f"unknown area or unit type {entry!r}")
        units.extend([(area, unit)] * _int(entry[2], w))
    return tuple(units)


def _units_by_house(
    raw: object, where: str, houses: tuple[str, ...], known: Mapping[str, Area]
) -> Mapping[str, tuple[tuple[str, str], ...]]:
    units_raw = _obj(raw, where)
    if tuple(units_raw) != houses:
        raise _fail(where, "one entry per playing house, in house order")
    return MappingProxyType(
        {h: _unit_list(lst, f"{where}.{h}", known) for h, lst in units_raw.items()}
    )


def _build_setup(
    count_key: str, raw: dict[str, object], known: Mapping[str, Area] = _MAP_AREAS
) -> PlayerCountSetup:
    where = f"setup.player_counts.{count_key}"
    n = int(count_key)
    houses = _str_list(raw["houses"], f"{where}.houses")
    if len(set(houses)) != n or not set(houses) <= set(ALL_HOUSES):
        raise _fail(where, f"need {n} distinct known houses")

    def track(key: str) -> tuple[str, ...]:
        order = _str_list(raw[key], f"{where}.{key}")
        if sorted(order) != sorted(houses):
            raise _fail(f"{where}.{key}", "must be a permutation of the playing houses")
        return order

    stars = tuple(_int(s, f"{where}.stars") for s in _list(raw["stars"], f"{where}.stars"))
    if len(stars) != n:
        raise _fail(f"{where}.stars", "need one entry per King's Court position")
    garrisons = _int_map(raw["garrisons"], f"{where}.garrisons")
    if not set(garrisons) <= set(known):
        raise _fail(f"{where}.garrisons", "unknown area")
    starting = _units_by_house(raw["starting_units"], f"{where}.starting_units", houses, known)

    base_houses = [h for h in houses if h in HOUSES]  # a scenario gives the others' values
    return PlayerCountSetup(
        homes=MAP_HOMES,
        player_count=n,
        seats=(n,),
        houses=houses,
        iron_throne=track("iron_throne"),
        fiefdoms=track("fiefdoms"),
        kings_court=track("kings_court"),
        stars=stars,
        neutral_forces=_frozen(
            {t.area: t.strength for t in _NEUTRAL_TOKENS if n in t.player_counts}
        ),
        impassable=_IMPASSABLE_3P if n == 3 else frozenset(),
        garrisons=_frozen(garrisons),
        starting_units=starting,
        initial_supply=_frozen(
            {h: _int(_HOUSE_INFO[h]["initial_supply"], f"setup.houses.{h}") for h in base_houses}
        ),
        initial_power=_frozen(
            {h: _int(_HOUSE_INFO[h]["initial_power"], f"setup.houses.{h}") for h in base_houses}
        ),
    )


SETUPS: Final[Mapping[int, PlayerCountSetup]] = MappingProxyType(
    {
        int(k): _build_setup(k, _obj(v, f"setup.player_counts.{k}"))
        for k, v in _obj(_SETUP["player_counts"], "setup.player_counts").items()
    }
)


def _build_scenario(name: str, raw: dict[str, object]) -> PlayerCountSetup:
    """A scenario's set-up (X-ADWD-2): the fields of a player count plus its own values."""
    where = f"scenarios.{name}"
    n = _int(raw["players"], f"{where}.players")
    map_id = _str(raw.get("map", "base"), f"{where}.map")
    if map_id not in MAPS:
        raise _fail(f"{where}.map", f"unknown map {map_id!r}")
    known = MAPS[map_id].areas
    base = _build_setup(str(n), raw, known)
    houses = base.houses
    owners = {
        a: _str(h, f"{where}.garrison_houses")
        for a, h in _obj(raw["garrison_houses"], f"{where}.garrison_houses").items()
    }
    if set(owners) != set(base.garrisons) or not set(owners.values()) <= set(houses):
        raise _fail(f"{where}.garrison_houses", "one playing house per garrison")
    tokens: dict[str, str] = {}
    for house, areas in _obj(raw["power_tokens"], f"{where}.power_tokens").items():
        for area in _str_list(areas, f"{where}.power_tokens.{house}"):
            if house not in houses or area not in known or area in tokens:
                raise _fail(f"{where}.power_tokens", f"bad token {house} in {area}")
            tokens[area] = house
    neutral = _int_map(raw["neutral_forces"], f"{where}.neutral_forces")
    homes = dict(MAPS[map_id].homes)  # X-AFFC-2.2: a scenario may add homes (The Eyrie, Arryn)
    for area, value in _obj(raw.get("homes", {}), f"{where}.homes").items():
        house = _str(value, f"{where}.homes.{area}")
        if area not in known or house not in houses or area in homes:
            raise _fail(f"{where}.homes", f"bad home {area} of {house}")
        homes[area] = house
    impassable = _str_list(raw.get("impassable", []), f"{where}.impassable")  # X-AFFC-2.2
    if not set(impassable) <= set(known):
        raise _fail(f"{where}.impassable", "unknown area")
    seats = tuple(_int(x, f"{where}.seats") for x in _list(raw.get("seats", [n]), where))
    if not seats or not all(2 < x <= n for x in seats):
        raise _fail(f"{where}.seats", f"seat counts must lie in 3..{n}")
    vassals = raw.get("vassal_units")  # X-MOD-10.2: the vassal set-up cards
    return replace(
        base,
        scenario=name,
        map=map_id,
        seats=seats,
        vassal_units=(
            MappingProxyType({})
            if vassals is None
            else _units_by_house(vassals, f"{where}.vassal_units", houses, known)
        ),
        vassal_supply=_int(raw.get("vassal_supply", 0), f"{where}.vassal_supply"),
        homes=MappingProxyType(homes),
        impassable=frozenset(impassable),
        westeros_decks=_str(raw.get("westeros_decks", "base"), f"{where}.westeros_decks"),
        neutral_forces=_frozen(neutral),
        initial_supply=_frozen(_int_map(raw["initial_supply"], f"{where}.initial_supply")),
        initial_power=_frozen(_int_map(raw["initial_power"], f"{where}.initial_power")),
        last_round=_int(raw["last_round"], f"{where}.last_round"),
        wildling_start=_int(raw["wildling_start"], f"{where}.wildling_start"),
        garrison_houses=MappingProxyType(owners),
        power_tokens=MappingProxyType(tokens),
        house_cards=_str(raw["house_cards"], f"{where}.house_cards"),
    )


SCENARIOS: Final[Mapping[str, PlayerCountSetup]] = MappingProxyType(
    {
        k: _build_scenario(k, _obj(v, f"scenarios.{k}"))
        for k, v in _obj(_SCENARIO_DATA["scenarios"], "scenarios").items()
    }
)
# each expansion scenario's name as its data gives it (the id where it gives none)
SCENARIO_NAMES: Final[Mapping[str, str]] = MappingProxyType(
    {
        k: _str(_obj(v, f"scenarios.{k}").get("name", k), f"scenarios.{k}.name")
        for k, v in _obj(_SCENARIO_DATA["scenarios"], "scenarios").items()
    }
)


def setup_of(scenario: str, players: int) -> PlayerCountSetup:
    """The set-up of a (validated) scenario: a player count of the base game (R2) or an
    expansion scenario (X-ADWD-2)."""
    return SETUPS[players] if scenario == "base" else SCENARIOS[scenario]


# --------------------------------------------------------------------------------------------
# House cards (R1.11, R7.12)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HouseCard:
    """A house card. ``timing`` is None for cards without text, otherwise one of ``cancel``,
    ``immediately``, ``strength_modifier``, ``casualty_prevention``, ``on_victory``,
    ``on_defeat``, ``after_combat`` (R7.5.2). ``ability`` is a short own-words summary."""

    id: str
    name: str
    house: str
    strength: int
    swords: int
    fortifications: int
    timing: str | None
    ability: str | None


def _house_card(c: dict[str, object], w: str) -> HouseCard:
    card = HouseCard(
        id=_str(c["id"], w),
        name=_str(c["name"], w),
        house=_str(c["house"], w),
        strength=_int(c["strength"], w),
        swords=_int(c["swords"], w),
        fortifications=_int(c["fortifications"], w),
        timing=_opt_str(c["timing"], w),
        ability=_opt_str(c["ability"], w),
    )
    if card.timing is not None and not set(card.timing.split("+")) <= _CARD_TIMINGS:
        raise _fail(w, f"unknown timing {card.timing!r}")
    return card


def _build_house_cards(name: str = "house_cards.json") -> dict[str, tuple[HouseCard, ...]]:
    raw = _load(name)
    by_house: dict[str, list[HouseCard]] = {h: [] for h in ALL_HOUSES}
    for i, item in enumerate(_list(raw["cards"], f"{name}.cards")):
        w = f"{name}.cards[{i}]"
        card = _house_card(_obj(item, w), w)
        if card.house not in by_house:
            raise _fail(w, f"unknown house {card.house!r}")
        by_house[card.house].append(card)
    return {h: tuple(cards) for h, cards in by_house.items() if cards}


VASSAL = "vassal"  # the ``house`` of the shared vassal cards, which belong to no house (X-MOD-10.9)
# Mother of Dragons card sets (``deck`` in the data) and the house their cards belong to
_MOD_SETS: Final[Mapping[str, str]] = MappingProxyType(
    {"arryn": "arryn", "targaryen_a": "targaryen", "targaryen_b": "targaryen", "vassal": VASSAL}
)


def _build_mod_cards(name: str = "house_cards_mod.json") -> dict[str, tuple[HouseCard, ...]]:
    """Mother of Dragons: Arryn's deck (X-MOD-4.2), Targaryen's decks A and B (X-MOD-5.8) and
    the shared vassal cards (X-MOD-10.9), by set."""
    raw = _load(name)
    sets: dict[str, list[HouseCard]] = {k: [] for k in _MOD_SETS}
    for i, item in enumerate(_list(raw["cards"], f"{name}.cards")):
        w = f"{name}.cards[{i}]"
        c = _obj(item, w)
        deck, card = _str(c["deck"], w), _house_card(c, w)
        if deck not in sets:
            raise _fail(w, f"unknown card set {deck!r}")
        if card.house != _MOD_SETS[deck]:
            raise _fail(w, f"a {deck} card belongs to {_MOD_SETS[deck]!r}, not {card.house!r}")
        sets[deck].append(card)
    return {k: tuple(v) for k, v in sets.items()}


HOUSE_CARDS: Final[Mapping[str, tuple[HouseCard, ...]]] = MappingProxyType(_build_house_cards())
_AFFC_CARDS: Final = _build_house_cards("house_cards_affc.json")  # Arryn's only (X-AFFC-1)
_MOD_CARDS: Final = _build_mod_cards()
# X-MOD-5.8, X-MOD-Q3: one of Targaryen's two decks is used per game (A by default)
TARGARYEN_DECKS: Final[Mapping[str, tuple[HouseCard, ...]]] = MappingProxyType(
    {"a": _MOD_CARDS["targaryen_a"], "b": _MOD_CARDS["targaryen_b"]}
)
# X-MOD-10.7: the shared vassal deck; a vassal's commander draws 3 of them in each combat
VASSAL_CARDS: Final[tuple[HouseCard, ...]] = _MOD_CARDS["vassal"]
# X-ADWD-1.1: each deck holds 7 cards per house; "base" is HOUSE_CARDS. In "affc" Arryn plays
# its own cards and the other houses of the scenario their base cards (X-AFFC-1). In "mod" the
# six base houses play their base cards and Arryn its MoD deck (X-MOD-4.1); Targaryen plays the
# deck of TARGARYEN_DECKS the game names (:meth:`~westeros.boardgame.state.BoardGame.house_deck`).
HOUSE_CARD_DECKS: Final[Mapping[str, Mapping[str, tuple[HouseCard, ...]]]] = MappingProxyType(
    {
        "base": HOUSE_CARDS,
        "adwd": MappingProxyType(_build_house_cards("house_cards_adwd.json")),
        "affc": MappingProxyType(
            {h: _AFFC_CARDS.get(h) or HOUSE_CARDS[h] for h in SCENARIOS["affc"].houses}
        ),
        "mod": MappingProxyType(
            {**{h: HOUSE_CARDS[h] for h in HOUSES}, "arryn": _MOD_CARDS["arryn"]}
        ),
    }
)
_EVERY_CARD: Final = (
    *(c for deck in HOUSE_CARD_DECKS.values() for cards in deck.values() for c in cards),
    *TARGARYEN_DECKS["a"],
    *TARGARYEN_DECKS["b"],
    *VASSAL_CARDS,
)
HOUSE_CARD_BY_ID: Final[Mapping[str, HouseCard]] = MappingProxyType({c.id: c for c in _EVERY_CARD})
if len(HOUSE_CARD_BY_ID) != len({id(c) for c in _EVERY_CARD}):
    raise _fail("house_cards", "duplicate card id")


# --------------------------------------------------------------------------------------------
# Westeros decks (R3.4)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WesterosCard:
    """A distinct Westeros card of one deck. ``id`` is ``"<deck numeral>:<base_id>"``
    (e.g. ``"II:winter_is_coming"``); ``chooser`` names the dominance token whose holder picks
    one of ``options`` for everybody (R3.4.1)."""

    id: str
    base_id: str
    name: str
    deck: int
    copies: int
    wildling_icon: bool
    chooser: str | None
    options: tuple[str, ...]
    effect: str
    loyalty: tuple[str, ...] = ()  # deck IV: areas printed with a loyalty token (X-MOD-7.3)


def _build_westeros(name: str = "westeros_cards.json") -> dict[int, tuple[WesterosCard, ...]]:
    raw = _load(name)
    decks: dict[int, list[WesterosCard]] = {d: [] for d in _DECK_NUMERALS}
    for i, item in enumerate(_list(raw["cards"], f"{name}.cards")):
        w = f"{name}.cards[{i}]"  # the place of a fault: the file's, base or AFfC (X-AFFC-2.9)
        c = _obj(item, w)
        deck = _int(c["deck"], w)
        if deck not in decks:
            raise _fail(w, f"unknown deck {deck}")
        base_id = _str(c["id"], w)
        card = WesterosCard(
            id=f"{_DECK_NUMERALS[deck]}:{base_id}",
            base_id=base_id,
            name=_str(c["name"], w),
            deck=deck,
            copies=_int(c["copies"], w),
            wildling_icon=_bool(c["wildling_icon"], w),
            chooser=_opt_str(c["chooser"], w),
            options=_str_list(c["options"], w),
            effect=_str(c["effect"], w),
            loyalty=_str_list(c.get("loyalty", []), w),
        )
        if card.chooser is not None and card.chooser not in _CHOOSERS:
            raise _fail(w, f"unknown chooser {card.chooser!r}")
        if (card.chooser is None) != (not card.options):
            raise _fail(w, "a chooser needs options and vice versa")
        decks[deck].append(card)
    return {d: tuple(cards) for d, cards in decks.items() if cards}


WESTEROS_DECKS: Final[Mapping[int, tuple[WesterosCard, ...]]] = MappingProxyType(_build_westeros())
# X-AFFC-2.9: the affc set plays its own deck I with the base decks II and III
WESTEROS_DECK_SETS: Final[Mapping[str, Mapping[int, tuple[WesterosCard, ...]]]] = MappingProxyType(
    {
        "base": WESTEROS_DECKS,
        "affc": MappingProxyType(
            dict(WESTEROS_DECKS) | _build_westeros("westeros_cards_affc.json")
        ),
        # X-MOD-7.3: with Targaryen, deck IV is played next to the base decks I-III
        "mod_essos": MappingProxyType(
            dict(WESTEROS_DECKS) | _build_westeros("westeros_cards_mod.json")
        ),
    }
)
WESTEROS_CARD_BY_ID: Final[Mapping[str, WesterosCard]] = MappingProxyType(
    {c.id: c for decks in WESTEROS_DECK_SETS.values() for cards in decks.values() for c in cards}
)
_DECK_LISTS: Final[Mapping[str, Mapping[int, tuple[str, ...]]]] = MappingProxyType(
    {
        name: MappingProxyType(
            {d: tuple(c.id for c in cards for _ in range(c.copies)) for d, cards in decks.items()}
        )
        for name, decks in WESTEROS_DECK_SETS.items()
    }
)


def westeros_deck_list(deck: int, deck_set: str = "base") -> tuple[str, ...]:
    """The card ids of Westeros deck ``deck`` (1, 2 or 3) of a deck set (``base``, or ``affc``
    with its own deck I, X-AFFC-2.9), one entry per physical card, in a fixed order (data
    order, copies adjacent). Raises ``KeyError`` for an unknown deck."""
    return _DECK_LISTS[deck_set][deck]


# --------------------------------------------------------------------------------------------
# Wildling cards (R4.5) and Tides of Battle (R7.7)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WildlingCard:
    """A wildling card: own-words texts for the lowest bidder and everyone else when the
    wildlings win, and for the highest bidder when the Night's Watch wins (R4.5)."""

    id: str
    name: str
    lowest_bidder: str
    everyone_else_loss: str
    highest_bidder: str


def _build_wildlings() -> tuple[WildlingCard, ...]:
    raw = _load("wildling_cards.json")
    cards: list[WildlingCard] = []
    for i, item in enumerate(_list(raw["cards"], "wildling_cards.cards")):
        c = _obj(item, f"wildling_cards.cards[{i}]")
        w = f"wildling_cards.cards[{i}]"
        cards.append(
            WildlingCard(
                id=_str(c["id"], w),
                name=_str(c["name"], w),
                lowest_bidder=_str(c["lowest_bidder"], w),
                everyone_else_loss=_str(c["everyone_else_loss"], w),
                highest_bidder=_str(c["highest_bidder"], w),
            )
        )
    return tuple(cards)


WILDLING_CARDS: Final[tuple[WildlingCard, ...]] = _build_wildlings()
WILDLING_CARD_BY_ID: Final[Mapping[str, WildlingCard]] = MappingProxyType(
    {c.id: c for c in WILDLING_CARDS}
)


@dataclass(frozen=True, slots=True)
class TidesCard:
    """A Tides of Battle card (optional rule, R7.7)."""

    id: str
    strength: int
    swords: int
    fortifications: int
    skulls: int


def _build_tides() -> tuple[TidesCard, ...]:
    raw = _load("tides_of_battle.json")
    cards: list[TidesCard] = []
    for i, item in enumerate(_list(raw["cards"], "tides_of_battle.cards")):
        c = _obj(item, f"tides_of_battle.cards[{i}]")
        w = f"tides_of_battle.cards[{i}]"
        card = TidesCard(
            id=_str(c["id"], w),
            strength=_int(c["strength"], w),
            swords=_int(c["swords"], w),
            fortifications=_int(c["fortifications"], w),
            skulls=_int(c["skulls"], w),
        )
        cards.extend([card] * _int(c["count"], w))
    return tuple(cards)


TIDES_OF_BATTLE: Final[tuple[TidesCard, ...]] = _build_tides()
TIDES_CARD_BY_ID: Final[Mapping[str, TidesCard]] = MappingProxyType(
    {c.id: c for c in TIDES_OF_BATTLE}
)
