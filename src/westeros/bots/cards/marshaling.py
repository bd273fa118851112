"""Action windows (C6.4): marshaling by value (C9.4), duplicates (C18.6), ambush (C17.2), card
actions (C16.4), and discarding down to reserve (C15.3).

A card to marshal is rated by what it brings for its cost (strength, icons, keywords, text,
income); a copy of a unique card the seat controls is marshaled as a free duplicate on a card
worth saving. Gold is kept for an event in hand only once the board holds three characters."""

from __future__ import annotations

from westeros.bots.cards.table import Card, Table, base_value, ids, printed
from westeros.cardgame.public import decisions as D
from westeros.engine import Choice, Decision

WORTH_SAVING = 3.0  # a unique card worth at least this takes a duplicate
EVENT_RESERVE_BOARD = 3  # characters in play before gold is kept for events


def _parsed(decision: Decision) -> list[tuple[str, int, Choice]]:
    out = []
    for c in decision.choices:
        if c == "pass":
            continue
        use = D.ACTION.parse(c)
        out.append((str(use["verb"]), int(use["card"]), c))
    return out


def duplicate_of(t: Table, code: str) -> int | None:
    """The seat's in-play unique card a copy of ``code`` would go under as a duplicate."""
    d = printed(code)
    if not d.unique:
        return None
    for c in t.in_play(t.seat):
        if c.d.name == d.name and not c.facedown:
            return c.id
    return None


def marshal_worth(t: Table, code: str) -> float:
    """Value per gold of marshaling ``code`` now (characters first early on)."""
    d = printed(code)
    worth = base_value(code)
    if d.type == "character":
        worth *= 1.3 if len(t.characters(t.seat)) < 4 else 1.0
    elif d.type == "location" and d.income > 0:
        worth *= 1.2 if t.round <= 3 else 0.8
    return worth / (1 + (d.cost or 0))


def event_reserve(t: Table) -> int:
    """Gold to keep for the costliest playable event in hand, once the board is built."""
    if len(t.characters(t.seat)) < EVENT_RESERVE_BOARD:
        return 0
    costs = [c.d.cost or 0 for c in t.hand.values() if c.type == "event"]
    return min(max(costs, default=0), 2)


def _card_code(t: Table, cid: int) -> str:
    return t.code(cid) or ""


def action(t: Table, decision: Decision) -> Choice:
    """D9: a free duplicate, the best card to marshal, a card ability, an ambush, or pass."""
    options = _parsed(decision)
    gold = int(t.me.get("gold", 0))
    window = str(decision.about("window") or "")
    marshal = [(cid, c) for verb, cid, c in options if verb == "marshal"]
    for cid, c in marshal:
        under = duplicate_of(t, _card_code(t, cid))
        if under is not None and t.value(under) >= WORTH_SAVING:
            return c
    uses = [(cid, c) for verb, cid, c in options if verb == "use"]
    in_play = [c for cid, c in uses if cid in t.cards]
    if in_play:
        return in_play[0]
    events = [c for cid, c in uses if cid not in t.cards]
    if events and (window.startswith("challenges") or window in ("dominance", "taxation")):
        return events[0]
    keep = event_reserve(t)
    best = _best_card(
        t,
        [(cid, c) for cid, c in marshal if duplicate_of(t, _card_code(t, cid)) is None],
        gold,
        keep,
    )
    if best is not None:
        return best
    ambush = [(cid, c) for verb, cid, c in options if verb == "ambush"]
    best = _best_card(t, ambush, gold, 0)
    if best is not None and t.challenge is not None:
        return best
    return "pass" if "pass" in decision.choices else decision.choices[0]


def _best_card(t: Table, options: list[tuple[int, Choice]], gold: int, keep: int) -> Choice | None:
    scored = []
    for cid, c in options:
        d = printed(_card_code(t, cid))
        cost = d.cost or 0
        if cost > gold - keep and not (d.type == "character" and not t.characters(t.seat)):
            continue
        scored.append((marshal_worth(t, d.code), -cid, c))
    if not scored:
        return None
    return max(scored)[2]


def reserve(t: Table, decision: Decision) -> Choice:
    """D26: discard the card of least worth (events without a use first)."""
    options = ids(decision)

    def worth(cid: int) -> float:
        card: Card | None = t.hand.get(cid)
        return base_value(card.code) if card is not None else 0.0

    return min(options, key=lambda c: (worth(c), c))
