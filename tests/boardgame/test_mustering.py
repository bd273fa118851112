"""Mustering (R3.6, R8.3, D6; FAQ F41, F46)."""

from __future__ import annotations

import pytest

from tests.boardgame.driver import assert_illegal, events_of, log_lines, only, play, units_in
from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame.builder import Scenario
from westeros.boardgame.mustering import Muster, MusteringRound, muster_options
from westeros.boardgame.state import BoardGame, Unit

SHIPS_WF = ("ship>port_of_winterfell", "ship>bay_of_ice", "ship>the_shivering_sea")


def names(g: BoardGame) -> list[str]:
    return [str(c) for c in only(g).choices]


def stark(s: Scenario | None = None) -> Scenario:
    return s or Scenario(players=4).empty()


# --- points (R3.6.2) --------------------------------------------------------------------------


def test_r3_6_2_stronghold_gives_two_points_without_units() -> None:
    """Winterfell (stronghold, home emblem, no units): 2 points, every purchase offered."""
    g = stark().start(Muster("stark", ("winterfell",)))
    d = only(g)
    assert d.kind == D.MUSTER.name and d.seat == g.seat_of("stark")
    assert "Winterfell" in d.prompt and "2 points" in d.prompt
    assert d.choices == ("footman", "knight", "siege_engine", *SHIPS_WF, "done")
    play(g, "knight")
    assert units_in(g, "winterfell") == ["knight"]
    assert g.pending() == []  # no points left
    assert any("musters a knight in Winterfell" in line for line in log_lines(g))


def test_r3_6_2_castle_gives_one_point_via_power_token() -> None:
    """White Harbor (castle) controlled by a power token only: 1 point, no 2-point units."""
    g = stark().token("white_harbor", "stark").start(Muster("stark", ("white_harbor",)))
    d = only(g)
    assert "1 point" in d.prompt
    assert d.choices == (
        "footman",
        "ship>port_of_white_harbor",
        "ship>the_narrow_sea",
        "ship>the_shivering_sea",
        "done",
    )
    assert_illegal(g, "knight")
    play(g, "footman")
    assert units_in(g, "white_harbor") == ["footman"]
    assert g.power_tokens["white_harbor"] == "stark"
    assert g.pending() == []


def test_r3_6_2_two_footmen_in_a_stronghold() -> None:
    g = stark().start(Muster("stark", ("winterfell",)))
    play(g, "footman")
    assert "1 point" in only(g).prompt
    play(g, "footman")
    assert units_in(g, "winterfell") == ["footman", "footman"]
    assert g.pending() == []


def test_r3_6_2_unspent_points_are_lost() -> None:
    g = stark().start(Muster("stark", ("winterfell",)))
    play(g, "done")
    assert "winterfell" not in g.units
    assert g.pending() == []
    assert any("2 points lost" in line for line in log_lines(g))


@pytest.mark.parametrize(
    ("area", "why"),
    [
        ("karhold", "no castle or stronghold"),
        ("lannisport", "controlled by Lannister"),
        ("white_harbor", "uncontrolled"),
    ],
)
def test_r3_6_2_only_own_castle_areas_muster(area: str, why: str) -> None:
    g = stark().token("karhold", "stark").start(Muster("stark", (area,)))
    assert g.pending() == [], why
    assert area not in g.units
    assert any("cannot muster" in line for line in log_lines(g))


def test_f46_special_consolidate_power_area_without_castle_cannot_muster() -> None:
    assert muster_options(stark().g, "stark", "karhold", 2) == []


def test_r1_1_4_impassable_area_never_musters() -> None:
    """3 players: Storm's End is impassable; even a (contrived) token gives no mustering."""
    s = Scenario(players=3).empty().token("storms_end", "baratheon")
    g = s.start(Muster("baratheon", ("storms_end",)))
    assert g.pending() == []
    assert "storms_end" not in g.units


def test_r1_1_4_unusable_port_and_impassable_land_never_offered() -> None:
    """3 players: Dragonstone's sea neighbour is fine, but no impassable area is ever a target."""
    g = Scenario(players=3).empty().start(Muster("baratheon", ("dragonstone",)))
    choices = only(g).choices
    assert choices == (
        "footman",
        "knight",
        "siege_engine",
        "ship>port_of_dragonstone",
        "ship>shipbreaker_bay",
        "done",
    )
    assert not any(c.endswith(a) for c in names(g) for a in g.impassable)


# --- upgrades (R3.6.3) ------------------------------------------------------------------------


