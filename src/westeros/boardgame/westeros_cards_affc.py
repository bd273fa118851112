"""A Feast for Crows' Westeros deck I (X-AFFC-3): the texts of its seven distinct cards.

The deck (``data/westeros_cards_affc.json``, ``tables.WESTEROS_DECK_SETS["affc"]``) replaces
the base deck I (X-AFFC-2.9); it has no Winter Is Coming and 8 wildling icons (X-AFFC-3.1).
:data:`AFFC_TEXTS` maps a card's base id (or a chooser option) to what it does; the Westeros
phase (:mod:`westeros.boardgame.westeros_phase`) registers them with the base texts:

* Mustering — as the base card (R3.6);
* Rally the Men — every house musters in its castles only (X-AFFC-D5);
* The Burden of Power — a chooser card (R3.4.1, kind ``westeros_choice``, X-AFFC-D3): option
  ``threat_to_zero`` (this module) or ``mustering``;
* Famine — every supply one space down (never below 0), then reconcile in turn order (R3.5.2);
* Ironborn Raid — a house with 2+ scored objective cards loses 1 victory point (X-AFFC-3.2);
* Shifting Ambitions — kinds ``shifting_ambitions_give`` (secret, all at once) and
  ``shifting_ambitions_take`` (turn order, X-AFFC-D4);
* New Information — one draw each in turn order, then kind ``new_information_return`` (secret,
  all at once, X-AFFC-D4).
"""

from __future__ import annotations

from collections.abc import Callable

from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.affc import (
    KNOWN_HOLDINGS,
    add_victory_points,
    draw_objective,
    remove_objective,
)
from westeros.boardgame.mustering import CastleMusteringRound, MusteringRound
from westeros.boardgame.state import BoardGame
from westeros.boardgame.supply import Reconcile
from westeros.engine import Choice, Decision, Rng, Step

Picks = tuple[tuple[str, str], ...]  # (house, objective card) in the order they were chosen
RAIDED_AT = 2  # X-AFFC-3.2: scored objective cards from which Ironborn Raid takes a point


def _mustering(g: BoardGame, option: str | None) -> list[Step]:
    """X-AFFC-3 Mustering: as the base card (R3.6)."""
    return [MusteringRound()]


def _rally_the_men(g: BoardGame, option: str | None) -> list[Step]:
    """X-AFFC-3, X-AFFC-D5 Rally the Men: in turn order, mustering in castles only."""
    return [CastleMusteringRound()]


def _threat_to_zero(g: BoardGame, option: str | None) -> list[Step]:
    """X-AFFC-3, X-AFFC-D3 The Burden of Power's first option: the threat drops to 0."""
    before, g.wildling_threat = g.wildling_threat, 0
    g.emit(E.THREAT_TO_ZERO(before=before))
    return []


def _famine(g: BoardGame, option: str | None) -> list[Step]:
    """X-AFFC-3 Famine: every house one space down the supply track (not below 0), then the
    houses over their new limit reconcile in turn order (R3.5.2)."""
    order = g.turn_order()
    for house in order:
        old = g.supply[house]
        g.supply[house] = max(0, old - 1)
        g.emit(E.FAMINE(house=house, old=old, new=g.supply[house]))
    return [Reconcile(order)]


def _ironborn_raid(g: BoardGame, option: str | None) -> list[Step]:
    """X-AFFC-3.2, XF3: every house with 2 or more scored objective *cards* loses 1 victory
    point (never below 0); special objectives are no cards and do not count (a scored special
    objective leaves nothing in ``objectives_scored``)."""
    raided = False
    for house in g.turn_order():
        scored = len(g.objectives_scored.get(house, ()))  # none outside AFfC
        if scored >= RAIDED_AT:
            raided = True
            lost = -add_victory_points(g, house, -1)
            g.emit(
                E.IRONBORN_RAID(
                    house=house, scored=scored, lost=lost, victory_points=g.victory_points[house]
                )
            )
    if not raided:
        g.emit(E.WESTEROS_NOTHING())
    return []


