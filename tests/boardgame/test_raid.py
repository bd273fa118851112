"""Raid orders (R6.3, R8.4, D13; FAQ F43): legal targets, removal and pillage."""

from __future__ import annotations

import pytest

from tests.boardgame.driver import assert_illegal, choices, decide, events_of, log_lines, pending
from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame.builder import Scenario
from westeros.boardgame.raid import ResolveRaid


def winterfell_raid(token: str = "raid") -> Scenario:
    """Stark raids from Winterfell; the neighbours hold a mix of orders."""
    return (
        Scenario(players=4)
        .empty()
        .units("winterfell", "stark", "footman")
        .order("winterfell", token)
        .units("castle_black", "lannister", "footman")
        .order("castle_black", "consolidate")
        .units("karhold", "lannister", "footman")
        .order("karhold", "support+0")
        .units("the_stony_shore", "greyjoy", "footman")
        .order("the_stony_shore", "defense+1")
        .units("moat_cailin", "baratheon", "footman")
        .order("moat_cailin", "march+0")
        .units("white_harbor", "stark", "footman")
        .order("white_harbor", "support+0")
        .units("bay_of_ice", "greyjoy", "ship")
        .order("bay_of_ice", "support+0")
    )


def test_r6_3_1_land_raid_targets_enemy_support_raid_consolidate_only() -> None:
    """R6.3.1/R6.3.2: adjacent enemy Support/Consolidate on land; never March (Moat Cailin),
    never Defense with a regular Raid, never own orders, never sea areas from land."""
    g = winterfell_raid().start(ResolveRaid("stark"))
    assert pending(g, D.RAID, "stark").choices == (
        "winterfell>castle_black",
        "winterfell>karhold",
        "winterfell>none",
    )


def test_r6_3_1_special_raid_may_also_target_defense_never_march() -> None:
    g = winterfell_raid("raid*").start(ResolveRaid("stark"))
    assert choices(g, D.RAID) == (
        "winterfell>castle_black",
        "winterfell>karhold",
        "winterfell>the_stony_shore",
        "winterfell>none",
    )


def test_r6_3_1_a_raid_order_can_be_raided() -> None:
    g = (
        Scenario(players=4)
        .empty()
        .units("winterfell", "stark", "footman")
        .order("winterfell", "raid")
        .units("karhold", "lannister", "footman")
        .order("karhold", "raid*")
        .start(ResolveRaid("stark"))
    )
    decide(g, D.RAID, "winterfell>karhold", house="stark")
    assert g.orders == {}  # R6.3.3 both removed


def test_r6_3_2_sea_raid_reaches_land_sea_and_port() -> None:
    g = (
        Scenario(players=4)
        .empty()
        .units("shipbreaker_bay", "greyjoy", "ship")
        .order("shipbreaker_bay", "raid")
        .units("kingswood", "baratheon", "footman")
        .order("kingswood", "support+0")
        .units("the_narrow_sea", "stark", "ship")
        .order("the_narrow_sea", "consolidate")
        .units("port_of_dragonstone", "baratheon", "ship")
        .order("port_of_dragonstone", "raid")
        .units("dragonstone", "baratheon", "footman")
        .order("dragonstone", "march+1*")
        .units("storms_end", "baratheon", "footman")
        .order("storms_end", "defense+1")
        .units("blackwater_bay", "greyjoy", "ship")
        .order("blackwater_bay", "support+0")
        .start(ResolveRaid("greyjoy"))
    )
    assert pending(g, D.RAID, "greyjoy").choices == (
        "shipbreaker_bay>kingswood",
        "shipbreaker_bay>the_narrow_sea",
        "shipbreaker_bay>port_of_dragonstone",
        "shipbreaker_bay>none",
    )


