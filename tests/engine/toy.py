"""A tiny two-seat game (Nim with a simultaneous secret bid) used to test the engine contract."""

from __future__ import annotations

from typing import Any

from westeros.engine import Decision, Event, GameInfo, Outcome, Rng, Step, StepGame


class Bid(Step):
    """Both seats secretly bid 0..2; the higher bid moves first (ties: seat 0)."""

    def __init__(self) -> None:
        self.bids: tuple[int | None, int | None] = (None, None)

    def decisions(self, game: Any) -> list[Decision]:
        return [
            Decision(seat, "bid", f"seat {seat}: secret bid", (0, 1, 2))
            for seat in (0, 1)
            if self.bids[seat] is None
        ]

    def choose(self, game: Any, seat: int, choice: Any) -> None:
        bids = list(self.bids)
        bids[seat] = choice
        self.bids = (bids[0], bids[1])

    def run(self, game: Any) -> None:
        a, b = self.bids
        game.turn = 0 if (a or 0) >= (b or 0) else 1
        game.emit(Event("bids", {"bids": [a, b], "first": game.turn}))
        game.push(Take())


class Take(Step):
    def __init__(self) -> None:
        self.taken: int | None = None

    def decisions(self, game: Any) -> list[Decision]:
        if self.taken is not None:
            return []
        options = tuple(f"take{n}" for n in (1, 2, 3) if n <= game.pile)
        return [Decision(game.turn, "take", f"pile {game.pile}: take how many?", options)]

    def choose(self, game: Any, seat: int, choice: Any) -> None:
        self.taken = int(str(choice)[4:])

    def run(self, game: Any) -> None:
        assert self.taken is not None
        game.pile -= self.taken
        game.emit(Event("take", {"seat": game.turn, "taken": self.taken, "left": game.pile}))
        if game.pile == 0:
            game.winner = game.turn
            return
        game.turn = 1 - game.turn
        game.push(Take())


class Nim(StepGame):
    KIND = "toy-nim"

    def __init__(self, config: dict[str, Any], seed: int) -> None:
        super().__init__(config, seed)
        self.pile = int(config.get("pile", 5)) + self.rng.below(5)
        self.turn = 0
        self.winner: int | None = None
        self.push(Bid())

    def snapshot(self) -> dict[str, Any]:
        return {"pile": self.pile, "turn": self.turn, "winner": self.winner}

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"pile": self.pile}

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        return Outcome(self.winner, (self.winner, 1 - self.winner), "took the last", ("a", "b"))

    def render(self, event: Event) -> str:
        if event.kind == "bids":
            a, b = event["bids"]
            return f"bids {a} and {b}: seat {event['first']} starts"
        return f"seat {event['seat']} takes {event['taken']}, {event['left']} left"

    def seat_names(self) -> tuple[str, ...]:
        return ("a", "b")

    def determinize(self, seat: int, seed: int) -> Nim:
        """The other seat's unrevealed bid is redrawn (0..2) and the generator reseeded."""
        other = self.clone()
        rng = Rng(seed)
        other.seed = seed
        other.rng = Rng(rng.next64())
        other.log = [e.for_seat(seat) for e in self.log]
        other.stack = list(other.stack)
        for i, step in enumerate(other.stack):
            if isinstance(step, Bid):
                bids = list(step.bids)
                bids[1 - seat] = None if bids[1 - seat] is None else rng.below(3)
                fresh = Bid()
                fresh.bids = (bids[0], bids[1])
                other.stack[i] = fresh
        other._pending = None
        return other

    def clone(self) -> Nim:
        other = Nim.__new__(Nim)
        self._clone_engine_into(other)
        other.pile, other.turn, other.winner = self.pile, self.turn, self.winner
        return other


def _validate(config: dict[str, Any]) -> dict[str, Any]:
    pile = config.get("pile", 5)
    if not isinstance(pile, int) or isinstance(pile, bool) or not 1 <= pile <= 50:
        raise ValueError(f"pile must be an integer from 1 to 50, not {pile!r}")
    return {"pile": pile}


INFO = GameInfo(
    name="toy-nim",
    title="Nim with a secret bid",
    min_players=2,
    max_players=2,
    simultaneous_moves=True,
    hidden_information=True,
    validate=_validate,
    factory=Nim,
)
Nim.INFO = INFO
