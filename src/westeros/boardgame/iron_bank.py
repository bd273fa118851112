"""Mother of Dragons: the Iron Bank (X-MOD-8) — loans, their slots and costs, interest.

* X-MOD-1.3: the Iron Bank needs Essos (Braavos); config ``iron_bank`` (default true with
  ``essos``). X-MOD-2.5, X-MOD-Q1: with it every player house starts with 7 available power
  tokens (config ``starting_power``).
* X-MOD-2.9, X-MOD-8.2, X-MOD-8.8: the 12 loans are shuffled; at the start of every round
  (:class:`IronBankRound`) a new loan enters the first of the three slots (cost 7, 4, 1), the
  others move one slot on and a loan pushed out of the last slot goes under the loan deck.
* X-MOD-8.7, XF23, X-MOD-D8: from round 2, before the Westeros phase, each house in turn order
  pays 1 power token per loan it holds; for each token it cannot pay the Fiefdoms leader (the
  highest house on the Fiefdoms track that is neither the debtor nor a vassal) destroys one
  of its units (a dragon too); ports and victory are checked after each debtor.
* X-MOD-8.4, X-MOD-9.2, X-MOD-D7: resolving its Iron Bank sea order in the Consolidate Power
  step a house buys one face-up loan it can pay for, or none (:class:`BuyLoan`); Braavos'
  controller pays 1 less (X-MOD-3.5, X-MOD-8.3, XF31). The loan is carried out at once, as
  far as it can be (XF28–XF30): every part that can be carried out must be.
* X-MOD-8.5: a loan's units come from the pool into areas the house controls (ships into
  seas where its ships are or ports of its land areas), within supply and the 3-ship port
  limit; units that cannot be placed are not received.
* X-MOD-8.6: improvement tokens (15) change areas for the rest of the game: the game's map is
  rebuilt with them (``tables.improved_map``), so supply, power, mustering and victory read
  them. Pyromancer removes a castle (not a stronghold); a port there keeps working (XF32),
  Braavos keeps its discount (XF31).
* Vassals never buy loans (X-MOD-10.6): they have no Iron Bank token.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.state import BoardGame, Unit
from westeros.boardgame.supply import consequences, unit_choices
from westeros.engine import Ask, Choice, ConfigError, Decision, Step, shown


@dataclass(frozen=True, slots=True)
class Loan:
    """One loan card (X-MOD-8.1): what it gives, in the order it is carried out."""

    id: str
    name: str
    kind: str
    text: str
    power: int = 0  # power tokens gained (after the improvements)
    units: tuple[str, ...] = ()  # units placed from the pool, in this order
    improve: tuple[str, ...] = ()  # improvement tokens put, in this order
    destroy: tuple[str, ...] = ()  # unit kinds destroyed, each in another area
    supply_track: int = 0  # spaces up the supply track


def _load() -> dict[str, Any]:
    text = resources.files("westeros.boardgame").joinpath("data/iron_bank.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data


_DATA = _load()
SLOT_COSTS: tuple[int, ...] = tuple(_DATA["slot_costs"])  # X-MOD-8.2, X-MOD-Q6
BRAAVOS: str = _DATA["braavos"]
BRAAVOS_DISCOUNT: int = _DATA["braavos_discount"]  # X-MOD-3.5
INTEREST: int = _DATA["interest_per_loan"]  # X-MOD-8.7
IMPROVEMENT_TOKENS: int = _DATA["improvement_tokens"]  # X-MOD-8.6
POWER_WITH, POWER_WITHOUT = (_DATA["starting_power"][k] for k in ("with_iron_bank", "without"))
LOANS: dict[str, Loan] = {
    raw["id"]: Loan(
        id=raw["id"],
        name=raw["name"],
        kind=raw["kind"],
        text=raw["text"],
        power=raw.get("power", 0),
        units=tuple(raw.get("units", ())),
        improve=tuple(raw.get("improve", ())),
        destroy=tuple(raw.get("destroy", ())),
        supply_track=raw.get("supply_track", 0),
    )
    for raw in _DATA["loans"]
}
_TOKENS = {t for x in LOANS.values() for t in x.improve}
if len(LOANS) != 12 or not set(T.IMPROVEMENT_TOKENS) >= _TOKENS:  # X-MOD-8.1, X-MOD-8.6
    raise ValueError("data/iron_bank.json: 12 loans, improvements of the known tokens")


# -- config and set-up (X-MOD-1.3, X-MOD-2.5, X-MOD-2.9, X-MOD-Q1) ---------------------------------
def settings(config: dict[str, Any], essos: bool) -> dict[str, Any]:
    """``iron_bank`` (needs essos, default true with it) and ``starting_power`` (X-MOD-Q1: 7
    with the Iron Bank, 5 without), for the validated config of a MoD game."""
    bank = config.get("iron_bank", essos)
    if not isinstance(bank, bool):
        raise ConfigError(f"iron_bank must be true or false, not {shown(bank)}")
    if bank and not essos:
        raise ConfigError("iron_bank needs essos (the Iron Bank is in Braavos, X-MOD-1.3)")
    out: dict[str, Any] = {"iron_bank": bank} if essos else {}
    power = config.get("starting_power")
    if power is None:
        return out | ({"starting_power": POWER_WITH if bank else POWER_WITHOUT} if essos else {})
    top = T.POWER_TOKENS_TOTAL
    if isinstance(power, bool) or not isinstance(power, int) or not 0 <= power <= top:
        raise ConfigError(f"starting_power must be a whole number 0..{top}, not {shown(power)}")
    return out | {"starting_power": power}


def uses_iron_bank(g: BoardGame) -> bool:
    """X-MOD-1.3: the game plays with the Iron Bank."""
    return bool(g.config.get("iron_bank", False))


def set_up(g: BoardGame) -> None:
    """X-MOD-2.5, X-MOD-Q1 the player houses' starting power; X-MOD-2.9 the loan deck."""
    power = g.config.get("starting_power")
    if power is not None:
        g.power = {h: 0 if g.is_vassal(h) else power for h in g.houses}
    if not uses_iron_bank(g):
        return
    g.loan_deck = g.rng.shuffled(list(LOANS))
    g.loan_slots = ("",) * len(SLOT_COSTS)
    g.loans = {h: () for h in g.houses if not g.is_vassal(h)}
    g.improvements = {}


