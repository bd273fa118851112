"""Clash of Kings (R3.7): secret bids (D7, F42), positions, tie-breaks (D8), dominance tokens."""

from __future__ import annotations

from tests.boardgame.driver import assert_illegal, bid, events_of, log_lines
from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame.bidding import ClashOfKings, tied_groups
from westeros.boardgame.builder import Scenario
from westeros.boardgame.state import BoardGame

# 4 players. Iron Throne: Baratheon, Lannister, Stark, Greyjoy. 5 power each.
SEAT = {"stark": 0, "lannister": 1, "baratheon": 2, "greyjoy": 3}


def clash(s: Scenario | None = None) -> BoardGame:
    g = (s or Scenario(players=4).empty()).start(ClashOfKings())
    g.pending()
    return g


def test_d7_all_houses_bid_secretly_at_once() -> None:
    """R3.7.2 / D7 / F42: every house bids 0..available power at the same time; the prompt
    announces the available power."""
    g = clash(Scenario(players=4).empty().power("greyjoy", 2))
    pending = g.pending()
    assert [d.seat for d in pending] == [0, 1, 2, 3]
    assert all(d.kind == D.BID.name for d in pending)
    assert pending[SEAT["greyjoy"]].choices == (0, 1, 2)
    assert pending[SEAT["stark"]].choices == tuple(range(6))
    assert "Iron Throne" in pending[0].prompt and "5 power" in pending[0].prompt
    g.apply(SEAT["stark"], 3)
    assert [d.seat for d in g.pending()] == [1, 2, 3]  # the others still bid


def test_f42_available_power_announced_before_each_auction() -> None:
    """R3.7.2 / R1.6.4 / F42: before every auction each house's available power is announced
    (in turn order); the Fiefdoms announcement follows the Iron Throne payments."""
    g = clash(Scenario(players=4).empty().power("greyjoy", 2))
    assert log_lines(g)[-1] == "Available power: Baratheon 5, Lannister 5, Stark 5, Greyjoy 2"
    bid(g, {"stark": 3, "greyjoy": 2, "lannister": 1})
    assert log_lines(g)[-1] == "Available power: Stark 2, Greyjoy 0, Lannister 4, Baratheon 5"


def test_r3_7_2_bids_revealed_in_turn_order_not_in_the_order_given() -> None:
    """R3.7.2: the reveal lists the bids in turn order, whoever submitted first."""
    g = clash()
    for seat, amount in ((3, 2), (0, 3), (1, 1), (2, 0)):
        g.apply(seat, amount)
    assert "Bids: Baratheon 0, Lannister 1, Stark 3, Greyjoy 2" in log_lines(g)


def test_d7_house_without_power_bids_zero_automatically() -> None:
    """R4.3.2 / D7: no available power means an automatic 0 bid."""
    g = clash(Scenario(players=4).empty().power("greyjoy", 0))
    assert SEAT["greyjoy"] not in [d.seat for d in g.pending()]


def test_r3_7_positions_by_descending_bid_and_payment_to_the_pool() -> None:
    """R3.7.2 all bids go to the Pool; R3.7.3 positions by bid; R3.7.4 dominance tokens."""
    g = clash()
    bid(g, {"stark": 3, "greyjoy": 2, "lannister": 1})
    assert g.tracks["iron_throne"] == ("stark", "greyjoy", "lannister", "baratheon")
    assert g.power == {"stark": 2, "lannister": 4, "baratheon": 5, "greyjoy": 3}
    assert g.power_in_pool("stark") == 18
    bid(g, {"baratheon": 4, "stark": 2, "lannister": 1})
    assert g.tracks["fiefdoms"] == ("baratheon", "stark", "lannister", "greyjoy")
    assert SEAT["stark"] not in [d.seat for d in g.pending()]  # no power left: bids 0
    bid(g, {"greyjoy": 3, "baratheon": 1, "lannister": 2})
    assert g.tracks["kings_court"] == ("greyjoy", "lannister", "baratheon", "stark")
    assert not g.pending()
    assert g.holder("iron_throne") == "stark"
    assert g.holder("fiefdoms") == "baratheon"
    assert g.holder("kings_court") == "greyjoy"
    assert g.power == {"stark": 0, "lannister": 1, "baratheon": 0, "greyjoy": 0}
    assert any("Stark now holds the Iron Throne dominance token" in line for line in log_lines(g))
    assert any("Bids: " in line for line in log_lines(g))
    assert any(line.startswith("King's Court track: 1. Greyjoy") for line in log_lines(g))