def test_r6_3_2_r8_4_port_raids_only_its_sea_never_its_land() -> None:
    g = (
        Scenario(players=4)
        .empty()
        .units("port_of_dragonstone", "baratheon", "ship")
        .order("port_of_dragonstone", "raid*")
        .units("shipbreaker_bay", "greyjoy", "ship")
        .order("shipbreaker_bay", "support+0")
        .units("dragonstone", "greyjoy", "footman")  # artificial: an enemy order on its land
        .order("dragonstone", "defense+1")
        .start(ResolveRaid("baratheon"))
    )
    assert choices(g, D.RAID) == (
        "port_of_dragonstone>shipbreaker_bay",
        "port_of_dragonstone>none",
    )


def test_r6_3_2_r8_4_land_never_raids_a_port_or_sea() -> None:
    g = (
        Scenario(players=4)
        .empty()
        .units("dragonstone", "baratheon", "footman")
        .order("dragonstone", "raid*")
        .units("port_of_dragonstone", "greyjoy", "ship")  # artificial: enemy ships in the port
        .order("port_of_dragonstone", "support+0")
        .units("shipbreaker_bay", "greyjoy", "ship")
        .order("shipbreaker_bay", "consolidate")
        .start(ResolveRaid("baratheon"))
    )
    assert choices(g, D.RAID) == ("dragonstone>none",)


def test_r6_3_choices_cover_every_raid_order_of_the_house() -> None:
    g = (
        winterfell_raid()
        .units("the_shivering_sea", "stark", "ship")
        .order("the_shivering_sea", "raid*")
        .start(ResolveRaid("stark"))
    )
    assert choices(g, D.RAID) == (
        "winterfell>castle_black",
        "winterfell>karhold",
        "winterfell>none",
        "the_shivering_sea>castle_black",
        "the_shivering_sea>karhold",
        "the_shivering_sea>none",
    )
    decide(g, D.RAID, "the_shivering_sea>karhold", house="stark")
    assert "the_shivering_sea" not in g.orders and "karhold" not in g.orders
    assert g.orders["winterfell"].token == "raid"  # the other Raid order waits for its turn


def test_r6_3_3_remove_both_orders_no_pillage_on_support() -> None:
    g = winterfell_raid().power("stark", 3).power("lannister", 3).start(ResolveRaid("stark"))
    decide(g, D.RAID, "winterfell>karhold", house="stark")
    assert "winterfell" not in g.orders and "karhold" not in g.orders
    assert "castle_black" in g.orders
    assert g.power["stark"] == 3 and g.power["lannister"] == 3
    assert g.pending() == []


def test_r6_3_3_raid_without_target_is_removed_alone() -> None:
    g = winterfell_raid().start(ResolveRaid("stark"))
    before = dict(g.orders)
    decide(g, D.RAID, "winterfell>none", house="stark")
    del before["winterfell"]
    assert g.orders == before


def test_r6_3_3_no_legal_target_offers_only_none() -> None:
    g = (
        Scenario(players=4)
        .empty()
        .units("the_stony_shore", "stark", "footman")
        .order("the_stony_shore", "raid")
        .start(ResolveRaid("stark"))
    )
    assert choices(g, D.RAID) == ("the_stony_shore>none",)
    decide(g, D.RAID, "the_stony_shore>none")
    assert g.orders == {}
    (event,) = events_of(g, E.RAID_UNUSED.name)
    assert event.fields == {"house": "stark", "area": "the_stony_shore", "token": "raid"}
    assert "Stark removes its Raid in The Stony Shore" in log_lines(g)


def test_r6_3_4_pillage_consolidate_raider_gains_victim_discards() -> None:
    g = winterfell_raid().power("stark", 5).power("lannister", 3).start(ResolveRaid("stark"))
    decide(g, D.RAID, "winterfell>castle_black", house="stark")
    assert g.power["stark"] == 6 and g.power["lannister"] == 2
    assert "castle_black" not in g.orders and "winterfell" not in g.orders
    assert any("pillage" in line for line in log_lines(g))
    (raid,) = events_of(g, E.RAID.name)
    assert raid.fields == {
        "house": "stark",
        "area": "winterfell",
        "target": "castle_black",
        "victim": "lannister",
        "token": "consolidate",
    }
    (pillage,) = events_of(g, E.PILLAGE.name)
    assert pillage.fields == {"house": "stark", "victim": "lannister", "gained": 1, "paid": 1}


