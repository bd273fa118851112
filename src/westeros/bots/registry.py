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


# the game kinds each bot plays (None: every kind); every bot of BOTS has an entry
BOT_KINDS: dict[str, frozenset[str] | None] = {
    "random": None,
    "heuristic": frozenset({"boardgame"}),
    "search": frozenset({"boardgame"}),
}

# the bot that stands in for a person who is away, or for a bot that failed, per game kind
DEFAULT_BOTS: dict[str, str] = {"boardgame": "heuristic"}


def plays(name: str, kind: str) -> bool:
    """Whether the bot ``name`` (a budgeted spec such as ``search:300`` by its bot) plays
    ``kind``; an unknown bot plays nothing."""
    bot = name.partition(":")[0]
    if bot not in BOTS:
        return False
    kinds = BOT_KINDS.get(bot)
    return kinds is None or kind in kinds


def bots_for(kind: str) -> list[str]:
    """The bots that play ``kind``, the kind's stand-in first."""
    stand_in = default_bot(kind)
    return sorted((b for b in BOTS if plays(b, kind)), key=lambda b: (b != stand_in, b))


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
