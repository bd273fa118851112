"""Opponents for the single-agent wrapper: the bots of the registry, by name.

Any registered bot (``random``, ``heuristic``, ``search``, ``search:300``…) can fill the other
seats; a search bot is handed a sampler (a determinized copy), never the game.
"""

from __future__ import annotations

from westeros.bots import BOTS, Bot, make_bot

OPPONENTS: tuple[str, ...] = tuple(BOTS)


def make_opponent(name: str, seed: int) -> Bot:
    """A seeded bot by registry name (ValueError names the known ones)."""
    try:
        return make_bot(name, seed)
    except KeyError:
        raise ValueError(f"unknown opponent {name!r}; known: {', '.join(sorted(BOTS))}") from None
