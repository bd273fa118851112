"""Declared flows: a procedure of the rules written as a tuple of named :class:`Stage` run in
order by one :class:`FlowStep` on the stack, so that the procedure reads like the rulebook
(the board game's fight, R7; the card game's challenge, C11).

The procedure's state is a *record* held on the game (``g.fight``, ``g.challenge``) whose
``stage`` field names the running stage. A stage has a name, says when it applies
(``when``), what it asks (``ask``, the open decisions), what it does on entry (``enter``) and
what it does with the recorded choice (``act``, returning True when the stage is over; else
it runs again after its next decision). ``record`` takes simultaneous secret choices onto the
record. Steps a stage queues (``g.queue``: windows, occurrences) run before the next stage
begins, so ``stage`` names the stage they belong to. The flow ends, and the record is
cleared, after the last stage.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from westeros.engine.decision import Choice, Decision
from westeros.engine.steps import Step

# Callables take the game and the record; typed loosely so each game types its own.
Act = Callable[[Any, Any, str | None], bool]
AskFn = Callable[[Any, Any], list[Decision]]
Enter = Callable[[Any, Any], None]
When = Callable[[Any, Any], bool]
Record = Callable[[Any, Any, Any, str], None]


def always(g: Any, record: Any) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Stage:
    """One stage of a flow: ``act`` applies the recorded choice (None when nothing was asked)
    and returns True when the stage is over; ``ask`` lists its open decisions; ``enter`` runs
    once when the stage begins; the stage is skipped unless ``when`` holds. ``record`` takes
    simultaneous secret choices onto the record (who chose, as :meth:`FlowStep.who` says)."""

    name: str
    act: Act
    ask: AskFn | None = None
    enter: Enter | None = None
    when: When = always
    record: Record | None = None


Flow = tuple[Stage, ...]


class FlowStep(Step):
    """Runs a record through the stages of ``FLOW``. Subclasses say where the record lives
    (:meth:`record_of`) and how it is cleared at the end (:meth:`close`)."""

    FLOW: ClassVar[Flow] = ()
    _BY_NAME: ClassVar[dict[str, int]] = {}
    # True while a finished stage's queued steps run, before the next stage begins. Set on
    # the instance only then, so that a flow that never queues (the board game's fight)
    # keeps the same step state.
    done: bool = False

    def __init_subclass__(cls) -> None:
        cls._BY_NAME = {s.name: i for i, s in enumerate(cls.FLOW)}

    def __init__(self) -> None:
        self.choice: str | None = None

    # -- where the record lives (each flow's own) ---------------------------------------
    def record_of(self, g: Any) -> Any:
        """The record this step runs (None when there is none)."""
        raise NotImplementedError

    def close(self, g: Any, record: Any) -> None:
        """The flow is over: take the record off the game."""
        raise NotImplementedError

    def who(self, g: Any, seat: int) -> Any:
        """Who made a secret choice, as ``Stage.record`` receives it (default: the seat)."""
        return seat

    # -- the step ----------------------------------------------------------------------
    def _stage(self, record: Any) -> Stage:
        return self.FLOW[self._BY_NAME[record.stage]]

    def decisions(self, g: Any) -> list[Decision]:
        record = self.record_of(g)
        if self.choice is not None or record is None or self.done:
            return []
        ask = self._stage(record).ask
        return ask(g, record) if ask is not None else []

    def choose(self, g: Any, seat: int, choice: Choice) -> None:
        record = self.record_of(g)
        assert record is not None
        secret = self._stage(record).record
        if secret is not None:
            secret(g, record, self.who(g, seat), str(choice))
        else:
            self.choice = str(choice)

    def run(self, g: Any) -> None:
        record = self.record_of(g)
        assert record is not None
        index = self._BY_NAME[record.stage]
        if self.done:  # the finished stage's queued steps have run: the next stage begins
            del self.done
            if self.enter_from(g, record, index + 1) and self.record_of(g) is record:
                g.push(self)
            return
        choice, self.choice = self.choice, None
        if self.FLOW[index].act(g, record, choice):
            if g.buffer:  # steps the stage queued run before the next stage begins
                self.done = True
            elif not self.enter_from(g, record, index + 1):
                return  # the flow is over
        if self.record_of(g) is record:
            g.push(self)

    def enter_from(self, g: Any, record: Any, index: int) -> bool:
        """Enter the first stage from ``index`` on that applies; False (and the record
        closed) when none is left."""
        for stage in self.FLOW[index:]:
            if stage.when(g, record):
                record.stage = stage.name
                if stage.enter is not None:
                    stage.enter(g, record)
                return True
        self.close(g, record)
        return False

    def begin(self, g: Any, record: Any) -> None:
        """Enter the first stage that applies."""
        self.enter_from(g, record, 0)
