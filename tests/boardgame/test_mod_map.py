"""The rules on the Mother of Dragons map (X-MOD-3): marches, ship transport, support, raids,
retreats, mustering, ports, supply, control and victory read the game's map, not the base one."""

from __future__ import annotations

import pickle

from westeros.boardgame import tables as T
from westeros.boardgame.builder import Scenario
from westeros.boardgame.combat import retreat_areas
from westeros.boardgame.geography import destinations, transport_targets
from westeros.boardgame.mustering import muster_options, ship_targets
from westeros.boardgame.ports import check_ports
from westeros.boardgame.raid import raid_reach
from westeros.boardgame.support import can_support
from westeros.boardgame.westeros_phase import power_income, trade_ports


def _mod() -> Scenario:
    return Scenario(players=7, scenario="mod").empty()


def _base() -> Scenario:
    return Scenario(players=6).empty()


def test_x_mod_3_2_ships_sail_the_bite() -> None:
    """R6.4.2 on the MoD map: The Narrow Sea leads to The Bite, not to The Twins' coast; a
    ship in The Bite reaches the Port of White Harbor when Stark holds White Harbor (R8.4)."""
    g = _mod().units("the_narrow_sea", "stark", "ship").units("white_harbor", "stark", "footman").g
    assert "the_bite" in destinations(g, "stark", "the_narrow_sea")
    assert "port_of_white_harbor" not in destinations(g, "stark", "the_narrow_sea")
    g.units["the_bite"] = g.units.pop("the_narrow_sea")
    assert "port_of_white_harbor" in destinations(g, "stark", "the_bite")
    base = (
        _base().units("the_narrow_sea", "stark", "ship").units("white_harbor", "stark", "footman")
    )
    assert "port_of_white_harbor" in destinations(base.g, "stark", "the_narrow_sea")


def test_x_mod_3_1_the_vale_of_arryn_is_a_land_area_next_to_the_eyrie() -> None:
    g = _mod().units("the_eyrie", "arryn", "knight").g
    assert destinations(g, "arryn", "the_eyrie") == [
        "the_mountains_of_the_moon",
        "the_vale_of_arryn",
    ]
    g.units["the_vale_of_arryn"] = g.units.pop("the_eyrie")
    assert set(destinations(g, "arryn", "the_vale_of_arryn")) == {
        "the_eyrie",
        "the_fingers",
        "the_mountains_of_the_moon",
    }


def test_r6_4_3_ship_transport_through_the_bite() -> None:
    """R6.4.3: ships in The Bite and The Narrow Sea carry a White Harbor footman to The Vale
    of Arryn; without the Narrow Sea ship only The Bite's coast is reached."""
    s = _mod().units("white_harbor", "stark", "footman").units("the_bite", "stark", "ship")
    g = s.g
    assert transport_targets(g, "stark", "white_harbor") == {
        "white_harbor",
        "widows_watch",
        "moat_cailin",
        "the_twins",
        "the_fingers",
    }
    s.units("the_narrow_sea", "stark", "ship")
    assert {"the_vale_of_arryn", "the_eyrie"} <= transport_targets(g, "stark", "white_harbor")


def test_r7_3_1_support_from_the_bite_and_the_port_of_the_eyrie() -> None:
    g = _mod().g
    assert can_support(g, "the_bite", "the_twins") and can_support(g, "the_bite", "the_fingers")
    assert not can_support(g, "the_narrow_sea", "the_twins")
    assert can_support(g, "port_of_the_eyrie", "the_narrow_sea")
    assert not can_support(g, "port_of_the_eyrie", "the_bite")
    assert can_support(g, "the_vale_of_arryn", "the_eyrie")
    assert can_support(_base().g, "the_narrow_sea", "the_twins")


def test_r6_3_2_raids_reach_the_new_areas() -> None:
    g = _mod().g
    assert raid_reach(g, "the_bite") == [
        "white_harbor",
        "widows_watch",
        "moat_cailin",
        "the_twins",
        "the_fingers",
        "the_narrow_sea",
        "port_of_white_harbor",
    ]
    assert raid_reach(g, "port_of_the_eyrie") == ["the_narrow_sea"]
    assert "the_vale_of_arryn" in raid_reach(g, "the_eyrie")


