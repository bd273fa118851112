"""March orders (R6.4, D14): destinations, transport, supply, power tokens, ports, victory."""

from __future__ import annotations

from typing import Any

import pytest

from tests.boardgame.driver import assert_illegal, events_of, log_lines, pending, play, units_in
from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import march
from westeros.boardgame.builder import Scenario
from westeros.boardgame.fight import COMBAT
from westeros.boardgame.march import ResolveMarch, destinations
from westeros.boardgame.state import BoardGame, Unit

STARK, LANNISTER, BARATHEON, GREYJOY = 0, 1, 2, 3  # seats of Scenario(players=4)


@pytest.fixture(autouse=True)
def _peaceful(monkeypatch: pytest.MonkeyPatch) -> None:
    """Most cases here are about movement: attacks are switched off unless a test turns them
    on (test_march_attacks.py covers the hand-off to combat and neutral forces)."""
    monkeypatch.setattr(march, "ATTACKS_ENABLED", False)


def moves_of(g: BoardGame) -> set[str]:
    (d,) = g.pending()
    assert d.kind == D.MARCH_MOVE.name, d
    return {c for c in d.choices if isinstance(c, str)}


def dests_of(g: BoardGame, kind: str = "footman") -> set[str]:
    moves = [D.MARCH_MOVE.parse(c) for c in moves_of(g)]
    return {m["to"] for m in moves if m.get("unit") == kind}


def marching(s: Scenario, area: str, house: str = "stark", token: str = "march+0") -> BoardGame:
    """Start a march of ``house`` and choose the order in ``area``."""
    g = s.order(area, token).start(ResolveMarch(house))
    (d,) = g.pending()
    assert d.kind == D.MARCH_ORDER.name
    g.apply(d.seat, area)
    return g


# ------------------------------------------------------------------- choosing the order (D14)


def test_d14_march_order_lists_every_march_order_and_resolves_one() -> None:
    s = Scenario(players=4).empty()
    s.units("winterfell", "stark", "footman").units("moat_cailin", "stark", "knight")
    s.units("karhold", "stark", "footman").order("karhold", "defense+1")
    g = (
        s.order("moat_cailin", "march+1*")
        .order("winterfell", "march+0")
        .start(ResolveMarch("stark"))
    )
    d = pending(g)
    assert (d.seat, d.kind, d.choices) == (STARK, D.MARCH_ORDER.name, ("winterfell", "moat_cailin"))
    play(g, "moat_cailin", "knight>seagard", "done", "no")
    assert g.pending() == []
    assert "moat_cailin" not in g.orders  # R6.4.1 the resolved order is removed
    assert g.orders["winterfell"].token == "march+0"  # the other one waits for its turn
    assert g.orders["karhold"].token == "defense+1"
    assert units_in(g, "seagard") == ["knight"]


def test_r6_4_1_march_without_moving_removes_the_order() -> None:
    s = Scenario(players=4).empty().units("moat_cailin", "stark", "footman")
    g = marching(s, "moat_cailin")
    play(g, "done")
    assert g.pending() == []
    assert g.orders == {}
    assert units_in(g, "moat_cailin") == ["footman"]
    assert "without moving" in log_lines(g)[-1]
    (event,) = events_of(g, E.MARCH_STAY.name)
    assert event.fields == {"house": "stark", "area": "moat_cailin"}


def test_r6_4_9_staggered_march_moves_units_again() -> None:
    s = Scenario(players=4).empty()
    s.units("winterfell", "stark", "knight").units("moat_cailin", "stark", "footman")
    s.order("moat_cailin", "march-1").order("winterfell", "march+0")
    g = s.start_action("march")
    play(g, "winterfell", "knight>moat_cailin", "done")
    assert pending(g).choices == ("moat_cailin",)  # Stark's next turn (R6.2)
    play(g, "moat_cailin")
    assert {"knight>seagard", "footman>seagard"} <= moves_of(g)
    play(g, "knight>seagard", "footman>seagard", "done", "no")
    assert units_in(g, "seagard") == ["footman", "knight"]
    assert g.orders == {}


