"""The fight in progress as a record on the state (R6.5, R7), and the step that runs its flow.

A march that attacks (R6.4.8) takes its attacking units off the area it marched from and
starts a fight with :func:`start_fight`: ``g.fight`` becomes a :class:`Fight` holding them
(``attackers``) until they move in, return or retreat, so a unit is always in exactly one
place — an area or the fight's held attackers (:meth:`BoardGame.count_units` counts both).
Its ``kind`` is ``"combat"`` (R7, :mod:`westeros.boardgame.combat`) or ``"neutral"`` (a
neutral-force attack, R6.5, :mod:`westeros.boardgame.neutral`); both share the call for
support (:mod:`westeros.boardgame.support`).

The rules of a fight are a declared :class:`Flow`: a tuple of :class:`Stage` (name, when it
applies, what it asks, what it does) run in order by one :class:`FightStep` on the stack.
A stage's ``act`` returns True when the stage is over (else it runs again after its next
decision); the record is cleared when the last stage is over. The record holds only
immutable values and is copied once by :meth:`BoardGame.clone` (:meth:`Fight.copy`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, TypeVar

from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.state import SIDES, BoardGame, Order, Side, Unit
from westeros.engine import Decision
from westeros.engine.flow import FlowStep
from westeros.engine.flow import Stage as Stage
from westeros.engine.flow import always as always

COMBAT = "combat"
NEUTRAL = "neutral"


@dataclass(frozen=True, slots=True)
class SideStrength:
    """One side's combat strength by part (R7.4, R7.8) and its icons (R7.9.3, R7.7)."""

    units: int
    order: int
    garrison: int
    support: int
    card: int = 0
    blade: int = 0
    tide: int = 0
    swords: int = 0
    fortifications: int = 0
    skulls: int = 0
    override: int | None = None  # X1.1 a final strength set by a card text

    @property
    def initial(self) -> int:
        """R7.4.1; may be negative (F30)."""
        return self.units + self.order + self.garrison + self.support

    @property
    def final(self) -> int:
        """R7.8.1: below 0 counts as 0 (F30); a final strength set by a text replaces the sum,
        VSB and Tides of Battle included (X1.1 final_strength_override)."""
        if self.override is not None:
            return max(0, self.override)
        return max(0, self.initial + self.card + self.blade + self.tide)

    def parts(self, final: bool = True) -> dict[str, int]:
        """The parts as event/view data: the initial ones, then (``final``) the later ones."""
        out = {
            "units": self.units,
            "order": self.order,
            "garrison": self.garrison,
            "support": self.support,
            "initial": self.initial,
        }
        if final:
            out |= {
                "house_card": self.card,
                "blade": self.blade,
                "tides": self.tide,
                "final": self.final,
            }
            if self.override is not None:
                out["override"] = self.override
        return out


P = TypeVar("P")


def pair_with(pair: tuple[P, P], side: Side, value: P) -> tuple[P, P]:
    """A per-side pair (attacker first) with the side's entry replaced."""
    return (value, pair[1]) if side is Side.ATTACKER else (pair[0], value)