def test_r3_6_3_upgrade_a_footman_costs_one() -> None:
    g = stark().units("winterfell", "stark", "footman").start(Muster("stark", ("winterfell",)))
    d = only(g)
    assert "upgrade_knight" in d.choices and "upgrade_siege_engine" in d.choices
    play(g, "upgrade_knight")
    assert units_in(g, "winterfell") == ["knight"]
    assert g.pool_left("stark", "footman") == 10  # the footman returned to the pool
    d = only(g)
    assert "1 point" in d.prompt
    assert "upgrade_knight" not in d.choices  # no footman left there
    play(g, "footman")
    assert units_in(g, "winterfell") == ["footman", "knight"]


def test_r3_6_3_upgrade_needs_a_footman_in_that_area() -> None:
    g = stark().units("karhold", "stark", "footman").start(Muster("stark", ("winterfell",)))
    assert "upgrade_knight" not in only(g).choices
    assert_illegal(g, "upgrade_knight")


def test_r3_6_3_upgrade_keeps_routed_state() -> None:
    s = stark().units("winterfell", "stark", "footman", routed=True)
    g = s.start(Muster("stark", ("winterfell",)))
    play(g, "upgrade_siege_engine")
    assert g.units["winterfell"][0] == Unit("stark", "siege_engine", True)


def test_r3_6_5_upgrade_allowed_when_supply_is_full() -> None:
    """Upgrades never change army sizes; new units would break supply 0 (2,2)."""
    s = (
        stark()
        .supply("stark", 0)
        .units("winterfell", "stark", "footman", "footman")
        .units("karhold", "stark", "footman", "footman")
    )
    g = s.start(Muster("stark", ("winterfell",)))
    choices = only(g).choices
    assert "footman" not in choices and "knight" not in choices and "siege_engine" not in choices
    assert "upgrade_knight" in choices and "upgrade_siege_engine" in choices


# --- pools (R1.4.2, R3.6.5) -------------------------------------------------------------------


def test_r1_4_2_no_purchase_beyond_the_pool() -> None:
    s = stark().units("karhold", "stark", "knight").units("castle_black", "stark", "knight")
    s.units("the_stony_shore", "stark", "knight").units("widows_watch", "stark", "knight")
    s.units("moat_cailin", "stark", "knight", "siege_engine")
    s.units("greywater_watch", "stark", "siege_engine")
    s.units("winterfell", "stark", "footman")
    s.supply("stark", 6)
    g = s.start(Muster("stark", ("winterfell",)))
    d = only(g)
    for banned in ("knight", "siege_engine", "upgrade_knight", "upgrade_siege_engine"):
        assert banned not in d.choices
    assert_illegal(g, "knight")
    assert "footman" in d.choices


def test_r1_4_2_no_ship_when_the_pool_is_empty() -> None:
    s = stark()
    for sea in ("bay_of_ice", "the_shivering_sea", "the_narrow_sea", "sunset_sea"):
        s.units(sea, "stark", "ship")
    s.units("port_of_white_harbor", "stark", "ship", "ship").token("white_harbor", "stark")
    g = s.start(Muster("stark", ("winterfell",)))
    assert not any(c.startswith("ship>") for c in names(g))


def test_r1_4_2_pool_counts_purchases_made_earlier_in_the_same_muster() -> None:
    s = stark().supply("stark", 6)
    for area in ("karhold", "castle_black", "the_stony_shore", "widows_watch"):
        s.units(area, "stark", "knight")
    g = s.start(Muster("stark", ("winterfell",)))
    play(g, "footman")
    play(g, "upgrade_knight")  # the fifth knight
    assert g.pool_left("stark", "knight") == 0
    assert g.pending() == []


# --- supply (R1.5.4, R3.6.5) ------------------------------------------------------------------


def test_r1_5_4_muster_never_breaks_supply() -> None:
    """Supply 0 allows two armies of 2: a third army (or a 3-army) is refused."""
    s = (
        stark()
        .supply("stark", 0)
        .units("winterfell", "stark", "footman")
        .units("karhold", "stark", "footman", "footman")
        .units("castle_black", "stark", "footman", "footman")
    )
    g = s.start(Muster("stark", ("winterfell",)))
    d = only(g)
    assert "footman" not in d.choices and "knight" not in d.choices
    assert_illegal(g, "footman")
    # a lone ship is never an army (R1.5.1)
    assert "ship>bay_of_ice" in d.choices