def _shifting_ambitions(g: BoardGame, option: str | None) -> list[Step]:
    """X-AFFC-3, X-AFFC-D4 Shifting Ambitions."""
    return [ShiftingAmbitions()]


def _new_information(g: BoardGame, option: str | None) -> list[Step]:
    """X-AFFC-3, X-AFFC-D4 New Information."""
    return [NewInformation()]


AffcText = Callable[[BoardGame, str | None], list[Step]]
# base id (or chooser option) -> its text; westeros_phase registers them with the base texts
AFFC_TEXTS: dict[str, AffcText] = {
    "mustering_affc": _mustering,
    "rally_the_men": _rally_the_men,
    "threat_to_zero": _threat_to_zero,
    "famine": _famine,
    "ironborn_raid": _ironborn_raid,
    "shifting_ambitions": _shifting_ambitions,
    "new_information": _new_information,
}


# ------------------------------------------------------------------------------------------
# the objective cards' exchanges (X-AFFC-D4)
# ------------------------------------------------------------------------------------------


def _secret_picks(g: BoardGame, kind: D.DecisionKind, picks: Picks, prompt: str) -> list[Decision]:
    """One secret pick of an objective card of the hand per house that has one and has not
    picked yet, all at once (nothing is logged before all have picked, as bids, R1.14.1)."""
    done = {h for h, _ in picks}
    return [
        kind.ask(g.seat_of(h), f"{T.house_name(h)}: {prompt} ({E.objectives_text(hand)})", hand)
        for h in g.turn_order()
        if h not in done and (hand := tuple(sorted(g.objective_hands.get(h, ()))))
    ]


def _redrawn(g: BoardGame, me: str, picks: Picks, rng: Rng) -> Picks:
    """Determinize (R1.14): another house's unseen pick drawn again from its hand in the copy."""
    return tuple(
        (h, card if h == me else rng.choice(sorted(g.objective_hands[h]))) for h, card in picks
    )


def _taken_in_public(g: BoardGame) -> dict[str, set[str]]:
    """The objective cards everybody knows a house holds (affc.KNOWN_HOLDINGS): those it took
    from a Shifting Ambitions pool, until it makes a secret pick of its hand again (a gift, a
    return) or scores the card."""
    known: dict[str, set[str]] = {}
    for event in g.log:
        house = str(event.fields.get("house"))
        if event.kind == E.AMBITION_TAKEN.name:
            known.setdefault(house, set()).add(event.fields["card"])
        elif event.kind in _SECRET_PICKS and house in known:
            known[house].clear()
        elif event.kind == E.OBJECTIVE_SCORED.name and house in known:
            known[house].discard(event.fields["card"])
    return known


_SECRET_PICKS = frozenset({E.AMBITION_GIVEN.name, E.OBJECTIVE_RETURNED.name})
KNOWN_HOLDINGS.append(_taken_in_public)


def _by_turn_order(g: BoardGame, picks: Picks) -> Picks:
    chosen = dict(picks)
    return tuple((h, chosen[h]) for h in g.turn_order() if h in chosen)