@dataclass
class Fight:
    """A fight in progress (R7.2 / R6.5): who, where, the held attacking units and every
    choice made so far. Values are immutable; fields are re-assigned, never mutated."""

    kind: str  # COMBAT | NEUTRAL
    attacker: str
    from_area: str
    area: str
    attackers: tuple[Unit, ...]  # held off the board until they move in or retreat (R6.4.8)
    march_token: str  # its modifier counts (R7.4.1) even if the order is removed
    defender: str = ""  # the house defending (R7.1.1); "" for a neutral force
    stage: str = ""  # the name of the running stage of the flow
    # call for support (R7.3): houses still to declare, the declarer's side and areas
    support_step: str = "declare"  # "declare" | "areas" | "accept"
    sup_queue: tuple[str, ...] = ()
    sup_side: Side | None = None
    sup_areas: tuple[str, ...] = ()
    support: tuple[tuple[str, str, Side], ...] = ()  # accepted (area, house, side)
    # house cards (R7.5): chosen (secret until revealed), cancelled, window entries to resolve
    chosen: tuple[str | None, str | None] = (None, None)  # None: not chosen; "": no card
    revealed: bool = False
    excluded: tuple[str, ...] = ()  # cancelled by Tyrion: may not be chosen again
    queue: tuple[tuple[str, Side], ...] = ()  # (window or "recard", side)
    kept: frozenset[Side] = frozenset()  # sides whose card is not discarded (Roose)
    ignored: frozenset[Side] = frozenset()  # sides whose card text is ignored (X1.2)
    copied: tuple[str | None, str | None] = (None, None)  # printed values used (Qyburn)
    # strength a text adds to the card at reveal: Aeron (ADwD) +1 per power token paid;
    # Viserys (MoD) a discarded card's printed strength; Bronn (MoD) minus its own when paid
    paid: tuple[int, int] = (0, 0)
    # Tides of Battle and the Valyrian Steel Blade (R7.6, R7.7)
    tides_deck: tuple[str, ...] = ()
    drawn: tuple[str | None, str | None] = (None, None)
    tides_shown: bool = False
    blade_side: Side | None = None
    # outcome (R7.8–R7.10)
    initial: tuple[SideStrength, ...] = ()  # (attacker, defender) as logged at R7.4
    final: tuple[SideStrength, ...] = ()  # (attacker, defender) at R7.8
    winner: Side | None = None
    kills: tuple[tuple[Side, int, str], ...] = ()  # (side, count, "swords" | "skull")
    lost: tuple[tuple[Side, Unit], ...] = ()  # units destroyed in the fight, in order
    retreat_to: str | None = None
    retreat_losses: int = 0
    retreated: tuple[Unit, ...] = ()

    def copy(self) -> Fight:
        other = object.__new__(Fight)
        other.__dict__.update(self.__dict__)
        return other

    def snapshot(self) -> dict[str, Any]:
        data = asdict(self)
        data["kept"] = sorted(self.kept)
        # the expansions' fields (X1) are left out while unused: base-game hashes stay the same
        for name, default in _EXPANSION_DEFAULTS.items():
            if getattr(self, name) == default:
                del data[name]
        if self.ignored:
            data["ignored"] = sorted(self.ignored)
        for part in (*data["initial"], *data["final"]):
            if part["override"] is None:
                del part["override"]
        return data

    # -- sides ------------------------------------------------------------------------------
    def side_pair(self, pair: tuple[Any, Any], side: Side) -> Any:
        """The side's entry of a per-side pair field (attacker first)."""
        return pair[0 if side is Side.ATTACKER else 1]

    def difference(self) -> int:
        """X1.4: the difference of the two final strengths, each clamped at 0 (R7.8.1)."""
        assert self.final, "known once the victor is determined (R7.8)"
        return abs(self.final[0].final - self.final[1].final)

    def house(self, side: Side) -> str:
        return self.attacker if side == Side.ATTACKER else self.defender

    @property
    def loser(self) -> Side | None:
        return None if self.winner is None else self.winner.other

    def sides(self) -> tuple[Side, Side]:
        """``(winner, loser)`` once the victor is known (R7.8)."""
        assert self.winner is not None
        return self.winner, self.winner.other

    def side_of(self, house: str) -> Side | None:
        if house == self.attacker:
            return Side.ATTACKER
        if house == self.defender:
            return Side.DEFENDER
        return None

    def sides_in_turn_order(self, g: BoardGame) -> tuple[Side, ...]:
        """R7.5.2: both sides in Iron Throne order (read now: Doran may have changed it)."""
        return tuple(sorted(SIDES, key=lambda s: g.position("iron_throne", self.house(s))))

    # -- house cards and Tides of Battle ------------------------------------------------------
    def chosen_card(self, side: Side) -> str | None:
        """The card the side chose (secret until revealed); None: not chosen yet."""
        return self.chosen[0 if side is Side.ATTACKER else 1]

    def card(self, side: Side) -> str | None:
        """The side's revealed card; None before the reveal or when it plays none (a card
        chosen but not yet revealed is secret and has no effect, R1.14.1)."""
        if not self.revealed:
            return None
        return self.chosen_card(side) or None

    def set_card(self, side: Side, card: str | None) -> None:
        self.chosen = pair_with(self.chosen, side, card)

    def drawn_tide(self, side: Side) -> str | None:
        """The Tides of Battle card the side drew (secret until shown, R1.14.1)."""
        return self.drawn[0 if side is Side.ATTACKER else 1]

    def set_tide(self, side: Side, card: str) -> None:
        self.drawn = pair_with(self.drawn, side, card)

    def tide(self, side: Side) -> T.TidesCard | None:
        """The side's Tides of Battle card once shown (R7.7.3), else None."""
        card = self.drawn_tide(side)
        return T.TIDES_CARD_BY_ID[card] if card is not None and self.tides_shown else None

    # -- units in the fight ----------------------------------------------------------------------
    def garrison(self, g: BoardGame) -> int:
        """R1.7.2 / R7.4.1: the strength of the defender's garrison in the embattled area."""
        if not self.defender or g.garrison_owner(self.area) != self.defender:
            return 0
        return g.garrisons.get(self.area, 0)

    def combat_units(self, g: BoardGame, side: Side) -> tuple[Unit, ...]:
        """The attacking units (held on the record) or the defending units (in the area)."""
        if side is Side.ATTACKER:
            return self.attackers
        return tuple(u for u in g.units.get(self.area, ()) if u.house == self.defender)

    def destroy_unit(self, g: BoardGame, side: Side, unit: Unit) -> None:
        if side is Side.ATTACKER:
            rest = list(self.attackers)
            rest.remove(unit)
            self.attackers = tuple(rest)
        else:
            g.remove_unit(self.area, unit)
        self.lost = (*self.lost, (side, unit))

    def replace_unit(self, g: BoardGame, side: Side, old: Unit, new: Unit) -> None:
        if side is Side.ATTACKER:
            rest = list(self.attackers)
            rest[rest.index(old)] = new
            self.attackers = tuple(rest)
        else:
            g.replace_unit(self.area, old, new)

    def release(self, g: BoardGame, area: str) -> tuple[Unit, ...]:
        """Put the held attacking units in ``area``; returns them."""
        units, self.attackers = self.attackers, ()
        for u in units:
            g.add_unit(area, u)
        return units

    # -- orders and support ---------------------------------------------------------------------
    def is_starting_march(self, g: BoardGame, area: str) -> bool:
        """The March order that started this fight (R7.12.7, R7.12.10)."""
        return area == self.from_area and g.orders.get(area) == Order(
            self.attacker, self.march_token
        )

    def valid_support(self, g: BoardGame, side: Side | None = None) -> list[tuple[str, str]]:
        """Accepted ``(area, house)`` of a side (or of both) whose Support order still stands
        (R7.4.3, F17)."""
        out = []
        for area, house, s in self.support:
            if side is not None and s != side:
                continue
            o = g.orders.get(area)
            if o is not None and o.house == house and o.type == "support" and g.owner(area):
                out.append((area, house))
        return out

    def supported(self, g: BoardGame, side: Side) -> bool:
        """R7.3.3 / F3: support accepted from any house (itself included) still counting."""
        return bool(self.valid_support(g, side))

    # -- events ------------------------------------------------------------------------------------
    def casualties_field(self, side: Side) -> list[dict[str, Any]]:
        return E.units_field(u for s, u in self.lost if s is side)


