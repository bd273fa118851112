"""The board game's event catalogue and its one text renderer.

Every log entry is an :class:`~westeros.engine.Event` of a kind declared here: rules code
writes ``g.emit(COMBAT_WON(winner=..., ...))``, never English. Field conventions:

* houses and areas by id (``"stark"``, ``"moat_cailin"``), cards by id, tracks by id;
* units as lists of ``{"kind": ..., "routed": bool}`` (:func:`units_field`), owned by the
  event's ``house``;
* numbers as integers.

An event with a secret (the Messenger Raven's look at the wildling deck) is made with
``KIND.secret(seats, hidden, **fields)``: other seats see it without the hidden fields, and it
renders with ``redacted_text``.

:func:`render` turns any event into one line of text; the CLI, the replay command and the web
client's log all use it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from westeros.boardgame import objectives as O
from westeros.boardgame import tables as T
from westeros.engine import Event
from westeros.engine.events import EventCatalogue
from westeros.engine.events import EventKind as EventKind
from westeros.engine.events import Fields as Fields

CATALOGUE = EventCatalogue("boardgame")
KINDS: dict[str, EventKind] = CATALOGUE.kinds
_event = CATALOGUE.add


def render(event: Event) -> str:
    """One line of text for an event."""
    return CATALOGUE.render(event)


def catalogue_json() -> list[dict[str, str]]:
    return CATALOGUE.to_json()


# -- helpers for fields and texts ----------------------------------------------------------------


class _UnitLike(Protocol):
    @property
    def kind(self) -> str: ...

    @property
    def routed(self) -> bool: ...


def units_field(units: Iterable[_UnitLike]) -> list[dict[str, Any]]:
    """Units as event data: ``[{"kind": "knight", "routed": False}, …]``."""
    return [{"kind": u.kind, "routed": u.routed} for u in units]


_PLURAL = {"footman": "footmen", "knight": "knights", "siege_engine": "siege engines"}


def units_text(units: Iterable[Any]) -> str:
    """``2 footmen, knight`` (first-seen order; routed units marked), from units or unit data."""
    counts: dict[str, int] = {}
    for u in units:
        kind, routed = (u["kind"], u["routed"]) if isinstance(u, dict) else (u.kind, u.routed)
        key = kind + (" (routed)" if routed else "")
        counts[key] = counts.get(key, 0) + 1
    parts = []
    for key, n in counts.items():
        kind, _, routed_mark = key.partition(" ")
        name = kind.replace("_", " ") if n == 1 else f"{n} {_PLURAL.get(kind, kind + 's')}"
        parts.append(f"{name} {routed_mark}".strip())
    return ", ".join(parts) if parts else "no units"


def house(h: str | None) -> str:
    return T.house_name(h) if h else "nobody"


def area(a: str) -> str:
    return T.area_name(a)


_TIDES_TEXT = {
    "zero": "0",
    "one_sword": "+1 with a sword",
    "one_fortification": "+1 with a fortification",
    "two": "+2",
    "three": "+3",
    "skull": "a skull",
}


def tides_text(card: str | None) -> str:
    """A Tides of Battle card in words (R7.7): ``+1 with a sword``."""
    return _TIDES_TEXT.get(card, card.replace("_", " ")) if card else "no card"


TRACK_NAMES = {"iron_throne": "Iron Throne", "fiefdoms": "Fiefdoms", "kings_court": "King's Court"}


# ============================================================== round, setup, victory (R3.1, R9)
GAME_SETUP = _event(
    "game_setup",
    lambda f: f"A new {f['players']}-player game: "
    + ", ".join(f"seat {i} {house(h)}" for i, h in enumerate(f["seats"], 1))
    + (" (Tides of Battle)" if f["tides"] else ""),
    "R2: the game is set up; seats lists the house of each seat (the text counts seats from 1)",
)
ROUND = _event("round", lambda f: f"=== Round {f['round']} ===", "R3.1: a new game round begins")
DOMINANCE = _event(
    "dominance",
    lambda f: f"{house(f['house'])} now holds the {TRACK_NAMES[f['track']]} dominance token",
    "R1.9.5: a dominance token changes hands",
)
GAME_OVER = _event(
    "game_over",
    lambda f: f"Game over ({f['reason']}). {house(f['winner'])} wins.",
    "R9: the game ends and the winner is known",
)
FINAL_RANKING = _event(
    "final_ranking",
    lambda f: "Final ranking: "
    + ", ".join(
        f"{house(h)} {c}" + (f" VP ({k} castles)" if "victory_points" in f else "")
        for h, c, k in zip(
            f["ranking"], f.get("victory_points", f["castles"]), f["castles"], strict=True
        )
    ),
    "R9.3: every house ranked, with its castles and strongholds (and in A Feast for Crows its "
    "victory points, X-AFFC-4.6)",
)


# ============================================================== Westeros phase (R3)
def westeros_card_name(card: str) -> str:
    """``Supply (I)``: a Westeros card by id (``"I:supply"``)."""
    return f"{T.WESTEROS_CARD_BY_ID[card].name} ({card.split(':')[0]})"


# R3.4 restrictions read by the first barred order token (regular and special alike)
_BARRED_TEXT = {
    "raid": "no Raid orders",
    "march+1*": "no March +1 order",
    "consolidate": "no Consolidate Power orders",
    "support+0": "no Support orders",
    "defense+1": "no Defense orders",
}


def barred_text(barred: Iterable[str]) -> str:
    """``no Raid orders``: a R3.4 restriction from the order tokens it bars."""
    return _BARRED_TEXT[min(barred)]


_WESTEROS_NAMES = {c.base_id: c.name for c in T.WESTEROS_CARD_BY_ID.values()}


def westeros_option_text(option: str, barred: Iterable[str] = ()) -> str:
    """A chooser card's option (R3.4.1): a card's effect by its name, a restriction, or
    ``nothing``."""
    barred = tuple(barred)
    if barred:
        return barred_text(barred)
    return _WESTEROS_NAMES.get(option) or _OPTION_NAMES.get(option, option)


_OPTION_NAMES = {"threat_to_zero": "the wildling threat to 0"}  # X-AFFC-D3


WESTEROS_PHASE = _event(
    "westeros_phase",
    lambda f: f"Round {f['round']}: Westeros phase",
    "R3.2.1: the round marker advances and the Westeros phase begins",
)
WESTEROS_REVEALED = _event(
    "westeros_revealed",
    lambda f: f"Westeros deck {f['deck']}: {westeros_card_name(f['card'])} is revealed",
    "R3.2.2: the top card of a Westeros deck (1, 2, 3) is revealed",
)
WINTER_IS_COMING = _event(
    "winter_is_coming",
    lambda f: f"Winter Is Coming: Westeros deck {f['deck']} is shuffled with its discard pile "
    "and a new card is revealed",
    "R3.3, E9, F31: the deck, its discard pile and Winter Is Coming are shuffled together",
)
WILDLING_ICONS = _event(
    "wildling_icons",
    lambda f: f"{f['icons']} wildling icon{'s' if f['icons'] > 1 else ''}: the wildling threat "
    f"goes from {f['before']} to {f['after']}",
    "R3.2.3: the revealed cards' wildling icons advance the threat (capped at 12)",
)
THREAT_MAXED = _event(
    "threat_maxed",
    lambda f: f"The wildling threat reaches {f['threat']}: the wildlings attack",
    "R3.2.3, R4.2 (a): the threat reaches 12 and the wildlings attack at once",
)
WESTEROS_RESOLVING = _event(
    "westeros_resolving",
    lambda f: f"Resolving {westeros_card_name(f['card'])}",
    "R3.2.4: a revealed Westeros card is resolved",
)
WESTEROS_CHOSEN = _event(
    "westeros_chosen",
    lambda f: f"{house(f['house'])} chooses {westeros_option_text(f['option'], f['barred'])}",
    "R3.4.1, D2–D4: the dominance token holder chose a card's option for everybody "
    "(barred: the order tokens the option bars)",
)
POWER_COLLECTED = _event(
    "power_collected",
    lambda f: f"Game of Thrones: {house(f['house'])} collects {f['gained']} power"
    + (f" (the Pool holds only {f['gained']})" if f["gained"] < f["income"] else "")
    + f", now {f['power']} available",
    "R3.8: a house collects its power income (crowns and trading ports), capped by the Pool",
)
WESTEROS_RESTRICTION = _event(
    "westeros_restriction",
    lambda f: f"This round {barred_text(f['barred'])} may be placed",
    "R3.4, R3.2.6: order tokens barred in this round's Planning phase",
)
WESTEROS_NOTHING = _event(
    "westeros_nothing",
    lambda f: "Nothing happens",
    "R3.4: a Westeros card (or option) does nothing",
)
WILDLINGS_ATTACK_CARD = _event(
    "wildlings_attack_card",
    lambda f: f"The wildlings attack with strength {f['strength']}",
    "R3.4, F34: the Wildlings Attack card attacks at the current threat, even 0",
)

# ============================================================== supply (R3.5)
SUPPLY = _event(
    "supply",
    lambda f: f"Supply: {house(f['house'])} "
    + ("stays at" if f["old"] == f["new"] else f"goes from {f['old']} to")
    + f" {f['new']}",
    "R3.5.1: a house's supply track position is updated from old to new (equal: unchanged)",
)
SUPPLY_DESTROY = _event(
    "supply_destroy",
    lambda f: f"{house(f['house'])} destroys a {units_text(f['units'])} in {area(f['area'])} "
    f"to comply with supply {f['supply']}",
    "R3.5.2, D5: the house destroys one of its units in area to comply with its supply",
)


# ============================================================== mustering (R3.6)
def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _unit_name(kind: str) -> str:
    return kind.replace("_", " ")


MUSTERING_BEGINS = _event(
    "mustering_begins", lambda f: "Mustering (R3.6)", "R3.6.1: houses muster in turn order"
)
MUSTER_LATER = _event(
    "muster_later",
    lambda f: f"{house(f['house'])} will muster in {area(f['area'])} later",
    "R3.6, D6: a house musters in an area after its other areas",
)
MUSTER_BARRED = _event(
    "muster_barred",
    lambda f: f"{house(f['house'])} cannot muster in {area(f['area'])}",
    "R3.6.2, R1.1.4: an area the house may not (or no longer) muster in",
)
MUSTER_ENDED = _event(
    "muster_ended",
    lambda f: f"{house(f['house'])} ends mustering in {area(f['area'])} "
    f"({_points(f['lost'])} lost)",
    "R3.6.2: a house stops mustering in an area; its unspent points are lost",
)
MUSTERED = _event(
    "mustered",
    lambda f: f"{house(f['house'])} musters a {_unit_name(f['unit'])} in {area(f['area'])}"
    + (f" (from {area(f['source'])})" if f["area"] != f["source"] else ""),
    "R3.6.3, R3.6.4: a new unit in area (a ship: in the source area's port or an adjacent sea), "
    "paid with cost points of the source area",
)
MUSTER_UPGRADED = _event(
    "muster_upgraded",
    lambda f: f"{house(f['house'])} upgrades a footman to a {_unit_name(f['unit'])} in "
    f"{area(f['area'])}",
    "R3.6.3: a footman in area becomes a knight or siege engine (cost 1)",
)


# ============================================================== bidding, Clash of Kings (R3.7)
def _pairs(items: list[dict[str, Any]], key: str) -> str:
    return ", ".join(f"{house(x['house'])} {x[key]}" for x in items)


POWER_ANNOUNCED = _event(
    "power_announced",
    lambda f: "Available power: " + _pairs(f["power"], "power"),
    "R1.6.4, F42: before a bid every house announces its available power (in turn order); "
    'power: [{"house", "power"}]',
)
BID_READY = _event(
    "bid_ready",
    lambda f: f"{house(f['house'])} has confirmed its bid",
    "R3.7.2, R4.3.2 (bidding at the table): the house has confirmed its secret bid (the amount "
    "stays secret until the reveal)",
)
BID_UNREADY = _event(
    "bid_unready",
    lambda f: f"{house(f['house'])} takes its bid back to change it",
    "R3.7.2, R4.3.2 (bidding at the table): the house's bid is no longer confirmed",
)
BIDS_REVEALED = _event(
    "bids_revealed",
    lambda f: "Bids: " + _pairs(f["bids"], "amount"),
    "R3.7.2, R4.3.3: the secret bids are revealed together (in turn order) and paid to the "
    'Pool; bids: [{"house", "amount"}]',
)
CLASH_OF_KINGS = _event(
    "clash_of_kings",
    lambda f: "Clash of Kings: auctions for the Iron Throne, Fiefdoms and King's Court",
    "R3.7: the three auctions begin",
)
AUCTION = _event(
    "auction",
    lambda f: f"Auction for the {TRACK_NAMES[f['track']]} track",
    "R3.7.1: the auction for one influence track begins",
)
TIE_PLACED = _event(
    "tie_placed",
    lambda f: f"{house(f['house'])} places {house(f['placed'])} at position {f['position']} "
    f"of the {TRACK_NAMES[f['track']]} track",
    "R3.7.3, D8: the Iron Throne holder (house) places one of the tied houses",
)
TRACK_ORDER = _event(
    "track_order",
    lambda f: f"{TRACK_NAMES[f['track']]} track: "
    + ", ".join(f"{i}. {house(h)}" for i, h in enumerate(f["order"], 1)),
    "R3.7.4: the new order of an influence track after its auction",
)


# ============================================================== wildlings (R4)
def wildling_card_name(card: str) -> str:
    return T.WILDLING_CARD_BY_ID[card].name


def _house_card_name(card: str) -> str:
    return T.HOUSE_CARD_BY_ID[card].name


WILDLING_ROWS = {
    "lowest": "lowest bidder",
    "everyone_else": "everyone else",
    "highest": "highest bidder",
}


def _row_text(card: str, row: str) -> str:
    info = T.WILDLING_CARD_BY_ID[card]
    texts = {
        "lowest": info.lowest_bidder,
        "everyone_else": info.everyone_else_loss,
        "highest": info.highest_bidder,
    }
    return texts[row]


# A unit a wildling card destroys, and why: the card, and a note (the Crow Killers knight
# destroyed for want of a footman)
_DESTROY_NOTES = {"": "", "no_footman": ": no footman to replace it"}


def destroy_reason(card: str, note: str = "") -> str:
    """``Mammoth Riders``, ``Crow Killers: no footman to replace it``."""
    return wildling_card_name(card) + _DESTROY_NOTES[note]


def _why(f: Fields) -> str:
    return destroy_reason(f["card"], f["note"])


WILDLING_ATTACK = _event(
    "wildling_attack",
    lambda f: f"Wildling attack of strength {f['strength']} (threat {f['threat']})"
    + (f"; {house(f['excluded'])} does not take part" if f["excluded"] else ""),
    "R4.3: a wildling attack begins; excluded: the house that sits it out (Preemptive Raid)",
)
WILDLING_OUTCOME = _event(
    "wildling_outcome",
    lambda f: f"Night's Watch {f['total']} against wildlings {f['strength']}: "
    + ("the Night's Watch wins" if f["won"] else "the wildlings win"),
    "R4.3.3: the Night's Watch total against the wildling strength; won: the Night's Watch",
)
WILDLING_TIE_BROKEN = _event(
    "wildling_tie_broken",
    lambda f: f"{house(f['house'])} breaks the tie: {house(f['chosen'])}",
    "R4.3.4, D8: the Iron Throne holder (house) picks the highest or lowest bidder",
)
WILDLING_BIDDER = _event(
    "wildling_bidder",
    lambda f: f"{house(f['house'])} is the {'highest' if f['highest'] else 'lowest'} bidder",
    "R4.3.4: the single highest (Night's Watch win) or lowest (wildling win) bidder",
)
THREAT_DROPS = _event(
    "threat_drops",
    lambda f: f"The wildling threat goes from {f['before']} to {f['after']}",
    "R4.3.5: the threat drops to 0 (Night's Watch win) or 2 spaces (wildling win)",
)
WILDLING_CARD = _event(
    "wildling_card",
    lambda f: f"Wildling card: {wildling_card_name(f['card'])}",
    "R4.3.6: the top wildling card is revealed",
)
WILDLING_CARD_BOTTOM = _event(
    "wildling_card_bottom",
    lambda f: f"{wildling_card_name(f['card'])} goes to the bottom of the wildling deck",
    "R4.3.6: the resolved wildling card goes face down to the bottom of the deck",
)
WILDLING_ROW = _event(
    "wildling_row",
    lambda f: f"{wildling_card_name(f['card'])}, {house(f['house'])} "
    f"({WILDLING_ROWS[f['row']]}): {_row_text(f['card'], f['row'])}",
    "R4.5: a wildling card's row applies to a house; row: lowest, everyone_else or highest",
)
WILDLING_TRACK_MOVED = _event(
    "wildling_track_moved",
    lambda f: f"{house(f['house'])} is now in position {f['position']} on the "
    f"{TRACK_NAMES[f['track']]} track",
    "R4.5: a wildling card moves a house on an influence track (others shift)",
)
WILDLING_SUPPLY_CHANGED = _event(
    "wildling_supply_changed",
    lambda f: f"{house(f['house'])} supply goes from {f['before']} to {f['after']}",
    "R4.5 Rattleshirt's Raiders: a house's supply moves (0..6)",
)
WILDLING_OPTION_CHOSEN = _event(
    "wildling_option_chosen",
    lambda f: f"{house(f['house'])} chooses to "
    + {"destroy": "destroy 2 units", "drop": "drop 2 positions"}[f["option"]],
    "R4.5.1 Preemptive Raid: the lowest bidder's choice (destroy or drop)",
)
WILDLING_ALREADY_LAST = _event(
    "wildling_already_last",
    lambda f: f"{house(f['house'])} is already last on every influence track",
    "F36: a house last everywhere cannot drop",
)
WILDLING_KNIGHT_REPLACED = _event(
    "wildling_knight_replaced",
    lambda f: f"{house(f['house'])} replaces a knight with a footman in {area(f['area'])} "
    f"({wildling_card_name(f['card'])})",
    "R4.5.2 Crow Killers: a knight becomes a footman from the pool (keeping its routed state)",
)
WILDLING_KNIGHT_LOST = _event(
    "wildling_knight_lost",
    lambda f: f"{house(f['house'])} destroys a knight in {area(f['area'])} "
    f"({wildling_card_name(f['card'])}, no footman)",
    "R4.5.2 Crow Killers: a knight is destroyed, no footman is left in the pool",
)
WILDLING_NO_KNIGHTS = _event(
    "wildling_no_knights",
    lambda f: f"{house(f['house'])} has no knights ({wildling_card_name(f['card'])})",
    "Q19: a house without knights is unaffected",
)
WILDLING_FOOTMAN_UPGRADED = _event(
    "wildling_footman_upgraded",
    lambda f: f"{house(f['house'])} replaces a footman with a knight in {area(f['area'])} "
    f"({wildling_card_name(f['card'])})",
    "R4.5.2 Crow Killers: a footman becomes a knight from the pool",
)
WILDLING_UNIT_DESTROYED = _event(
    "wildling_unit_destroyed",
    lambda f: f"{house(f['house'])} destroys a {_unit_name(f['unit'])} in {area(f['area'])} "
    f"({_why(f)})",
    "R4.4.1: a unit destroyed by a wildling card; note: no_footman (Crow Killers) or empty",
)
WILDLING_NO_UNITS_LEFT = _event(
    "wildling_no_units_left",
    lambda f: f"{house(f['house'])} has no units left to destroy ({_why(f)})",
    "R4.4.1, Q19: fewer units than the card destroys; the rest is ignored",
)
HORDE_ANYWHERE = _event(
    "horde_anywhere",
    lambda f: f"{house(f['house'])} has no castle or stronghold area with 2 units: "
    "2 units anywhere",
    "F35 The Horde Descends: no castle area holds 2 units, so 2 units anywhere",
)
WILDLING_HOUSE_CARD_DISCARDED = _event(
    "wildling_house_card_discarded",
    lambda f: f"{house(f['house'])} discards {_house_card_name(f['card'])}",
    "R4.5.4 Massing on the Milkwater: a house card is discarded",
)
WILDLING_DISCARDS_RETURNED = _event(
    "wildling_discards_returned",
    lambda f: f"{house(f['house'])} takes {len(f['cards'])} "
    + ("discarded cards" if f["last_discarded"] else "cards")
    + " back into hand",
    "R4.5.4: discarded house cards return to hand (the Night's Watch row, or R1.11.3 / F7 "
    "when the last card was discarded: last_discarded)",
)
WILDLING_NO_DISCARD = _event(
    "wildling_no_discard",
    lambda f: f"{house(f['house'])} holds {f['cards']} card{'s' if f['cards'] != 1 else ''}: "
    "nothing happens",
    "Q19 Massing on the Milkwater: a house with at most one card is unaffected",
)
WILDLING_POWER_DISCARDED = _event(
    "wildling_power_discarded",
    lambda f: f"{house(f['house'])} discards {f['amount']} power",
    "R4.5 Skinchanger Scout: available power goes to the Pool",
)
WILDLING_POWER_REGAINED = _event(
    "wildling_power_regained",
    lambda f: f"{house(f['house'])} gets back {f['amount']} power",
    "R4.5 Skinchanger Scout: the highest bidder takes its bid back",
)
WILDLING_CARD_RETRIEVED = _event(
    "wildling_card_retrieved",
    lambda f: f"{house(f['house'])} takes "
    + (f"{_house_card_name(f['card'])} back into hand" if f["card"] else "no card back"),
    "R4.5 Mammoth Riders: a discarded house card (None: none) returns to hand",
)
HORDE_MUSTER = _event(
    "horde_muster",
    lambda f: f"{house(f['house'])} "
    + (
        f"musters in {area(f['area'])}"
        if f["area"]
        else ("does not muster" if f["could"] else "has no area to muster in")
    ),
    "R4.5 The Horde Descends: the highest bidder musters in area (None: passes, or could not)",
)

# ============================================================== planning (R5)
_ORDER_TYPE_NAMES = {
    "march": "March",
    "defense": "Defense",
    "support": "Support",
    "raid": "Raid",
    "consolidate": "Consolidate Power",
    "iron_bank": "Iron Bank",  # X-MOD-9.1
}


_VASSAL_TOKEN_NAMES = {  # X-MOD-10.4 the vassal tokens' printed names
    "vassal_march+0": "Vassal March +0",
    "vassal_raid_support+1": "Vassal Raid/Support +1",
    "vassal_defense_muster+1": "Vassal Defense +1/Muster",
    "vassal_defense+3": "Vassal Defense +3",
    "vassal_support+1": "Vassal Support +1",
}


def order_name(token: str) -> str:
    """Display name of an order token id, e.g. ``"march+1*"`` → ``"Special March +1"``."""
    if token in _VASSAL_TOKEN_NAMES:
        return _VASSAL_TOKEN_NAMES[token]
    kind = T.ORDER_KINDS[token]
    if kind.name:  # the data's own name (the sea order tokens, X-MOD-9.1)
        return kind.name
    name = _ORDER_TYPE_NAMES[kind.type]
    if kind.type in ("march", "defense") or kind.modifier:
        name += f" {kind.modifier:+d}"
    return f"Special {name}" if kind.special else name


def _areas_text(areas: Iterable[str]) -> str:
    return ", ".join(area(a) for a in areas)


PLANNING = _event(
    "planning",
    lambda f: f"Planning: not enough order tokens ({', '.join(house(h) for h in f['short'])}); "
    "orders are placed in turn order"
    if f["short"]
    else "Planning: every house places its orders secretly",
    "R5.1, R5.3: the Planning phase begins; short lists the houses with fewer placeable tokens "
    "than areas (then orders are placed in turn order)",
)
ORDER_SKIPPED = _event(
    "order_skipped",
    lambda f: f"{house(f['house'])} leaves {area(f['area'])} without an order",
    "R5.3: the house chooses to leave one of its areas without an order",
)
ORDERS_EXHAUSTED = _event(
    "orders_exhausted",
    lambda f: f"{house(f['house'])} has no order token left for {_areas_text(f['areas'])}",
    "R5.3: the house has no placeable token left; its remaining areas stay without orders",
)
ORDERS_READY = _event(
    "orders_ready",
    lambda f: f"{house(f['house'])} is ready with its orders",
    "R5.1 (planning at the table): the house has placed its orders and is ready",
)
ORDERS_UNREADY = _event(
    "orders_unready",
    lambda f: f"{house(f['house'])} takes its orders back to change them",
    "R5.1 (planning at the table): the house is no longer ready",
)
ORDERS_REVEALED = _event(
    "orders_revealed",
    lambda f: "Orders are revealed",
    "R5.4: every order is turned face up; orders maps house → area → token",
)
HOUSE_ORDERS = _event(
    "house_orders",
    lambda f: f"{house(f['house'])} orders — "
    + ", ".join(f"{area(a)}: {order_name(t)}" for a, t in f["orders"].items()),
    "R5.4: one house's revealed orders, area → token (map order)",
)
RAVEN_PASS = _event(
    "raven_pass",
    lambda f: f"{house(f['house'])} does not use the Messenger Raven",
    "R5.5.3: the Messenger Raven holder does not use it",
)
RAVEN_REPLACE = _event(
    "raven_replace",
    lambda f: f"{house(f['house'])} uses the Messenger Raven: {area(f['area'])} "
    f"{order_name(f['old'])} → {order_name(f['new'])}",
    "R5.5.1: the Messenger Raven holder replaces its order in area (old token → new token)",
)


def _raven_look_text(f: Fields) -> str:
    return f"{house(f['house'])} uses the Messenger Raven and looks at the top wildling card"


RAVEN_LOOK = _event(
    "raven_look",
    lambda f: f"{_raven_look_text(f)} ({T.WILDLING_CARD_BY_ID[f['card']].name})",
    "R5.5.2, R1.14.1: the Messenger Raven holder looks at the top wildling card (card: secret, "
    "seen by the holder's seat only)",
    redacted_text=_raven_look_text,
)
RAVEN_WILDLING = _event(
    "raven_wildling",
    lambda f: f"{house(f['house'])} puts the top wildling card at the bottom of the deck"
    if f["bottom"]
    else f"{house(f['house'])} leaves the wildling card on top of the deck",
    "R5.5.2: the Messenger Raven holder keeps the card it saw on top (bottom false) or puts it "
    "at the bottom of the wildling deck",
)

# ================================ action phase, raid, consolidate (R6.1, R6.2, R6.3, R6.6, R6.7)
_CYCLE_NAMES = {"raid": "Raid", "march": "March", "consolidate": "Consolidate Power"}
ORDER_CYCLE = _event(
    "order_cycle",
    lambda f: f"Action phase: {_CYCLE_NAMES[f['order_type']]} orders are resolved",
    "R6.1, R6.2: the action phase's cycle of one order type (raid, march, consolidate) begins",
)
ROUND_END = _event(
    "round_end",
    lambda f: f"Round {f['round']} ends.",
    "R6.7: clean up; the round ends",
)
RAID_UNUSED = _event(
    "raid_unused",
    lambda f: f"{house(f['house'])} removes its {order_name(f['token'])} in {area(f['area'])}",
    "R6.3.3: the house removes one of its Raid orders (token) without raiding",
)
RAID = _event(
    "raid",
    lambda f: f"{house(f['house'])} raids from {area(f['area'])}: {house(f['victim'])}'s "
    f"{order_name(f['token'])} in {area(f['target'])} is removed",
    "R6.3.3: the Raid order in area removes the victim's order (token) in target",
)
PILLAGE = _event(
    "pillage",
    lambda f: f"{house(f['house'])} pillages: gains {f['gained']} power, "
    f"{house(f['victim'])} discards {f['paid']} power",
    "R6.3.4, F43: a raided Consolidate Power order: the raider gains, the victim discards power",
)
CONSOLIDATE = _event(
    "consolidate",
    lambda f: f"{house(f['house'])} resolves {order_name(f['token'])} in {area(f['area'])}: "
    f"+{f['gained']} power"
    + (f" of {f['gain']} (the Pool is short)" if f["gained"] < f["gain"] else ""),
    "R6.6.1, R8.6: a Consolidate Power order yields gain power; gained is what the Pool had",
)
CONSOLIDATE_MUSTER = _event(
    "consolidate_muster",
    lambda f: f"{house(f['house'])} resolves its Special Consolidate Power in "
    f"{area(f['area'])} by mustering",
    "R6.6.3: a Special Consolidate Power order musters in its area instead of gaining power",
)
IRON_BANK_BLANK = _event(
    "iron_bank_blank",
    lambda f: f"{house(f['house'])} resolves its Iron Bank order in {area(f['area'])}: a blank "
    "token without the Iron Bank",
    "X-MOD-9.2, X-MOD-9.3, XF9: an Iron Bank sea order is resolved in the Consolidate Power "
    "step and, without the Iron Bank (no Essos), removed without effect",
)

# ============================================================== Mother of Dragons: gifts (X-MOD-11)
GIFT_OFFERED = _event(
    "gift_offered",
    lambda f: f"{house(f['house'])} offers {f['amount']} power to {house(f['receiver'])}",
    "X-MOD-11.1: a player offers amount of its available power tokens to another player",
)
GIFT_ACCEPTED = _event(
    "gift_accepted",
    lambda f: f"{house(f['receiver'])} accepts {f['amount']} power from {house(f['house'])}",
    "X-MOD-11.1: the receiver takes the gift: the giver's tokens go to its Power Pool, the "
    "receiver takes as many from its own",
)
GIFT_REFUSED = _event(
    "gift_refused",
    lambda f: f"{house(f['receiver'])} refuses {f['amount']} power from {house(f['house'])}",
    "X-MOD-11.1, XF40: the receiver refuses the gift; the giver keeps its tokens",
)

# ============================================================== march, ports (R6.4, R8)
MARCH = _event(
    "march",
    lambda f: f"{house(f['house'])} marches {units_text(f['units'])} {area(f['from_area'])} → "
    f"{area(f['to'])}" + (" to attack" if f["attack"] else ""),
    "R6.4: the house's units move from from_area to to (attack: into a combat, R6.4.5)",
)
MARCH_STAY = _event(
    "march_stay",
    lambda f: f"{house(f['house'])} resolves the March order in {area(f['area'])} without moving",
    "R6.4.1: a March order is resolved without moving any unit",
)
MARCH_REPLAN = _event(
    "march_replan",
    lambda f: f"{house(f['house'])} must choose another plan for the March order in "
    f"{area(f['area'])}" + (" (its power token is not placed)" if f["token_undone"] else ""),
    "R6.5.2: an attack on a neutral force fell short; the house plans the march again "
    "(token_undone: the power token left behind is taken back)",
)
POWER_TOKEN_PLACED = _event(
    "power_token_placed",
    lambda f: f"{house(f['house'])} leaves a power token in {area(f['area'])}",
    "R6.4.7: the house leaves a power token in the area its units left",
)
POWER_TOKEN_REMOVED = _event(
    "power_token_removed",
    lambda f: f"{house(f['house'])}'s power token in {area(f['area'])} returns to the Pool",
    "F20: the house's power token is removed by enemy units marching in",
)


def ships_text(n: int) -> str:
    """``1 ship``, ``3 ships``."""
    return "1 ship" if n == 1 else f"{n} ships"


SHIPS_DESTROYED = _event(
    "ships_destroyed",
    lambda f: f"{ships_text(f['ships'])} of {house(f['house'])} in {area(f['port'])} destroyed: "
    + (
        f"{house(f['controller'])} controls {area(f['land'])}"
        if f["controller"]
        else f"{area(f['land'])} is uncontrolled"
    ),
    "R8.5, F39: the house's ships in a port are destroyed, its land being uncontrolled "
    "(controller null) or controlled by another house",
)
PORT_ORDER_REMOVED = _event(
    "port_order_removed",
    lambda f: f"{house(f['house'])}'s order in {area(f['port'])} is removed",
    "R8.5, E2: the order (token) of destroyed ships in a port is removed",
)
PORT_TAKEOVER = _event(
    "port_takeover",
    lambda f: f"{house(f['house'])} places {ships_text(f['ships'])} in {area(f['port'])}",
    "R8.5, D10: the new controller of a port's land replaces ships there with its own",
)


# ========================================================= support, neutral forces (R7.3, R6.5)
def _areas(areas: Iterable[str]) -> str:
    return ", ".join(area(a) for a in areas)


SUPPORT_NONE = _event(
    "support_none",
    lambda f: f"{house(f['house'])} gives no support",
    "R7.3.2: a house with eligible Support orders backs no side of the fight in area",
)
SUPPORT_GIVEN = _event(
    "support_given",
    lambda f: f"{house(f['house'])} supports {house(f['backed'])} from {_areas(f['areas'])}",
    "R7.3.3: house's Support orders in areas back side (house backed) in the fight in area",
)
SUPPORT_DECLINED = _event(
    "support_declined",
    lambda f: f"{house(f['backed'])} declines the support of {house(f['house'])} "
    f"({_areas(f['areas'])})",
    "R7.3.3: backed (the house of side) declines house's support from areas",
)
NEUTRAL_ATTACK = _event(
    "neutral_attack",
    lambda f: f"{house(f['attacker'])} attacks the neutral force in {area(f['area'])} "
    f"(strength {f['token']}) from {area(f['from_area'])} with {units_text(f['units'])}",
    "R6.5: attacker marches units from from_area against the neutral force token in area",
)
NEUTRAL_RESULT = _event(
    "neutral_result",
    lambda f: (
        f"{house(f['attacker'])} defeats the neutral force in {area(f['area'])} "
        f"({f['strength']} vs {f['token']}) and takes control"
        if f["won"]
        else f"{house(f['attacker'])} is too weak for the neutral force in {area(f['area'])} "
        f"({f['strength']} vs {f['token']}); the units stay in {area(f['from_area'])}"
    ),
    "R6.5.1–R6.5.3: the marching strength (parts: units, order, support) against the token; "
    "won: the token is removed and units move in, else they stay in from_area",
)


# ============================================================== combat (R7)
def _side_text(f: Fields, side: str) -> str:
    st = f["strength"][side]
    parts = [f"units {st['units']}"]
    for label, key in (
        ("order", "order"),
        ("garrison", "garrison"),
        ("support", "support"),
        ("card", "house_card"),
        ("blade", "blade"),
        ("tides", "tides"),
    ):
        if st[key]:
            parts.append(f"{label} {st[key]:+d}")
    return f"{house(f[side])} {st['final']} ({', '.join(parts)})"


def _revealed(f: Fields, side: str) -> str:
    card = f["cards"][side]
    what = (
        f"{T.HOUSE_CARD_BY_ID[card].name} ({T.HOUSE_CARD_BY_ID[card].strength})"
        if card
        else ("no card")
    )
    return f"{house(f[side])} reveals {what}"


COMBAT_BEGIN = _event(
    "combat_begin",
    lambda f: f"Combat in {area(f['area'])}: {house(f['attacker'])} attacks from "
    f"{area(f['from_area'])} with {units_text(f['units'])}; {house(f['defender'])} defends with "
    + (
        ", ".join(
            ([units_text(f["defending"])] if f["defending"] else [])
            + ([f"garrison {f['garrison']}"] if f["garrison"] else [])
        )
        or "nothing"
    ),
    "R7.1: attacker attacks area from from_area with units; defender defends with defending "
    "units and garrison",
)
COMBAT_INITIAL = _event(
    "combat_initial",
    lambda f: f"{house(f['attacker'])} attacks {area(f['area'])} from {area(f['from_area'])}: "
    f"{f['strength']['attacker']['initial']} vs {f['strength']['defender']['initial']}",
    "R7.4: initial strength per side with its parts (units, order, garrison, support)",
)
CARDS_REVEALED = _event(
    "cards_revealed",
    lambda f: "House cards: " + "; ".join(_revealed(f, s) for s in ("attacker", "defender")),
    "R7.5.1: both house cards are revealed (cards by side; null: no card)",
)
CARD_REPLAYED = _event(
    "card_replayed",
    lambda f: _revealed(f, f["side"])
    if f["cards"][f["side"]]
    else f"{house(f[f['side']])} has no other card and fights without one",
    "R7.12 Tyrion: side plays another card after a cancel (cards by side; null: none left)",
)
TIDES_DRAWN = _event(
    "tides_drawn",
    lambda f: "Both sides draw a Tides of Battle card",
    "R7.7.2: each side draws a Tides of Battle card (secret until revealed)",
)
BLADE_REDRAW = _event(
    "blade_redraw",
    lambda f: f"{house(f['house'])} uses the Valyrian Steel Blade to draw a new Tides of "
    "Battle card",
    "R7.7.3: the blade holder redraws its Tides of Battle card",
)
BLADE_PLUS_ONE = _event(
    "blade_plus_one",
    lambda f: f"{house(f['house'])} uses the Valyrian Steel Blade: +1",
    "R7.6: the blade holder adds +1 to its combat strength",
)
TIDES_REVEALED = _event(
    "tides_revealed",
    lambda f: "Tides of Battle: "
    + ", ".join(f"{house(f[s])} {tides_text(f['tides'][s])}" for s in ("attacker", "defender")),
    "R7.7.3: both Tides of Battle cards are revealed (tides by side)",
)
COMBAT_FINAL = _event(
    "combat_final",
    lambda f: f"Final strength: {_side_text(f, 'attacker')} against {_side_text(f, 'defender')}",
    "R7.8.1: final strength per side with its parts (units, order, garrison, support, "
    "house card, blade, tides)",
)
COMBAT_WON = _event(
    "combat_won",
    lambda f: f"{house(f[f['winner']])} wins the combat "
    f"{f['strength'][f['winner']]['final']}–"
    f"{f['strength']['defender' if f['winner'] == 'attacker' else 'attacker']['final']}"
    + (" (tie won on the Fiefdoms track)" if f["tie"] else ""),
    "R7.8.2, R7.8.3: the winning side (tie: won on the Fiefdoms track)",
)
GARRISON_REMOVED = _event(
    "garrison_removed",
    lambda f: f"The garrison of {area(f['area'])} is removed",
    "R7.9.1: the losing defender's garrison is removed",
)
CASUALTIES = _event(
    "casualties",
    lambda f: f"{house(f['house'])} loses {units_text(f['units'])}"
    + {
        "routed": ": routed units and siege engines cannot retreat",
        "swords": " to the winner's swords",
        "skull": " to a Tides of Battle skull",
    }[f["cause"]],
    "R7.9.2, R7.9.3, R7.7.5: house loses units in area (cause: routed = routed units and "
    "siege engines, swords, skull)",
)
NO_RETREAT = _event(
    "no_retreat",
    lambda f: f"{house(f['house'])} has no legal retreat: {units_text(f['units'])} destroyed",
    "R7.10.5, F26: the loser's units in area cannot retreat and are destroyed",
)
RETREAT_LOSSES = _event(
    "retreat_losses",
    lambda f: f"{house(f['house'])} destroys {units_text(f['units'])} to keep its supply",
    "R7.10.4: retreating units destroyed to keep supply in to",
)
RETREAT = _event(
    "retreat",
    lambda f: f"{house(f['house'])} retreats {units_text(f['units'])} to {area(f['to'])} (routed)",
    "R7.10.6: the loser's units retreat from area to to, routed",
)
MOVE_IN = _event(
    "move_in",
    lambda f: f"{house(f['house'])} moves {units_text(f['units'])} into {area(f['area'])}",
    "R7.11 step 1: the winning attacker's surviving units move into area",
)
ORDER_REMOVED_NO_UNITS = _event(
    "order_removed_no_units",
    lambda f: f"{house(f['house'])}'s order in {area(f['area'])} is removed (no units)",
    "R7.11 step 5, E2: an order left without units is removed",
)
COMBAT_OVER = _event(
    "combat_over",
    lambda f: f"The combat in {area(f['area'])} is over",
    "R7.11: the combat's summary: attacker, defender, area, winner (side), initial and final "
    "strength per side with parts, cards revealed, casualties per side, retreat (to, units)",
)


def _rodrik_text(f: Fields) -> str:
    return (
        f"Rodrik the Reader: {house(f['house'])} searches Westeros deck "
        f"{'I' * f['deck']} and puts a card on top"
    )


RODRIK_SEARCH = _event(
    "rodrik_search",
    lambda f: f"{_rodrik_text(f)} ({T.WESTEROS_CARD_BY_ID[f['card']].name})",
    "X-ADWD-4.2: Rodrik the Reader puts a card of a Westeros deck on top of it (deck, size: "
    "the deck's cards; card: secret, seen by the searcher's seat only)",
    redacted_text=_rodrik_text,
)
CARD_REMOVED = _event(
    "card_removed",
    lambda f: f"{card_name(f['card'])} of {house(f['house'])} is removed from the game",
    "X1.3: a house card leaves its house's set for good",
)
HAND_RECOVERED = _event(
    "hand_recovered",
    lambda f: f"{house(f['house'])} takes its other {len(f['cards'])} house cards back into hand",
    "R1.11.3, F7: the last card played: the other discarded cards return to hand",
)


# ============================================================== house card texts (R7.12)
def card_name(c: str) -> str:
    return T.HOUSE_CARD_BY_ID[c].name


# The line each house card's text reads as, registered next to its ability in house_cards.py
# (one home per card text) when the rules are loaded (the combat imports house_cards; the top
# module ``game`` and the face ``public`` import the combat); a card without a line reads as a
# generic one.
CARD_LINES: dict[str, Callable[[Fields], str]] = {}


def _card_line(f: Fields) -> str:
    return CARD_LINES.get(f["card"], _card_generic)(f)


CARD_TEXT = _event(
    "card_text",
    _card_line,
    "R7.12: a house card's text takes effect (card, house: its owner, victim; other fields "
    "per card)",
)


def _card_generic(f: Fields) -> str:
    """A card without its own line (e.g. a new expansion card): name and owner."""
    return f"{card_name(f['card'])}: {house(f['house'])}'s card text takes effect"


def order_removed_text(f: Fields) -> str:
    """Cersei, Queen of Thorns: ``<card> removes <victim>'s <order> order in <area>``."""
    return (
        f"{card_name(f['card'])} removes {house(f['victim'])}'s {order_name(f['token'])} order "
        f"in {area(f['area'])}"
    )


