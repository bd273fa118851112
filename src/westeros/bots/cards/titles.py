"""Melee titles (C21): which title to take (D8), the Crown Regent's redirect (D18) and the
Master of Whispers' opponents (D21)."""

from __future__ import annotations

from westeros.bots.cards.table import Table, ids, printed
from westeros.engine import Choice, Decision

# how much each title is worth to a bot that plays every challenge it can win
TITLE_ORDER = (
    "Hand of the King",
    "Master of Coin",
    "Master of Whispers",
    "Master of Laws",
    "Crown Regent",
    "Master of Ships",
)


def title(t: Table, decision: Decision) -> Choice:
    """D8: the best title by :data:`TITLE_ORDER`; rivals of the leader's title count a little."""

    def rank(c: int) -> tuple[int, int]:
        code = t.code(c)
        name = printed(code).name if code else ""
        return (TITLE_ORDER.index(name) if name in TITLE_ORDER else len(TITLE_ORDER), c)

    return min(ids(decision), key=rank)


def redirect(t: Table, decision: Decision) -> Choice:
    """D18: redirect a challenge made against the seat (it would lose it), not others."""
    ch = t.challenge
    if ch is not None and ch.get("defender") == t.seat and "redirect" in decision.choices:
        return "redirect"
    return "no" if "no" in decision.choices else decision.choices[0]


def redirect_to(t: Table, decision: Decision) -> Choice:
    """D18: the new defending player: the one closest to winning."""
    return max(ids(decision), key=lambda s: (t.power(s), -s))


def whispers(t: Table, decision: Decision) -> Choice:
    """D21: every opponent it may name (each loses a card), the leader first."""
    seats = [s for s in ids(decision) if s != t.seat]
    if not seats:
        return "done" if "done" in decision.choices else decision.choices[0]
    return max(seats, key=lambda s: (t.power(s), -s))
