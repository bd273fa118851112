"""The bot registry: every bot the server, the CLI and the tournaments can seat, by name.

A factory takes a seed and returns a fresh :class:`~westeros.bots.base.Bot`. The names are
the same for every game kind: ``heuristic`` plays the heuristic of the game it is handed
(the board game's :class:`HeuristicBot`, the card game's :class:`CardHeuristicBot`, chosen
by the view's ``game``), ``search`` searches with the roll-out policy and evaluation of that
game. With a game kind (``make_bot(name, seed, kind)``) a name resolves to the kind's own bot
class directly (:data:`KIND_BOTS`). Stronger bots register the same way: one line here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from westeros.bots.base import Bot
from westeros.bots.cards import CardHeuristicBot
from westeros.bots.heuristic import HeuristicBot
from westeros.bots.heuristic.aggressive import AggressiveBot
from westeros.bots.random_bot import RandomBot
from westeros.bots.search import MIXTURE, SearchBot
from westeros.engine import Choice, Decision

BotFactory = Callable[[int], Bot]


class PerGame:
    """A bot that plays each game kind with that kind's bot (made the first time a view of
    that game arrives), and the random bot in a game it has none for."""

    def __init__(self, seed: int, factories: dict[str, BotFactory]) -> None:
        self.seed = seed
        self.factories = factories
        self.bots: dict[str, Bot] = {}

    def of(self, game: str) -> Bot:
        bot = self.bots.get(game)
        if bot is None:
            bot = self.bots[game] = self.factories.get(game, RandomBot)(self.seed)
        return bot

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        return self.of(str(view.get("game"))).choose(view, decision)


# the game kinds' own bots by name
KIND_BOTS: dict[str, dict[str, BotFactory]] = {
    "boardgame": {"heuristic": HeuristicBot},
    "cardgame": {"heuristic": CardHeuristicBot},
}


def heuristic(seed: int) -> Bot:
    """The heuristic of whichever game the bot is handed."""
    return PerGame(seed, {kind: bots["heuristic"] for kind, bots in KIND_BOTS.items()})


BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "heuristic": heuristic,
    "search": SearchBot,  # one class for both games (its Domain follows the view's game)
    # the search with a mixture of opponent styles in its roll-outs (MIXTURE)
    "mixsearch": lambda seed: SearchBot(seed, opponents=MIXTURE),
    "aggressive": AggressiveBot,  # the board heuristic weighted toward marches and raids
}
# bots that take a budget after a colon: "search:300" (play-outs per decision) or
# "search:500ms" (milliseconds per decision)
BUDGETED: dict[str, Callable[[int, int | None, float | None], Bot]] = {
    "search": lambda seed, iterations, ms: SearchBot(seed, iterations=iterations, ms=ms),
    "mixsearch": lambda seed, iterations, ms: SearchBot(
        seed, iterations=iterations, ms=ms, opponents=MIXTURE
    ),
}


# the game kinds each bot plays (None: every kind); every bot of BOTS has an entry
BOT_KINDS: dict[str, frozenset[str] | None] = {
    "random": None,
    "heuristic": frozenset(KIND_BOTS),
    "search": frozenset(KIND_BOTS),
    "mixsearch": frozenset(KIND_BOTS),
    "aggressive": frozenset({"boardgame"}),
}

# the bot that stands in for a person who is away, or for a bot that failed, per game kind
DEFAULT_BOTS: dict[str, str] = {"boardgame": "heuristic", "cardgame": "heuristic"}


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


def make_bot(name: str, seed: int, kind: str | None = None) -> Bot:
    """A new bot of the registered kind ``name``; KeyError names the known bots.

    ``name`` may carry a budget: ``search:300`` (300 play-outs per decision, deterministic for
    the seed) or ``search:500ms`` (half a second per decision); ValueError for a bad budget.
    With ``kind`` (a game kind) a name the kind has a bot of its own for gives that bot.
    """
    if ":" in name:
        family, _, budget = name.partition(":")
        if family not in BUDGETED:
            raise KeyError(
                f"bot {family!r} takes no budget (budgeted: {', '.join(sorted(BUDGETED))})"
            )
        text = budget.removesuffix("ms")
        if not text.isdigit() or int(text) <= 0:
            raise ValueError(f"bad budget {budget!r} in {name!r}: use e.g. {family}:300 or 500ms")
        if budget.endswith("ms"):
            return BUDGETED[family](seed, None, float(text))
        return BUDGETED[family](seed, int(text), None)
    own = KIND_BOTS.get(kind or "", {}).get(name)
    if own is not None:
        return own(seed)
    try:
        factory = BOTS[name]
    except KeyError:
        raise KeyError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})") from None
    return factory(seed)