# ====================================================== A Feast for Crows (X-AFFC-2.8, X-AFFC-4)
def objective_name(card: str) -> str:
    """An objective card by id (``"land_grab"`` -> ``Land Grab``, X-AFFC-4.4)."""
    known = O.OBJECTIVES.get(card)
    return known.name if known is not None else card.replace("_", " ").capitalize()


def objectives_text(cards: Iterable[str]) -> str:
    """Objective cards by name, in the order given (``Land Grab, Backdoor Politics``)."""
    return ", ".join(objective_name(c) for c in cards)


OBJECTIVES_DEALT = _event(
    "objectives_dealt",
    lambda f: f"Each house is dealt {f['dealt']} objective cards and will keep {f['keep']}",
    "X-AFFC-2.8, X-AFFC-Q2: the objective deck is shuffled and every house dealt its cards",
)
OBJECTIVES_KEPT = _event(
    "objectives_kept",
    lambda f: f"{house(f['house'])} keeps {objectives_text(f['cards'])} and returns "
    f"{f['returned']} objective cards to the deck",
    "X-AFFC-D1: a house keeps its objective cards (cards: secret, seen by its seat only) and "
    "returns the others to the deck, which is shuffled",
    redacted_text=lambda f: f"{house(f['house'])} keeps {f['kept']} objective cards and returns "
    f"{f['returned']} to the deck",
)
SCORING_PHASE = _event(
    "scoring_phase",
    lambda f: f"Round {f['round']}: scoring phase",
    "X-AFFC-4.2: after the Action phase, supply, special objectives, objective cards, draws",
)


