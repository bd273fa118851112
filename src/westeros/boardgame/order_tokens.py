"""Each house's own order tokens, as the views show them (R1.10, R3.4, X-MOD-9.1, X-MOD-10.4).

* A player house has the 15 tokens of R1.10 (``T.ORDER_COUNTS``), and in Mother of Dragons with
  sea orders its three sea tokens besides (X-MOD-9.1, ``sea_orders.sea_tokens``).
* A vassal has its own 4 tokens instead, never a player's (X-MOD-10.4).
* The Westeros restrictions of this round (R3.4) bar some of them: a base token itself, a sea
  token with its base twin, a vassal's tokens as ``vassals.barred_tokens`` says (XF14, XF33).
"""

from __future__ import annotations

from typing import Final

from westeros.boardgame import tables as T
from westeros.boardgame.sea_orders import barred, sea_tokens
from westeros.boardgame.state import BoardGame
from westeros.boardgame.vassals import barred_tokens

# the three token sets, as plain dicts: a copy of one is cheap (the views make one per house)
_BASE: Final = dict(T.ORDER_COUNTS)
_WITH_SEA: Final = {**T.ORDER_COUNTS, **T.SEA_ORDER_COUNTS}
_VASSAL: Final = dict(T.VASSAL_ORDER_COUNTS)


def tokens_of(g: BoardGame, house: str) -> dict[str, int]:
    """The house's order tokens and the copies of each, in token order (R1.10, X-MOD-9.1,
    X-MOD-10.4): a new dict."""
    if g.is_vassal(house):
        return _VASSAL.copy()
    return (_WITH_SEA if sea_tokens(g, house) else _BASE).copy()


def barred_of(g: BoardGame, house: str) -> list[str]:
    """The house's tokens a Westeros restriction bars this round (R3.4; XF14, XF33 for a
    vassal's), in token order: a new list."""
    if not g.restrictions:
        return []
    if g.is_vassal(house):
        vassal_barred = barred_tokens(g)
        return [t for t in T.VASSAL_ORDER_COUNTS if t in vassal_barred]
    return [t for t in (_WITH_SEA if sea_tokens(g, house) else _BASE) if barred(g, t)]
