"""The ends of periods (C6.7): effects lasting "until the end of" a challenge, phase or round
expire and ability limits reset; delayed "at the end of" effects (C16.16) resolve."""

from __future__ import annotations

from collections.abc import Callable

from westeros.cardgame import decisions as D
from westeros.cardgame.flow import do, run_effect
from westeros.cardgame.state import CardGame
from westeros.engine import Ask, Choice, Decision, Step


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
            do(g, DelayedInOrder(tuple((str(fact[2]), tuple(fact[3:])) for fact in due)))


# Delayed effects (C16.16) by name: ``at_end_of(g, period, name, *args)`` makes
# ``DELAYED[name](g, *args)`` resolve at the end of that phase or round.
DELAYED: dict[str, Callable[..., None]] = {}


def at_end_of(g: CardGame, period: str, name: str, *args: object) -> None:
    g.history = g.history | {("delayed", period, name, *args)}


class DelayedInOrder(Ask):
    """D11 (C16.16, C16.21): delayed effects due together resolve one at a time, in the order
    the first player picks (by the card each concerns); automatic: the order given."""

    def __init__(self, due: tuple[tuple[str, tuple[object, ...]], ...]) -> None:
        super().__init__()
        self.due = due

    def _cards(self) -> list[Choice]:
        cards: list[Choice] = []
        for _, args in self.due:
            card = args[0] if args else None
            if isinstance(card, int) and card not in cards:
                cards.append(card)
        return cards

    def ask(self, g: CardGame) -> Decision | None:
        cards = self._cards()
        if len(cards) <= 1 or g.automatic(g.first):
            return None
        prompt = "choose the delayed effect that resolves next (the card it concerns)"
        return D.DELAYED_ORDER.ask(g.first, prompt, tuple(cards))

    def act(self, g: CardGame, choice: Choice | None) -> None:
        pick = 0
        if choice is not None:
            pick = next(k for k, (_, args) in enumerate(self.due) if args and args[0] == choice)
        name, args = self.due[pick]
        rest = self.due[:pick] + self.due[pick + 1 :]
        g.push(Delayed(name, args), *([DelayedInOrder(rest)] if rest else []))


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