def victory_points(n: int) -> str:
    """``1 victory point``, ``2 victory points`` (X-AFFC-4.1)."""
    return f"{n} victory point{'' if n == 1 else 's'}"


SPECIAL_SCORED = _event(
    "special_scored",
    lambda f: f"{house(f['house'])} scores its special objective: "
    f"{victory_points(f['gained'])}, now {f['victory_points']}",
    "X-AFFC-4.2 step 2, X-AFFC-4.3: a house scores its fulfilled special objective",
)
OBJECTIVE_SCORED = _event(
    "objective_scored",
    lambda f: f"{house(f['house'])} scores {objective_name(f['card'])}: "
    f"{victory_points(f['gained'])}, now {f['victory_points']}",
    "X-AFFC-4.2 step 3: a house scores an objective card of its hand; it stays face up",
)
OBJECTIVE_DRAWN = _event(
    "objective_drawn",
    lambda f: f"{house(f['house'])} draws an objective card ({objective_name(f['card'])})",
    "X-AFFC-4.2 step 4: a house with fewer than 3 objective cards draws one (card: secret, "
    "seen by its seat only)",
    redacted_text=lambda f: f"{house(f['house'])} draws an objective card",
)
VICTORY_POINTS = _event(
    "victory_points",
    lambda f: f"{house(f['house'])} "
    + ("gains " if f["delta"] > 0 else "loses ")
    + f"{victory_points(abs(f['delta']))}, now {f['victory_points']}",
    "X-AFFC-4.1: a house's victory points change by an effect other than scoring (never below "
    "0 nor above 7)",
)