# -- the slots (X-MOD-8.2) ----------------------------------------------------------------------
def deal(g: BoardGame) -> None:
    """X-MOD-8.2, X-MOD-8.8: a new loan into the first slot, the others one slot on."""
    new, *rest = g.loan_deck
    *kept, out = g.loan_slots
    g.loan_slots = (new, *kept)
    g.loan_deck = (*rest, out) if out else tuple(rest)
    g.emit(E.LOAN_DEALT(loan=new, slots=list(g.loan_slots), returned=out or None))


def cost(g: BoardGame, house: str, slot: int) -> int:
    """X-MOD-8.2 the slot's cost, 1 less for Braavos' controller (X-MOD-3.5, XF31)."""
    discount = BRAAVOS_DISCOUNT if g.controller(BRAAVOS) == house else 0
    return max(0, SLOT_COSTS[slot] - discount)


def offers(g: BoardGame, house: str) -> list[tuple[int, str, int]]:
    """The loans ``house`` can pay for now: (slot, loan, cost)."""
    out = []
    for slot, loan in enumerate(g.loan_slots):
        price = cost(g, house, slot)
        if loan and price <= g.power[house]:
            out.append((slot, loan, price))
    return out


# -- the start of a round (X-MOD-8.7, X-MOD-8.8) -------------------------------------------------
class IronBankRound(Step):
    """X-MOD-8.8: a new loan (every round), then interest (from round 2)."""

    def __init__(self, first: bool) -> None:
        self.first = first

    def run(self, g: BoardGame) -> None:
        deal(g)
        if not self.first:
            g.push(CollectInterest(tuple(g.turn_order())))


class CollectInterest(Step):
    """X-MOD-8.7: the next debtor of ``houses`` (turn order) pays; the rest follow."""

    def __init__(self, houses: tuple[str, ...]) -> None:
        self.houses = houses

    def run(self, g: BoardGame) -> None:
        for i, house in enumerate(self.houses):
            owed = INTEREST * len(g.loans.get(house, ()))
            if not owed:
                continue
            paid = g.discard_power(house, owed)
            g.emit(E.INTEREST_PAID(house=house, owed=owed, paid=paid))
            rest = CollectInterest(self.houses[i + 1 :])
            if paid < owed:
                g.push(DebtDestruction(house, owed - paid), AfterDebt(), rest)
            else:
                g.push(rest)
            return


