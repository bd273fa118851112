"""Mother of Dragons sea order tokens (X-MOD-9): who has them, where they go, what bars them,
and the Iron Bank token's turn in the Consolidate Power step.

* X-MOD-9.1: with sea orders (config ``sea_orders``, Mother of Dragons only, on by default,
  X-MOD-1.4) every player house has three more regular tokens, ``T.SEA_ORDER_COUNTS``
  (``sea_march-1``, ``sea_support+0``, ``iron_bank``), besides its 15 (R1.10); a vassal has
  its own tokens instead, never these. They go only on ships: in a sea area or a port (an
  order lies only where the house has units, R5.1).
* Sea March −1 and Sea Support are March and Support orders in every other respect: the raid,
  the march, the combat and the support read an order by its type and modifier.
* R3.4: a sea token is barred whenever its base twin is (``T.SEA_ORDER_TWINS``: Web of Lies
  bars Sea Support; nothing bars Sea March −1, as nothing bars March −1); the Iron Bank token
  is no Consolidate Power order, so Feast for Crows does not bar it (X-MOD-9.2, XF34).
* X-MOD-9.2: the Iron Bank order is resolved in the Consolidate Power step's cycle, one order
  per turn like the Consolidate Power orders (``action.CYCLE_TYPES``), in a port even with
  enemy ships in its sea (XF27); it can be raided, without pillage (``raid.RAIDABLE``).
  Without the Iron Bank (no Essos, X-MOD-1.3) it is blank (X-MOD-9.3, XF9):
  :func:`resolve_iron_bank` removes it without effect.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from westeros.boardgame import events as E
from westeros.boardgame import iron_bank
from westeros.boardgame import tables as T
from westeros.boardgame.state import BoardGame

IRON_BANK = "iron_bank"  # the Iron Bank token's id and order type (X-MOD-9.1)
_NONE: Mapping[str, int] = MappingProxyType({})


def uses_sea_orders(g: BoardGame) -> bool:
    """X-MOD-1.4: sea orders are used in Mother of Dragons unless the config turns them off."""
    return g.is_mod() and bool(g.config.get("sea_orders", True))


def sea_tokens(g: BoardGame, house: str) -> Mapping[str, int]:
    """X-MOD-9.1: the house's sea tokens and their copies (none for a vassal, which has its
    own, and none in a game without sea orders)."""
    if not uses_sea_orders(g) or g.is_vassal(house):
        return _NONE
    return T.SEA_ORDER_COUNTS


def on_ships(g: BoardGame, area: str) -> bool:
    """X-MOD-9.1: a sea token may lie in ``area``: a sea area or a port (ships only)."""
    return g.areas[area].kind in ("sea", "port")


def barred(g: BoardGame, token: str) -> bool:
    """R3.4: the token is barred this Planning phase, itself or through its base twin."""
    twin = T.SEA_ORDER_TWINS.get(token)
    return token in g.restrictions or (twin is not None and twin in g.restrictions)


def resolve_iron_bank(g: BoardGame, house: str, area: str) -> None:
    """X-MOD-9.2: the house resolves its Iron Bank order in ``area`` (its turn of the
    Consolidate Power step). Without the Iron Bank the token is blank (X-MOD-9.3, XF9): the
    order is removed without effect.

    The Iron Bank's hook (X-MOD-8.4, X-MOD-D7): a game with the Iron Bank (Essos) resolves the
    order here by pushing the loan purchase (which loan, or none) before the order is removed;
    nothing else in the order cycle changes.
    """
    if iron_bank.uses_iron_bank(g):
        iron_bank.resolve_order(g, house, area)  # X-MOD-8.4, X-MOD-D7
        return
    del g.orders[area]
    g.emit(E.IRON_BANK_BLANK(house=house, area=area))
