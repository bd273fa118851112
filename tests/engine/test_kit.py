"""The engine kit both games are built on (issue 19): codecs, catalogues, the event renderer,
the queue, the halt hook, the ask-then-act step and declared flows — on a tiny game of its
own, so that the kit is tested without either game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from westeros.engine import Ask, Choice, Decision, Event, Step, StepGame
from westeros.engine.catalogue import INTEGER, Codec, DecisionCatalogue, words
from westeros.engine.events import EventCatalogue
from westeros.engine.flow import Flow, FlowStep, Stage

KINDS = DecisionCatalogue("kit-test")
PICK = KINDS.add("pick", Codec(("card",), integer=True, words=("done",)), "a card, or done")
MOVE = KINDS.add("move", Codec(("unit", "to", "mode?"), sep=">", ints=("to",)), "a move")
AREAS = KINDS.add("areas", Codec(("area",), sep="+", words=("all",), many=True), "areas")
BID = KINDS.add("bid", INTEGER, "a bid")
YES = KINDS.add("yes", words("yes", "no"), "yes or no")


def test_codecs_parse_format_and_round_trip() -> None:
    assert PICK.parse(7) == {"card": 7} and PICK.parse("done") == {"word": "done"}
    assert MOVE.parse("knight>3") == {"unit": "knight", "to": 3}
    assert MOVE.parse("knight>3>fast") == {"unit": "knight", "to": 3, "mode": "fast"}
    assert MOVE.format("knight", 3) == "knight>3"
    assert AREAS.parse("a+b") == {"area": ["a", "b"]}
    assert BID.parse(2) == {"value": 2} and BID.format(2) == 2
    for kind, choice in [(PICK, 7), (PICK, "done"), (MOVE, "knight>3>fast"), (AREAS, "a+b")]:
        assert kind.unparse(kind.parse(choice)) == choice
    for kind, bad in [(PICK, "7"), (PICK, True), (MOVE, "knight>x"), (MOVE, "knight"), (YES, "m")]:
        with pytest.raises(ValueError):
            kind.parse(bad)


def test_grammars_read_for_people() -> None:
    assert PICK.grammar == '<card:int> | "done"'
    assert MOVE.grammar == "<unit>><to:int>[><mode>]"
    assert BID.grammar == "<integer>" and YES.grammar == '"yes" | "no"'
    assert [k["kind"] for k in KINDS.to_json()] == ["pick", "move", "areas", "bid", "yes"]


def test_a_kind_is_declared_once_and_asks_with_context() -> None:
    with pytest.raises(AssertionError):
        KINDS.add("pick", Codec(), "again")
    d = PICK.ask(1, "pick one", [3, 4, "done"], area="north")
    assert d == Decision(1, "pick", "pick one", (3, 4, "done"), (("area", "north"),))
    assert KINDS.of(d) is PICK


def test_events_render_from_fields_and_context_and_redact() -> None:
    events = EventCatalogue("kit-test")
    seen = events.add(
        "seen",
        lambda f, names: f"{names[f['player']]} sees {f['card']}",
        "a card is seen",
        lambda f, names: f"{names[f['player']]} sees a card",
    )
    event = seen.secret((0,), ("card",), player=0, card="ace")
    assert events.render(event, ("Ann", "Ben")) == "Ann sees ace"
    assert events.render(event.for_seat(1), ("Ann", "Ben")) == "Ann sees a card"
    assert events.to_json() == [{"kind": "seen", "description": "a card is seen"}]


# -- a tiny game: a record run through a declared flow, queued steps, an Ask, a halt -------


@dataclass
class Race:
    stage: str = ""
    picks: tuple[int, ...] = ()
    log: tuple[str, ...] = ()


class Note(Step):
    def __init__(self, text: str) -> None:
        self.text = text

    def run(self, g: Any) -> None:
        g.race.log = (*g.race.log, self.text)


def _pick_ask(g: Game, r: Race) -> list[Decision]:
    left = [c for c in (1, 2, 3) if c not in r.picks]
    return [PICK.ask(0, "pick", (*left, "done"))]


def _pick(g: Game, r: Race, choice: str | None) -> bool:
    if choice is not None and choice != "done":
        r.picks = (*r.picks, int(choice))
        g.queue(Note(f"picked {choice}"))
        g.queue(Note("after the pick"))
        return False
    return True


def _has_picks(g: Game, r: Race) -> bool:
    return bool(r.picks)


def _confirm(g: Game, r: Race, choice: str | None) -> bool:
    g.queue(Confirm())
    return True


def _end(g: Game, r: Race, choice: str | None) -> bool:
    r.log = (*r.log, "end")
    return True


FLOW: Flow = (
    Stage("pick", _pick, _pick_ask),
    Stage("confirm", _confirm, when=_has_picks),
    Stage("end", _end),
)


class RaceStep(FlowStep):
    FLOW = FLOW

    def record_of(self, g: Game) -> Race | None:
        return g.race if g.running_race else None

    def close(self, g: Game, record: Race) -> None:
        g.running_race = False


class Confirm(Ask):
    def ask(self, g: Game) -> Decision | None:
        return YES.ask(0, "confirm?", ("yes", "no"))

    def act(self, g: Game, choice: Choice | None) -> None:
        g.race.log = (*g.race.log, f"confirmed {choice}")
        if choice == "no":
            g.stop = True


class Game(StepGame):
    def __init__(self) -> None:
        super().__init__({}, 1)
        self.race = Race()
        self.running_race = True
        self.stop = False
        step = RaceStep()
        step.begin(self, self.race)
        self.push(step, Note("after the flow"))

    def halted(self) -> bool:
        return self.stop

    def snapshot(self) -> dict[str, Any]:
        return {"race": repr(self.race)}

    def clone(self) -> Game:
        other = Game.__new__(Game)
        self._clone_engine_into(other)
        other.race = Race(self.race.stage, self.race.picks, self.race.log)
        other.running_race, other.stop = self.running_race, self.stop
        return other

    def render(self, event: Event) -> str:
        return event.kind


def test_a_declared_flow_runs_its_stages_in_order_with_queued_steps_first() -> None:
    g = Game()
    assert g.race.stage == "pick" and g.pending()[0].kind == "pick"
    g.apply(0, 2)
    assert g.race.log == ("picked 2", "after the pick")  # queued steps run in queue order
    g.apply(0, "done")
    assert g.race.stage == "confirm" and g.pending()[0].kind == "yes"  # the Ask
    g.apply(0, "yes")
    assert g.race.log[-3:] == ("confirmed yes", "end", "after the flow")
    assert not g.running_race and g.pending() == []


def test_a_stage_whose_condition_fails_is_skipped() -> None:
    g = Game()
    g.apply(0, "done")  # no pick: no confirmation
    assert g.race.log == ("end", "after the flow")


def test_halted_stops_the_rules_at_once() -> None:
    g = Game()
    g.apply(0, 1)
    g.apply(0, "done")
    g.apply(0, "no")
    assert g.race.log[-1] == "confirmed no"  # "end" and "after the flow" never ran
    assert g.stack == [] and g.pending() == []


def test_a_clone_runs_the_same_flow_independently() -> None:
    g = Game()
    g.apply(0, 3)
    other = g.clone()
    other.apply(0, "done")
    assert g.race.stage == "pick" and other.race.stage == "confirm"
    assert g.state_hash() != other.state_hash()


def test_a_refused_value_is_shown_shortened_in_all() -> None:
    """A config check names the refused value whatever its shape: a nested list of long unicode
    keys (hypothesis found a 400-character message under the per-item limits) is cut to
    SHOWN_LENGTH characters; a short value is shown whole."""
    from westeros.engine.game import SHOWN_LENGTH, shown

    nested = [None, [], {"\x02¼\U0002b68b" * 5: None, "\x97æ": [-132977, -(10**19), "x" * 90]}] * 4
    assert len(shown(nested)) <= SHOWN_LENGTH
    assert shown(nested).endswith("...")
    assert shown([1, "a"]) == "[1, 'a']"
