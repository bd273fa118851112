"""An aggressive style of the heuristic: the same rules of thumb, weighted toward marching and
raiding and away from defending. It places March and Raid orders more often (smaller gains
will do, and it does not count on a Defense order in the castles it attacks), Defense orders
less often, and marches on for smaller gains.

The search bots never play it in their roll-outs, so it is an opponent they have no model of
(``benchmarks/bots.py --against aggressive``)."""

from __future__ import annotations

from westeros.boardgame.public import decisions as D
from westeros.bots.heuristic import RULES, HeuristicBot, Rule
from westeros.bots.heuristic.board import Board, area_of
from westeros.bots.heuristic.orders import march_move, order_scores, pick_token
from westeros.engine import Choice, Decision

# each order type's score is multiplied by its weight (the heuristic's are all 1)
WEIGHTS = {
    "march": 1.6,
    "raid": 1.4,
    "support": 0.9,
    "defense": 0.5,
    "consolidate": 0.7,
    "iron_bank": 1.0,  # X-MOD-9.1 a sea order token
}
MOVE_WORTH = 0.4  # a March order needs a target worth this (the heuristic: 0.8)
FIRST_MOVE_WORTH = 0.1  # the first move of an order (the heuristic: 0.25)


def place_order(b: Board, decision: Decision) -> Choice:
    area = area_of(decision)
    tokens = [str(c) for c in decision.choices if c != "none"]
    if area is None or not tokens:
        return decision.choices[0]
    scores = order_scores(b, area, MOVE_WORTH, guess_defense=False)
    weighted = {kind: score * WEIGHTS[kind] for kind, score in scores.items()}
    return pick_token(b, area, weighted, tokens)


def march(b: Board, decision: Decision) -> Choice:
    return march_move(b, decision, MOVE_WORTH, FIRST_MOVE_WORTH)


AGGRESSIVE_RULES: dict[str, Rule] = RULES | {
    D.PLACE_ORDER.name: place_order,
    D.MARCH_MOVE.name: march,
}


class AggressiveBot(HeuristicBot):
    """The heuristic with marches and raids weighted up and defense down."""

    rules = AGGRESSIVE_RULES
