"""Control flow that waits for players: a stack of small step objects.

The rules run on their own until some seat must decide. Each step either finishes,
pushes sub-steps, or opens decisions:

* ``decisions(game)`` lists the decisions the step waits for (empty: it can run);
* ``choose(game, seat, choice)`` records one already-validated choice on the step;
* ``run(game)`` is called once the step waits for nothing. The step has been popped
  before ``run``; to continue later it pushes itself back (then its sub-steps on top).

Two helpers for rules that run effects in order: ``g.queue(step)`` puts a step after the
running one (the steps a step queues run next, in the order queued, before anything it pushed
for later), and :class:`Ask` is the one "ask one decision, then act" step.

Steps hold only immutable values (str, int, tuples, frozensets) in their fields and are
changed by re-assigning fields, so ``copy.copy`` of every step is a full clone of the
control flow. This keeps a game copyable and serialisable, which generators are not.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any, ClassVar

from westeros.engine.decision import Choice, Decision
from westeros.engine.errors import IllegalAction
from westeros.engine.events import Event
from westeros.engine.game import GameInfo, Outcome
from westeros.engine.rng import Rng


class Step:
    """Base class of one piece of rules control flow.

    ``CHOOSES_OWN_FIELDS``: a step class whose ``choose`` changes nothing but the step's own
    fields (and whose ``decisions`` change nothing at all) says so; ``apply`` then backs up
    the game's fields only when a step is about to run (a choice that only moves a turn on
    within the step, a pass in a window, needs no copy of the game)."""

    CHOOSES_OWN_FIELDS: ClassVar[bool] = False

    def decisions(self, game: Any) -> list[Decision]:
        return []

    def choose(self, game: Any, seat: int, choice: Choice) -> None:
        raise NotImplementedError(f"{type(self).__name__} asks no decision")

    def run(self, game: Any) -> None:
        raise NotImplementedError

    def snapshot(self) -> dict[str, Any]:
        """The step's fields as JSON-ready data (for the state hash)."""
        fields = vars(self) if hasattr(self, "__dict__") else {}
        return {"step": type(self).__name__, **{k: _jsonable(v) for k, v in fields.items()}}


class Ask(Step):
    """Ask one decision, then act on the choice: the one ask-then-act step of both games.

    A subclass declares what it asks (:meth:`ask`: a decision of a catalogued kind, or None
    when there is nothing to ask) and what it does (:meth:`act`, given the choice, or None
    when nothing was asked).
    """

    def __init__(self) -> None:
        self.choice: Choice | None = None

    def ask(self, g: Any) -> Decision | None:
        raise NotImplementedError

    def act(self, g: Any, choice: Choice | None) -> None:
        raise NotImplementedError

    def decisions(self, g: Any) -> list[Decision]:
        if self.choice is not None:
            return []
        decision = self.ask(g)
        return [] if decision is None else [decision]

    def choose(self, g: Any, seat: int, choice: Choice) -> None:
        self.choice = choice

    def run(self, g: Any) -> None:
        choice, self.choice = self.choice, None
        self.act(g, choice)


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted((_jsonable(v) for v in value), key=repr)
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if hasattr(value, "__dataclass_fields__"):
        return {k: _jsonable(getattr(value, k)) for k in value.__dataclass_fields__}
    return value


def check_seat(seat: object, spectator: bool = True) -> None:
    """A seat is an integer (``None``: a spectator, where allowed): a bool, a float equal to
    a seat or a numeric string is no seat (``apply``, ``view`` and ``events`` alike)."""
    if seat is None and spectator:
        return
    if type(seat) is not int:
        raise IllegalAction(f"a seat must be an integer, not {seat!r}")


