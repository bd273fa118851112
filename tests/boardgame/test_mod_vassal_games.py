"""Whole random Mother of Dragons games with vassals (X-MOD-10), 3 to 6 players: the checks of
test_fuzz.py (invariants with the vassals' own, views and their secrets, bad input, replay hash
by hash), the random and heuristic bots answering every vassal decision legally, at both
planning modes."""

from __future__ import annotations

from typing import Any

import pytest

from tests.boardgame.test_fuzz import heuristic_game, play_checked
from westeros.boardgame import decisions as D
from westeros.boardgame import vassals as V
from westeros.boardgame.builder import Scenario
from westeros.bots.heuristic import HeuristicBot

MOD: dict[str, Any] = {"scenario": "mod"}
VASSAL_KINDS = {D.CHOOSE_VASSALS.name, D.VASSAL_ORDER.name}


@pytest.mark.parametrize("players", [3, 5])
def test_deep_checks_on_random_mod_games_with_vassals(players: int) -> None:
    """X-MOD-10.3–10.7: bad input at every decision of a whole game with 4 or 2 vassals."""
    kinds = play_checked(players, 5100 + players, deep=True, extra=MOD)
    assert kinds >= VASSAL_KINDS


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_seeded_mod_games_with_vassals(players: int) -> None:
    """X-MOD-10: whole games with 4, 3, 2 and 1 vassals, one with Tides of Battle."""
    kinds: set[str] = set()
    for i in range(2):
        kinds |= play_checked(players, 5200 + 10 * players + i, tides=i == 1, extra=MOD)
    assert kinds >= VASSAL_KINDS


def test_mod_games_with_vassals_planned_at_the_table() -> None:
    """X-MOD-10.4: the players plan at the table, then the commanders order their vassals."""
    kinds = play_checked(4, 5300, extra={**MOD, "planning": "table"})
    assert {D.PLAN_ORDERS.name, *VASSAL_KINDS} <= kinds


def test_the_heuristic_bot_plays_every_vassal_decision_by_its_rules() -> None:
    """X-MOD-D1, X-MOD-D2: the heuristic bot has a rule for each vassal decision and answers
    legally in whole games at 3 to 6 players."""
    met: set[str] = set()
    for players in (3, 4, 5, 6):
        met |= heuristic_game({"players": players, **MOD}, players, VASSAL_KINDS)
    assert met == VASSAL_KINDS


def test_the_heuristic_bot_gives_vassal_orders_it_scores() -> None:
    """X-MOD-D2: with an enemy to attack next to the vassal it places the vassal's March."""
    s = (
        Scenario(players=6)
        .empty()
        .vassals(martell="tyrell")
        .units("yronwood", "martell", "footman", "knight", "knight")
        .units("princes_pass", "stark", "footman")
        .units("highgarden", "tyrell", "footman")
    )
    g = s.start(V.VassalOrders())
    d = g.pending()[0]
    assert HeuristicBot(0).choose(g.view(d.seat), d) == "yronwood:vassal_march+0"
