"""The aggressive style plans at the table as it places orders one by one (R5.1, D11): the
same token for the same area, which is not always the heuristic's."""

from __future__ import annotations

from westeros.boardgame.public import decisions as D
from westeros.bots.heuristic import RULES
from westeros.bots.heuristic.aggressive import AGGRESSIVE_RULES
from westeros.bots.heuristic.board import Board
from westeros.engine import Decision, Game, new_game


def first_decisions(planning: str, seed: int) -> tuple[Game, list[Decision]]:
    game = new_game("boardgame", {"players": 4, "planning": planning}, seed)
    return game, game.pending()


def test_the_aggressive_bot_plans_at_the_table_in_its_own_style() -> None:
    differs = False
    for seed in range(6):
        seq, placing = first_decisions("sequential", seed)
        table, planning = first_decisions("table", seed)
        for one, two in zip(placing, planning, strict=True):
            assert (one.kind, two.kind) == (D.PLACE_ORDER.name, D.PLAN_ORDERS.name)
            assert one.about("area") == two.about("area")  # the first area, map order
            token = AGGRESSIVE_RULES[D.PLACE_ORDER.name](Board(seq.view(one.seat)), one)
            planned = AGGRESSIVE_RULES[D.PLAN_ORDERS.name](Board(table.view(two.seat)), two)
            assert planned == f"place:{two.about('area')}:{token}"
            plain = RULES[D.PLAN_ORDERS.name](Board(table.view(two.seat)), two)
            differs |= plain != planned
    assert differs  # marches and raids weighted up: not the heuristic's tokens everywhere
