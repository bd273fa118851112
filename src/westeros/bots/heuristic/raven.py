"""The Messenger Raven (R5.5): once the orders are revealed, swap the order that turned out
worst for the best token left, else look at the top wildling card (the Raven is spent either
way, and a look costs nothing)."""

from __future__ import annotations

from collections import Counter

from westeros.boardgame.public import decisions as D
from westeros.boardgame.public import tables as T
from westeros.bots.heuristic.board import Board
from westeros.bots.heuristic.orders import order_scores, pick_token
from westeros.engine import Choice, Decision

RAVEN_GAIN = 0.8  # a swap must be worth this much more than the order it replaces


def revealed_scores(b: Board, area: str) -> dict[str, float]:
    """:func:`order_scores` with the revealed orders: a Defense order only matters next to an
    enemy March order (R6.4), a Raid by what it can really remove (``raid_score``)."""
    scores = order_scores(b, area)
    marching = any(
        (o := b.orders.get(n)) is not None
        and o["house"] != b.me
        and o["token"] is not None
        and T.ORDER_KINDS[o["token"]].type == "march"
        for n in b.neighbors(area)
    )
    if not marching:
        scores["defense"] = min(scores["defense"], 0.1)
    return scores


def free_tokens(b: Board, area: str) -> list[str]:
    """Tokens the house could put in ``area`` instead of its order there (R5.5.1 with R5.2):
    copies left of its 15, special tokens within its King's Court stars, none restricted."""
    mine = {a: o["token"] for a, o in b.orders.items() if o["house"] == b.me and a != area}
    used = Counter(t for t in mine.values() if t is not None)
    specials = sum(n for t, n in used.items() if T.ORDER_KINDS[t].special)
    stars = int(b.houses[b.me]["stars"])
    barred = set(b.view["restrictions"])
    current = b.orders.get(area, {}).get("token")
    return [
        t
        for t, count in T.ORDER_COUNTS.items()
        if t not in barred
        and t != current
        and used[t] < count
        and (not T.ORDER_KINDS[t].special or specials < stars)
    ]


def swap_gain(b: Board, area: str) -> float:
    """How much better the best free token would do in ``area`` than the order there."""
    order = b.orders.get(area)
    if order is None or order["token"] is None:
        return 0.0
    tokens = free_tokens(b, area)
    if not tokens:
        return 0.0
    scores = revealed_scores(b, area)
    now = scores[T.ORDER_KINDS[order["token"]].type]
    return max(scores[T.ORDER_KINDS[t].type] for t in tokens) - now


def raven(b: Board, decision: Decision) -> Choice:
    best: Choice = "look" if "look" in decision.choices else "pass"
    gain = RAVEN_GAIN
    for choice in decision.choices:
        if choice in ("look", "pass"):
            continue
        area = str(D.RAVEN.parse(choice)["area"])
        g = swap_gain(b, area)
        if g >= gain:
            best, gain = choice, g
    return best


def raven_replace(b: Board, decision: Decision) -> Choice:
    area = decision.about("area")
    tokens = [str(c) for c in decision.choices]
    if area is None:
        return tokens[0]
    return pick_token(b, str(area), revealed_scores(b, str(area)), tokens)
