"""Orders and their resolution: which token to place (defend threatened castles, attack weaker
neighbours, consolidate when safe, raid and support where it matters), raids, marches."""

from __future__ import annotations

from collections.abc import Callable

from westeros.boardgame.public import decisions as D
from westeros.boardgame.public import tables as T
from westeros.bots.heuristic import loans
from westeros.bots.heuristic.board import Board, area_of
from westeros.engine import Choice, Decision

UNIT_ORDER = ("knight", "footman", "siege_engine", "ship", "dragon")  # dragons: X-MOD-6
SEA_TOKENS = frozenset(T.SEA_ORDER_COUNTS)  # X-MOD-9.1
# an Iron Bank sea order is blank without the Iron Bank (X-MOD-9.3): little to raid
RAID_VALUE = {
    "consolidate": 3.0,
    "support": 2.5,
    "raid": 1.5,
    "defense": 2.0,
    "march": 0.0,
    "iron_bank": 0.5,
}
# R6.3.1; a star raid also defense; X-MOD-9.2 an Iron Bank order
RAIDABLE = frozenset({"support", "raid", "consolidate", "iron_bank"})
MOVE_WORTH = 0.8  # a move worth less is not made: a March order needs a target worth this
FIRST_MOVE_WORTH = 0.25  # unless it is the order's first move: then any gain beats wasting it


def _is_hostile(b: Board, area: str) -> bool:
    owner = b.owner(area)
    return (owner is not None and owner != b.me) or area in b.neutral


def attack_score(b: Board, src: str, dest: str, bonus: int, guess_defense: bool) -> float:
    """The worth of attacking ``dest`` with every unit in ``src``; <= 0 when it looks lost."""
    castle = b.areas[dest].has_castle
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


def order_scores(
    b: Board, area: str, move_worth: float = MOVE_WORTH, guess_defense: bool = True
) -> dict[str, float]:
    """A score per order type for the house's units in ``area``: a march needs a target worth
    ``move_worth``; ``guess_defense`` counts a likely Defense order (+1) in enemy castles."""
    info = b.areas[area]
    mine = b.strength(area, True)
    threat = b.threat.get(area, 0)
    targets = b.reach(area)
    march = 0.0
    if mine > 0:
        for n in targets:
            if _is_hostile(b, n):
                march = max(march, attack_score(b, area, n, 1, guess_defense))
            elif info.kind == "land":
                march = max(march, expand_score(b, area, n))
    if march < move_worth:  # the march would resolve without moving (march_move)
        march = 0.0
    in_danger = threat >= b.strength(area)
    defense = (b.value(area) * 0.9 if in_danger else 0.3) if threat > 0 else 0.1
    near_fights = sum(
        1
        for n in b.neighbors(area)
        if (b.owner(n) == b.me and b.threat.get(n, 0) > 0) or _is_hostile(b, n)
    )
    support = 1.2 + 0.4 * near_fights if near_fights else 0.2
    raid = raid_score(b, area)
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
        "iron_bank": loans.order_worth(b),  # X-MOD-9.3 blank (0) without the Iron Bank
    }


def raid_score(b: Board, area: str) -> float:
    """A Raid order is worth what it may remove: before the orders are revealed, the chance
    that one of the enemy areas it reaches holds a raidable order (about half of them do);
    once they are revealed, the best raidable order it reaches (R6.3.1, R6.3.2)."""
    enemies = [n for n in b.raid_reach(area) if b.owner(n) not in (None, b.me)]
    revealed = [b.orders[n]["token"] for n in enemies if n in b.orders]
    if revealed and all(t is not None for t in revealed):
        types = [T.ORDER_KINDS[t].type for t in revealed]
        return max((RAID_VALUE[t] for t in types if t in RAIDABLE), default=0.0) * 0.7
    return 0.1 + 1.8 * (1.0 - 0.5 ** len(enemies))


# a score per order type for the house's units in an area (a style of play: order_scores, or
# the aggressive bot's weighting of it)
Scores = Callable[[Board, str], dict[str, float]]


def place_order(b: Board, decision: Decision, scores: Scores = order_scores) -> Choice:
    """R5.1 (D11): the token of the order type ``scores`` rates best for the decision's area."""
    area = area_of(decision)
    tokens = [c for c in decision.choices if c != "none"]
    if area is None or not tokens:
        return decision.choices[0]
    return pick_token(b, area, scores(b, area), [str(t) for t in tokens])


