"""Paying gold (C3.7, C9.4.2): gold pools, one-shot cost reducers, what a card costs to marshal
or play, and whether an event in hand can be played (C2.7, C16.4)."""

from __future__ import annotations

from collections.abc import Callable

from westeros.cardgame.abilities import Ctx, text_of, use_ctx
from westeros.cardgame.events import event
from westeros.cardgame.state import CardGame


def reducers(g: CardGame, cid: int, seat: int) -> int:
    """Gold off the next card marshaled or played (one-shot reducers on the state)."""
    return sum(r[1] for r in _reducers(g, cid, seat))


def _reducers(g: CardGame, cid: int, seat: int) -> list[tuple[int, int, int]]:
    out = []
    for key, amount in g.uses.items():
        if key[0] == "reducer" and key[1] == seat and amount > 0:
            test = REDUCER_TESTS[key[2]]
            if test(g, cid):
                out.append((key[3], amount, key[2]))
    return out


REDUCER_TESTS: dict[str, Callable[[CardGame, int], bool]] = {}


def add_reducer(g: CardGame, seat: int, test_name: str, amount: int, source: int) -> None:
    """ "The next <kind> card you marshal (or play) this phase costs N less" (until the phase
    ends). ``test_name`` names a test in REDUCER_TESTS."""
    key = ("reducer", seat, test_name, source)
    g.uses[key] = g.uses.get(key, 0) + amount


def reducers_waiting(g: CardGame, seat: int) -> bool:
    """Whether a one-shot reducer of ``seat`` waits to be used."""
    return any(k[0] == "reducer" and k[1] == seat and n > 0 for k, n in g.uses.items())


def full_prices(g: CardGame, seat: int) -> bool:
    """Whether every card costs ``seat`` its printed cost now: no modifier or lasting effect
    reduces costs (C9.4.2), and no one-shot reducer of the seat waits."""
    if g.modifiers("reduce") or any(e.stat == "reduce" for e in g.lasting):
        return False
    return not reducers_waiting(g, seat)


def consume_reducers(g: CardGame, cid: int, seat: int) -> None:
    for key in [k for k in g.uses if k[0] == "reducer" and k[1] == seat]:
        if REDUCER_TESTS[key[2]](g, cid) and g.uses[key] > 0:
            del g.uses[key]


def marshal_cost(g: CardGame, cid: int, seat: int) -> int:
    return max(0, g.cost(cid, seat) - reducers(g, cid, seat))


def within_gold(g: CardGame, cid: int, seat: int) -> bool:
    """``marshal_cost(g, cid, seat) <= gold`` of ``seat``: the one-shot reducers (never
    negative) are looked for only when the cost before them is more than the gold."""
    gold = g.players[seat].gold
    cost = g.cost(cid, seat)
    return cost <= gold or cost - reducers(g, cid, seat) <= gold


def can_play_event(g: CardGame, cid: int, seat: int) -> bool:
    """An event in hand may be played (C2.7, C16.4): gold, Limited, play restrictions."""
    d = g.defs[cid]
    if g.owner[cid] != seat or g.where[cid] != "hand":
        return False
    if g.has("cannot_play_events", seat, True):
        return False
    if d.keyword("limited") and g.players[seat].limited >= 1 + g.bonus("limited", seat, True):
        return False
    play_if = text_of(d.code).play_if  # read before the cost: often the quicker "no"
    if play_if is not None and not play_if.ok(g, use_ctx(cid, seat)):
        return False
    return within_gold(g, cid, seat)


def pay_gold(g: CardGame, seat: int, amount: int) -> None:
    g.players[seat].gold -= amount
    assert g.players[seat].gold >= 0, "gold went negative"


def pay_cost_gold(g: CardGame, ctx: Ctx, amount: int) -> None:
    """Gold paid as an ability's cost (C16.5.1), logged: the gold pool is open (C3.7)."""
    pay_gold(g, ctx.you, amount)
    if amount:
        g.emit(
            event(
                "gold_paid", player=ctx.you, amount=amount, card=ctx.source, name=g.name(ctx.source)
            )
        )
