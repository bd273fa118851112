"""Targaryen's dragons (X-MOD-6): their strength by round and their flight.

A dragon is a land unit of kind :data:`~westeros.boardgame.tables.DRAGON`. Its combat strength
is the number of dragon strength tokens in the box (X-MOD-6.2): a token arrives at the start of
each round listed in the Targaryen data (2, 4, 6, 8, 10), or earlier through *Fire Made Flesh*
(``g.dragon_early``). When every unit a march sends to one destination is a dragon, that
destination may be any land area of the map (X-MOD-6.3, X-MOD-Q10).
"""

from __future__ import annotations

from collections.abc import Sequence

from westeros.boardgame import tables as T
from westeros.boardgame.geography import barred
from westeros.boardgame.state import BoardGame


def strength(g: BoardGame) -> int:
    """X-MOD-6.2: dragon strength tokens in the box — those whose round has begun, and those
    Fire Made Flesh moved early (each token counts once, 5 at most)."""
    arrived = {r for r in T.TARGARYEN.dragon_token_rounds if r <= g.round}
    return len(arrived | set(g.dragon_early))


def flight_destinations(
    g: BoardGame,
    house: str,
    area: str,
    moves: Sequence[tuple[str, str]],
    reachable: Sequence[str],
) -> list[str]:
    """X-MOD-6.3 / X-MOD-Q10: land areas a dragon of ``house`` marching from ``area`` may fly
    to beyond the ``reachable`` ones: any land area of the map (Westeros or Essos) other than
    the start, where no non-dragon unit of the plan ``moves`` goes (a split march is checked
    per destination); never a sea or a port (X-MOD-6.4), never an impassable area (R1.1.4),
    never an area held by a house of the same command (X-MOD-10.5, XF16: Targaryen never
    attacks the vassals it commands)."""
    walking = {d for k, d in moves if k != T.DRAGON}
    known = set(reachable)
    return [
        a
        for a, info in g.areas.items()
        if info.is_land
        and a != area
        and a not in known
        and a not in walking
        and a not in g.impassable
        and not (g.vassals and barred(g, house, a))
    ]