# ------------------------------------------------------------------- destinations (R6.4.2)


def test_r6_4_2_land_units_enter_adjacent_land_areas_only() -> None:
    s = Scenario(players=4).empty().units("winterfell", "stark", "footman", "knight")
    g = marching(s, "winterfell")
    d = pending(g)
    assert d.seat == STARK
    want = {"castle_black", "karhold", "the_stony_shore", "white_harbor", "moat_cailin"}
    assert dests_of(g, "footman") == want  # no sea (bay_of_ice...) and no port
    assert dests_of(g, "knight") == want
    assert d.choices[-1] == "done"


def test_r6_4_2_ships_enter_sea_areas_and_only_controlled_ports() -> None:
    s = Scenario(players=4).empty().units("bay_of_ice", "stark", "ship")
    g = marching(s, "bay_of_ice")
    # Winterfell is Stark's home (R1.3.2): its port may be entered; no land area ever.
    assert dests_of(g, "ship") == {"sunset_sea", "port_of_winterfell"}

    s = Scenario(players=4).empty().units("bay_of_ice", "stark", "ship")
    s.units("winterfell", "greyjoy", "footman").garrison("winterfell", None)
    g = marching(s, "bay_of_ice")
    assert dests_of(g, "ship") == {"sunset_sea"}  # R8.4 enemy-held land: no port entry


def test_r8_4_port_of_a_non_home_castle_needs_control_of_its_land() -> None:
    s = Scenario(players=4).empty().units("the_narrow_sea", "stark", "ship")
    g = marching(s, "the_narrow_sea")
    assert "port_of_white_harbor" not in dests_of(g, "ship")  # White Harbor uncontrolled
    assert dests_of(g, "ship") == {"the_shivering_sea", "shipbreaker_bay"}

    s = Scenario(players=4).empty().units("the_narrow_sea", "stark", "ship")
    s.token("white_harbor", "stark")
    g = marching(s, "the_narrow_sea")
    assert "port_of_white_harbor" in dests_of(g, "ship")
    play(g, "ship>port_of_white_harbor", "done")
    assert units_in(g, "port_of_white_harbor") == ["ship"]


def test_r8_4_ships_in_a_port_move_only_to_its_sea_area() -> None:
    s = Scenario(players=4).empty().units("port_of_winterfell", "stark", "ship", "ship")
    g = marching(s, "port_of_winterfell")
    assert moves_of(g) == {"ship>bay_of_ice", "done"}
    play(g, "ship>bay_of_ice", "ship>bay_of_ice", "done")
    assert units_in(g, "bay_of_ice") == ["ship", "ship"]
    assert "port_of_winterfell" not in g.units


def test_r8_2_port_holds_at_most_three_ships() -> None:
    s = Scenario(players=4).empty().supply("stark", 6)
    s.units("port_of_winterfell", "stark", "ship", "ship")
    s.units("bay_of_ice", "stark", "ship", "ship")
    g = marching(s, "bay_of_ice")
    play(g, "ship>port_of_winterfell")
    assert "ship>port_of_winterfell" not in moves_of(g)  # a 4th ship may not enter
    play(g, "done")
    assert len(g.units["port_of_winterfell"]) == 3


def test_r1_1_4_impassable_areas_and_unusable_ports_never_entered() -> None:
    s = Scenario(players=3).empty().units("kingswood", "baratheon", "footman")
    g = marching(s, "kingswood", "baratheon")
    dests = dests_of(g)
    # Storm's End and the Boneway are impassable; King's Landing holds a neutral force.
    assert dests == {"the_reach"}

    s = Scenario(players=3).empty().units("shipbreaker_bay", "baratheon", "ship")
    s.token("storms_end", "baratheon")  # even if it were controlled: unusable in 3 players
    g = marching(s, "shipbreaker_bay", "baratheon")
    assert dests_of(g, "ship") == {
        "blackwater_bay",
        "east_summer_sea",
        "the_narrow_sea",
        "port_of_dragonstone",
    }


