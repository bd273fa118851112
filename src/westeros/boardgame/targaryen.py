"""House Targaryen of Mother of Dragons (X-MOD-5): its victory value, its Clash of Kings bid
hand-out and what follows a control change (loyalty tokens, Pentos' garrison).

Targaryen holds the last space of every influence track for good (X-MOD-5.1, XF19:
``BoardGame.set_track`` keeps it there, so an effect sending another house to the lowest
position puts it just above). It wins with 7 loyalty (X-MOD-5.2): the tokens it took plus the
printed loyalty of the areas it controls (Pentos, X-MOD-Q7). Its dragons are in
:mod:`~westeros.boardgame.dragons`, its loyalty tokens in :mod:`~westeros.boardgame.loyalty`.
"""

from __future__ import annotations

from typing import Any

from westeros.boardgame import decisions as D
from westeros.boardgame import dragons, loyalty
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.state import BoardGame
from westeros.engine import Decision

TARGARYEN = loyalty.TARGARYEN
Bids = tuple[tuple[str, int], ...]


def in_play(g: BoardGame) -> bool:
    """Targaryen is in the game (only when a player plays it, X-MOD-1.5)."""
    return TARGARYEN in g.houses


# -- victory (X-MOD-5.2, X-MOD-Q7, X-MOD-Q8) -------------------------------------------------------


def loyalty_value(g: BoardGame) -> int:
    """X-MOD-5.2 / X-MOD-Q7: Targaryen's victory value — the loyalty tokens it took plus the
    printed loyalty of the areas it controls (Pentos 1)."""
    printed = sum(n for a, n in T.TARGARYEN.printed_loyalty.items() if g.controller(a) == TARGARYEN)
    return g.loyalty_taken + printed


def has_won(g: BoardGame) -> bool:
    """X-MOD-5.2: Targaryen wins at once on reaching 7 loyalty."""
    return in_play(g) and loyalty_value(g) >= T.TARGARYEN.loyalty_to_win


def after_control_change(g: BoardGame) -> None:
    """After a control change: Targaryen takes the loyalty tokens of its areas (X-MOD-7.2,
    XF22, XF26) and Pentos' garrison is put back once Targaryen controls it again (X-MOD-2.6)."""
    if not in_play(g):
        return
    loyalty.take_all(g)
    for area, strength in T.TARGARYEN.restored_garrisons.items():
        if area not in g.garrisons and g.controller(area) == TARGARYEN:
            g.garrisons[area] = strength
            g.emit(E.GARRISON_RESTORED(area=area, strength=strength))


# -- the bid hand-out (X-MOD-5.3, XF25) --------------------------------------------------------


def handout_amount(g: BoardGame, bids: Bids) -> int:
    """The tokens Targaryen bid in this auction, all of which it must hand out (X-MOD-5.3)."""
    return dict(bids).get(TARGARYEN, 0) if in_play(g) else 0


def handout_decision(g: BoardGame, left: int, track: str) -> Decision:
    """X-MOD-D4: the house that receives the next token of Targaryen's bid — any other house
    in play, a vassal included (X-MOD-5.3); receivers cannot refuse."""
    receivers = tuple(h for h in g.turn_order() if h != TARGARYEN)
    return D.BID_HANDOUT.ask(
        g.seat_for(TARGARYEN),
        f"Targaryen: hand one of the power tokens you bid to another house ({left} left)",
        receivers,
        track=track,
        left=left,
    )


def hand_out(g: BoardGame, bids: Bids, receiver: str) -> Bids:
    """X-MOD-5.3: ``receiver``'s bid rises by 1 (the token itself goes to the Pool: it was
    paid with Targaryen's bid)."""
    raised = tuple((h, a + 1 if h == receiver else a) for h, a in bids)
    g.emit(E.BID_HANDED_OUT(house=TARGARYEN, to=receiver, bid=dict(raised)[receiver]))
    return raised


def without_targaryen(bids: Bids) -> Bids:
    """The bids that decide the positions: Targaryen keeps the last space (X-MOD-5.1)."""
    return tuple((h, a) for h, a in bids if h != TARGARYEN)


# -- set-up and view -----------------------------------------------------------------------------


def set_up(g: BoardGame) -> None:
    """X-MOD-2.8: the loyalty token of King's Landing (dragon tokens are on the round track:
    their strength follows the round, :func:`dragons.strength`)."""
    for area, count in T.TARGARYEN.setup_loyalty.items():
        for _ in range(count):
            loyalty.place(g, area)


def view(g: BoardGame) -> dict[str, Any]:
    """The public Targaryen facts (X-MOD-6, X-MOD-7): dragon strength, loyalty tokens on the
    board, the tokens taken, its victory value and the tokens left."""
    return {
        "dragon_strength": dragons.strength(g),
        "loyalty": dict(g.loyalty),
        "loyalty_taken": g.loyalty_taken,
        "loyalty_value": loyalty_value(g),
        "loyalty_left": loyalty.tokens_left(g),
    }


def unplaced(g: BoardGame, placed: tuple[str, ...]) -> tuple[str, ...]:
    """Targaryen after an auction's placed houses: the last space is its own (X-MOD-5.1)."""
    return (TARGARYEN,) if in_play(g) and TARGARYEN not in placed else ()
