"""The standing step (``StepGame.standing_step``): idle decisions open at every stop beside the
stack's, a seat holding one beside its awaited decision, and a choice of one run before the
step that was waiting (the board game's gifts of power, X-MOD-11.1, are built on it)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.toy import Nim
from westeros.engine import Decision, Event, IllegalAction, Step


class Tip(Step):
    """A standing step: any seat may add a stone to the pile at any stop (idle)."""

    def __init__(self) -> None:
        self.tipper: int | None = None

    def decisions(self, game: Any) -> list[Decision]:
        if self.tipper is not None or game.pile >= 12:
            return []
        return [Decision(s, "tip", "add a stone?", ("tip",), idle=True) for s in (0, 1)]

    def choose(self, game: Any, seat: int, choice: Any) -> None:
        self.tipper = seat

    def run(self, game: Any) -> None:
        game.pile += 1
        game.emit(Event("tip", {"seat": self.tipper}))


class TippedNim(Nim):
    def standing_step(self) -> Step | None:
        return Tip()

    def clone(self) -> TippedNim:
        other = TippedNim.__new__(TippedNim)
        self._clone_engine_into(other)
        other.pile, other.turn, other.winner = self.pile, self.turn, self.winner
        return other


def test_standing_decisions_are_idle_and_listed_after_the_awaited_ones() -> None:
    game = TippedNim({}, 1)
    pending = game.pending()
    assert [(d.seat, d.kind, d.idle) for d in pending] == [
        (0, "bid", False),
        (1, "bid", False),
        (0, "tip", True),
        (1, "tip", True),
    ]
    assert Nim({}, 1).standing_step() is None  # the default: no standing step


def test_a_seat_takes_its_standing_decision_beside_its_awaited_one() -> None:
    game = TippedNim({}, 1)
    pile = game.pile
    game.apply(0, "tip")  # seat 0 is awaited for its bid, and may still tip
    assert game.pile == pile + 1
    assert game.log[-1].kind == "tip"
    assert [(d.seat, d.kind) for d in game.pending() if not d.idle] == [(0, "bid"), (1, "bid")]
    game.apply(0, 2)  # the bid, by the same seat: the decision that lists the choice
    assert [(d.seat, d.kind) for d in game.pending() if not d.idle] == [(1, "bid")]


def test_a_choice_no_decision_of_the_seat_lists_is_refused_by_the_awaited_one() -> None:
    game = TippedNim({}, 1)
    before = game.state_hash()
    with pytest.raises(IllegalAction, match="secret bid"):
        game.apply(0, "take1")
    assert game.state_hash() == before and game.moves == 0


def test_the_same_moves_give_the_same_hashes() -> None:
    """A standing choice is a move like any other: replaying the moves replays it."""
    moves: list[tuple[int, Any]] = [(1, "tip"), (0, 1), (1, 0), (0, "tip")]

    def play() -> list[str]:
        game = TippedNim({}, 7)
        hashes = []
        for seat, choice in moves:
            game.apply(seat, choice)
            hashes.append(game.state_hash())
        return hashes

    assert play() == play()
    game = TippedNim({}, 7)
    for seat, choice in moves:
        game.apply(seat, choice)
    assert [e.kind for e in game.log] == ["tip", "bids", "tip"]
