"""Planning at the table (config ``planning: "table"``; R5.1–R5.3, R3.4, D11): orders placed,
changed and removed in any order, Ready and Unready, the phase ending when every house is
ready; and a march plan reset before it is carried out (R6.4)."""

from __future__ import annotations

import json

import pytest

from tests.boardgame.driver import assert_illegal, choices, decide, events_of, pending
from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame.builder import Scenario
from westeros.boardgame.planning import PlanningPhase
from westeros.boardgame.state import BoardGame, Order
from westeros.bots import play_out
from westeros.bots.heuristic import HeuristicBot
from westeros.engine import ConfigError, new_game
from westeros.engine.registry import game_info

PLAN = D.PLAN_ORDERS


def table(planning: str = "table") -> Scenario:
    return (
        Scenario(players=4, planning=planning)
        .empty()
        .units("winterfell", "stark", "footman", "knight")
        .units("the_shivering_sea", "stark", "ship")
        .units("port_of_winterfell", "stark", "ship")
        .token("karhold", "stark")  # power token only: no order (R5.1)
        .units("lannisport", "lannister", "footman")
        .units("pyke", "greyjoy", "footman")
        .token("kingswood", "baratheon")  # Baratheon has nothing to order
    )


def ready_all(g: BoardGame, *houses: str) -> None:
    for house in houses:
        decide(g, PLAN, "ready", house=house)


def test_config_planning_is_sequential_by_default_and_checked() -> None:
    info = game_info("boardgame")
    assert info.check_config({"players": 4})["planning"] == "sequential"
    assert info.check_config({"players": 4, "planning": "table"})["planning"] == "table"
    with pytest.raises(ConfigError, match="planning must be one of sequential, table"):
        info.check_config({"players": 4, "planning": "free"})


def test_r5_1_at_the_table_every_house_with_units_plans_at_once() -> None:
    g = table().start(PlanningPhase())
    asked = {g.house_of(d.seat): d for d in g.pending()}
    assert set(asked) == {"stark", "lannister", "greyjoy"}  # not Baratheon: no unit (R5.1)
    stark = asked["stark"]
    assert stark.kind == PLAN.name and not stark.idle
    areas = {PLAN.parse(c)["area"] for c in stark.choices if c not in ("ready", "unready")}
    assert areas == {"winterfell", "the_shivering_sea", "port_of_winterfell"}  # not Karhold
    assert "ready" not in stark.choices and "unready" not in stark.choices
    assert stark.about("area") == "winterfell" and stark.about("placed") == 0
    assert stark.prompt == "Stark: place your orders (0 of 3 areas), then ready"


def test_r5_1_orders_placed_out_of_order_changed_and_removed() -> None:
    g = table().start(PlanningPhase())
    decide(g, PLAN, "place:port_of_winterfell:consolidate", house="stark")
    decide(g, PLAN, "place:winterfell:march+0", house="stark")
    assert g.orders == {
        "port_of_winterfell": Order("stark", "consolidate"),
        "winterfell": Order("stark", "march+0"),
    }
    assert pending(g, PLAN, "stark").about("area") == "the_shivering_sea"
    decide(g, PLAN, "place:winterfell:defense+1", house="stark")  # changed: the token swapped
    assert g.orders["winterfell"] == Order("stark", "defense+1")
    assert "place:winterfell:defense+1" not in choices(g, PLAN, "stark")  # the same token again
    assert "place:winterfell:march+0" in choices(g, PLAN, "stark")  # back in hand
    decide(g, PLAN, "remove:port_of_winterfell", house="stark")
    assert "port_of_winterfell" not in g.orders
    assert "remove:port_of_winterfell" not in choices(g, PLAN, "stark")
    assert not g.orders_revealed and g.phase == "planning"


def test_r5_2_special_orders_within_the_stars_wherever_they_lie() -> None:
    g = table().start(PlanningPhase())
    assert g.stars("stark") == 2  # 4 players: second on the King's Court (R2.3, R5.2)
    decide(g, PLAN, "place:winterfell:march+1*", house="stark")
    decide(g, PLAN, "place:the_shivering_sea:raid*", house="stark")
    port = [c for c in choices(g, PLAN, "stark") if str(c).startswith("place:port_of_winterfell:")]
    assert port and not any(str(c).endswith("*") for c in port)  # no third star
    assert "place:winterfell:defense+2*" in choices(g, PLAN, "stark")  # a star for a star
    decide(g, PLAN, "remove:winterfell", house="stark")
    assert "place:port_of_winterfell:consolidate*" in choices(g, PLAN, "stark")  # free again