# ============================================================== A Feast for Crows deck I (X-AFFC-3)
THREAT_TO_ZERO = _event(
    "threat_to_zero",
    lambda f: f"The Burden of Power: the wildling threat drops from {f['before']} to 0",
    "X-AFFC-3, X-AFFC-D3: The Burden of Power's option moves the wildling threat to 0",
)
FAMINE = _event(
    "famine",
    lambda f: f"Famine: {house(f['house'])} "
    + ("stays at" if f["old"] == f["new"] else f"goes down from {f['old']} to")
    + f" {f['new']} on the supply track",
    "X-AFFC-3: Famine moves a house one space down the supply track, never below 0",
)
IRONBORN_RAID = _event(
    "ironborn_raid",
    lambda f: f"Ironborn Raid: {house(f['house'])} has {f['scored']} scored objective cards and "
    + (f"loses {victory_points(f['lost'])}" if f["lost"] else "has no victory point to lose")
    + f", now {f['victory_points']}",
    "X-AFFC-3.2, XF3: a house with 2 or more scored objective cards (special objectives do not "
    "count) loses 1 victory point, never below 0",
)
AMBITION_GIVEN = _event(
    "ambition_given",
    lambda f: f"Shifting Ambitions: {house(f['house'])} puts {objective_name(f['card'])} into the "
    "pool",
    "X-AFFC-D4: a house puts an objective card of its hand face down into the Shifting "
    "Ambitions pool (card: secret, seen by its seat only)",
    redacted_text=lambda f: f"Shifting Ambitions: {house(f['house'])} puts an objective card "
    "into the pool",
)
AMBITIONS_POOL = _event(
    "ambitions_pool",
    lambda f: "Shifting Ambitions: the pool is shuffled and shown: " + objectives_text(f["cards"]),
    "X-AFFC-3: the Shifting Ambitions pool is shuffled and turned face up (cards sorted by id)",
)
AMBITION_TAKEN = _event(
    "ambition_taken",
    lambda f: f"Shifting Ambitions: {house(f['house'])} takes {objective_name(f['card'])}",
    "X-AFFC-D4: in turn order a house takes an objective card of the shown pool",
)
OBJECTIVE_RETURNED = _event(
    "objective_returned",
    lambda f: f"New Information: {house(f['house'])} shuffles {objective_name(f['card'])} "
    "back into the objective deck",
    "X-AFFC-D4: a house shuffles an objective card of its hand back into the objective deck "
    "(card: secret, seen by its seat only)",
    redacted_text=lambda f: f"New Information: {house(f['house'])} shuffles an objective card "
    "back into the objective deck",
)


