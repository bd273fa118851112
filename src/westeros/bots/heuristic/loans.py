"""The Iron Bank (X-MOD-8, X-MOD-D7, X-MOD-D8): which loan to buy, where its parts go."""

from __future__ import annotations

from typing import Any

from westeros.bots.heuristic.board import Board
from westeros.engine import Choice, Decision

# a loan's worth to the bot, against the power it costs (X-MOD-8.1)
LOAN_VALUE = {
    "customs_officer": 9.0,
    "vanguard_cavalry": 7.0,
    "full_host": 7.0,
    "expert_artificer": 8.0,
    "sea_raiders": 5.0,
    "siege_engineers": 4.5,
    "savvy_steward": 4.0,
    "the_faceless_men": 3.5,
    "loyal_maester": 3.0,
    "master_at_arms": 2.5,
    "pyromancer": 2.0,
    "spymaster": 1.0,
}


def _price(bank: dict[str, Any], slot: dict[str, Any], me: str) -> int:
    """X-MOD-8.2, X-MOD-3.5: the slot's cost, less Braavos' discount for its controller."""
    discount = bank["braavos_discount"] if bank.get("braavos_controller") == me else 0
    return max(0, int(slot["cost"]) - int(discount))


def _cost(b: Board, loan: str) -> int:
    bank = b.view.get("iron_bank") or {}
    for slot in bank.get("slots", ()):
        if slot.get("loan") == loan:
            return _price(bank, slot, b.me)
    return 0


def order_worth(b: Board) -> float:
    """An Iron Bank order's score (X-MOD-9.2): the best gain of a loan the house can pay for
    now (0 without the Iron Bank: the token is blank, X-MOD-9.3)."""
    bank = b.view.get("iron_bank")
    if not bank:
        return 0.0
    gains = [
        LOAN_VALUE.get(slot["loan"], 0.0) - price
        for slot in bank["slots"]
        if slot["loan"] and (price := _price(bank, slot, b.me)) <= b.power()
    ]
    return max(0.0, max(gains, default=0.0) - 1.0) * 0.5


def loan(b: Board, decision: Decision) -> Choice:
    """Buy the loan worth most over its cost (each loan adds 1 interest a round), or none."""
    best, best_gain = "none", 1.0
    for choice in decision.choices:
        if choice == "none":
            continue
        gain = LOAN_VALUE.get(str(choice), 0.0) - _cost(b, str(choice))
        if gain > best_gain:
            best, best_gain = str(choice), gain
    return best
