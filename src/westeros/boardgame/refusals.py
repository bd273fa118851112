"""Why a choice was refused, in the player's words (R1.14: the only decisions a seat sees are
its own): the house and the areas by name, never a choice's code or a seat number. The engine
keeps its own message for developers (``IllegalAction``'s text); this one goes to the player."""

from __future__ import annotations

from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.engine import Choice, Decision

_TRACKS = {
    "iron_throne": "the Iron Throne",
    "fiefdoms": "the Fiefdoms",
    "kings_court": "the King's Court",
}
_TOKENS = frozenset(T.ORDER_KINDS)  # the 15 and the sea order tokens (X-MOD-9.1)
_SEA_TOKEN = "sea order tokens go only on ships (sea areas and ports), each once (X-MOD-9.1)"
_OBJECTIVE_PICKS = frozenset(  # X-AFFC-D4: a card of the hand or of the shown pool
    k.name for k in (D.SHIFTING_AMBITIONS_GIVE, D.SHIFTING_AMBITIONS_TAKE, D.NEW_INFORMATION_RETURN)
)
_UNITS = {"footman": "footman", "knight": "knight", "siege_engine": "siege engine", "ship": "ship"}


def part_words(value: object) -> str:
    """One part of a choice by name: an area, a house, a card, a unit, a track, an order (a
    list of parts: joined with ``+``)."""
    if isinstance(value, list | tuple):
        return " + ".join(part_words(v) for v in value)
    if not isinstance(value, str):
        return str(value)
    if value in T.AREA_NAMES:
        return T.AREA_NAMES[value]
    if value in T.HOUSE_CARD_BY_ID:
        return T.HOUSE_CARD_BY_ID[value].name
    if value in _UNITS:
        return _UNITS[value]
    if value in _TRACKS:
        return _TRACKS[value]
    if value in T.ALL_HOUSES:
        return T.house_name(value)
    if value in E.OBJECTIVE_NAMES:  # A Feast for Crows (X-AFFC-4.4)
        return E.OBJECTIVE_NAMES[value]
    return value.replace("_", " ")


def _question(prompt: str, house: str) -> str:
    """The prompt without the house it starts with (``Stark: order for Winterfell``)."""
    prefix = f"{house}: "
    return prompt[len(prefix) :] if prompt.startswith(prefix) else prompt


def refusal(house_id: str, decision: Decision, choice: Choice) -> str:
    """The sentence the player reads when ``choice`` is not legal for ``decision``."""
    house = T.house_name(house_id)
    asked = _question(decision.prompt, house)
    if isinstance(choice, bool) or not isinstance(choice, str | int):
        return f"{house}: a choice is a word or a whole number ({asked})."
    if decision.kind == D.PLAN_BID.name and decision.idle:
        return f"{house} has confirmed its bid: take it back (Change) to bid another amount."
    if decision.kind == D.PLAN_BID.name and choice == decision.about("bid"):
        return f"{house} already bids {choice}: confirm it, or bid another amount."
    if decision.kind == D.PLAN_BID.name and choice == "unready":
        return f"{house} has not confirmed a bid yet: set your bid, then confirm it."
    if decision.kind in (D.BID.name, D.PLAN_BID.name):
        most = decision.about("power")
        if most is None:
            most = max((c for c in decision.choices if isinstance(c, int)), default=0)
        return f"{house} can bid a whole number of power tokens from 0 to {most}, not {choice}."
    try:
        parts = D.KINDS[decision.kind].parse(choice)
    except (KeyError, ValueError):
        return f"{house}: “{choice}” is not one of your choices now ({asked})."
    if decision.kind == D.MARCH_MOVE.name and "to" in parts:
        frm = decision.about("area")
        where = f" from {T.area_name(str(frm))}" if isinstance(frm, str) else ""
        unit, to = part_words(parts["unit"]), part_words(parts["to"])
        return (
            f"{house}: no {unit} can march{where} to {to} now (too far, blocked, or no such "
            "unit left to move). Pick one of the areas outlined on the map, or finish the march."
        )
    if decision.kind == D.PLAN_ORDERS.name:
        return _plan_refusal(house, decision, parts)
    if decision.kind == D.PLAN_MUSTER.name:
        return _muster_refusal(house, parts)
    if decision.kind == D.PLACE_ORDER.name:
        if choice not in _TOKENS:
            return f"{house}: “{choice}” is not an order token ({asked})."
        if choice in T.SEA_ORDER_COUNTS:
            return f"{house}: {_SEA_TOKEN} ({asked})."
        return (
            f"{house}: that order token is not available now — already placed, barred by a "
            f"Westeros card, or a special order beyond your stars ({asked})."
        )
    if decision.kind in _OBJECTIVE_PICKS:
        return (
            f"{house}: {part_words(choice)} is not one of the objective cards you may pick now "
            f"({asked})."
        )
    words = " → ".join(part_words(v) for v in parts.values() if v is not None)
    return f"{house}: {words} is not possible now ({asked})."


def _plan_refusal(house: str, decision: Decision, parts: dict[str, object]) -> str:
    """Planning at the table (``plan_orders``): why a placement, removal or readiness fails."""
    if decision.idle:
        return f"{house} is ready: take it back (Unready) to change its orders."
    word, area = parts.get("word"), parts.get("area")
    if word == "ready":
        done, areas = decision.about("placed"), decision.about("areas")
        return (
            f"{house}: every area with your units needs an order before you are ready "
            f"({done} of {areas} have one)."
        )
    if word == "unready":
        return f"{house} is not ready yet: place your orders, then ready."
    where = part_words(area)
    if not any(str(c).startswith(f"place:{area}:") for c in decision.choices):
        return f"{house}: orders go only in areas holding your units (R5.1), not in {where}."
    if parts.get("action") == "remove":
        return f"{house}: there is no order of yours in {where} to remove."
    if parts.get("token") in T.SEA_ORDER_COUNTS:
        return f"{house}: {_SEA_TOKEN}, not in {where} now."
    return (
        f"{house}: that order token is not available for {where} now — already placed, barred "
        "by a Westeros card, or a special order beyond your stars."
    )


def _muster_refusal(house: str, parts: dict[str, object]) -> str:
    """Mustering at the table (``plan_muster``): why a purchase or a reset fails."""
    if parts.get("word") == "reset":
        return f"{house}: the mustering plan is empty, there is nothing to reset."
    where = part_words(parts.get("area"))
    return (
        f"{house}: that purchase does not fit {where} now — its points are spent, the area is "
        "not yours to muster in, or the pool, supply or the ships' limit (R3.6.5) forbids it."
    )
