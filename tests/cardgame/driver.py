"""One scenario driver for card-game tests: lay out a table, start a phase, answer decisions.

    t = Table()                       # seat 0 (House Stark) is first player, seat 1 Lannister
    robert = t.add(0, "01048")        # a card in play (standing) for seat 0
    t.reveal(1, "01025")              # seat 1's revealed plot
    t.start("challenges")             # run the real challenges phase from its beginning
    t.challenge(0, "military", [robert])   # declare it; stops at the next open question
    t.use(card)                       # answer "use:<card>:<i>" in a window
    t.auto()                          # pass every window until a real question comes

Everything goes through the engine's own steps and ``apply``; the table only places cards.
"""

from __future__ import annotations

from collections.abc import Callable

from westeros.cardgame.actions import to_zone
from westeros.cardgame.builder import BLANK_PLOT, FILLER, Position
from westeros.cardgame.flow import run_effect
from westeros.cardgame.state import CardGame
from westeros.engine import Choice, Decision, Step

__all__ = ["BLANK_PLOT", "FILLER", "Table", "window"]
PASSIVE = {"action", "interrupt", "reaction"}


def window(name: str) -> Callable[[Decision], bool]:
    """A ``stop`` for :meth:`Table.auto`: the action window named ``name``."""

    def stop(d: Decision) -> bool:
        return d.kind == "action" and d.about("window") == name

    return stop