_EXPANSION_DEFAULTS: dict[str, object] = {
    "ignored": frozenset(),
    "copied": (None, None),
    "paid": (0, 0),
}


# -- the flow: the engine kit's declared flow, run on ``g.fight`` -------------------------

Act = Callable[[BoardGame, Fight, str | None], bool]
Ask = Callable[[BoardGame, Fight], list[Decision]]
Enter = Callable[[BoardGame, Fight], None]
When = Callable[[BoardGame, Fight], bool]
Record = Callable[[BoardGame, Fight, str, str], None]
Flow = tuple[Stage, ...]


def current(g: BoardGame) -> Fight | None:
    """The fight in progress (``g.fight``), read as the record it is."""
    f = g.fight
    assert f is None or isinstance(f, Fight)
    return f


class FightStep(FlowStep):
    """Runs ``g.fight`` through its flow (:data:`FLOW` of the subclass); a secret choice is
    recorded under the house that made it."""

    def record_of(self, g: BoardGame) -> Fight | None:
        return current(g)

    def close(self, g: BoardGame, record: Fight) -> None:
        g.fight = None

    def who(self, g: BoardGame, seat: int) -> str:
        """The house the seat decided for: a fight's vassal is decided by its commander's seat
        (X-MOD-10.7; a commander never fights its own vassal, X-MOD-10.5)."""
        f = current(g)
        if g.vassals and f is not None:
            for house in (f.attacker, f.defender):
                if house in g.vassals and g.seat_for(house) == seat:
                    return house
        return g.house_of(seat)


def start_fight(
    g: BoardGame,
    step: FightStep,
    kind: str,
    attacker: str,
    from_area: str,
    area: str,
    attackers: tuple[Unit, ...],
    march_token: str,
) -> None:
    """Hold ``attackers`` (already off ``from_area``) on a new fight record and push its step."""
    assert g.fight is None, "one fight at a time"
    f = Fight(kind, attacker, from_area, area, tuple(attackers), march_token)
    g.fight = f
    step.begin(g, f)
    g.push(step)


def abandon_fight(g: BoardGame) -> None:
    """The game ended before a pending fight ran (R9.2): its units never left their area."""
    f = current(g)
    if f is not None:
        f.release(g, f.from_area)
        g.fight = None
