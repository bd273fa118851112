"""FAQ and open-question rulings (R10, R12) not covered in the per-module suites."""

from __future__ import annotations

from westeros.boardgame import tables as T
from westeros.boardgame.action import CleanUp
from westeros.boardgame.builder import Scenario
from westeros.boardgame.mustering import ship_targets
from westeros.boardgame.planning import PlanningPhase
from westeros.boardgame.victory import check_win, rank_houses
from westeros.boardgame.westeros_phase import WesterosPhase
from westeros.boardgame.wildlings import move_on_track

HOUSES4 = ("stark", "lannister", "baratheon", "greyjoy")


def four() -> Scenario:
    return Scenario(players=4, houses=list(HOUSES4)).empty()


def test_e5_end_of_game_tiebreak_land_areas_then_supply_then_iron_throne() -> None:
    """E5 / R9.3: castles, then land areas, then supply, then Iron Throne (printed ones void)."""
    s = four()
    s.units("winterfell", "stark", "footman").units("lannisport", "lannister", "footman")
    s.units("pyke", "greyjoy", "footman").units("dragonstone", "baratheon", "footman")
    s.track("iron_throne", "greyjoy", "baratheon", "lannister", "stark")
    for house in HOUSES4:
        s.supply(house, 1)
    s.units("the_stony_shore", "stark", "footman")  # Stark: 1 castle + 2 land areas
    s.supply("lannister", 3)  # Lannister beats Greyjoy/Baratheon on supply
    assert rank_houses(s.g) == ("stark", "lannister", "greyjoy", "baratheon")


def test_e5_more_power_does_not_break_ties() -> None:
    """E5: the printed tie-breaker 'available power' is void."""
    s = four()
    for house in HOUSES4:
        s.units(T.HOME_AREAS[house], house, "footman").supply(house, 1)
    s.track("iron_throne", "stark", "lannister", "baratheon", "greyjoy")
    s.power("greyjoy", 15)
    assert rank_houses(s.g)[0] == "stark"
    assert rank_houses(s.g)[-1] == "greyjoy"


def test_e5_game_ends_after_round_10_with_a_full_ranking() -> None:
    """R6.7.4 / R9.3: clean up of round 10 ends the game and ranks every house."""
    s = four().round(10)
    g = s.start(CleanUp())
    assert not g.pending() and g.phase == "over"
    assert sorted(g.ranking) == sorted(HOUSES4) and g.winner == g.ranking[0]


def test_q18_simultaneous_sevens_ranked_by_r9_3() -> None:
    """Q18 / R9.2: two houses at 7 at once are ranked by the end-of-game tie-breakers."""
    s = four()
    castles = [a for a in T.AREA_IDS if T.AREAS[a].has_castle and not T.AREAS[a].home_of]
    for area in castles[:6]:
        s.units(area, "stark", "footman")
    for area in castles[6:10]:
        s.units(area, "lannister", "footman")
    s.units("lannisport", "lannister", "footman")
    s.units("winterfell", "stark", "footman")
    s.units("pyke", "lannister", "footman").units("dragonstone", "lannister", "footman")
    s.track("iron_throne", "lannister", "stark", "baratheon", "greyjoy")
    s.supply("stark", 2).supply("lannister", 2)
    assert s.g.castles("stark") == 7 and s.g.castles("lannister") == 7
    assert check_win(s.g)
    assert s.g.winner == "lannister"  # same castles, land areas, supply: Iron Throne decides


def test_r9_2_six_castles_is_not_a_win() -> None:
    s = four()
    castles = [a for a in T.AREA_IDS if T.AREAS[a].has_castle and not T.AREAS[a].home_of]
    for area in castles[:5]:
        s.units(area, "stark", "footman")
    assert s.g.castles("stark") == 6
    assert not check_win(s.g) and s.g.phase != "over"


def test_e6_q8_lannister_starts_with_a_ship_in_its_port() -> None:
    """E6 / Q8: the errata ship is in every player count; a variant flag removes it."""
    for players in (3, 4, 5, 6):
        g = Scenario(players=players).g
        assert [u.kind for u in g.units["port_of_lannisport"]] == ["ship"]


def test_f14_dominance_token_keeps_its_used_state() -> None:
    """F14 / R1.9.5: the Raven used this round stays used when it changes hands."""
    s = four()
    s.units("winterfell", "stark", "footman").units("lannisport", "lannister", "footman")
    s.g.raven_used = True
    holder = s.g.holder("kings_court")
    move_on_track(s.g, "kings_court", "stark", 0)
    assert s.g.holder("kings_court") == "stark" != holder
    assert s.g.raven_used
    g = s.start(PlanningPhase())
    while g.pending():
        d = g.pending()[0]
        assert d.kind == "place_order"
        g.apply(d.seat, d.choices[0])
    assert g.orders_revealed


def test_f38_connected_sea_is_adjacent_sea_for_mustering() -> None:
    """F38 / R3.6.4: ships may be mustered into any adjacent sea area without enemy ships."""
    s = four().units("winterfell", "stark", "footman")
    targets = ship_targets(s.g, "stark", "winterfell")
    assert {"port_of_winterfell", "bay_of_ice"} <= set(targets)
    s.units("bay_of_ice", "greyjoy", "ship")
    assert "bay_of_ice" not in ship_targets(s.g, "stark", "winterfell")


def test_f45_a_house_without_units_stays_in_the_game() -> None:
    """F45 / R9.4: no elimination — a house with nothing on the board still bids and ranks."""
    s = four()
    for house in ("stark", "lannister", "baratheon"):
        s.units(T.HOME_AREAS[house], house, "footman")
    s.garrison("pyke", None)
    s.units("pyke", "stark", "footman")  # Greyjoy's home taken: Greyjoy has nothing
    assert s.g.castles("greyjoy") == 0 and not s.g.units_of("greyjoy")
    s.westeros_top(2, "II:clash_of_kings")
    s.westeros_top(1, "I:last_days_of_summer").westeros_top(3, "III:storm_of_swords")
    g = s.start(WesterosPhase())
    seats = {d.seat for d in g.pending() if d.kind == "bid"}
    assert g.seat_of("greyjoy") in seats
    assert "greyjoy" in rank_houses(g)


def test_q15_threat_steps_by_two_and_never_passes_12() -> None:
    """Q15 / R4.1: each icon adds 2; the value stays within 0..12."""
    s = four().threat(4)
    s.westeros_top(1, "I:a_throne_of_blades").westeros_top(2, "II:last_days_of_summer")
    s.westeros_top(3, "III:web_of_lies")
    g = s.start(WesterosPhase())
    g.pending()
    assert g.wildling_threat == 10
