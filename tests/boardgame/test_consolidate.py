"""Consolidate Power orders (R6.6, R8.6, D22; FAQ F46)."""

from __future__ import annotations

import pytest

from tests.boardgame.driver import (
    assert_illegal,
    choices,
    decide,
    events_of,
    log_lines,
    pending,
    pending_kinds,
    play,
)
from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame.builder import Scenario
from westeros.boardgame.consolidate import ResolveConsolidate


def one_order(area: str, token: str, kind: str = "footman", power: int = 5) -> Scenario:
    return (
        Scenario(players=4)
        .empty()
        .units(area, "stark", kind)
        .order(area, token)
        .power("stark", power)
    )


@pytest.mark.parametrize(
    ("area", "gain"),
    [
        ("winterfell", 2),  # stronghold with 1 crown: 1 + 1
        ("karhold", 2),  # 1 crown, no castle
        ("the_stony_shore", 1),  # no crown: 1
        ("kings_landing", 3),  # 2 crowns
    ],
)
def test_r6_6_1_land_gives_one_plus_crowns(area: str, gain: int) -> None:
    g = one_order(area, "consolidate").start(ResolveConsolidate("stark"))
    assert choices(g, D.CONSOLIDATE, "stark") == (area,)
    decide(g, D.CONSOLIDATE, area)
    assert g.power["stark"] == 5 + gain
    assert area not in g.orders
    assert g.pending() == []
    (event,) = events_of(g, E.CONSOLIDATE.name)
    assert event.fields == {
        "house": "stark",
        "area": area,
        "token": "consolidate",
        "gain": gain,
        "gained": gain,
    }


def test_r6_6_1_sea_gives_nothing() -> None:
    g = one_order("bay_of_ice", "consolidate", "ship").start(ResolveConsolidate("stark"))
    play(g, "bay_of_ice")
    assert g.power["stark"] == 5
    assert g.orders == {}


def test_r8_6_port_gives_one_when_its_sea_has_no_enemy_ship() -> None:
    g = one_order("port_of_winterfell", "consolidate", "ship").start(ResolveConsolidate("stark"))
    play(g, "port_of_winterfell")
    assert g.power["stark"] == 6


def test_r8_6_port_own_ships_in_its_sea_do_not_block() -> None:
    g = (
        one_order("port_of_winterfell", "consolidate", "ship")
        .units("bay_of_ice", "stark", "ship")
        .start(ResolveConsolidate("stark"))
    )
    play(g, "port_of_winterfell")
    assert g.power["stark"] == 6


def test_r8_6_port_gives_nothing_with_enemy_ships_in_its_sea() -> None:
    g = (
        one_order("port_of_winterfell", "consolidate", "ship")
        .units("bay_of_ice", "greyjoy", "ship")
        .start(ResolveConsolidate("stark"))
    )
    play(g, "port_of_winterfell")
    assert g.power["stark"] == 5
    assert g.orders == {}


def test_r1_6_2_gain_limited_by_the_pool() -> None:
    g = one_order("winterfell", "consolidate", power=19).start(ResolveConsolidate("stark"))
    play(g, "winterfell")
    assert g.power["stark"] == 20
    assert g.power_in_pool("stark") == 0
    assert events_of(g, E.CONSOLIDATE.name)[0]["gained"] == 1
    assert "Stark resolves Consolidate Power in Winterfell: +1 power of 2 (the Pool is short)" in (
        log_lines(g)
    )


def test_d22_choice_among_several_orders_in_map_order() -> None:
    g = (
        one_order("the_stony_shore", "consolidate")
        .units("winterfell", "stark", "footman")
        .order("winterfell", "consolidate*")
        .units("bay_of_ice", "stark", "ship")
        .order("bay_of_ice", "consolidate")
        .units("castle_black", "stark", "footman")
        .order("castle_black", "support+0")
        .start(ResolveConsolidate("stark"))
    )
    assert choices(g, D.CONSOLIDATE) == ("winterfell", "the_stony_shore", "bay_of_ice")
    decide(g, D.CONSOLIDATE, "the_stony_shore")
    assert g.power["stark"] == 6
    assert set(g.orders) == {"winterfell", "bay_of_ice", "castle_black"}
    assert g.pending() == []  # one order per turn (R6.2)


def test_r6_6_3_special_in_castle_area_asks_power_or_muster_then_power() -> None:
    g = one_order("winterfell", "consolidate*").start(ResolveConsolidate("stark"))
    play(g, "winterfell")
    assert choices(g, D.CONSOLIDATE_SPECIAL, "stark") == ("power", "muster")
    decide(g, D.CONSOLIDATE_SPECIAL, "power")
    assert g.power["stark"] == 7
    assert g.orders == {}
    assert g.pending() == []