def test_r3_4_restricted_tokens_are_never_offered_at_the_table() -> None:
    s = table()
    s.g.restrictions = frozenset({"march-1", "march+0", "march+1*"})
    g = s.start(PlanningPhase())
    tokens = {PLAN.parse(c).get("token") for c in choices(g, PLAN, "stark")}
    assert not tokens & {"march-1", "march+0", "march+1*"}
    assert {"defense+1", "raid", "consolidate"} <= tokens


def test_r5_1_ready_once_every_area_has_an_order_then_unready() -> None:
    g = table().start(PlanningPhase())
    assert_illegal(g, "ready", PLAN, "stark", match="not a legal choice")
    decide(g, PLAN, "place:winterfell:march+0", house="stark")
    decide(g, PLAN, "place:the_shivering_sea:raid", house="stark")
    assert "ready" not in choices(g, PLAN, "stark")
    decide(g, PLAN, "place:port_of_winterfell:consolidate", house="stark")
    decide(g, PLAN, "ready", house="stark")
    (stark,) = (d for d in g.pending() if d.seat == g.seat_of("stark"))
    assert stark.idle and stark.choices == ("unready",)
    assert g.pending()[-1] is stark  # idle decisions come after the awaited ones
    assert stark.prompt == "Stark: ready — waiting for Lannister, Greyjoy"
    view = g.view(g.seat_of("lannister"))
    assert view["ready"] == ["stark"] and g.seat_of("stark") not in view["waiting_for"]
    assert [e["house"] for e in events_of(g, E.ORDERS_READY.name)] == ["stark"]
    assert_illegal(g, "place:winterfell:defense+1", PLAN, "stark")  # ready: orders fixed
    decide(g, PLAN, "unready", house="stark")
    assert g.view(None)["ready"] == []
    decide(g, PLAN, "place:winterfell:defense+1", house="stark")
    assert g.orders["winterfell"] == Order("stark", "defense+1")
    assert [e["house"] for e in events_of(g, E.ORDERS_UNREADY.name)] == ["stark"]


def test_r5_4_the_orders_are_revealed_once_every_house_is_ready() -> None:
    g = table().start(PlanningPhase())
    for area, token in (
        ("winterfell", "march+0"),
        ("the_shivering_sea", "raid"),
        ("port_of_winterfell", "consolidate"),
    ):
        decide(g, PLAN, f"place:{area}:{token}", house="stark")
    decide(g, PLAN, "place:lannisport:defense+1", house="lannister")
    decide(g, PLAN, "place:pyke:support+0", house="greyjoy")
    ready_all(g, "stark", "greyjoy")
    assert not g.orders_revealed
    decide(g, PLAN, "ready", house="lannister")
    assert g.orders_revealed  # R5.4
    assert [d.kind for d in g.pending()] == [D.RAVEN.name]  # R5.5 after the reveal
    assert g.view(None)["ready"] == []
    (revealed,) = events_of(g, E.ORDERS_REVEALED.name)
    assert revealed["orders"]["greyjoy"] == {"pyke": "support+0"}


def test_r1_14_1_orders_placed_at_the_table_stay_secret() -> None:
    g = table().start(PlanningPhase())
    lannister = g.seat_of("lannister")
    decide(g, PLAN, "place:winterfell:march+1*", house="stark")
    before = json.dumps(g.view(lannister), sort_keys=True)
    assert g.view(lannister)["orders"]["winterfell"] == {"house": "stark", "token": None}
    assert g.view(None)["orders"]["winterfell"]["token"] is None
    assert g.view(g.seat_of("stark"))["orders"]["winterfell"]["token"] == "march+1*"
    decide(g, PLAN, "place:winterfell:defense+2*", house="stark")  # a change shows nothing
    assert json.dumps(g.view(lannister), sort_keys=True) == before
    texts = [g.render(e) for e in g.events(lannister)]
    assert not any("Defense" in t or "March" in t for t in texts)


def test_r5_3_short_at_the_table_one_house_after_the_other_readiness_final() -> None:
    s = table()
    for area in ("castle_black", "white_harbor", "moat_cailin", "the_stony_shore", "widows_watch"):
        s.units(area, "stark", "footman")
    s.units("the_narrow_sea", "stark", "ship").units("bay_of_ice", "stark", "ship")
    s.units("greywater_watch", "stark", "footman").units("the_twins", "stark", "footman")
    s.units("seagard", "stark", "footman").units("riverrun", "stark", "footman")
    g = s.start(PlanningPhase())
    g.pending()
    (short,) = events_of(g, E.PLANNING.name)
    assert short["short"] == ["stark"]  # 14 areas, 10 regular tokens and two stars
    (first,) = g.pending()  # R5.3 in turn order: Lannister, Stark, Greyjoy
    assert g.house_of(first.seat) == "lannister"
    decide(g, PLAN, "place:lannisport:march+0", house="lannister")
    decide(g, PLAN, "ready", house="lannister")
    (now,) = g.pending()
    assert g.house_of(now.seat) == "stark"  # no idle decision: Lannister's readiness is final
    areas = g.areas_of("stark")
    while "ready" not in choices(g, PLAN, "stark"):
        d = pending(g, PLAN, "stark")
        area = d.about("area")
        token = next(c for c in d.choices if str(c).startswith(f"place:{area}:"))
        g.apply(d.seat, token)
    empty = [a for a in areas if a not in g.orders]
    assert len(empty) == 2  # 12 tokens for 14 areas: the short house leaves 2 empty
    decide(g, PLAN, "ready", house="stark")
    skipped = [e["area"] for e in events_of(g, E.ORDER_SKIPPED.name)]
    assert skipped == empty
    assert g.house_of(pending(g, PLAN).seat) == "greyjoy"


