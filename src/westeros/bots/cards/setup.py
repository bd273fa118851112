"""Setup (C5): keep or mulligan (D2), the setup cards (D3) and where attachments go (D4/D16).

Setup picks the strongest legal set of cards within 8 printed gold (C5.8.1): characters first,
at most one Limited card (C5.8.3), an attachment only with a character to carry it (C5.8.4),
extra copies of a unique card only as its duplicates (free, C5.8.5)."""

from __future__ import annotations

from itertools import combinations

from westeros.bots.cards.table import Card, Table, base_value, ids, printed
from westeros.engine import Choice, Decision

SETUP_GOLD = 8


def mulligan(t: Table, decision: Decision) -> Choice:
    """D2: keep a hand that can set up two characters; otherwise draw a new one."""
    best = best_setup(list(t.hand.values()), SETUP_GOLD, [])
    characters = sum(1 for c in best if c.type == "character")
    return "keep" if characters >= 2 or "mulligan" not in decision.choices else "mulligan"


def _worth(card: Card) -> float:
    return base_value(card.code) * (1.4 if card.type == "character" else 1.0)


def _legal(cards: tuple[Card, ...], gold: int, placed: list[Card]) -> bool:
    names = {c.d.name for c in placed if c.d.unique}
    cost = 0
    limited = sum(1 for c in placed if c.has("limited"))
    hosts = sum(1 for c in placed if c.type == "character")
    for c in cards:
        if c.d.unique and c.d.name in names:
            continue  # a duplicate: free (C5.8.5)
        if c.d.unique:
            names.add(c.d.name)
        cost += c.d.cost or 0
        limited += c.has("limited")
        hosts += c.type == "character"
    attachments = sum(1 for c in cards if c.type == "attachment")
    return cost <= gold and limited <= 1 and (attachments == 0 or hosts > 0)


def best_setup(options: list[Card], gold: int, placed: list[Card]) -> tuple[Card, ...]:
    """The subset of ``options`` worth most that is legal with what is ``placed`` already."""
    options = [c for c in options if c.type in ("character", "location", "attachment")]
    options = sorted(options, key=lambda c: -_worth(c))[:9]
    best: tuple[Card, ...] = ()
    best_worth = 0.0
    for k in range(1, len(options) + 1):
        for subset in combinations(options, k):
            if not _legal(subset, gold, placed):
                continue
            worth = sum(_worth(c) for c in subset)
            if worth > best_worth:
                best, best_worth = subset, worth
    return best


def setup(t: Table, decision: Decision) -> Choice:
    """D3: the next card of the best set (characters first), or done."""
    gold = decision.about("gold_left")
    left = int(gold) if isinstance(gold, int) else SETUP_GOLD
    placed = [c for c in t.cards.values() if c.controller == t.seat and c.facedown]
    offered = [t.hand[c] for c in ids(decision) if c in t.hand]
    best = best_setup(offered, left, placed)
    if not best:
        return "done" if "done" in decision.choices else decision.choices[0]
    order = {"character": 0, "location": 1, "attachment": 2}
    return min(best, key=lambda c: (order[c.type], -_worth(c))).id


def attach_to(t: Table, decision: Decision) -> Choice:
    """D4/D16: a harmful attachment (a Condition, one that takes or blanks) on the opponents'
    best character, any other on the seat's own best character."""
    about = decision.about("card")
    code = t.code(about) if isinstance(about, int) else None
    hostile = code is not None and harmful_attachment(code)
    options = ids(decision)
    mine = [c for c in options if t.mine(c) or c not in t.cards]
    theirs = [c for c in options if c in t.cards and not t.mine(c)]
    pool = (theirs or mine) if hostile else (mine or theirs)
    return max(pool, key=lambda c: (t.value(c), -c))


def harmful_attachment(code: str) -> bool:
    d = printed(code)
    text = d.text.lower()
    return "Condition" in d.traits or any(
        w in text for w in ("take control", "loses", "cannot", "blank", "-1 str", "-2 str")
    )
