"""Structured events: what happened, as data. Every log entry is an :class:`Event`.

An event has a kind (a name from its game's event catalogue) and JSON-ready fields (houses,
areas, units, numbers). A game renders events to text with one renderer (``Game.render``);
tools, the server and the web client read the fields.

An event that carries a secret names the seats that may see it whole (``seats``) and the
fields hidden from every other seat (``hidden``): for those seats the event is *redacted*,
its hidden fields removed, so that a seat can always ask for every event since index n.
"""

from __future__ import annotations

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