def test_r6_3_4_pillage_victim_without_power_raider_still_gains() -> None:
    g = winterfell_raid().power("stark", 5).power("lannister", 0).start(ResolveRaid("stark"))
    decide(g, D.RAID, "winterfell>castle_black", house="stark")
    assert g.power["stark"] == 6 and g.power["lannister"] == 0


def test_r6_3_4_pillage_raider_gains_only_what_its_pool_holds() -> None:
    """R1.6.2: gaining takes own tokens from the Pool; with none there, nothing is gained."""
    g = winterfell_raid().power("stark", 20).power("lannister", 2).start(ResolveRaid("stark"))
    decide(g, D.RAID, "winterfell>castle_black", house="stark")
    assert g.power["stark"] == 20 and g.power["lannister"] == 1


def test_f43_pillage_consolidate_at_sea() -> None:
    g = (
        Scenario(players=4)
        .empty()
        .units("the_shivering_sea", "stark", "ship")
        .order("the_shivering_sea", "raid")
        .units("the_narrow_sea", "greyjoy", "ship")
        .order("the_narrow_sea", "consolidate*")
        .power("stark", 1)
        .power("greyjoy", 4)
        .start(ResolveRaid("stark"))
    )
    assert choices(g, D.RAID) == ("the_shivering_sea>the_narrow_sea", "the_shivering_sea>none")
    decide(g, D.RAID, "the_shivering_sea>the_narrow_sea")
    assert g.power["stark"] == 2 and g.power["greyjoy"] == 3
    assert g.orders == {}


@pytest.mark.parametrize(
    ("seat_house", "choice"),
    [
        ("stark", "winterfell>moat_cailin"),  # R6.3.1 a March order
        ("stark", "winterfell>the_stony_shore"),  # Defense needs a Special Raid
        ("stark", "winterfell>white_harbor"),  # own order
        ("stark", "winterfell>bay_of_ice"),  # R6.3.2 sea from land
        ("stark", "karhold>winterfell"),  # not a Raid order of Stark
        ("stark", "winterfell"),
        ("stark", 3),
        ("lannister", "winterfell>none"),  # not Lannister's decision
    ],
)
def test_d13_illegal_raid_choice_raises_and_changes_nothing(
    seat_house: str, choice: object
) -> None:
    g = winterfell_raid().start(ResolveRaid("stark"))
    g.pending()  # run the position up to its first decision
    assert_illegal(g, choice, seat=g.seat_of(seat_house))
    assert choices(g, D.RAID) == (
        "winterfell>castle_black",
        "winterfell>karhold",
        "winterfell>none",
    )


def test_r6_2_raid_cycle_in_turn_order() -> None:
    """R6.2: houses resolve one Raid order each, in Iron Throne order, until none remain.
    4 players: Baratheon, Lannister, Stark, Greyjoy."""
    g = (
        Scenario(players=4)
        .empty()
        .units("winterfell", "stark", "footman")
        .order("winterfell", "raid")
        .units("karhold", "lannister", "footman")
        .order("karhold", "raid")
        .units("the_stony_shore", "stark", "footman")
        .order("the_stony_shore", "raid")
        .start_action("raid")
    )
    assert pending(g, D.RAID, "lannister").choices == ("karhold>winterfell", "karhold>none")
    decide(g, D.RAID, "karhold>winterfell")  # removes Stark's Winterfell raid too
    assert pending(g, D.RAID, "stark").choices == ("the_stony_shore>none",)
    decide(g, D.RAID, "the_stony_shore>none")
    assert g.orders == {}
    assert g.pending() == []