def test_r1_4_4_routed_units_cannot_move() -> None:
    s = Scenario(players=4).empty().units("moat_cailin", "stark", "footman")
    s.units("moat_cailin", "stark", "knight", routed=True)
    g = marching(s, "moat_cailin")
    assert all(c.startswith("footman>") or c == "done" for c in moves_of(g))
    play(g, "footman>seagard", "done")  # no token question: the routed knight stays (R6.4.7)
    assert g.pending() == []
    assert g.units["moat_cailin"] == (Unit("stark", "knight", True),)


def test_r6_4_1_split_to_several_destinations_and_stay() -> None:
    s = Scenario(players=4).empty().supply("stark", 6)
    s.units("winterfell", "stark", "footman", "footman", "knight", "siege_engine")
    g = marching(s, "winterfell")
    play(
        g,
        "footman>moat_cailin",
        "knight>moat_cailin",
        "footman>karhold",
        "done",
    )
    assert units_in(g, "moat_cailin") == ["footman", "knight"]
    assert units_in(g, "karhold") == ["footman"]
    assert units_in(g, "winterfell") == ["siege_engine"]
    assert "Stark marches footman, knight Winterfell → Moat Cailin" in log_lines(g)
    assert "Stark marches footman Winterfell → Karhold" in log_lines(g)
    marches = {e["to"]: e.fields for e in events_of(g, E.MARCH.name)}
    assert marches["moat_cailin"] == {
        "house": "stark",
        "from_area": "winterfell",
        "to": "moat_cailin",
        "units": [{"kind": "footman", "routed": False}, {"kind": "knight", "routed": False}],
        "attack": False,
    }
    assert marches["karhold"]["units"] == [{"kind": "footman", "routed": False}]
    units = [{"kind": k, "routed": False} for k in ("footman", "knight", "footman")]
    assert E.units_text(units) == "2 footmen, knight"


# ------------------------------------------------------------------- ship transport (R6.4.3)


def test_r6_4_3_transport_through_one_sea() -> None:
    s = Scenario(players=4).empty().units("winterfell", "stark", "footman")
    s.units("bay_of_ice", "stark", "ship")
    g = marching(s, "winterfell")
    assert {"flints_finger", "greywater_watch"} <= dests_of(g)
    play(g, "footman>flints_finger", "done")
    assert units_in(g, "flints_finger") == ["footman"]
    assert units_in(g, "bay_of_ice") == ["ship"]  # ships do not move and need no order


def test_r6_4_3_transport_chain_needs_own_ships_in_every_sea() -> None:
    s = Scenario(players=4).empty().units("winterfell", "stark", "footman", "siege_engine")
    s.units("the_shivering_sea", "stark", "ship").units("the_narrow_sea", "stark", "ship")
    g = marching(s, "winterfell")
    chained = {"widows_watch", "the_fingers", "the_twins", "crackclaw_point"}
    chained |= {"the_mountains_of_the_moon"}
    assert chained <= dests_of(g, "footman")
    assert chained <= dests_of(g, "siege_engine")  # Q17 siege engines may be transported
    assert "the_eyrie" not in dests_of(g)  # neutral force (hostile, attacks later)

    # The Narrow Sea alone does not touch Winterfell: no route.
    s = Scenario(players=4).empty().units("winterfell", "stark", "footman")
    s.units("the_narrow_sea", "stark", "ship")
    g = marching(s, "winterfell")
    assert "the_fingers" not in dests_of(g)

    # An enemy ship in the first sea breaks the chain.
    s = Scenario(players=4).empty().units("winterfell", "stark", "footman")
    s.units("the_shivering_sea", "greyjoy", "ship").units("the_narrow_sea", "stark", "ship")
    g = marching(s, "winterfell")
    assert not chained & dests_of(g)


def test_r6_4_3_long_chain_of_three_seas() -> None:
    s = Scenario(players=4).empty().units("winterfell", "stark", "knight")
    for sea in ("bay_of_ice", "sunset_sea", "west_summer_sea"):
        s.units(sea, "stark", "ship")
    g = marching(s, "winterfell")
    dests = dests_of(g, "knight")
    assert {"searoad_marches", "highgarden", "the_arbor"} <= dests
    assert "three_towers" not in dests  # neutral force in 4 players
    assert "lannisport" not in dests  # not adjacent to these seas (and garrisoned)


