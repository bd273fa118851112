"""A Feast for Crows (X-AFFC): the objective cards dealt and kept (X-AFFC-2.8), the scoring phase
after every Action phase (X-AFFC-4.2), victory points (X-AFFC-4.1) and the win (X-AFFC-4.5,
X-AFFC-4.6; no castle win, X-AFFC-4.7).

The objective cards' conditions and worth are :mod:`westeros.boardgame.objectives`' (the data
and the checks); this module moves the cards between the deck, the hands and the scored piles
held by :class:`~westeros.boardgame.state.BoardGame` and asks the decisions X-AFFC-D1, D2.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import objectives as O
from westeros.boardgame import tables as T
from westeros.boardgame.state import BoardGame
from westeros.boardgame.supply import UpdateSupply
from westeros.boardgame.victory import MAX_VICTORY_POINTS, end_game
from westeros.engine import Choice, Decision, Rng, Step

DEALT = 5  # X-AFFC-2.8, X-AFFC-Q2: objective cards dealt at set-up
HAND = 3  # cards kept at set-up; a smaller hand draws up to it (X-AFFC-4.2 step 4)
SPECIAL_POINTS = 1  # X-AFFC-4.2 step 2


# What everybody knows some house holds in its objective hand (a card it took in public,
# Shifting Ambitions): functions of the game giving house -> those cards, registered by the
# modules whose texts show such cards; determinize leaves them where they are (R1.14).
Holdings = Callable[[BoardGame], Mapping[str, Collection[str]]]
KNOWN_HOLDINGS: list[Holdings] = []


def known_holdings(g: BoardGame) -> dict[str, set[str]]:
    """House -> the objective cards of its hand everybody knows it holds."""
    out: dict[str, set[str]] = {}
    for holdings in KNOWN_HOLDINGS:
        for house, cards in holdings(g).items():
            out.setdefault(house, set()).update(c for c in cards if c in g.objective_hands[house])
    return out


# ------------------------------------------------------------------------------------------
# set-up (X-AFFC-2.8)
# ------------------------------------------------------------------------------------------


def deal_objectives(g: BoardGame) -> None:
    """X-AFFC-2.8: shuffle the 28 objective cards and deal 5 to each house in turn order; the
    victory track starts at 0 for everybody (X-AFFC-2.4). The keep-3 choice follows
    (:class:`KeepObjectives`)."""
    deck = list(g.rng.shuffled(sorted(O.OBJECTIVES)))
    g.objective_hands = {}
    for house in g.turn_order():
        g.objective_hands[house], deck = tuple(deck[:DEALT]), deck[DEALT:]
    g.objective_deck = tuple(deck)
    g.objectives_scored = {h: () for h in g.houses}
    g.victory_points = {h: 0 for h in g.houses}
    g.emit(E.OBJECTIVES_DEALT(dealt=DEALT, keep=HAND))


class KeepObjectives(Step):
    """X-AFFC-D1, X-AFFC-Q2: every house keeps 3 of its 5 objective cards by returning 2, one
    at a time, secretly and all houses at the same time (nothing is logged before all have
    chosen, as bids, R1.14.1); then the returned cards go back into the deck, which is shuffled.

    ``returned``: (house, card) per card returned so far, in the order chosen.
    """

    def __init__(self, returned: tuple[tuple[str, str], ...] = ()) -> None:
        self.returned = returned

    def left(self, g: BoardGame, house: str) -> tuple[str, ...]:
        """The house's cards not returned yet."""
        gone = {c for h, c in self.returned if h == house}
        return tuple(c for c in g.objective_hands[house] if c not in gone)

    def decisions(self, g: BoardGame) -> list[Decision]:
        out = []
        for house in g.turn_order():
            left = self.left(g, house)
            if len(left) > HAND:
                out.append(
                    D.RETURN_OBJECTIVE.ask(
                        g.seat_of(house),
                        f"{T.house_name(house)}: return one of your {len(left)} objective cards "
                        f"to the deck (you keep {HAND})",
                        tuple(sorted(left)),
                    )
                )
        return out

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.returned = (*self.returned, (g.house_of(seat), str(choice)))

    def resample_objectives(self, g: BoardGame, me: str, rng: Rng) -> None:
        """Determinize: the cards other houses returned so far (nobody saw them) are drawn
        again from their new hands (R1.14, X-AFFC-D1)."""
        out = list(self.returned)
        for house in g.houses:
            picks = [i for i, (h, _) in enumerate(self.returned) if h == house]
            if house == me or not picks:
                continue
            cards = rng.shuffled(sorted(g.objective_hands[house]))
            for i, card in zip(picks, cards, strict=False):
                out[i] = (house, card)
        self.returned = tuple(out)

    def run(self, g: BoardGame) -> None:
        returned = [c for _, c in self.returned]
        for house in g.turn_order():
            keep = self.left(g, house)
            back = len(g.objective_hands[house]) - len(keep)
            g.objective_hands[house] = keep
            g.emit(
                E.OBJECTIVES_KEPT.secret(
                    (g.seat_of(house),),
                    ("cards",),
                    house=house,
                    cards=list(keep),
                    kept=len(keep),
                    returned=back,
                )
            )
        g.objective_deck = g.rng.shuffled(sorted((*g.objective_deck, *returned)))


