"""Ports: loss or capture of a port's land area (R8.5, FAQ F39, D10)."""

from __future__ import annotations

import pytest

from tests.boardgame.driver import assert_illegal, choices, decide, events_of, log_lines, pending
from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame.builder import Scenario
from westeros.boardgame.ports import PortTakeover, check_ports, port_ships_ok, takeover_max
from westeros.boardgame.state import BoardGame, Unit
from westeros.engine import Step

STARK, LANNISTER, BARATHEON, GREYJOY = 0, 1, 2, 3  # seats of Scenario(players=4)


class CheckPorts(Step):
    """Runs check_ports, as a rules step would after a control change."""

    def run(self, g: BoardGame) -> None:
        check_ports(g)


def greyjoy_ships_in_winterfell_port(ships: int = 2) -> Scenario:
    """Winterfell empty (Stark's home, R1.3.2) with Greyjoy ships left in its port."""
    s = Scenario(players=4).empty().garrison("winterfell", None)
    return s.units("port_of_winterfell", "greyjoy", *["ship"] * ships)


def test_r8_5_uncontrolled_land_destroys_port_ships() -> None:
    s = Scenario(players=4).empty().units("port_of_white_harbor", "stark", "ship", "ship")
    g = s.start(CheckPorts())
    assert g.pending() == []
    assert "port_of_white_harbor" not in g.units
    assert g.pool_left("stark", "ship") == 6
    assert "2 ships of Stark in Port of White Harbor destroyed" in log_lines(g)[-1]
    (event,) = events_of(g, E.SHIPS_DESTROYED.name)
    assert event.fields == {
        "house": "stark",
        "port": "port_of_white_harbor",
        "ships": 2,
        "land": "white_harbor",
        "controller": None,
    }


def test_r8_5_ships_of_the_controller_stay() -> None:
    s = Scenario(players=4).empty().units("port_of_white_harbor", "stark", "ship")
    s.units("white_harbor", "stark", "footman")
    s.units("port_of_winterfell", "stark", "ship")  # home area: Stark controls it unoccupied
    s.units("port_of_pyke", "greyjoy", "ship").token("white_harbor", "stark")
    g = s.start(CheckPorts())
    assert g.pending() == []
    assert len(g.units["port_of_white_harbor"]) == 1
    assert len(g.units["port_of_winterfell"]) == 1
    assert len(g.units["port_of_pyke"]) == 1


def test_d10_takeover_decision_and_replacement() -> None:
    g = greyjoy_ships_in_winterfell_port(3).supply("stark", 1).start(CheckPorts())
    d = pending(g)
    assert (d.seat, d.kind, d.choices) == (STARK, D.PORT_TAKEOVER.name, (0, 1, 2, 3))
    g.apply(STARK, 2)
    assert g.pending() == []
    assert g.units["port_of_winterfell"] == (Unit("stark", "ship"), Unit("stark", "ship"))
    assert g.pool_left("greyjoy", "ship") == 6  # all the old ships are destroyed
    destroyed, placed = events_of(g, E.SHIPS_DESTROYED.name) + events_of(g, E.PORT_TAKEOVER.name)
    assert (destroyed["house"], destroyed["ships"], destroyed["controller"]) == (
        "greyjoy",
        3,
        "stark",
    )
    assert placed.fields == {"house": "stark", "port": "port_of_winterfell", "ships": 2}
    assert log_lines(g)[-2:] == [
        "3 ships of Greyjoy in Port of Winterfell destroyed: Stark controls Winterfell",
        "Stark places 2 ships in Port of Winterfell",
    ]


def test_d10_takeover_of_zero_destroys_all() -> None:
    g = greyjoy_ships_in_winterfell_port(2).start(CheckPorts())
    g.apply(STARK, 0)
    assert "port_of_winterfell" not in g.units
    assert g.pool_left("greyjoy", "ship") == 6


def test_r8_5_takeover_limited_by_supply() -> None:
    # Supply 0 allows armies 2,2; Stark already has two armies, so only one ship (no army).
    s = greyjoy_ships_in_winterfell_port(3).supply("stark", 0)
    s.units("karhold", "stark", "footman", "footman").units(
        "moat_cailin", "stark", "knight", "knight"
    )
    g = s.start(CheckPorts())
    assert pending(g).choices == (0, 1)


