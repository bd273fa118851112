"""The ends of periods (C6.7): effects lasting "until the end of" a challenge, phase or round
expire and ability limits reset; delayed "at the end of" effects (C16.16) resolve."""

from __future__ import annotations

from collections.abc import Callable

from westeros.cardgame.flow import do, run_effect
from westeros.cardgame.state import CardGame
from westeros.engine import Step


class EndOfPeriod(Step):
    """C6.7 steps 2–3: effects lasting "until the end of" this period expire and limits reset;
    then the delayed "at the end of" effects (C16.16) resolve."""

    def __init__(self, period: str) -> None:
        self.period = period

    def run(self, g: CardGame) -> None:
        expire(g, self.period)
        due = sorted((f for f in g.history if f[0] == "delayed" and f[1] == self.period), key=repr)
        if due:  # C6.7 step 3, C16.16: "at the end of the <period>" effects resolve
            g.history = g.history - set(due)
            for fact in due:
                do(g, Delayed(str(fact[2]), fact[3:]))


# Delayed effects (C16.16) by name: ``at_end_of(g, period, name, *args)`` makes
# ``DELAYED[name](g, *args)`` resolve at the end of that phase or round.
DELAYED: dict[str, Callable[..., None]] = {}


def at_end_of(g: CardGame, period: str, name: str, *args: object) -> None:
    g.history = g.history | {("delayed", period, name, *args)}


class Delayed(Step):
    """One delayed effect resolving (C16.16): ``DELAYED[name](g, *args)``, by name."""

    def __init__(self, name: str, args: tuple[object, ...]) -> None:
        self.name = name
        self.args = args

    def run(self, g: CardGame) -> None:
        run_effect(g, DELAYED[self.name], *self.args)


def expire(g: CardGame, period: str) -> None:
    ends = {"challenge": ("challenge",), "phase": ("challenge", "phase"), "round": ("round",)}
    periods = ends[period]
    if any(e.until in periods for e in g.lasting):
        g.lasting = tuple(e for e in g.lasting if e.until not in periods)
        g.changed()
    stale = [k for k in g.uses if k[1] in periods or (k[0] == "reducer" and period == "phase")]
    for key in stale:
        del g.uses[key]
