"""The heuristic's A Feast for Crows rules (X-AFFC-D1, X-AFFC-D2, X-AFFC-D4), on a real view:
return the card worth least to the house (a card fulfilled now counts 2 more), score and take
the card worth most."""

from __future__ import annotations

from dataclasses import replace

from westeros.boardgame.public import decisions as D
from westeros.boardgame.public import objectives as O
from westeros.bots.heuristic import objectives as rules
from westeros.bots.heuristic.board import Board
from westeros.engine import new_game


def test_the_keep_take_and_score_picks_follow_the_points_of_the_house() -> None:
    game = new_game("boardgame", {"players": 4, "scenario": "affc"}, 7)
    decision = game.pending()[0]
    assert decision.kind == D.RETURN_OBJECTIVE.name  # X-AFFC-D1 at set-up
    view = game.view(decision.seat)
    board = Board(view)
    house, fulfilled = view["house"], view["objectives"]["fulfilled"]

    def worth(card: str) -> float:
        return O.OBJECTIVES[card].victory_points[house] + (2.0 if card in fulfilled else 0.0)

    returned = rules.return_objective(board, decision)
    assert worth(str(returned)) == min(worth(str(c)) for c in decision.choices)
    most = max(O.OBJECTIVES[str(c)].victory_points[house] for c in decision.choices)
    take = replace(decision, kind=D.SHIFTING_AMBITIONS_TAKE.name)
    assert O.OBJECTIVES[str(rules.take_objective(board, take))].victory_points[house] == most
    score = replace(decision, kind=D.SCORE_OBJECTIVE.name, choices=(*decision.choices, "pass"))
    assert O.OBJECTIVES[str(rules.score_objective(board, score))].victory_points[house] == most
    assert rules.score_objective(board, replace(score, choices=("pass",))) == "pass"