def test_refusals_at_the_table_name_the_house_and_say_why() -> None:
    g = table().start(PlanningPhase())
    d = pending(g, PLAN, "stark")
    assert "every area with your units needs an order" in g.refusal(d, "ready")
    assert "not in Lannisport" in g.refusal(d, "place:lannisport:raid")
    decide(g, PLAN, "place:winterfell:march+0", house="stark")
    decide(g, PLAN, "place:the_shivering_sea:raid", house="stark")
    decide(g, PLAN, "place:port_of_winterfell:consolidate", house="stark")
    decide(g, PLAN, "ready", house="stark")
    idle = pending(g, PLAN, "stark")
    assert g.refusal(idle, "remove:winterfell") == (
        "Stark is ready: take it back (Unready) to change its orders."
    )


def test_the_heuristic_bot_gives_the_same_orders_at_the_table() -> None:
    """Bots at the table place the orders they would place area by area, then ready."""
    orders = {}
    for planning in ("sequential", "table"):
        g: BoardGame = new_game("boardgame", {"players": 5, "planning": planning}, 7)
        bots = [HeuristicBot(s) for s in range(5)]
        moves = 0
        while not g.orders_revealed:
            d = g.pending()[0]
            assert not d.idle
            g.apply(d.seat, bots[d.seat].choose(g.view(d.seat), d))
            moves += 1
        orders[planning] = dict(g.orders)
        assert moves == len(g.orders) + (5 if planning == "table" else 0)
    assert orders["table"] == orders["sequential"]


# -- a march plan reset (R6.4) -------------------------------------------------------------------


def marching(planning: str | None) -> BoardGame:
    return (
        Scenario(players=4, planning=planning)
        .empty()
        .units("winterfell", "stark", "footman", "knight")
        .order("winterfell", "march+0")
        .units("lannisport", "lannister", "footman")
        .order("lannisport", "defense+1")
        .start_action("march")
    )


def test_r6_4_a_march_plan_is_reset_at_the_table_and_planned_again() -> None:
    g = marching("table")
    decide(g, D.MARCH_ORDER, "winterfell", house="stark")
    assert "reset" not in choices(g, D.MARCH_MOVE)  # nothing planned yet
    decide(g, D.MARCH_MOVE, "knight>castle_black")
    d = pending(g, D.MARCH_MOVE)
    assert d.about("plan") == "knight>castle_black" and "reset" in d.choices
    assert g.units["winterfell"]  # nothing has moved
    decide(g, D.MARCH_MOVE, "reset")
    d = pending(g, D.MARCH_MOVE)
    assert d.about("plan") == "" and d.about("area") == "winterfell" and "reset" not in d.choices
    decide(g, D.MARCH_MOVE, "footman>the_stony_shore")
    decide(g, D.MARCH_MOVE, "done")
    assert [u.kind for u in g.units["the_stony_shore"]] == ["footman"]
    assert [u.kind for u in g.units["winterfell"]] == ["knight"]
    assert "castle_black" not in g.units


def test_r6_4_no_march_reset_in_the_sequential_game() -> None:
    g = marching(None)
    decide(g, D.MARCH_ORDER, "winterfell", house="stark")
    decide(g, D.MARCH_MOVE, "knight>castle_black")
    assert "reset" not in choices(g, D.MARCH_MOVE)
    assert_illegal(g, "reset", D.MARCH_MOVE)


def test_heuristic_bots_play_a_whole_game_at_the_table() -> None:
    """play_out answers pending()[0]: never an idle decision, so the bots never unready and
    every Planning phase ends (R5.1); the game runs to its end (R9)."""
    g: BoardGame = new_game("boardgame", {"players": 6, "planning": "table"}, 3)
    play_out(g, [HeuristicBot(s) for s in range(6)])
    outcome = g.outcome()
    assert outcome is not None and outcome.ranking
    kinds = {e.kind for e in g.log}
    assert {E.ORDERS_READY.name, E.ORDERS_REVEALED.name} <= kinds
    assert E.ORDERS_UNREADY.name not in kinds