def test_r6_4_3_ports_add_no_routes() -> None:
    s = Scenario(players=4).empty().units("winterfell", "stark", "footman")
    s.units("port_of_winterfell", "stark", "ship")
    g = marching(s, "winterfell")
    assert "flints_finger" not in dests_of(g)
    assert "greywater_watch" not in dests_of(g)


# ------------------------------------------------------------------- hostile areas (R6.4.4)


def test_r6_4_4_hostile_destinations_not_offered_while_attacks_disabled() -> None:
    assert march.ATTACKS_ENABLED is False
    s = Scenario(players=4).empty()
    s.units("moat_cailin", "stark", "footman", "footman")
    s.units("the_twins", "lannister", "footman", routed=True)  # F21 routed still defend
    s.units("white_harbor", "greyjoy", "footman")
    g = marching(s, "moat_cailin")
    dests = dests_of(g)
    assert "the_twins" not in dests
    assert "white_harbor" not in dests
    assert {"winterfell", "greywater_watch", "seagard"} <= dests


def test_r1_7_2_enemy_garrison_without_units_is_hostile() -> None:
    s = Scenario(players=4).empty().units("riverrun", "stark", "footman")
    g = marching(s, "riverrun")
    assert "lannisport" not in dests_of(g)  # Lannister garrison, no units

    s = Scenario(players=4).empty().units("riverrun", "stark", "footman")
    s.garrison("lannisport", None)
    g = marching(s, "riverrun")
    assert "lannisport" in dests_of(g)
    play(g, "footman>lannisport", "done", "no")
    assert g.controller("lannisport") == "stark"  # enemy home taken without combat


def test_r1_8_neutral_force_is_hostile() -> None:
    s = Scenario(players=4).empty().units("the_mountains_of_the_moon", "stark", "footman")
    g = marching(s, "the_mountains_of_the_moon")
    assert "the_eyrie" not in dests_of(g)
    assert "the_fingers" in dests_of(g)


def test_r6_4_4_enemy_ships_make_a_sea_hostile() -> None:
    s = Scenario(players=4).empty().units("bay_of_ice", "stark", "ship")
    s.units("sunset_sea", "greyjoy", "ship")
    g = marching(s, "bay_of_ice")
    assert "sunset_sea" not in dests_of(g, "ship")


def test_f20_enemy_power_token_goes_to_the_pool_and_control_changes() -> None:
    s = Scenario(players=4).empty().units("winterfell", "stark", "footman")
    s.token("moat_cailin", "lannister")
    g = marching(s, "winterfell")
    assert "moat_cailin" in dests_of(g)  # only a token: no combat
    pool = g.power_in_pool("lannister")
    available = g.power["lannister"]
    play(g, "footman>moat_cailin", "done")
    assert "moat_cailin" not in g.power_tokens
    assert g.power_in_pool("lannister") == pool + 1
    assert g.power["lannister"] == available
    assert g.controller("moat_cailin") == "stark"
    assert any("returns to the Pool" in line for line in log_lines(g))
    (event,) = events_of(g, E.POWER_TOKEN_REMOVED.name)
    assert event.fields == {"house": "lannister", "area": "moat_cailin"}


def test_own_power_token_stays_when_units_come_back() -> None:
    s = Scenario(players=4).empty().units("winterfell", "stark", "footman")
    s.token("moat_cailin", "stark")
    g = marching(s, "winterfell")
    play(g, "footman>moat_cailin", "done")
    assert g.power_tokens["moat_cailin"] == "stark"  # F44 never taken back


# ------------------------------------------------------------------- supply (R6.4.6, F24)


def test_r6_4_6_move_breaking_supply_not_offered() -> None:
    # Supply 0 allows armies 2,2: growing White Harbor to 3 is never legal.
    s = Scenario(players=4).empty().supply("stark", 0)
    s.units("winterfell", "stark", "footman", "footman")
    s.units("white_harbor", "stark", "footman", "footman")
    s.units("castle_black", "stark", "footman")
    g = marching(s, "winterfell")
    dests = dests_of(g)
    assert "white_harbor" not in dests
    assert {"castle_black", "karhold", "moat_cailin"} <= dests
    play(g, "footman>castle_black")
    # Castle Black is now an army of 2 (with Winterfell 1, White Harbor 2): a second move
    # there would make it 3.
    assert "castle_black" not in dests_of(g)
    assert "done" in moves_of(g)


