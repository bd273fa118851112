"""A Feast for Crows objectives (X-AFFC-D1, X-AFFC-D2) by rule of thumb, from the seat's view.

Keep the three cards worth most to the house, counting a card fulfilled now as worth two more
(it looks reachable); score the special objective whenever it may; score the card worth most.
"""

from __future__ import annotations

from westeros.boardgame.public import decisions as D
from westeros.bots.heuristic.board import Board
from westeros.engine import Choice, Decision

REACHABLE_BONUS = 2.0  # a card fulfilled now counts this much more when choosing what to keep


def _worth(b: Board, card: str) -> float:
    objectives = b.view["objectives"]
    points = float(objectives["cards"][card]["victory_points"][b.me])
    return points + (REACHABLE_BONUS if card in objectives["fulfilled"] else 0.0)


def keep_objectives(b: Board, decision: Decision) -> Choice:
    """X-AFFC-D1: the three cards of most worth (ties: the first choice in catalogue order)."""

    def total(choice: Choice) -> float:
        return sum(_worth(b, c) for c in D.KEEP_OBJECTIVES.parse(choice)["card"])

    return max(decision.choices, key=total)


def score_objective(b: Board, decision: Decision) -> Choice:
    """X-AFFC-D2: the fulfilled card worth most to the house; never pass."""
    cards = [c for c in decision.choices if c != "pass"]
    if not cards:
        return "pass"
    return max(cards, key=lambda c: b.view["objectives"]["cards"][c]["victory_points"][b.me])
