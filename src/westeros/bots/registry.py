"""The bot registry: every bot the server (and later the CLI) can seat, by name.

A factory takes a seed and returns a fresh :class:`~westeros.bots.base.Bot`. Stronger bots
register the same way: one line here.
"""

from __future__ import annotations

from collections.abc import Callable

from westeros.bots.base import Bot
from westeros.bots.heuristic import HeuristicBot
from westeros.bots.random_bot import RandomBot
from westeros.bots.search import SearchBot

BotFactory = Callable[[int], Bot]

BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": SearchBot,
}
# bots that take a budget after a colon: "search:300" (play-outs per decision) or
# "search:500ms" (milliseconds per decision)
BUDGETED: dict[str, Callable[[int, int | None, float | None], Bot]] = {
    "search": lambda seed, iterations, ms: SearchBot(seed, iterations=iterations, ms=ms),
}


# the bot that stands in for a person who is away, or for a bot that failed, per game kind
DEFAULT_BOTS: dict[str, str] = {"boardgame": "heuristic"}


def default_bot(kind: str) -> str:
    """The bot the server seats for ``kind`` when none is named (the random bot when the
    kind has no better one)."""
    return DEFAULT_BOTS.get(kind, "random")


def make_bot(name: str, seed: int) -> Bot:
    """A new bot of the registered kind ``name``; KeyError names the known bots.

    ``name`` may carry a budget: ``search:300`` (300 play-outs per decision, deterministic for
    the seed) or ``search:500ms`` (half a second per decision); ValueError for a bad budget.
    """
    if ":" in name:
        kind, _, budget = name.partition(":")
        if kind not in BUDGETED:
            raise KeyError(
                f"bot {kind!r} takes no budget (budgeted: {', '.join(sorted(BUDGETED))})"
            )
        text = budget.removesuffix("ms")
        if not text.isdigit() or int(text) <= 0:
            raise ValueError(f"bad budget {budget!r} in {name!r}: use e.g. {kind}:300 or 500ms")
        if budget.endswith("ms"):
            return BUDGETED[kind](seed, None, float(text))
        return BUDGETED[kind](seed, int(text), None)
    try:
        factory = BOTS[name]
    except KeyError:
        raise KeyError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})") from None
    return factory(seed)
