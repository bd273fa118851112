"""A small builder of positions for scenario tests (and for exploring rules by hand).

Example — a Stark march from Winterfell, with an order already placed::

    s = Scenario(players=4).empty()
    s.units("winterfell", "stark", "footman", "knight").order("winterfell", "march+0")
    g = s.start(ResolveMarch("stark"))
    g.pending()[0].choices   # the legal choices of the first decision

Every method returns the scenario, so cases read in a line or two. ``start`` pushes the
steps to run (first given runs first) and returns the game, ready for ``pending``/``apply``.
"""

from __future__ import annotations

from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.action import CYCLES, action_steps
from westeros.boardgame.combat import start_combat
from westeros.boardgame.game import PlayedGame, new_position
from westeros.boardgame.neutral import start_neutral_attack
from westeros.boardgame.state import TRACKS, Order, Unit
from westeros.boardgame.westeros_phase import reveal, text_of
from westeros.engine import Rng, Step


class Scenario:
    def __init__(
        self,
        players: int = 4,
        seed: int = 0,
        tides: bool = False,
        houses: list[str] | None = None,
        scenario: str = "base",
        house_cards: str | None = None,
        planning: str | None = None,
    ) -> None:
        seat_houses = houses or list(T.setup_of(scenario, players).houses)[:players]
        config = {"players": players, "houses": seat_houses, "tides": tides, "scenario": scenario}
        if house_cards is not None:
            config["house_cards"] = house_cards
        if planning is not None:
            config["planning"] = planning
        self.g: PlayedGame = new_position(config, seed)

    # -- board -------------------------------------------------------------------------
    def empty(self, garrisons: bool = True) -> Scenario:
        """Remove every unit and power token (and garrisons unless ``garrisons``)."""
        self.g.units.clear()
        self.g.power_tokens.clear()
        if not garrisons:
            self.g.garrisons.clear()
        return self

    def units(self, area: str, house: str, *kinds: str, routed: bool = False) -> Scenario:
        """Add units of one house to an area (replaces nothing; one house per area)."""
        assert area in self.g.map.areas, area
        for kind in kinds:
            self.g.add_unit(area, Unit(house, kind, routed))
        return self

    def clear(self, *areas: str) -> Scenario:
        for area in areas:
            self.g.units.pop(area, None)
            self.g.power_tokens.pop(area, None)
            self.g.orders.pop(area, None)
        return self

    def token(self, area: str, house: str) -> Scenario:
        """Place a power token of ``house`` (taken from its available power if it has any)."""
        self.g.power_tokens[area] = house
        if self.g.power[house] > 0:
            self.g.power[house] -= 1
        return self

    def order(self, area: str, token: str, house: str | None = None) -> Scenario:
        """Place an order token; the house defaults to the owner of the area's units."""
        owner = house or self.g.owner(area)
        assert owner is not None, f"no units in {area}"
        assert token in T.ORDER_KINDS, token
        self.g.orders[area] = Order(owner, token)
        self.g.orders_revealed = True
        return self

    def garrison(self, area: str, strength: int | None) -> Scenario:
        if strength is None:
            self.g.garrisons.pop(area, None)
        else:
            self.g.garrisons[area] = strength
        return self

    def neutral(self, area: str, strength: int | None) -> Scenario:
        if strength is None:
            self.g.neutral.pop(area, None)
        else:
            self.g.neutral[area] = strength
        return self

    # -- houses ------------------------------------------------------------------------------
    def power(self, house: str, available: int) -> Scenario:
        self.g.power[house] = available
        assert self.g.power_in_pool(house) >= 0
        return self

    def supply(self, house: str, value: int) -> Scenario:
        self.g.supply[house] = value
        return self

    def track(self, track: str, *houses: str) -> Scenario:
        assert track in TRACKS
        self.g.tracks[track] = tuple(houses)
        return self

    def hand(self, house: str, *cards: str) -> Scenario:
        """Set the hand; every other card of the house goes to its discard pile."""
        self.g.hands[house] = tuple(cards)
        deck = self.g.house_deck(house)
        self.g.discards[house] = tuple(c.id for c in deck if c.id not in set(cards))
        return self

    # -- A Feast for Crows objectives (X-AFFC-2.8, X-AFFC-4) ----------------------------------
    def objectives(self, house: str, *cards: str) -> Scenario:
        """Set the house's objective hand; the cards come from the deck or the other hands
        (which stay short of them), the hand's old cards go back under the deck."""
        g = self.g
        for other in g.objective_hands:
            g.objective_hands[other] = tuple(c for c in g.objective_hands[other] if c not in cards)
        old = g.objective_hands[house]
        rest = tuple(c for c in g.objective_deck if c not in cards)
        g.objective_deck = (*rest, *old)
        g.objective_hands[house] = tuple(cards)
        return self

    def objective_deck_top(self, *cards: str) -> Scenario:
        """Put the given objective cards (taken from the deck) on top of it, first on top."""
        rest = [c for c in self.g.objective_deck if c not in cards]
        assert len(rest) + len(cards) == len(self.g.objective_deck), cards
        self.g.objective_deck = (*cards, *rest)
        return self

    def scored(self, house: str, *cards: str) -> Scenario:
        """Objective cards the house scored earlier (taken from the deck, face up)."""
        self.g.objective_deck = tuple(c for c in self.g.objective_deck if c not in cards)
        self.g.objectives_scored[house] = (*self.g.objectives_scored[house], *cards)
        return self

    def victory(self, house: str, points: int) -> Scenario:
        """The house's victory points (X-AFFC-4.1)."""
        self.g.victory_points[house] = points
        return self

    # -- decks and markers ---------------------------------------------------------------
    def westeros_top(self, deck: int, *cards: str) -> Scenario:
        """Put the given card ids (e.g. "I:supply") on top of a Westeros deck, first on top."""
        rest = list(self.g.westeros_decks[deck])
        for card in cards:
            rest.remove(card)
        self.g.westeros_decks[deck] = (*cards, *rest)
        return self

    # -- Westeros and wildling decks (Westeros phase, wildlings) ----------------------------
    def discarded(self, deck: int, *cards: str) -> Scenario:
        """Move the given card ids from a Westeros deck to its discard pile (earlier rounds)."""
        rest = list(self.g.westeros_decks[deck])
        for card in cards:
            rest.remove(card)
        self.g.westeros_decks[deck] = tuple(rest)
        self.g.westeros_discards[deck] = (*self.g.westeros_discards[deck], *cards)
        return self

    def after_winter(self, deck: int, card: str, times: int = 1) -> Scenario:
        """Winter Is Coming on top of Westeros deck ``deck``, and ``card`` revealed after it
        (R3.3): Winter Is Coming is revealed ``times`` times in a row, then ``card``.

        The reshuffle is random, so this seeds the game's generator with the first seed that
        gives that outcome when decks 1 to ``deck`` are revealed. Call it after every other
        change to the Westeros decks.
        """
        pile = (*self.g.westeros_decks[deck], *self.g.westeros_discards[deck])
        winter = next(c for c in pile if text_of(c).reshuffle)
        if winter not in self.g.westeros_decks[deck]:  # back from the discard pile
            discards = list(self.g.westeros_discards[deck])
            discards.remove(winter)
            self.g.westeros_discards[deck] = tuple(discards)
            self.g.westeros_decks[deck] = (winter, *self.g.westeros_decks[deck])
        self.westeros_top(deck, winter)
        for seed in range(100_000):
            trial = self.g.clone()
            trial.rng = Rng(seed)
            mark = len(trial.log)
            revealed = [reveal(trial, d) for d in range(1, deck + 1)]
            winters = sum(
                1
                for e in trial.log[mark:]
                if e.kind == E.WINTER_IS_COMING.name and e["deck"] == deck
            )
            if revealed[-1] == card and winters == times:
                self.g.rng = Rng(seed)
                return self
        raise AssertionError(f"no seed reveals {card} after Winter Is Coming {times}x")

    def raven_peek(self, card: str, house: str) -> Scenario:
        """``house`` holds the Messenger Raven and looked at wildling ``card`` (R5.5.2)."""
        self.g.raven_peek, self.g.raven_peek_house = card, house
        return self

    def wildling_top(self, *cards: str) -> Scenario:
        rest = [c for c in self.g.wildling_deck if c not in cards]
        self.g.wildling_deck = (*cards, *rest)
        return self

    def threat(self, value: int) -> Scenario:
        self.g.wildling_threat = value
        return self

    # -- fights (R6.5, R7) -------------------------------------------------------------------
    def blade_used(self, used: bool = True) -> Scenario:
        """The Valyrian Steel Blade has been used this round (R1.9.6)."""
        self.g.vsb_used = used
        return self

    def tides_top(self, *cards: str) -> Scenario:
        """The next combat's fresh Tides of Battle deck (E8) starts with these card ids."""
        self.g.tides_next = tuple(cards)
        return self

    def attack(
        self,
        attacker: str,
        from_area: str,
        area: str,
        *kinds: str,
        token: str = "march+0",
        place_order: bool = True,
    ) -> PlayedGame:
        """Start a combat: the March order ``token`` stands in ``from_area`` (unless not
        ``place_order``), the attacking units (``kinds``, not placed on the board) are held by
        the fight (R6.4.8)."""
        if place_order:
            self.order(from_area, token, attacker)
        start_combat(self.g, attacker, from_area, area, _units(attacker, kinds), token)
        return self.start()

    def neutral_attack(
        self, attacker: str, from_area: str, area: str, *kinds: str, token: str = "march+0"
    ) -> PlayedGame:
        """Start an attack on the neutral force in ``area`` (R6.5), as :meth:`attack`."""
        self.order(from_area, token, attacker)
        start_neutral_attack(self.g, attacker, from_area, area, _units(attacker, kinds), token)
        return self.start()

    def round(self, number: int) -> Scenario:
        self.g.round = number
        return self

    def restrict(self, *restrictions: str) -> Scenario:
        self.g.restrictions = frozenset(restrictions)
        return self

    def raven_used(self, used: bool = True) -> Scenario:
        """The Messenger Raven was (``used``) or was not used this round (R1.9.6)."""
        self.g.raven_used = used
        return self

    def start_action(
        self, cycle: str = "raid", position: int = 0, through: str | None = None
    ) -> PlayedGame:
        """Start the action phase (R6.1) at the order cycle of ``cycle`` ("raid", "march" or
        "consolidate"), its first turn at Iron Throne position index ``position`` (R6.2, F12).
        The phase runs up to ``through``: that cycle only (None), a later cycle, or
        "clean_up" (the whole rest of the phase, then the next round)."""
        names = [*CYCLES[CYCLES.index(cycle) :], "clean_up"]
        steps = action_steps(cycle, position)[: names.index(through or cycle) + 1]
        self.g.phase = "action"
        self.g.orders_revealed = True
        return self.start(*steps)

    def vassals(self, **commanders: str | None) -> Scenario:
        """Make houses vassals (X-MOD-10.1) with their commander's house this round (None: not
        handed out yet): no seat, no power, no house cards (X-MOD-10.6); the other houses
        keep their seats in order. ``vassals(martell="stark", tyrell=None)``."""
        g = self.g
        g.vassals = tuple(h for h in g.houses if h in commanders)
        g.seat_houses = tuple(h for h in g.seat_houses if h not in commanders)
        g.commanders = {v: c for v, c in commanders.items() if c is not None}
        for vassal in g.vassals:
            g.power[vassal] = 0
            g.hands[vassal] = ()
            g.discards[vassal] = ()
        return self

    # -- run -----------------------------------------------------------------------------------
    def start(self, *steps: Step) -> PlayedGame:
        """Push the steps to run (the first given runs first) and return the game."""
        self.g.push(*steps)
        self.g.invalidate()
        return self.g


def _units(house: str, kinds: tuple[str, ...]) -> tuple[Unit, ...]:
    return tuple(Unit(house, k) for k in kinds)
