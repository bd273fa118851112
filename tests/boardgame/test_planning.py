"""Planning phase (R5, D11, D12; FAQ E4, R12 Q1, Q10): orders, reveal, Messenger Raven."""

from __future__ import annotations

import pytest

from tests.boardgame.driver import (
    assert_illegal,
    choices,
    decide,
    events_of,
    log_lines,
    pending_kinds,
)
from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.builder import Scenario
from westeros.boardgame.planning import PlanningPhase
from westeros.boardgame.state import BoardGame, Order

SPECIALS = ("march+1*", "defense+2*", "support+1*", "raid*", "consolidate*")
REGULARS = (
    "march-1",
    "march+0",
    "defense+1",
    "support+0",
    "raid",
    "consolidate",
)
NORTH = ("winterfell", "karhold", "castle_black", "the_stony_shore", "white_harbor", "widows_watch")
# R2.3 stars by King's Court position: 3-4 players use the overlay, 5-6 players the board.
STARS = {3: (3, 2, 1), 4: (3, 2, 1, 0), 5: (3, 3, 2, 1, 0), 6: (3, 3, 2, 1, 0, 0)}


def place(g: BoardGame, plan: dict[str, list[str]]) -> None:
    """Answer place_order decisions with each house's next planned token, in the order asked."""
    plans = {h: list(tokens) for h, tokens in plan.items()}
    while True:
        asked = [
            d for d in g.pending() if d.kind == D.PLACE_ORDER.name and plans.get(g.house_of(d.seat))
        ]
        if not asked:
            break
        g.apply(asked[0].seat, plans[g.house_of(asked[0].seat)].pop(0))
    assert all(not rest for rest in plans.values()), plans


def place_first(g: BoardGame, prefer_special: bool = False) -> None:
    """Answer every place_order decision with its first token (first special if asked)."""
    while g.pending() and g.pending()[0].kind == D.PLACE_ORDER.name:
        d = g.pending()[0]
        tokens = [c for c in d.choices if c != "none"]
        specials = [c for c in tokens if c in SPECIALS]
        g.apply(d.seat, (specials or tokens)[0] if prefer_special else tokens[0])


def raven(g: BoardGame, *choices: str) -> None:
    for choice in choices:
        (d,) = g.pending()
        assert d.seat == g.seat_of(g.holder("kings_court"))
        g.apply(d.seat, choice)


def basic() -> Scenario:
    return (
        Scenario(players=4)
        .empty()
        .units("winterfell", "stark", "footman", "knight")
        .units("the_shivering_sea", "stark", "ship")
        .units("port_of_winterfell", "stark", "ship")
        .token("karhold", "stark")  # power token only: no order
        .units("lannisport", "lannister", "footman")
        .units("pyke", "greyjoy", "footman")
        .token("kingswood", "baratheon")
    )


# -- R5.1 one order per area with units, simultaneous and secret --------------------------------


def test_r5_1_every_house_with_units_is_asked_at_once_for_its_next_area() -> None:
    g = basic().start(PlanningPhase())
    assert g.phase == "planning" and not g.orders_revealed
    pending = g.pending()
    assert [d.seat for d in pending] == sorted(
        g.seat_of(h) for h in ("stark", "lannister", "greyjoy")
    )
    assert all(d.kind == D.PLACE_ORDER.name for d in pending)
    prompts = {g.house_of(d.seat): d.prompt for d in pending}
    assert prompts["stark"] == "Stark: order for Winterfell"
    assert prompts["lannister"] == "Lannister: order for Lannisport"
    assert "none" not in choices(g, D.PLACE_ORDER, "stark")


def test_r5_1_one_order_in_each_unit_area_none_elsewhere() -> None:
    g = basic().start(PlanningPhase())
    decide(g, D.PLACE_ORDER, "march+0", house="stark")
    # stored on the board at once, still face down (R1.14.1)
    assert g.orders == {"winterfell": Order("stark", "march+0")}
    assert not g.orders_revealed
    assert choices(g, D.PLACE_ORDER, "stark")  # Stark's next area
    assert next(d for d in g.pending() if d.seat == g.seat_of("stark")).prompt == (
        "Stark: order for The Shivering Sea"
    )
    place(g, {"stark": ["raid", "consolidate"], "lannister": ["defense+1"], "greyjoy": ["raid"]})
    assert g.orders == {
        "winterfell": Order("stark", "march+0"),
        "the_shivering_sea": Order("stark", "raid"),
        "port_of_winterfell": Order("stark", "consolidate"),
        "lannisport": Order("lannister", "defense+1"),
        "pyke": Order("greyjoy", "raid"),
    }
    assert "karhold" not in g.orders and "kingswood" not in g.orders
    assert g.orders_revealed  # R5.4
    assert pending_kinds(g) == [D.RAVEN.name]