def debt_chooser(g: BoardGame, debtor: str) -> str:
    """X-MOD-8.7: the highest house on the Fiefdoms track that is neither the debtor nor a
    vassal (normally the Valyrian Steel Blade holder)."""
    return next(h for h in g.tracks["fiefdoms"] if h != debtor and not g.is_vassal(h))


class DebtDestruction(Ask):
    """X-MOD-8.7, XF23, X-MOD-D8: one unit of ``debtor`` destroyed per unpaid token."""

    def __init__(self, debtor: str, count: int) -> None:
        super().__init__()
        self.debtor = debtor
        self.count = count

    def _choices(self, g: BoardGame) -> tuple[str, ...]:
        return unit_choices(g, g.units_of(self.debtor))

    def ask(self, g: BoardGame) -> Decision | None:
        choices = self._choices(g)
        if self.count <= 0 or len(choices) <= 1:
            return None
        chooser = debt_chooser(g, self.debtor)
        return D.UNPAID_INTEREST.ask(
            g.seat_of(chooser),
            f"{T.house_name(chooser)}: destroy a unit of {T.house_name(self.debtor)} for its "
            f"unpaid interest ({self.count} to go)",
            choices,
            house=self.debtor,
        )

    def act(self, g: BoardGame, choice: Choice | None) -> None:
        if self.count <= 0:
            return
        choices = self._choices(g)
        pick = str(choice) if choice is not None else (choices[0] if choices else None)
        if pick is None:
            return  # nothing left to destroy
        area, kind = pick.split(":")
        unit = next(u for u in g.units[area] if u.kind == kind)
        g.remove_unit(area, unit)
        chooser = debt_chooser(g, self.debtor)
        g.emit(E.DEBT_UNIT_DESTROYED(chooser=chooser, house=self.debtor, area=area, unit=kind))
        self.count -= 1
        g.push(self)


class AfterDebt(Step):
    """X-MOD-8.7: ports and victory after each debtor (R1.3.8)."""

    def run(self, g: BoardGame) -> None:
        consequences(g)  # a win ends the game (and clears the steps)


# -- buying (X-MOD-8.4, X-MOD-9.2) ---------------------------------------------------------------
class BuyLoan(Ask):
    """X-MOD-8.4, X-MOD-D7: the house resolving its Iron Bank order in ``area`` buys one loan
    it can pay for, or none."""

    def __init__(self, house: str, area: str) -> None:
        super().__init__()
        self.house = house
        self.area = area

    def ask(self, g: BoardGame) -> Decision | None:
        found = offers(g, self.house)
        if not found:
            return None
        text = ", ".join(f"{LOANS[x].name} for {c}" for _, x, c in found)
        return D.LOAN.ask(
            g.seat_of(self.house),
            f"{T.house_name(self.house)}: buy a loan from the Iron Bank ({text}) or none",
            (*(x for _, x, _ in found), "none"),
            area=self.area,
        )

    def act(self, g: BoardGame, choice: Choice | None) -> None:
        if choice is None or choice == "none":
            g.emit(E.LOAN_DECLINED(house=self.house, area=self.area))
            return
        slot, loan, price = next(o for o in offers(g, self.house) if o[1] == choice)
        g.discard_power(self.house, price)
        slots = list(g.loan_slots)
        slots[slot] = ""
        g.loan_slots = tuple(slots)
        g.loans[self.house] = (*g.loans[self.house], loan)
        g.emit(E.LOAN_BOUGHT(house=self.house, area=self.area, loan=loan, cost=price))
        g.push(*carry_out(self.house, LOANS[loan]))


def carry_out(house: str, loan: Loan) -> list[Step]:
    """X-MOD-8.4: the loan's parts, in order (XF28: each as far as it can be)."""
    steps: list[Step] = []
    if loan.kind == "spymaster":
        steps.append(Spymaster(house))
    if loan.improve:
        steps.append(Improve(house, loan.id, loan.improve))
    if loan.units:
        steps.append(PlaceUnits(house, loan.id, loan.units))
    if loan.destroy:
        steps.append(Faceless(house, loan.id, loan.destroy))
    if loan.power or loan.supply_track:
        steps.append(LoanGains(house, loan.id))
    return steps