# ------------------------------------------------------------------------------------------
# victory points (X-AFFC-4.1)
# ------------------------------------------------------------------------------------------


def add_victory_points(g: BoardGame, house: str, delta: int) -> int:
    """Move a house on the victory track by ``delta``, never below 0 nor above 7 (X-AFFC-4.1);
    returns the change made."""
    old = g.victory_points[house]
    new = max(0, min(MAX_VICTORY_POINTS, old + delta))
    g.victory_points[house] = new
    return new - old


def change_victory_points(g: BoardGame, house: str, delta: int) -> int:
    """An effect's change of victory points (Ironborn Raid, X-AFFC-3.2), logged; returns it."""
    change = add_victory_points(g, house, delta)
    if change:
        g.emit(E.VICTORY_POINTS(house=house, delta=change, victory_points=g.victory_points[house]))
    return change


def scorable(g: BoardGame, house: str) -> tuple[str, ...]:
    """The objective cards of the house's hand it fulfils now (X-AFFC-4.2 step 3)."""
    return tuple(c for c in g.objective_hands[house] if O.fulfils(g, house, c))


def draw_objective(g: BoardGame, house: str) -> str | None:
    """The house draws the top objective card, if the deck has one (secret to its seat)."""
    if not g.objective_deck:
        return None
    card, g.objective_deck = g.objective_deck[0], g.objective_deck[1:]
    g.objective_hands[house] = (*g.objective_hands[house], card)
    g.emit(E.OBJECTIVE_DRAWN.secret((g.seat_of(house),), ("card",), house=house, card=card))
    return card


# ------------------------------------------------------------------------------------------
# the scoring phase (X-AFFC-4.2)
# ------------------------------------------------------------------------------------------


def scoring_phase() -> list[Step]:
    """X-AFFC-4.2, X-AFFC-Q5: the steps run after every Action phase, round 10's included."""
    return [StartScoring(), UpdateSupply(), ScoreSpecial(), ScoreObjective(), DrawObjectives()]


class StartScoring(Step):
    def run(self, g: BoardGame) -> None:
        g.phase = "scoring"
        g.emit(E.SCORING_PHASE(round=g.round))