# ====================================================== Mother of Dragons vassals (X-MOD-10)
def _houses_text(houses: Iterable[str]) -> str:
    return ", ".join(house(h) for h in houses) or "no vassal"


VASSALS_RELEASED = _event(
    "vassals_released",
    lambda f: f"The commands of {_houses_text(f['vassals'])} end; vassal markers are handed out",
    "X-MOD-10.3: at the start of the Planning phase the previous commands end",
)
VASSALS_COMMANDED = _event(
    "vassals_commanded",
    lambda f: f"{house(f['house'])} commands {_houses_text(f['vassals'])} this round"
    + (f" (passes {f['passed']} marker(s))" if f["passed"] else ""),
    "X-MOD-10.3, XF12: the player house takes command of these vassals (all at once); "
    "passed: markers handed on to the next player",
)
VASSAL_ORDERS_DONE = _event(
    "vassal_orders_done",
    lambda f: f"{house(f['commander'])} places {f['count']} order(s) for {house(f['house'])}",
    "X-MOD-10.4, X-MOD-Q5: the commander has placed its vassal's orders (at most 2, face down)",
)
VASSAL_SUPPORT_KEPT = _event(
    "vassal_support_kept",
    lambda f: f"{house(f['house'])} keeps its Raid/Support order in {area(f['area'])} as "
    "Support +1",
    "X-MOD-10.4: the vassal's Raid/Support +1 is not used to raid and stays as Support +1",
)
VASSAL_MUSTER_ORDER = _event(
    "vassal_muster_order",
    lambda f: f"{house(f['house'])} resolves its Defense +1/Muster order in {area(f['area'])}"
    + (" and musters" if f["muster"] else " without mustering"),
    "X-MOD-10.4, XF15: in the Consolidate Power step the commander musters for the vassal in "
    "the area of its Defense +1/Muster order (muster true), or not",
)
VASSAL_CARDS_DRAWN = _event(
    "vassal_cards_drawn",
    lambda f: f"{house(f['commander'])} draws {', '.join(f['cards'])} for {house(f['house'])}",
    "X-MOD-10.7: the commander draws 3 random cards of the shared vassal deck for the vassal's "
    "combat (cards: secret, seen by the commander's seat only)",
    redacted_text=lambda f: f"{house(f['commander'])} draws 3 vassal cards for "
    f"{house(f['house'])}",
)
VASSAL_CARDS_RETURNED = _event(
    "vassal_cards_returned",
    lambda f: f"The vassal cards of {house(f['house'])} return to the vassal deck",
    "X-MOD-10.7: after the combat every drawn vassal card returns to the shared deck",
)
VASSAL_VICTORY_POWER = _event(
    "vassal_victory_power",
    lambda f: f"{house(f['house'])} wins; its commander {house(f['commander'])} gains "
    f"{f['gained']} power",
    "X-MOD-10.7: a vassal won a combat: its commander gains 1 power token",
)


