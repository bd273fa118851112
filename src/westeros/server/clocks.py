"""Game clocks: how much time each person has left, and when a stand-in bot takes over.

A game may have a clock (its ``clock`` setting, chosen at creation):

* ``{"mode": "chess", "initial": S, "increment": I}`` — each seat has S seconds for the
  whole game; its clock runs while it has an open decision and it plays the seat itself, and
  gains I seconds each time it stops after the seat moved;
* ``{"mode": "turn", "seconds": S}`` — each time a seat's clock starts (the seat has to
  decide after a spell without a decision) it is set to S seconds.

When a running clock reaches zero the seat is marked *away*: the server's stand-in bot plays
it until its holder takes it back (then a chess clock holds at least ``TAKEBACK_MS``). Bots'
seats and away seats have no running clock. Clocks are stored with every move and whenever
a seat changes; while no server process holds a game its clocks are paused.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from westeros.engine import shown

MODES = ("chess", "turn")
TAKEBACK_MS = 60_000
MIN_SECONDS = 1
MAX_SECONDS = 7 * 24 * 3600


class ClockError(ValueError):
    """A clock setting that does not make sense (a 400 for the API)."""


def check_clock(clock: dict[str, Any] | None) -> dict[str, Any] | None:
    """A validated clock setting (None: no clock); ClockError says what is wrong."""
    if clock is None:
        return None
    mode = clock.get("mode")
    if mode == "chess":
        keys = {"mode", "initial", "increment"}
        initial, increment = clock.get("initial"), clock.get("increment", 0)
        _seconds("initial", initial, MIN_SECONDS)
        _seconds("increment", increment, 0)
        checked = {"mode": mode, "initial": initial, "increment": increment}
    elif mode == "turn":
        keys = {"mode", "seconds"}
        _seconds("seconds", clock.get("seconds"), MIN_SECONDS)
        checked = {"mode": mode, "seconds": clock["seconds"]}
    else:
        raise ClockError(f"clock mode must be one of {', '.join(MODES)}, not {shown(mode)}")
    extra = set(clock) - keys
    if extra:
        raise ClockError(f"unknown clock setting(s) for mode {mode!r}: {', '.join(sorted(extra))}")
    return checked


def _seconds(name: str, value: Any, least: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= MAX_SECONDS:
        raise ClockError(f"clock {name} must be whole seconds from {least} to {MAX_SECONDS}")


def start_ms(clock: dict[str, Any]) -> int:
    """A seat's time when the game starts."""
    return int(clock["initial" if clock["mode"] == "chess" else "seconds"]) * 1000


@dataclass
class Clocks:
    """The clocks of one live game: remaining milliseconds per human seat as of ``since``
    (a ``time.monotonic()`` instant), and the seats whose clocks run."""

    setting: dict[str, Any]
    remaining: dict[int, int]
    since: float = field(default_factory=time.monotonic)
    running: frozenset[int] = frozenset()

    def tick(self, now: float | None = None) -> None:
        """Charge the time since ``since`` to the running clocks."""
        now = time.monotonic() if now is None else now
        spent = int((now - self.since) * 1000)
        if spent > 0:
            for seat in self.running:
                self.remaining[seat] = max(0, self.remaining[seat] - spent)
        self.since = now

    def restart(self, running: Iterable[int], moved: int | None, now: float | None = None) -> None:
        """After a change (a move by ``moved``, a seat away or back): charge the time spent,
        then run the clocks of ``running`` (human seats that must decide and are present)."""
        self.tick(now)
        new = frozenset(s for s in running if s in self.remaining)
        if self.setting["mode"] == "chess":
            if moved is not None and moved in self.running and moved not in new:
                self.remaining[moved] += int(self.setting["increment"]) * 1000
        else:
            for seat in new - self.running:
                self.remaining[seat] = start_ms(self.setting)
        self.running = new

    def take_back(self, seat: int) -> None:
        """The holder takes an away seat back: a chess clock holds at least TAKEBACK_MS."""
        if self.setting["mode"] == "chess" and seat in self.remaining:
            self.remaining[seat] = max(self.remaining[seat], TAKEBACK_MS)

    def expiry(self) -> tuple[float, int] | None:
        """The monotonic instant the first running clock reaches zero, and its seat."""
        if not self.running:
            return None
        seat = min(self.running, key=lambda s: (self.remaining[s], s))
        return self.since + self.remaining[seat] / 1000.0, seat

    def snapshot(self, now: float | None = None) -> dict[int, int]:
        """Remaining milliseconds per seat at ``now`` (without changing the clocks)."""
        now = time.monotonic() if now is None else now
        spent = max(0, int((now - self.since) * 1000))
        return {
            seat: max(0, ms - spent) if seat in self.running else ms
            for seat, ms in self.remaining.items()
        }

    def to_json(self) -> list[dict[str, Any]]:
        """What the state message shows: each clock's remaining time and whether it runs."""
        return [
            {"seat": seat, "remaining_ms": ms, "running": seat in self.running}
            for seat, ms in sorted(self.snapshot().items())
        ]
