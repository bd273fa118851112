"""Static board-game data against the rules reference (rule ids ``R<n>`` of the rules document).

Expected values are written out here from the rules text, not re-derived from the data files.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Sequence

import pytest

from westeros.boardgame import tables as t

PLAYER_COUNTS = (3, 4, 5, 6)
LAND_UNITS = frozenset({"footman", "knight", "siege_engine"})


def _complies(army_sizes: Sequence[int], allowed: Sequence[int]) -> bool:
    """R1.5.3 compliance test (armies are areas with 2+ units)."""
    armies = sorted((n for n in army_sizes if n >= 2), reverse=True)
    limits = sorted(allowed, reverse=True)
    return len(armies) <= len(limits) and all(
        a <= lim for a, lim in zip(armies, limits, strict=False)
    )


# ------------------------------------------------------------------------------ map (R1.1, R1.2)


def test_r1_1_1_area_counts_by_kind() -> None:
    assert len(t.AREAS) == 58
    assert tuple(t.AREAS) == t.AREA_IDS
    kinds = Counter(a.kind for a in t.AREAS.values())
    assert kinds == {"land": 38, "sea": 12, "port": 8}
    for area_id, area in t.AREAS.items():
        assert area.id == area_id
        assert re.fullmatch(r"[a-z][a-z0-9_]*", area_id)
        assert (area.is_land, area.is_sea, area.is_port) == (
            area.kind == "land",
            area.kind == "sea",
            area.kind == "port",
        )


def test_r1_1_1_border_count() -> None:
    assert len(t.BORDERS) == 143
    assert all(len(edge) == 2 and edge <= t.AREAS.keys() for edge in t.BORDERS)


def test_r1_1_1_adjacency_symmetric_no_self_loops_and_equal_to_neighbors() -> None:
    edges = set()
    for a, area in t.AREAS.items():
        assert a not in area.neighbors
        for b in area.neighbors:
            assert a in t.AREAS[b].neighbors
            edges.add(frozenset((a, b)))
    assert edges == set(t.BORDERS)
    for a in t.AREA_IDS:
        for b in t.AREA_IDS:
            assert t.adjacent(a, b) == (frozenset((a, b)) in t.BORDERS)
            assert t.adjacent(a, b) == t.adjacent(b, a)
    assert not t.adjacent("winterfell", "winterfell")
    assert not t.adjacent("winterfell", "no_such_area")
    assert not t.adjacent("no_such_area", "winterfell")


def test_r1_1_1_board_is_connected() -> None:
    seen = {t.AREA_IDS[0]}
    todo = [t.AREA_IDS[0]]
    while todo:
        for b in t.AREAS[todo.pop()].neighbors - seen:
            seen.add(b)
            todo.append(b)
    assert seen == set(t.AREA_IDS)


def test_r1_1_1_some_known_borders() -> None:
    assert t.adjacent("winterfell", "castle_black")
    assert t.adjacent("kings_landing", "blackwater_bay")
    assert t.adjacent("lannisport", "the_golden_sound")
    assert not t.adjacent("winterfell", "kings_landing")
    assert not t.adjacent("pyke", "lannisport")  # an island: only sea and its port


def test_r1_1_2_ports_touch_exactly_their_land_and_sea() -> None:
    ports = [a for a in t.AREAS.values() if a.is_port]
    assert len(ports) == 8
    for port in ports:
        assert port.port_land is not None and port.port_sea is not None
        land, sea = t.AREAS[port.port_land], t.AREAS[port.port_sea]
        assert land.is_land and sea.is_sea
        assert port.neighbors == {land.id, sea.id}
        assert land.port == port.id
        assert t.adjacent(land.id, sea.id)
        assert land.has_castle
        assert port.port is None
    owners = {a.id for a in t.AREAS.values() if a.port is not None}
    assert owners == {p.port_land for p in ports}
    assert owners == {
        "winterfell",
        "white_harbor",
        "pyke",
        "lannisport",
        "dragonstone",
        "oldtown",
        "storms_end",
        "sunspear",
    }
    for area in t.AREAS.values():
        if not area.is_port:
            assert area.port_land is None and area.port_sea is None


def test_r1_2_1_castles_and_strongholds() -> None:
    strongholds = {a.id for a in t.AREAS.values() if a.fortification == "stronghold"}
    castles = {a.id for a in t.AREAS.values() if a.fortification == "castle"}
    assert len(strongholds) == 10 and len(castles) == 10
    assert sum(a.has_castle for a in t.AREAS.values()) == 20
    assert {"winterfell", "kings_landing", "riverrun", "seagard"} <= strongholds
    assert {"white_harbor", "moat_cailin", "the_eyrie", "storms_end"} <= castles
    for area in t.AREAS.values():
        expected = {"stronghold": 2, "castle": 1, None: 0}[area.fortification]
        assert area.mustering_points == expected
        if not area.is_land:
            assert area.fortification is None
            assert (area.supply, area.power, area.home_of) == (0, 0, None)


def test_r1_2_2_and_r1_2_3_barrel_and_crown_totals() -> None:
    assert sum(a.supply for a in t.AREAS.values()) == 24
    assert sum(a.power for a in t.AREAS.values()) == 19
    assert t.AREAS["lannisport"].supply == 2
    assert t.AREAS["kings_landing"].power == 2


def test_r1_2_4_home_areas() -> None:
    homes = {a.home_of: a.id for a in t.AREAS.values() if a.home_of is not None}
    assert homes == {
        "stark": "winterfell",
        "lannister": "lannisport",
        "baratheon": "dragonstone",
        "greyjoy": "pyke",
        "tyrell": "highgarden",
        "martell": "sunspear",
    }
    assert dict(t.HOME_AREAS) == homes
    assert all(t.AREAS[a].fortification == "stronghold" for a in homes.values())


def test_area_and_house_names() -> None:
    assert t.area_name("port_of_lannisport") == "Port of Lannisport"
    assert t.area_name("kings_landing") == "King's Landing"
    assert t.HOUSES == ("stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell")
    assert [t.house_name(h) for h in t.HOUSES] == [
        "Stark",
        "Lannister",
        "Baratheon",
        "Greyjoy",
        "Tyrell",
        "Martell",
    ]
    with pytest.raises(KeyError):
        t.area_name("nowhere")


# ------------------------------------------------------------------- units, supply, constants


def test_r1_4_1_unit_pools_strengths_and_costs() -> None:
    assert t.UNIT_TYPES == ("footman", "knight", "siege_engine", "ship")
    assert dict(t.UNIT_POOL) == {"footman": 10, "knight": 5, "siege_engine": 2, "ship": 6}
    assert dict(t.UNIT_STRENGTH) == {"footman": 1, "knight": 2, "siege_engine": 0, "ship": 1}
    assert t.SIEGE_STRENGTH_VS_CASTLE == 4
    assert dict(t.MUSTER_COST) == {"footman": 1, "knight": 2, "siege_engine": 2, "ship": 1}
    assert t.UPGRADE_COST == 1


def test_r1_5_2_supply_table() -> None:
    assert t.SUPPLY_LIMITS == (
        (2, 2),
        (3, 2),
        (3, 2, 2),
        (3, 2, 2, 2),
        (3, 3, 2, 2),
        (4, 3, 2, 2),
        (4, 3, 2, 2, 2),
    )
    assert t.MAX_SUPPLY == 6 == len(t.SUPPLY_LIMITS) - 1


def test_r1_5_3_compliance_helper() -> None:
    assert _complies([1, 1, 1, 1], (2, 2))  # single units are never armies (R1.5.1)
    assert _complies([3, 2], (3, 2))
    assert not _complies([3, 3], (3, 2))
    assert not _complies([2, 2, 2], (3, 2))


def test_game_constants() -> None:
    assert t.LAST_ROUND == 10  # R3.1
    assert t.CASTLES_TO_WIN == 7  # R9.2
    assert (t.WILDLING_START, t.WILDLING_STEP, t.WILDLING_MAX) == (2, 2, 12)  # R4.1, R3.2.3
    assert t.POWER_TOKENS_TOTAL == 20  # R1.6.1
    assert t.INITIAL_POWER == 5  # R2.4
    assert t.GARRISON_STRENGTH == 2  # R1.7.1
    assert t.MAX_SHIPS_IN_PORT == 3  # R1.1.3, R8.2


# ----------------------------------------------------------------------- order tokens (R1.10)


def test_r1_10_order_tokens() -> None:
    assert [tok.id for tok in t.ORDER_TOKENS] == [
        "march-1",
        "march+0",
        "march+1*",
        "defense+1",
        "defense+1",
        "defense+2*",
        "support+0",
        "support+0",
        "support+1*",
        "raid",
        "raid",
        "raid*",
        "consolidate",
        "consolidate",
        "consolidate*",
    ]
    assert len(t.ORDER_TOKENS) == 15
    assert sum(tok.special for tok in t.ORDER_TOKENS) == 5
    assert Counter(tok.type for tok in t.ORDER_TOKENS) == {
        "march": 3,
        "defense": 3,
        "support": 3,
        "raid": 3,
        "consolidate": 3,
    }
    assert Counter(tok.type for tok in t.ORDER_TOKENS if tok.special) == {
        "march": 1,
        "defense": 1,
        "support": 1,
        "raid": 1,
        "consolidate": 1,
    }
    modifiers = {tok.id: tok.modifier for tok in t.ORDER_TOKENS}
    assert modifiers == {
        "march-1": -1,
        "march+0": 0,
        "march+1*": 1,
        "defense+1": 1,
        "defense+2*": 2,
        "support+0": 0,
        "support+1*": 1,
        "raid": 0,
        "raid*": 0,
        "consolidate": 0,
        "consolidate*": 0,
    }
    assert len(t.ORDER_COUNTS) == 11
    # ORDER_KINDS also holds the expansions' own tokens (X-MOD-9.1), never among the 15
    assert set(t.ORDER_KINDS) - set(t.ORDER_COUNTS) >= set(t.SEA_ORDER_COUNTS)
    assert not set(t.SEA_ORDER_COUNTS) & {tok.id for tok in t.ORDER_TOKENS}
    assert all(t.ORDER_KINDS[tok.id] == tok for tok in t.ORDER_TOKENS)
    assert all(tok.special == tok.id.endswith("*") for tok in t.ORDER_TOKENS)
    assert dict(t.ORDER_COUNTS) == dict(Counter(tok.id for tok in t.ORDER_TOKENS))


# ------------------------------------------------------------------------------- set-up (R2)


def test_r2_1_houses_by_player_count() -> None:
    assert sorted(t.SETUPS) == list(PLAYER_COUNTS)
    assert t.SETUPS[3].houses == ("stark", "lannister", "baratheon")
    assert t.SETUPS[4].houses == ("stark", "lannister", "baratheon", "greyjoy")
    assert t.SETUPS[5].houses == ("stark", "lannister", "baratheon", "greyjoy", "tyrell")
    assert t.SETUPS[6].houses == t.HOUSES
    for n, setup in t.SETUPS.items():
        assert setup.player_count == n
        assert len(setup.houses) == n


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_r2_2_tracks_are_shifted_permutations(n: int) -> None:
    six = {
        "iron_throne": ("baratheon", "lannister", "stark", "martell", "greyjoy", "tyrell"),
        "fiefdoms": ("greyjoy", "tyrell", "martell", "stark", "baratheon", "lannister"),
        "kings_court": ("lannister", "stark", "martell", "baratheon", "tyrell", "greyjoy"),
    }
    setup = t.SETUPS[n]
    for name, order in six.items():
        track = getattr(setup, name)
        assert sorted(track) == sorted(setup.houses)
        assert track == tuple(h for h in order if h in setup.houses)


def test_r2_3_kings_court_stars() -> None:
    assert t.SETUPS[3].stars == (3, 2, 1)
    assert t.SETUPS[4].stars == (3, 2, 1, 0)
    assert t.SETUPS[5].stars == (3, 3, 2, 1, 0)
    assert t.SETUPS[6].stars == (3, 3, 2, 1, 0, 0)


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_r2_4_initial_supply_and_power(n: int) -> None:
    setup = t.SETUPS[n]
    expected_supply = {h: (1 if h == "stark" else 2) for h in setup.houses}
    assert dict(setup.initial_supply) == expected_supply
    assert dict(setup.initial_power) == {h: 5 for h in setup.houses}
    # initial supply equals the barrels of the areas controlled at start (units or home area)
    for house in setup.houses:
        controlled = {a for a, _ in setup.starting_units[house] if t.AREAS[a].is_land}
        controlled.add(t.HOME_AREAS[house])
        assert sum(t.AREAS[a].supply for a in controlled) == setup.initial_supply[house]


EXPECTED_START = {
    "stark": {
        ("winterfell", "knight"): 1,
        ("winterfell", "footman"): 1,
        ("white_harbor", "footman"): 1,
        ("the_shivering_sea", "ship"): 1,
    },
    "lannister": {
        ("lannisport", "knight"): 1,
        ("lannisport", "footman"): 1,
        ("stoney_sept", "footman"): 1,
        ("the_golden_sound", "ship"): 1,
        ("port_of_lannisport", "ship"): 1,
    },
    "baratheon": {
        ("dragonstone", "knight"): 1,
        ("dragonstone", "footman"): 1,
        ("kingswood", "footman"): 1,
        ("shipbreaker_bay", "ship"): 2,
    },
    "greyjoy": {
        ("pyke", "knight"): 1,
        ("pyke", "footman"): 1,
        ("greywater_watch", "footman"): 1,
        ("ironmans_bay", "ship"): 1,
        ("port_of_pyke", "ship"): 1,
    },
    "tyrell": {
        ("highgarden", "knight"): 1,
        ("highgarden", "footman"): 1,
        ("dornish_marches", "footman"): 1,
        ("redwyne_straights", "ship"): 1,
    },
    "martell": {
        ("sunspear", "knight"): 1,
        ("sunspear", "footman"): 1,
        ("salt_shore", "footman"): 1,
        ("sea_of_dorne", "ship"): 1,
    },
}


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_r2_5_starting_units_match_the_screens(n: int) -> None:
    setup = t.SETUPS[n]
    assert set(setup.starting_units) == set(setup.houses)
    for house in setup.houses:
        assert Counter(setup.starting_units[house]) == EXPECTED_START[house]


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_r2_5_errata_lannister_port_ship(n: int) -> None:
    assert ("port_of_lannisport", "ship") in t.SETUPS[n].starting_units["lannister"]


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_r1_4_1_starting_units_within_pools(n: int) -> None:
    for house, units in t.SETUPS[n].starting_units.items():
        counts = Counter(unit for _, unit in units)
        assert set(counts) <= set(t.UNIT_TYPES)
        for unit, used in counts.items():
            assert used <= t.UNIT_POOL[unit], (house, unit)


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_r1_5_3_starting_armies_comply_with_starting_supply(n: int) -> None:
    setup = t.SETUPS[n]
    for house, units in setup.starting_units.items():
        sizes = list(Counter(area for area, _ in units).values())
        allowed = t.SUPPLY_LIMITS[setup.initial_supply[house]]
        assert _complies(sizes, allowed), house


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_r1_3_starting_units_placement(n: int) -> None:
    """Right area kinds, no shared/impassable/neutral area, ports of own land, R1.1.3 port limit."""
    setup = t.SETUPS[n]
    owner: dict[str, str] = {}
    for house, units in setup.starting_units.items():
        for area_id, unit in units:
            area = t.AREAS[area_id]
            assert owner.setdefault(area_id, house) == house  # R1.3.6
            assert area_id not in setup.impassable  # R1.1.4
            assert area_id not in setup.neutral_forces  # R1.8.1
            if unit in LAND_UNITS:
                assert area.is_land
            else:
                assert not area.is_land
            if area.is_port:
                assert area.port_land is not None
                assert owner.get(area.port_land, house) == house
                assert (area.port_land, "knight") in units or (area.port_land, "footman") in units
        ships = Counter(a for a, u in units if t.AREAS[a].is_port)
        assert all(k <= t.MAX_SHIPS_IN_PORT for k in ships.values())


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_r2_6_garrisons(n: int) -> None:
    setup = t.SETUPS[n]
    assert dict(setup.garrisons) == {t.HOME_AREAS[h]: 2 for h in setup.houses}


def test_r2_7_neutral_forces() -> None:
    both = {"kings_landing": 5, "the_eyrie": 6}
    four_five = {
        "sunspear": 5,
        "salt_shore": 3,
        "yronwood": 3,
        "starfall": 3,
        "princes_pass": 3,
        "the_boneway": 3,
        "three_towers": 3,
    }
    four_only = {"storms_end": 4, "oldtown": 3, "dornish_marches": 3}
    assert dict(t.SETUPS[3].neutral_forces) == both
    assert dict(t.SETUPS[4].neutral_forces) == both | four_five | four_only
    assert dict(t.SETUPS[5].neutral_forces) == both | four_five
    assert dict(t.SETUPS[6].neutral_forces) == both
    for setup in t.SETUPS.values():
        for area_id in setup.neutral_forces:
            assert t.AREAS[area_id].is_land
            assert area_id not in setup.impassable
            assert area_id not in setup.garrisons
            assert t.AREAS[area_id].home_of not in setup.houses
    assert "highgarden" not in t.SETUPS[4].neutral_forces  # R2.9 / R12 Q9


def test_r2_8_impassable_areas_three_players_only() -> None:
    land = {
        "pyke",
        "highgarden",
        "oldtown",
        "sunspear",
        "salt_shore",
        "yronwood",
        "starfall",
        "three_towers",
        "dornish_marches",
        "princes_pass",
        "the_boneway",
        "storms_end",
    }
    ports = {"port_of_pyke", "port_of_oldtown", "port_of_sunspear", "port_of_storms_end"}
    assert t.SETUPS[3].impassable == land | ports
    assert all(t.AREAS[a].is_land for a in land)
    assert ports == {t.AREAS[a].port for a in land if t.AREAS[a].port is not None}
    for n in (4, 5, 6):
        assert t.SETUPS[n].impassable == frozenset()


# --------------------------------------------------------------------- house cards (R1.11, R7.12)

# name -> (strength, swords, fortifications), from the R7.12 catalogue
EXPECTED_CARDS = {
    "stark": {
        "Eddard Stark": (4, 2, 0),
        "Robb Stark": (3, 0, 0),
        "Roose Bolton": (2, 0, 0),
        "Greatjon Umber": (2, 1, 0),
        "Ser Rodrik Cassel": (1, 0, 2),
        "The Blackfish": (1, 0, 0),
        "Catelyn Stark": (0, 0, 0),
    },
    "lannister": {
        "Tywin Lannister": (4, 0, 0),
        "Ser Gregor Clegane": (3, 3, 0),
        "Ser Jaime Lannister": (2, 1, 0),
        "The Hound": (2, 0, 2),
        "Ser Kevan Lannister": (1, 0, 0),
        "Tyrion Lannister": (1, 0, 0),
        "Cersei Lannister": (0, 0, 0),
    },
    "baratheon": {
        "Stannis Baratheon": (4, 0, 0),
        "Renly Baratheon": (3, 0, 0),
        "Ser Davos Seaworth": (2, 0, 0),
        "Brienne of Tarth": (2, 1, 1),
        "Salladhor Saan": (1, 0, 0),
        "Melisandre": (1, 1, 0),
        "Patchface": (0, 0, 0),
    },
    "greyjoy": {
        "Euron Crow's Eye": (4, 1, 0),
        "Victarion Greyjoy": (3, 0, 0),
        "Balon Greyjoy": (2, 0, 0),
        "Theon Greyjoy": (2, 0, 0),
        "Dagmar Cleftjaw": (1, 1, 1),
        "Asha Greyjoy": (1, 0, 0),
        "Aeron Damphair": (0, 0, 0),
    },
    "tyrell": {
        "Mace Tyrell": (4, 0, 0),
        "Ser Loras Tyrell": (3, 0, 0),
        "Randyll Tarly": (2, 1, 0),
        "Ser Garlan Tyrell": (2, 2, 0),
        "Margaery Tyrell": (1, 0, 1),
        "Alester Florent": (1, 0, 1),
        "Queen of Thorns": (0, 0, 0),
    },
    "martell": {
        "The Red Viper": (4, 2, 1),
        "Areo Hotah": (3, 0, 1),
        "Obara Sand": (2, 1, 0),
        "Darkstar": (2, 1, 0),
        "Nymeria Sand": (1, 0, 0),
        "Arianne Martell": (1, 0, 0),
        "Doran Martell": (0, 0, 0),
    },
}
TIMINGS = {
    "cancel",
    "immediately",
    "strength_modifier",
    "casualty_prevention",
    "on_victory",
    "on_defeat",
    "after_combat",
}


def test_r1_11_1_six_houses_seven_cards_each() -> None:
    assert tuple(t.HOUSE_CARDS) == t.HOUSES
    for house, cards in t.HOUSE_CARDS.items():
        assert len(cards) == 7
        assert sorted((c.strength for c in cards), reverse=True) == [4, 3, 2, 2, 1, 1, 0]
        assert all(c.house == house for c in cards)
    assert t.HOUSE_CARD_DECKS["base"] is t.HOUSE_CARDS
    # ids unique across decks: base 42, ADwD 42, AFfC Arryn's 7 (its other houses play base),
    # Targaryen's 7 (a placeholder until its MoD decks A and B are registered, X-MOD-Q3)
    assert len(t.HOUSE_CARD_BY_ID) == 42 + 42 + 7 + 7
    assert all(t.HOUSE_CARD_BY_ID[c.id] is c for cs in t.HOUSE_CARDS.values() for c in cs)


def test_r7_12_house_card_catalogue() -> None:
    for house, expected in EXPECTED_CARDS.items():
        got = {c.name: (c.strength, c.swords, c.fortifications) for c in t.HOUSE_CARDS[house]}
        assert got == expected, house
    base = [c for cs in t.HOUSE_CARDS.values() for c in cs]
    for card in base:
        assert (card.timing is None) == (card.ability is None), card.id
        assert card.timing is None or card.timing in TIMINGS
    by_name = {c.name: c for c in base}
    assert by_name["Tyrion Lannister"].timing == "cancel"
    assert by_name["Patchface"].timing == "after_combat"
    assert by_name["The Blackfish"].timing == "casualty_prevention"
    assert by_name["Roose Bolton"].timing == "on_defeat"
    assert by_name["Tywin Lannister"].timing == "on_victory"
    assert {c.name for c in base if c.timing == "immediately"} == {
        "Aeron Damphair",
        "Mace Tyrell",
        "Queen of Thorns",
        "Doran Martell",
    }


# --------------------------------------------------------------------------- Westeros (R3.4)

# (deck, base_id) -> (copies, wildling icon, chooser, options)
EXPECTED_WESTEROS = {
    (1, "supply"): (3, False, None, ()),
    (1, "mustering"): (3, False, None, ()),
    (1, "a_throne_of_blades"): (2, True, "iron_throne", ("supply", "mustering", "nothing")),
    (1, "last_days_of_summer"): (1, True, None, ()),
    (1, "winter_is_coming"): (1, False, None, ()),
    (2, "clash_of_kings"): (3, False, None, ()),
    (2, "game_of_thrones"): (3, False, None, ()),
    (2, "dark_wings_dark_words"): (
        2,
        True,
        "messenger_raven",
        ("clash_of_kings", "game_of_thrones", "nothing"),
    ),
    (2, "last_days_of_summer"): (1, True, None, ()),
    (2, "winter_is_coming"): (1, False, None, ()),
    (3, "wildlings_attack"): (3, False, None, ()),
    (3, "put_to_the_sword"): (
        2,
        False,
        "valyrian_steel_blade",
        ("no_defense", "no_march_plus1", "nothing"),
    ),
    (3, "sea_of_storms"): (1, True, None, ()),
    (3, "rains_of_autumn"): (1, True, None, ()),
    (3, "feast_for_crows"): (1, True, None, ()),
    (3, "web_of_lies"): (1, True, None, ()),
    (3, "storm_of_swords"): (1, True, None, ()),
}


def test_r3_4_three_westeros_decks_of_ten() -> None:
    assert sorted(t.WESTEROS_DECKS) == [1, 2, 3]
    for deck, cards in t.WESTEROS_DECKS.items():
        assert sum(c.copies for c in cards) == 10
        deck_list = t.westeros_deck_list(deck)
        assert len(deck_list) == 10
        assert Counter(deck_list) == {c.id: c.copies for c in cards}
        assert deck_list == t.westeros_deck_list(deck)  # fixed order
        assert all(c.deck == deck for c in cards)
    with pytest.raises(KeyError):
        t.westeros_deck_list(4)


def test_r3_4_westeros_catalogue() -> None:
    got = {
        (c.deck, c.base_id): (c.copies, c.wildling_icon, c.chooser, c.options)
        for cards in t.WESTEROS_DECKS.values()
        for c in cards
    }
    assert got == EXPECTED_WESTEROS
    numerals = {1: "I", 2: "II", 3: "III", 4: "IV"}  # IV: MoD (X-MOD-7.3)
    for card in t.WESTEROS_CARD_BY_ID.values():
        assert card.id == f"{numerals[card.deck]}:{card.base_id}"
        assert card.effect and card.name
    # the base cards, the 7 distinct cards of the AFfC deck I (X-AFFC-2.9) and the 10 of the
    # MoD deck IV (X-MOD-7.3)
    assert len(t.WESTEROS_CARD_BY_ID) == len(EXPECTED_WESTEROS) + 7 + 10
    assert t.WESTEROS_CARD_BY_ID["II:winter_is_coming"].name == "Winter Is Coming"
    assert (
        t.WESTEROS_CARD_BY_ID["I:winter_is_coming"] != t.WESTEROS_CARD_BY_ID["II:winter_is_coming"]
    )


# ------------------------------------------------------------------ wildlings (R4.5), tides (R7.7)


def test_r4_5_nine_wildling_cards() -> None:
    assert len(t.WILDLING_CARDS) == 9
    assert {c.name for c in t.WILDLING_CARDS} == {
        "Silence at the Wall",
        "Preemptive Raid",
        "Crow Killers",
        "Rattleshirt's Raiders",
        "Massing on the Milkwater",
        "A King Beyond the Wall",
        "Mammoth Riders",
        "The Horde Descends",
        "Skinchanger Scout",
    }
    assert {c.id: c for c in t.WILDLING_CARDS} == dict(t.WILDLING_CARD_BY_ID)
    for card in t.WILDLING_CARDS:
        assert card.lowest_bidder and card.everyone_else_loss and card.highest_bidder


def test_r7_7_1_tides_of_battle_mix() -> None:
    assert len(t.TIDES_OF_BATTLE) == 24
    mix = Counter((c.strength, c.swords, c.fortifications, c.skulls) for c in t.TIDES_OF_BATTLE)
    assert mix == {
        (0, 0, 0, 0): 8,
        (1, 1, 0, 0): 4,
        (1, 0, 1, 0): 4,
        (2, 0, 0, 0): 4,
        (3, 0, 0, 0): 2,
        (0, 0, 0, 1): 2,
    }
    assert len(t.TIDES_CARD_BY_ID) == 6
    assert all(t.TIDES_CARD_BY_ID[c.id] == c for c in t.TIDES_OF_BATTLE)


# --------------------------------------------------------------------------------- immutability


def test_tables_are_immutable() -> None:
    with pytest.raises(TypeError):
        t.AREAS["x"] = t.AREAS["winterfell"]  # type: ignore[index]
    with pytest.raises(TypeError):
        t.SETUPS[3].garrisons["x"] = 1  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.AREAS["winterfell"].supply = 9  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.ORDER_TOKENS[0].modifier = 5  # type: ignore[misc]
    assert isinstance(t.AREAS["winterfell"].neighbors, frozenset)
    assert isinstance(t.SETUPS[3].starting_units["stark"], tuple)
