"""Whole random Mother of Dragons games on the 7-house board (X-MOD-1.1, X-MOD-3): the
invariants, views, bad input and replay checks of test_fuzz.py, the random and heuristic bots
playing every seat, and units using the areas the MoD map adds."""

from __future__ import annotations

from typing import Any

import pytest

from tests.boardgame.test_fuzz import heuristic_game, play_checked
from westeros.boardgame.state import BoardGame
from westeros.bots import RandomBot
from westeros.engine import new_game

MOD: dict[str, Any] = {"scenario": "mod"}
NEW_AREAS = {"the_vale_of_arryn", "the_bite", "port_of_the_eyrie"}


@pytest.mark.parametrize("tides", [False, True])
def test_deep_checks_on_a_random_seven_player_mod_game(tides: bool) -> None:
    """Bad input at every decision of a whole 7-player MoD game; views and replay each step."""
    kinds = play_checked(7, 4100 + tides, tides=tides, deep=True, extra=MOD)
    assert {"place_order", "march_order", "march_move", "bid"} <= kinds


def test_seeded_seven_player_mod_games() -> None:
    kinds: set[str] = set()
    for i in range(4):
        kinds |= play_checked(7, 4200 + i, tides=i % 2 == 1, extra=MOD)
    assert {"muster", "support", "house_card", "retreat"} <= kinds


def _random_game(seed: int) -> tuple[BoardGame, set[str]]:
    """A random 7-player MoD game; the new areas any unit stood in after some move."""
    g: BoardGame = new_game("boardgame", {"players": 7, **MOD}, seed)
    bots = [RandomBot(seed + s) for s in range(7)]
    entered: set[str] = set()
    while g.pending():
        d = g.pending()[0]
        g.apply(d.seat, bots[d.seat].choose(g.view(d.seat), d))
        entered |= NEW_AREAS & set(g.units)
    return g, entered


def test_random_mod_games_end_and_use_the_new_areas() -> None:
    """R9: every game ends (7 castles or round 10) with a ranking of the 7 houses; the units
    stand in The Vale of Arryn, The Bite and the Port of the Eyrie at some point."""
    entered: set[str] = set()
    for seed in range(4):
        g, seen = _random_game(4300 + seed)
        assert g.phase == "over" and sorted(g.ranking) == sorted(g.houses)
        assert g.end_reason in {"7 castles and strongholds", "end of round 10"}, g.end_reason
        entered |= seen
    assert entered == NEW_AREAS


def test_the_heuristic_bot_plays_whole_mod_games() -> None:
    for seed in range(2):
        heuristic_game({"players": 7, **MOD, "tides": seed == 1}, seed, set())
