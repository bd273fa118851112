"""The bot interface and a loop that lets bots play a game to its end."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from westeros.engine import Choice, Decision, Game, Record


class Bot(Protocol):
    """A player program. It sees only its seat's view and its own pending decision."""

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice: ...


class Sampler:
    """What a search bot is handed instead of the game: ``sample(seed)`` is a new game in which
    everything its seat may not know is resampled (:meth:`Game.determinize`).

    It keeps only a determinized copy of the game, made when the decision is asked, so no
    secret of the real game is reachable from it (a determinization of a determinization is
    a determinization of the game: the sample depends on the seat's knowledge only).
    """

    __slots__ = ("_base", "seat")

    def __init__(self, game: Game, seat: int) -> None:
        self._base = game.determinize(seat, 0)
        self.seat = seat

    def __call__(self, seed: int) -> Game:
        return self._base.determinize(self.seat, seed)


def wants_view(bot: Bot) -> bool:
    """Bots that ignore the view (e.g. the random bot) say so with ``needs_view = False``."""
    return bool(getattr(bot, "needs_view", True))


def thinker(bot: Bot, game: Game, decision: Decision) -> Callable[[], Choice]:
    """How ``bot`` answers ``decision``, prepared now from ``game`` and run later (perhaps on
    another thread): ``choose`` on the seat's view, or for a search bot ``choose_with`` and a
    :class:`Sampler` (a determinized copy for that seat, never the game itself)."""
    view = game.view(decision.seat) if wants_view(bot) else {}
    search = getattr(bot, "choose_with", None)
    if search is None:
        return functools.partial(bot.choose, view, decision)
    return functools.partial(search, view, decision, Sampler(game, decision.seat))


def ask(bot: Bot, game: Game, decision: Decision) -> Choice:
    """The bot's answer to ``decision`` (see :func:`thinker`)."""
    return thinker(bot, game, decision)()


def play_out(
    game: Game,
    bots: Sequence[Bot],
    record: Record | None = None,
    on_move: Callable[[Game, int, Choice], None] | None = None,
    max_moves: int = 1_000_000,
) -> Game:
    """Ask the bots for every pending decision until the game ends.

    With several decisions open at once (secret choices) the lowest seat answers first;
    the others' decisions stay open, so the order does not leak anything. A bot with a
    ``choose_with(view, decision, sample)`` method (a search bot) is called with a
    :class:`Sampler` instead of ``choose``. Each move is
    appended to ``record`` if given.
    """
    for _ in range(max_moves):
        pending = game.pending()
        if not pending:
            return game
        decision = pending[0]
        if len(decision.choices) == 1:
            choice = decision.choices[0]
        else:
            choice = ask(bots[decision.seat], game, decision)
        game.apply(decision.seat, choice)
        if record is not None:
            record.moves.append((decision.seat, choice))
        if on_move is not None:
            on_move(game, decision.seat, choice)
    raise RuntimeError(f"game did not end within {max_moves} moves")
