"""Mother of Dragons vassals (X-MOD-D1, X-MOD-D2): which vassals to command and their orders.

Every other decision made for a vassal names it in its context (``vassal``); the bot then
reads the view as that house (:func:`as_vassal`), so its usual rules play for the vassal.
"""

from __future__ import annotations

from typing import Any

from westeros.boardgame.public import decisions as D
from westeros.boardgame.public import tables as T
from westeros.bots.heuristic.board import Board
from westeros.bots.heuristic.orders import order_scores
from westeros.engine import Choice, Decision


def as_vassal(view: dict[str, Any], decision: Decision) -> dict[str, Any]:
    """The view as the vassal the decision is made for (its commander sees what it needs)."""
    vassal = decision.about("vassal")
    return {**view, "house": vassal} if isinstance(vassal, str) else view


def choose_vassals(b: Board, decision: Decision) -> Choice:
    """X-MOD-D1: command as many vassals as offered (the largest sets come first)."""
    return decision.choices[0]


def vassal_order(b: Board, decision: Decision) -> Choice:
    """X-MOD-D2: the best-scored (area, token) by the order scores of the vassal's areas, a
    Defense/Muster in the home counted as a defense; done when nothing scores."""
    best: tuple[float, str] = (0.0, "done")
    scores: dict[str, dict[str, float]] = {}
    for choice in decision.choices:
        if choice == "done":
            continue
        parts = D.VASSAL_ORDER.parse(choice)
        area, token = parts["area"], parts["token"]
        if area not in scores:
            scores[area] = order_scores(b, area)
        kind = T.ORDER_KINDS[token]
        score = scores[area][kind.type] + 0.1 * kind.modifier
        if kind.type == "raid":  # the Raid/Support token may stay as Support +1
            score = max(score, scores[area]["support"])
        if score > best[0]:
            best = (score, str(choice))
    return best[1]
