"""Opponents for the single-agent wrapper: one small function to switch to the bot registry.

``src/westeros/bots/registry.py`` (``make_bot(name, seed) -> Bot``) is being added on another
branch; until it lands, :func:`make_opponent` knows only ``"random"``. When it lands, this
function becomes ``return registry.make_bot(name, seed)`` and nothing else changes.
"""

from __future__ import annotations

from westeros.bots import Bot, RandomBot

OPPONENTS: tuple[str, ...] = ("random",)


def make_opponent(name: str, seed: int) -> Bot:
    """A seeded bot by name (``"random"``: uniform over the legal choices)."""
    if name == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown opponent {name!r}; known: {', '.join(OPPONENTS)}")