class Table:
    """A game laid out by hand (a public :class:`~westeros.cardgame.builder.Position`), after
    setup, in round 1; it answers the decisions."""

    def __init__(
        self,
        factions: tuple[str, ...] = ("stark", "lannister"),
        first: int = 0,
        deck: int = 10,
        seed: int = 7,
        plots: tuple[str, ...] | None = None,
        auto: bool | list[bool] = True,
    ) -> None:
        """``auto``: the seats' automatic setting (D7, D11, D14, D15, D22, D23; a list: per
        seat); the table answers those choices automatically unless a test asks for them."""
        self.position = Position(
            factions, first=first, deck=deck, seed=seed, plots=plots, auto=auto
        )
        self.g: CardGame = self.position.g  # 3+ factions: a melee table

    def give_title(self, seat: int, name: str) -> int:
        """Seat ``seat`` bears the title ``name`` (melee tables only, C21.3)."""
        return self.position.title(seat, name)

    # -- laying out --------------------------------------------------------------------
    def add(
        self,
        seat: int,
        code: str,
        zone: str = "play",
        knelt: bool = False,
        on: int | None = None,
        power: int = 0,
    ) -> int:
        """A new card of ``code`` owned by ``seat`` in ``zone`` (play: standing unless
        ``knelt``; ``on``: the card an attachment or duplicate is on). Returns its id."""
        return self.position.add(seat, code, zone, knelt, on, power)

    def reveal(self, seat: int, code: str) -> int:
        """Make ``code`` the seat's revealed plot (the old one goes to the used pile)."""
        return self.position.reveal(seat, code)

    def plot_phase(self, plots: dict[int, str], first: int = 0) -> dict[int, int]:
        """Run a plot phase in which each seat reveals the given plot (its only one left);
        the initiative winner names ``first`` as first player. Stops at the first question
        after that (When Revealed choices…). Returns the plots' card ids by seat."""
        ids = {}
        for seat, code in plots.items():
            cid = self.add(seat, code, zone="plots")
            self.g.players[seat].plots = [cid]
            ids[seat] = cid
        self.start("plot")
        if self.kinds() == ["first_player"]:
            self.do(first)
        return ids

    def gold(self, seat: int, amount: int) -> None:
        self.position.gold(seat, amount)

    def power(self, seat: int, amount: int) -> None:
        """Power on the seat's faction card."""
        self.position.power(seat, amount)

    def faction(self, seat: int) -> int:
        return self.g.players[seat].faction

    def hand(self, seat: int) -> list[int]:
        return list(self.g.players[seat].hand)

    def discard_to(self, cid: int, zone: str) -> None:
        to_zone(self.g, cid, zone)

    # -- running -----------------------------------------------------------------------
    def start(self, phase: str, active: int | None = None) -> None:
        """Run ``phase`` from its beginning (its "phase begins" and windows included)."""
        self.position.start(phase, active)

    def run(self, *steps: Step, phase: str | None = None) -> None:
        """Run some steps directly (e.g. one challenge); ``phase`` sets the phase name."""
        self.position.run(*steps, phase=phase)

    def pending(self) -> list[Decision]:
        return self.g.pending()

    def decision(self, seat: int | None = None) -> Decision:
        found = [d for d in self.g.pending() if seat is None or d.seat == seat]
        assert found, f"no decision pending for seat {seat}"
        return found[0]

    def kinds(self) -> list[str]:
        return [d.kind for d in self.g.pending()]

    def choices(self, seat: int | None = None) -> tuple[Choice, ...]:
        return self.decision(seat).choices

    def do(self, choice: Choice, seat: int | None = None) -> None:
        """Answer the pending decision (of ``seat``, or the only one)."""
        d = self.decision(seat)
        self.g.apply(d.seat, choice)

    def use(self, cid: int, index: int = 0) -> None:
        """Use card ``cid``'s ability ``index`` in the open window."""
        choice = f"use:{cid}:{index}"
        for d in self.g.pending():
            if choice in d.choices:
                self.g.apply(d.seat, choice)
                return
        raise AssertionError(f"{choice} not offered; pending: {self.g.pending()}")

    def can_use(self, cid: int, index: int = 0) -> bool:
        choice = f"use:{cid}:{index}"
        return any(choice in d.choices for d in self.g.pending())

    def offered(self, choice: Choice) -> bool:
        """Whether some pending decision offers ``choice``."""
        return any(choice in d.choices for d in self.g.pending())

    def hand_cards(self, seat: int, n: int) -> list[int]:
        """``n`` filler cards in ``seat``'s hand."""
        return [self.add(seat, FILLER, zone="hand") for _ in range(n)]

    def won(self, seat: int, type_: str) -> bool:
        """Whether ``seat`` has won a challenge of ``type_`` this round."""
        return ("won", self.g.round, seat, type_) in self.g.history

    def finish_phase(self, limit: int = 500) -> None:
        """Pass every window and end every player's challenges until the phase is over."""
        for _ in range(limit):
            pending = self.g.pending()
            if not pending:
                return
            d = pending[0]
            if d.kind in PASSIVE:
                self.g.apply(d.seat, "pass")
            elif d.kind == "challenge":
                self.g.apply(d.seat, "done")
            else:
                raise AssertionError(f"unexpected decision {d}")
        raise AssertionError("finish_phase(): too many decisions")

    def auto(self, stop: Callable[[Decision], bool] | None = None, limit: int = 500) -> None:
        """Pass every action, interrupt and reaction window (and take a lone "done") until
        a decision that ``stop`` accepts, one that is not a window, or the end."""
        for _ in range(limit):
            pending = self.g.pending()
            if not pending:
                return
            d = pending[0]
            if stop is not None and stop(d):
                return
            if d.kind in PASSIVE:
                self.g.apply(d.seat, "pass")
                continue
            return
        raise AssertionError("auto(): too many decisions")

    def challenge(
        self,
        seat: int,
        type: str,
        attackers: list[int],
        defenders: list[int] = (),  # type: ignore[assignment]
        stealth: dict[int, int] | None = None,
        stop: Callable[[Decision], bool] | None = None,
        opponent: int | None = None,
    ) -> None:
        """From the challenges phase, initiate ``type`` against the opponent with
        ``attackers``; the opponent defends with ``defenders``. Action windows are passed.
        Stops at an interrupt or reaction window (they open only when someone can answer),
        at a decision ``stop`` accepts, at any other question (claim, targets…) or when the
        attacker is asked for their next challenge. ``t.auto()`` passes on from there."""
        opponent = 1 - seat if opponent is None else opponent
        started = False
        todo_att = list(attackers)
        todo_def = list(defenders)
        stealth = stealth or {}
        for _ in range(500):
            pending = self.g.pending()
            if not pending:
                return
            d = pending[0]
            if stop is not None and stop(d):
                return
            if d.kind == "action":
                self.g.apply(d.seat, "pass")
            elif d.kind == "challenge" and d.seat == seat and not started:
                started = True
                self.g.apply(seat, f"{type}>{opponent}")
            elif d.kind == "attacker":
                self.g.apply(seat, todo_att.pop(0) if todo_att else "done")
            elif d.kind == "stealth":
                attacker = int(str(d.about("card")))
                self.g.apply(seat, stealth.get(attacker, "none"))
            elif d.kind == "defender":
                self.g.apply(d.seat, todo_def.pop(0) if todo_def else "done")
            else:
                return
        raise AssertionError("challenge(): too many decisions")


class Effect:
    """A step that runs one effect through the card game's timing (``flow.run_effect``)."""

    def __init__(self, fn: Callable[[CardGame], object]) -> None:
        self.fn = fn

    def decisions(self, g: CardGame) -> list[Decision]:
        return []

    def run(self, g: CardGame) -> None:
        run_effect(g, lambda g: self.fn(g))

    def snapshot(self) -> dict[str, object]:
        return {"step": "Effect"}


def swap_hidden_card(g: CardGame, seat: int) -> CardGame | None:
    """A copy in which one of ``seat``'s hand cards traded places with a deck card of
    another title: two games differing only in one hidden card (None if there is no such
    pair)."""
    p = g.players[seat]
    for h in p.hand:
        for k, c in enumerate(p.deck):
            if g.defs[c].name != g.defs[h].name:
                other = g.clone()
                q = other.players[seat]
                q.hand[q.hand.index(h)], q.deck[k] = c, h
                other.where[h], other.where[c] = "deck", "hand"
                other.changed()
                other.invalidate()
                return other
    return None