# ==================================================== Mother of Dragons: Targaryen (X-MOD-5..7)
def _tokens(n: int) -> str:
    return "a loyalty token" if n == 1 else f"{n} loyalty tokens"


LOYALTY_PLACED = _event(
    "loyalty_placed",
    lambda f: f"A loyalty token is placed in {area(f['area'])}",
    "X-MOD-7.1: a loyalty token is put on a land area",
)
LOYALTY_EXHAUSTED = _event(
    "loyalty_exhausted",
    lambda f: f"No loyalty token is left to place in {area(f['area'])}",
    "X-MOD-7.1: all 20 loyalty tokens are in use; the placement is skipped",
)
LOYALTY_TAKEN = _event(
    "loyalty_taken",
    lambda f: f"{house(f['house'])} takes {_tokens(f['count'])} in {area(f['area'])} "
    f"({f['total']} taken)",
    "X-MOD-7.2, XF22, XF26: Targaryen takes the loyalty tokens of an area it controls; total is "
    "its count of taken tokens",
)
BID_HANDED_OUT = _event(
    "bid_handed_out",
    lambda f: f"{house(f['house'])} hands a power token of its bid to {house(f['to'])} "
    f"(its bid is now {f['bid']})",
    "X-MOD-5.3, XF25: Targaryen hands one token of its bid to another house, whose bid rises "
    "by 1 (bid: the new bid)",
)
GARRISON_RESTORED = _event(
    "garrison_restored",
    lambda f: f"The garrison of {area(f['area'])} ({f['strength']}) is put back",
    "X-MOD-2.6: Targaryen controls Pentos again: its garrison returns",
)
LOYALTY_PAID = _event(
    "loyalty_paid",
    lambda f: f"{house(f['house'])} pays {f['amount']} power for {westeros_card_name(f['card'])}",
    "X-MOD-7.4: Targaryen pays a Westeros deck IV card's price (card: the deck IV card id)",
)
LOYALTY_MOVED = _event(
    "loyalty_moved",
    lambda f: f"{house(f['house'])} moves a loyalty token from {area(f['from_area'])} to "
    f"{area(f['to'])}",
    "X-MOD-7.5, XF38, XF39: a player moves a loyalty token to an adjacent land area",
)
LOYALTY_MOVE_CANCELLED = _event(
    "loyalty_move_cancelled",
    lambda f: f"{house(f['house'])} pays {f['amount']} power: the loyalty token stays in "
    f"{area(f['from_area'])}",
    "X-MOD-7.4: Targaryen pays to cancel a loyalty token move",
)
DRAGON_SACRIFICED = _event(
    "dragon_sacrificed",
    lambda f: f"Fire Made Flesh: {house(f['house'])} destroys a dragon in {area(f['area'])}; "
    f"the dragon token of round {f['round']} enters the box (dragons now {f['strength']})",
    "X-MOD-7.4, XF35: a dragon is destroyed and one dragon strength token (round) enters the "
    "box at once",
)
DRAGON_RETURNED = _event(
    "dragon_returned",
    lambda f: f"Fire Made Flesh: a destroyed dragon of {house(f['house'])} returns to "
    f"{area(f['area'])}",
    "X-MOD-7.4: a destroyed dragon goes back to Targaryen's home area",
)
UNIT_GIVEN = _event(
    "unit_given",
    lambda f: f"Playing With Fire: a {_unit_name(f['unit'])} of {house(f['house'])} is put "
    f"into {area(f['area'])}",
    "X-MOD-7.4, XF36: the chosen player's land unit (its kind picked by that player) enters "
    "the chosen area",
)