class InTurnOrder(Step):
    """Ask each house in turn order, one at a time, the question :meth:`offer` makes it (none:
    the house is skipped), and :meth:`act` on its answer. ``position``: the index in turn order
    of the house asked now; ``choice``: its answer, not yet applied. Each question is asked
    when its turn comes, so it sees what the houses before did."""

    def __init__(self, position: int = 0, choice: str | None = None) -> None:
        self.position = position
        self.choice = choice

    def offer(self, g: BoardGame, house: str) -> Decision | None:
        raise NotImplementedError

    def act(self, g: BoardGame, house: str, choice: str) -> None:
        raise NotImplementedError

    def decisions(self, g: BoardGame) -> list[Decision]:
        order = g.turn_order()
        while self.choice is None and self.position < len(order):
            decision = self.offer(g, order[self.position])
            if decision is not None:
                return [decision]
            self.position += 1
        return []

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.choice = str(choice)

    def run(self, g: BoardGame) -> None:
        if self.choice is None:  # nobody left to ask
            return
        self.act(g, g.turn_order()[self.position], self.choice)
        g.push(type(self)(self.position + 1))


class ScoreSpecial(InTurnOrder):
    """X-AFFC-4.2 step 2, X-AFFC-D2: in turn order, a house whose special objective is fulfilled
    scores it (+1) or passes; it may score it again every round."""

    def offer(self, g: BoardGame, house: str) -> Decision | None:
        if not O.fulfils_special(g, house):
            return None
        return D.SCORE_SPECIAL.ask(
            g.seat_of(house),
            f"{T.house_name(house)}: your special objective is fulfilled "
            f"({O.SPECIAL_TEXTS[house]}) — score it for {SPECIAL_POINTS} victory point?",
            ("score", "pass"),
        )

    def act(self, g: BoardGame, house: str, choice: str) -> None:
        if choice == "score":
            gained = add_victory_points(g, house, SPECIAL_POINTS)
            g.emit(
                E.SPECIAL_SCORED(house=house, gained=gained, victory_points=g.victory_points[house])
            )


class ScoreObjective(InTurnOrder):
    """X-AFFC-4.2 step 3, X-AFFC-D2: in turn order, each house may score one objective card of
    its hand it fulfils at that moment (Backdoor Politics reads the victory points of those
    who scored before it); the card is placed face up and never scores again."""

    def offer(self, g: BoardGame, house: str) -> Decision | None:
        cards = scorable(g, house)
        if not cards:
            return None
        worth = ", ".join(f"{E.objective_name(c)} ({O.points(c, house)} VP)" for c in cards)
        return D.SCORE_OBJECTIVE.ask(
            g.seat_of(house),
            f"{T.house_name(house)}: score one objective card you fulfil ({worth}), or pass",
            (*cards, "pass"),
        )

    def act(self, g: BoardGame, house: str, choice: str) -> None:
        if choice != "pass":
            score_objective(g, house, choice)


def remove_objective(g: BoardGame, house: str, card: str) -> None:
    """One copy of the card leaves the house's objective hand (scored, given, returned)."""
    hand = list(g.objective_hands[house])
    hand.remove(card)
    g.objective_hands[house] = tuple(hand)


def score_objective(g: BoardGame, house: str, card: str) -> None:
    """X-AFFC-4.2 step 3: the card leaves the hand face up and gives its points to the house."""
    remove_objective(g, house, card)
    g.objectives_scored[house] = (*g.objectives_scored[house], card)
    gained = add_victory_points(g, house, O.points(card, house))
    g.emit(
        E.OBJECTIVE_SCORED(
            house=house, card=card, gained=gained, victory_points=g.victory_points[house]
        )
    )


class DrawObjectives(Step):
    """X-AFFC-4.2 step 4, then X-AFFC-4.5 / X-AFFC-4.6: each house with fewer than 3 objective
    cards draws one (turn order); a house on 7 victory points wins; after the last round the
    game ends; otherwise the next round begins."""

    def run(self, g: BoardGame) -> None:
        for house in g.turn_order():
            if len(g.objective_hands[house]) < HAND:
                draw_objective(g, house)
        g.emit(E.ROUND_END(round=g.round))
        if any(v >= MAX_VICTORY_POINTS for v in g.victory_points.values()):
            end_game(g, f"{MAX_VICTORY_POINTS} victory points")  # X-AFFC-4.5
        elif g.round >= g.setup.last_round:
            end_game(g, f"end of round {g.setup.last_round}")  # X-AFFC-4.6, XF7
        else:
            g.push(g.next_round())