def test_r5_1_orders_stay_secret_in_the_log_until_revealed() -> None:
    g = basic().start(PlanningPhase())
    place(g, {"stark": ["march+0", "raid", "consolidate"], "lannister": ["defense+1"]})
    assert not g.orders_revealed
    assert not any("March" in line or "Raid" in line for line in log_lines(g))
    place(g, {"greyjoy": ["support+0"]})
    assert g.orders_revealed
    assert any("Stark orders" in line and "Winterfell: March +0" in line for line in log_lines(g))
    (revealed,) = events_of(g, E.ORDERS_REVEALED.name)
    assert revealed["orders"] == {  # R5.4 house -> area -> token, houses in turn order
        "lannister": {"lannisport": "defense+1"},
        "stark": {
            "winterfell": "march+0",
            "the_shivering_sea": "raid",
            "port_of_winterfell": "consolidate",
        },
        "greyjoy": {"pyke": "support+0"},
    }
    assert list(revealed["orders"]) == ["lannister", "stark", "greyjoy"]
    stark = next(e for e in events_of(g, E.HOUSE_ORDERS.name) if e["house"] == "stark")
    assert stark["orders"] == revealed["orders"]["stark"]


def test_r5_1_standard_start_every_house_orders_exactly_its_unit_areas() -> None:
    g = Scenario(players=6).start(PlanningPhase())
    place_first(g, prefer_special=True)
    assert g.orders_revealed
    for house in g.houses:
        unit_areas = {a for a, units in g.units.items() if units[0].house == house}
        assert set(g.orders_of(house)) == unit_areas
        specials = sum(1 for a in g.orders_of(house) if g.orders[a].special)
        assert specials == min(g.stars(house), len(unit_areas))  # R5.2


def test_r5_1_stale_orders_are_cleared_at_the_start() -> None:
    g = basic().units("moat_cailin", "baratheon", "footman").order("moat_cailin", "raid")
    game = g.start(PlanningPhase())
    game.pending()
    assert "moat_cailin" not in game.orders
    assert not game.orders_revealed


# -- R5.2 legal tokens ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r2_3_r5_2_special_orders_limited_by_kings_court_position(players: int) -> None:
    for position, stars in enumerate(STARS[players]):
        s = Scenario(players=players).empty()
        house = s.g.tracks["kings_court"][position]
        for area in NORTH:
            s.units(area, house, "footman")
        g = s.start(PlanningPhase())
        first = choices(g, D.PLACE_ORDER, house)
        assert set(first) & set(SPECIALS) == (set(SPECIALS) if stars else set())
        place_first(g, prefer_special=True)
        placed = [g.orders[a].token for a in NORTH]
        assert sum(1 for t in placed if t in SPECIALS) == stars, (players, position)
        assert len(placed) == len(NORTH)


def test_r1_10_each_token_only_as_often_as_the_house_owns_it() -> None:
    s = Scenario(players=4).empty()
    for area in NORTH:
        s.units(area, "greyjoy", "footman")  # 0 stars
    g = s.start(PlanningPhase())
    assert choices(g, D.PLACE_ORDER, "greyjoy") == (
        "march-1",
        "march+0",
        "defense+1",
        "support+0",
        "raid",
        "consolidate",
    )
    place(g, {"greyjoy": ["raid", "raid"]})
    assert "raid" not in choices(g, D.PLACE_ORDER, "greyjoy")
    decide(g, D.PLACE_ORDER, "march-1", house="greyjoy")
    assert choices(g, D.PLACE_ORDER, "greyjoy") == (
        "march+0",
        "defense+1",
        "support+0",
        "consolidate",
    )


def test_r3_4_r5_2_restricted_tokens_are_never_offered_and_end_with_planning() -> None:
    g = basic().restrict("defense+1", "defense+2*").start(PlanningPhase())
    for house in ("stark", "lannister", "greyjoy"):
        offered = choices(g, D.PLACE_ORDER, house)
        assert "defense+1" not in offered and "defense+2*" not in offered
        assert "support+0" in offered
    place_first(g)
    assert g.restrictions == frozenset({"defense+1", "defense+2*"})  # still during the Raven
    raven(g, "pass")
    assert g.restrictions == frozenset()  # R3.2.6
    assert g.pending() == []