class LoanGains(Step):
    """Customs Officer, Expert Artificer: power tokens (R1.6.2: up to the Pool); Savvy Steward:
    one space up the supply track (at most 6)."""

    def __init__(self, house: str, loan: str) -> None:
        self.house = house
        self.loan = loan

    def run(self, g: BoardGame) -> None:
        loan = LOANS[self.loan]
        if loan.power:
            gained = g.gain_power(self.house, loan.power)
            g.emit(E.LOAN_POWER(house=self.house, loan=loan.id, gained=gained))
        if loan.supply_track:
            g.supply[self.house] = min(T.MAX_SUPPLY, g.supply[self.house] + loan.supply_track)
            g.emit(E.SUPPLY_RAISED(house=self.house, loan=loan.id, supply=g.supply[self.house]))


# -- units from loans (X-MOD-8.5) ------------------------------------------------------------------
def placement_areas(g: BoardGame, house: str, kind: str) -> list[str]:
    """X-MOD-8.5: where a unit of ``kind`` from a loan may go: a land area the house controls
    (a ship: a sea with its ships, or a port of a land area it controls), not impassable,
    within supply and the 3-ship port limit; none when its pool has no such unit (Targaryen
    has no siege engine, XF24)."""
    if g.pool_left(house, kind) <= 0:
        return []
    out = []
    for a in g.map.area_ids:
        info = g.areas[a]
        if a in g.impassable or not _may_hold(g, house, kind, a, info):
            continue
        size = len(g.units.get(a, ())) + 1
        if info.is_port and size > T.MAX_SHIPS_IN_PORT:
            continue
        if g.complies_with(house, {a: size}):
            out.append(a)
    return out


def _may_hold(g: BoardGame, house: str, kind: str, area: str, info: T.Area) -> bool:
    owner = g.owner(area)
    if owner not in (None, house):
        return False
    if kind != "ship":
        return info.is_land and g.controller(area) == house
    if info.is_sea:
        return owner == house
    return info.is_port and g.controller(area) == house


def _ask_area(
    g: BoardGame, house: str, loan: str, what: str, areas: list[str], **context: str
) -> Decision:
    """X-MOD-D7: the buyer picks the area of a part of its loan (no pass: XF28)."""
    return D.LOAN_AREA.ask(
        g.seat_of(house),
        f"{T.house_name(house)}: {LOANS[loan].name} — the area {what}",
        tuple(areas),
        loan=loan,
        **context,
    )


class PlaceUnits(Ask):
    """X-MOD-8.5, XF28, XF30: the loan's units one at a time, each into an area the buyer
    picks; a unit that cannot be placed is not received."""

    def __init__(self, house: str, loan: str, units: tuple[str, ...]) -> None:
        super().__init__()
        self.house = house
        self.loan = loan
        self.units = units

    def ask(self, g: BoardGame) -> Decision | None:
        if not self.units or not (areas := placement_areas(g, self.house, self.units[0])):
            return None
        kind = self.units[0]
        what = f"for a {kind.replace('_', ' ')}"
        return _ask_area(g, self.house, self.loan, what, areas, purpose="place", unit=kind)

    def act(self, g: BoardGame, choice: Choice | None) -> None:
        if not self.units:
            return
        kind, self.units = self.units[0], self.units[1:]
        if choice is None:  # XF30: nowhere to go, not received
            g.emit(E.LOAN_UNITS_MISSING(house=self.house, loan=self.loan, units=[kind]))
        else:
            g.add_unit(str(choice), Unit(self.house, kind))
            g.emit(E.LOAN_UNIT(house=self.house, loan=self.loan, unit=kind, area=str(choice)))
        if self.units:
            g.push(self)


# -- improvements (X-MOD-8.6) ---------------------------------------------------------------------
def tokens_left(g: BoardGame) -> int:
    return IMPROVEMENT_TOKENS - sum(len(t) for t in g.improvements.values())


def improvable(g: BoardGame, token: str, exclude: tuple[str, ...] = ()) -> list[str]:
    """The land areas a token may go on: any land area (+1 crown / +1 barrel); an area with a
    castle for Master-at-Arms (stronghold) and Pyromancer (degraded); none once the 15
    tokens are out."""
    if tokens_left(g) <= 0:
        return []
    areas = [a for a in g.map.land_areas if a not in exclude]
    if token in ("stronghold", "degraded"):
        return [a for a in areas if g.areas[a].fortification == "castle"]
    return areas


