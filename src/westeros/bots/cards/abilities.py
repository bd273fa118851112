"""Abilities and the effects' questions (C16): reactions and interrupts (D10), costs and
targets (D13), effect picks and names, duplicate saves (D14), standing under a limit, and the
orderings the first player makes (D7, D11, D15, D22).

An effect's prompt says what it does to the card chosen (kill, kneel, discard… or stand, put
into play, save…): harmful effects go to the opponents' most valuable cards (or the seat's
least valuable when it must choose its own), helpful ones to the seat's most valuable."""

from __future__ import annotations

from westeros.bots.cards.table import Table, base_value, ids
from westeros.engine import Choice, Decision

HELPFUL = (
    "stand",
    "put into play",
    "put in play",
    "save",
    "gain",
    "+",
    "your hand",
    "add a card",
    "draw",
    "get",
)
HARMFUL = (
    "kill",
    "kneel",
    "discard",
    "poison",
    "take control",
    "must defend",
    "return",
    "sacrifice",
    "lose",
    "blank",
    "bottom",
    "shuffle",
    "-",
)


def polarity(prompt: str) -> int:
    """+1 a helpful effect, -1 a harmful one, 0 when the prompt does not say."""
    text = prompt.lower()
    if any(w in text for w in HELPFUL):
        return 1
    if any(w in text for w in HARMFUL):
        return -1
    return 0


def trigger(t: Table, decision: Decision) -> Choice:
    """D10: use the first reaction or interrupt offered (they are offered only when usable
    and able to change the game, C1.4): free power and cards are never passed up."""
    uses = [c for c in decision.choices if c != "pass"]
    return uses[0] if uses else decision.choices[0]


def _seats(decision: Decision) -> bool:
    text = decision.prompt.lower()
    return "player" in text or "opponent" in text


def choose_card(t: Table, decision: Decision) -> Choice:
    """D13 targets and effect picks, by the effect's polarity."""
    options = ids(decision)
    words = [c for c in decision.choices if not isinstance(c, int)]
    if not options:
        return decision.choices[0]
    sign = polarity(decision.prompt)
    if _seats(decision):
        others = [s for s in options if s != t.seat]
        if sign >= 0 and t.seat in options and "opponent" not in decision.prompt.lower():
            return t.seat
        return max(others or options, key=lambda s: (t.power(s), -s))
    in_play = [c for c in options if c in t.cards]
    if not in_play:  # a search, a card in hand or a pile: the best card (the worst to lose)
        if "bottom" in decision.prompt.lower() or "shuffle" in decision.prompt.lower():
            return min(options, key=lambda c: (_worth(t, c), c))
        return max(options, key=lambda c: (_worth(t, c), -c))
    mine = [c for c in in_play if t.mine(c)]
    theirs = [c for c in in_play if not t.mine(c)]
    if sign < 0:
        if theirs:
            return max(theirs, key=lambda c: (t.value(c), -c))
        if "none" in words:
            return "none"
        return min(mine, key=lambda c: (t.value(c), c))
    if mine:
        return max(mine, key=lambda c: (t.value(c), -c))
    return min(theirs, key=lambda c: (t.value(c), c))


def _worth(t: Table, cid: int) -> float:
    code = t.code(cid)
    if code is None:
        return 0.0
    return t.value(cid) if cid in t.cards else base_value(code)


def cost(t: Table, decision: Decision) -> Choice:
    """D13: the card of least worth pays."""
    return min(ids(decision), key=lambda c: (_worth(t, c), c))


def stand(t: Table, decision: Decision) -> Choice:
    """C14.2: the most valuable character stands."""
    return max(ids(decision), key=lambda c: (t.value(c), -c))


def name(t: Table, decision: Decision) -> Choice:
    """D13: a challenge type the opponents are strongest in (Calm Over Westeros); for other
    names the first offered."""
    options = [str(c) for c in decision.choices]
    if "military" in options:
        leader = t.leader() if t.opponents() else t.seat
        return max(("military", "intrigue", "power"), key=lambda k: t.strength(leader, k))
    return decision.choices[0]


def effect_option(t: Table, decision: Decision) -> Choice:
    """D13: power over a card, a card into play over a shuffle."""
    for w in ("power", "play"):
        if w in decision.choices:
            return w
    return decision.choices[0]


def result(t: Table, decision: Decision) -> Choice:
    """D15: the seat's own win first."""
    mine = f"win:{t.seat}"
    return mine if mine in decision.choices else decision.choices[0]
