"""Targaryen's loyalty tokens (X-MOD-7): where they lie and when Targaryen takes them.

``g.loyalty`` maps a land area to the tokens lying there, ``g.loyalty_taken`` counts the tokens
Targaryen has taken (its victory value with Pentos' printed loyalty, X-MOD-5.2). 20 tokens
exist (X-MOD-7.1): a placement with none left is skipped. A token in an area Targaryen controls
is taken at once (XF22): when it is placed there, and after every control change
(:func:`take_all`, called by the win check, so after a combat only when Targaryen really holds
the area, XF26).
"""

from __future__ import annotations

from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.state import BoardGame

TARGARYEN = "targaryen"


def tokens_left(g: BoardGame) -> int:
    """X-MOD-7.1: tokens neither on the board nor taken by Targaryen."""
    return T.TARGARYEN.loyalty_tokens - sum(g.loyalty.values()) - g.loyalty_taken


def place(g: BoardGame, area: str) -> bool:
    """X-MOD-7.1: put one loyalty token on a land area (XF21), then Targaryen takes it if it
    controls the area (XF22). Returns False when no token was left (the placement is
    skipped)."""
    if not g.areas[area].is_land:
        raise ValueError(f"loyalty tokens lie on land areas only (XF21), not {area!r}")
    if tokens_left(g) <= 0:
        g.emit(E.LOYALTY_EXHAUSTED(area=area))
        return False
    g.loyalty[area] = g.loyalty.get(area, 0) + 1
    g.emit(E.LOYALTY_PLACED(area=area))
    take_in(g, area)
    return True


def take_in(g: BoardGame, area: str) -> int:
    """X-MOD-7.2 / XF22: Targaryen takes every loyalty token in ``area`` if it controls it now.
    Returns the tokens taken."""
    count = g.loyalty.get(area, 0)
    if count == 0 or TARGARYEN not in g.houses or g.controller(area) != TARGARYEN:
        return 0
    del g.loyalty[area]
    g.loyalty_taken += count
    g.emit(E.LOYALTY_TAKEN(house=TARGARYEN, area=area, count=count, total=g.loyalty_taken))
    return count


def take_all(g: BoardGame) -> int:
    """X-MOD-7.2: after a control change, Targaryen takes the tokens of every area it
    controls (in map order). Returns the tokens taken."""
    return sum(take_in(g, a) for a in sorted(g.loyalty, key=list(g.areas).index))
