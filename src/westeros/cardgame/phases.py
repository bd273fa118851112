"""The round (C6.1) and its seven phases (C7–C15), as steps.

Each phase opens with a "phase begins" occurrence and closes with "phase ends", after which
lasting effects "until the end of the phase" expire (C6.7); the round's end expires "until
the end of the round". Action windows sit where C6.3 puts them.
"""

from __future__ import annotations

from westeros.cardgame import decisions as D
from westeros.cardgame import events as E
from westeros.cardgame.abilities import WHEN_REVEALED, Occ, text_of
from westeros.cardgame.actions import (
    discard_from_hand,
    draw_together,
    gain_power,
    stand,
)
from westeros.cardgame.challenges import ChallengesPhase
from westeros.cardgame.flow import (
    ActionWindow,
    InOrder,
    ctx_for,
    occur,
    run_effect,
    usable,
)
from westeros.cardgame.melee import ReturnTitles, SelectTitles, is_melee
from westeros.cardgame.periods import DELAYED as DELAYED
from westeros.cardgame.periods import EndOfPeriod
from westeros.cardgame.periods import at_end_of as at_end_of
from westeros.cardgame.periods import expire as expire
from westeros.cardgame.state import CardGame, InPlay
from westeros.engine import Ask, Choice, Decision, Step


class Round(Step):
    """C6.1: the seven phases, then the next round."""

    def run(self, g: CardGame) -> None:
        g.round += 1
        g.emit(E.event("round", round=g.round))
        for p in g.players:
            p.limited = 0
        g.push(
            Phase("plot", PlotPhase()),
            Phase("draw", DrawPhase()),
            Phase("marshaling", MarshalingPhase()),
            Phase("challenges", ChallengesPhase()),
            Phase("dominance", DominancePhase()),
            Phase("standing", StandingPhase()),
            Phase("taxation", TaxationPhase()),
            EndOfPeriod("round"),
            Round(),
        )


class Phase(Step):
    """A phase: it begins (C6.2), runs its framework steps, then ends (C6.7)."""

    def __init__(self, name: str, body: Step) -> None:
        self.name = name
        self.body = body

    def run(self, g: CardGame) -> None:
        g.phase = self.name
        g.emit(E.event("phase", phase=self.name))
        g.push(
            _Occur(Occ("phase_begins", info=(("phase", self.name),))),
            self.body,
            *([] if self.name in ("marshaling", "challenges") else [ActionWindow(self.name)]),
            *phase_end(self.name),
        )

    def snapshot(self) -> dict[str, object]:
        return {"step": "Phase", "name": self.name, "body": self.body.snapshot()}


def phase_end(name: str) -> list[Step]:
    """C6.2, C6.7: the phase ends (its "phase ends" occurrence), then its lasting effects."""
    return [_Occur(Occ("phase_ends", info=(("phase", name),))), EndOfPeriod("phase")]


class _Occur(Step):
    def __init__(self, occ: Occ) -> None:
        self.occ = occ

    def run(self, g: CardGame) -> None:
        run_effect(g, occur, self.occ)


# -- plot phase (C7) -------------------------------------------------------------------


class PlotPhase(Step):
    def run(self, g: CardGame) -> None:
        g.push(ChoosePlots())


class ChoosePlots(Step):
    """C7.2: every player chooses a plot secretly and at once (forced if one is left)."""

    def __init__(self) -> None:
        self.chosen: tuple[tuple[int, int], ...] = ()

    def decisions(self, g: CardGame) -> list[Decision]:
        done = {s for s, _ in self.chosen}
        return [
            D.PLOT.ask(seat, "choose your plot (secret)", tuple(g.players[seat].plots))
            for seat in g.order()
            if seat not in done and len(g.players[seat].plots) > 1
        ]

    def choose(self, g: CardGame, seat: int, choice: Choice) -> None:
        self.chosen = (*self.chosen, (seat, int(choice)))
        g.emit(E.event("plot_chosen", player=seat))

    def run(self, g: CardGame) -> None:
        chosen = dict(self.chosen)
        for seat in g.order():
            if seat not in chosen and g.players[seat].plots:
                chosen[seat] = g.players[seat].plots[0]
        g.push(RevealPlots(tuple(sorted(chosen.items()))))


class RevealPlots(Step):
    """C7.3: reveal at once; initiative (I); first player (II); When Revealed (III) in the
    first player's order (D7; automatic: player order, Q4); recycling (Q22); reactions."""

    def __init__(self, chosen: tuple[tuple[int, int], ...]) -> None:
        self.chosen = chosen

    def run(self, g: CardGame) -> None:
        revealed = []
        for seat, plot in self.chosen:
            p = g.players[seat]
            if p.plot is not None:
                old = p.plot
                del g.play[old]
                p.used.append(old)
                g.where[old] = "used"
            p.plots.remove(plot)
            p.plot = plot
            g.where[plot] = "plot"
            g.play[plot] = InPlay(seat)
            revealed.append(plot)
            g.emit(E.event("plot_revealed", player=seat, card=plot, name=g.name(plot)))
        g.changed()
        winner = initiative_winner(g)
        g.emit(E.event("initiative", player=winner, initiative=g.plot_value(winner, "initiative")))
        steps: list[Step] = [
            ChooseFirst(winner),
            WhenRevealed(tuple(revealed)),
            Recycle(tuple(revealed)),
        ]
        if is_melee(g):
            steps.append(SelectTitles())  # C7.4 (1.4)
        g.push(*steps)


