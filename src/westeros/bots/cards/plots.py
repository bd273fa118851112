"""The plot phase (C7): which plot to reveal (D5) and whom to name first player (D6).

A plot is scored by what the seat needs now: gold for the cards in hand it would marshal,
claim when its board is stronger than the opponents', initiative a little, reserve when the
hand is large, and a few When Revealed effects that depend on the board (C7.3.3)."""

from __future__ import annotations

from collections.abc import Callable

from westeros.bots.cards.table import Table, ids, printed
from westeros.engine import Choice, Decision

# When Revealed effects worth more (or less) than their printed values, by plot code
PlotBonus = Callable[[Table], float]
BONUS: dict[str, PlotBonus] = {
    # Wildfire Assault: each player keeps 3 characters: good when the others have more
    "01026": lambda t: sum(max(0, len(t.characters(s)) - 3) for s in t.opponents())
    - 1.5 * max(0, len(t.characters(t.seat)) - 3),
    # Marched to the Wall: each player discards a character
    "01015": lambda t: 0.5 * (min(len(t.characters(s)) for s in t.opponents()) > 0)
    - 0.5 * (len(t.characters(t.seat)) > 0),
    "01013": lambda t: 1.5,  # Heads on Spikes: a random card of the opponent's hand
    "01004": lambda t: 1.0 if t.round <= 2 else 0.3,  # A Noble Cause: a cheaper Lord or Lady
    "01002": lambda t: 1.5,  # A Feast for Crows: dominance is worth 2 power
    "01001": lambda t: 1.0,  # A Clash of Kings: power from the loser's faction card
    "01011": lambda t: 1.0,  # Filthy Accusations: kneel a character
    "01005": lambda t: 0.8,  # A Storm of Swords: an extra military challenge
    "01020": lambda t: 2.5 if _cheap_character_in_hand(t) else -1.0,  # Reinforcements
    "01010": lambda t: 2.0 if len(t.hand) <= 4 else 0.5,  # Counting Coppers: draw 3
    "01022": lambda t: 1.2,  # Summons: search for a character
    "01007": lambda t: 0.6 * max((len(t.characters(s)) for s in t.opponents()), default=0),
    "01021": lambda t: -1.0,  # Sneak Attack: one challenge only
    "01012": lambda t: -0.5,  # Fortified Position: attachments lose their abilities
}


def _cheap_character_in_hand(t: Table) -> bool:
    return any(c.type == "character" and (c.d.cost or 0) <= 5 for c in t.hand.values())


def gold_wanted(t: Table) -> int:
    """Gold the seat would spend this round: the marshal costs of its hand's cards."""
    costs = sorted(
        c.d.cost or 0 for c in t.hand.values() if c.type in ("character", "location", "attachment")
    )
    return sum(costs[:4])


def board_edge(t: Table) -> float:
    """How much stronger the seat's characters are than the strongest opponent's (STR)."""
    mine = sum(c.strength for c in t.characters(t.seat))
    theirs = max((sum(c.strength for c in t.characters(s)) for s in t.opponents()), default=0)
    return mine - theirs


def plot_score(t: Table, code: str) -> float:
    d = printed(code)
    want = gold_wanted(t)
    gold = min(d.income, want + 1) + 0.3 * max(0, d.income - want - 1)
    edge = board_edge(t)
    claim_weight = 1.5 if edge > 0 else 0.6
    reserve = 0.2 * max(0, min(d.reserve, len(t.hand) + 3) - 5)
    rule = BONUS.get(code)
    bonus = 0.0 if rule is None else rule(t)
    return 1.2 * gold + claim_weight * d.claim + 0.12 * d.initiative + reserve + bonus


def plot(t: Table, decision: Decision) -> Choice:
    options = ids(decision)
    return max(options, key=lambda c: (plot_score(t, t.code(c) or ""), -c))


def first_player(t: Table, decision: Decision) -> Choice:
    """D6: the seat goes first (it marshals and challenges first) unless it has no character
    ready to attack; then the opponent closest to winning goes first."""
    if t.characters(t.seat) or t.seat not in decision.choices:
        return t.seat if t.seat in decision.choices else decision.choices[0]
    others = [s for s in ids(decision) if s != t.seat]
    return max(others, key=t.power) if others else decision.choices[0]
