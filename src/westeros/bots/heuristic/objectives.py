"""A Feast for Crows objectives (X-AFFC-D1, X-AFFC-D2) by rule of thumb, from the seat's view.

Return the cards worth least to the house (keeping the three worth most), counting a card
fulfilled now as worth two more (it looks reachable); score the special objective whenever it
may; score the card worth most.
"""

from __future__ import annotations

from westeros.bots.heuristic.board import Board
from westeros.engine import Choice, Decision

REACHABLE_BONUS = 2.0  # a card fulfilled now counts this much more when choosing what to keep


def _points(b: Board, card: str) -> int:
    """What the card is worth to the house (X-AFFC-4.4), as its view's card texts say."""
    return int(b.view["objectives"]["cards"][card]["victory_points"][b.me])


def _worth(b: Board, card: str) -> float:
    fulfilled = card in b.view["objectives"]["fulfilled"]
    return _points(b, card) + (REACHABLE_BONUS if fulfilled else 0.0)


def return_objective(b: Board, decision: Decision) -> Choice:
    """X-AFFC-D1: return the card of least worth, keeping the three of most (ties: the first
    in catalogue order)."""
    return min(decision.choices, key=lambda c: _worth(b, str(c)))


def score_objective(b: Board, decision: Decision) -> Choice:
    """X-AFFC-D2: the fulfilled card worth most to the house; never pass."""
    cards = [c for c in decision.choices if c != "pass"]
    if not cards:
        return "pass"
    return max(cards, key=lambda c: _points(b, str(c)))


def take_objective(b: Board, decision: Decision) -> Choice:
    """X-AFFC-D4 Shifting Ambitions: take the card of the shown pool worth most to the house."""
    return max(decision.choices, key=lambda c: _points(b, str(c)))