@pytest.mark.parametrize(
    ("house", "choice"),
    [
        ("stark", "none"),  # only under R5.3
        ("stark", "defense+1"),  # restricted (R3.4)
        ("greyjoy", "march+1*"),  # King's Court 4th of 4: 0 stars (R2.3)
        ("stark", "march"),
        ("stark", 1),
        ("baratheon", "raid"),  # Baratheon has no area to order
    ],
)
def test_d11_illegal_order_raises_and_changes_nothing(house: str, choice: object) -> None:
    g = basic().restrict("defense+1", "defense+2*").start(PlanningPhase())
    g.pending()  # run the position up to its first decision
    assert_illegal(g, choice, seat=g.seat_of(house))
    assert g.orders == {}


def test_d11_used_up_token_is_illegal_and_changes_nothing() -> None:
    g = basic().start(PlanningPhase())
    decide(g, D.PLACE_ORDER, "march+1*", house="stark")
    decide(g, D.PLACE_ORDER, "march+0", house="stark")
    assert_illegal(g, "march+0", kind=D.PLACE_ORDER, house="stark")


# -- R5.3 not enough tokens -------------------------------------------------------------------


def short_greyjoy(areas: int = 11) -> Scenario:
    """Greyjoy (0 stars with 4 players) has 10 placeable tokens; give it ``areas`` areas."""
    lands = (
        *NORTH,
        "moat_cailin",
        "greywater_watch",
        "flints_finger",
        "seagard",
    )
    s = (
        Scenario(players=4)
        .empty()
        .units("dragonstone", "baratheon", "footman")
        .units("the_twins", "stark", "footman")
        .units("the_fingers", "stark", "footman")
    )
    for area in lands[: min(areas, 10)]:
        s.units(area, "greyjoy", "footman")
    if areas > 10:
        s.units("bay_of_ice", "greyjoy", "ship")
    return s


def test_r5_3_short_house_makes_everyone_place_in_turn_order() -> None:
    """Turn order with 4 players: Baratheon, Lannister, Stark, Greyjoy. One house at a time,
    each finishing before the next."""
    g = short_greyjoy().start(PlanningPhase())
    asked: list[str] = []
    while g.pending()[0].kind == D.PLACE_ORDER.name:
        (d,) = g.pending()
        house = g.house_of(d.seat)
        asked.append(house)
        if house != "greyjoy":
            assert "none" not in d.choices
            g.apply(d.seat, d.choices[0])
        elif asked.count("greyjoy") == 1:
            assert d.prompt == "Greyjoy: order for Castle Black"  # first in map order
            assert d.choices[-1] == "none"  # 10 tokens for 11 areas
            g.apply(d.seat, "none")
        else:
            assert "none" not in d.choices  # 10 tokens left for 10 areas: place all
            g.apply(d.seat, d.choices[0])
    assert asked == ["baratheon", "stark", "stark"] + ["greyjoy"] * 11
    assert "castle_black" not in g.orders
    assert len(g.orders_of("greyjoy")) == 10
    assert {g.orders[a].token for a in g.orders_of("greyjoy")} == set(REGULARS)
    assert g.orders_revealed
    assert any("leaves Castle Black without an order" in line for line in log_lines(g))
    (skipped,) = events_of(g, E.ORDER_SKIPPED.name)
    assert skipped.fields == {"house": "greyjoy", "area": "castle_black"}
    (planning,) = events_of(g, E.PLANNING.name)
    assert planning["short"] == ["greyjoy"]
    assert log_lines(g)[1] == (
        "Planning: not enough order tokens (Greyjoy); orders are placed in turn order"
    )


def test_r5_3_last_areas_left_empty_when_the_tokens_run_out() -> None:
    g = short_greyjoy().start(PlanningPhase())
    place_first(g)  # Greyjoy never answers "none": its last area stays empty
    assert len(g.orders_of("greyjoy")) == 10
    assert "bay_of_ice" not in g.orders
    assert any("no order token left for Bay of Ice" in line for line in log_lines(g))
    (exhausted,) = events_of(g, E.ORDERS_EXHAUSTED.name)
    assert exhausted.fields == {"house": "greyjoy", "areas": ["bay_of_ice"]}
    assert pending_kinds(g) == [D.RAVEN.name]