def initiative_winner(g: CardGame) -> int:
    """C7.3.1: highest initiative; tie: lowest power; still tied: at random."""
    seats = g.order()
    best = max(g.plot_value(s, "initiative") for s in seats)
    tied = [s for s in seats if g.plot_value(s, "initiative") == best]
    if len(tied) > 1:
        low = min(g.total_power(s) for s in tied)
        tied = [s for s in tied if g.total_power(s) == low]
    return tied[0] if len(tied) == 1 else tied[g.rng.below(len(tied))]


class ChooseFirst(Ask):
    """C7.3.2/D6: the initiative winner names the first player."""

    def __init__(self, winner: int) -> None:
        super().__init__()
        self.winner = winner

    def ask(self, g: CardGame) -> Decision | None:
        return D.FIRST_PLAYER.ask(self.winner, "choose the first player", tuple(g.order()))

    def act(self, g: CardGame, choice: Choice | None) -> None:
        g.first = int(choice) if choice is not None else self.winner
        g.emit(E.event("first_player", player=g.first))
        run_effect(g, occur, Occ("initiative_won", (), self.winner))


class WhenRevealed(Step):
    """C7.3.3: every When Revealed ability on the new plots initiates, one at a time, in the
    order the first player picks (D7; automatic: player order)."""

    def __init__(self, plots: tuple[int, ...]) -> None:
        self.plots = plots

    def run(self, g: CardGame) -> None:
        order = {s: k for k, s in enumerate(g.order())}
        due = []
        for plot in sorted(self.plots, key=lambda c: order.get(g.owner[c], 9)):
            entry = text_of(g.defs[plot].code)
            for i, a in enumerate(entry.abilities):
                ctx = ctx_for(g, plot, i)
                if a.kind == WHEN_REVEALED and usable(g, a, ctx):
                    due.append(ctx)
        if due:
            g.push(InOrder(tuple(due)))


class Recycle(Step):
    """C7.3.5 (Q22): an empty plot deck takes back the used pile; then reactions to the
    reveal (C7.3.4)."""

    def __init__(self, plots: tuple[int, ...]) -> None:
        self.plots = plots

    def run(self, g: CardGame) -> None:
        for p in g.players:
            if not p.plots and not p.eliminated:
                p.plots, p.used = p.used, []
                for c in p.plots:
                    g.where[c] = "plots"
                g.emit(E.event("recycle", player=p.seat))
        run_effect(g, occur, Occ("plots_revealed", self.plots))


# -- draw phase (C8) -------------------------------------------------------------------


class DrawPhase(Step):
    """C8.2: every player draws 2 cards at the same time (the draw phase's modifiers apply
    to this draw only); decks emptied together are ordered by the first player (D15)."""

    def run(self, g: CardGame) -> None:
        counts = tuple((seat, 2 + g.bonus("draw", seat, players=True)) for seat in g.order())
        draw_together(g, counts)


# -- marshaling phase (C9) -------------------------------------------------------------


class MarshalingPhase(Step):
    def run(self, g: CardGame) -> None:
        g.push(*[MarshalingTurn(seat) for seat in g.order()], _NoActive())