def test_r7_10_3_retreat_into_the_vale() -> None:
    """R7.10.3 on the MoD map: land units into The Vale of Arryn; ships from The Narrow Sea to
    The Bite or into the Port of the Eyrie (F40), not to the Port of White Harbor."""
    g = _mod().units("the_eyrie", "arryn", "knight").g
    out = retreat_areas(g, "arryn", "the_eyrie", False, "the_mountains_of_the_moon")
    assert out == ["the_vale_of_arryn"]
    ships = retreat_areas(g, "arryn", "the_narrow_sea", True, None)
    assert {"the_bite", "port_of_the_eyrie"} <= set(ships)


def test_r3_6_mustering_in_the_eyrie_stronghold_and_its_port() -> None:
    """R3.6.2: The Eyrie is a stronghold in MoD (2 points; a siege engine costs 2); R3.6.4 a
    ship mustered there goes to its port or The Narrow Sea."""
    g = _mod().units("the_eyrie", "arryn", "footman").g
    assert g.areas["the_eyrie"].mustering_points == 2
    assert "siege_engine" in muster_options(g, "arryn", "the_eyrie", 2)
    assert ship_targets(g, "arryn", "the_eyrie") == ["port_of_the_eyrie", "the_narrow_sea"]
    g.units["white_harbor"] = g.units.pop("the_eyrie")
    harbor = ship_targets(g, "arryn", "white_harbor")  # The Bite, no longer The Narrow Sea
    assert harbor == ["port_of_white_harbor", "the_shivering_sea", "the_bite"]


def test_r8_5_ships_in_the_port_of_the_eyrie_follow_its_land() -> None:
    """R8.5 / F39: the Port of the Eyrie is a port like the others: its ships go when nobody
    controls The Eyrie any more."""
    s = Scenario(players=7, scenario="mod").empty(garrisons=False)
    s.units("port_of_the_eyrie", "arryn", "ship")
    g = s.g
    g.homes = {a: h for a, h in g.homes.items() if a != "the_eyrie"}  # no home emblem left
    check_ports(g)
    assert "port_of_the_eyrie" not in g.units


def test_r8_6_trade_through_the_port_of_the_eyrie() -> None:
    """R8.6, R3.8.1: crowns of the game's areas (The Vale of Arryn 1) and its trading ports."""
    s = (
        _mod()
        .units("port_of_the_eyrie", "arryn", "ship")
        .units("the_vale_of_arryn", "arryn", "footman")
    )
    g = s.g
    assert trade_ports(g, "arryn") == ["port_of_the_eyrie"]
    assert power_income(g, "arryn") == 1 + 1 + 1  # The Eyrie, The Vale, the port


def test_r9_1_castles_and_supply_on_the_mod_map() -> None:
    g = _mod().units("the_vale_of_arryn", "stark", "footman").g
    assert g.castles("stark") == 1 + 1 and g.castles("arryn") == 1  # Winterfell, the Vale
    assert g.land_areas_controlled("arryn") == 1 and g.barrels("arryn") == 1
    assert "the_vale_of_arryn" in g.controlled_areas("stark")
    assert g.view(None)["houses"]["stark"]["victory"] == 2


def test_x_mod_3_the_view_and_the_bots_know_the_map_and_games_pickle() -> None:
    from westeros.bots.heuristic.board import Board

    g = _mod().units("the_eyrie", "arryn", "knight").g
    view = g.view(g.seat_of("arryn"))
    assert view["map"] == "mod_westeros" and _base().g.view(None)["map"] == "base"
    board = Board(view)
    assert "the_vale_of_arryn" in board.reach("the_eyrie")
    assert board.value("the_eyrie") > board.value("the_fingers")
    again = pickle.loads(pickle.dumps(g))
    assert again.map is T.MAPS["mod_westeros"] and again.state_hash() == g.state_hash()
    assert g.clone().map is g.map


def test_r1_14_a_determinized_mod_game_keeps_its_map_and_plays_on() -> None:
    """R1.14: a search bot's sample of a MoD game is on the MoD board and runs to its end."""
    from westeros.bots import RandomBot
    from westeros.engine import new_game

    g = new_game("boardgame", {"scenario": "mod", "players": 7}, 5)
    seat = g.pending()[0].seat
    sample = g.determinize(seat, 11)
    assert sample.map is T.MAPS["mod_westeros"] and sample.units == g.units
    bot = RandomBot(3)
    while sample.pending():
        d = sample.pending()[0]
        sample.apply(d.seat, bot.choose(sample.view(d.seat), d))
    assert sample.outcome() is not None and g.round == 1
