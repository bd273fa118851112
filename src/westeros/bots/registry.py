"""The bot registry: every bot the server (and later the CLI) can seat, by name.

A factory takes a seed and returns a fresh :class:`~westeros.bots.base.Bot`. Stronger bots
register the same way: one line here.
"""

from __future__ import annotations

from collections.abc import Callable

from westeros.bots.base import Bot
from westeros.bots.random_bot import RandomBot

BotFactory = Callable[[int], Bot]

BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
}


def make_bot(name: str, seed: int) -> Bot:
    """A new bot of the registered kind ``name``; KeyError names the known bots."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise KeyError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})") from None
    return factory(seed)