def test_r1_5_4_second_unit_allowed_when_supply_allows_the_army() -> None:
    s = stark().supply("stark", 1).units("karhold", "stark", "footman", "footman")
    g = s.start(Muster("stark", ("winterfell",)))
    play(g, "footman")
    assert "footman" in only(g).choices  # (3,2) allows a second 2-army
    play(g, "footman")
    assert units_in(g, "winterfell") == ["footman", "footman"]


def test_r1_5_4_ships_count_as_armies_at_sea() -> None:
    s = (
        stark()
        .supply("stark", 0)
        .units("bay_of_ice", "stark", "ship")
        .units("karhold", "stark", "footman", "footman")
        .units("castle_black", "stark", "footman", "footman")
    )
    g = s.start(Muster("stark", ("winterfell",)))
    choices = only(g).choices
    assert "ship>bay_of_ice" not in choices  # would form a third army
    assert "ship>the_shivering_sea" in choices


# --- ships (R3.6.4, R8.2, R8.3, F41) ----------------------------------------------------------


def test_r8_2_port_holds_at_most_three_ships() -> None:
    s = stark().supply("stark", 6).units("port_of_winterfell", "stark", "ship", "ship", "ship")
    g = s.start(Muster("stark", ("winterfell",)))
    choices = only(g).choices
    assert "ship>port_of_winterfell" not in choices
    assert_illegal(g, "ship>port_of_winterfell")
    assert "ship>bay_of_ice" in choices


def test_r8_2_third_ship_in_port_allowed() -> None:
    s = stark().supply("stark", 1).units("port_of_winterfell", "stark", "ship", "ship")
    g = s.start(Muster("stark", ("winterfell",)))
    play(g, "ship>port_of_winterfell")
    assert len(g.units["port_of_winterfell"]) == 3
    assert "ship>port_of_winterfell" not in only(g).choices


def test_f41_ships_split_between_port_and_sea() -> None:
    g = stark().start(Muster("stark", ("winterfell",)))
    play(g, "ship>port_of_winterfell", "ship>bay_of_ice")
    assert units_in(g, "port_of_winterfell") == ["ship"]
    assert units_in(g, "bay_of_ice") == ["ship"]
    assert g.pending() == []
    assert any("musters a ship in Port of Winterfell" in line for line in log_lines(g))


def test_r3_6_4_enemy_ship_sea_excluded_but_port_still_allowed() -> None:
    """R3.6.4 / R8.3: enemy ships in Bay of Ice bar that sea, not Winterfell's port."""
    g = stark().units("bay_of_ice", "greyjoy", "ship").start(Muster("stark", ("winterfell",)))
    choices = only(g).choices
    assert "ship>bay_of_ice" not in choices
    assert "ship>port_of_winterfell" in choices
    assert "ship>the_shivering_sea" in choices
    assert_illegal(g, "ship>bay_of_ice")
    play(g, "ship>port_of_winterfell", "done")
    assert units_in(g, "port_of_winterfell") == ["ship"]


def test_r3_6_4_own_ships_in_sea_do_not_bar_it() -> None:
    s = stark().supply("stark", 1).units("bay_of_ice", "stark", "ship")
    g = s.start(Muster("stark", ("winterfell",)))
    play(g, "ship>bay_of_ice")
    assert units_in(g, "bay_of_ice") == ["ship", "ship"]


def test_r3_6_4_enemy_ships_in_the_only_sea_leave_the_port() -> None:
    """Pyke's only sea is Ironman's Bay: with enemy ships there, only its port remains."""
    s = Scenario(players=4).empty().units("ironmans_bay", "stark", "ship")
    g = s.start(Muster("greyjoy", ("pyke",)))
    ships = [c for c in names(g) if c.startswith("ship>")]
    assert ships == ["ship>port_of_pyke"]


def test_r3_6_4_land_units_never_go_to_sea() -> None:
    g = stark().start(Muster("stark", ("winterfell",)))
    land = [c for c in names(g) if not c.startswith("ship>")]
    assert land == ["footman", "knight", "siege_engine", "done"]
    play(g, "footman", "footman")
    assert set(g.units) == {"winterfell"}


# --- several areas, "later" (R3.6.1, R1.4.2) ---------------------------------------------------


def test_r3_6_2_each_area_spends_its_own_points() -> None:
    s = stark().token("white_harbor", "stark")
    g = s.start(Muster("stark", ("winterfell", "white_harbor")))
    d = only(g)
    assert "Winterfell" in d.prompt and "later" not in d.choices
    play(g, "footman", "done")
    d = only(g)
    assert "White Harbor" in d.prompt and "1 point" in d.prompt
    play(g, "footman")
    assert g.pending() == []
    assert any("1 point lost" in line for line in log_lines(g))