def test_r8_5_takeover_limited_by_pool() -> None:
    s = greyjoy_ships_in_winterfell_port(3).supply("stark", 6)
    for sea in ("bay_of_ice", "sunset_sea", "the_golden_sound", "ironmans_bay", "the_narrow_sea"):
        s.units(sea, "stark", "ship")
    g = s.start(CheckPorts())
    assert pending(g).choices == (0, 1)  # 6 in the pool, 5 on the board


def test_r8_5_no_decision_when_nothing_can_be_placed() -> None:
    s = greyjoy_ships_in_winterfell_port(2)
    for sea in ("bay_of_ice", "sunset_sea", "the_golden_sound", "ironmans_bay", "the_narrow_sea"):
        s.units(sea, "stark", "ship")
    s.units("the_shivering_sea", "stark", "ship")
    g = s.start(CheckPorts())
    assert g.pending() == []
    assert "port_of_winterfell" not in g.units


def test_r8_5_takeover_by_a_power_token_holder() -> None:
    s = Scenario(players=4).empty().units("port_of_white_harbor", "stark", "ship")
    s.token("white_harbor", "greyjoy")
    g = s.start(CheckPorts())
    d = pending(g)
    assert (d.seat, d.kind, d.choices) == (GREYJOY, D.PORT_TAKEOVER.name, (0, 1))
    g.apply(GREYJOY, 1)
    assert g.units["port_of_white_harbor"] == (Unit("greyjoy", "ship"),)


def test_check_ports_twice_pushes_one_takeover() -> None:
    g = greyjoy_ships_in_winterfell_port(2).start(CheckPorts(), CheckPorts())
    assert choices(g, D.PORT_TAKEOVER, "stark")
    decide(g, D.PORT_TAKEOVER, 1)
    assert g.pending() == []
    assert g.units["port_of_winterfell"] == (Unit("stark", "ship"),)


def test_takeover_rechecks_the_port_when_it_runs() -> None:
    # The land became uncontrolled before the takeover step was reached: ships destroyed.
    s = Scenario(players=4).empty().units("port_of_white_harbor", "stark", "ship")
    g = s.start(PortTakeover("port_of_white_harbor"))
    assert g.pending() == []
    assert "port_of_white_harbor" not in g.units


@pytest.mark.parametrize("choice", [3, -1, "1", "yes", "done"])
def test_illegal_port_takeover_choice(choice: str | int) -> None:
    g = greyjoy_ships_in_winterfell_port(2).start(CheckPorts())
    assert_illegal(g, choice, kind=D.PORT_TAKEOVER, house="stark")
    assert_illegal(g, 0, seat=GREYJOY)  # the old owner does not decide


def test_port_ships_ok_and_takeover_max() -> None:
    s = greyjoy_ships_in_winterfell_port(3).supply("stark", 0)
    s.units("karhold", "stark", "footman", "footman")
    g = s.g
    assert port_ships_ok(g, "stark", "port_of_winterfell", 2)  # armies 2,2
    assert not port_ships_ok(g, "stark", "port_of_winterfell", 3)
    assert not port_ships_ok(g, "stark", "port_of_winterfell", 4)  # R8.2 3-ship limit
    assert port_ships_ok(g, "stark", "port_of_winterfell", 1)
    assert takeover_max(g, "port_of_winterfell", "stark") == 2


def test_r8_5_order_of_destroyed_ships_is_removed() -> None:
    """An order left in an emptied port goes with its ships (cf. errata E2)."""
    s = Scenario(players=4).empty().units("port_of_white_harbor", "stark", "ship")
    s.order("port_of_white_harbor", "consolidate")
    g = s.start(CheckPorts())
    assert g.pending() == []
    assert "port_of_white_harbor" not in g.orders
    (event,) = events_of(g, E.PORT_ORDER_REMOVED.name)
    assert event.fields == {
        "house": "stark",
        "port": "port_of_white_harbor",
        "token": "consolidate",
    }
    assert log_lines(g)[-1] == "Stark's order in Port of White Harbor is removed"


def test_d10_takeover_removes_the_old_owners_order() -> None:
    s = greyjoy_ships_in_winterfell_port(2).order("port_of_winterfell", "support+0")
    g = s.start(CheckPorts())
    g.apply(STARK, 2)
    assert "port_of_winterfell" not in g.orders
    assert len(g.units["port_of_winterfell"]) == 2
