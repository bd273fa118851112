"""Action phase cycling (R6.2) with position-based turn order (R1.13.1, F12)."""

from __future__ import annotations

from westeros.boardgame.action import ActionPhase, OrderCycle
from westeros.boardgame.builder import Scenario
from westeros.boardgame.state import BoardGame

SIX = ["stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell"]


def next_decision(g: BoardGame, kind: str) -> tuple[str, tuple[str, ...]]:
    d = g.pending()[0]
    assert d.kind == kind, d
    return g.house_of(d.seat), tuple(str(c) for c in d.choices)


def test_r6_2_houses_resolve_one_order_each_in_turn_order_until_none_remain() -> None:
    s = Scenario(players=6, houses=SIX).empty()
    s.units("winterfell", "stark", "footman").order("winterfell", "raid")
    s.units("karhold", "stark", "footman").order("karhold", "raid")
    s.units("lannisport", "lannister", "footman").order("lannisport", "raid")
    g = s.start(OrderCycle("raid"))
    acted = []
    while g.pending():
        house, choices = next_decision(g, "raid")
        acted.append(house)
        g.apply(g.seat_of(house), next(c for c in choices if c.endswith(">none")))
    # Iron Throne: Baratheon, Lannister, Stark, ... -> Lannister, Stark, then Stark again
    assert acted == ["lannister", "stark", "stark"]
    assert not g.orders


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
    g = s.start(OrderCycle("raid", position=2))  # position 3 (Stark) acts first
    house, choices = next_decision(g, "raid")
    assert house == "stark"
    # As Doran would during Stark's turn: Stark drops to the last Iron Throne position.
    order = [h for h in g.tracks["iron_throne"] if h != "stark"] + ["stark"]
    g.set_track("iron_throne", order)
    g.apply(g.seat_of("stark"), "winterfell>none")
    acted = []
    while g.pending():
        house, choices = next_decision(g, "raid")
        acted.append(house)
        g.apply(g.seat_of(house), next(c for c in choices if c.endswith(">none")))
    # positions 4, 5, 6 are now Greyjoy, Tyrell (no order), Stark; then 1, 2, 3 = Martell
    assert acted == ["greyjoy", "stark", "martell"]


def test_r6_1_raids_then_marches_then_consolidate_power_then_clean_up() -> None:
    s = Scenario(players=6, houses=SIX).empty()
    s.units("winterfell", "stark", "footman").order("winterfell", "consolidate")
    s.units("karhold", "stark", "footman").order("karhold", "march+0")
    s.units("white_harbor", "stark", "footman").order("white_harbor", "raid")
    s.units("lannisport", "lannister", "footman").order("lannisport", "defense+1")
    g = s.start(ActionPhase())
    kinds = []
    while g.pending():
        d = g.pending()[0]
        kinds.append(d.kind)
        choice = "done" if "done" in d.choices else d.choices[-1]
        g.apply(d.seat, choice)
        if g.phase != "action" or g.round != 1:
            break
    assert kinds[:3] == ["raid", "march_order", "march_move"]
    assert "consolidate" in kinds
    assert kinds.index("consolidate") > kinds.index("march_order")
