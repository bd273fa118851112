"""Each house's own order tokens, as the views show them (R1.10, R3.4, X-MOD-9.1, X-MOD-10.4).

* A player house has the 15 tokens of R1.10 (``T.ORDER_COUNTS``), and in Mother of Dragons with
  sea orders its three sea tokens besides (X-MOD-9.1, ``sea_orders.sea_tokens``).
* A vassal has its own 4 tokens instead, never a player's (X-MOD-10.4).
* The Westeros restrictions of this round (R3.4) bar some of them: a base token itself, a sea
  token with its base twin, a vassal's tokens as ``vassals.barred_tokens`` says (XF14, XF33).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from westeros.boardgame import tables as T
from westeros.boardgame.sea_orders import barred, sea_tokens
from westeros.boardgame.state import BoardGame
from westeros.boardgame.vassals import barred_tokens

_WITH_SEA: Mapping[str, int] = MappingProxyType({**T.ORDER_COUNTS, **T.SEA_ORDER_COUNTS})


def tokens_of(g: BoardGame, house: str) -> Mapping[str, int]:
    """The house's order tokens and the copies of each, in token order (R1.10, X-MOD-9.1,
    X-MOD-10.4)."""
    if g.is_vassal(house):
        return T.VASSAL_ORDER_COUNTS
    return _WITH_SEA if sea_tokens(g, house) else T.ORDER_COUNTS


def barred_of(g: BoardGame, house: str) -> tuple[str, ...]:
    """The house's tokens a Westeros restriction bars this round (R3.4; XF14, XF33 for a
    vassal's), in token order."""
    if not g.restrictions:
        return ()
    if g.is_vassal(house):
        vassal_barred = barred_tokens(g)
        return tuple(t for t in T.VASSAL_ORDER_COUNTS if t in vassal_barred)
    return tuple(t for t in tokens_of(g, house) if barred(g, t))