def test_f24_split_march_is_checked_as_one_simultaneous_move() -> None:
    # Supply 1 allows 3,2. Winterfell 3, White Harbor 2, Moat Cailin 1. Sending two footmen to
    # Moat Cailin ends at 1/3/2 (legal); after the first of them the plan (2/2/2) is not, so
    # "done" waits, but the move is offered because the plan can still end compliant.
    s = Scenario(players=4).empty().supply("stark", 1)
    s.units("winterfell", "stark", "footman", "footman", "footman")
    s.units("white_harbor", "stark", "footman", "footman")
    s.units("moat_cailin", "stark", "footman")
    g = marching(s, "winterfell")
    assert "footman>moat_cailin" in moves_of(g)
    play(g, "footman>moat_cailin")
    assert "done" not in moves_of(g)
    assert_illegal(g, "done", kind=D.MARCH_MOVE)
    play(g, "footman>moat_cailin")
    assert "done" in moves_of(g)
    play(g, "done")
    assert (len(g.units["winterfell"]), len(g.units["moat_cailin"])) == (1, 3)
    assert g.complies("stark")


def test_r6_4_6_done_always_allowed_for_the_empty_plan() -> None:
    s = Scenario(players=4).empty().supply("stark", 0)
    s.units("winterfell", "stark", "footman", "footman", "footman")  # over the limit
    g = marching(s, "winterfell")
    assert "done" in moves_of(g)


# ------------------------------------------------------------------- power tokens (R6.4.7)


def test_r6_4_7_leave_a_power_token_yes() -> None:
    s = Scenario(players=4).empty().units("moat_cailin", "stark", "footman", "knight")
    g = marching(s, "moat_cailin")
    power = g.power["stark"]
    play(g, "footman>seagard", "knight>the_twins", "done")
    d = pending(g)
    assert (d.seat, d.kind, d.choices) == (STARK, D.MARCH_TOKEN.name, ("yes", "no"))
    play(g, "yes")
    assert g.pending() == []
    assert g.power_tokens["moat_cailin"] == "stark"
    (event,) = events_of(g, E.POWER_TOKEN_PLACED.name)
    assert event.fields == {"house": "stark", "area": "moat_cailin"}
    assert g.power["stark"] == power - 1
    assert g.controller("moat_cailin") == "stark"
    assert g.castles("stark") == 3  # Winterfell, Moat Cailin, Seagard


def test_r6_4_7_leave_a_power_token_no() -> None:
    s = Scenario(players=4).empty().units("moat_cailin", "stark", "footman")
    g = marching(s, "moat_cailin")
    power = g.power["stark"]
    play(g, "footman>seagard", "done", "no")
    assert "moat_cailin" not in g.power_tokens
    assert g.power["stark"] == power
    assert g.controller("moat_cailin") is None


@pytest.mark.parametrize("case", ["own_home", "token_there", "no_power", "unit_stays", "sea_area"])
def test_r6_4_7_no_token_question(case: str) -> None:
    s = Scenario(players=4).empty()
    area, move = "moat_cailin", "footman>seagard"
    if case == "own_home":
        area, move = "winterfell", "footman>karhold"
    if case == "sea_area":
        area, move = "bay_of_ice", "ship>sunset_sea"
        s.units(area, "stark", "ship")
    else:
        s.units(area, "stark", "footman")
    if case == "token_there":
        s.token(area, "stark")
    if case == "no_power":
        s.power("stark", 0)
    if case == "unit_stays":
        s.units(area, "stark", "knight")
    g = marching(s, area)
    play(g, move, "done")
    assert g.pending() == []


