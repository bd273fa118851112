"""House Targaryen's decisions (X-MOD-5, X-MOD-7): bid nothing for the tracks it can never climb,
hand the tokens of a bid to the house with the fewest castles (the leaders get nothing), and
simple rules of thumb for the cards of Westeros deck IV."""

from __future__ import annotations

from westeros.bots.heuristic.board import Board
from westeros.engine import Choice, Decision

PASS = "pass"


def bid_handout(b: Board, decision: Decision) -> Choice:
    """X-MOD-D4: the receiver with the lowest victory value, the first in turn order on ties."""
    return min((str(c) for c in decision.choices), key=b.castles)


def first_offer(b: Board, decision: Decision) -> Choice:
    """X-MOD-D6: Targaryen takes what a card offers (the first area or player); any other
    house asked for areas (The Long Plan) takes the first ones too."""
    offers = [c for c in decision.choices if c != PASS]
    return offers[0] if offers else PASS


def cancel(b: Board, decision: Decision) -> Choice:
    """X-MOD-D6: cancel a move while Targaryen keeps some power for its bids."""
    return "cancel" if b.power() >= 4 else "allow"


def fire_made_flesh(b: Board, decision: Decision) -> Choice:
    """X-MOD-D6: a destroyed dragon comes back; no dragon is given up for a token."""
    return "return" if "return" in decision.choices else PASS


def last_token(b: Board, decision: Decision) -> Choice:
    """X-MOD-7.4: the token of the latest round (the box would wait longest for it)."""
    return max(decision.choices, key=lambda c: int(str(c)))


def give_unit(b: Board, decision: Decision) -> Choice:
    """XF36: Playing With Fire's player gives its cheapest unit."""
    return "footman" if "footman" in decision.choices else decision.choices[0]
