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

# ============================================================== mustering (R3.6)

# ============================================================== bidding, Clash of Kings (R3.7)

# ============================================================== wildlings (R4)

# ============================================================== planning (R5)

# ============================================================== raid, consolidate (R6.3, R6.6)

# ============================================================== march, ports (R6.4, R8)


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
    + ", ".join(f"{house(f[s])} '{f['tides'][s]}'" for s in ("attacker", "defender")),
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
    lambda f: f"{house(f['house'])} loses {units_text(f['units'])} ("
    + {"routed": "routed or siege", "swords": "casualties", "skull": "skull"}[f["cause"]]
    + ")",
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
HAND_RECOVERED = _event(
    "hand_recovered",
    lambda f: f"{house(f['house'])} takes its other {len(f['cards'])} house cards back into hand",
    "R1.11.3, F7: the last card played: the other discarded cards return to hand",
)


# ============================================================== house card texts (R7.12)
def _card(c: str) -> str:
    return T.HOUSE_CARD_BY_ID[c].name


def _order(token: str) -> str:
    """``"march+1*"`` → ``"Special March +1"`` (as planning.order_label)."""
    kind = T.ORDER_KINDS[token]
    name = "Consolidate Power" if kind.type == "consolidate" else kind.type.capitalize()
    if kind.type in ("march", "defense") or kind.modifier:
        name += f" {kind.modifier:+d}"
    return f"Special {name}" if kind.special else name


CARD_TEXT = _event(
    "card_text",
    lambda f: _CARD_TEXTS.get(f["card"], _card_generic)(f),
    "R7.12: a house card's text takes effect (card, house: its owner, victim; other fields "
    "per card)",
)
_CARD_TEXTS: dict[str, Callable[[Fields], str]] = {
    "roose_bolton": lambda f: f"Roose Bolton: {house(f['house'])} takes its whole discard pile "
    "back into hand",
    "the_blackfish": lambda f: (
        f"The Blackfish: {house(f['house'])} takes no sword casualties"
        if f["cause"] == "swords"
        else f"The Blackfish: {house(f['house'])} ignores the skull"
        if f["cause"] == "skull"
        else "The Blackfish: Mace Tyrell destroys no footman"
    ),
    "tywin_lannister": lambda f: f"Tywin Lannister: {house(f['house'])} gains {f['gained']} power",
    "tyrion_lannister": lambda f: f"Tyrion Lannister cancels {_card(f['cancelled'])}: it returns "
    f"to {house(f['victim'])}'s hand",
    "cersei_lannister": lambda f: _order_removed(f),
    "queen_of_thorns": lambda f: _order_removed(f),
    "renly_baratheon": lambda f: f"Renly Baratheon: {house(f['house'])} upgrades a footman in "
    f"{area(f['area'])} to a knight",
    "patchface": lambda f: f"Patchface: {house(f['victim'])} discards {_card(f['discarded'])}",
    "aeron_damphair": lambda f: f"Aeron Damphair: {house(f['house'])} discards 2 power and plays "
    f"{_card(f['played'])} instead",
    "mace_tyrell": lambda f: (
        f"Mace Tyrell destroys a footman of {house(f['victim'])}"
        if f["units"]
        else f"Mace Tyrell: {house(f['victim'])} has no footman in the combat"
    ),
    "ser_loras_tyrell": lambda f: "Ser Loras Tyrell: the March order moves into "
    f"{area(f['area'])}",
    "arianne_martell": lambda f: f"Arianne Martell: {house(f['victim'])} may not move in; its "
    f"units return to {area(f['to'])}",
    "doran_martell": lambda f: f"Doran Martell moves {house(f['victim'])} to the bottom of the "
    f"{TRACK_NAMES[f['track']]} track",
}


def _card_generic(f: Fields) -> str:
    """A card without its own line (e.g. a new expansion card): name and owner."""
    return f"{_card(f['card'])}: {house(f['house'])}'s card text takes effect"


def _order_removed(f: Fields) -> str:
    return (
        f"{_card(f['card'])} removes {house(f['victim'])}'s {_order(f['token'])} order in "
        f"{area(f['area'])}"
    )
