"""Structured events: what happened, as data. Every log entry is an :class:`Event`.

An event has a kind (a name from its game's event catalogue) and JSON-ready fields (houses,
areas, units, numbers). A game renders events to text with one renderer (``Game.render``);
tools, the server and the web client read the fields.

An event that carries a secret names the seats that may see it whole (``seats``) and the
fields hidden from every other seat (``hidden``): for those seats the event is *redacted*,
its hidden fields removed, so that a seat can always ask for every event since index n.

Each game declares its kinds once in an :class:`EventCatalogue` (``KIND(**fields)`` makes an
event; ``KIND.secret(seats, hidden, **fields)`` one with a secret); fields are ids, numbers
and enums, never English: the catalogue's renderer holds every text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Event:
    """One log entry. ``seats`` None: public; else only those seats see ``hidden`` fields.

    Events are never changed once logged (clones share them); not frozen only because a
    frozen dataclass is slower to build, and the log is written at every rule step.
    """

    kind: str
    fields: dict[str, Any] = field(default_factory=dict)
    seats: tuple[int, ...] | None = None
    hidden: tuple[str, ...] = ()
    redacted: bool = False

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: a spectator) sees the event whole."""
        return self.seats is None or (seat is not None and seat in self.seats)

    def for_seat(self, seat: int | None) -> Event:
        """The event as ``seat`` may see it: whole, or with its hidden fields removed."""
        if self.visible_to(seat):
            return self
        kept = {k: v for k, v in self.fields.items() if k not in self.hidden}
        return Event(self.kind, kept, self.seats, self.hidden, redacted=True)

    def __getitem__(self, name: str) -> Any:
        return self.fields[name]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, **self.fields}
        if self.redacted:
            data["redacted"] = list(self.hidden)
        return data


Fields = dict[str, Any]


@dataclass(frozen=True, slots=True)
class EventKind:
    """One kind of event: its name, how it reads (``text(fields, *context)``; English lives
    only here), and what it means. ``redacted_text`` reads an event whose hidden fields were
    removed for the reader."""

    name: str
    text: Callable[..., str]
    description: str
    redacted_text: Callable[..., str] | None = None

    def __call__(self, **fields: Any) -> Event:
        return Event(self.name, fields)

    def secret(self, seats: tuple[int, ...], hidden: tuple[str, ...], **fields: Any) -> Event:
        """An event whose ``hidden`` fields only ``seats`` may see."""
        return Event(self.name, fields, seats, hidden)


class EventCatalogue:
    """A game's event kinds by name, each declared once with :meth:`add`, and its one
    renderer: :meth:`render` turns any event of the game into one line of text. ``context``
    is what the game's texts need besides the fields (the card game: seat and card names)."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.kinds: dict[str, EventKind] = {}

    def add(
        self,
        name: str,
        text: Callable[..., str],
        description: str,
        redacted_text: Callable[..., str] | None = None,
    ) -> EventKind:
        assert name not in self.kinds, f"{self.game}: event kind {name!r} declared twice"
        kind = EventKind(name, text, description, redacted_text)
        self.kinds[name] = kind
        return kind

    def render(self, event: Event, *context: Any) -> str:
        kind = self.kinds[event.kind]
        if event.redacted and kind.redacted_text is not None:
            return kind.redacted_text(event.fields, *context)
        return kind.text(event.fields, *context)

    def to_json(self) -> list[dict[str, str]]:
        return [{"kind": k.name, "description": k.description} for k in self.kinds.values()]
