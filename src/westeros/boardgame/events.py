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
from dataclasses import dataclass
from typing import Any, Protocol

from westeros.boardgame import tables as T
from westeros.engine import Event

Fields = dict[str, Any]


@dataclass(frozen=True, slots=True)
class EventKind:
    """One kind of event: its name, how it reads, and what it means."""

    name: str
    text: Callable[[Fields], str]
    description: str
    redacted_text: Callable[[Fields], str] | None = None

    def __call__(self, **fields: Any) -> Event:
        return Event(self.name, fields)

    def secret(self, seats: tuple[int, ...], hidden: tuple[str, ...], **fields: Any) -> Event:
        """An event whose ``hidden`` fields only ``seats`` may see."""
        return Event(self.name, fields, seats, hidden)


KINDS: dict[str, EventKind] = {}


def _event(
    name: str,
    text: Callable[[Fields], str],
    description: str,
    redacted_text: Callable[[Fields], str] | None = None,
) -> EventKind:
    assert name not in KINDS, name
    kind = EventKind(name, text, description, redacted_text)
    KINDS[name] = kind
    return kind


def render(event: Event) -> str:
    """One line of text for an event."""
    kind = KINDS[event.kind]
    if event.redacted and kind.redacted_text is not None:
        return kind.redacted_text(event.fields)
    return kind.text(event.fields)


def catalogue_json() -> list[dict[str, str]]:
    return [{"kind": k.name, "description": k.description} for k in KINDS.values()]


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


TRACK_NAMES = {"iron_throne": "Iron Throne", "fiefdoms": "Fiefdoms", "kings_court": "King's Court"}


# ============================================================== transitional
# NOTE carries pre-rendered text while modules are converted to structured events; it goes
# once no rule calls ``BoardGame.say`` any more.
NOTE = _event("note", lambda f: str(f["text"]), "free text (transitional)")

# ============================================================== round, setup, victory (R3.1, R9)
GAME_SETUP = _event(
    "game_setup",
    lambda f: f"A new {f['players']}-player game: "
    + ", ".join(f"seat {i} {house(h)}" for i, h in enumerate(f["seats"]))
    + (" (Tides of Battle)" if f["tides"] else ""),
    "R2: the game is set up; seats lists the house of each seat",
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
    + ", ".join(f"{house(h)} {c}" for h, c in zip(f["ranking"], f["castles"], strict=True)),
    "R9.3: every house ranked, with its castles and strongholds",
)

# ============================================================== Westeros phase (R3)

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

# ============================================================== bidding, Clash of Kings (R3.7)

# ============================================================== wildlings (R4)

# ============================================================== planning (R5)
_ORDER_TYPE_NAMES = {
    "march": "March",
    "defense": "Defense",
    "support": "Support",
    "raid": "Raid",
    "consolidate": "Consolidate Power",
}


def order_name(token: str) -> str:
    """Display name of an order token id, e.g. ``"march+1*"`` → ``"Special March +1"``."""
    kind = T.ORDER_KINDS[token]
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

# ============================================================== combat (R7)

# ============================================================== house card texts (R7.12)
