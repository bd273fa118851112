"""A Feast for Crows objectives (X-AFFC-D1, X-AFFC-D2) by rule of thumb, from the seat's view.

Return the cards worth least to the house (keeping the three worth most), counting a card
fulfilled now as worth two more (it looks reachable); score the special objective whenever it
may; score the card worth most.
"""

from __future__ import annotations

from westeros.bots.heuristic.board import Board
from westeros.engine import Choice, Decision

REACHABLE_BONUS = 2.0  # a card fulfilled now counts this much more when choosing what to keep


def _worth(b: Board, card: str) -> float:
    objectives = b.view["objectives"]
    points = float(objectives["cards"][card]["victory_points"][b.me])
    return points + (REACHABLE_BONUS if card in objectives["fulfilled"] else 0.0)


def return_objective(b: Board, decision: Decision) -> Choice:
    """X-AFFC-D1: return the card of least worth, keeping the three of most (ties: the first
    in catalogue order)."""
    return min(decision.choices, key=lambda c: _worth(b, str(c)))


def score_objective(b: Board, decision: Decision) -> Choice:
    """X-AFFC-D2: the fulfilled card worth most to the house; never pass."""
    cards = [c for c in decision.choices if c != "pass"]
    if not cards:
        return "pass"
    return max(cards, key=lambda c: b.view["objectives"]["cards"][c]["victory_points"][b.me])


def take_objective(b: Board, decision: Decision) -> Choice:
    """X-AFFC-D4 Shifting Ambitions: take the card of the shown pool worth most to the house."""
    cards = b.view["objectives"]["cards"]
    return max(decision.choices, key=lambda c: cards[c]["victory_points"][b.me])
