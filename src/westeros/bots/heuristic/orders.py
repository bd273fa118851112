"""Orders and their resolution: which token to place (defend threatened castles, attack weaker
neighbours, consolidate when safe, raid and support where it matters), raids, marches."""

from __future__ import annotations

from westeros.boardgame.public import decisions as D
from westeros.boardgame.public import tables as T
from westeros.bots.heuristic.board import Board, area_of
from westeros.engine import Choice, Decision

UNIT_ORDER = ("knight", "footman", "siege_engine", "ship")
RAID_VALUE = {"consolidate": 3.0, "support": 2.5, "raid": 1.5, "defense": 2.0, "march": 0.0}


def _is_hostile(b: Board, area: str) -> bool:
    owner = b.owner(area)
    return (owner is not None and owner != b.me) or area in b.neutral


def attack_score(b: Board, src: str, dest: str, bonus: int, guess_defense: bool) -> float:
    """The worth of attacking ``dest`` with every unit in ``src``; <= 0 when it looks lost."""
    castle = T.AREAS[dest].has_castle
    mine = b.strength(src, castle) + bonus + b.support_near(dest, b.me)
    theirs = b.defence(dest)
    owner = b.owner(dest)
    if owner is not None and owner != b.me:
        theirs += b.support_near(dest, owner)
        if guess_defense and castle:
            theirs += 1
        margin = mine - theirs
        if margin < 0:
            return 0.0
        return b.value(dest) + 2.0 + 0.5 * margin
    if dest in b.neutral:
        return b.value(dest) + 1.0 if mine >= theirs else 0.0
    return 0.0


def expand_score(b: Board, src: str, dest: str) -> float:
    """The worth of moving into a free area (not hostile)."""
    if b.controller(dest) == b.me:
        return 0.6 if b.threat.get(dest, 0) > b.strength(dest) else 0.0
    v = b.value(dest) * 0.6
    if b.threat.get(dest, 0) > b.strength(src):
        v *= 0.5
    return v


def order_scores(b: Board, area: str) -> dict[str, float]:
    """A score per order type for the house's units in ``area``."""
    info = T.AREAS[area]
    mine = b.strength(area, True)
    threat = b.threat.get(area, 0)
    targets = b.reach(area)
    march = 0.0
    if mine > 0:
        for n in targets:
            if _is_hostile(b, n):
                march = max(march, attack_score(b, area, n, 1, True))
            elif info.kind == "land":
                march = max(march, expand_score(b, area, n))
    in_danger = threat >= b.strength(area)
    defense = (b.value(area) * 0.9 if in_danger else 0.3) if threat > 0 else 0.1
    near_fights = sum(
        1
        for n in b.neighbors(area)
        if (b.owner(n) == b.me and b.threat.get(n, 0) > 0) or _is_hostile(b, n)
    )
    support = 1.2 + 0.4 * near_fights if near_fights else 0.2
    raid = 1.6 if any(b.owner(n) not in (None, b.me) for n in b.neighbors(area)) else 0.1
    consolidate = 0.0
    if info.kind == "land":
        consolidate = 1.0 + 1.5 * info.power + (1.0 if b.power() < 4 else 0.0)
        if threat > b.strength(area):
            consolidate *= 0.3
    return {
        "march": march,
        "defense": defense,
        "support": support,
        "raid": raid,
        "consolidate": consolidate,
    }


def place_order(b: Board, decision: Decision) -> Choice:
    area = area_of(decision)
    tokens = [c for c in decision.choices if c != "none"]
    if area is None or not tokens:
        return decision.choices[0]
    scores = order_scores(b, area)
    by_type: dict[str, list[str]] = {}
    for token in tokens:
        by_type.setdefault(T.ORDER_KINDS[str(token)].type, []).append(str(token))
    best = max(by_type, key=lambda t: scores[t])
    options = by_type[best]
    if best == "raid":  # keep the star raid for defended targets: use the plain one first
        return min(options, key=lambda t: T.ORDER_KINDS[t].modifier + T.ORDER_KINDS[t].special)
    if best == "consolidate" and not T.AREAS[area].has_castle:
        return min(options, key=lambda t: T.ORDER_KINDS[t].special)
    return max(options, key=lambda t: (T.ORDER_KINDS[t].modifier, T.ORDER_KINDS[t].special))


def raid(b: Board, decision: Decision) -> Choice:
    def score(choice: Choice) -> float:
        target = D.RAID.parse(choice)["target"]
        order = b.orders.get(target)
        if order is None or order["token"] is None:
            return -1.0
        return RAID_VALUE[T.ORDER_KINDS[order["token"]].type] + 0.1 * b.value(target)

    return max(decision.choices, key=score)


def march_order(b: Board, decision: Decision) -> Choice:
    return max(decision.choices, key=lambda a: b.strength(str(a), True))


def march_move(b: Board, decision: Decision) -> Choice:
    src = area_of(decision)
    moves = [c for c in decision.choices if c != "done"]
    if src is None or not moves:
        return "done"
    order = b.orders.get(src)
    bonus = T.ORDER_KINDS[order["token"]].modifier if order and order["token"] else 0
    dests = {D.MARCH_MOVE.parse(c)["to"] for c in moves}

    def score(dest: str) -> float:
        if _is_hostile(b, dest):
            return attack_score(b, src, dest, bonus, False)
        return expand_score(b, src, dest)

    best = max(sorted(dests), key=score)
    if score(best) < 0.8:
        return "done"
    for kind in UNIT_ORDER:
        choice = f"{kind}>{best}"
        if choice in decision.choices:
            return choice
    return "done"


def march_token(b: Board, decision: Decision) -> Choice:
    area = area_of(decision)
    if area is None or b.power() == 0:
        return "no"
    worth = b.value(area) >= 2.0 or T.AREAS[area].power > 0
    return "yes" if worth else "no"


def port_takeover(b: Board, decision: Decision) -> Choice:
    return max(decision.choices, key=lambda c: int(c))