# ================================================== Mother of Dragons: the Iron Bank (X-MOD-8)
def _loan(loan_id: str) -> str:
    return str(loan_id).replace("_", " ").title().replace("The ", "the ")


LOAN_DEALT = _event(
    "loan_dealt",
    lambda f: f"The Iron Bank offers {_loan(f['loan'])} (slots: "
    + ", ".join(_loan(s) if s else "empty" for s in f["slots"])
    + ")"
    + (f"; {_loan(f['returned'])} goes to the bottom of the loan deck" if f["returned"] else ""),
    "X-MOD-2.9, X-MOD-8.2, X-MOD-8.8: at the start of a round a new loan enters the first slot, "
    "the others move one slot on, a loan pushed out of the last slot goes under the loan deck",
)
INTEREST_PAID = _event(
    "interest_paid",
    lambda f: f"{house(f['house'])} pays {f['paid']} of {f['owed']} power tokens of interest "
    "to the Iron Bank",
    "X-MOD-8.7: at the start of a round from round 2 each house pays 1 power token per loan",
)
DEBT_UNIT_DESTROYED = _event(
    "debt_unit_destroyed",
    lambda f: f"Unpaid interest: {house(f['chooser'])} destroys a {_unit_name(f['unit'])} of "
    f"{house(f['house'])} in {area(f['area'])}",
    "X-MOD-8.7, XF23, X-MOD-D8: for each unpaid token of interest the Fiefdoms leader (not the "
    "debtor, never a vassal) destroys one of the debtor's units (a dragon too)",
)
LOAN_BOUGHT = _event(
    "loan_bought",
    lambda f: f"{house(f['house'])} resolves its Iron Bank order in {area(f['area'])} and buys "
    f"{_loan(f['loan'])} for {f['cost']} power",
    "X-MOD-8.4, X-MOD-9.2: a house buys a face-up loan with its Iron Bank order (cost of the "
    "slot, 1 less for Braavos' controller, X-MOD-3.5) and carries it out at once",
)
LOAN_DECLINED = _event(
    "loan_declined",
    lambda f: f"{house(f['house'])} resolves its Iron Bank order in {area(f['area'])} and "
    "buys no loan",
    "X-MOD-8.4, X-MOD-D7: the Iron Bank order is removed without a purchase",
)
LOAN_POWER = _event(
    "loan_power",
    lambda f: f"{_loan(f['loan'])}: {house(f['house'])} gains {f['gained']} power",
    "X-MOD-8.1: a loan's power tokens (Customs Officer 10, Expert Artificer 8), up to the Pool",
)
LOAN_UNIT = _event(
    "loan_unit",
    lambda f: f"{_loan(f['loan'])}: a {_unit_name(f['unit'])} of {house(f['house'])} enters "
    f"{area(f['area'])}",
    "X-MOD-8.5: a unit of a loan is put from the house's pool into an area it controls",
)
LOAN_UNITS_MISSING = _event(
    "loan_units_missing",
    lambda f: f"{_loan(f['loan'])}: {house(f['house'])} cannot place "
    + ", ".join(_unit_name(u) for u in f["units"]),
    "X-MOD-8.4, XF29, XF30: units of a loan that cannot be placed (pool, supply, control, port "
    "limit) are simply not received",
)
AREA_IMPROVED = _event(
    "area_improved",
    lambda f: f"{_loan(f['loan'])}: {area(f['area'])} "
    + {
        "power": "gets a +1 crown improvement",
        "supply": "gets a +1 barrel improvement",
        "stronghold": "castle becomes a stronghold",
        "degraded": "loses its castle",
    }[f["token"]],
    "X-MOD-8.6: an improvement token changes an area for the rest of the game (+1 crown, +1 "
    "barrel, castle to stronghold, castle removed; a port there keeps working, XF32)",
)
LOAN_SKIPPED = _event(
    "loan_skipped",
    lambda f: f"{_loan(f['loan'])}: {f['what']} cannot be carried out",
    "X-MOD-8.4, XF28, XF29: a part of a loan that cannot be carried out is left out",
)
SUPPLY_RAISED = _event(
    "supply_raised",
    lambda f: f"{_loan(f['loan'])}: {house(f['house'])} moves up to {f['supply']} on the supply "
    "track",
    "X-MOD-8.1 Savvy Steward: one space up the supply track (at most 6)",
)
FACELESS_KILL = _event(
    "faceless_kill",
    lambda f: f"The Faceless Men: a {_unit_name(f['unit'])} of {house(f['victim'])} in "
    f"{area(f['area'])} is destroyed",
    "X-MOD-8.1 The Faceless Men: a knight in one area and a footman in another, of any house",
)


def _spy_text(f: Fields) -> str:
    return f"Spymaster: {house(f['house'])} looks at the top of Westeros deck {f['deck']}"


SPYMASTER = _event(
    "spymaster",
    lambda f: f"{_spy_text(f)}: on top {', '.join(f['top']) or 'none'}, at the bottom "
    f"{', '.join(f['bottom']) or 'none'}",
    "X-MOD-8.1 Spymaster: the top cards of a Westeros deck looked at and put back on top or "
    "at the bottom (top, bottom: secret, seen by the buyer's seat only; counts public)",
    redacted_text=_spy_text,
)