def test_r6_4_7_token_allowed_in_an_enemy_home_area() -> None:
    s = Scenario(players=4).empty().garrison("lannisport", None)
    s.units("lannisport", "stark", "footman")
    g = marching(s, "lannisport")
    play(g, "footman>riverrun", "done")
    assert pending(g).kind == D.MARCH_TOKEN.name
    play(g, "yes")
    assert g.controller("lannisport") == "stark"


# ------------------------------------------------------------------- control and ports (R8.5)


def test_r1_3_2_enemy_home_reverts_to_its_owner() -> None:
    s = Scenario(players=4).empty().garrison("lannisport", None)
    s.units("lannisport", "stark", "footman")
    g = marching(s, "lannisport")
    play(g, "footman>riverrun", "done", "no")
    assert g.controller("lannisport") == "lannister"


def test_f39_leaving_a_castle_uncontrolled_destroys_its_port_ships() -> None:
    s = Scenario(players=4).empty().units("white_harbor", "stark", "footman")
    s.units("port_of_white_harbor", "stark", "ship", "ship")
    g = marching(s, "white_harbor")
    play(g, "footman>moat_cailin", "done", "no")
    assert "port_of_white_harbor" not in g.units
    assert g.pool_left("stark", "ship") == 6
    assert any("destroyed" in line for line in log_lines(g))


def test_f39_power_token_keeps_the_port_ships() -> None:
    s = Scenario(players=4).empty().units("white_harbor", "stark", "footman")
    s.units("port_of_white_harbor", "stark", "ship", "ship")
    g = marching(s, "white_harbor")
    play(g, "footman>moat_cailin", "done", "yes")
    assert units_in(g, "port_of_white_harbor") == ["ship", "ship"]


def test_f39_enemy_home_reverting_offers_port_takeover() -> None:
    s = Scenario(players=4).empty().garrison("winterfell", None)
    s.units("winterfell", "greyjoy", "footman")
    s.units("port_of_winterfell", "greyjoy", "ship", "ship")
    g = marching(s, "winterfell", "greyjoy")
    play(g, "footman>castle_black", "done", "no")
    d = pending(g)
    assert (d.seat, d.kind, d.choices) == (STARK, D.PORT_TAKEOVER.name, (0, 1, 2))
    play(g, 1)
    assert g.units["port_of_winterfell"] == (Unit("stark", "ship"),)
    assert g.pending() == []


def test_r9_2_immediate_win_at_seven_castles() -> None:
    s = Scenario(players=4).empty().units("winterfell", "stark", "footman")
    for area in ("white_harbor", "flints_finger", "seagard", "riverrun", "harrenhal"):
        s.token(area, "stark")
    g = marching(s, "winterfell")
    assert g.castles("stark") == 6
    play(g, "footman>moat_cailin", "done")
    assert g.phase == "over"
    assert g.winner == "stark"
    assert g.pending() == []
    assert g.stack == []


# ------------------------------------------------------------------- attack hand-off (R6.4.5)


def test_r6_4_5_hostile_destinations_with_attacks_enabled(monkeypatch: Any) -> None:
    calls: list[tuple[Any, ...]] = []

    def fake_attack(
        g: BoardGame,
        house: str,
        from_area: str,
        target: str,
        units: tuple[Unit, ...],
        order_token: str,
    ) -> None:
        calls.append((house, from_area, target, units, order_token, dict(g.units)))

    monkeypatch.setattr(march, "ATTACKS_ENABLED", True)
    monkeypatch.setattr(march, "start_attack", fake_attack)
    s = Scenario(players=4).empty().supply("stark", 6)
    s.units("moat_cailin", "stark", "footman", "footman", "knight")
    s.units("the_twins", "lannister", "footman").units("seagard", "greyjoy", "footman")
    g = marching(s, "moat_cailin", token="march+1*")
    assert {"the_twins", "seagard", "greywater_watch"} <= dests_of(g)
    play(g, "knight>the_twins")
    dests = dests_of(g)
    assert "the_twins" in dests  # more attackers may join the one attack
    assert "seagard" not in dests  # R6.4.5 at most one hostile destination
    play(g, "footman>the_twins", "footman>greywater_watch", "done")
    assert pending(g).kind == "march_token"  # R6.4.7 asked before the combat
    play(g, "no")
    (call,) = calls
    house, from_area, target, units, token, board = call
    assert (house, from_area, target, token) == ("stark", "moat_cailin", "the_twins", "march+1*")
    assert sorted(u.kind for u in units) == ["footman", "knight"]
    assert "moat_cailin" not in board  # attackers have left the start area (R6.4.8)
    assert units_in(g, "greywater_watch") == ["footman"]  # non-combat move done first
    assert g.orders["moat_cailin"].token == "march+1*"  # removed by combat clean up (R7.11)


