"""Mother of Dragons set-up: the map variants (X-MOD-3), the 7-house scenario (X-MOD-2), the
config (X-MOD-1, X-MOD-13.1), the vassals' set-up (X-MOD-10.2), and base games as they were."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from westeros.boardgame import mod
from westeros.boardgame import tables as T
from westeros.boardgame.game import INFO
from westeros.boardgame.game import new_position as new_state
from westeros.boardgame.setup import validate_config
from westeros.engine import ConfigError

MOD: dict[str, Any] = {"scenario": "mod", "players": 7}
HOUSES = ("stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell", "arryn")
ESSOS_SEAS = {"braavosian_coastlands", "bay_of_pentos", "sea_of_myrth", "the_orange_shore"}


# -- the maps (X-MOD-3) ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("map_id", "areas", "borders", "land", "sea", "ports", "strongholds", "castles"),
    [
        ("base", 58, 143, 38, 12, 8, 10, 10),
        ("mod_westeros", 61, 152, 39, 13, 9, 11, 10),
        ("mod_essos", 75, 188, 46, 17, 12, 13, 11),
    ],
)
def test_x_mod_3_map_variant_counts(
    map_id: str,
    areas: int,
    borders: int,
    land: int,
    sea: int,
    ports: int,
    strongholds: int,
    castles: int,
) -> None:
    m = T.MAPS[map_id]
    kinds = Counter(a.kind for a in m.areas.values())
    forts = Counter(a.fortification for a in m.areas.values())
    assert (len(m.areas), len(m.borders)) == (areas, borders)
    assert (kinds["land"], kinds["sea"], kinds["port"]) == (land, sea, ports)
    assert (forts["stronghold"], forts["castle"]) == (strongholds, castles)
    assert len(m.castle_areas) == strongholds + castles and len(m.land_areas) == land
    assert m.ports == tuple(a for a in m.area_ids if m.areas[a].is_port)
    assert m.area_ids == tuple(m.areas) and [m.order[a] for a in m.area_ids] == list(range(areas))


@pytest.mark.parametrize("map_id", list(T.MAPS))
def test_r1_1_every_map_is_symmetric_connected_and_its_ports_touch_their_land_and_sea(
    map_id: str,
) -> None:
    m = T.MAPS[map_id]
    for a, area in m.areas.items():
        assert a not in area.neighbors
        assert all(m.adjacent(n, a) for n in area.neighbors)
        if area.is_port:
            assert area.neighbors == {area.port_land, area.port_sea}
            assert m.areas[area.port_land or ""].port == a
    assert {frozenset((a, n)) for a in m.areas for n in m.areas[a].neighbors} == m.borders
    reached, frontier = {m.area_ids[0]}, [m.area_ids[0]]
    while frontier:
        for n in m.areas[frontier.pop()].neighbors - reached:
            reached.add(n)
            frontier.append(n)
    assert reached == set(m.areas)


def test_x_mod_3_the_base_map_is_the_one_the_tables_always_had() -> None:
    base = T.MAPS["base"]
    assert dict(base.areas) == dict(T.AREAS) and base.area_ids == T.AREA_IDS
    assert base.borders == T.BORDERS and dict(base.homes) == dict(T.MAP_HOMES)
    assert not {"the_vale_of_arryn", "the_bite", "port_of_the_eyrie"} & set(T.AREAS)


def test_x_mod_3_1_the_eyrie_is_a_stronghold_with_a_port_and_the_vale_of_arryn_is_new() -> None:
    m = T.MAPS["mod_westeros"]
    eyrie, vale, port = (
        m.areas[a] for a in ("the_eyrie", "the_vale_of_arryn", "port_of_the_eyrie")
    )
    assert (eyrie.fortification, eyrie.home_of, eyrie.port) == ("stronghold", "arryn", port.id)
    assert (eyrie.supply, eyrie.power) == (1, 1)  # barrel and crown unchanged
    assert T.AREAS["the_eyrie"].fortification == "castle" and T.AREAS["the_eyrie"].port is None
    assert (port.port_land, port.port_sea) == ("the_eyrie", "the_narrow_sea")
    assert (vale.kind, vale.fortification, vale.supply, vale.power) == ("land", "castle", 0, 1)
    assert vale.neighbors == {
        "the_eyrie",
        "the_fingers",
        "the_mountains_of_the_moon",
        "the_narrow_sea",
    }
    assert m.homes["the_eyrie"] == "arryn" and m.area_name("the_vale_of_arryn") == vale.name
    assert T.area_name("port_of_the_eyrie") == "Port of the Eyrie"


def test_x_mod_3_2_the_bite_takes_borders_of_the_narrow_sea() -> None:
    m = T.MAPS["mod_westeros"]
    taken = {"moat_cailin", "the_twins", "white_harbor", "port_of_white_harbor"}
    assert m.areas["the_bite"].kind == "sea"
    assert m.areas["the_bite"].neighbors == taken | {
        "widows_watch",
        "the_fingers",
        "the_narrow_sea",
    }
    assert not taken & m.areas["the_narrow_sea"].neighbors
    assert taken <= T.AREAS["the_narrow_sea"].neighbors  # the base map keeps them
    assert m.areas["port_of_white_harbor"].port_sea == "the_bite"
    assert m.adjacent("the_bite", "white_harbor") and not m.adjacent("the_narrow_sea", "the_twins")
    assert T.adjacent("the_narrow_sea", "the_twins") and not T.adjacent("the_bite", "the_twins")


def test_x_mod_3_3_essos_touches_westeros_only_by_sea() -> None:
    essos, westeros = T.MAPS["mod_essos"], T.MAPS["mod_westeros"]
    new = set(essos.areas) - set(westeros.areas)
    assert len(new) == 14 and new >= ESSOS_SEAS
    assert essos.homes["pentos"] == "targaryen"
    crossings = {(a, n) for a in new for n in essos.areas[a].neighbors if n in westeros.areas}
    assert crossings == {
        ("braavosian_coastlands", "the_shivering_sea"),
        ("braavosian_coastlands", "the_narrow_sea"),
        ("bay_of_pentos", "the_narrow_sea"),
        ("bay_of_pentos", "shipbreaker_bay"),
        ("sea_of_myrth", "shipbreaker_bay"),
        ("sea_of_myrth", "east_summer_sea"),
        ("the_orange_shore", "east_summer_sea"),
    }
    for a in westeros.areas:  # Westeros itself is the same board
        assert westeros.areas[a].neighbors == essos.areas[a].neighbors - new


# -- the 7-house set-up (X-MOD-2) -----------------------------------------------------------------


def test_x_mod_2_the_seven_house_set_up() -> None:
    g = new_state(MOD, 3)
    assert g.is_mod() and g.houses == HOUSES and sorted(g.seat_houses) == sorted(HOUSES)
    assert g.vassals == () and g.map is T.MAPS["mod_westeros"] and g.areas is g.map.areas
    assert g.tracks == {  # X-MOD-2.1
        "iron_throne": ("baratheon", "lannister", "stark", "martell", "greyjoy", "tyrell", "arryn"),
        "fiefdoms": ("greyjoy", "tyrell", "martell", "arryn", "stark", "baratheon", "lannister"),
        "kings_court": ("lannister", "stark", "martell", "tyrell", "arryn", "baratheon", "greyjoy"),
    }
    assert [g.stars(h) for h in g.tracks["kings_court"]] == [3, 3, 2, 1, 0, 0, 0]  # X-MOD-2.2
    assert g.power == dict.fromkeys(HOUSES, 5)  # X-MOD-2.5
    assert g.garrisons == {  # X-MOD-2.6, X-MOD-Q11
        "winterfell": 2,
        "pyke": 2,
        "lannisport": 2,
        "dragonstone": 2,
        "highgarden": 2,
        "sunspear": 2,
        "the_eyrie": 4,
    }
    assert g.garrison_owner("the_eyrie") == "arryn" and g.homes["the_eyrie"] == "arryn"
    assert g.neutral == {"kings_landing": 5} and not g.impassable  # X-MOD-2.7
    for house in HOUSES:  # X-MOD-2.4
        assert g.supply[house] == g.barrels(house)
        assert g.castles(house) == (2 if house in ("stark", "arryn") else 1)
        assert g.complies(house)
    assert g.controller("the_vale_of_arryn") == "arryn" and g.controller("the_eyrie") == "arryn"
    assert g.areas_of("arryn") == ["the_eyrie", "the_vale_of_arryn", "port_of_the_eyrie"]


def test_x_mod_2_3_base_houses_start_as_in_the_base_game_and_arryn_in_the_vale() -> None:
    g = new_state(MOD, 3)
    base = new_state({"players": 6}, 3)
    for house in T.HOUSES:
        assert Counter(g.units_of(house)) == Counter(base.units_of(house))
    arryn = Counter((a, u.kind) for a, u in g.units_of("arryn"))
    assert arryn == {
        ("the_eyrie", "knight"): 2,
        ("port_of_the_eyrie", "ship"): 1,
        ("the_vale_of_arryn", "knight"): 1,
    }


def test_x_mod_2_mod_games_play_the_mod_deck() -> None:
    config = validate_config(MOD)
    assert config["house_cards"] == "mod" and set(HOUSES) <= set(T.HOUSE_CARD_DECKS["mod"])
    g = new_state(MOD, 1)
    assert all(len(g.hands[h]) == 7 for h in HOUSES)
    with pytest.raises(ConfigError, match="own house cards"):
        validate_config({**MOD, "house_cards": "base"})


# -- the config (X-MOD-1.4, X-MOD-13.1) -----------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_x_mod_13_1_three_to_seven_players(players: int) -> None:
    config = validate_config({"scenario": "mod", "players": players})
    assert config["sea_orders"] is True and config["gifting"] is True  # X-MOD-1.4
    g = new_state(config, players)
    assert len(g.seat_houses) == players and len(g.vassals) == 7 - players
    assert set(g.seat_houses) | set(g.vassals) == set(HOUSES)
    assert g.vassals == tuple(h for h in HOUSES if h in g.vassals)  # house order


def test_x_mod_10_1_the_vassals_follow_from_the_seats_houses_or_are_given() -> None:
    seats = ["arryn", "stark", "tyrell", "martell"]
    config = validate_config({**MOD, "players": 4, "houses": seats})
    assert config["vassals"] == ["lannister", "baratheon", "greyjoy"]
    g = new_state(config, 1)
    assert list(g.seat_houses) == seats and g.vassals == ("lannister", "baratheon", "greyjoy")
    given = {**MOD, "players": 5, "vassals": ["tyrell", "stark"]}
    assert validate_config(given)["vassals"] == ["stark", "tyrell"]  # house order
    g = new_state(given, 2)
    assert g.vassals == ("stark", "tyrell") and sorted(g.seat_houses) == sorted(
        set(HOUSES) - {"stark", "tyrell"}
    )
    assert validate_config({**MOD, "players": 4})["vassals"] is None  # drawn at set-up
    assert validate_config(MOD)["vassals"] == []  # 7 players: every house has a seat
    draws = {new_state({**MOD, "players": 4}, seed).vassals for seed in range(8)}
    assert len(draws) > 1
    assert (
        new_state({**MOD, "players": 4}, 5).vassals == new_state({**MOD, "players": 4}, 5).vassals
    )


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"players": 2}, "players must be 3, 4, 5, 6 or 7, not 2"),
        ({"players": 8}, "players must be 3, 4, 5, 6 or 7, not 8"),
        ({"players": 4, "houses": ["stark", "lannister", "baratheon"]}, "houses must list 4"),
        ({"players": 3, "houses": ["stark", "stark", "arryn"]}, "houses must list 3"),
        ({"players": 3, "houses": ["stark", "targaryen", "arryn"]}, "houses must list 3"),
        ({"players": 5, "vassals": ["stark"]}, "vassals must list 2 different houses"),
        ({"players": 6, "vassals": "stark"}, "vassals must list 1 different house"),
        (
            {"players": 6, "houses": list(HOUSES[:6]), "vassals": ["stark"]},
            "vassals must be the houses no seat plays \\(arryn\\)",
        ),
        ({"sea_orders": "yes"}, "sea_orders must be true or false"),
        ({"gifting": 1}, "gifting must be true or false"),
        ({"house_cards": "adwd"}, "own house cards"),
    ],
)
def test_x_mod_13_1_bad_mod_configs_are_clear_errors(config: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        INFO.check_config({**MOD, **config})


ESSOS: dict[str, Any] = {"scenario": "mod", "players": 4, "essos": True}


@pytest.mark.parametrize(
    ("base", "key"),
    [
        (MOD, "houses"),
        (MOD | {"players": 3}, "vassals"),
        (ESSOS, "houses"),
        (ESSOS, "targaryen_deck"),
        (MOD, "essos"),
        (MOD, "sea_orders"),
        (MOD, "gifting"),
        (ESSOS, "iron_bank"),
        (ESSOS, "starting_power"),
        (MOD | {"players": 3}, "vassal_bots"),
    ],
)
@pytest.mark.parametrize(
    "value",
    [[[1], [2], [3], [4]], [{"a": 1}] * 4, {"a": 1}, "x" * 60_000],
    ids=["lists", "objects", "object", "huge"],
)
def test_x_mod_1_hostile_mod_settings_are_named_and_shown_shortened(
    base: dict[str, Any], key: str, value: Any
) -> None:
    """X-MOD-1, X-MOD-13.1: lists of lists, objects, a 60 KB string for a MoD setting: a
    ConfigError that names the key in a sentence (no Python message, no value echoed whole)."""
    with pytest.raises(ConfigError) as refused:
        INFO.check_config({**base, key: value})
    message = str(refused.value)
    assert message.startswith(key) and "unhashable" not in message, message
    assert len(message) < 400, len(message)


@pytest.mark.parametrize("key", ["vassals", "sea_orders", "gifting"])
@pytest.mark.parametrize("scenario", ["base", "adwd", "affc"])
def test_x_mod_1_other_scenarios_refuse_the_mod_settings(key: str, scenario: str) -> None:
    players = {"base": 5, "adwd": 6, "affc": 4}[scenario]
    with pytest.raises(ConfigError, match=f"{key} is a setting of scenario 'mod' only"):
        validate_config({"scenario": scenario, "players": players, key: True})


@pytest.mark.parametrize(
    "config",
    [{"players": 5}, {"players": 6, "scenario": "adwd"}, {"players": 4, "scenario": "affc"}],
)
def test_other_games_keep_their_config_map_and_state(config: dict[str, Any]) -> None:
    """Byte-identity of base, ADwD and AFfC games: no MoD key in the config, the base map, no
    vassal in the snapshot."""
    assert not set(validate_config(config)) & set(mod.KEYS)
    g = new_state(config, 9)
    assert g.map is T.MAPS["base"] and g.areas is T.MAPS["base"].areas and not g.is_mod()
    assert "map" not in vars(g) and not {"vassals", "commanders"} & set(g.snapshot())


# -- the vassals' set-up (X-MOD-10.2) -------------------------------------------------------------


def test_x_mod_10_2_vassals_start_from_their_vassal_cards() -> None:
    g = new_state({**MOD, "players": 4, "houses": ["stark", "lannister", "greyjoy", "tyrell"]}, 1)
    assert g.vassals == ("baratheon", "martell", "arryn")
    baratheon = Counter((a, u.kind) for a, u in g.units_of("baratheon"))
    assert baratheon == {  # the card printed in the rulebook
        ("blackwater_bay", "ship"): 1,
        ("shipbreaker_bay", "ship"): 2,
        ("dragonstone", "knight"): 2,
        ("kingswood", "footman"): 1,
        ("storms_end", "footman"): 1,
    }
    for vassal in g.vassals:
        units = Counter((a, u.kind) for a, u in g.units_of(vassal))
        card = Counter(T.SCENARIOS["mod"].vassal_units[vassal])
        assert units == card
        assert g.power[vassal] == 0 and g.power_tokens_of(vassal) == []  # no power tokens
        assert g.supply[vassal] == 4  # X-MOD-Q4
        assert g.hands[vassal] == () and g.discards[vassal] == ()  # X-MOD-10.7
    assert g.garrisons["dragonstone"] == 2 and g.garrisons["the_eyrie"] == 4  # kept
    assert g.units_of("stark") == new_state(MOD, 1).units_of("stark")  # players as usual
    assert g.power["stark"] == 5 and g.supply["stark"] == 1


def test_x_mod_10_2_vassals_leave_the_top_three_spaces_of_a_track() -> None:
    """X-MOD-Q4: a vassal in a top-3 space moves all vassals to the bottom, in their order;
    a track without one keeps its order."""
    g = new_state({**MOD, "players": 4, "houses": ["stark", "greyjoy", "tyrell", "arryn"]}, 1)
    assert g.vassals == ("lannister", "baratheon", "martell")
    assert g.tracks == {
        "iron_throne": ("stark", "greyjoy", "tyrell", "arryn", "baratheon", "lannister", "martell"),
        # the top 3 (greyjoy, tyrell, martell) hold a vassal: all three vassals go down
        "fiefdoms": ("greyjoy", "tyrell", "arryn", "stark", "martell", "baratheon", "lannister"),
        "kings_court": ("stark", "tyrell", "arryn", "greyjoy", "lannister", "martell", "baratheon"),
    }
    order = ("a", "b", "c", "d", "e")
    assert mod.vassals_to_bottom(order, ("d", "e")) == order
    assert mod.vassals_to_bottom(order, ("c", "e")) == ("a", "b", "d", "c", "e")
    assert mod.vassals_to_bottom(order, ()) == order
    assert [g.position("kings_court", h) for h in ("stark", "tyrell")] == [1, 2]
    assert g.stars("stark") == 3 and g.stars("lannister") == 0