class MarshalingTurn(Step):
    """C9.2–C9.3: income, then the special window in which the active player marshals."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def run(self, g: CardGame) -> None:
        if g.players[self.seat].eliminated:
            return
        g.active = self.seat
        income = g.plot_value(self.seat, "income")
        g.players[self.seat].gold += income
        g.emit(E.event("income", player=self.seat, amount=income))
        g.push(ActionWindow("marshaling"))
        run_effect(g, occur, Occ("income", (), self.seat))


class _NoActive(Step):
    def run(self, g: CardGame) -> None:
        g.active = None


# -- dominance, standing, taxation (C13–C15) -------------------------------------------


class DominancePhase(Step):
    """C13.2–C13.3: standing STR plus gold; a single highest total gains 1 power."""

    def run(self, g: CardGame) -> None:
        totals = {seat: dominance_total(g, seat) for seat in g.order()}
        best = max(totals.values())
        leaders = [s for s, t in totals.items() if t == best]
        if len(leaders) == 1:
            winner = leaders[0]
            g.emit(
                E.event(
                    "dominance",
                    player=winner,
                    total=best,
                    totals={str(k): v for k, v in totals.items()},
                )
            )
            gain_power(g, g.players[winner].faction, 1)
            occur(g, Occ("dominance_won", (), winner))
        else:
            g.emit(
                E.event(
                    "dominance",
                    player=None,
                    total=best,
                    totals={str(k): v for k, v in totals.items()},
                )
            )


def dominance_total(g: CardGame, seat: int) -> int:
    chars = sum(
        g.strength(c) for c in g.characters(seat) if g.standing(c) and not g.has("no_dominance", c)
    )
    return chars + g.players[seat].gold + g.bonus("dominance", seat, players=True)


class StandingPhase(Step):
    """C14.2: every kneeling card stands (unless an effect keeps it knelt)."""

    def run(self, g: CardGame) -> None:
        knelt = tuple(c for c, r in g.play.items() if r.knelt and not g.has("does_not_stand", c))
        g.queue(ChooseStanding(knelt, tuple(g.order())))


def stand_limit(g: CardGame, seat: int) -> int | None:
    """How many characters ``seat`` may stand in the standing phase (None: no limit)."""
    found = [m.amount(g, s, seat) for s, m in g.modifiers("stand_limit") if m.applies(g, s, seat)]
    return min(found) if found else None


class ChooseStanding(Ask):
    """C14.2, C16.21: a player under a "stand_limit" modifier (the lowest amount applies)
    chooses which characters stand, one at a time, in player order; then every kneeling card
    not kept knelt stands at once (a single option is taken without asking)."""

    def __init__(
        self, knelt: tuple[int, ...], seats: tuple[int, ...], chosen: tuple[int, ...] = ()
    ) -> None:
        super().__init__()
        self.knelt = knelt
        self.seats = seats
        self.chosen = chosen

    def _mine(self, g: CardGame, seat: int) -> list[int]:
        return [c for c in self.knelt if g.controller(c) == seat and g.defs[c].type == "character"]

    def _next(self, g: CardGame) -> tuple[int, int, list[Choice]] | None:
        """The next seat (from ``seats``) that still chooses: (index, picks left, options)."""
        for k, seat in enumerate(self.seats):
            limit = stand_limit(g, seat)
            mine = self._mine(g, seat)
            picked = [c for c in self.chosen if c in mine]
            if limit is None or len(mine) <= limit or len(picked) >= limit:
                continue
            return k, limit - len(picked), [c for c in mine if c not in picked]
        return None

    def ask(self, g: CardGame) -> Decision | None:
        found = self._next(g)
        if found is None or len(found[2]) <= 1:
            return None
        k, left, options = found
        prompt = f"choose a character to stand ({left} left)"
        return D.STAND.ask(self.seats[k], prompt, options)

    def act(self, g: CardGame, choice: Choice | None) -> None:
        found = self._next(g)
        if found is not None:
            k, _, options = found
            pick = int(choice) if choice is not None else int(options[0])
            self.seats = self.seats[k:]
            self.chosen = (*self.chosen, pick)
            g.push(self)
            return
        kept: set[int] = set()
        for seat in g.order():
            limit = stand_limit(g, seat)
            mine = self._mine(g, seat)
            if limit is not None and len(mine) > limit:
                kept |= {c for c in mine if c not in self.chosen}
        g.emit(E.event("stand_all"))
        stand(g, [c for c in self.knelt if c not in kept])


class TaxationPhase(Step):
    """C15.2–C15.3: gold returns; players over reserve discard down to it, in player order."""

    def run(self, g: CardGame) -> None:
        for p in g.players:
            p.gold = 0
        g.emit(E.event("tax"))
        titles: list[Step] = [ReturnTitles()] if is_melee(g) else []  # C15.4 (7.4)
        g.push(*[DiscardToReserve(seat) for seat in g.order()], *titles)  # after the discards


class DiscardToReserve(Ask):
    """C15.3/D26: a player over their reserve discards down to it, one card at a time, then
    the cards are discarded together (a single option is taken without asking)."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat
        self.left: int | None = None  # cards still to choose; None: not counted yet
        self.chosen: tuple[int, ...] = ()

    def _options(self, g: CardGame) -> list[Choice]:
        return [c for c in g.players[self.seat].hand if c not in self.chosen]

    def ask(self, g: CardGame) -> Decision | None:
        options = self._options(g)
        if not self.left or len(options) <= 1:
            return None
        prompt = f"discard {self.left} more card(s) down to your reserve"
        return D.RESERVE.ask(self.seat, prompt, options)

    def act(self, g: CardGame, choice: Choice | None) -> None:
        if self.left is None:  # C15.3: count the cards over the reserve
            p = g.players[self.seat]
            extra = len(p.hand) - g.plot_value(self.seat, "reserve")
            self.left = extra if extra > 0 and not p.eliminated else 0
            if self.left:
                g.push(self)
            return
        options = self._options(g)
        pick = int(choice) if choice is not None else int(options[0])
        self.chosen = (*self.chosen, pick)
        self.left -= 1
        if self.left <= 0:
            discard_from_hand(g, self.seat, self.chosen)
            return
        g.push(self)