class ShiftingAmbitions(Step):
    """X-AFFC-3, X-AFFC-D4: every house with an objective card puts one of its hand face down
    into a pool (kind ``shifting_ambitions_give``: secret, all at once); the pool is shown;
    then in turn order each of those houses takes one card of the pool (kind
    ``shifting_ambitions_take``; the last one takes what is left).

    ``given``: the secret picks so far; ``objective_pool``: the cards shown (sorted: the
    shuffle hides who gave which); ``takers``: the houses still to take, in turn order;
    ``choice``: a take not yet applied.
    """

    def __init__(
        self,
        given: Picks = (),
        objective_pool: tuple[str, ...] = (),
        takers: tuple[str, ...] = (),
        choice: str | None = None,
    ) -> None:
        self.given = given
        self.objective_pool = objective_pool
        self.takers = takers
        self.choice = choice

    def _revealed(self) -> bool:
        return bool(self.takers)

    def decisions(self, g: BoardGame) -> list[Decision]:
        if not self._revealed():
            prompt = (
                "Shifting Ambitions: put one objective card of your hand face down into the pool"
            )
            return _secret_picks(g, D.SHIFTING_AMBITIONS_GIVE, self.given, prompt)
        if self.choice is not None or len(self.objective_pool) < 2:
            return []
        house = self.takers[0]
        return [
            D.SHIFTING_AMBITIONS_TAKE.ask(
                g.seat_of(house),
                f"{T.house_name(house)}: Shifting Ambitions: take one objective card of the "
                f"pool ({E.objectives_text(self.objective_pool)})",
                self.objective_pool,
            )
        ]

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        if self._revealed():
            self.choice = str(choice)
        else:
            self.given = (*self.given, (g.house_of(seat), str(choice)))

    def resample_objectives(self, g: BoardGame, me: str, rng: Rng) -> None:
        """Determinize: the other houses' gifts, not shown yet, drawn again (X-AFFC-D4)."""
        self.given = _redrawn(g, me, self.given, rng)

    def run(self, g: BoardGame) -> None:
        if not self._revealed():
            self._reveal(g)
        else:
            self._take(g)

    def _reveal(self, g: BoardGame) -> None:
        given = _by_turn_order(g, self.given)
        for house, card in given:
            remove_objective(g, house, card)
            g.emit(E.AMBITION_GIVEN.secret((g.seat_of(house),), ("card",), house=house, card=card))
        if not given:
            g.emit(E.WESTEROS_NOTHING())
            return
        self.objective_pool = tuple(sorted(card for _, card in given))
        self.takers = tuple(house for house, _ in given)
        self.given = ()
        g.emit(E.AMBITIONS_POOL(cards=list(self.objective_pool)))
        g.push(self)

    def _take(self, g: BoardGame) -> None:
        house, card = self.takers[0], self.choice or self.objective_pool[0]
        g.objective_hands[house] = (*g.objective_hands[house], card)
        g.emit(E.AMBITION_TAKEN(house=house, card=card))
        pool = list(self.objective_pool)
        pool.remove(card)
        self.objective_pool, self.takers, self.choice = tuple(pool), self.takers[1:], None
        if self.takers:
            g.push(self)


class NewInformation(Step):
    """X-AFFC-3, X-AFFC-D4: in turn order every house draws one objective card (secret); then
    every house with a card picks one of its hand (kind ``new_information_return``: secret, all
    at once), and the picked cards are shuffled back into the objective deck.

    ``drawn``: the draws are done; ``returned``: the secret picks so far.
    """

    def __init__(self, drawn: bool = False, returned: Picks = ()) -> None:
        self.drawn = drawn
        self.returned = returned

    def decisions(self, g: BoardGame) -> list[Decision]:
        if not self.drawn:
            return []
        prompt = "New Information: shuffle one objective card of your hand back into the deck"
        return _secret_picks(g, D.NEW_INFORMATION_RETURN, self.returned, prompt)

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.returned = (*self.returned, (g.house_of(seat), str(choice)))

    def resample_objectives(self, g: BoardGame, me: str, rng: Rng) -> None:
        """Determinize: the other houses' returns, not shown yet, drawn again (X-AFFC-D4)."""
        self.returned = _redrawn(g, me, self.returned, rng)

    def run(self, g: BoardGame) -> None:
        if not self.drawn:
            for house in g.turn_order():
                draw_objective(g, house)
            self.drawn = True
            g.push(self)
            return
        returned = _by_turn_order(g, self.returned)
        for house, card in returned:
            remove_objective(g, house, card)
            g.emit(
                E.OBJECTIVE_RETURNED.secret((g.seat_of(house),), ("card",), house=house, card=card)
            )
        cards = (*g.objective_deck, *(card for _, card in returned))
        g.objective_deck = g.rng.shuffled(sorted(cards))
