"""Action phase cycling (R6.2) with position-based turn order (R1.13.1, F12)."""

from __future__ import annotations

from tests.boardgame.driver import decide, events_of, log_lines, pending, who
from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame.builder import Scenario
from westeros.boardgame.state import BoardGame

SIX = ["stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell"]


def raid_nothing(g: BoardGame) -> list[str]:
    """Every house asked removes a Raid order without effect; the houses asked, in order."""
    acted = []
    while g.pending():
        acted.append(who(g))
        none = next(c for c in pending(g, D.RAID).choices if str(c).endswith(">none"))
        decide(g, D.RAID, none)
    return acted


def test_r6_2_houses_resolve_one_order_each_in_turn_order_until_none_remain() -> None:
    s = Scenario(players=6, houses=SIX).empty()
    s.units("winterfell", "stark", "footman").order("winterfell", "raid")
    s.units("karhold", "stark", "footman").order("karhold", "raid")
    s.units("lannisport", "lannister", "footman").order("lannisport", "raid")
    g = s.start_action("raid")
    # Iron Throne: Baratheon, Lannister, Stark, ... -> Lannister, Stark, then Stark again
    assert raid_nothing(g) == ["lannister", "stark", "stark"]
    assert not g.orders
    assert [e["order_type"] for e in events_of(g, E.ORDER_CYCLE.name)] == ["raid"]
    assert "Action phase: Raid orders are resolved" in log_lines(g)


def test_f12_r1_13_1_the_turn_pointer_is_a_position_not_a_house() -> None:
    """F12: a house moved from position 3 to 6 during its own turn acts again in this cycle;
    the house moved up into position 3 waits a full cycle."""
    s = Scenario(players=6, houses=SIX).empty()
    for area, house in [
        ("winterfell", "stark"),
        ("karhold", "stark"),
        ("sunspear", "martell"),
        ("pyke", "greyjoy"),
    ]:
        s.units(area, house, "footman").order(area, "raid")
    g = s.start_action("raid", position=2)  # position 3 (Stark) acts first
    assert who(g) == "stark"
    # As Doran would during Stark's turn: Stark drops to the last Iron Throne position.
    order = [h for h in g.tracks["iron_throne"] if h != "stark"] + ["stark"]
    g.set_track("iron_throne", order)
    decide(g, D.RAID, "winterfell>none")
    # positions 4, 5, 6 are now Greyjoy, Tyrell (no order), Stark; then 1, 2, 3 = Martell
    assert raid_nothing(g) == ["greyjoy", "stark", "martell"]


def test_r6_1_raids_then_marches_then_consolidate_power_then_clean_up() -> None:
    s = Scenario(players=6, houses=SIX).empty()
    s.units("winterfell", "stark", "footman").order("winterfell", "consolidate")
    s.units("karhold", "stark", "footman").order("karhold", "march+0")
    s.units("white_harbor", "stark", "footman").order("white_harbor", "raid")
    s.units("lannisport", "lannister", "footman").order("lannisport", "defense+1")
    g = s.start_action("raid", through="clean_up")
    trace = []
    while g.phase == "action":
        d = g.pending()[0]
        trace.append(d.kind)
        g.apply(d.seat, "done" if "done" in d.choices else d.choices[-1])
    assert trace == [D.RAID.name, D.MARCH_ORDER.name, D.MARCH_MOVE.name, D.CONSOLIDATE.name]
    cycles = [e["order_type"] for e in events_of(g, E.ORDER_CYCLE.name)]
    assert cycles == ["raid", "march", "consolidate"]
    assert events_of(g, E.ROUND_END.name)[0]["round"] == 1
    assert "Round 1 ends." in log_lines(g)
    assert not g.orders and g.round == 2  # R6.7.1 clean up, then the next round