def test_r1_4_2_later_lets_an_upgrade_free_a_footman_first() -> None:
    """All 10 footmen on the board: Winterfell can only buy a footman after White Harbor's
    upgrade returns one to the pool, so Winterfell may be deferred ("later")."""
    s = stark().supply("stark", 6)
    for area in (
        "castle_black",
        "karhold",
        "the_stony_shore",
        "widows_watch",
        "moat_cailin",
        "greywater_watch",
        "flints_finger",
        "the_twins",
        "the_fingers",
        "white_harbor",
    ):
        s.units(area, "stark", "footman")
    g = s.start(Muster("stark", ("winterfell", "white_harbor")))
    d = only(g)
    assert "footman" not in d.choices and "later" in d.choices
    play(g, "later")
    d = only(g)
    assert "White Harbor" in d.prompt
    play(g, "upgrade_knight")
    d = only(g)
    assert "Winterfell" in d.prompt and "later" not in d.choices  # deferred once only
    play(g, "footman")
    assert g.pool_left("stark", "footman") == 0
    assert "footman" not in only(g).choices
    play(g, "done")
    assert units_in(g, "winterfell") == ["footman"]
    assert units_in(g, "white_harbor") == ["knight"]
    assert g.pending() == []


def test_later_not_offered_when_footmen_cannot_run_short() -> None:
    s = stark().token("white_harbor", "stark")
    g = s.start(Muster("stark", ("winterfell", "white_harbor")))
    assert "later" not in only(g).choices
    assert_illegal(g, "later")


def test_r3_6_1_mustering_round_in_turn_order_house_by_house() -> None:
    """4 players, turn order Baratheon, Lannister, Stark, Greyjoy; Stark has two areas."""
    g = stark().token("white_harbor", "stark").start(MusteringRound())
    seen: list[tuple[str, str]] = []
    while g.pending():
        d = only(g)
        house = g.house_of(d.seat)
        area = d.prompt.split("muster in ")[1].split(" (")[0]
        seen.append((house, area))
        g.apply(d.seat, "done")
    assert seen == [
        ("baratheon", "Dragonstone"),
        ("lannister", "Lannisport"),
        ("stark", "Winterfell"),
        ("stark", "White Harbor"),
        ("greyjoy", "Pyke"),
    ]


def test_r3_6_1_mustering_round_with_purchases() -> None:
    g = stark().start(MusteringRound())
    play(g, "knight")  # Baratheon in Dragonstone
    play(g, "ship>port_of_lannisport", "ship>the_golden_sound")  # Lannister, F41
    play(g, "footman", "done")  # Stark
    play(g, "siege_engine")  # Greyjoy
    assert g.pending() == []
    assert units_in(g, "dragonstone") == ["knight"]
    assert units_in(g, "port_of_lannisport") == ["ship"]
    assert units_in(g, "the_golden_sound") == ["ship"]
    assert units_in(g, "winterfell") == ["footman"]
    assert units_in(g, "pyke") == ["siege_engine"]


def test_muster_illegal_choices_change_nothing() -> None:
    g = stark().units("bay_of_ice", "greyjoy", "ship").start(Muster("stark", ("winterfell",)))
    for bad in ("upgrade_knight", "ship>bay_of_ice", "ship>karhold", "footman>winterfell", "pass"):
        assert_illegal(g, bad)
    assert_illegal(g, "footman", seat=(only(g).seat + 1) % 4)  # not this seat's decision


def test_muster_clone_is_independent() -> None:
    g = stark().start(Muster("stark", ("winterfell",)))
    other = g.clone()
    play(g, "knight")
    assert "winterfell" not in other.units
    assert only(other).choices[0] == "footman"
    play(other, "footman", "footman")
    assert units_in(g, "winterfell") == ["knight"]
    assert units_in(other, "winterfell") == ["footman", "footman"]


def test_musters_are_event_data() -> None:
    """R3.6: house, area, unit kind, the area paying and the points spent or lost."""
    g = stark().start(Muster("stark", ("winterfell",)))
    play(g, "ship>bay_of_ice", "done")
    (ship,) = events_of(g, E.MUSTERED.name)
    assert ship.fields == {
        "house": "stark",
        "area": "bay_of_ice",
        "unit": "ship",
        "source": "winterfell",
        "cost": 1,
    }
    (ended,) = events_of(g, E.MUSTER_ENDED.name)
    assert ended.fields == {"house": "stark", "area": "winterfell", "lost": 1}