def test_r5_3_restrictions_can_make_a_house_short() -> None:
    g = short_greyjoy(areas=9).restrict("raid", "raid*").start(PlanningPhase())
    (d,) = g.pending()  # sequential: only Baratheon (Iron Throne 1) is asked
    assert g.house_of(d.seat) == "baratheon"
    place(g, {"baratheon": ["march+0"], "stark": ["support+0", "defense+1"]})
    (d,) = g.pending()
    assert g.house_of(d.seat) == "greyjoy"
    assert d.choices == ("march-1", "march+0", "defense+1", "support+0", "consolidate", "none")


def test_r5_3_not_short_means_simultaneous() -> None:
    g = short_greyjoy(areas=10).start(PlanningPhase())
    assert len(g.pending()) == 3
    assert all("none" not in d.choices for d in g.pending())


@pytest.mark.parametrize(
    ("house", "choice"),
    [
        ("baratheon", "none"),  # Baratheon is not short
        ("baratheon", "pass"),
        ("baratheon", 0),
        ("greyjoy", "none"),  # not Greyjoy's turn yet (R5.3 turn order)
        ("stark", "raid"),
    ],
)
def test_r5_3_illegal_choice_in_turn_order_mode(house: str, choice: object) -> None:
    g = short_greyjoy().start(PlanningPhase())
    g.pending()  # run the position up to its first decision
    assert_illegal(g, choice, seat=g.seat_of(house))


# -- R5.5 Messenger Raven -------------------------------------------------------------------------


def raven_scenario(*restrictions: str) -> BoardGame:
    """Lannister (King's Court 1, 3 stars) places its 3 specials and a Raid; Stark one order."""
    g = (
        Scenario(players=4)
        .empty()
        .units("lannisport", "lannister", "footman")
        .units("stoney_sept", "lannister", "footman")
        .units("the_golden_sound", "lannister", "ship")
        .units("port_of_lannisport", "lannister", "ship")
        .units("winterfell", "stark", "footman")
        .restrict(*restrictions)
        .start(PlanningPhase())
    )
    place(
        g,
        {
            "lannister": ["march+1*", "defense+2*", "support+1*", "raid"],
            "stark": ["march+0"],
        },
    )
    return g


def test_r5_5_raven_at_end_of_reveal_offers_replace_look_pass() -> None:
    g = raven_scenario()
    (d,) = g.pending()
    assert d.kind == D.RAVEN.name and d.seat == g.seat_of("lannister")
    assert g.orders_revealed  # E4 / Q1: after the reveal
    assert d.choices == (
        "replace:lannisport",
        "replace:stoney_sept",
        "replace:the_golden_sound",
        "replace:port_of_lannisport",
        "look",
        "pass",
    )


def test_r5_5_1_replace_special_limit_counts_without_the_removed_token() -> None:
    g = raven_scenario()
    raven(g, "replace:lannisport")
    (d,) = g.pending()
    assert d.kind == D.RAVEN_REPLACE.name
    assert d.choices == (
        "march-1",
        "march+0",
        "defense+1",
        "support+0",
        "raid",
        "raid*",
        "consolidate",
        "consolidate*",
    )
    g.apply(d.seat, "consolidate*")
    assert g.orders["lannisport"] == Order("lannister", "consolidate*")
    assert g.raven_used
    assert g.pending() == []
    assert any("Messenger Raven" in line and "Consolidate Power" in line for line in log_lines(g))
    (event,) = events_of(g, E.RAVEN_REPLACE.name)
    assert event.fields == {
        "house": "lannister",
        "area": "lannisport",
        "old": "march+1*",
        "new": "consolidate*",
    }


def test_r5_5_1_replace_regular_at_star_limit_offers_no_special() -> None:
    g = raven_scenario()
    raven(g, "replace:port_of_lannisport")
    (d,) = g.pending()
    assert d.choices == ("march-1", "march+0", "defense+1", "support+0", "consolidate")
    g.apply(d.seat, "march-1")
    assert g.orders["port_of_lannisport"] == Order("lannister", "march-1")
    assert g.raven_used


