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

# ============================================================== combat (R7)

# ============================================================== house card texts (R7.12)
