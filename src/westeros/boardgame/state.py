"""The board-game state: a flat set of tables plus the queries the rules ask of it (R1).

Everything mutable lives on :class:`BoardGame`. Containers hold immutable values
(tuples, frozen dataclasses, str, int), so :meth:`BoardGame.clone` copies each
container once and never deep-copies.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol, Self

from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.refusals import refusal
from westeros.engine import Choice, Decision, Event, Outcome, Step, StepGame

TRACKS = ("iron_throne", "fiefdoms", "kings_court")
TRACK_NAMES = E.TRACK_NAMES


class Side(StrEnum):
    """A side of a fight (R7.1). Its value is the plain string, so it is JSON as it is."""

    ATTACKER = "attacker"
    DEFENDER = "defender"

    @property
    def other(self) -> Side:
        return Side.DEFENDER if self is Side.ATTACKER else Side.ATTACKER


SIDES: tuple[Side, Side] = (Side.ATTACKER, Side.DEFENDER)


@dataclass(frozen=True, slots=True)
class Unit:
    house: str
    kind: str  # footman | knight | siege_engine | ship
    routed: bool = False


@dataclass(frozen=True, slots=True)
class Order:
    house: str
    token: str  # an id of tables.ORDER_KINDS, e.g. "march+1*"

    @property
    def type(self) -> str:
        return T.ORDER_KINDS[self.token].type

    @property
    def modifier(self) -> int:
        return T.ORDER_KINDS[self.token].modifier

    @property
    def special(self) -> bool:
        return T.ORDER_KINDS[self.token].special


def supply_complies(army_sizes: Iterable[int], supply: int) -> bool:
    """R1.5.3 compliance test: i-th largest army <= i-th largest allowed size."""
    sizes = sorted((s for s in army_sizes if s >= 2), reverse=True)
    allowed = T.SUPPLY_LIMITS[max(0, min(T.MAX_SUPPLY, supply))]
    if len(sizes) > len(allowed):
        return False
    return all(s <= a for s, a in zip(sizes, allowed, strict=False))


class HeldFight(Protocol):
    """What the state itself reads of the fight record it holds (:class:`~westeros.boardgame.
    fight.Fight`, read as such through ``fight.current``): the attacking units held off the
    board (R6.4.8), a copy for clones and a snapshot for the state hash."""

    attackers: tuple[Unit, ...]

    def copy(self) -> HeldFight: ...

    def snapshot(self) -> dict[str, Any]: ...


class BoardGame(StepGame):
    """A Game of Thrones: The Board Game (2nd ed.) — the state and the queries the rules ask.

    The parts of the engine contract that sit above the rules (the round loop, ``view``,
    ``determinize``, ``info``) are added by :class:`westeros.boardgame.game.PlayedGame`, the
    class every game is an instance of.
    """

    KIND = "boardgame"

    # The fields are set by setup.new_state(); listed here with their meaning.
    houses: tuple[str, ...]  # houses in play (R2.1), in the data's house order
    seat_houses: tuple[str, ...]  # seat i plays seat_houses[i]
    tides: bool  # Tides of Battle option (R7.7)
    round: int
    phase: str  # "westeros" | "planning" | "action" | "over"
    units: dict[str, tuple[Unit, ...]]  # area -> units (one house per area, R1.3.6)
    power_tokens: dict[str, str]  # land area -> house whose power token is there (R1.6.3)
    power: dict[str, int]  # available power per house (R1.6.1)
    garrisons: dict[str, int]  # area -> strength (owner = the area's home house, R1.7)
    neutral: dict[str, int]  # area -> neutral force strength (R1.8)
    impassable: frozenset[str]  # 3-player impassable areas and unusable ports (R1.1.4)
    tracks: dict[str, tuple[str, ...]]  # influence tracks, position 1 first (R1.9)
    supply: dict[str, int]  # supply track value per house (R1.5)
    hands: dict[str, tuple[str, ...]]  # house card ids in hand (R1.11)
    discards: dict[str, tuple[str, ...]]  # house card discard piles, public (R1.11.2)
    orders: dict[str, Order]  # area -> order token on the board (R5)
    orders_revealed: bool  # False while orders are face down (R1.14.1)
    restrictions: frozenset[str]  # order types barred this Planning phase (R3.4), see planning
    westeros_decks: dict[int, tuple[str, ...]]  # draw piles, top first (hidden order)
    westeros_discards: dict[int, tuple[str, ...]]  # face-up discard piles
    wildling_deck: tuple[str, ...]  # top first, hidden
    wildling_threat: int  # 0..12 (R4.1)
    vsb_used: bool  # Valyrian Steel Blade used this round (R1.9.6)
    raven_used: bool  # Messenger Raven used this round
    raven_peek: str | None  # wildling card the Raven holder looked at (secret to it, R1.14.1)
    raven_peek_house: str | None
    last_westeros_cards: tuple[str, ...]  # cards revealed in this round's Westeros phase
    winner: str | None
    ranking: tuple[str, ...]  # final ranking, best first, once the game is over
    end_reason: str  # why the game ended (R9.2 castles or R9.3 last round), "" before
    fight: HeldFight | None = None  # the fight in progress, holding its attacking units (R7, R6.5)
    tides_next: tuple[str, ...] = ()  # Tides of Battle cards fixed on top of the next deck (E8)
    # A Feast for Crows (X-AFFC-2.8, X-AFFC-4): empty in other scenarios, and then left out of
    # the snapshot, so the state hash of a base or ADwD game is what it was before them
    objective_deck: tuple[str, ...] = ()  # top first, hidden from everyone
    objective_hands: dict[str, tuple[str, ...]]  # house -> objective ids in hand (secret to it)
    objectives_scored: dict[str, tuple[str, ...]]  # house -> scored objective ids (public)
    victory_points: dict[str, int]  # house -> victory points 0..7 (public, X-AFFC-4.1)
    # area -> house: the home areas of this game (the map's, plus The Eyrie for Arryn in
    # AFfC, X-AFFC-2.2); fixed by the scenario, so not in the snapshot
    homes: Mapping[str, str] = T.MAP_HOMES
    # the game's map (R1.1; a MoD variant, X-MOD-3); fixed by the scenario, so not in the
    # snapshot; the class's base map unless set-up says otherwise
    map: T.GameMap = T.MAPS["base"]
    # Mother of Dragons (X-MOD): empty in other games, and then left out of the snapshot
    vassals: tuple[str, ...] = ()  # houses in play that no seat plays (X-MOD-10.1), house order
    commanders: dict[str, str]  # vassal -> its commander's house this round (X-MOD-10.3)
    # House Targaryen (X-MOD-5..7), only when it is in play; else left out of the snapshot
    loyalty: dict[str, int]  # land area -> loyalty tokens lying there (X-MOD-7.1)
    loyalty_taken: int = 0  # the loyalty tokens Targaryen has taken (X-MOD-5.2, X-MOD-7.2)
    dragon_early: tuple[int, ...] = ()  # dragon tokens moved early (rounds), Fire Made Flesh
    # the Iron Bank (X-MOD-8), only when the game uses it; else left out of the snapshot
    loan_deck: tuple[str, ...] = ()  # the loan deck, top first (hidden order)
    loan_slots: tuple[str, ...] = ()  # the 3 face-up slots (costs 7, 4, 1); "" = empty
    loans: dict[str, tuple[str, ...]]  # player house -> the loans it holds (public)
    improvements: dict[str, tuple[str, ...]]  # land area -> improvement tokens (X-MOD-8.6)

    def next_round(self) -> Step:
        """The step that plays the next round (R3.1), pushed by the Action phase's clean up:
        the round loop is the game's top module's (``game.PlayedGame``)."""
        raise NotImplementedError("a bare state has no round loop; play a game.PlayedGame")

    def push(self, *steps: Any) -> None:
        """Push steps (first runs first); nothing more runs once the game is over (R9)."""
        if self.phase != "over":
            super().push(*steps)

    # -- seats and houses -------------------------------------------------------------------
    def seat_of(self, house: str) -> int:
        return self.seat_houses.index(house)

    def house_of(self, seat: int) -> str:
        return self.seat_houses[seat]

    def is_vassal(self, house: str) -> bool:
        """A house in play without a player (X-MOD-10.1)."""
        return house in self.vassals

    def commander_of(self, house: str) -> str:
        """The house whose player decides for ``house``: the house itself, or a vassal's
        commander this round (X-MOD-10.3). A vassal without a commander yet has none."""
        if house in self.vassals:
            return self.commanders[house]
        return house

    def seat_for(self, house: str) -> int:
        """The seat that makes ``house``'s decisions (its own, or its commander's): one call
        for a player's house (asked at every decision)."""
        return self.seat_of(self.commanders[house] if house in self.vassals else house)

    def for_vassal(self, house: str) -> dict[str, str]:
        """The context naming the vassal a decision is made for (X-MOD-10.3), else nothing:
        ``D.X.ask(g.seat_for(h), prompt, choices, **g.for_vassal(h))``."""
        return {"vassal": house} if house in self.vassals else {}

    def automatic(self, seat: int) -> bool:
        """Whether ``seat`` leaves the choices a player may leave to the engine to its
        automatic answer (config ``auto``: one boolean, or one per seat; docs/boardgame-engine.md
        lists the choices)."""
        auto = self.config.get("auto", False)
        return bool(auto[seat] if isinstance(auto, list | tuple) else auto)

    def refusal(self, decision: Decision, choice: Choice) -> str:
        """Why a choice was refused, naming the house and the areas (refusals.py)."""
        return refusal(self.house_of(decision.seat), decision, choice)

    # -- tracks (R1.9, R1.13) -----------------------------------------------------------------
    def turn_order(self) -> tuple[str, ...]:
        return self.tracks["iron_throne"]

    def position(self, track: str, house: str) -> int:
        """1-based position of a house on an influence track."""
        return self.tracks[track].index(house) + 1

    def lowest_position(self, house: str) -> int:
        """The lowest space a house can take on an influence track (1-based): the last one, or
        the one above Targaryen, who keeps the last space (X-MOD-5.1, XF19)."""
        if house != "targaryen" and "targaryen" in self.houses:
            return len(self.houses) - 1
        return len(self.houses)

    def holder(self, track: str) -> str:
        """The dominance token holder of a track (R1.9.5): its highest player house (a vassal
        holds no dominance token, X-MOD-10.6)."""
        if self.vassals:
            return next(h for h in self.tracks[track] if h not in self.vassals)
        return self.tracks[track][0]

    def stars(self, house: str) -> int:
        """Special orders allowed by King's Court position (R2.3, R5.2)."""
        return self.setup.stars[self.position("kings_court", house) - 1]

    # -- the scenario (R2, X-ADWD-2, X-AFFC-2) -----------------------------------------------------
    def is_mod(self) -> bool:
        """Mother of Dragons: vassals, sea orders, gifts, the MoD board (X-MOD-1)."""
        return self.config.get("scenario") == "mod"

    @property
    def areas(self) -> Mapping[str, T.Area]:
        """The areas of this game's map (R1.1; MoD adds and changes some, X-MOD-3)."""
        return self.map.areas

    def is_affc(self) -> bool:
        """A Feast for Crows: victory points from objectives instead of castles (X-AFFC-4)."""
        return self.config.get("scenario") == "affc"

    @property
    def setup(self) -> T.PlayerCountSetup:
        """The set-up this game was started from: its scenario and player count."""
        if self.config.get("essos"):  # X-MOD-1.2 the 8-house board with Targaryen
            return T.SCENARIOS["mod_essos"]
        return T.setup_of(self.config.get("scenario", "base"), self.config["players"])

    def house_deck(self, house: str) -> tuple[T.HouseCard, ...]:
        """The house's 7 house cards in this game's deck (R1.11.1, X-ADWD-1.1); Targaryen's
        are the deck the game names, A by default (X-MOD-5.8, X-MOD-Q3)."""
        if house == "targaryen":
            return T.TARGARYEN_DECKS[self.config.get("targaryen_deck", "a")]
        return T.HOUSE_CARD_DECKS[self.config.get("house_cards", "base")][house]

    def garrison_owner(self, area: str) -> str | None:
        """The house a garrison in ``area`` defends for (R1.7, X-ADWD-2.8)."""
        return self.setup.garrison_owner(area)

    def set_track(self, track: str, order: Iterable[str]) -> None:
        """Replace a track's order; dominance tokens follow position 1 (R1.9.5). Targaryen
        keeps the last space (X-MOD-5.1, XF19): a house sent below it lands just above it."""
        new = tuple(order)
        if "targaryen" in new:
            new = (*(h for h in new if h != "targaryen"), "targaryen")
        assert sorted(new) == sorted(self.houses), new
        old_holder = self.holder(track)
        self.tracks[track] = new
        if self.holder(track) != old_holder:
            self.emit(E.DOMINANCE(house=self.holder(track), track=track))

    # -- units ---------------------------------------------------------------------------------
    def owner(self, area: str) -> str | None:
        """The house with units in the area, if any (one house per area, R1.3.6)."""
        units = self.units.get(area)
        return units[0].house if units else None

    def areas_of(self, house: str) -> list[str]:
        """Areas (land, sea, port) holding the house's units, in map order."""
        areas = [a for a, us in self.units.items() if us[0].house == house]
        return sorted(areas, key=self.map.order.__getitem__)

    def areas_by_house(self) -> dict[str, list[str]]:
        """:meth:`areas_of` of every house with units, in one pass over the units."""
        units = self.units
        by_house: dict[str, list[str]] = {}
        for a in sorted(units, key=self.map.order.__getitem__):
            by_house.setdefault(units[a][0].house, []).append(a)
        return by_house

    def units_of(self, house: str) -> list[tuple[str, Unit]]:
        return [(a, u) for a, us in self.units.items() for u in us if u.house == house]

    def count_units(self, house: str, kind: str) -> int:
        """Units of a kind on the board plus those held by the fight in progress (R1.4.2)."""
        count = sum(
            1 for us in self.units.values() for u in us if u.house == house and u.kind == kind
        )
        if self.fight is not None:
            count += sum(1 for u in self.fight.attackers if u.house == house and u.kind == kind)
        return count

    def pool_left(self, house: str, kind: str) -> int:
        """Units of a kind still in the house's pool (R1.4.2)."""
        return T.unit_pool(house)[kind] - self.count_units(house, kind)

    def add_unit(self, area: str, unit: Unit) -> None:
        current = self.units.get(area, ())
        assert not current or current[0].house == unit.house, (area, current, unit)
        self.units[area] = (*current, unit)

    def remove_unit(self, area: str, unit: Unit) -> None:
        """Remove one unit equal to ``unit`` from the area (destroy = back to the pool)."""
        current = list(self.units[area])
        current.remove(unit)
        if current:
            self.units[area] = tuple(current)
        else:
            del self.units[area]

    def replace_unit(self, area: str, old: Unit, new: Unit) -> None:
        current = list(self.units[area])
        current[current.index(old)] = new
        self.units[area] = tuple(current)

    # -- control (R1.3) --------------------------------------------------------------------------
    def controller(self, area: str) -> str | None:
        info = self.map.areas[area]
        if info.kind == "port":
            assert info.port_land is not None
            return self.controller(info.port_land)  # R1.3.4
        units = self.units.get(area)
        if units:
            return units[0].house  # R1.3.1 / R1.3.3
        if info.kind == "sea":
            return None
        token = self.power_tokens.get(area)
        if token is not None:
            return token
        home = self.homes.get(area)
        if home is not None and home in self.houses:
            return home  # R1.3.2 home emblem (X-AFFC-2.2 The Eyrie for Arryn)
        return None

    def controlled_areas(self, house: str) -> list[str]:
        """Land and sea areas the house controls, in map order (ports excluded)."""
        areas = self.map.areas
        return [
            a for a in self.map.area_ids if areas[a].kind != "port" and self.controller(a) == house
        ]

    def power_tokens_of(self, house: str) -> list[str]:
        return [a for a, h in self.power_tokens.items() if h == house]

    def castles(self, house: str) -> int:
        """R9.1: castle/stronghold areas controlled, derived, never stored (the victory value
        of every scenario but AFfC, whose victory points are :attr:`victory_points`)."""
        return sum(1 for a in self.map.castle_areas if self.controller(a) == house)

    def castle_counts(self) -> Counter[str | None]:
        """R9.1: :meth:`castles` of every house at once (None: the uncontrolled ones)."""
        return Counter(self.controller(a) for a in self.map.castle_areas)

    def land_areas_controlled(self, house: str) -> int:
        return sum(1 for a in self.map.land_areas if self.controller(a) == house)

    def barrels(self, house: str) -> int:
        """Supply icons in controlled areas, capped at 6 (R3.5.1)."""
        total = sum(self.map.areas[a].supply for a in self.controlled_areas(house))
        return min(T.MAX_SUPPLY, total)

    # -- supply (R1.5) -----------------------------------------------------------------------------
    def army_sizes(self, house: str) -> list[int]:
        return [len(us) for us in self.units.values() if len(us) >= 2 and us[0].house == house]

    def complies(self, house: str, supply: int | None = None) -> bool:
        value = self.supply[house] if supply is None else supply
        return supply_complies(self.army_sizes(house), value)

    def complies_with(self, house: str, changes: dict[str, int]) -> bool:
        """Compliance if the house's unit counts in some areas were ``changes[area]``."""
        sizes = {a: len(us) for a, us in self.units.items() if us[0].house == house}
        sizes.update(changes)
        return supply_complies(sizes.values(), self.supply[house])

    # -- power (R1.6) ------------------------------------------------------------------------------
    def power_tokens_total(self, house: str) -> int:
        """The house's power tokens (R1.6.1): 20, Arryn's in AFfC as configured (X-AFFC-Q3)."""
        if house == "arryn":
            return int(self.config.get("arryn_power_tokens", T.POWER_TOKENS_TOTAL))
        return T.POWER_TOKENS_TOTAL

    def power_in_pool(self, house: str) -> int:
        on_board = sum(1 for h in self.power_tokens.values() if h == house)
        return self.power_tokens_total(house) - self.power[house] - on_board

    def gain_power(self, house: str, amount: int) -> int:
        """Take up to ``amount`` tokens from the Pool (R1.6.2); returns what was gained.
        A vassal never gains power (X-MOD-10.6; pillage, X-MOD-Q9)."""
        if house in self.vassals:
            return 0
        gained = max(0, min(amount, self.power_in_pool(house)))
        self.power[house] += gained
        return gained

    def discard_power(self, house: str, amount: int) -> int:
        """Move up to ``amount`` available tokens to the Pool (R1.6.2); returns what was paid."""
        paid = max(0, min(amount, self.power[house]))
        self.power[house] -= paid
        return paid

    # -- orders --------------------------------------------------------------------------------
    def orders_of(self, house: str, order_type: str | None = None) -> list[str]:
        """Areas holding the house's orders (of one type), in map order."""
        return [
            a
            for a in self.map.area_ids
            if (o := self.orders.get(a)) is not None
            and o.house == house
            and (order_type is None or o.type == order_type)
        ]

    # -- engine contract -----------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return (
            {
                "houses": list(self.houses),
                "seat_houses": list(self.seat_houses),
                "tides": self.tides,
                "round": self.round,
                "phase": self.phase,
                "units": {
                    a: [[u.house, u.kind, u.routed] for u in us]
                    for a, us in sorted(self.units.items())
                },
                "power_tokens": dict(sorted(self.power_tokens.items())),
                "power": self.power,
                "garrisons": self.garrisons,
                "neutral": self.neutral,
                "impassable": sorted(self.impassable),
                "tracks": {k: list(v) for k, v in self.tracks.items()},
                "supply": self.supply,
                "hands": {h: list(c) for h, c in self.hands.items()},
                "discards": {h: list(c) for h, c in self.discards.items()},
                "orders": {a: [o.house, o.token] for a, o in sorted(self.orders.items())},
                "orders_revealed": self.orders_revealed,
                "restrictions": sorted(self.restrictions),
                "westeros_decks": {str(k): list(v) for k, v in self.westeros_decks.items()},
                "westeros_discards": {str(k): list(v) for k, v in self.westeros_discards.items()},
                "wildling_deck": list(self.wildling_deck),
                "wildling_threat": self.wildling_threat,
                "vsb_used": self.vsb_used,
                "raven_used": self.raven_used,
                "raven_peek": [self.raven_peek, self.raven_peek_house],
                "last_westeros_cards": list(self.last_westeros_cards),
                "winner": self.winner,
                "ranking": list(self.ranking),
                "end_reason": self.end_reason,
                "fight": None if self.fight is None else self.fight.snapshot(),
                "tides_next": list(self.tides_next),
                "moves": self.moves,
            }
            | (self._affc_snapshot() if self.is_affc() else {})
            | self._mod_snapshot()
            | self._targaryen_snapshot()
            | (self._iron_bank_snapshot() if self.config.get("iron_bank") else {})
        )

    def _iron_bank_snapshot(self) -> dict[str, Any]:
        """The Iron Bank's slots, deck, loans and improvements (X-MOD-8)."""
        return {
            "loan_deck": list(self.loan_deck),
            "loan_slots": list(self.loan_slots),
            "loans": {h: list(x) for h, x in sorted(self.loans.items())},
            "improvements": {a: list(t) for a, t in sorted(self.improvements.items())},
        }

    def _targaryen_snapshot(self) -> dict[str, Any]:
        """Loyalty tokens and dragon strength tokens (X-MOD-6, X-MOD-7), with Targaryen only."""
        if "targaryen" not in self.houses:
            return {}
        return {
            "loyalty": dict(sorted(self.loyalty.items())),
            "loyalty_taken": self.loyalty_taken,
            "dragon_early": list(self.dragon_early),
        }

    def _mod_snapshot(self) -> dict[str, Any]:
        """The vassals and their commanders (X-MOD-10), in games that have vassals."""
        if not self.vassals:
            return {}
        return {"vassals": list(self.vassals), "commanders": dict(sorted(self.commanders.items()))}

    def _affc_snapshot(self) -> dict[str, Any]:
        """The objective state of A Feast for Crows (X-AFFC-2.8, X-AFFC-4)."""
        return {
            "objective_deck": list(self.objective_deck),
            "objective_hands": {h: list(c) for h, c in self.objective_hands.items()},
            "objectives_scored": {h: list(c) for h, c in self.objectives_scored.items()},
            "victory_points": self.victory_points,
        }

    _SHARED = ("houses", "seat_houses", "tides", "impassable")
    _SCALARS = (
        "round",
        "phase",
        "orders_revealed",
        "restrictions",
        "wildling_deck",
        "wildling_threat",
        "vsb_used",
        "raven_used",
        "raven_peek",
        "raven_peek_house",
        "last_westeros_cards",
        "winner",
        "ranking",
        "end_reason",
    )
    _DICTS = (
        "units",
        "power_tokens",
        "power",
        "garrisons",
        "neutral",
        "tracks",
        "supply",
        "hands",
        "discards",
        "orders",
        "westeros_decks",
        "westeros_discards",
    )

    def clone(self) -> Self:
        """An independent copy (bots search by cloning). One shallow copy per container."""
        cls = type(self)
        other = cls.__new__(cls)
        self._clone_engine_into(other)
        d, od = self.__dict__, other.__dict__
        for name in self._SHARED + self._SCALARS:
            od[name] = d[name]
        od["tides_next"] = self.tides_next  # class defaults: maybe not in __dict__
        od["fight"] = None if self.fight is None else self.fight.copy()
        for name in self._DICTS:
            od[name] = dict(d[name])
        for name, value in d.items():  # extra per-game fields added by rule modules
            if name not in od:
                od[name] = dict(value) if isinstance(value, dict) else value
        return other

    def render(self, event: Event) -> str:
        return E.render(event)

    def seat_names(self) -> tuple[str, ...]:
        return tuple(T.house_name(h) for h in self.seat_houses)

    def outcome(self) -> Outcome | None:
        """R9: the winner and the ranking by seat, once the game is over."""
        if self.phase != "over" or self.winner is None:
            return None
        return Outcome(
            winner=self.seat_of(self.winner),
            ranking=tuple(self.seat_of(h) for h in self.ranking),
            reason=self.end_reason,
            names=self.seat_names(),
            scores=tuple(
                {
                    "castles": self.castles(h),
                    "land areas": self.land_areas_controlled(h),
                    "supply": self.supply[h],
                    "power": self.power[h],
                }
                | ({"victory points": self.victory_points[h]} if self.is_affc() else {})
                for h in self.seat_houses
            ),
            rounds=self.round,
        )