def plan_orders(b: Board, decision: Decision, scores: Scores = order_scores) -> Choice:
    """Planning at the table (``plan_orders``): the next area without an order that can take
    a token (the decision's area first, then map order) gets the token :func:`place_order`
    would give it; ready once the house may (R5.1, R5.3).

    When no empty area can take a token, only sea tokens are left (X-MOD-9.1, ships only): a
    sea token replaces a regular order on ships, which frees that token for land. Every move
    adds an order or a sea token on ships, so the house is ready within a few moves."""
    if "ready" in decision.choices:
        return "ready"
    offered: dict[str, list[str]] = {}  # area -> the tokens it may take, map order
    for choice in map(str, decision.choices):
        if choice.startswith("place:"):  # place:<area>:<token>
            _, area, token = choice.split(":", 2)
            offered.setdefault(area, []).append(token)
    mine = {a for a, o in b.orders.items() if o["house"] == b.me}
    empty = [a for a in offered if a not in mine]
    if empty:
        area = next((a for a in empty if a == area_of(decision)), empty[0])
        return f"place:{area}:{pick_token(b, area, scores(b, area), offered[area])}"
    for area, tokens in offered.items():  # areas with an order of the house
        sea = [t for t in tokens if t in SEA_TOKENS]
        if sea and b.orders[area]["token"] not in SEA_TOKENS:
            return f"place:{area}:{pick_token(b, area, scores(b, area), sea)}"
    return decision.choices[0]


def pick_token(b: Board, area: str, scores: dict[str, float], tokens: list[str]) -> str:
    """The token of the best-scored order type; of its tokens, the one that fits the area."""
    by_type: dict[str, list[str]] = {}
    for token in tokens:
        by_type.setdefault(T.ORDER_KINDS[token].type, []).append(token)
    best = max(by_type, key=lambda t: scores[t])
    options = by_type[best]
    if best == "raid":  # keep the star raid for defended targets: use the plain one first
        return min(options, key=lambda t: T.ORDER_KINDS[t].modifier + T.ORDER_KINDS[t].special)
    if best == "consolidate" and not b.areas[area].has_castle:
        return min(options, key=lambda t: T.ORDER_KINDS[t].special)
    # of equal tokens a sea token first: it goes nowhere but on ships (X-MOD-9.1)
    return max(
        options,
        key=lambda t: (T.ORDER_KINDS[t].modifier, T.ORDER_KINDS[t].special, t in SEA_TOKENS),
    )


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


def march_move(
    b: Board, decision: Decision, worth: float = MOVE_WORTH, first_worth: float = FIRST_MOVE_WORTH
) -> Choice:
    """The best move of the units in the marching area, or ``done`` when no move is worth
    ``worth`` (``first_worth`` for the order's first move)."""
    src = area_of(decision)
    moves = [c for c in decision.choices if c not in ("done", "reset")]  # reset: at the table
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
    planned = int(decision.about("planned") or 0)
    # the first move uses the order (else it resolves without moving): any gain will do
    if score(best) < (worth if planned else first_worth) or _keeps_home(b, src, planned):
        return "done"
    for kind in UNIT_ORDER:
        choice = f"{kind}>{best}"
        if choice in decision.choices:
            return choice
    return "done"


def _keeps_home(b: Board, src: str, planned: int) -> bool:
    """The last unit in the house's home area stays while an enemy stands next to it: an
    empty home falls to a march without a fight (only its garrison defends it). ``planned``:
    the units already planned to leave (they are still on the board)."""
    if b.homes.get(src) != b.me or b.threat.get(src, 0) == 0:
        return False
    return sum(1 for u in b.units.get(src, ()) if u["house"] == b.me) - planned <= 1


def march_token(b: Board, decision: Decision) -> Choice:
    area = area_of(decision)
    if area is None or b.power() == 0:
        return "no"
    worth = b.value(area) >= 2.0 or b.areas[area].power > 0
    return "yes" if worth else "no"


def port_takeover(b: Board, decision: Decision) -> Choice:
    return max(decision.choices, key=lambda c: int(c))
