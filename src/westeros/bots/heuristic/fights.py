"""Fights: support, house cards by the strength the fight needs, the blade, casualties, the
safest retreat, and the house-card texts that ask something."""

from __future__ import annotations

from typing import Any

from westeros.boardgame.public import decisions as D
from westeros.boardgame.public import tables as T
from westeros.bots.heuristic.board import Board, card_strength
from westeros.bots.heuristic.orders import RAID_VALUE
from westeros.engine import Choice, Decision

CASUALTY_ORDER = ("footman", "siege_engine", "knight", "ship", "dragon")  # dragons: X-MOD-6


def _sides(b: Board) -> tuple[dict[str, Any], str, str] | None:
    """The combat in progress, my side and the opponent's house (None when I am not in it)."""
    combat = b.view.get("combat")
    if not combat or combat.get("kind") != "combat":
        return None
    if combat["attacker"] == b.me:
        return combat, "attacker", combat["defender"]
    if combat.get("defender") == b.me:
        return combat, "defender", combat["attacker"]
    return None


def support(b: Board, decision: Decision) -> Choice:
    combat = b.view.get("combat") or {}
    choices = decision.choices
    if combat.get("attacker") == b.me and "attacker" in choices:
        return "attacker"
    if combat.get("defender") == b.me and "defender" in choices:
        return "defender"
    if combat.get("kind") != "combat":
        return "none" if "none" in choices else choices[0]
    attacker, defender = combat["attacker"], combat["defender"]
    # against the stronger of the two (never let a leader grow), if they are not even
    a, d = b.castles(attacker), b.castles(defender)
    if a > d and "defender" in choices:
        return "defender"
    if d > a and "attacker" in choices:
        return "attacker"
    return "none" if "none" in choices else choices[0]


def house_card(b: Board, decision: Decision) -> Choice:
    found = _sides(b)
    hand = [str(c) for c in decision.choices]
    by_strength = sorted(hand, key=lambda c: (card_strength(c), c))
    if found is None:
        return by_strength[0]
    combat, side, opp = found
    other = "defender" if side == "attacker" else "attacker"
    strength = combat.get("strength") or {}
    mine = int(strength.get(side, {}).get("initial", 0))
    theirs = int(strength.get(other, {}).get("initial", 0))
    ties_mine = b.position("fiefdoms") < b.position("fiefdoms", opp)
    their_hand = sorted(card_strength(c) for c in b.houses[opp]["hand"]) or [0]

    def wins(card: str, their_card: int) -> bool:
        total, against = mine + card_strength(card), theirs + their_card
        return total > against or (total == against and ties_mine)

    for target in (their_hand[-1], their_hand[len(their_hand) // 2]):
        for card in by_strength:
            if wins(card, target):
                return card
    return by_strength[0]  # a lost fight: keep the good cards


def blade(b: Board, decision: Decision) -> Choice:
    found = _sides(b)
    if "redraw" in decision.choices:
        if found is None:
            return "keep"
        combat, side, _ = found
        tide = (combat.get("tides") or {}).get(side)
        good = tide is not None and T.TIDES_CARD_BY_ID[tide].strength >= 1
        return "keep" if good else "redraw"
    if found is None:
        return "no"
    combat, side, _ = found
    other = "defender" if side == "attacker" else "attacker"
    st = combat.get("strength") or {}
    mine = int(st.get(side, {}).get("final", st.get(side, {}).get("initial", 0)))
    theirs = int(st.get(other, {}).get("final", st.get(other, {}).get("initial", 0)))
    return "+1" if mine <= theirs <= mine + 1 else "no"


def casualty(b: Board, decision: Decision) -> Choice:
    for kind in CASUALTY_ORDER:
        if kind in decision.choices:
            return kind
    return decision.choices[0]


def beric(b: Board, decision: Decision) -> Choice:
    """X-MOD-10.9: the cheapest kind, a routed one of it first (it is worth least now)."""
    for kind in CASUALTY_ORDER:
        for choice in (f"{kind}:routed", kind):
            if choice in decision.choices:
                return choice
    return decision.choices[0]


def retreat(b: Board, decision: Decision) -> Choice:
    def score(area: Choice) -> float:
        a = str(area)
        own = 2.0 if b.owner(a) == b.me else 0.0
        return own - b.threat.get(a, 0) + 0.3 * b.value(a)

    return max(decision.choices, key=score)


def tyrion(b: Board, decision: Decision) -> Choice:
    found = _sides(b)
    if found is None:
        return "keep"
    combat, side, _ = found
    other = "defender" if side == "attacker" else "attacker"
    card = (combat.get("cards") or {}).get(other)
    return "cancel" if card_strength(card) >= 3 else "keep"


def doran(b: Board, decision: Decision) -> Choice:
    found = _sides(b)
    if found is None:
        return decision.choices[0]
    _, _, opp = found
    return min(decision.choices, key=lambda t: b.position(str(t), opp))


def order_to_remove(b: Board, decision: Decision) -> Choice:
    """Queen of Thorns, Cersei: the opponent's most useful order."""

    def score(choice: Choice) -> float:
        parsed: dict[str, Any] = D.KINDS[decision.kind].parse(choice)
        area = parsed.get("area")
        if area is None:
            return -1.0
        order = b.orders.get(area)
        if order is None or order["token"] is None:
            return 0.0
        kind = T.ORDER_KINDS[order["token"]]
        return RAID_VALUE[kind.type] + (2.5 if kind.type == "march" else 0.0) + kind.special

    return max(decision.choices, key=score)


def strongest_card(b: Board, decision: Decision) -> Choice:
    cards = [c for c in decision.choices if c != "pass"]
    if not cards:
        return decision.choices[0]
    return max(cards, key=lambda c: (card_strength(str(c)), str(c)))


def first_action(b: Board, decision: Decision) -> Choice:
    """Take the free benefit (Renly's upgrade, a horde muster) rather than pass."""
    for c in decision.choices:
        if c not in ("pass", "done"):
            return c
    return decision.choices[0]


def some_power(b: Board, decision: Decision) -> Choice:
    """Aeron Damphair (ADwD): pay up to 2 power for as much strength, keep the rest."""
    return min(decision.choices, key=lambda c: abs(int(c) - 2))