def put_improvement(g: BoardGame, area: str, token: str, loan: str) -> None:
    """X-MOD-8.6: the token goes on the area; the game's map is rebuilt with it."""
    g.improvements[area] = (*g.improvements.get(area, ()), token)
    base = g.map.id.partition("|")[0]
    g.map = T.improved_map(base, g.improvements)
    g.emit(E.AREA_IMPROVED(loan=loan, area=area, token=token))


class Improve(Ask):
    """X-MOD-8.6: the buyer picks the area of each improvement token of its loan, one at a
    time (Loyal Maester, Master-at-Arms: two different areas, ``done`` holding the first;
    Pyromancer: then a crown or a barrel there)."""

    def __init__(
        self, house: str, loan: str, tokens: tuple[str, ...], done: tuple[str, ...] = ()
    ) -> None:
        super().__init__()
        self.house = house
        self.loan = loan
        self.tokens = tokens
        self.done = done

    def ask(self, g: BoardGame) -> Decision | None:
        if not self.tokens or not (areas := improvable(g, self.tokens[0], self.done)):
            return None
        token = self.tokens[0]
        what = f"for {_IMPROVE_TEXT[token]}"
        return _ask_area(g, self.house, self.loan, what, areas, purpose=token)

    def act(self, g: BoardGame, choice: Choice | None) -> None:
        if not self.tokens:
            return
        token, rest = self.tokens[0], self.tokens[1:]
        if choice is None:
            g.emit(E.LOAN_SKIPPED(loan=self.loan, what=_IMPROVE_TEXT[token]))
        else:
            area = str(choice)
            put_improvement(g, area, token, self.loan)
            if token == "degraded":
                g.push(PyromancerToken(self.house, area))
            self.done = (*self.done, area)
        if rest:
            g.push(Improve(self.house, self.loan, rest, self.done))


_IMPROVE_TEXT = {
    "power": "a +1 crown improvement",
    "supply": "a +1 barrel improvement",
    "stronghold": "a castle to turn into a stronghold",
    "degraded": "a castle to remove",
}


class PyromancerToken(Ask):
    """Pyromancer: a +1 crown (power) or a +1 barrel (supply) on the degraded area."""

    def __init__(self, house: str, area: str) -> None:
        super().__init__()
        self.house = house
        self.area = area

    def ask(self, g: BoardGame) -> Decision | None:
        if tokens_left(g) <= 0:
            return None
        return D.LOAN_OPTION.ask(
            g.seat_of(self.house),
            f"{T.house_name(self.house)}: Pyromancer — a +1 crown (power) or a +1 barrel "
            f"(supply) in {T.area_name(self.area)}",
            ("power", "supply"),
            loan="pyromancer",
            area=self.area,
        )

    def act(self, g: BoardGame, choice: Choice | None) -> None:
        if choice is None:
            g.emit(E.LOAN_SKIPPED(loan="pyromancer", what="the improvement"))
            return
        put_improvement(g, self.area, str(choice), "pyromancer")


# -- The Faceless Men ---------------------------------------------------------------------------
class Faceless(Ask):
    """The Faceless Men: a knight in one area, then a footman in another area, of any house
    (a vassal's too); each as far as there is one (XF28)."""

    def __init__(self, house: str, loan: str, kinds: tuple[str, ...], used: str = "") -> None:
        super().__init__()
        self.house = house
        self.loan = loan
        self.kinds = kinds
        self.used = used

    def _areas(self, g: BoardGame) -> list[str]:
        kind = self.kinds[0]
        return [
            a
            for a in g.map.area_ids
            if a != self.used and any(u.kind == kind for u in g.units.get(a, ()))
        ]

    def ask(self, g: BoardGame) -> Decision | None:
        if not self.kinds or not (areas := self._areas(g)):
            return None
        kind = self.kinds[0]
        what = f"of the {kind} to destroy"
        return _ask_area(g, self.house, self.loan, what, areas, purpose="destroy", unit=kind)

    def act(self, g: BoardGame, choice: Choice | None) -> None:
        if not self.kinds:
            return
        kind, rest = self.kinds[0], self.kinds[1:]
        if choice is None:
            g.emit(E.LOAN_SKIPPED(loan=self.loan, what=f"no {kind} to destroy"))
        else:
            area = str(choice)
            unit = next(u for u in g.units[area] if u.kind == kind)
            g.remove_unit(area, unit)
            if area not in g.units:  # R5.1: an order lies only with its units
                g.orders.pop(area, None)
            g.emit(E.FACELESS_KILL(victim=unit.house, area=area, unit=kind))
            if consequences(g):
                return
        if rest:
            g.push(Faceless(self.house, self.loan, rest, str(choice or "")))