def test_r6_6_3_special_muster_instead_of_power() -> None:
    from westeros.boardgame.mustering import Muster

    g = one_order("winterfell", "consolidate*").start(ResolveConsolidate("stark"))
    play(g, "winterfell", "muster")
    assert g.power["stark"] == 5  # no power gained
    assert "winterfell" not in g.orders
    top = g.stack[-1]
    assert isinstance(top, Muster)
    assert top.house == "stark" and top.areas == ("winterfell",)
    assert pending_kinds(g) == [D.MUSTER.name]
    assert pending(g, D.MUSTER).seat == g.seat_of("stark")
    (event,) = events_of(g, E.CONSOLIDATE_MUSTER.name)
    assert event.fields == {"house": "stark", "area": "winterfell"}


@pytest.mark.parametrize(
    ("area", "kind", "gain"),
    [
        ("karhold", "footman", 2),  # land without castle (FAQ F46)
        ("the_stony_shore", "footman", 1),
        ("port_of_winterfell", "ship", 1),  # R8.6 never musters from a port
        ("bay_of_ice", "ship", 0),
    ],
)
def test_f46_special_without_castle_just_gains_power(area: str, kind: str, gain: int) -> None:
    g = one_order(area, "consolidate*", kind).start(ResolveConsolidate("stark"))
    play(g, area)
    assert g.pending() == []
    assert g.power["stark"] == 5 + gain
    assert g.orders == {}


@pytest.mark.parametrize(
    ("seat_house", "choice"),
    [
        ("stark", "castle_black"),  # a Support order
        ("stark", "karhold"),  # an area without a Stark order
        ("stark", "power"),
        ("stark", 0),
        ("lannister", "winterfell"),  # not Lannister's decision
    ],
)
def test_d22_illegal_consolidate_choice_raises_and_changes_nothing(
    seat_house: str, choice: object
) -> None:
    g = (
        one_order("winterfell", "consolidate*")
        .units("castle_black", "stark", "footman")
        .order("castle_black", "support+0")
        .start(ResolveConsolidate("stark"))
    )
    g.pending()  # run the position up to its first decision
    assert_illegal(g, choice, seat=g.seat_of(seat_house))
    assert g.pending()[0].choices == ("winterfell",)


@pytest.mark.parametrize("choice", ["winterfell", "gain", "Muster", 1, "none"])
def test_d22_illegal_consolidate_special_choice_raises_and_changes_nothing(choice: object) -> None:
    g = one_order("winterfell", "consolidate*").start(ResolveConsolidate("stark"))
    play(g, "winterfell")
    assert_illegal(g, choice, kind=D.CONSOLIDATE_SPECIAL, house="stark")
    assert pending_kinds(g) == [D.CONSOLIDATE_SPECIAL.name]


def test_r6_2_consolidate_cycle_resolves_in_turn_order() -> None:
    """R6.2 cycle: Baratheon, Lannister, Stark, Greyjoy (4 players); one order per turn."""
    g = (
        one_order("winterfell", "consolidate")
        .units("the_stony_shore", "stark", "footman")
        .order("the_stony_shore", "consolidate")
        .units("lannisport", "lannister", "footman")
        .order("lannisport", "consolidate")
        .power("lannister", 5)
        .start_action("consolidate")
    )
    assert choices(g, D.CONSOLIDATE, "lannister") == ("lannisport",)
    decide(g, D.CONSOLIDATE, "lannisport")
    assert g.power["lannister"] == 6  # Lannisport: stronghold without crown
    assert choices(g, D.CONSOLIDATE, "stark") == ("winterfell", "the_stony_shore")
    decide(g, D.CONSOLIDATE, "the_stony_shore")
    assert choices(g, D.CONSOLIDATE, "stark") == ("winterfell",)
    decide(g, D.CONSOLIDATE, "winterfell")
    assert g.power["stark"] == 5 + 1 + 2
    assert g.orders == {}
    assert g.pending() == []


def test_r6_6_2_raided_order_is_gone_and_gives_nothing() -> None:
    g = (
        one_order("karhold", "consolidate")
        .units("winterfell", "lannister", "footman")
        .order("winterfell", "raid")
        .power("lannister", 5)
        .start_action("raid", through="consolidate")
    )
    play(g, "winterfell>karhold")
    assert g.power["stark"] == 4 and g.power["lannister"] == 6  # pillage (R6.3.4)
    assert g.pending() == []  # nothing left to consolidate
    assert g.orders == {}