def test_q10_raven_never_places_a_restricted_token() -> None:
    g = raven_scenario("consolidate", "consolidate*")
    raven(g, "replace:lannisport")
    (d,) = g.pending()
    assert d.choices == ("march-1", "march+0", "defense+1", "support+0", "raid", "raid*")
    g.apply(d.seat, "raid*")
    assert g.restrictions == frozenset()  # cleared at the end of planning (R3.2.6)


def test_r5_5_2_look_then_keep_on_top_secretly() -> None:
    g = raven_scenario()
    deck = g.wildling_deck
    raven(g, "look")
    assert g.raven_peek == deck[0] and g.raven_peek_house == "lannister"
    (d,) = g.pending()
    assert d.kind == D.RAVEN_WILDLING.name and d.choices == ("keep", "bottom")
    g.apply(d.seat, "keep")
    assert g.wildling_deck == deck
    assert g.raven_used
    card = T.WILDLING_CARD_BY_ID[deck[0]]
    assert not any(card.id in line or card.name in line for line in log_lines(g))  # R1.14.1
    assert any("Lannister uses the Messenger Raven and looks" in line for line in log_lines(g))
    assert g.pending() == []
    # the look is a secret event: whole for the holder's seat, redacted for everyone else
    (look,) = events_of(g, E.RAVEN_LOOK.name)
    assert look.fields == {"house": "lannister", "card": card.id}
    index = g.log.index(look)
    holder = g.events(g.seat_of("lannister"), index)[0]
    assert holder["card"] == card.id and card.name in g.render(holder)
    for seat in (None, g.seat_of("stark")):
        other = g.events(seat, index)[0]
        assert other.redacted and "card" not in other.fields
        assert (
            g.render(other)
            == "Lannister uses the Messenger Raven and looks at the top wildling card"
        )
    (kept,) = events_of(g, E.RAVEN_WILDLING.name)
    assert kept.fields == {"house": "lannister", "bottom": False}


def test_r5_5_2_look_then_bottom() -> None:
    g = raven_scenario()
    deck = g.wildling_deck
    raven(g, "look", "bottom")
    assert g.wildling_deck == (*deck[1:], deck[0])
    assert g.raven_peek == deck[0] and g.raven_peek_house == "lannister"
    assert g.raven_used
    assert sorted(g.wildling_deck) == sorted(deck)


def test_r5_5_3_pass_leaves_the_raven_unused() -> None:
    g = raven_scenario()
    orders, deck = dict(g.orders), g.wildling_deck
    raven(g, "pass")
    assert not g.raven_used
    assert g.orders == orders and g.wildling_deck == deck
    assert g.raven_peek is None
    assert g.pending() == []


def test_r1_9_6_used_raven_is_not_offered() -> None:
    s = Scenario(players=4).empty().units("lannisport", "lannister", "footman").raven_used()
    g = s.start(PlanningPhase())
    place(g, {"lannister": ["raid"]})
    assert g.pending() == []
    assert g.orders_revealed


def test_r5_5_holder_without_orders_may_only_look_or_pass() -> None:
    g = Scenario(players=4).empty().units("winterfell", "stark", "footman").start(PlanningPhase())
    place(g, {"stark": ["raid"]})
    (d,) = g.pending()
    assert d.seat == g.seat_of("lannister") and d.choices == ("look", "pass")


@pytest.mark.parametrize("choice", ["replace:winterfell", "replace:nowhere", "peek", "keep", 0])
def test_d12_illegal_raven_choice_raises_and_changes_nothing(choice: object) -> None:
    g = raven_scenario()
    assert_illegal(g, choice, kind=D.RAVEN, house="lannister")
    assert_illegal(g, "pass", seat=g.seat_of("stark"))  # not the Raven holder


@pytest.mark.parametrize("choice", ["raid", "raid*", "march+1*", "none", "pass"])
def test_d12_illegal_raven_replace_raises_and_changes_nothing(choice: str) -> None:
    g = raven_scenario()
    raven(g, "replace:port_of_lannisport")  # at the star limit, the current token is "raid"
    assert_illegal(g, choice, kind=D.RAVEN_REPLACE, house="lannister")
    assert g.orders["port_of_lannisport"] == Order("lannister", "raid")


@pytest.mark.parametrize("choice", ["top", "pass", "look", 1])
def test_d12_illegal_raven_wildling_raises_and_changes_nothing(choice: object) -> None:
    g = raven_scenario()
    raven(g, "look")
    assert_illegal(g, choice, kind=D.RAVEN_WILDLING, house="lannister")