def test_q14_attack_checked_with_attackers_in_the_target(monkeypatch: Any) -> None:
    # Supply 5 allows 4,3,2,2 and all four are used. Two of Winterfell's four footmen in the
    # target would make five armies (b), so a second attacker needs a third.
    monkeypatch.setattr(march, "ATTACKS_ENABLED", True)
    s = Scenario(players=4).empty().supply("stark", 5)
    s.units("winterfell", "stark", "footman", "footman", "footman", "footman")
    s.units("karhold", "stark", "footman", "footman", "footman")
    s.units("castle_black", "stark", "footman", "footman")
    s.units("white_harbor", "stark", "footman", "footman")
    s.units("moat_cailin", "lannister", "footman")
    g = marching(s, "winterfell")
    play(g, "footman>moat_cailin")
    assert "done" in moves_of(g)
    play(g, "footman>moat_cailin")
    assert "done" not in moves_of(g)
    assert "footman>moat_cailin" in moves_of(g)
    assert "footman>the_stony_shore" in moves_of(g)  # a peaceful move also fixes (b)


def test_start_attack_is_the_combat_hand_off() -> None:
    g = Scenario(players=4).g
    units = (Unit("stark", "footman"),)
    march.start_attack(g, "stark", "winterfell", "moat_cailin", units, "march+0")
    f = g.fight
    assert f is not None and f.kind == COMBAT  # the units are held by the fight (R6.4.8)
    assert (f.attacker, f.from_area, f.area, f.attackers) == (
        "stark",
        "winterfell",
        "moat_cailin",
        units,
    )


def test_destinations_helper_includes_hostile_areas() -> None:
    s = Scenario(players=4).empty().units("moat_cailin", "stark", "footman")
    s.units("the_twins", "lannister", "footman")
    assert "the_twins" in destinations(s.g, "stark", "moat_cailin")


# ------------------------------------------------------------------- illegal choices


@pytest.mark.parametrize("choice", ["moat_cailin", "karhold", "done", 0, "march"])
def test_illegal_march_order_choice(choice: str | int) -> None:
    s = Scenario(players=4).empty().units("winterfell", "stark", "footman")
    s.units("karhold", "stark", "footman").order("karhold", "raid")
    g = s.order("winterfell", "march+0").start(ResolveMarch("stark"))
    assert_illegal(g, choice, kind=D.MARCH_ORDER, house="stark")


@pytest.mark.parametrize(
    "choice",
    [
        "knight>moat_cailin",  # no knight there
        "footman>bay_of_ice",  # land unit to sea
        "footman>pyke",  # not adjacent
        "footman>moat_cailin>seagard",
        "footman",
        "yes",
        3,
    ],
)
def test_illegal_march_move_choice(choice: str | int) -> None:
    s = Scenario(players=4).empty().units("winterfell", "stark", "footman")
    g = marching(s, "winterfell")
    assert_illegal(g, choice, kind=D.MARCH_MOVE, house="stark")
    assert_illegal(g, "done", seat=LANNISTER)  # not Stark's seat


@pytest.mark.parametrize("choice", ["maybe", "done", 1, "Yes"])
def test_illegal_march_token_choice(choice: str | int) -> None:
    s = Scenario(players=4).empty().units("moat_cailin", "stark", "footman")
    g = marching(s, "moat_cailin")
    play(g, "footman>seagard", "done")
    assert pending(g).kind == D.MARCH_TOKEN.name
    assert_illegal(g, choice, kind=D.MARCH_TOKEN, house="stark")