class StepGame:
    """A deterministic game driven by a step stack. Subclasses provide the rules.

    Subclasses set ``KIND`` and ``INFO`` and implement ``snapshot()`` (the full state,
    JSON-ready), ``view(seat)``, ``outcome()``, ``render(event)``, ``seat_names()`` and
    ``clone()`` (by calling :meth:`_clone_engine_into`). ``apply`` keeps a copy of the
    game's fields while it runs (:meth:`backup_fields`): if a rule raises half-way (a bug),
    the game is restored exactly and the error propagates.
    """

    KIND: ClassVar[str] = ""
    INFO: ClassVar[GameInfo]

    def __init__(self, config: dict[str, Any], seed: int) -> None:
        self.config = config
        self.seed = seed
        self.rng = Rng(seed)
        self.stack: list[Step] = []
        self.log: list[Event] = []
        self.moves: int = 0
        self.running: Step | None = None  # the step inside run(), popped off the stack
        self.buffer: list[Step] | None = None  # steps queued while a step runs (queue)
        self._pending: tuple[Decision, ...] | None = None

    # -- the contract ------------------------------------------------------------------
    def pending(self) -> list[Decision]:
        """The open decisions, in seat order, the idle ones (``Decision.idle``: the game does
        not wait for them) after the others. Empty when the game is over."""
        if self._pending is None:
            self._advance()
        assert self._pending is not None
        return list(self._pending)

    @property
    def info(self) -> GameInfo:
        return self.INFO

    @property
    def is_over(self) -> bool:
        return not self.pending()

    def apply(self, seat: int, choice: Choice) -> None:
        """Apply one legal choice; an illegal one raises IllegalAction and changes nothing."""
        check_seat(seat, spectator=False)
        decision = self._decision_of(seat, choice)
        if isinstance(choice, bool) or not isinstance(choice, str | int):
            raise IllegalAction(
                f"a choice must be a string or an integer, not {choice!r}",
                self.refusal(decision, choice),
            )
        if choice not in decision.choices:
            raise IllegalAction(
                f"{choice!r} is not a legal choice for seat {seat} ({decision.prompt}); "
                f"legal: {_short_list(decision.choices)}",
                self.refusal(decision, choice),
            )
        # A bug in the rules must not leave a half-applied choice: keep a backup. The log is
        # append-only, so the backup records its length instead of copying it; the steps keep
        # their identity, so the backup holds each one's fields (immutable values) instead of
        # a copy of the step.
        # A lazy backup (the top step's class says its choose changes only its own fields) is
        # taken only before a step runs: until then only the top step changed.
        log, mark, stack = self.log, len(self.log), self.stack
        steps = stack[:]
        pending, moves = self._pending, self.moves
        standing = self._standing_for(decision)
        lazy = standing is None and stack[-1].CHOOSES_OWN_FIELDS
        fields = [steps[-1].__dict__.copy()] if lazy else [s.__dict__.copy() for s in steps]
        backup: dict[str, Any] | None = None

        def back_up() -> None:  # the game's fields as they were (choose changed none)
            nonlocal backup
            if lazy:  # the other steps' fields, unchanged so far, before the top one's
                fields[:0] = [s.__dict__.copy() for s in steps[:-1]]
            self.log, self.stack = [], []
            try:
                backup = self.backup_fields()
            finally:
                self.log, self.stack = log, stack

        if not lazy:
            back_up()
        try:
            self._pending = None
            if standing is not None:  # taken from the standing step: it runs next
                standing.choose(self, seat, choice)
                self.push(standing)
            else:
                stack[-1].choose(self, seat, choice)
            self.moves += 1
            self._advance(back_up if lazy else None)
        except Exception:
            if backup is not None:
                self.__dict__.clear()
                self.__dict__.update(backup)
            self._pending, self.moves = pending, moves
            self.log = log
            del log[mark:]
            for step, saved in zip(steps[-len(fields) :], fields, strict=True):
                step.__dict__.clear()
                step.__dict__.update(saved)
            stack[:] = steps
            self.stack = stack
            raise

    def state_hash(self) -> str:
        data = {
            "state": self.snapshot(),
            "rng": self.rng.state,
            "stack": [s.snapshot() for s in self.stack],
        }
        text = json.dumps(data, sort_keys=True, separators=(",", ":"))
        return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()

    def events(self, seat: int | None, since: int = 0) -> list[Event]:
        """The log from index ``since`` as ``seat`` may see it (others' secrets redacted)."""
        check_seat(seat)
        return [e.for_seat(seat) for e in self.log[max(0, since) :]]

    def refusal(self, decision: Decision, choice: Choice) -> str:
        """Why ``choice`` is refused, for the person who chose it (games say it better)."""
        return f"{choice!r} is not one of your choices now ({decision.prompt})."

    # -- for subclasses ----------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        raise NotImplementedError

    def view(self, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        raise NotImplementedError

    def render(self, event: Event) -> str:
        raise NotImplementedError

    def seat_names(self) -> tuple[str, ...]:
        raise NotImplementedError

    def clone(self) -> StepGame:
        """An independent copy; subclasses copy their state and call _clone_engine_into."""
        raise NotImplementedError

    def backup_fields(self) -> dict[str, Any]:
        """The fields of an independent copy of the game, for ``apply``'s backup (called with
        the log and the stack set aside): those of a clone, unless a game copies them more
        cheaply (the card game)."""
        return self.clone().__dict__

    def determinize(self, seat: int, seed: int) -> StepGame:
        """A copy with what ``seat`` may not know resampled from ``seed``; each game's own."""
        raise NotImplementedError

    def standing_step(self) -> Step | None:
        """The game's standing step, or None (the default: no game but the board game with
        gifts of power has one). Its decisions are open beside the stack's at every stop where
        the game waits for a decision, each ``Decision.idle`` (the game never waits for them),
        so a seat may hold one beside an awaited decision of its own. A choice of one of them
        is recorded on this step, which is then pushed and runs before the waiting step."""
        return None

    def push(self, *steps: Step) -> None:
        """Push steps so that the first one given runs first."""
        self.stack.extend(reversed(steps))

    def queue(self, step: Step) -> None:
        """Queue a step to run after the running step (and the steps queued before it), or
        push it when no step runs."""
        if self.buffer is not None:
            self.buffer.append(step)
        else:
            self.push(step)

    def invalidate(self) -> None:
        """The state was changed from outside the rules (a test table, a determinization):
        the open decisions are worked out again when next asked."""
        self._pending = None

    def halted(self) -> bool:
        """True when the rules must stop at once, whatever is left on the stack (a game won
        in the middle of a step, C20.3). The stack is then cleared."""
        return False

    def settle(self) -> None:
        """The game's continuous state checks, run after every step (default: none). The card
        game discards attachments that are no longer legal here (C19.4)."""

    def emit(self, event: Event) -> None:
        """Append an event to the log."""
        self.log.append(event)

    def _clone_engine_into(self, other: StepGame) -> None:
        other.config = self.config
        other.seed = self.seed
        other.rng = self.rng.copy()
        other.stack = [_copy_step(s) for s in self.stack]
        other.log = list(self.log)
        other.moves = self.moves
        other.running = None
        other.buffer = None
        other._pending = self._pending

    # -- internals -----------------------------------------------------------------------
    def _decision_of(self, seat: int, choice: object) -> Decision:
        """The seat's open decision that lists ``choice`` (awaited ones first), else its first
        (whose refusal then explains). A seat has more than one only with a standing step."""
        pending = self.pending()
        if len(pending) == 1 and pending[0].seat == seat:
            return pending[0]  # the common case: one open decision, this seat's
        if not pending:
            raise IllegalAction("the game is over; no choice can be applied")
        mine = [d for d in pending if d.seat == seat]
        if not mine:
            waiting = ", ".join(str(d.seat) for d in pending)
            raise IllegalAction(
                f"seat {seat} has nothing to decide now (waiting for seat {waiting})"
            )
        if len(mine) == 1:  # the usual case: no need to look for the choice
            return mine[0]
        return next((d for d in mine if choice in d.choices), mine[0])

    def _standing_for(self, decision: Decision) -> Step | None:
        """The standing step when ``decision`` is one of its (see :meth:`standing_step`)."""
        standing = self.standing_step() if decision.idle else None
        return standing if standing is not None and decision in standing.decisions(self) else None

    def _advance(self, before_run: Callable[[], None] | None = None) -> None:
        """Run steps until one waits for decisions (``before_run``: called once, before the
        first step runs: ``apply``'s lazy backup; until then the game is not halted, as a
        decision was open and the choice changed only its step, so ``halted`` is not read)."""
        while self.stack:
            if before_run is None and self.halted():
                self.stack.clear()
                break
            top = self.stack[-1]
            decisions = top.decisions(self)
            if decisions:
                standing = self.standing_step()
                if standing is not None:
                    decisions = [*decisions, *standing.decisions(self)]
                if len(decisions) > 1:
                    decisions = sorted(decisions, key=lambda d: (d.idle, d.seat))
                self._pending = tuple(decisions)
                return
            if before_run is not None:
                before_run()
                before_run = None
                if self.halted():
                    self.stack.clear()
                    break
            self.stack.pop()
            self.running = top
            self.buffer = []
            top.run(self)
            queued, self.buffer = self.buffer, None
            if queued:
                self.push(*queued)
            self.running = None
            self.settle()
        self._pending = ()


def _copy_step(step: Step) -> Step:
    """A shallow copy of a step (its fields are immutable values), faster than copy.copy
    (every step has a ``__dict__``: :class:`Step` declares no slots)."""
    other = object.__new__(type(step))
    other.__dict__ = step.__dict__.copy()
    return other


def _short_list(choices: tuple[Choice, ...], limit: int = 12) -> str:
    shown = ", ".join(repr(c) for c in choices[:limit])
    return shown + (f", … ({len(choices)} in all)" if len(choices) > limit else "")