# -- Spymaster ------------------------------------------------------------------------------------
def arrangements(cards: tuple[str, ...]) -> list[str]:
    """Every way to put the looked-at cards back: ``<top>/<bottom>``, each part the cards
    comma-joined, top first."""
    out = []
    n = len(cards)
    orders = [cards] if n < 2 else [cards, cards[::-1]]
    for order in orders:
        for cut in range(n + 1):
            out.append(f"{','.join(order[:cut])}/{','.join(order[cut:])}")
    return sorted(set(out))


class Spymaster(Ask):
    """Spymaster: the buyer picks a Westeros deck, looks at its top 2 cards (secretly) and
    puts any of them at the bottom and the rest back on top, in the order it likes."""

    def __init__(self, house: str, deck: int = 0) -> None:
        super().__init__()
        self.house = house
        self.deck = deck

    def ask(self, g: BoardGame) -> Decision | None:
        name = T.house_name(self.house)
        if not self.deck:
            decks = tuple(str(d) for d, cards in sorted(g.westeros_decks.items()) if cards)
            if not decks:
                return None
            return D.LOAN_OPTION.ask(
                g.seat_of(self.house),
                f"{name}: Spymaster — which Westeros deck to look at",
                decks,
                loan="spymaster",
                purpose="deck",
            )
        top = g.westeros_decks[self.deck][:2]
        return D.LOAN_OPTION.ask(
            g.seat_of(self.house),
            f"{name}: Spymaster — deck {self.deck}'s top cards are "
            + ", ".join(T.WESTEROS_CARD_BY_ID[c].name for c in top)
            + ": which go back on top (in order) and which to the bottom",
            tuple(arrangements(top)),
            loan="spymaster",
            purpose="arrange",
            deck=self.deck,
        )

    def act(self, g: BoardGame, choice: Choice | None) -> None:
        if choice is None:
            return
        if not self.deck:
            g.push(Spymaster(self.house, int(str(choice))))
            return
        deck = g.westeros_decks[self.deck]
        top_part, _, bottom_part = str(choice).partition("/")
        top = tuple(c for c in top_part.split(",") if c)
        bottom = tuple(c for c in bottom_part.split(",") if c)
        g.westeros_decks[self.deck] = (*top, *deck[len(top) + len(bottom) :], *bottom)
        g.emit(
            E.SPYMASTER.secret(
                (g.seat_of(self.house),),
                ("top", "bottom"),
                house=self.house,
                deck=self.deck,
                top=list(top),
                bottom=list(bottom),
                moved=len(bottom),
            )
        )


# -- the Iron Bank order's hook (sea_orders.resolve_iron_bank) -------------------------------------
def resolve_order(g: BoardGame, house: str, area: str) -> None:
    """X-MOD-8.4: the order is removed and the purchase asked."""
    del g.orders[area]
    g.push(BuyLoan(house, area))


# -- the public view (X-MOD-8: slots, loans and interest are public) ------------------------------
def view(g: BoardGame) -> dict[str, Any]:
    if not uses_iron_bank(g):
        return {}
    return {
        "iron_bank": {
            "slots": [
                {
                    "slot": i + 1,
                    "cost": SLOT_COSTS[i],
                    "loan": loan or None,
                    "name": LOANS[loan].name if loan else None,
                    "text": LOANS[loan].text if loan else None,
                }
                for i, loan in enumerate(g.loan_slots)
            ],
            "braavos_controller": g.controller(BRAAVOS),
            "braavos_discount": BRAAVOS_DISCOUNT,
            "deck": len(g.loan_deck),
            "loans": {h: list(x) for h, x in g.loans.items()},
            "interest": {h: INTEREST * len(x) for h, x in g.loans.items()},
            "improvements": {a: list(t) for a, t in sorted(g.improvements.items())},
            "improvement_tokens_left": tokens_left(g),
        }
    }