def test_d8_iron_throne_tie_broken_by_the_holder_before_the_auction() -> None:
    """R3.7.3 / D8: ties for the Iron Throne are ordered by its holder before the auction
    (Baratheon), one position at a time; the last one is placed automatically."""
    g = clash()
    bid(g)  # everybody bids 0
    (d,) = g.pending()
    assert d.kind == D.TIE_BREAK.name and d.seat == SEAT["baratheon"]
    assert d.choices == ("baratheon", "lannister", "stark", "greyjoy")
    assert "position 1" in d.prompt and "Iron Throne" in d.prompt
    g.apply(d.seat, "stark")
    (d,) = g.pending()
    assert d.seat == SEAT["baratheon"]  # still the holder before the auction
    assert d.choices == ("baratheon", "lannister", "greyjoy") and "position 2" in d.prompt
    g.apply(d.seat, "greyjoy")
    (d,) = g.pending()
    g.apply(d.seat, "lannister")
    assert g.tracks["iron_throne"] == ("stark", "greyjoy", "lannister", "baratheon")
    assert all(d.kind == D.BID.name for d in g.pending())  # Fiefdoms auction


def test_d8_later_ties_broken_by_the_new_iron_throne_holder() -> None:
    """R3.7.3: for Fiefdoms and King's Court the new Iron Throne holder breaks ties."""
    g = clash()
    bid(g, {"greyjoy": 1})  # Greyjoy takes the Iron Throne; 3-way tie below it
    for choice in ("stark", "lannister"):
        (d,) = g.pending()
        assert d.seat == SEAT["baratheon"]
        g.apply(d.seat, choice)
    assert g.tracks["iron_throne"] == ("greyjoy", "stark", "lannister", "baratheon")
    bid(g, {"stark": 2, "lannister": 2})  # tie for position 1 and tie for position 3
    (d,) = g.pending()
    assert d.kind == D.TIE_BREAK.name and d.seat == SEAT["greyjoy"]
    assert d.choices == ("stark", "lannister") and "position 1" in d.prompt
    g.apply(d.seat, "lannister")
    (d,) = g.pending()
    assert d.seat == SEAT["greyjoy"] and d.choices == ("greyjoy", "baratheon")
    assert "position 3" in d.prompt and "Fiefdoms" in d.prompt
    g.apply(d.seat, "baratheon")
    assert g.tracks["fiefdoms"] == ("lannister", "stark", "baratheon", "greyjoy")
    assert g.holder("fiefdoms") == "lannister"
    bid(g)
    (d,) = g.pending()
    assert d.seat == SEAT["greyjoy"] and "King's Court" in d.prompt


def test_d8_illegal_tie_break_choices_change_nothing() -> None:
    g = clash()
    bid(g, {"greyjoy": 1})
    (d,) = g.pending()
    assert_illegal(g, "greyjoy", seat=d.seat)  # already placed
    assert_illegal(g, "tyrell", seat=d.seat)  # not playing
    assert_illegal(g, 0, seat=d.seat)
    assert_illegal(g, "stark", seat=SEAT["stark"])  # not the Iron Throne holder


def test_d7_illegal_bids_change_nothing() -> None:
    g = clash(Scenario(players=4).empty().power("greyjoy", 2))
    assert_illegal(g, 3, seat=SEAT["greyjoy"])  # more than its available power
    assert_illegal(g, -1, seat=SEAT["stark"])
    assert_illegal(g, "1", seat=SEAT["stark"])
    assert_illegal(g, True, seat=SEAT["stark"])
    g.apply(SEAT["stark"], 1)
    assert_illegal(g, 1, seat=SEAT["stark"])  # already bid


def test_bids_stay_secret_until_revealed() -> None:
    """R1.14.1: a bid is not visible in other seats' views before the reveal."""
    g = clash()
    g.apply(SEAT["stark"], 4)
    view = g.view(SEAT["lannister"])
    assert view["houses"]["stark"]["power"] == 5
    assert "Bids" not in " ".join(log_lines(g))


def test_tied_groups_orders_each_group() -> None:
    bids = (("stark", 1), ("lannister", 3), ("greyjoy", 1), ("baratheon", 0))
    order = ("baratheon", "lannister", "stark", "greyjoy")
    assert tied_groups(bids, order) == [
        (3, ("lannister",)),
        (1, ("stark", "greyjoy")),
        (0, ("baratheon",)),
    ]


def test_auction_events_carry_bids_and_track_orders() -> None:
    """R3.7: bids in turn order, the holder's placements and each new track order as data."""
    g = clash()
    bid(g, {"greyjoy": 1})
    for choice in ("stark", "lannister"):
        g.apply(SEAT["baratheon"], choice)
    bids = events_of(g, E.BIDS_REVEALED.name)[0]["bids"]
    assert bids == [
        {"house": "baratheon", "amount": 0},
        {"house": "lannister", "amount": 0},
        {"house": "stark", "amount": 0},
        {"house": "greyjoy", "amount": 1},
    ]
    placed = [(e["placed"], e["position"]) for e in events_of(g, E.TIE_PLACED.name)]
    assert placed == [("stark", 2), ("lannister", 3)]
    (order,) = events_of(g, E.TRACK_ORDER.name)
    assert order.fields == {
        "track": "iron_throne",
        "order": ["greyjoy", "stark", "lannister", "baratheon"],
    }
    assert [e["track"] for e in events_of(g, E.AUCTION.name)] == ["iron_throne", "fiefdoms"]
