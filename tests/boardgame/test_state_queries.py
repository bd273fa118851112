"""The one-pass forms of the state's hot queries agree with their per-house forms at every move
of whole random games, with and without vassals (R5.1, R6.2, R9.1, X-MOD-10.4)."""

from __future__ import annotations

from typing import Any

import pytest

from westeros.boardgame.action import CYCLE_TYPES
from westeros.boardgame.state import BoardGame
from westeros.boardgame.vassals import cycle_houses, muster_orders
from westeros.engine import Choice, Game
from westeros.simulate import play_game


def _check(g: Game, seat: int, choice: Choice) -> None:
    assert isinstance(g, BoardGame)
    counts, by_house = g.castle_counts(), g.areas_by_house()
    for house in g.houses:
        assert counts[house] == g.castles(house)  # R9.1
        assert by_house.get(house, []) == g.areas_of(house)  # R5.1 the areas to order
    for types in CYCLE_TYPES.values():  # R6.2, X-MOD-10.4 a vassal's Defense +1/Muster order
        acting = {
            h
            for h in g.houses
            if any(o.house == h and o.type in types for o in g.orders.values())
            or ("consolidate" in types and muster_orders(g, h))
        }
        assert cycle_houses(g, types) == acting


@pytest.mark.parametrize(
    ("config", "seed"),
    [
        ({"players": 4, "tides": False}, 3),
        ({"players": 4, "scenario": "mod"}, 5),  # 3 vassals (X-MOD-10.1)
    ],
)
def test_r9_1_r5_1_r6_2_one_pass_queries_agree_at_every_move(
    config: dict[str, Any], seed: int
) -> None:
    game, result = play_game("boardgame", config, seed, on_move=_check)
    assert result.decisions > 100 and game.outcome() is not None
