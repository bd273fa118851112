"""House Targaryen's decisions (X-MOD-5): bid nothing for the tracks it can never climb, and
hand the tokens of a bid to the house with the fewest castles (the leaders get nothing)."""

from __future__ import annotations

from westeros.bots.heuristic.board import Board
from westeros.engine import Choice, Decision


def bid_handout(b: Board, decision: Decision) -> Choice:
    """X-MOD-D4: the receiver with the lowest victory value, the first in turn order on ties."""
    return min((str(c) for c in decision.choices), key=b.castles)
