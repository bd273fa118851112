"""The conformance test every registered game must pass, through the engine contract only.

A game kind passes when, for seeded random play-outs of each of its sample configs:

* the game ends with an :class:`~westeros.engine.Outcome` whose winner heads the ranking;
* its record (JSON round trip) replays to the identical state hash after every move, with an
  identical event log;
* a clone is independent: playing the clone on never changes the original;
* illegal input (unknown choices, foreign seats, a float or bool seat, non-JSON values) raises
  IllegalAction and leaves the state hash and the log unchanged;
* views and events are JSON (they survive a JSON round trip unchanged);
* no seat's view or events change when only another seat's secret differs: at a secret
  simultaneous decision, two clones differing only in one seat's choice look the same to every
  other seat and to a spectator;
* a bad config is a ConfigError;
* (when the case asks) a determinized game shows the deciding seat the same view and the same
  decision, and plays on legally; the kind's own invariants hold after every checked step.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from westeros.engine import (
    ConfigError,
    Decision,
    Game,
    IllegalAction,
    Record,
    Rng,
    game_info,
    new_game,
    replay,
)


@dataclass(frozen=True)
class Case:
    """A registered game kind with sample configs to play and configs that must be refused."""

    kind: str
    configs: tuple[dict[str, Any], ...]
    bad_configs: tuple[Any, ...]
    seeds: tuple[int, ...] = (0, 1)
    # how often (in decisions) the expensive checks run; 1 = every decision
    every: int = 1
    extra: dict[str, Any] = field(default_factory=dict)
    # the kind's own invariants, asserted at every checked step and at the end
    invariants: Callable[[Game], None] | None = None
    determinize: bool = False  # check Game.determinize at every checked step


def _json_roundtrip(value: Any) -> Any:
    return json.loads(json.dumps(value))


def check_views_are_json(game: Game, seats: int) -> None:
    for seat in [None, *range(seats)]:
        view = game.view(seat)
        assert _json_roundtrip(view) == view, f"view of seat {seat} is not plain JSON"
    for event in game.events(None):
        data = event.to_json()
        assert _json_roundtrip(data) == data, f"event {event.kind} is not plain JSON"


def check_illegal_input(
    game: Game, decision: Decision, seats: int, previous: Decision | None = None
) -> None:
    """Unknown, malformed and foreign choices, bad seats and (given the ``previous`` decision)
    stale choices raise IllegalAction and change nothing."""
    before, size = game.state_hash(), len(game.events(None))
    pending_seats = {d.seat for d in game.pending()}
    idle = [s for s in range(seats) if s not in pending_seats]
    bad: list[tuple[Any, Any]] = [
        (decision.seat, "no-such-choice"),
        (decision.seat, 10_000),
        (decision.seat, None),
        (decision.seat, 1.5),
        (decision.seat, True),
        (decision.seat, ["list"]),
        (float(decision.seat), decision.choices[0]),  # a float seat equal to a pending one
        (decision.seat == 1, decision.choices[0]),  # a bool seat
        (str(decision.seat), decision.choices[0]),
        (seats + 5, decision.choices[0]),
        (-1, decision.choices[0]),
    ]
    if idle:
        bad.append((idle[0], decision.choices[0]))
    if previous is not None:  # a stale choice: legal for the last decision, not for this one
        # (nor for another open decision of the seat: an idle one beside it, a gift of power)
        mine = [d.choices for d in game.pending() if d.seat == decision.seat]
        stale = [c for c in previous.choices if not any(c in choices for choices in mine)]
        if stale:
            bad.append((decision.seat, stale[0]))
    for seat, choice in bad:
        with pytest.raises(IllegalAction):
            game.apply(seat, choice)
        assert game.state_hash() == before, (decision.kind, seat, choice)
        assert len(game.events(None)) == size


def check_clone_independent(game: Game, rng: Rng) -> None:
    before, pending = game.state_hash(), game.pending()
    twin = game.clone()
    assert twin.state_hash() == before and twin.pending() == pending
    for _ in range(20):
        if not twin.pending():
            break
        d = twin.pending()[0]
        twin.apply(d.seat, rng.choice(d.choices))
    assert game.state_hash() == before and game.pending() == pending


def check_determinize(game: Game, decision: Decision, seed: int) -> None:
    """A sample for the deciding seat: the same view and decision for it, and it plays on."""
    sample = game.determinize(decision.seat, seed)
    assert sample.view(decision.seat) == game.view(decision.seat), decision.kind
    mine = [d for d in sample.pending() if d.seat == decision.seat]
    assert decision in mine, decision.kind
    rng = Rng(seed)
    for _ in range(10):
        if not sample.pending():
            break
        d = sample.pending()[0]
        sample.apply(d.seat, rng.choice(d.choices))


def check_secrets(game: Game, seats: int) -> None:
    """At a simultaneous decision, vary one seat's choice: nobody else may see a difference.
    Idle decisions (a gift of power, X-MOD-11.1, open beside a public one) do not make a
    decision simultaneous."""
    pending = [d for d in game.pending() if not d.idle]
    if len(pending) < 2:
        return
    for d in pending:
        if len(d.choices) < 2:
            continue
        one, two = game.clone(), game.clone()
        one.apply(d.seat, d.choices[0])
        two.apply(d.seat, d.choices[-1])
        for seat in [None, *range(seats)]:
            if seat == d.seat:
                continue
            assert one.view(seat) == two.view(seat), (d.kind, d.seat, seat)
            assert one.events(seat) == two.events(seat), (d.kind, d.seat, seat)
        return


def play_and_check(case: Case, config: dict[str, Any], seed: int) -> Game:
    info = game_info(case.kind)
    game = new_game(case.kind, config, seed)
    seats = info.players(game.config)
    record = Record(case.kind, config, seed, hashes=[])
    rng = Rng(seed * 31 + 7)
    step = 0
    while game.pending():
        pending = game.pending()
        decision = pending[0]
        if step % case.every == 0:
            check_illegal_input(game, decision, seats)
            check_clone_independent(game, Rng(step))
            check_views_are_json(game, seats)
            if case.determinize:
                check_determinize(game, decision, step)
            if case.invariants is not None:
                case.invariants(game)
        if len(pending) > 1:
            check_secrets(game, seats)
        choice = rng.choice(decision.choices)
        game.apply(decision.seat, choice)
        record.moves.append((decision.seat, choice))
        assert record.hashes is not None
        record.hashes.append(game.state_hash())
        step += 1
    record.final_hash = game.state_hash()
    outcome = game.outcome()
    assert game.is_over and outcome is not None
    assert outcome.winner == outcome.ranking[0]
    assert sorted(outcome.ranking) == list(range(seats))
    assert len(outcome.names) == seats == len(game.seat_names())
    if case.invariants is not None:
        case.invariants(game)
    check_views_are_json(game, seats)
    again = replay(Record.loads(record.dumps(), expect_game=case.kind))
    assert again.state_hash() == game.state_hash()
    assert again.events(None) == game.events(None)
    assert [again.render(e) for e in again.events(None)] == [
        game.render(e) for e in game.events(None)
    ]
    return game


def check_bad_configs(case: Case) -> None:
    for bad in case.bad_configs:
        with pytest.raises(ConfigError):
            new_game(case.kind, bad, 0)
