"""The heuristic bot plans at the table to the end (R5.1, R5.3, X-MOD-9.1): from any arrangement
of its orders it reaches ``ready`` in a few moves, also when its regular tokens lie on ships and
only sea tokens are left (a bot-only Mother of Dragons game on the server once spun here for
ever, swapping one sea token for the other in the same area)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.boardgame.driver import decide, pending
from westeros.boardgame import decisions as D
from westeros.boardgame import tables as T
from westeros.boardgame.builder import Scenario
from westeros.boardgame.planning import PlanningPhase, order_areas
from westeros.boardgame.state import BoardGame
from westeros.bots.heuristic import HeuristicBot

LANDS = ("winterfell", "white_harbor")
SHIPS = ("bay_of_ice", "the_shivering_sea", "port_of_winterfell")  # map order
# two regular tokens (March +0, March -1) and two sea tokens (Sea March -1, the Iron Bank
# token; Sea Support +0 is barred with Support +0): four orders, for four or five areas (R5.3)
KEPT = ("march+0", "march-1")


def table(ships: int = 3) -> BoardGame:
    """Stark's footmen in both LANDS and ships in the first ``ships`` of SHIPS, planning at
    the table with KEPT and the sea tokens."""
    s = Scenario(players=7, scenario="mod", planning="table").empty()
    for area in LANDS:
        s.units(area, "stark", "footman")
    for area in SHIPS[:ships]:
        s.units(area, "stark", "ship")
    s.restrict(*(t for t in T.ORDER_COUNTS if t not in KEPT))
    return s.start(PlanningPhase())


def plan(g: BoardGame, *placed: tuple[str, str]) -> None:
    for area, token in placed:
        decide(g, D.PLAN_ORDERS, f"place:{area}:{token}", "stark")


def heuristic_readies(g: BoardGame, moves: int) -> bool:
    """The heuristic answers Stark's ``plan_orders`` until it is ready (True) or ``moves`` run
    out (False)."""
    bot = HeuristicBot(0)
    for _ in range(moves):
        d = pending(g, D.PLAN_ORDERS, "stark")
        if d.idle:
            return True
        choice = bot.choose(g.view(d.seat), d)
        g.apply(d.seat, choice)
        if choice == "ready":
            return True
    return False


def test_x_mod_9_1_a_sea_token_goes_where_it_frees_a_regular_token() -> None:
    """White Harbor is empty and no regular token is left: the heuristic puts a sea token on
    the ships that hold March -1 (not the other sea token where one already lies), then March
    -1 on White Harbor, then readies."""
    g = table(ships=2)  # four areas, four tokens: every area gets an order
    assert order_areas(g, "stark") == [*LANDS, *SHIPS[:2]]  # land first, in map order
    plan(g, (LANDS[0], "march+0"), (SHIPS[0], "iron_bank"), (SHIPS[1], "march-1"))
    assert heuristic_readies(g, 4)
    assert {a: o.token for a, o in g.orders.items()} == {
        LANDS[0]: "march+0",
        LANDS[1]: "march-1",
        SHIPS[0]: "iron_bank",
        SHIPS[1]: "sea_march-1",
    }


def test_r5_1_an_empty_area_that_can_take_a_token_gets_one() -> None:
    """The next empty area in map order (White Harbor) can take no token, a later one on
    ships can: the heuristic orders that one and readies."""
    g = table()
    plan(g, (LANDS[0], "march+0"), (SHIPS[0], "iron_bank"), (SHIPS[2], "march-1"))
    assert pending(g, D.PLAN_ORDERS, "stark").about("area") == LANDS[1]
    assert heuristic_readies(g, 4)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), walk=st.integers(0, 30))
def test_r5_1_the_heuristic_readies_from_any_arrangement(seed: int, walk: int) -> None:
    """Whatever orders lie on the board (a random walk of places, changes and removals), the
    heuristic reaches ``ready`` within a move per area and token, plus one."""
    g = table()
    rng = random.Random(seed)
    for _ in range(walk):
        d = pending(g, D.PLAN_ORDERS, "stark")
        g.apply(d.seat, rng.choice([c for c in d.choices if c != "ready"]))
    assert heuristic_readies(g, 2 * len(order_areas(g, "stark")) + 1)
